"""SVM figures: margins at f = ±1, support-vector rings, slack on hover, the kernel-trick views."""

import numpy as np
import plotly.graph_objects as go
import pytest
from sklearn.datasets import make_blobs, make_circles, make_moons
from sklearn.multiclass import OneVsRestClassifier
from sklearn.svm import SVC as SkSVC

from mlcore.svm import SVC, LinearSVMSGD
from viz import palette
from viz.svm import (
    contributions_figure,
    landscape_figure,
    lift_figure,
    loss_figure,
    margin_figure,
    objective_figure,
)

RES = 50


def _contours(fig):
    return [t for t in fig.data if t.type == "contour"]


def _sv_traces(fig):
    return [t for t in fig.data if "SVs (" in (t.name or "")]


def _grid_points(fig, res=RES):
    xs = np.linspace(*fig.layout.xaxis.range, res)
    ys = np.linspace(*fig.layout.yaxis.range, res)
    gx, gy = np.meshgrid(xs, ys)
    return np.column_stack([gx.ravel(), gy.ravel()])


@pytest.fixture(scope="module")
def moons_fit():
    X, y = make_moons(80, noise=0.25, random_state=0)
    return SVC(C=2.0, kernel="rbf", gamma=1.0, tol=1e-5).fit(X, y), X, y


def test_margin_contours_are_the_decision_function_at_minus_one_zero_plus_one(moons_fit):
    model, X, y = moons_fit
    fig = margin_figure(model, X, y, resolution=RES)
    contours = _contours(fig)
    levels = sorted((c.contours.start, c.contours.end) for c in contours)
    assert levels == [(-1.0, 1.0), (0.0, 0.0)]
    margins = next(c for c in contours if c.contours.start == -1.0)
    assert margins.contours.size == 2.0 and margins.line.dash == "dash"
    # the dashed curves carry their level ("−1", "+1") so the sides can be read off the plot:
    # horizontal text at a point where the model's f is near that level
    labels = next(t for t in fig.data if t.name == "margin labels")
    assert labels.mode == "text" and sorted(labels.text) == ["+1", "−1"]
    at = model.decision_function(np.column_stack([labels.x, labels.y]))
    levels_at = {"−1": -1.0, "+1": 1.0}
    # a grid point nearest the level: within a quarter (the figure's own cut-off) of it
    assert all(abs(f - levels_at[t]) <= 0.25 for f, t in zip(at, labels.text, strict=True))
    boundary = next(c for c in contours if c.contours.start == 0.0)
    assert boundary.line.dash in (None, "solid")
    # the contoured values are the model's decision values at the grid the axes span
    sk = SkSVC(C=2.0, kernel="rbf", gamma=1.0, tol=1e-5).fit(X, y)
    expected = sk.decision_function(_grid_points(fig)).reshape(RES, RES)
    np.testing.assert_allclose(np.asarray(margins.z, dtype=float), expected, atol=2e-3)


def test_support_vector_rings_are_the_models_and_libsvms(moons_fit):
    model, X, y = moons_fit
    fig = margin_figure(model, X, y, resolution=RES)
    rings = _sv_traces(fig)
    assert [r.name.split()[0] for r in rings] == ["free", "bounded"]
    pts = np.vstack([np.column_stack([r.x, r.y]) for r in rings]).astype(float)
    sk = SkSVC(C=2.0, kernel="rbf", gamma=1.0, tol=1e-5).fit(X, y)
    key = lambda P: sorted(map(tuple, np.round(P, 4)))  # noqa: E731
    assert key(pts) == key(X[sk.support_])
    # free vectors lie on a margin (y f = 1), bounded ones have alpha = C
    free = np.column_stack([rings[0].x, rings[0].y]).astype(float)
    sign = np.where(y == 1, 1.0, -1.0)
    lookup = {tuple(np.round(p, 4)): s for p, s in zip(X, sign, strict=True)}
    yf = np.array([lookup[tuple(np.round(p, 4))] for p in free]) * sk.decision_function(free)
    np.testing.assert_allclose(yf, 1.0, atol=1e-2)
    np.testing.assert_allclose(np.asarray(rings[1].customdata)[:, 0], 2.0, rtol=1e-5)
    # ring size grows with alpha
    alpha = np.concatenate([np.asarray(r.customdata)[:, 0] for r in rings])
    size = np.concatenate([np.asarray(r.marker.size) for r in rings])
    # a monotone formula in floating point stays monotone (rounding is monotone): no slack needed
    assert np.all(np.diff(size[np.argsort(alpha)]) >= 0)


