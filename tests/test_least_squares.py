"""Least-squares classifier against scikit-learn's LinearRegression / RidgeClassifier,
the pseudo-inverse formula, and the logic-gate weights it recovers analytically."""

import numpy as np
import pytest
from sklearn.datasets import make_blobs, make_classification, make_moons
from sklearn.linear_model import LinearRegression, RidgeClassifier

from mlcore.base import NotFittedError, ValidationError
from mlcore.linear_model import LeastSquaresClassifier

DATASETS = {
    "moons": make_moons(120, noise=0.3, random_state=0),
    "blobs3": make_blobs(150, centers=3, cluster_std=2.0, random_state=1),
    "blobs4": make_blobs(160, centers=4, cluster_std=1.5, random_state=2),
    "classification3": make_classification(200, n_features=5, n_informative=3, n_redundant=1,
                                           n_classes=3, random_state=3),
}


EPS = np.finfo(np.float64).eps


def solve_reach(A, T):
    """Per target column, how far a backward-stable least-squares solve (numpy's and scipy's
    SVD, Householder QR) may land from the exact minimiser of ||A w - t||: it returns the exact
    answer for data perturbed by about m d eps relative, and to first order such a perturbation
    moves w by at most  m d eps (2 kappa |w| + (kappa + kappa^2) |r| / sigma_max)
    (the normal-equations perturbation bound, Golub & Van Loan 5.3), r = t - A w, kappa the
    condition number over the singular values the solvers keep (above eps max(m, d) sigma_max:
    dependent columns are dropped, giving the least-norm answer). Only rounding enters."""
    T = np.asarray(T, dtype=float).reshape(len(A), -1)
    m, d = A.shape
    sigma = np.linalg.svd(A, compute_uv=False)
    kept = sigma[sigma > EPS * max(m, d) * sigma[0]]
    kappa = kept[0] / kept[-1]
    W = np.linalg.pinv(A) @ T  # any near-exact solution sizes the bound
    w, r = np.linalg.norm(W, axis=0), np.linalg.norm(T - A @ W, axis=0)
    return m * d * EPS * (2 * kappa * w + (kappa + kappa ** 2) * r / kept[0])


def centred_reach(X, T):
    """solve_reach for mlcore's centred problem, for (w, b): b = t_mean - x_mean.w adds |x_mean| |dw|."""
    reach = solve_reach(X - X.mean(axis=0), np.asarray(T).reshape(len(X), -1) - np.mean(T, axis=0))
    return reach, reach * (1 + np.linalg.norm(X.mean(axis=0))) + 4 * EPS


def assert_rows_within(got, want, reach):
    """Row k of got within reach[k] of row k of want (Euclidean norm)."""
    got, want = np.atleast_2d(got), np.atleast_2d(want)
    assert np.all(np.linalg.norm(got - want, axis=1) <= reach), (np.linalg.norm(got - want, axis=1), reach)


def pm_one_targets(y):
    classes = np.unique(y)
    if len(classes) == 2:
        return np.where(y == classes[1], 1.0, -1.0)
    return np.where(y[:, None] == classes, 1.0, -1.0)


@pytest.mark.parametrize("name", DATASETS)
def test_same_weights_as_linear_regression_on_pm_one_targets(name):
    X, y = DATASETS[name]
    ours = LeastSquaresClassifier().fit(X, y)
    T = pm_one_targets(y)
    ref = LinearRegression().fit(X, T)
    # both solve the same centred problem with a backward-stable solver: each within reach
    reach_w, reach_b = centred_reach(X, T)
    assert_rows_within(ours.coef_, ref.coef_, 2 * reach_w)
    assert np.all(np.abs(ours.intercept_ - ref.intercept_) <= 2 * reach_b)


