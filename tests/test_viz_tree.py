"""Tree figures: the drawn splits are exactly the model's thresholds, regions exact per leaf."""

import numpy as np
import plotly.graph_objects as go
import pytest
from sklearn.datasets import make_blobs, make_moons

from mlcore.datasets import tennis
from mlcore.tree import DecisionTreeClassifier, ID3Classifier, reduced_error_prune
from viz import palette
from viz.tree import (
    gains_figure,
    id3_diagram,
    importance_text,
    leaf_rectangles,
    pruning_figure,
    split_segments,
    tree_diagram,
    tree_plane_figure,
)

BOUNDS = (-2.5, 3.5, -2.0, 2.5)


@pytest.fixture(scope="module")
def model():
    X, y = make_moons(200, noise=0.3, random_state=0)
    return DecisionTreeClassifier(max_depth=5).fit(X, y), X, y


def _box_by_walking(tree, node, bounds):
    """The node's rectangle from the tests on its path (independent of viz)."""
    x0, x1, y0, y1 = bounds
    lo, hi = [x0, y0], [x1, y1]
    child = node
    while tree.parent[child] >= 0:
        parent = tree.parent[child]
        f, t = tree.feature[parent], tree.threshold[parent]
        if tree.children_left[parent] == child:
            hi[f] = min(hi[f], t)
        else:
            lo[f] = max(lo[f], t)
        child = parent
    return lo[0], hi[0], lo[1], hi[1]


def _segments(x, y):
    x, y = np.asarray(x, float), np.asarray(y, float)
    return [(x[i], x[i + 1], y[i], y[i + 1]) for i in range(0, len(x), 3)]


def test_split_segments_are_exactly_the_thresholds(model):
    m, _, _ = model
    t = m.tree_
    x, y = split_segments(t, BOUNDS)
    assert x.dtype == np.float64 and np.isnan(x[2::3]).all() and np.isnan(y[2::3]).all()
    segs = _segments(x, y)
    internal = np.flatnonzero(t.feature >= 0)
    assert len(segs) == len(internal)
    for (sx0, sx1, sy0, sy1), node in zip(segs, internal, strict=True):
        bx0, bx1, by0, by1 = _box_by_walking(t, node, BOUNDS)
        if t.feature[node] == 0:
            assert sx0 == sx1 == t.threshold[node]   # exact, no rounding
            assert (sy0, sy1) == (by0, by1)
        else:
            assert sy0 == sy1 == t.threshold[node]
            assert (sx0, sx1) == (bx0, bx1)


def test_plane_figure_splits_trace_and_exact_regions(model):
    m, X, y = model
    fig = tree_plane_figure(m, X, y, bounds=BOUNDS)
    splits = next(tr for tr in fig.data if tr.name == "splits")
    sx, sy = np.asarray(splits.x, float), np.asarray(splits.y, float)
    drawn_vertical = set(sx[0::3][sx[0::3] == sx[1::3]])
    t = m.tree_
    assert drawn_vertical == set(t.threshold[t.feature == 0])
    drawn_horizontal = set(sy[0::3][sy[0::3] == sy[1::3]])
    assert drawn_horizontal == set(t.threshold[t.feature == 1])

    heat = [tr for tr in fig.data if tr.type == "heatmap"]
    assert len(heat) == 1
    h = heat[0]
    z = np.asarray(h.z)
    xe, ye = np.asarray(h.x, float), np.asarray(h.y, float)
    assert z.dtype == np.float32 and z.shape == (len(ye) - 1, len(xe) - 1)  # x, y are cell edges
    assert xe[0] == BOUNDS[0] and xe[-1] == BOUNDS[1]
    # every cell lies inside one leaf: the model's prediction anywhere in the cell is floor(z)
    rng = np.random.default_rng(0)
    for j in range(z.shape[0]):
        for i in range(z.shape[1]):
            pts = np.column_stack([rng.uniform(xe[i], xe[i + 1], 5), rng.uniform(ye[j], ye[j + 1], 5)])
            pts = pts[(pts[:, 0] > xe[i]) & (pts[:, 1] > ye[j])]
            pred = np.searchsorted(m.classes_, m.predict(pts))
            assert np.all(pred == int(np.floor(z[j, i])))
    # the data layers from decision_figure are still there
    assert any(tr.name == "class 0 (train)" for tr in fig.data)


