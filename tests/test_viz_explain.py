"""Every model explains itself: the overlays of viz.explain, asserted on the figure's traces.

Expected values come from the model (kneighbors, coef_, predict_proba, theta_/var_, apply) or
from the data directly (class means, labels per leaf), never from viz.explain's own output.
"""

from __future__ import annotations

import numpy as np
import pytest

from mlcore import ValidationError
from mlcore.datasets import make_dataset
from mlcore.linear_model import (
    LeastSquaresClassifier,
    LogisticRegression,
    Perceptron,
    geometric_margins,
)
from mlcore.naive_bayes import GaussianNB
from mlcore.neighbors import KNeighborsClassifier, PrototypeClassifier
from mlcore.svm import SVC, LinearSVC, LinearSVMSGD
from mlcore.tree import DecisionTreeClassifier
from viz import decision_figure, explain
from viz.explain import point_column

RES = 30


def _data(name="blobs", seed=0, n=120, n_classes=2, noise=0.1):
    X, y = make_dataset(name, n=n, seed=seed, n_classes=n_classes, noise=noise)
    return X[20:], y[20:], X[:20], y[:20]


def _figure(model, X, y, Xt, yt):
    return decision_figure(model, X, y, X_test=Xt, y_test=yt, resolution=RES)


def _trace(fig, name):
    found = [t for t in fig.data if t.name == name]
    assert found, f"no trace named {name!r} in {[t.name for t in fig.data]}"
    return found[0]


def _train_rows(fig, y, classes):
    """(trace, mask of the rows of X it shows) for each training-points trace."""
    return [(_trace(fig, f"class {c} (train)"), np.asarray(y) == c) for c in classes]


# --- learning with prototypes ------------------------------------------------------------------

@pytest.mark.parametrize("n_classes", [2, 3])
def test_prototypes_are_the_class_means(n_classes):
    X, y, Xt, yt = _data(n_classes=n_classes)
    model = PrototypeClassifier().fit(X, y)
    fig = _figure(model, X, y, Xt, yt)
    explain.explain_figure(fig, model, X, y, X_test=Xt, y_test=yt)
    drawn = np.column_stack([_trace(fig, "prototypes").x, _trace(fig, "prototypes").y])
    means = np.array([np.mean(X[y == c], axis=0) for c in np.unique(y)])
    np.testing.assert_allclose(drawn, means, rtol=1e-12, atol=1e-12)
    assert any(t.name == "perpendicular bisector" for t in fig.data) == (n_classes == 2)


def test_bisector_is_equidistant_and_perpendicular():
    X, y, Xt, yt = _data(seed=3)
    model = PrototypeClassifier().fit(X, y)
    fig = _figure(model, X, y, Xt, yt)
    explain.add_prototypes(fig, model)
    line = _trace(fig, "perpendicular bisector")
    ends = np.column_stack([line.x, line.y])
    m0, m1 = X[y == 0].mean(axis=0), X[y == 1].mean(axis=0)
    scale = np.linalg.norm(m1 - m0)
    for p in ends:   # every point of the line is as far from one mean as from the other
        assert abs(np.linalg.norm(p - m0) - np.linalg.norm(p - m1)) < 1e-9 * (1 + scale)
    direction = ends[1] - ends[0]
    assert abs(direction @ (m1 - m0)) < 1e-9 * np.linalg.norm(direction) * scale
    # the Euclidean rule's boundary is that line: the model's decision is 0 at both ends
    np.testing.assert_allclose(model.decision_function(ends), 0.0, atol=1e-9 * (1 + scale ** 2))


# --- k nearest neighbours --------------------------------------------------------------------------