def test_slack_on_hover_is_one_minus_y_f(moons_fit):
    model, X, y = moons_fit
    fig = margin_figure(model, X, y, resolution=RES)
    sk = SkSVC(C=2.0, kernel="rbf", gamma=1.0, tol=1e-5).fit(X, y)
    for k in (0, 1):
        trace = next(t for t in fig.data if t.name == f"class {k} (train)")
        P = np.column_stack([trace.x, trace.y]).astype(float)
        xi = np.maximum(0.0, 1.0 - (1.0 if k == 1 else -1.0) * sk.decision_function(P))
        np.testing.assert_allclose(np.asarray(trace.customdata)[:, 2], xi, atol=2e-3)
        assert "slack" in trace.hovertemplate


def test_linear_kernel_prints_the_margin_width():
    X, y = make_blobs(60, centers=[[-2, 0], [2, 0]], cluster_std=0.7, random_state=0)
    model = SVC(C=np.inf, kernel="linear", tol=1e-6).fit(X, y)
    fig = margin_figure(model, X, y, resolution=RES)
    sk = SkSVC(C=1e8, kernel="linear", tol=1e-6).fit(X, y)
    width = 2.0 / np.linalg.norm(sk.coef_)
    text = fig.layout.annotations[0].text
    assert f"{width:.3g}" in text and f"{len(sk.support_)} support vectors" in text


# --- more than two classes: one pair machine at a time ---------------------------------------
# Oracle: scikit-learn's SVC with decision_function_shape="ovo" (LIBSVM). Its column for the
# pair (i, j) is positive for class i; mlcore's machine p = (a, b) is positive for b, so
# f_p = -sklearn[:, p] (the pairs come in the same order, (0, 1), (0, 2), (1, 2)).
SK3 = dict(C=1.0, kernel="rbf", gamma=0.5, tol=1e-5)
CENTERS3 = [[-1.5, 0.0], [1.5, 0.0], [0.0, 2.0]]


@pytest.fixture(scope="module")
def blobs3():
    # overlapping clusters, so each machine has free and bounded support vectors
    X, y = make_blobs(90, centers=CENTERS3, cluster_std=0.8, random_state=1)
    model = SVC(**SK3).fit(X, y)
    sk = SkSVC(**SK3, decision_function_shape="ovo").fit(X, y)
    return model, sk, X, y


def _pair_support(sk, y, a, b) -> set:
    """Training indices of the support vectors of LIBSVM's (a, b) machine: in its dual_coef_
    layout, a class-a vector's coefficient for that machine sits in row b - 1, a class-b
    vector's in row a."""
    sv, lab, coef = sk.support_, y[sk.support_], sk.dual_coef_
    return set(sv[(lab == a) & (coef[b - 1] != 0)]) | set(sv[(lab == b) & (coef[a] != 0)])


@pytest.mark.parametrize("machine", [0, 1, 2])
def test_pair_machine_contours_are_its_pairwise_decision_at_minus_one_zero_plus_one(blobs3, machine):
    model, sk, X, y = blobs3
    fig = margin_figure(model, X, y, machine=machine, resolution=RES)
    contours = _contours(fig)
    assert sorted((c.contours.start, c.contours.end, c.contours.size) for c in contours) == [
        (-1.0, 1.0, 2.0), (0.0, 0.0, 1.0)]
    a, b = [(0, 1), (0, 2), (1, 2)][machine]
    assert all(f"{a} vs {b}" in c.name for c in contours)
    expected = -sk.decision_function(_grid_points(fig))[:, machine].reshape(RES, RES)
    for c in contours:
        np.testing.assert_allclose(np.asarray(c.z, dtype=float), expected, atol=2e-3)
    # the three machines draw three different functions, not one shared surface
    others = [-sk.decision_function(_grid_points(fig))[:, q].reshape(RES, RES) for q in range(3) if q != machine]
    assert all(np.abs(np.asarray(contours[0].z, float) - o).max() > 0.5 for o in others)
    # the multi-class regions are still there, with the vote's boundary under the machine's curves
    names = [t.name for t in fig.data]
    assert fig.data[0].type == "heatmap" and names.index("3-class boundary (vote)") < names.index(contours[0].name)


def test_pair_machine_boundary_shows_where_it_runs_along_the_vote_boundary(blobs3):
    # plotly layers every scatter (the vote's staircase) above every contour (the machine's
    # f = 0) whatever the trace order, so where the two coincide the vote's line must leave the
    # machine's visible: come first, be thinner and broken
    model, _, X, y = blobs3
    fig = margin_figure(model, X, y, machine=0, resolution=RES)
    names = [t.name for t in fig.data]
    vote = fig.data[names.index("3-class boundary (vote)")]
    boundary = next(c for c in _contours(fig) if c.contours.start == 0.0)
    assert names.index(vote.name) < names.index(boundary.name)
    assert vote.line.width < boundary.line.width
    assert vote.line.dash not in (None, "solid")