def test_leaf_rectangles_tile_the_bounds(model):
    m, _, _ = model
    leaves, boxes = leaf_rectangles(m.tree_, BOUNDS)
    area = np.sum((boxes[:, 1] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 2]))
    assert area == pytest.approx((BOUNDS[1] - BOUNDS[0]) * (BOUNDS[3] - BOUNDS[2]))
    centres = np.column_stack([(boxes[:, 0] + boxes[:, 1]) / 2, (boxes[:, 2] + boxes[:, 3]) / 2])
    np.testing.assert_array_equal(m.apply(centres), leaves)


def test_highlighted_path(model):
    m, X, y = model
    point = (0.4, 0.1)
    path = m.path(point)
    fig = tree_plane_figure(m, X, y, bounds=BOUNDS, highlight=point)
    tr = next(t for t in fig.data if t.name == "path splits")
    assert len(_segments(tr.x, tr.y)) == len(path) - 1
    d = tree_diagram(m, x=point)
    drawn = [t for t in d.data if t.name in ("nodes", "leaves")]
    assert sum(len(t.x) for t in drawn) == m.tree_.node_count
    ring = next(t for t in d.data if t.name == "path nodes")
    assert np.asarray(ring.customdata).astype(int).tolist() == path
    edges = next(t for t in d.data if t.name == "path")
    assert len(_segments(edges.x, edges.y)) == len(path) - 1


def test_diagram_layout_parents_above_children(model):
    m, _, _ = model
    d = tree_diagram(m)
    drawn = [t for t in d.data if t.name in ("nodes", "leaves")]
    ids = np.concatenate([np.asarray(t.customdata) for t in drawn]).astype(int)
    y = dict(zip(ids, np.concatenate([np.asarray(t.y) for t in drawn]), strict=True))
    x = dict(zip(ids, np.concatenate([np.asarray(t.x) for t in drawn]), strict=True))
    assert sorted(ids) == list(range(m.tree_.node_count))
    leaves = next(t for t in d.data if t.name == "leaves")
    # leaf colour = majority class index on the banded scale
    leaf_ids = np.asarray(leaves.customdata).astype(int)
    np.testing.assert_array_equal(np.asarray(leaves.marker.color), np.argmax(m.tree_.value[leaf_ids], axis=1))
    t = m.tree_
    for node in np.flatnonzero(t.feature >= 0):
        left, right = t.children_left[node], t.children_right[node]
        assert y[left] == y[right] == y[node] - 1
        assert x[left] < x[node] < x[right]
    leaves_x = sorted(x[i] for i in np.flatnonzero(t.feature < 0))
    assert np.allclose(np.diff(leaves_x), 1.0)  # leaves evenly spaced, never on top of each other
    # one class bar trace per class
    assert sum(tr.name.startswith("class") for tr in d.data) == 2


def test_three_class_diagram_and_plane():
    X, y = make_blobs(150, centers=3, random_state=1)
    m = DecisionTreeClassifier(max_depth=3, criterion="entropy").fit(X, y)
    fig = tree_plane_figure(m, X, y)
    assert isinstance(fig, go.Figure)
    d = tree_diagram(m, x=X[0])
    assert sum(tr.name.startswith("class") for tr in d.data) == 3


def test_id3_diagram_and_gains():
    t = tennis()
    m = ID3Classifier().fit(t.X, t.y, feature_names=t.features)
    d = id3_diagram(m, row=t.X[0])
    texts = {a.text for a in d.layout.annotations}
    assert {"sunny", "overcast", "rain", "high", "normal", "weak", "strong"} <= texts
    root = m.nodes_[0]
    g = gains_figure(root, chosen=root.feature)
    bar = g.data[0]
    assert list(bar.y) == [c.name for c in root.candidates]
    np.testing.assert_allclose(bar.x, [c.gain for c in root.candidates])


