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


def pm_one_targets(y):
    classes = np.unique(y)
    if len(classes) == 2:
        return np.where(y == classes[1], 1.0, -1.0)
    return np.where(y[:, None] == classes, 1.0, -1.0)


@pytest.mark.parametrize("name", DATASETS)
def test_same_weights_as_linear_regression_on_pm_one_targets(name):
    X, y = DATASETS[name]
    ours = LeastSquaresClassifier().fit(X, y)
    ref = LinearRegression().fit(X, pm_one_targets(y))
    np.testing.assert_allclose(ours.coef_, np.atleast_2d(ref.coef_), rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(ours.intercept_, np.atleast_1d(ref.intercept_), rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("name", DATASETS)
def test_same_weights_as_the_pseudo_inverse_of_the_augmented_matrix(name):
    X, y = DATASETS[name]
    ours = LeastSquaresClassifier().fit(X, y)
    T = pm_one_targets(y).reshape(len(y), -1)
    Wb = np.linalg.pinv(np.column_stack([X, np.ones(len(X))])) @ T
    np.testing.assert_allclose(ours.coef_, Wb[:-1].T, rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(ours.intercept_, Wb[-1], rtol=1e-8, atol=1e-10)


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
    and_model = LeastSquaresClassifier().fit(X, [0, 0, 0, 1])
    np.testing.assert_allclose(and_model.coef_, [[1.0, 1.0]], atol=1e-12)
    np.testing.assert_allclose(and_model.intercept_, [-1.5], atol=1e-12)
    assert and_model.predict(X).tolist() == [0, 0, 0, 1]
    or_model = LeastSquaresClassifier().fit(X, [0, 1, 1, 1])
    np.testing.assert_allclose(or_model.coef_, [[1.0, 1.0]], atol=1e-12)
    np.testing.assert_allclose(or_model.intercept_, [-0.5], atol=1e-12)
    assert or_model.predict(X).tolist() == [0, 1, 1, 1]


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
    model = LeastSquaresClassifier().fit(X, y)
    ref = LinearRegression().fit(X, pm_one_targets(y))
    np.testing.assert_allclose(model.coef_[0], ref.coef_, rtol=1e-8, atol=1e-12)
    # the minimum-norm solution spreads the single direction over the columns as (1, 2, 1)
    np.testing.assert_allclose(model.coef_[0] / model.coef_[0, 0], [1, 2, 1], rtol=1e-9)
    # fitted values equal those of the one-feature fit
    single = LeastSquaresClassifier().fit(x[:, None], y)
    np.testing.assert_allclose(model.decision_function(X), single.decision_function(x[:, None]), atol=1e-10)


def test_constant_column_gets_zero_weight_and_duplicates_are_harmless():
    X, y = DATASETS["moons"]
    X_const = np.column_stack([X, np.full(len(X), 7.0)])
    model = LeastSquaresClassifier().fit(X_const, y)
    assert model.coef_[0, 2] == pytest.approx(0.0, abs=1e-12)
    plain = LeastSquaresClassifier().fit(X, y)
    np.testing.assert_allclose(model.decision_function(X_const), plain.decision_function(X), atol=1e-10)
    doubled = LeastSquaresClassifier().fit(np.vstack([X, X]), np.concatenate([y, y]))
    np.testing.assert_allclose(doubled.coef_, plain.coef_, rtol=1e-9)
    np.testing.assert_allclose(doubled.intercept_, plain.intercept_, rtol=1e-9, atol=1e-12)


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
