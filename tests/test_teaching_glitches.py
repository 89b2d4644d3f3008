"""The teaching glitches of issue 22, each as the property a lecturer would check by eye: a note that
hides no point, a legend in a fixed order, a followed point unlike a mistake, random draws beside the
grid's numbers, crosses that stay readable when there are many.

Sizes on the screen are estimated here on their own (not with viz.placement's constants): Arial
at about 0.45 em a character and 1.25 em a line, presenter mode's 1.2x text and 1.5x markers,
and the plot's pixels from the figure's height less its margins."""

import math

import numpy as np
import plotly.graph_objects as go
import pytest
from sklearn.datasets import make_blobs, make_circles, make_moons

from mlcore.svm import SVC
from mlcore.tree import DecisionTreeClassifier
from ui.core import lectures
from ui.core.presets import recipe_of
from ui.serving import fits
from viz import palette
from viz.decision import POINT_SIZE, decision_figure
from viz.selection import search_figure
from viz.svm import margin_figure
from viz.tree import leaf_text, tree_plane_figure

EM, LINE, PAD = 0.45, 1.25, 3.0
TEXT_SCALE, MARKER_SCALE = 1.2, 1.5


def _step_data(values: dict):
    """The training points a lecture step loads."""
    data = fits.dataset(recipe_of(values), ())
    return data.X_train, data.y_train


def _plot_px(fig) -> float:
    m = fig.layout.margin
    return float(fig.layout.height) - float(m.t) - float(m.b)


def _note_box(fig, note, bounds) -> tuple:
    """The note's box in data units: its anchor point, its text at presenter size."""
    x0, x1, y0, y1 = bounds
    per = (y1 - y0) / _plot_px(fig)   # equal aspect: one scale on both axes
    x = x0 + note.x * (x1 - x0) if note.xref == "x domain" else note.x
    y = y0 + note.y * (y1 - y0) if note.yref == "y domain" else note.y
    lines = note.text.split("<br>")
    size = note.font.size * TEXT_SCALE
    w = (EM * size * max(map(len, lines)) + 2 * PAD) * per
    h = (LINE * size * len(lines) + 2 * PAD) * per
    left = {"left": x, "right": x - w}.get(note.xanchor, x - w / 2)
    bottom = {"bottom": y, "top": y - h}.get(note.yanchor, y - h / 2)
    return left, left + w, bottom, bottom + h, per


def _meets(a, b) -> bool:
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


def test_the_hard_margin_note_hides_no_point_and_no_margin_label():
    values = lectures.SVM[0].values
    X, y = _step_data(values)
    model = SVC(kernel="linear", C=math.inf).fit(X, y)
    bounds = (-3.0, 3.0, -3.0, 3.0)
    fig = margin_figure(model, X, y, show_test=False, bounds=bounds, height=492)
    note = fig.layout.annotations[0]
    assert note.text.startswith(f"{len(model.support_)} support vectors")
    *box, per = _note_box(fig, note, bounds)
    r = POINT_SIZE * MARKER_SCALE / 2 * per
    hidden = [p for p in X if _meets(box, (p[0] - r, p[0] + r, p[1] - r, p[1] + r))]
    assert not hidden, f"the note {box} lies over the points {hidden}"
    labels = next(t for t in fig.data if t.name == "margin labels")
    size = labels.textfont.size * TEXT_SCALE
    for x, yy, text in zip(labels.x, labels.y, labels.text, strict=True):   # drawn to the right of (x, y)
        label = (x, x + EM * size * len(text) * per, yy - LINE * size / 2 * per, yy + LINE * size / 2 * per)
        assert not _meets(box, label), f"the note {box} lies over the margin label {text!r}"