def test_pruning_figure_follows_the_path():
    X, y = make_moons(300, noise=0.4, random_state=2)
    m = DecisionTreeClassifier().fit(X[:150], y[:150])
    path = reduced_error_prune(m, X[150:], y[150:])
    fig = pruning_figure(path, current=3)
    val = next(t for t in fig.data if t.name == "validation accuracy")
    np.testing.assert_allclose(val.y, [s.val_accuracy for s in path.steps])
    np.testing.assert_array_equal(val.x, [s.n_leaves for s in path.steps])


# --- the pages, through AppTest ---------------------------------------------------------------

def _page(path, query=None):
    from support.apptest import PLAYGROUND, run_page

    at = run_page(PLAYGROUND, query)   # the Playground reads the dataset from the link
    at.switch_page(path).run()
    assert not at.exception, [e.message for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    return at


def _splits(at, i=0):
    import json

    fig = json.loads(at.get("plotly_chart")[i].proto.spec)
    tr = next(t for t in fig["data"] if t.get("name") == "splits")
    return tr["x"], tr["y"]


@pytest.mark.app
def test_decision_tree_page_depth_slider_grows_the_tree():
    at = _page("pages/3_Decision_tree.py", {"data": "moons", "n": "200"})
    assert at.slider(key="tree_depth").value == 3
    three = _splits(at)
    at.slider(key="tree_depth").set_value(1).run()
    one = _splits(at)
    assert not at.exception
    n_segments = lambda xy: len(xy[0]["bdata"] if isinstance(xy[0], dict) else xy[0])  # noqa: E731
    assert n_segments(one) < n_segments(three)
    at.slider(key="tree_prune_step").set_value(0).run()
    at.selectbox(key="tree_criterion").set_value("entropy").run()
    assert not at.exception


@pytest.mark.app
def test_id3_page_shows_the_worked_example_gains():
    at = _page("pages/4_ID3_on_a_table.py")
    frames = [df.value for df in at.dataframe]
    gains = next(f for f in frames if "gain" in getattr(f, "columns", []))
    got = dict(zip(gains["feature"], gains["gain"], strict=True))
    for name, expected in {"outlook": 0.246, "humidity": 0.151, "wind": 0.048, "temperature": 0.029}.items():
        assert got[name] == pytest.approx(expected, abs=1.5e-3)
    at.selectbox(key="id3_score").set_value("ratio").run()
    at.selectbox(key="id3_table").set_value("kids_play").run()
    assert not at.exception and not at.error


def test_test_points_and_their_mistakes(model):
    m, X, y = model
    Xt, yt = make_moons(80, noise=0.5, random_state=9)
    fig = tree_plane_figure(m, X, y, X_test=Xt, y_test=yt, bounds=BOUNDS)
    tests = [t for t in fig.data if t.name == "test points" and t.showlegend is False]
    assert sum(len(t.x) for t in tests) == len(Xt)
    # one legend entry for all of them, drawn in a neutral colour (not the first class's)
    keys = [t for t in fig.data if t.name == "test points" and t.showlegend is not False]
    assert len(keys) == 1 and keys[0].legendgroup == tests[0].legendgroup
    assert keys[0].marker.color not in [palette.class_color(k) for k in range(2)]
    ring = next(t for t in fig.data if t.name == "misclassified (test)")
    wrong = Xt[m.predict(Xt) != yt]
    np.testing.assert_allclose(np.column_stack([ring.x, ring.y]), wrong)
    # train and test mistakes share one ring, so the legend lists it once
    rings = [t for t in fig.data if t.name in ("misclassified", "misclassified (test)")]
    assert sum(t.showlegend is not False for t in rings) == 1


def test_importance_text_reads_the_model_shares():
    class Fake:
        feature_importances_ = np.array([0.25, 0.75])

    assert importance_text(Fake()).endswith("x₁ 25% · x₂ 75%.")
    Fake.feature_importances_ = np.zeros(2)          # a single leaf: no split, no share
    assert importance_text(Fake()) == ""
    assert importance_text(object()) == ""
