"""k nearest neighbours: scikit-learn as the oracle, plus a brute-force oracle for ties."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.datasets import make_blobs, make_moons
from sklearn.neighbors import KNeighborsClassifier as SkKNN

from mlcore import NotFittedError, ValidationError
from mlcore.neighbors import KNeighborsClassifier

EPS = np.finfo(np.float64).eps


# k-NN uses no BLAS and no iteration: a distance is d differences, d squares or powers, d - 1
# sums and one root, each rounded once (pow within a few ulp), so two implementations (or
# summation orders) agree to a few eps relative. The vote weights 1/d or 1/d^2 inherit twice
# that, and normalising k of them adds k eps.
def distance_rtol(d):
    return (4 * d + 8) * EPS


def proba_atol(d, k):
    return 4 * distance_rtol(d) + 4 * (k + 1) * EPS


def inverse_square(dist):
    """scikit-learn callable weights 1/d^2 with its own zero-distance rule."""
    with np.errstate(divide="ignore"):
        w = 1.0 / (dist * dist)
    inf = np.isinf(w)
    rows = inf.any(axis=1)
    w[rows] = inf[rows]
    return w


def sklearn_model(k, metric, weights, p=3.0):
    return SkKNN(n_neighbors=k, metric=metric, p=p if metric == "minkowski" else 2,
                 weights=inverse_square if weights == "distance_squared" else weights,
                 algorithm="kd_tree")


def grid_over(X, steps=60):
    lo, hi = X.min(axis=0) - 0.5, X.max(axis=0) + 0.5
    xx, yy = np.meshgrid(np.linspace(lo[0], hi[0], steps), np.linspace(lo[1], hi[1], steps))
    return np.c_[xx.ravel(), yy.ravel()]


def brute_neighbours(X, Q, k, q=2.0):
    """Oracle: full distance matrix, ordered by (distance, training index)."""
    D = (np.abs(Q[:, None, :] - X[None, :, :]) ** q).sum(axis=2) ** (1.0 / q)
    idx = np.array([np.lexsort((np.arange(X.shape[0]), row))[:k] for row in D])
    return np.take_along_axis(D, idx, axis=1), idx


DATASETS = {
    "moons": make_moons(300, noise=0.3, random_state=0),
    "blobs3": make_blobs(300, centers=3, cluster_std=1.5, random_state=1),
}


@pytest.mark.parametrize("data", sorted(DATASETS))
@pytest.mark.parametrize("k", [1, 5, 15])
@pytest.mark.parametrize("metric,weights", list(itertools.product(
    ["euclidean", "manhattan", "minkowski"], ["uniform", "distance", "distance_squared"])))
def test_matches_sklearn_on_a_grid(data, k, metric, weights):
    X, y = DATASETS[data]
    G = grid_over(X)  # 3600 queries, enough for the tiled search
    ours = KNeighborsClassifier(n_neighbors=k, metric=metric, p=3.0, weights=weights).fit(X, y)
    ref = sklearn_model(k, metric, weights).fit(X, y)
    np.testing.assert_array_equal(ours.predict(G), ref.predict(G))
    np.testing.assert_allclose(ours.predict_proba(G), ref.predict_proba(G), rtol=0, atol=proba_atol(2, k))
    np.testing.assert_array_equal(ours.predict(X), ref.predict(X))


@pytest.mark.parametrize("metric", ["euclidean", "manhattan", "minkowski"])
def test_kneighbors_matches_sklearn(metric):
    X, y = make_moons(400, noise=0.3, random_state=3)
    G = grid_over(X, 40)
    ours = KNeighborsClassifier(n_neighbors=7, metric=metric, p=3.0).fit(X, y)
    dist, idx = ours.kneighbors(G)
    ref_dist, ref_idx = sklearn_model(7, metric, "uniform").fit(X, y).kneighbors(G)
    np.testing.assert_allclose(dist, ref_dist, rtol=distance_rtol(2))
    np.testing.assert_array_equal(idx, ref_idx)
    d3, i3 = ours.kneighbors(G[:5], n_neighbors=3)
    np.testing.assert_array_equal(i3, idx[:5, :3])


def test_float_minkowski_power_and_higher_dimension():
    X, y = make_blobs(500, n_features=4, centers=3, random_state=2)
    Q = np.random.default_rng(0).normal(scale=6.0, size=(1500, 4))
    for p in (1.5, 2.0, 4.0):
        ours = KNeighborsClassifier(n_neighbors=5, metric="minkowski", p=p, weights="distance").fit(X, y)
        ref = sklearn_model(5, "minkowski", "distance", p=p).fit(X, y)
        np.testing.assert_array_equal(ours.predict(Q), ref.predict(Q))
        np.testing.assert_allclose(ours.predict_proba(Q), ref.predict_proba(Q), rtol=0, atol=proba_atol(4, 5))


def test_clustered_queries_and_string_labels():
    X, y = make_blobs(200, centers=2, random_state=4)
    labels = np.where(y == 0, "cat", "dog")
    rng = np.random.default_rng(1)
    Q = np.vstack([rng.normal(c, s, size=(700, 2)) for c, s in ((0, 0.01), (5, 3.0), (-40, 1e-6))])
    ours = KNeighborsClassifier(n_neighbors=5).fit(X, labels)
    ref = SkKNN(5, algorithm="kd_tree").fit(X, labels)
    np.testing.assert_array_equal(ours.predict(Q), ref.predict(Q))


def test_ties_go_to_the_smaller_training_index():
    # an integer lattice has many points at exactly the same distance from a lattice query
    X = np.array([(i, j) for i in range(12) for j in range(12)], dtype=float)
    y = (X.sum(axis=1) % 2).astype(int)
    Q = np.array([(i / 2, j / 2) for i in range(-6, 30) for j in range(-6, 30)], dtype=float)
    for k in (1, 4, 9):
        dist, idx = KNeighborsClassifier(n_neighbors=k).fit(X, y).kneighbors(Q)
        ref_dist, ref_idx = brute_neighbours(X, Q, k)
        np.testing.assert_array_equal(idx, ref_idx)
        np.testing.assert_allclose(dist, ref_dist, rtol=distance_rtol(2))


def test_zero_distance_rule():
    X = np.array([[0.0, 0.0], [0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [5.0, 5.0]])
    y = np.array([1, 1, 0, 0, 0])
    for weights in ("distance", "distance_squared"):
        model = KNeighborsClassifier(n_neighbors=4, weights=weights).fit(X, y)
        # two neighbours at distance 0 (class 1) outvote two at distance 1 (class 0): exactly 0 and 1
        np.testing.assert_array_equal(model.predict_proba([[0.0, 0.0]]), [[0.0, 1.0]])
        ref = sklearn_model(4, "euclidean", weights).fit(X, y)
        np.testing.assert_allclose(model.predict_proba([[0.0, 0.0], [0.5, 0.1]]),
                                   ref.predict_proba([[0.0, 0.0], [0.5, 0.1]]))


def test_distance_squared_vote_by_hand():
    X = np.array([[1.0, 0.0], [0.0, 2.0], [-3.0, 0.0]])
    y = np.array(["a", "b", "b"])
    proba = KNeighborsClassifier(n_neighbors=3, weights="distance_squared").fit(X, y).predict_proba([[0.0, 0.0]])
    w = np.array([1.0, 1 / 4 + 1 / 9])
    np.testing.assert_allclose(proba[0], w / w.sum())


def test_k1_has_zero_training_error():
    X, y = make_moons(500, noise=0.4, random_state=5)
    for metric in ("euclidean", "manhattan", "minkowski"):
        assert KNeighborsClassifier(n_neighbors=1, metric=metric).fit(X, y).score(X, y) == 1.0


def test_ties_in_the_vote_go_to_the_smallest_class():
    X = np.array([[-1.0, 0.0], [1.0, 0.0]])
    model = KNeighborsClassifier(n_neighbors=2).fit(X, ["b", "a"])
    assert model.predict([[0.0, 0.0]])[0] == "a"
    assert model.predict([[0.3, 0.0]])[0] == "a"


@pytest.mark.parametrize("scale", [1e-9, 1e9])
def test_extreme_scales(scale):
    X, y = make_moons(300, noise=0.3, random_state=6)
    G = grid_over(X, 30)
    for weights in ("uniform", "distance", "distance_squared"):
        for metric in ("euclidean", "minkowski"):
            model = KNeighborsClassifier(n_neighbors=5, metric=metric, p=3.0, weights=weights).fit(X * scale, y)
            proba = model.predict_proba(G * scale)
            assert np.all(np.isfinite(proba))
            ref = sklearn_model(5, metric, weights).fit(X * scale, y)
            np.testing.assert_array_equal(model.predict(G * scale), ref.predict(G * scale))


def test_query_so_far_away_that_distances_overflow():
    X, y = make_moons(100, noise=0.3, random_state=8)
    far = np.array([[1e300, -1e300], [-1e308, 0.0]])
    for weights in ("uniform", "distance", "distance_squared"):
        proba = KNeighborsClassifier(n_neighbors=5, weights=weights).fit(X, y).predict_proba(far)
        assert np.all(np.isfinite(proba))
        np.testing.assert_allclose(proba.sum(axis=1), 1.0)


def test_tiny_training_points_and_a_query_at_the_origin():
    X, y = make_moons(100, noise=0.3, random_state=9)
    X = X * 1e-170  # squared distances would underflow to 0 without rescaling
    model = KNeighborsClassifier(n_neighbors=3, weights="distance").fit(X, y)
    ref = sklearn_model(3, "euclidean", "distance").fit(X * 1e170, y)
    Q = np.vstack([np.zeros((1, 2)), X[:20] * 0.9])
    np.testing.assert_array_equal(model.predict(Q), ref.predict(Q * 1e170))


def test_duplicates_and_collinear_points():
    rng = np.random.default_rng(7)
    t = rng.normal(size=150)
    X = np.c_[t, 2 * t]  # all on one line
    X = np.vstack([X, X[:50]])  # and duplicated
    y = (t > 0).astype(int)
    y = np.concatenate([y, y[:50]])
    Q = rng.normal(scale=3, size=(600, 2))
    for weights in ("uniform", "distance", "distance_squared"):
        model = KNeighborsClassifier(n_neighbors=6, weights=weights).fit(X, y)
        proba = model.predict_proba(np.vstack([Q, X]))
        assert np.all(np.isfinite(proba))
        np.testing.assert_allclose(proba.sum(axis=1), 1.0)


def test_defaults_are_scikit_learns_minkowski_with_p_2():
    """metric="minkowski", p=2 by default (scikit-learn's): the Euclidean distance."""
    X, y = make_moons(200, noise=0.3, random_state=4)
    G = grid_over(X, 30)
    model = KNeighborsClassifier().fit(X, y)
    assert (model.n_neighbors, model.metric, model.p) == (5, "minkowski", 2)
    np.testing.assert_array_equal(model.kneighbors(G)[1],
                                  KNeighborsClassifier(metric="euclidean").fit(X, y).kneighbors(G)[1])
    np.testing.assert_array_equal(model.predict(G), SkKNN().fit(X, y).predict(G))


def test_k_larger_than_training_set():
    X, y = make_moons(9, random_state=0)
    with pytest.raises(ValidationError, match="n_neighbors=12 is larger than the 9 training points"):
        KNeighborsClassifier(n_neighbors=12).fit(X, y)
    model = KNeighborsClassifier(n_neighbors=3).fit(X, y)
    with pytest.raises(ValidationError, match="larger than the 9 training points"):
        model.kneighbors(X, n_neighbors=10)


@pytest.mark.parametrize("params,message", [
    ({"n_neighbors": 0}, "n_neighbors=0"),
    ({"n_neighbors": 2.5}, "whole number"),
    ({"metric": "cosine"}, "metric='cosine'"),
    ({"weights": "gaussian"}, "weights='gaussian'"),
    ({"metric": "minkowski", "p": 0.5}, "p=0.5"),
])
def test_hyperparameter_validation(params, message):
    X, y = make_moons(30, random_state=0)
    with pytest.raises(ValidationError, match=message):
        KNeighborsClassifier(**params).fit(X, y)


def test_contract_basics():
    X, y = make_moons(40, random_state=0)
    model = KNeighborsClassifier(n_neighbors=3)
    assert not [a for a in vars(model) if a.endswith("_")]
    with pytest.raises(NotFittedError):
        model.predict(X)
    model.fit(X, y)
    with pytest.raises(ValidationError, match="3 features"):
        model.predict(np.zeros((2, 3)))
    first = model.predict_proba(X)
    np.testing.assert_array_equal(model.fit(X, y).predict_proba(X), first)  # same operations: bit for bit


@settings(max_examples=50, deadline=None)
@given(
    n=st.integers(2, 90),
    m=st.integers(1, 700),
    k=st.integers(1, 8),
    q=st.sampled_from([1.0, 2.0, 3.0]),
    seed=st.integers(0, 2**16),
    grid=st.booleans(),
)
def test_neighbours_match_brute_force(n, m, k, q, seed, grid):
    rng = np.random.default_rng(seed)
    k = min(k, n)
    if grid:  # small integer coordinates: many duplicates and exact ties
        X = rng.integers(0, 5, size=(n, 2)).astype(float)
        Q = rng.integers(-1, 6, size=(m, 2)).astype(float)
    else:
        X = rng.normal(size=(n, 2))
        Q = rng.normal(scale=2, size=(m, 2))
    y = np.arange(n) % 2
    metric = {1.0: "manhattan", 2.0: "euclidean", 3.0: "minkowski"}[q]
    model = KNeighborsClassifier(n_neighbors=k, metric=metric, p=q).fit(X, y)
    dist, idx = model.kneighbors(Q)
    ref_dist, ref_idx = brute_neighbours(X, Q, k, q)
    np.testing.assert_allclose(dist, ref_dist, rtol=distance_rtol(2), atol=0)
    if grid and q != 3.0:  # exact arithmetic: ties must resolve to the smaller index
        np.testing.assert_array_equal(idx, ref_idx)
