"""Learning with prototypes: NearestCentroid and scipy distances as oracles, hand-made geometry."""

import numpy as np
import pytest
from scipy.spatial.distance import cdist
from sklearn.datasets import make_blobs, make_moons
from sklearn.neighbors import NearestCentroid

from mlcore import NotFittedError, ValidationError
from mlcore.neighbors import PrototypeClassifier

EPS = np.finfo(np.float64).eps

DATASETS = {
    "moons": make_moons(200, noise=0.3, random_state=0),
    "blobs3": make_blobs(300, centers=3, cluster_std=2.0, random_state=1),
}


@pytest.mark.parametrize("data", sorted(DATASETS))
def test_euclidean_matches_nearest_centroid(data):
    X, y = DATASETS[data]
    Q = np.random.default_rng(0).uniform(X.min() - 1, X.max() + 1, size=(2000, 2))
    ours = PrototypeClassifier().fit(X, y)
    ref = NearestCentroid().fit(X, y)
    # a mean of n values, summed in any order, is within n eps max|x| of the exact one (no BLAS)
    np.testing.assert_allclose(ours.prototypes_, ref.centroids_, rtol=0, atol=2 * len(X) * EPS * np.abs(X).max())
    np.testing.assert_array_equal(ours.predict(Q), ref.predict(Q))
    np.testing.assert_array_equal(ours.predict(X), ref.predict(X))


@pytest.mark.parametrize("data", sorted(DATASETS))
def test_manhattan_and_mahalanobis_match_scipy_distances(data):
    X, y = DATASETS[data]
    Q = np.random.default_rng(1).uniform(X.min() - 1, X.max() + 1, size=(500, 2))
    classes = np.unique(y)
    means = np.array([X[y == c].mean(axis=0) for c in classes])
    manhattan = PrototypeClassifier(metric="manhattan").fit(X, y)
    # d absolute differences summed (a few eps of the distance), plus the two means' rounding
    mean_rounding = 2 * len(X) * EPS * np.abs(X).max()
    expected_l1 = cdist(Q, means, "cityblock")
    assert np.all(np.abs(manhattan.distances(Q) - expected_l1) <= 4 * X.shape[1] * (mean_rounding + EPS * expected_l1))
    ridge = 1e-3 * np.mean(np.var(X, axis=0))  # the documented regularisation
    expected = np.column_stack([
        cdist(Q, means[i:i + 1], "mahalanobis",
              VI=np.linalg.inv(np.cov(X[y == c].T, bias=True) + ridge * np.eye(2)))[:, 0] ** 2
        for i, c in enumerate(classes)])
    maha = PrototypeClassifier(metric="mahalanobis").fit(X, y)
    np.testing.assert_allclose(maha.distances(Q), expected, rtol=1e-8)
    np.testing.assert_array_equal(maha.predict(Q), classes[np.argmin(expected, axis=1)])


def test_binary_boundary_is_the_perpendicular_bisector():
    # mu_- = (0, 0), mu_+ = (2, 0): the bisector is the vertical line x = 1
    X = np.array([[-1.0, 1.0], [1.0, -1.0], [1.0, 1.0], [3.0, -1.0]])
    y = np.array([-1, -1, 1, 1])
    model = PrototypeClassifier().fit(X, y)
    np.testing.assert_allclose(model.prototypes_, [[0.0, 0.0], [2.0, 0.0]])
    Q = np.array([[0.9, 5.0], [1.1, -7.0], [0.99, 100.0], [1.01, -100.0]])
    np.testing.assert_array_equal(model.predict(Q), [-1, 1, -1, 1])
    # ||mu_- - x||^2 - ||mu_+ - x||^2 at x = (3, 0): 9 - 1 = 8; on the bisector 0
    np.testing.assert_allclose(model.decision_function([[3.0, 0.0], [1.0, 4.0], [1.0, -2.5]]), [8.0, 0.0, 0.0])


