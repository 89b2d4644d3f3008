"""Figure tests for viz: assertions on traces and layout, never on pixels.

Expected values come from the models themselves (``model.predict`` on the grid
coordinates, scikit-learn's ``confusion_matrix``), not from viz's own output.
"""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import plotly.graph_objects as go
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sklearn.datasets import make_blobs
from sklearn.linear_model import LogisticRegression, Perceptron
from sklearn.metrics import confusion_matrix
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier

from viz import (
    boundary_segments,
    class_color,
    class_colors,
    confusion_figure,
    decision_figure,
    evaluate_grid,
    make_bounds,
    mix,
    points_figure,
)
from viz.palette import CLASS_COLORS, CLASS_SYMBOLS, MAX_CLASSES

RES = 40   # small grids keep the suite fast; the logic does not depend on the size


def blobs(k=3, n=90, seed=0, scale=1.0, std=1.6):
    X, y = make_blobs(n_samples=n, centers=k, cluster_std=std, random_state=seed)
    return X * scale, y


def regions(fig) -> go.Heatmap:
    heat = [t for t in fig.data if t.type == "heatmap"]
    assert len(heat) == 1, "exactly one heatmap draws the regions"
    return heat[0]


def scatters(fig, name_part=""):
    return [t for t in fig.data if t.type == "scatter" and t.mode == "markers" and name_part in t.name]


def axis_grid(fig, res):
    """The grid coordinates, rebuilt from the axis ranges (independent of the heatmap)."""
    xs = np.linspace(*fig.layout.xaxis.range, res)
    ys = np.linspace(*fig.layout.yaxis.range, res)
    gx, gy = np.meshgrid(xs, ys)
    return xs, ys, np.column_stack([gx.ravel(), gy.ravel()])


def predicted_index(model, P, shape):
    pred = model.predict(P)
    return np.searchsorted(model.classes_, pred).reshape(shape)


# --- palette -------------------------------------------------------------------------------

def test_palette_has_six_distinct_colours_and_symbols():
    assert MAX_CLASSES == 6
    assert len(set(c.upper() for c in CLASS_COLORS)) == 6
    assert len(set(CLASS_SYMBOLS)) == 6
    assert class_colors(6) == [class_color(i) for i in range(6)]
    assert class_colors(2) == ["#0072B2", "#E69F00"]   # blue / orange reads well for two classes


def test_mix_endpoints_and_midpoint():
    assert mix("#0072B2", "#FFFFFF", 0.0) == "#0072B2"
    assert mix("#0072B2", "#FFFFFF", 1.0) == "#FFFFFF"
    assert mix("#000000", "#FFFFFF", 0.5) in ("#808080", "#7F7F7F")


# --- bounds and grid -----------------------------------------------------------------------

@pytest.mark.parametrize("X", [
    np.array([[3.0, -2.0]]),                           # one point
    np.array([[1.0, 0.0], [1.0, 5.0], [1.0, 2.0]]),    # vertical line: zero x range
    np.array([[2e9, 2e9], [2e9, 2e9]]),                # duplicates at a huge scale
    np.array([[1e-9, 0.0], [3e-9, 2e-9]]),             # tiny scale
])
def test_make_bounds_is_sane_for_degenerate_data(X):
    x0, x1, y0, y1 = make_bounds(X)
    assert np.isfinite([x0, x1, y0, y1]).all()
    assert x0 < x1 and y0 < y1
    assert np.all(X[:, 0] >= x0) and np.all(X[:, 0] <= x1)
    assert np.all(X[:, 1] >= y0) and np.all(X[:, 1] <= y1)


def test_make_bounds_pads_the_range():
    x0, x1, y0, y1 = make_bounds(np.array([[0.0, 0.0], [10.0, 20.0]]), pad=0.1)
    assert (x0, x1) == pytest.approx((-1.0, 11.0))
    assert (y0, y1) == pytest.approx((-2.0, 22.0))