def test_the_margin_labels_sit_on_their_curves_away_from_the_points():
    X, y = make_blobs(80, centers=[[-2, 0], [2, 0]], cluster_std=0.8, random_state=3)
    model = SVC(kernel="linear", C=1.0).fit(X, y)
    fig = margin_figure(model, X, y, resolution=120)
    labels = next(t for t in fig.data if t.name == "margin labels")
    spots = np.column_stack([labels.x, labels.y]).astype(float)
    f = model.decision_function(spots)
    np.testing.assert_allclose(f, [-1.0, 1.0], atol=0.1)   # "−1" on f = −1, "+1" on f = +1
    gaps = np.hypot(*(spots[:, None, :] - X[None]).transpose(2, 0, 1)).min(axis=1)
    assert gaps.min() > 0.5, gaps   # blobs of sd 0.8 leave room on each margin curve


# --- the decision tree ----------------------------------------------------------------------------

ORDER = ["class 0 (train)", "class 1 (train)", "test points", "misclassified", "alone in its leaf", "followed point"]


def _base(symbol: str) -> str:
    """A plotly symbol's shape, its open/dot/thin variants aside ("x-thin-open" is an x)."""
    return symbol.replace("-open", "").replace("-dot", "").replace("-thin", "")


def _tree_figure(depth, min_dec=0.0):
    values = lectures.TREE[0].values
    X, y = _step_data(values)
    test = fits.dataset(recipe_of(values), ())
    Xt, yt = test.X_test, test.y_test
    model = DecisionTreeClassifier(max_depth=depth, min_impurity_decrease=min_dec).fit(X, y)
    return model, X, tree_plane_figure(model, X, y, X_test=Xt, y_test=yt, bounds=(-3, 3, -3, 3),
                                       highlight=Xt[0], height=495)


@pytest.mark.parametrize("depth, min_dec", [(1, 0.0), (3, 0.0), (None, 0.0), (None, 0.01)])
def test_the_tree_legend_keeps_one_order_whatever_the_tree(depth, min_dec):
    _, _, fig = _tree_figure(depth, min_dec)
    shown = [t.name for t in fig.data if t.showlegend is not False and t.name]
    assert len(shown) == len(set(shown)), shown
    assert shown == [name for name in ORDER if name in shown], shown
    assert {"class 0 (train)", "class 1 (train)", "test points", "misclassified", "followed point"} <= set(shown)


def test_the_followed_point_is_not_marked_like_a_mistake_or_a_class():
    _, _, fig = _tree_figure(None)
    followed = next(t for t in fig.data if t.name in ("followed point", "selected point"))
    wrong = [t for t in fig.data if (t.name or "").startswith("misclassified")]
    assert wrong
    shapes = {_base(t.marker.symbol) for t in wrong} | {_base(s) for s in palette.CLASS_SYMBOLS[:2]}
    assert _base(followed.marker.symbol) not in shapes
    assert followed.showlegend is not False   # the legend says what the mark is


def _lonely_count(model) -> int:
    """Leaves that hold one training sample, read off the tree's own node counts."""
    t = model.tree_
    leaves = t.children_left == -1
    return int(np.sum(t.n_node_samples[leaves] == 1))


def test_full_and_pruned_trees_differ_by_the_boxes_the_step_texts_name():
    full, X, fig_full = _tree_figure(None)
    pruned, _, fig_pruned = _tree_figure(None, 0.01)
    boxed = {k: sum(len(t.x) for t in f.data if t.name == "alone in its leaf") for k, f in
             (("full", fig_full), ("pruned", fig_pruned))}
    assert boxed == {"full": _lonely_count(full), "pruned": _lonely_count(pruned)}
    assert boxed["full"] > boxed["pruned"]
    for model in (full, pruned):
        said = leaf_text(model, X)
        assert said.startswith(f"{model.get_n_leaves()} leaves, {_lonely_count(model)} of them")


# --- the search heatmap ---------------------------------------------------------------------------