@pytest.mark.parametrize("name", DATASETS)
def test_same_weights_as_the_pseudo_inverse_of_the_augmented_matrix(name):
    X, y = DATASETS[name]
    ours = LeastSquaresClassifier().fit(X, y)
    T = pm_one_targets(y).reshape(len(y), -1)
    A = np.column_stack([X, np.ones(len(X))])
    Wb = np.linalg.pinv(A) @ T
    # ours solves the centred problem, pinv the augmented one: each within its own reach
    reach = solve_reach(A, T) + centred_reach(X, T)[1]
    assert_rows_within(np.column_stack([ours.coef_, ours.intercept_]), Wb.T, reach)


@pytest.mark.parametrize("name", ["moons", "blobs3", "blobs4"])
def test_same_predictions_as_ridge_classifier_with_vanishing_alpha(name):
    """Full-rank data only: with a redundant column, alpha = 1e-12 makes Ridge's own solve unstable."""
    X, y = DATASETS[name]
    ours = LeastSquaresClassifier().fit(X, y)
    ref = RidgeClassifier(alpha=1e-12).fit(X, y)
    rng = np.random.default_rng(0)
    grid = rng.uniform(X.min(axis=0) - 1, X.max(axis=0) + 1, size=(2000, X.shape[1]))
    for points in (X, grid):
        np.testing.assert_allclose(ours.decision_function(points), ref.decision_function(points), atol=1e-8)
        assert np.array_equal(ours.predict(points), ref.predict(points))


def test_logic_gates_give_the_textbook_weights():
    """Least squares on ±1 targets solved by hand: by symmetry w1 = w2 = a, and the normal
    equations for AND (targets -1, -1, -1, +1) are a + b = -1/2, 6a + 4b = 0, so
    a = 1, b = -1.5; OR is AND reflected (x -> 1 - x, t -> -t): a = 1, b = -0.5.
    These are exactly the textbook gate perceptrons (worked_examples.md section 3)."""
    X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=float)
    for labels, b in (([0, 0, 0, 1], -1.5), ([0, 1, 1, 1], -0.5)):
        model = LeastSquaresClassifier().fit(X, labels)
        reach_w, reach_b = centred_reach(X, pm_one_targets(np.array(labels)))  # a few eps here
        assert_rows_within(model.coef_, [1.0, 1.0], reach_w)
        assert abs(model.intercept_[0] - b) <= reach_b[0]
        assert model.predict(X).tolist() == labels


def test_shapes_string_labels_and_prediction_rule():
    X, y = DATASETS["moons"]
    names = np.array(["cat", "dog"])[y]
    model = LeastSquaresClassifier().fit(X, names)
    assert model.coef_.shape == (1, 2) and model.intercept_.shape == (1,)
    scores = model.decision_function(X)
    assert scores.shape == (len(X),)
    assert np.array_equal(model.predict(X), np.where(scores > 0, "dog", "cat"))
    X3, y3 = DATASETS["blobs3"]
    model3 = LeastSquaresClassifier().fit(X3, y3)
    assert model3.coef_.shape == (3, 2) and model3.intercept_.shape == (3,)
    scores3 = model3.decision_function(X3)
    assert scores3.shape == (len(X3), 3)
    assert np.array_equal(model3.predict(X3), np.argmax(scores3, axis=1))
    assert model3.get_params() == {}


# ---- degenerate data ----

def test_collinear_and_duplicate_columns_give_the_minimum_norm_weights():
    rng = np.random.default_rng(0)
    x = rng.normal(size=60)
    y = (x + 0.5 * rng.normal(size=60) > 0).astype(int)
    X = np.column_stack([x, 2 * x, x])  # rank 1
    T = pm_one_targets(y)
    model = LeastSquaresClassifier().fit(X, y)
    ref = LinearRegression().fit(X, T)
    reach_w, reach_b = centred_reach(X, T)  # kappa = 1: one singular value kept
    assert_rows_within(model.coef_, ref.coef_, 2 * reach_w)
    # The scores depend on a = w1 + 2 w2 + w3 only, and the least-norm w with that sum is
    # a (1, 2, 1) / 6; a is the slope of the one-feature fit on x, itself within its reach.
    single = LeastSquaresClassifier().fit(x[:, None], y)
    single_w, _ = centred_reach(x[:, None], T)
    spread = np.array([1.0, 2.0, 1.0]) / 6
    assert_rows_within(model.coef_, single.coef_[0, 0] * spread, reach_w + single_w * np.linalg.norm(spread))
    # fitted values equal those of the one-feature fit
    _, single_b = centred_reach(x[:, None], T)
    scores = np.abs(model.decision_function(X) - single.decision_function(x[:, None]))
    assert np.all(scores <= np.linalg.norm(X, axis=1) * reach_w[0] + np.abs(x) * single_w[0]
                  + reach_b[0] + single_b[0])