def test_grid_confidence_from_predict_proba_matches_formula():
    X, y = blobs(3)
    model = KNeighborsClassifier(n_neighbors=7).fit(X, y)
    grid = evaluate_grid(model, make_bounds(X), RES)
    proba = model.predict_proba(grid.points())
    expected = (proba.max(axis=1) - 1 / 3) / (1 - 1 / 3)
    # the same closed form on the same probabilities, no BLAS: a few roundings apart
    np.testing.assert_allclose(grid.confidence.ravel(), expected, rtol=0, atol=8 * np.finfo(np.float64).eps)
    assert grid.decision is None and grid.source == "proba"


def test_grid_keeps_binary_decision_values():
    X, y = blobs(2)
    model = SVC(kernel="rbf", gamma=0.5).fit(X, y)
    grid = evaluate_grid(model, make_bounds(X), RES)
    np.testing.assert_allclose(grid.decision.ravel(), model.decision_function(grid.points()))
    assert 0 <= grid.confidence.min() and grid.confidence.max() <= 1


class OnlyProba:
    """A fake model whose decision_function is declared but unsupported."""

    classes_ = np.array(["a", "b", "c"])

    def predict_proba(self, X):
        p = np.stack([X[:, 0] > 0, X[:, 1] > 0, np.ones(len(X))], axis=1).astype(float) + 1e-3
        return p / p.sum(axis=1, keepdims=True)

    def decision_function(self, X):
        raise NotImplementedError("no scores here")


class NoScores:
    classes_ = np.array([0, 1])

    def predict(self, X):
        return np.zeros(len(X), dtype=int)


class SymmetricBinary:
    """Decision x1, and a LIBSVM-style tie rule: d == 0 predicts classes_[1]."""

    classes_ = np.array([-1, 1])

    def decision_function(self, X):
        return X[:, 0].copy()

    def predict(self, X):
        return self.classes_[(X[:, 0] >= 0).astype(int)]


def test_cells_exactly_on_a_binary_boundary_follow_predict():
    model = SymmetricBinary()
    grid = evaluate_grid(model, (-1.0, 1.0, -1.0, 1.0), 11)   # column 5 is x = 0 exactly
    assert np.all(grid.decision[:, 5] == 0)
    expected = np.searchsorted(model.classes_, model.predict(grid.points())).reshape(11, 11)
    np.testing.assert_array_equal(grid.labels, expected)


def test_grid_falls_back_when_a_method_is_unsupported():
    grid = evaluate_grid(OnlyProba(), (-1, 1, -1, 1), 10)
    assert grid.source == "proba"
    assert set(np.unique(grid.labels)) <= {0, 1, 2}


def test_grid_refuses_models_without_scores_and_unfitted_models():
    with pytest.raises(ValueError, match="neither predict_proba nor decision_function"):
        evaluate_grid(NoScores(), (-1, 1, -1, 1), 10)
    with pytest.raises(ValueError, match="not fitted"):
        evaluate_grid(LogisticRegression(), (-1, 1, -1, 1), 10)


# --- decision_figure: regions --------------------------------------------------------------

MODELS = {
    "logistic-binary": lambda: LogisticRegression(),
    "logistic-3": lambda: LogisticRegression(),
    "knn-3": lambda: KNeighborsClassifier(n_neighbors=4),
    "svc-rbf-binary": lambda: SVC(gamma=0.3),
    # break_ties: predict follows argmax(decision_function) also where the pairwise votes tie
    "svc-3": lambda: SVC(gamma=0.3, break_ties=True),
    "perceptron-3": lambda: Perceptron(random_state=0),
    "gnb-4": lambda: GaussianNB(),
    "tree-binary": lambda: DecisionTreeClassifier(random_state=0),
}