@pytest.mark.parametrize("machine", [0, 1, 2])
def test_pair_machine_rings_are_exactly_that_machines_support_vectors(blobs3, machine):
    model, sk, X, y = blobs3
    fig = margin_figure(model, X, y, machine=machine, resolution=RES)
    rings = _sv_traces(fig)
    free, bounded = (np.column_stack([r.x, r.y]).astype(float) for r in rings)
    a, b = [(0, 1), (0, 2), (1, 2)][machine]
    expected = _pair_support(sk, y, a, b)
    key = lambda P: sorted(map(tuple, np.round(P, 4)))  # noqa: E731
    assert key(np.vstack([free, bounded])) == key(X[sorted(expected)])
    assert expected != set(sk.support_), "a pair machine has fewer support vectors than the whole model"
    assert len(free) and len(bounded)
    # free ones sit on this machine's margin y f_p = 1; bounded ones have alpha = C
    lookup = {tuple(np.round(p, 4)): i for i, p in enumerate(X)}
    sign = np.array([1.0 if y[lookup[tuple(np.round(p, 4))]] == b else -1.0 for p in free])
    yf = sign * -sk.decision_function(free)[:, machine]
    np.testing.assert_allclose(yf, 1.0, atol=1e-2)
    np.testing.assert_allclose(np.asarray(rings[1].customdata)[:, 0], SK3["C"], rtol=1e-5)
    assert f"{len(expected)} support vectors of the {a} vs {b} machine" in fig.layout.annotations[0].text


def test_pair_machine_fades_the_other_class_and_hovers_its_own_slack(blobs3):
    model, sk, X, y = blobs3
    fig = margin_figure(model, X, y, machine=1, resolution=RES)   # class 0 vs class 2
    train = {k: next(t for t in fig.data if t.name == f"class {k} (train)") for k in range(3)}
    assert train[1].opacity is not None and train[1].opacity < 0.5
    assert train[0].opacity in (None, 1.0) and train[2].opacity in (None, 1.0)
    assert "not a training point of the 0 vs 2 machine" in train[1].hovertemplate
    for k, sign in ((0, -1.0), (2, 1.0)):
        P = np.column_stack([train[k].x, train[k].y]).astype(float)
        xi = np.maximum(0.0, 1.0 - sign * -sk.decision_function(P)[:, 1])
        np.testing.assert_allclose(np.asarray(train[k].customdata)[:, 2], xi, atol=2e-3)
        assert "slack" in train[k].hovertemplate


def test_pair_machine_fades_rings_and_test_points_of_the_other_class(blobs3):
    model, sk, X, y = blobs3
    X_te, y_te = make_blobs(45, centers=CENTERS3, cluster_std=0.8, random_state=7)
    fig = margin_figure(model, X, y, machine=1, X_test=X_te, y_test=y_te, resolution=RES)  # 0 vs 2
    test = next(t for t in fig.data if t.name == "test points")
    np.testing.assert_array_equal(np.asarray(test.marker.opacity) < 1, y_te == 1)
    ring = next(t for t in fig.data if t.name == "misclassified")
    P = np.column_stack([ring.x, ring.y]).astype(float)
    every = np.vstack([X, X_te])
    label = np.concatenate([y, y_te])[[int(np.argmin(np.abs(every - p).sum(axis=1))) for p in P]]
    assert (label == 1).any() and (label != 1).any(), "the data must have wrong points in and out of the pair"
    np.testing.assert_array_equal(np.asarray(ring.marker.opacity) < 1, label == 1)


def test_pair_machine_contributions_follow_the_machine(blobs3):
    model, sk, X, y = blobs3
    x = np.array([0.0, 1.0])
    for machine, (a, b) in enumerate([(0, 1), (0, 2), (1, 2)]):
        fig = contributions_figure(model, x, machine=machine, top=100)
        bars = fig.data[0]
        assert np.asarray(bars.y, float).sum() == pytest.approx(-sk.decision_function([x])[0, machine], abs=2e-3)
        shown = {int(lab.split()[1]) for lab in bars.x[:-1]}
        assert shown == _pair_support(sk, y, a, b)
        # a bar is coloured by the class it pushes towards: y = +1 is class b
        colors = {v >= 0: c for v, c in zip(np.asarray(bars.y, float)[:-1], bars.marker.color, strict=False)}
        assert colors == {True: palette.class_color(b), False: palette.class_color(a)}


