"""Figures read from the back row of a lecture hall: text >= 14 px, big markers, and rings that
mean different things look different."""

from sklearn.datasets import make_blobs, make_moons

from mlcore.svm import SVC
from mlcore.tree import DecisionTreeClassifier
from viz.decision import decision_figure
from viz.svm import margin_figure
from viz.tree import tree_diagram

READABLE = 14   # px: the smallest text a back row reads on a 1280x720 projector


def _deep_tree():
    X, y = make_moons(300, noise=0.35, random_state=0)
    return DecisionTreeClassifier().fit(X, y)


def test_tree_diagram_text_is_readable():
    X, y = make_blobs(60, centers=2, random_state=0)
    fig = tree_diagram(DecisionTreeClassifier(max_depth=2).fit(X, y))
    nodes = [t for t in fig.data if t.name in ("nodes", "leaves")]
    assert nodes and all(t.textfont.size >= READABLE for t in nodes)
    assert fig.layout.annotations and all(a.font.size >= READABLE for a in fig.layout.annotations)


def test_full_depth_tree_still_shows_its_top_questions():
    model = _deep_tree()
    assert model.get_n_leaves() > 20 and model.get_depth() >= 8   # too big to label every node
    fig = tree_diagram(model)
    inner = next(t for t in fig.data if t.name == "nodes")
    texts = dict(zip(inner.customdata, inner.text if inner.text is not None else [""] * len(inner.customdata),
                     strict=True))
    root_feature = "x₁" if model.tree_.feature[0] == 0 else "x₂"
    assert root_feature in texts[0] and f"{model.tree_.threshold[0]:.3g}" in texts[0]
    # deep levels stay unlabelled (hover only), so labels never pile up
    assert any(t == "" for t in texts.values())


def test_drawn_points_are_big_enough():
    X, y = make_blobs(40, centers=2, random_state=1)
    model = SVC(kernel="linear", C=1.0).fit(X, y)
    fig = decision_figure(model, X, y, X_test=X[:10], y_test=y[:10], resolution=40)
    for t in fig.data:
        if t.name and t.name.endswith("(train)"):
            assert t.marker.size >= 11, t.name


def _marker_look(trace):
    return trace.marker.symbol, trace.marker.color, (trace.marker.line.dash if trace.marker.line else None)


def test_misclassified_and_free_support_vector_marks_differ():
    X, y = make_moons(80, noise=0.35, random_state=0)
    model = SVC(C=1.0, kernel="rbf", gamma=1.0).fit(X, y)
    fig = margin_figure(model, X, y, resolution=40)
    wrong = next(t for t in fig.data if t.name == "misclassified")
    free = next(t for t in fig.data if (t.name or "").startswith("free SVs"))
    assert len(wrong.x) > 0 and len(free.x) > 0   # both in the legend of this figure
    assert _marker_look(wrong) != _marker_look(free)
    assert wrong.marker.symbol != free.marker.symbol


def test_margin_labels_are_horizontal_and_large():
    X, y = make_blobs(60, centers=2, random_state=0)
    fig = margin_figure(SVC(kernel="linear", C=1.0).fit(X, y), X, y, resolution=40)
    labels = next(t for t in fig.data if t.name == "margin labels")
    # scatter text is never rotated (contour labels follow the curve)
    assert labels.type == "scatter" and labels.textfont.size >= READABLE
    assert all(c.contours.showlabels in (None, False) for c in fig.data if c.type == "contour")


def test_legend_rows_follow_plotlys_wrapping():
    """plotly.js lays a horizontal legend out in one row when every item fits side by side, and
    otherwise gives each item the widest item's width (legend/draw.js, oneRowLegend). The margin
    left for the legend must count those rows, or plotly pushes the margin and draws twice."""
    from viz.decision import _legend_rows

    short = ["class 0 (train)", "class 1 (train)", "test points"]   # 145 + 145 + 117 px < 600
    assert _legend_rows(short) == 1
    # one 60-character name is 460 px wide: every item then takes 460 px, one per row
    assert _legend_rows([*short, "x" * 60]) == 4
    # five items whose widest is 180 px (20 characters): three per row, two rows
    assert _legend_rows(["y" * 20] * 5) == 2


def test_svm_legend_fits_two_items_a_row_on_a_projector():
    X, y = make_moons(120, noise=0.3, random_state=0)
    fig = margin_figure(SVC(kernel="linear", C=0.1).fit(X, y), X, y, bounds=(-2, 3, -2, 2))
    names = [t.name for t in fig.data if t.showlegend is not False and t.name]
    # presenter mode: 20 px type (x 1.5 of 13), about 10 px a character, on the ~540 px a
    # 1280 px screen leaves the SVM page's plane; two columns need the widest item under 270 px
    assert max(40 + 10 * len(n) for n in names) < 270, names