@pytest.mark.parametrize("key", list(MODELS))
def test_heatmap_integer_part_is_the_prediction(key):
    k = 2 if "binary" in key else int(key.split("-")[-1])
    X, y = blobs(k)
    model = MODELS[key]().fit(X, y)
    fig = decision_figure(model, X, y, resolution=RES)
    heat = regions(fig)
    z = heat.z
    assert isinstance(z, np.ndarray) and z.dtype == np.float32 and z.shape == (RES, RES)
    xs, ys, P = axis_grid(fig, RES)
    np.testing.assert_allclose(heat.x, xs, rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(heat.y, ys, rtol=1e-6, atol=1e-6)
    np.testing.assert_array_equal(np.floor(z).astype(int), predicted_index(model, P, (RES, RES)))
    assert heat.showscale is False
    assert heat.zmin == 0 and heat.zmax == k


def test_heatmap_hover_carries_class_and_confidence():
    X, y = blobs(3)
    model = KNeighborsClassifier(n_neighbors=6).fit(X, y)
    heat = regions(decision_figure(model, X, y, resolution=RES))
    _, _, P = axis_grid(decision_figure(model, X, y, resolution=RES), RES)
    proba = model.predict_proba(P)
    # integer labels 0..K-1: the class index and the percentage travel as uint8 customdata
    assert heat.text is None and heat.customdata.dtype == np.uint8
    np.testing.assert_array_equal(heat.customdata[..., 0], predicted_index(model, P, (RES, RES)))
    expected = np.rint(100 * (proba.max(axis=1) - 1 / 3) / (1 - 1 / 3)).reshape(RES, RES)
    np.testing.assert_allclose(heat.customdata[..., 1], expected, atol=1)
    assert "%{customdata[0]}" in heat.hovertemplate and "%{customdata[1]}%" in heat.hovertemplate


def test_confidence_off_gives_flat_class_tints():
    X, y = blobs(3)
    model = LogisticRegression().fit(X, y)
    z = regions(decision_figure(model, X, y, resolution=RES, show_confidence=False)).z
    np.testing.assert_allclose(z - np.floor(z), 0.5)


class HugeScores:
    """Linear scores around 1e300 (binary: one column) and no predict_proba."""

    def __init__(self, k):
        self.classes_ = np.arange(k)

    def decision_function(self, X):
        W = np.linspace(-1, 1, 2 * len(self.classes_)).reshape(2, -1)
        s = 1e290 * (X / 1e9) @ W
        return s[:, 0] - s[:, 1] if len(self.classes_) == 2 else s

    def predict(self, X):
        d = self.decision_function(X)
        return self.classes_[(d > 0).astype(int) if d.ndim == 1 else d.argmax(axis=1)]


def test_huge_decision_values_give_finite_confidence():
    X, y = blobs(2, scale=1e9)
    for model in (Perceptron(random_state=0).fit(X, y), HugeScores(2), HugeScores(4),
                  Perceptron(random_state=0).fit(*blobs(3, scale=1e9))):
        grid = evaluate_grid(model, make_bounds(X), RES)
        assert np.isfinite(grid.confidence).all()
        assert grid.confidence.min() >= 0 and grid.confidence.max() <= 1
        assert grid.confidence.max() > 0.5       # far from the boundary the model is sure
        fig = decision_figure(model, X, model.predict(X), grid=grid)
        for trace in fig.data:
            if trace.type in ("heatmap", "contour"):
                assert np.isfinite(trace.z).all()


def _registry():
    try:
        from catalog.models import MODELS as REG
    except ImportError:   # pragma: no cover - mlcore is part of this repository
        return {}
    return REG


@pytest.mark.parametrize("k", [2, 3])
@pytest.mark.parametrize("key", sorted(_registry()))
def test_registry_models_regions_match_predict(key, k):
    X, y = blobs(k, n=60, std=2.0, seed=2)
    model = _registry()[key].make().fit(X, y)
    fig = decision_figure(model, X, y, resolution=30)
    _, _, P = axis_grid(fig, 30)
    shown = np.floor(regions(fig).z).astype(int)
    predicted = predicted_index(model, P, (30, 30))
    if key == "svm" and k == 3:
        # One-vs-one SVM: predict follows LIBSVM's vote (ties to the smallest class),
        # the regions follow argmax(decision_function), which breaks a tied vote by the
        # summed confidences (as scikit-learn). They may differ only where the vote ties.
        votes, _ = model._votes(model.pairwise_decision(P))
        tied = (np.sort(votes, axis=1)[:, -2] == votes.max(axis=1)).reshape(30, 30)
        assert np.all(tied[shown != predicted])
        shown, predicted = shown[~tied], predicted[~tied]
    np.testing.assert_array_equal(shown, predicted)
    wrong = scatters(fig, "misclassified")
    assert (len(wrong[0].x) if wrong else 0) == int(np.sum(model.predict(X) != y))


def test_far_offset_data_keeps_distinct_coordinates():
    X, y = blobs(2)
    X = 1e9 + X * 1e-3         # float32 cannot tell these coordinates apart
    model = KNeighborsClassifier(n_neighbors=3).fit(X, y)
    fig = decision_figure(model, X, y, resolution=RES)
    heat = regions(fig)
    assert np.all(np.diff(np.asarray(heat.x, dtype=float)) > 0)
    assert np.all(np.diff(np.asarray(heat.y, dtype=float)) > 0)
    for t in scatters(fig, "(train)"):
        assert len(np.unique(np.asarray(t.x))) == len(t.x)
    _, _, P = axis_grid(fig, RES)
    np.testing.assert_array_equal(np.floor(heat.z).astype(int), predicted_index(model, P, (RES, RES)))


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_degenerate_data_never_gives_nan(data):
    n = data.draw(st.integers(2, 12))
    scale = data.draw(st.sampled_from([1e-9, 1.0, 1e9]))
    base = data.draw(st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), min_size=n, max_size=n))
    X = np.array(base, dtype=float) * scale            # small integers: duplicates, collinear points
    y = np.array(data.draw(st.lists(st.integers(0, 2), min_size=n, max_size=n)))
    assume(len(np.unique(y)) >= 2)
    model = data.draw(st.sampled_from([LogisticRegression(C=1.0), KNeighborsClassifier(n_neighbors=1),
                                       GaussianNB()]))
    model.fit(X, y)
    fig = decision_figure(model, X, y, resolution=12)
    heat = regions(fig)
    assert np.isfinite(heat.z).all() and heat.z.shape == (12, 12)
    frac = heat.z - np.floor(heat.z)
    assert frac.min() > 0 and frac.max() < 1
    for trace in fig.data:
        if trace.type == "contour":
            assert np.isfinite(trace.z).all()