def test_constant_column_gets_zero_weight_and_duplicates_are_harmless():
    X, y = DATASETS["moons"]
    X_const = np.column_stack([X, np.full(len(X), 7.0)])
    T = pm_one_targets(y)
    model = LeastSquaresClassifier().fit(X_const, y)
    plain = LeastSquaresClassifier().fit(X, y)
    # the centred constant column is exactly 0, so the least-norm answer is plain's with a 0
    # appended, each solve within its reach of it
    const_w, const_b = centred_reach(X_const, T)
    plain_w, plain_b = centred_reach(X, T)
    assert abs(model.coef_[0, 2]) <= const_w[0]
    assert_rows_within(model.coef_[:, :2], plain.coef_, const_w + plain_w)
    scores = np.abs(model.decision_function(X_const) - plain.decision_function(X))
    assert np.all(scores <= np.linalg.norm(X_const, axis=1) * (const_w[0] + plain_w[0]) + const_b[0] + plain_b[0])
    doubled = LeastSquaresClassifier().fit(np.vstack([X, X]), np.concatenate([y, y]))
    doubled_w, doubled_b = centred_reach(np.vstack([X, X]), np.concatenate([T, T]))
    assert_rows_within(doubled.coef_, plain.coef_, doubled_w + plain_w)
    assert np.all(np.abs(doubled.intercept_ - plain.intercept_) <= doubled_b + plain_b)


@pytest.mark.parametrize("scale", [1e-9, 1e9])
@pytest.mark.parametrize("name", ["moons", "blobs3"])
def test_scaling_the_data_scales_the_weights_and_keeps_the_predictions(scale, name):
    X, y = DATASETS[name]
    plain = LeastSquaresClassifier().fit(X, y)
    scaled = LeastSquaresClassifier().fit(X * scale, y)
    assert np.all(np.isfinite(scaled.coef_)) and np.all(np.isfinite(scaled.intercept_))
    np.testing.assert_allclose(scaled.coef_ * scale, plain.coef_, rtol=1e-7)
    np.testing.assert_allclose(scaled.decision_function(X * scale), plain.decision_function(X), atol=1e-8)


def test_far_from_the_origin_and_identical_points():
    X, y = DATASETS["moons"]
    shifted = LeastSquaresClassifier().fit(X + 1e9, y)
    plain = LeastSquaresClassifier().fit(X, y)
    np.testing.assert_allclose(shifted.coef_, plain.coef_, rtol=1e-5)
    assert np.array_equal(shifted.predict(X + 1e9), plain.predict(X))
    same = LeastSquaresClassifier().fit(np.ones((4, 2)), [0, 1, 1, 1])
    np.testing.assert_allclose(same.coef_, 0.0)
    np.testing.assert_allclose(same.intercept_, [0.5])  # mean of the targets -1, 1, 1, 1
    assert np.all(np.isfinite(same.decision_function(np.ones((1, 2)))))


def test_unfitted_and_wrong_feature_count():
    with pytest.raises(NotFittedError):
        LeastSquaresClassifier().predict(np.ones((2, 2)))
    X, y = DATASETS["moons"]
    model = LeastSquaresClassifier().fit(X, y)
    with pytest.raises(ValidationError, match="5 features, but .* the model was trained on 2"):
        model.predict(np.ones((3, 5)))
    with pytest.raises(ValidationError, match="at least 2 classes"):
        LeastSquaresClassifier().fit(X, np.zeros(len(X)))