@pytest.mark.parametrize("weights", ["uniform", "distance"])
@pytest.mark.parametrize("k", [1, 5, 8])
def test_neighbours_are_the_models_kneighbors(k, weights):
    X, y, Xt, yt = _data("moons", noise=0.3, n_classes=2)
    model = KNeighborsClassifier(n_neighbors=k, weights=weights).fit(X, y)
    query = np.array([0.3, 0.2])
    fig = _figure(model, X, y, Xt, yt)
    explain.explain_figure(fig, model, X, y, X_test=Xt, y_test=yt, query=query)
    _, idx = model.kneighbors(query.reshape(1, -1))
    ringed = np.column_stack([_trace(fig, "neighbours").x, _trace(fig, "neighbours").y])
    np.testing.assert_array_equal(ringed, X[idx[0]])
    # brute force: the k smallest distances are the ringed points' (no ties on this data)
    dist = np.linalg.norm(X - query, axis=1)
    assert set(np.argsort(dist)[:k]) == set(idx[0].tolist())
    lines = _trace(fig, "k neighbours")
    xs, ys = np.asarray(lines.x, float).reshape(-1, 3), np.asarray(lines.y, float).reshape(-1, 3)
    np.testing.assert_array_equal(xs[:, 0], query[0])
    np.testing.assert_array_equal(np.column_stack([xs[:, 1], ys[:, 1]]), X[idx[0]])
    assert np.isnan(xs[:, 2]).all()
    counts = [int(np.sum(y[idx[0]] == c)) for c in model.classes_]
    assert list(lines.meta["counts"]) == counts
    np.testing.assert_array_equal([_trace(fig, "query point").x[0], _trace(fig, "query point").y[0]], query)
    vote = [a for a in fig.layout.annotations if a.name == "vote"][0].text
    assert f"k = {k} vote" in vote
    for c, n in zip(model.classes_, counts, strict=True):
        assert (f"class {c}: {n}" in vote) == (n > 0)
    predicted = model.predict(query.reshape(1, -1))[0]
    assert f"class <b>{predicted}</b>" in vote


def test_a_tie_is_marked_and_goes_where_the_model_sends_it():
    X = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 3.0], [5.0, 5.0]])
    y = np.array([1, 0, 1, 0])
    model = KNeighborsClassifier(n_neighbors=2).fit(X, y)
    query = np.array([0.5, 0.0])   # one neighbour of each class at distance 0.5
    fig = decision_figure(model, X, y, resolution=RES)
    vote = explain.add_neighbours(fig, model, query)
    text = [a for a in fig.layout.annotations if a.name == "vote"][0].text
    assert "TIE" in text and vote.winners == [0, 1]
    assert f"goes to class {model.predict(query.reshape(1, -1))[0]}" in text
    fig2 = decision_figure(model, X, y, resolution=RES)
    explain.add_neighbours(fig2, model, np.array([0.0, 1.5]))   # two of class 1: no tie
    assert "TIE" not in [a for a in fig2.layout.annotations if a.name == "vote"][0].text


def test_default_query_is_the_test_point_nearest_the_middle_of_the_data():
    X = np.array([[3.0, 3.0], [0.5, -0.2], [-2.0, 1.0]])          # mean (0.5, 1.2667)
    tests = np.array([[9.0, 9.0], [0.0, 1.0], [1.0, 2.0]])
    np.testing.assert_array_equal(explain.default_query(X, tests), [0.0, 1.0])
    np.testing.assert_array_equal(explain.default_query(X, None), [0.5, -0.2])


# --- linear models: w and the geometric margin ----------------------------------------------------

LINEAR = [Perceptron(random_state=0), LeastSquaresClassifier(), LogisticRegression(),
          LinearSVMSGD(random_state=0), SVC(kernel="linear", C=1.0), LinearSVC()]


@pytest.mark.parametrize("model", LINEAR, ids=lambda m: type(m).__name__)
def test_w_is_coef_anchored_on_the_boundary(model):
    X, y, Xt, yt = _data("linear", noise=0.2)
    model.fit(X, y)
    fig = _figure(model, X, y, Xt, yt)
    assert "normal" in explain.explain_figure(fig, model, X, y, X_test=Xt, y_test=yt).overlays
    arrow = _trace(fig, "w (normal vector)")
    anchor, tip = np.array([arrow.x[0], arrow.y[0]]), np.array([arrow.x[1], arrow.y[1]])
    w = np.asarray(model.coef_, float)[0]
    drawn = tip - anchor
    # the same direction as coef_ (not the opposite): cosine 1 up to rounding
    assert drawn @ w / (np.linalg.norm(drawn) * np.linalg.norm(w)) > 1 - 1e-12
    x0, x1, y0, y1 = fig.layout.xaxis.range + fig.layout.yaxis.range
    span = max(x1 - x0, y1 - y0)
    # on the boundary: the model's own f is 0 there (distance |f|/||w|| far below the view's size)
    assert abs(model.decision_function(anchor.reshape(1, -1))[0]) / np.linalg.norm(w) < 1e-9 * span
    assert x0 <= anchor[0] <= x1 and y0 <= anchor[1] <= y1