# --- decision_figure: boundary -------------------------------------------------------------

def test_binary_boundary_is_the_zero_contour_of_the_decision_function():
    X, y = blobs(2)
    fig = decision_figure(LogisticRegression().fit(X, y), X, y, resolution=RES)
    contours = [t for t in fig.data if t.type == "contour"]
    assert len(contours) == 1
    c = contours[0]
    assert c.contours.start == 0 and c.contours.end == 0
    assert c.contours.coloring == "lines" and c.autocontour is False
    assert c.z.dtype == np.float32


@pytest.mark.parametrize("key", ["knn-3", "svc-3", "tree-binary"])
def test_label_edge_line_separates_different_predictions(key):
    k = 2 if "binary" in key else 3
    X, y = blobs(k)
    model = MODELS[key]().fit(X, y)
    fig = decision_figure(model, X, y, resolution=RES)
    assert not [t for t in fig.data if t.type == "contour"]
    line = [t for t in fig.data if t.type == "scatter" and t.mode == "lines"]
    assert len(line) == 1
    x, yv = line[0].x, line[0].y
    assert x.dtype == np.float32
    xs, ys, _ = axis_grid(fig, RES)
    dx, dy = xs[1] - xs[0], ys[1] - ys[0]
    # segments are (start, end, NaN) triples
    segs = np.column_stack([x[0::3], yv[0::3], x[1::3], yv[1::3]]).astype(float)
    assert np.isnan(x[2::3]).all() and len(segs) > 0
    rng = np.random.default_rng(0)
    for sx0, sy0, sx1, sy1 in segs[rng.choice(len(segs), size=min(40, len(segs)), replace=False)]:
        mx, my = (sx0 + sx1) / 2, (sy0 + sy1) / 2
        if sx0 == sx1:   # vertical edge: compare the cells left and right of it
            a, b = (mx - dx / 2, ys[np.argmin(abs(ys - my))]), (mx + dx / 2, ys[np.argmin(abs(ys - my))])
        else:            # horizontal edge: compare the cells below and above it
            a, b = (xs[np.argmin(abs(xs - mx))], my - dy / 2), (xs[np.argmin(abs(xs - mx))], my + dy / 2)
        pa, pb = model.predict(np.array([a, b]))
        assert pa != pb, f"segment at ({mx:.3g}, {my:.3g}) does not separate two classes"