def test_mahalanobis_bends_the_boundary_to_the_spread():
    rng = np.random.default_rng(2)
    narrow = rng.normal([0.0, 0.0], [0.2, 0.2], size=(200, 2))
    wide = rng.normal([3.0, 0.0], [2.5, 0.2], size=(200, 2))
    X, y = np.vstack([narrow, wide]), np.repeat([0, 1], 200)
    x = [[1.2, 0.0]]  # nearer the narrow class's mean in the Euclidean sense ...
    assert PrototypeClassifier().fit(X, y).predict(x)[0] == 0
    # ... but many narrow-class standard deviations away and within the wide class's spread
    assert PrototypeClassifier(metric="mahalanobis").fit(X, y).predict(x)[0] == 1


def test_decision_function_sign_and_shapes():
    X, y = DATASETS["moons"]
    for metric in ("euclidean", "manhattan", "mahalanobis"):
        model = PrototypeClassifier(metric=metric).fit(X, y)
        f = model.decision_function(X)
        assert f.shape == (len(X),)
        np.testing.assert_array_equal(model.predict(X)[f > 0], 1)
        np.testing.assert_array_equal(model.predict(X)[f < 0], 0)
    X3, y3 = DATASETS["blobs3"]
    model = PrototypeClassifier().fit(X3, y3)
    F = model.decision_function(X3)
    assert F.shape == (len(X3), 3)
    np.testing.assert_array_equal(model.classes_[F.argmax(axis=1)], model.predict(X3))


@pytest.mark.parametrize("metric", ["euclidean", "manhattan", "mahalanobis"])
@pytest.mark.parametrize("case", ["one_point_per_class", "collinear", "duplicates", "constant"])
def test_degenerate_data_gives_finite_results(metric, case):
    rng = np.random.default_rng(3)
    if case == "one_point_per_class":
        X, y = np.array([[0.0, 0.0], [1.0, 1.0], [4.0, 0.0]]), np.array(["a", "b", "c"])
    elif case == "collinear":
        t = rng.normal(size=40)
        X, y = np.c_[t, 3 * t + 1], (t > 0).astype(int)
    elif case == "duplicates":
        X, y = np.repeat([[1.0, 2.0], [3.0, 4.0]], 10, axis=0), np.repeat([0, 1], 10)
    else:
        X, y = np.ones((10, 2)), np.arange(10) % 2
    Q = rng.normal(scale=5, size=(50, 2))
    model = PrototypeClassifier(metric=metric).fit(X, y)
    assert np.all(np.isfinite(model.distances(Q)))
    assert np.all(np.isfinite(model.decision_function(Q)))
    assert set(model.predict(Q)) <= set(np.unique(y))
    if case == "one_point_per_class":
        np.testing.assert_array_equal(model.predict(X), y)


@pytest.mark.parametrize("scale", [1e-9, 1e9])
@pytest.mark.parametrize("metric", ["euclidean", "manhattan", "mahalanobis"])
def test_extreme_scales_do_not_change_predictions(metric, scale):
    X, y = DATASETS["blobs3"]
    Q = np.random.default_rng(4).uniform(-15, 15, size=(500, 2))
    plain = PrototypeClassifier(metric=metric).fit(X, y).predict(Q)
    scaled = PrototypeClassifier(metric=metric).fit(X * scale, y)
    assert np.all(np.isfinite(scaled.decision_function(Q * scale)))
    np.testing.assert_array_equal(scaled.predict(Q * scale), plain)


def test_validation_and_contract():
    X, y = DATASETS["moons"]
    with pytest.raises(ValidationError, match="metric='cosine'"):
        PrototypeClassifier(metric="cosine").fit(X, y)
    model = PrototypeClassifier()
    assert not [a for a in vars(model) if a.endswith("_")]
    with pytest.raises(NotFittedError):
        model.predict(X)
    model.fit(X, y)
    with pytest.raises(ValidationError, match="3 features"):
        model.predict(np.zeros((1, 3)))
    with pytest.raises(ValidationError, match="at least 2 classes"):
        PrototypeClassifier().fit(X, np.zeros(len(X)))