def test_one_vs_rest_machine_is_a_class_against_the_rest():
    X, y = make_blobs(90, centers=CENTERS3, cluster_std=0.8, random_state=1)
    model = SVC(**SK3, multiclass="ovr").fit(X, y)
    fig = margin_figure(model, X, y, machine=2, resolution=RES)
    ref = OneVsRestClassifier(SkSVC(**SK3)).fit(X, y).estimators_[2]
    expected = ref.decision_function(_grid_points(fig)).reshape(RES, RES)
    contours = _contours(fig)
    assert len(contours) == 2 and all("2 vs rest" in c.name for c in contours)
    np.testing.assert_allclose(np.asarray(contours[0].z, float), expected, atol=2e-3)
    assert all(t.opacity in (None, 1.0) for t in fig.data if "(train)" in (t.name or ""))
    assert any(t.name == "3-class boundary (largest f)" for t in fig.data)
    rings = np.vstack([np.column_stack([r.x, r.y]) for r in _sv_traces(fig)]).astype(float)
    key = lambda P: sorted(map(tuple, np.round(P, 4)))  # noqa: E731
    assert key(rings) == key(X[ref.support_])


def test_an_unknown_machine_is_refused(blobs3):
    model, _, X, y = blobs3
    with pytest.raises(ValueError, match="machine=3"):
        margin_figure(model, X, y, machine=3, resolution=RES)


def test_contributions_add_up_to_the_decision_value(moons_fit):
    model, X, y = moons_fit
    x = np.array([0.5, 0.25])
    fig = contributions_figure(model, x, top=5)
    bars = np.asarray(fig.data[0].y, dtype=float)
    assert fig.data[0].x[-1] == "b" and len(bars) == 7
    sk = SkSVC(C=2.0, kernel="rbf", gamma=1.0, tol=1e-5).fit(X, y)
    assert bars.sum() == pytest.approx(sk.decision_function([x])[0], abs=2e-3)


def test_lift_plane_separates_the_lifted_points_as_the_model_does():
    X, y = make_circles(80, noise=0.05, factor=0.5, random_state=0)
    model = SVC(C=10.0, kernel="poly", degree=2, coef0=0.0, gamma=1.0).fit(X, y)
    fig = lift_figure(model, X, y)
    plane = next(t for t in fig.data if t.type == "surface")
    P = np.column_stack([np.ravel(plane.x), np.ravel(plane.y), np.ravel(plane.z)]).astype(float)
    P = P[np.isfinite(P).all(axis=1)]
    centre = P.mean(axis=0)
    normal = np.linalg.svd(P - centre)[2][-1]
    assert np.abs((P - centre) @ normal).max() < 1e-3 * np.abs(P).max()  # a plane
    phi = np.column_stack([X[:, 0] ** 2, np.sqrt(2) * X[:, 0] * X[:, 1], X[:, 1] ** 2])
    side = (phi - centre) @ normal
    f = SkSVC(C=10.0, kernel="poly", degree=2, coef0=0.0, gamma=1.0).fit(X, y).decision_function(X)
    assert abs(np.corrcoef(side, f)[0, 1]) > 0.9999  # f(x) is an affine function of phi(x)


def test_landscape_surface_is_the_decision_function(moons_fit):
    model, X, y = moons_fit
    fig = landscape_figure(model, X, y, resolution=30)
    surf = fig.data[0]
    gx, gy = np.meshgrid(np.asarray(surf.x, float), np.asarray(surf.y, float))
    sk = SkSVC(C=2.0, kernel="rbf", gamma=1.0, tol=1e-5).fit(X, y)
    expected = sk.decision_function(np.column_stack([gx.ravel(), gy.ravel()])).reshape(gx.shape)
    np.testing.assert_allclose(np.asarray(surf.z, float), expected, atol=2e-3)


def test_loss_curves():
    fig = loss_figure()
    curves = {t.name.split()[0]: (np.asarray(t.x, float), np.asarray(t.y, float)) for t in fig.data}
    m, hinge = curves["hinge"]
    at = lambda x, v: v[np.argmin(np.abs(m - x))]  # noqa: E731
    assert at(0.0, hinge) == pytest.approx(1.0) and at(2.0, hinge) == 0.0 and at(-1.0, hinge) == pytest.approx(2.0)
    assert at(-0.5, curves["0/1"][1]) == 1.0 and at(0.5, curves["0/1"][1]) == 0.0
    assert at(0.0, curves["logistic"][1]) == pytest.approx(1.0, abs=1e-6)
    assert isinstance(fig, go.Figure)


def test_objective_figure_follows_the_history_and_marks_the_optimum():
    X, y = make_moons(80, noise=0.25, random_state=0)
    m = LinearSVMSGD(lam=0.05, max_epochs=10, random_state=0).fit(X, y)
    fig = objective_figure(m.history_, optimum=0.5)
    np.testing.assert_allclose(np.asarray(fig.data[0].y, float), [h["objective"] for h in m.history_], rtol=1e-6)
    assert [s.y0 for s in fig.layout.shapes] == [0.5]