def test_label_edge_line_has_one_unit_per_differing_neighbour_pair():
    X, y = blobs(3)
    model = KNeighborsClassifier(n_neighbors=3).fit(X, y)
    grid = evaluate_grid(model, make_bounds(X), RES)
    _, _, P = axis_grid(decision_figure(model, X, y, grid=grid), RES)
    lab = predicted_index(model, P, (RES, RES))
    pairs = np.sum(lab[:, 1:] != lab[:, :-1]) + np.sum(lab[1:, :] != lab[:-1, :])
    x, yv = boundary_segments(grid)
    dx, dy = grid.xs[1] - grid.xs[0], grid.ys[1] - grid.ys[0]
    x0, x1, y0, y1 = grid.bounds
    # total length in cell units; cells on the border are half cells inside the bounds
    units = 0.0
    for sx0, sy0, sx1, sy1 in np.column_stack([x[0::3], yv[0::3], x[1::3], yv[1::3]]).astype(float):
        if sx0 == sx1:
            ends = np.isclose([sy0, sy1], [y0, y1], rtol=0, atol=1e-5 * dy).sum()
            units += abs(sy1 - sy0) / dy + 0.5 * ends
        else:
            ends = np.isclose([sx0, sx1], [x0, x1], rtol=0, atol=1e-5 * dx).sum()
            units += abs(sx1 - sx0) / dx + 0.5 * ends
    assert units == pytest.approx(pairs, abs=1e-3)


# --- decision_figure: points ---------------------------------------------------------------

def test_one_scatter_per_class_plus_test_and_misclassified():
    X, y = blobs(3, n=120, seed=3, std=3.5)
    Xtr, ytr, Xte, yte = X[:80], y[:80], X[80:], y[80:]
    model = KNeighborsClassifier(n_neighbors=15).fit(Xtr, ytr)
    fig = decision_figure(model, Xtr, ytr, X_test=Xte, y_test=yte, resolution=RES)
    train = scatters(fig, "(train)")
    assert [t.name for t in train] == [f"class {c} (train)" for c in model.classes_]
    for t, c in zip(train, model.classes_, strict=True):
        np.testing.assert_allclose(np.column_stack([t.x, t.y]), Xtr[ytr == c], rtol=1e-6)
    assert len({t.marker.color for t in train}) == 3 and len({t.marker.symbol for t in train}) == 3
    test = [t for t in scatters(fig, "test") if t.showlegend is False]
    assert len(test) == 1 and all(s.endswith("-open") for s in test[0].marker.symbol)
    np.testing.assert_allclose(np.column_stack([test[0].x, test[0].y]), Xte, rtol=1e-6)
    wrong = scatters(fig, "misclassified")
    expected = np.vstack([Xtr[model.predict(Xtr) != ytr], Xte[model.predict(Xte) != yte]])
    assert len(expected) > 0, "the test data should contain mistakes"
    assert len(wrong) == 1
    np.testing.assert_allclose(np.column_stack([wrong[0].x, wrong[0].y]), expected, rtol=1e-6)
    assert len(scatters(fig)) == 3 + 2 + 1  # classes, test points + their legend entry, rings

    hidden = decision_figure(model, Xtr, ytr, X_test=Xte, y_test=yte, show_test=False, resolution=RES)
    assert not scatters(hidden, "test")