@pytest.mark.parametrize("model", LINEAR, ids=lambda m: type(m).__name__)
def test_hover_margins_are_y_f_over_norm_w(model):
    X, y, Xt, yt = _data("linear", noise=0.4, seed=2)
    model.fit(X, y)
    fig = _figure(model, X, y, Xt, yt)
    explain.explain_figure(fig, model, X, y, X_test=Xt, y_test=yt)
    w, b = np.asarray(model.coef_, float)[0], float(np.ravel(model.intercept_)[0])

    def margins(P, labels):   # recomputed from coef_ and intercept_, not from the model's methods
        return np.where(labels == model.classes_[1], 1.0, -1.0) * (P @ w + b) / np.sqrt(w @ w)

    for trace, rows in _train_rows(fig, y, model.classes_):
        np.testing.assert_allclose(point_column(trace, "margin"), margins(X[rows], y[rows]), rtol=1e-9, atol=1e-12)
        assert "margin y·f(x)/‖w‖" in trace.hovertemplate
    test = [t for t in fig.data if t.name == "test points" and t.customdata is not None][0]
    np.testing.assert_allclose(point_column(test, "margin"), margins(Xt, yt), rtol=1e-9, atol=1e-12)


def test_geometric_margins_of_the_hard_margin_svm():
    """On separable data the smallest geometric margin of the hard-margin SVM is 1/||w|| (its
    support vectors sit on f = ±1), and a point is on the wrong side exactly when misclassified."""
    X, y, _, _ = _data("linear", noise=0.0, seed=1)
    svm = SVC(kernel="linear", C=np.inf, tol=1e-6).fit(X, y)
    gamma = geometric_margins(svm, X, y)
    w = np.linalg.norm(svm.coef_[0])
    # SMO stops with its KKT conditions met to tol: y f(x) >= 1 - tol, so the minimum is
    # within tol/||w|| of 1/||w||
    assert abs(gamma.min() - 1 / w) <= 1e-6 / w + 1e-12
    X2, y2, _, _ = _data("linear", noise=0.6, seed=4)
    model = LogisticRegression().fit(X2, y2)
    np.testing.assert_array_equal(geometric_margins(model, X2, y2) < 0, model.predict(X2) != y2)


def test_geometric_margins_refuse_what_they_cannot_measure():
    X, y, _, _ = _data(n_classes=3)
    with pytest.raises(ValidationError, match="two-class"):
        geometric_margins(LogisticRegression().fit(X, y), X, y)
    X, y, _, _ = _data()
    model = LogisticRegression().fit(X, y)
    with pytest.raises(ValidationError, match="not one of the model's classes"):
        geometric_margins(model, X, np.full(len(y), 7))


def test_no_w_for_curved_or_many_class_models():
    X, y, _, _ = _data()
    assert "normal" not in explain.available(SVC(kernel="rbf").fit(X, y))
    X3, y3, _, _ = _data(n_classes=3)
    assert "normal" not in explain.available(Perceptron(random_state=0).fit(X3, y3))


# --- logistic regression: P(y = 1 | x) and the sigmoid ----------------------------------------------

def test_probability_on_hover_is_predict_proba():
    X, y, Xt, yt = _data("moons", noise=0.3)
    model = LogisticRegression().fit(X, y)
    fig = _figure(model, X, y, Xt, yt)
    assert "probability" in explain.explain_figure(fig, model, X, y, X_test=Xt, y_test=yt).overlays
    for trace, rows in _train_rows(fig, y, model.classes_):
        np.testing.assert_array_equal(point_column(trace, "p1"), model.predict_proba(X[rows])[:, 1])
    test = [t for t in fig.data if t.name == "test points" and t.customdata is not None][0]
    np.testing.assert_array_equal(point_column(test, "p1"), model.predict_proba(Xt)[:, 1])


def test_sigmoid_figure_places_points_at_f_on_the_sigmoid():
    X, y, _, _ = _data("moons", noise=0.3)
    model = LogisticRegression(C=10.0).fit(X, y)
    fig = explain.sigmoid_figure(model, X, y)
    for c in model.classes_:
        trace = _trace(fig, f"class {c} (train)")
        f = np.asarray(trace.x, float)
        np.testing.assert_array_equal(f, model.decision_function(X[y == c]))
        np.testing.assert_array_equal(np.asarray(trace.y, float), model.predict_proba(X[y == c])[:, 1])
        np.testing.assert_allclose(trace.y, 1 / (1 + np.exp(-f)), rtol=1e-12)   # it is the sigmoid
    curve = _trace(fig, "sigmoid")
    np.testing.assert_allclose(curve.y, 1 / (1 + np.exp(-np.asarray(curve.x))), rtol=1e-12)


# --- Gaussian naive Bayes -----------------------------------------------------------------------------