def _cell_texts(fig):
    """(x, y, text, font size) of every number written in a cell."""
    heat = fig.data[0]
    if heat.texttemplate:
        ny, nx = np.asarray(heat.z).shape
        return [(i, j, heat.text[j][i], heat.textfont.size) for j in range(ny) for i in range(nx)]
    values = next(t for t in fig.data if t.type == "scatter" and t.mode == "text")
    return [(x, y, s, values.textfont.size) for x, y, s in zip(values.x, values.y, values.text, strict=True)]


@pytest.mark.parametrize("count", [3, 4, 8])
def test_random_draws_sit_beside_the_cell_values_not_on_them(count):
    rng = np.random.default_rng(count)
    scores = rng.uniform(0.8, 0.95, size=(3, count))
    draws = count * 3
    rx = rng.uniform(-0.4, count - 0.6, draws)
    ry = rng.integers(0, 3, draws).astype(float)   # a category down: every draw on a row's centre line
    fig = search_figure(list(range(count)), ["uniform", "distance", "distance squared"], scores, x_label="k",
                        y_label="weights", best=(0, 0), random_points=(rx, ry, rng.uniform(0.8, 0.95, draws)),
                        height=450)
    m = fig.layout.margin
    cell_px = (fig.layout.height - m.t - m.b) / 3
    cell_w_px = 250 / count                       # the narrowest heatmap the page draws, 1280 px screen
    random = next(t for t in fig.data if t.name == "random search")
    r = (random.marker.size / 2 + random.marker.line.width) * MARKER_SCALE
    for x, y, text, size in _cell_texts(fig):
        half_w = EM * size * TEXT_SCALE * len(text) / 2 / cell_w_px
        half_h = LINE * size * TEXT_SCALE / 2 / cell_px
        box = (x - half_w, x + half_w, y - half_h, y + half_h)
        for px, py in zip(random.x, random.y, strict=True):
            mark = (px - r / cell_w_px, px + r / cell_w_px, py - r / cell_px, py + r / cell_px)
            assert not _meets(box, mark), f"the draw at ({px:.2f}, {py:.2f}) lies on the value {text} at ({x}, {y})"
    # the draws stay in the cell their value belongs to
    assert np.array_equal(np.round(random.y), ry)


# --- many mistakes ------------------------------------------------------------------------------

class _Constant:
    """A classifier that always says class 0: every point of class 1 is a mistake."""
    classes_ = np.array([0, 1])

    def predict(self, X):
        return np.zeros(len(X), dtype=int)

    def predict_proba(self, X):
        return np.tile([1.0, 0.0], (len(X), 1))


def _cross(n_wrong: int):
    X, y = make_circles(2 * n_wrong, noise=0.05, random_state=0)
    y = np.where(np.arange(len(y)) < n_wrong, 1, 0)
    fig = decision_figure(_Constant(), X, y, resolution=20)
    trace = next(t for t in fig.data if t.name == "misclassified")
    assert len(trace.x) == n_wrong
    return trace.marker


def test_crosses_thin_out_when_there_are_many_and_still_show_round_a_point():
    few, many = _cross(4), _cross(100)
    assert many.size < few.size and many.line.width < few.line.width
    # all the crosses' ink (size x stroke x count) grows more slowly than their number
    assert many.size * many.line.width * 100 < 0.5 * few.size * few.line.width * 100
    assert many.size > POINT_SIZE   # a cross still reaches past the point it marks


def test_a_few_crosses_keep_their_full_size():
    X, y = make_moons(60, noise=0.3, random_state=0)
    model = SVC(kernel="linear", C=1.0).fit(X, y)
    fig = decision_figure(model, X, y, resolution=20)
    wrong = next(t for t in fig.data if t.name == "misclassified")
    assert len(wrong.x) <= 12 and wrong.marker.size == 20


def test_every_misclassified_trace_of_a_tree_plane_uses_one_cross():
    _, _, fig = _tree_figure(2)
    crosses = {(t.marker.size, t.marker.line.width) for t in fig.data if (t.name or "").startswith("misclassified")}
    assert len(crosses) == 1
    assert isinstance(fig, go.Figure)