def _legend_entries(fig) -> dict:
    """Legend label -> the trace plotly draws its icon from (the first of a legend group)."""
    out = {}
    for t in fig.data:
        if t.showlegend is not False and t.name and t.name not in out:
            out[t.name] = t
    return out


@pytest.mark.parametrize("first_class", [0, 1])
def test_test_points_legend_icon_is_neutral_not_a_class(first_class):
    """plotly draws a legend icon from the trace's first marker: the "test points" icon must
    not look like the class of whichever test point happens to come first."""
    X, y = blobs(2, n=80, seed=1)
    Xtr, ytr, Xte, yte = X[:50], y[:50], X[50:], y[50:]
    order = np.argsort(yte != first_class, kind="stable")  # the chosen class first
    model = KNeighborsClassifier(n_neighbors=5).fit(Xtr, ytr)
    fig = decision_figure(model, Xtr, ytr, X_test=Xte[order], y_test=yte[order], resolution=RES)
    entry = _legend_entries(fig)["test points"]
    colors = np.atleast_1d(np.asarray(entry.marker.color, dtype=object))
    symbols = np.atleast_1d(np.asarray(entry.marker.symbol, dtype=object))
    assert len(set(colors)) == 1 and len(set(symbols)) == 1, "one icon colour and shape"
    assert colors[0].upper() not in {c.upper() for c in CLASS_COLORS}
    assert symbols[0] == "circle-open"
    # the icon's group holds every test point, so a legend click hides them all
    points = [t for t in fig.data if t.legendgroup == entry.legendgroup and t is not entry]
    assert sum(len(t.x) for t in points) == len(Xte)
    assert entry.legendgroup is not None and all(t.showlegend is False for t in points)
    # the training classes keep their own coloured icons
    for k in range(2):
        assert _legend_entries(fig)[f"class {k} (train)"].marker.color == CLASS_COLORS[k]


def test_no_misclassified_trace_when_everything_is_right():
    X = np.array([[0.0, 0.0], [0.0, 1.0], [5.0, 0.0], [5.0, 1.0]])
    y = np.array([0, 0, 1, 1])
    fig = decision_figure(KNeighborsClassifier(n_neighbors=1).fit(X, y), X, y, resolution=RES)
    assert not scatters(fig, "misclassified")
    assert len(scatters(fig)) == 2


def test_string_labels_and_five_classes():
    X, yi = blobs(5, n=150)
    names = np.array(["ant", "bee", "cat", "dog", "eel"])
    y = names[yi]
    model = KNeighborsClassifier(n_neighbors=5).fit(X, y)
    fig = decision_figure(model, X, y, resolution=RES)
    train = scatters(fig, "(train)")
    assert [t.name for t in train] == [f"class {n} (train)" for n in names]
    assert len({t.marker.color for t in train}) == 5
    _, _, P = axis_grid(fig, RES)
    np.testing.assert_array_equal(np.floor(regions(fig).z).astype(int),
                                  predicted_index(model, P, (RES, RES)))
    heat = regions(fig)
    np.testing.assert_array_equal(heat.text, names[predicted_index(model, P, (RES, RES))])
    assert "%{text}" in heat.hovertemplate
    wrong = scatters(fig, "misclassified")
    n_wrong = int(np.sum(model.predict(X) != y))
    assert (len(wrong[0].x) if wrong else 0) == n_wrong


def test_class_names_override_labels():
    X, y = blobs(2)
    model = LogisticRegression().fit(X, y)
    fig = decision_figure(model, X, y, resolution=RES, class_names={0: "no", 1: "yes"})
    assert [t.name for t in scatters(fig, "(train)")] == ["class no (train)", "class yes (train)"]