@pytest.mark.parametrize("n_classes", [2, 4])
def test_ellipses_centred_at_theta_with_k_sqrt_var(n_classes):
    X, y, Xt, yt = _data(n_classes=n_classes, noise=0.4, n=200)
    model = GaussianNB().fit(X, y)
    fig = _figure(model, X, y, Xt, yt)
    explain.explain_figure(fig, model, X, y, X_test=Xt, y_test=yt)
    for c, label in enumerate(model.classes_):
        for k in (1, 2):
            trace = _trace(fig, f"class {label}: {k}σ")
            ex, ey = np.asarray(trace.x, float), np.asarray(trace.y, float)
            mean, sd = X[y == label].mean(axis=0), X[y == label].std(axis=0)
            # the variance mlcore adds (epsilon_) is ~1e-9 of the largest: invisible at rtol 1e-6
            np.testing.assert_allclose(model.theta_[c], mean, rtol=1e-9, atol=1e-12)
            np.testing.assert_allclose(np.sqrt(model.var_[c]), sd, rtol=1e-6)
            q = ((ex - model.theta_[c, 0]) / (k * np.sqrt(model.var_[c, 0]))) ** 2 \
                + ((ey - model.theta_[c, 1]) / (k * np.sqrt(model.var_[c, 1]))) ** 2
            np.testing.assert_allclose(q, 1.0, rtol=1e-9)
            np.testing.assert_allclose([(ex.max() + ex.min()) / 2, (ey.max() + ey.min()) / 2],
                                       model.theta_[c], atol=1e-9)


# --- decision trees -------------------------------------------------------------------------------

@pytest.mark.parametrize("depth", [2, None])
def test_leaf_mix_is_the_training_labels_in_each_leaf(depth):
    X, y, Xt, yt = _data("moons", noise=0.3, n_classes=2, n=200)
    model = DecisionTreeClassifier(max_depth=depth, random_state=0).fit(X, y)
    fig = _figure(model, X, y, Xt, yt)
    explain.explain_figure(fig, model, X, y, X_test=Xt, y_test=yt)
    leaf_of = model.apply(X)

    def mix(leaves):   # the training labels that land in each point's leaf
        return np.array([[np.sum(y[leaf_of == leaf] == c) for c in model.classes_] for leaf in leaves])

    for trace, rows in _train_rows(fig, y, model.classes_):
        leaves = point_column(trace, "leaf").astype(int)
        np.testing.assert_array_equal(leaves, leaf_of[rows])
        counts = np.column_stack([point_column(trace, f"count {k}") for k in range(2)])
        np.testing.assert_array_equal(counts, mix(leaves))
        shares = np.column_stack([point_column(trace, f"share {k}") for k in range(2)])
        np.testing.assert_allclose(shares, counts / counts.sum(axis=1, keepdims=True), rtol=1e-12)
        np.testing.assert_array_equal(point_column(trace, "leaf_n"), counts.sum(axis=1))
    test = [t for t in fig.data if t.name == "test points" and t.customdata is not None][0]
    np.testing.assert_array_equal(point_column(test, "leaf").astype(int), model.apply(Xt))
    # every box of the region hover: its leaf is the model's at the box's centre, its text the mix
    boxes = _trace(fig, "leaf mix")
    xe, ye = np.asarray(boxes.x, float), np.asarray(boxes.y, float)
    cx, cy = (xe[1:] + xe[:-1]) / 2, (ye[1:] + ye[:-1]) / 2
    gx, gy = np.meshgrid(cx, cy)
    centres = np.column_stack([gx.ravel(), gy.ravel()])
    np.testing.assert_array_equal(np.ravel(boxes.meta["leaves"]), model.apply(centres))
    text = np.ravel(boxes.text)
    predicted = model.predict(centres)
    for t, leaf, p in zip(text, np.ravel(boxes.meta["leaves"]), predicted, strict=True):
        n0, n1 = mix([leaf])[0]
        assert f"predicted <b>{p}</b>" in t and f"0: {n0} (" in t and f"1: {n1} (" in t


def test_overlays_only_where_the_model_has_them():
    X, y, _, _ = _data()
    assert explain.available(DecisionTreeClassifier(max_depth=2).fit(X, y)) == ["leaves"]
    assert explain.available(GaussianNB().fit(X, y)) == ["ellipses"]
    assert explain.available(LogisticRegression().fit(X, y)) == ["normal", "probability"]
    assert explain.available(SVC(kernel="rbf").fit(X, y)) == []