def test_layout_is_explicit_and_keeps_zoom():
    X, y = blobs(2)
    fig = decision_figure(LogisticRegression().fit(X, y), X, y, resolution=RES, title="t")
    lay = fig.layout
    assert list(lay.xaxis.range) == pytest.approx(make_bounds(X)[:2])
    assert list(lay.yaxis.range) == pytest.approx(make_bounds(X)[2:])
    assert lay.yaxis.scaleanchor == "x"
    assert lay.uirevision is not None
    assert lay.plot_bgcolor.upper() in ("WHITE", "#FFFFFF")
    assert lay.legend.orientation == "h"
    assert lay.clickmode is None and lay.dragmode is None


def test_points_figure_uses_the_same_colours_as_decision_figure():
    X, y = blobs(3)
    pts = points_figure(X, y)
    dec = decision_figure(LogisticRegression().fit(X, y), X, y, resolution=RES)
    assert [t.marker.color for t in scatters(pts)] == [t.marker.color for t in scatters(dec, "(train)")]
    assert not [t for t in pts.data if t.type != "scatter"]
    assert len(points_figure(np.empty((0, 2)), []).data) == 0


# --- confusion -----------------------------------------------------------------------------

@pytest.mark.parametrize("normalize", [False, True])
def test_confusion_figure_matches_sklearn(normalize):
    y_true = np.array(["a", "a", "a", "b", "b", "c", "c", "c", "c", "a"])
    y_pred = np.array(["a", "b", "a", "b", "b", "c", "a", "c", "c", "a"])
    labels = ["a", "b", "c"]
    cm = confusion_matrix(y_true, y_pred, labels=labels)
    fig = confusion_figure(cm, labels, normalize=normalize)
    heat = regions(fig)
    rows = cm / cm.sum(axis=1, keepdims=True)
    np.testing.assert_allclose(heat.z, rows if normalize else cm, rtol=1e-6)
    assert len(fig.layout.annotations) == 9
    for ann in fig.layout.annotations:
        i, j = int(ann.y), int(ann.x)
        assert ann.text.split("<br>")[0] == str(cm[i, j])
        if normalize:
            assert f"({round(100 * rows[i, j])}%)" in ann.text
    assert list(fig.layout.xaxis.ticktext) == labels and list(fig.layout.yaxis.ticktext) == labels
    assert fig.layout.yaxis.range[0] > fig.layout.yaxis.range[1]   # first true class on top


def test_confusion_figure_empty_row_has_no_nan():
    fig = confusion_figure(np.array([[3, 1], [0, 0]]), [0, 1], normalize=True)
    assert np.isfinite(regions(fig).z).all()


# --- purity --------------------------------------------------------------------------------

def test_viz_does_not_import_streamlit():
    code = ("import sys, viz, viz.decision, viz.grid, viz.palette, viz.confusion; "
            "sys.exit(1 if 'streamlit' in sys.modules else 0)")
    assert subprocess.run([sys.executable, "-c", code], cwd=str(_root())).returncode == 0


def _root():
    from pathlib import Path
    return Path(__file__).resolve().parents[1]


# --- built unchecked, valid all the same ---------------------------------------------------

@pytest.mark.parametrize("k", [2, 3])
@pytest.mark.parametrize("show_test", [True, False])
@pytest.mark.parametrize("show_confidence", [True, False])
def test_plane_figure_is_what_plotly_validation_accepts(k, show_test, show_confidence):
    """decision_figure and points_figure skip plotly's checks (viz.decision._figure); plotly's
    validating constructor must accept every property they write and change none of them."""
    X, y = blobs(k, n=120, seed=k)
    X_test, y_test = blobs(k, n=40, seed=k + 10)
    model = LogisticRegression().fit(X, y)
    for fig in (decision_figure(model, X, y, X_test=X_test, y_test=y_test, show_test=show_test,
                                show_confidence=show_confidence, resolution=RES),
                decision_figure(SVC(kernel="rbf").fit(X, y), X, y, resolution=RES, title="t"),
                points_figure(X, y)):
        checked = go.Figure(fig.to_plotly_json())   # raises ValueError on a property plotly does not know
        assert json.loads(checked.to_json()) == json.loads(fig.to_json())
