"""Filters, sequential selection, the ℓ1 path and stability, on data with known informative features."""

import numpy as np
import pytest
from sklearn.feature_selection import SequentialFeatureSelector as SkSFS
from sklearn.metrics import mutual_info_score
from sklearn.model_selection import cross_val_score
from sklearn.neighbors import KNeighborsClassifier as SkKNN

from mlcore import ValidationError
from mlcore.datasets import make_dataset
from mlcore.feature_selection import (
    SelectKBest,
    SequentialFeatureSelector,
    logistic_l1_path,
    mutual_info_scores,
    pearson_scores,
    selection_stability,
    stump_scores,
)
from mlcore.feature_selection._filters import discretise
from mlcore.feature_selection._sequential import search_costs
from mlcore.model_selection import StratifiedKFold
from mlcore.neighbors import KNeighborsClassifier
from mlcore.preprocessing import StandardScaler


def _noisy(seed=0, extra=4, name="blobs", noise=0.8):
    """Two informative features (the generator's plane) then ``extra`` pure noise columns."""
    return make_dataset(name, n=200, noise=noise, seed=seed, extra_features=extra)


def test_pearson_equals_numpy_corrcoef():
    X, y = _noisy()
    expected = [abs(np.corrcoef(X[:, j], y)[0, 1]) for j in range(X.shape[1])]
    # |r| <= 1, and both compute it from sums of 200 products: they differ by rounding of about
    # n·eps ~ 4e-14 absolute, which a relative tolerance would not allow for an r close to 0.
    np.testing.assert_allclose(pearson_scores(X, y), expected, rtol=0, atol=1e-12)
    X[:, 3] = 1.0
    assert pearson_scores(X, y)[3] == 0.0


def test_mutual_information_equals_sklearn_on_the_bins():
    X, y = _noisy(1)
    codes = discretise(X, 8)
    expected = [mutual_info_score(codes[:, j], y) for j in range(X.shape[1])]
    np.testing.assert_allclose(mutual_info_scores(X, y, n_bins=8), expected, rtol=1e-12, atol=1e-15)
    assert np.all(np.bincount(codes[:, 0]) == 25)  # equal-frequency bins: 200 points, 8 bins


def test_stump_scores_equal_a_brute_force_search():
    X, y = _noisy(2, extra=2)
    for j in range(X.shape[1]):
        best = max(np.mean(y == (X[:, j] > t)) for t in np.unique(X[:, j]))
        best = max(best, 1 - min(np.mean(y == (X[:, j] > t)) for t in np.unique(X[:, j])), np.mean(y == 0))
        assert stump_scores(X, y)[j] == pytest.approx(best, abs=1e-12)


@pytest.mark.parametrize("score", [pearson_scores, mutual_info_scores, stump_scores])
def test_every_filter_ranks_the_two_real_features_first(score):
    X, y = _noisy(3)
    assert set(np.argsort(-score(X, y))[:2]) == {0, 1}


def test_selection_scores_on_stratified_k_fold_and_needs_k_points_per_class():
    X, y = _noisy(11, extra=1)
    folds = list(StratifiedKFold(4).split(X, y))
    seen = []

    class Recording(KNeighborsClassifier):
        def fit(self, X, y):
            seen.append(X.copy())
            return super().fit(X, y)

    SequentialFeatureSelector(Recording(), n_features_to_select=1, cv=4).fit(X, y)
    for fitted, (train, _) in zip(seen[:4], folds, strict=True):   # the first subset, {0}: four fits
        np.testing.assert_array_equal(fitted, X[train][:, [0]])
    with pytest.raises(ValidationError, match="smallest"):
        SequentialFeatureSelector(KNeighborsClassifier(), cv=5).fit(X[:13], np.array([0] * 10 + [1] * 3))


@pytest.mark.parametrize("direction", ["forward", "backward"])
def test_selection_picks_the_informative_features(direction):
    X, y = _noisy(4, extra=5)
    sfs = SequentialFeatureSelector(KNeighborsClassifier(), n_features_to_select=2, direction=direction).fit(X, y)
    assert set(sfs.get_support(indices=True)) == {0, 1}
    if direction == "forward":
        assert {step["changed"] for step in sfs.path_[:2]} == {0, 1}
    else:
        assert len(sfs.path_) == 1 + 5 and sfs.path_[0]["features"] == tuple(range(7))
        assert {step["changed"] for step in sfs.path_[1:]} == {2, 3, 4, 5, 6}


def test_forward_path_adds_the_real_features_before_any_noise():
    X, y = _noisy(5, extra=6)
    sfs = SequentialFeatureSelector(KNeighborsClassifier(), n_features_to_select=8).fit(X, y)
    assert [s["changed"] for s in sfs.path_][:2] in ([0, 1], [1, 0])
    assert [len(s["features"]) for s in sfs.path_] == list(range(1, 9))


@pytest.mark.parametrize("direction", ["forward", "backward"])
def test_same_choices_as_sklearn_with_the_same_folds(direction):
    # Our kNN predicts as scikit-learn's (tests/test_knn.py), and cv=5 means the same stratified
    # folds to both (mlcore.model_selection.StratifiedKFold deals them as scikit-learn does), so
    # every CV score is the same mean of the same accuracies, and both take the first best candidate.
    X, y = _noisy(6, extra=4, name="moons", noise=0.3)
    for k in (1, 2, 3):
        ours = SequentialFeatureSelector(KNeighborsClassifier(n_neighbors=5), n_features_to_select=k,
                                         direction=direction)
        ref = SkSFS(SkKNN(n_neighbors=5), n_features_to_select=k, direction=direction, cv=5)
        np.testing.assert_array_equal(ours.fit(X, y).get_support(), ref.fit(X, y).get_support())
    for step in ours.path_:   # each score is scikit-learn's 5-fold CV accuracy of that subset
        expected = cross_val_score(SkKNN(n_neighbors=5), X[:, list(step["features"])], y, cv=5).mean()
        assert step["score"] == pytest.approx(expected, rel=0, abs=1e-12)


def test_costs_are_the_counts_of_subsets_scored():
    assert search_costs(8, 2) == {"exhaustive": 255, "forward": 8 + 7, "backward": 1 + 8 + 7 + 6 + 5 + 4 + 3}
    X, y = _noisy(7, extra=2)
    calls = []

    class Counting(KNeighborsClassifier):
        def fit(self, X, y):
            calls.append(X.shape[1])
            return super().fit(X, y)

    SequentialFeatureSelector(Counting(), n_features_to_select=2, cv=2).fit(X, y)
    assert len(calls) == 2 * search_costs(4, 2)["forward"]


def test_l1_path_is_zero_below_the_analytic_threshold_and_grows_after():
    X, y = _noisy(8, extra=3)
    Z = StandardScaler().fit_transform(X)
    # With w = 0 the optimal intercept gives p = ȳ for every point; w = 0 stays optimal exactly
    # while C · ||Zᵀ(y − ȳ)||_∞ <= 1 (the subgradient condition of C·loss + ||w||_1).
    c_zero = 1 / np.abs(Z.T @ (y - y.mean())).max()
    coefs, _ = logistic_l1_path(Z, y, [0.5 * c_zero, 0.95 * c_zero, 3 * c_zero, 100 * c_zero])
    assert coefs.shape == (4, 1, 5)
    assert np.all(coefs[:2] == 0)
    assert np.count_nonzero(coefs[2]) >= 1
    assert np.count_nonzero(coefs[2]) <= np.count_nonzero(coefs[3])
    # the first feature in is the one with the largest |Zᵀ(y − ȳ)|
    assert np.argmax(np.abs(coefs[2, 0])) == np.argmax(np.abs(Z.T @ (y - y.mean())))
    with pytest.raises(ValidationError, match="Cs"):
        logistic_l1_path(Z, y, [0.0])


def test_stability_is_high_for_real_features_and_reproducible():
    X, y = _noisy(9, extra=4)
    freq, jaccard, supports = selection_stability(SelectKBest("pearson", k=2), X, y, n_bootstrap=15, random_state=0)
    assert supports.shape == (15, 6) and np.all(supports.sum(axis=1) == 2)
    assert freq[0] == freq[1] == 1.0 and jaccard == 1.0
    again = selection_stability(SelectKBest("pearson", k=2), X, y, n_bootstrap=15, random_state=0)
    np.testing.assert_array_equal(again[2], supports)
    # Picking 3 of which only 2 are real: the third is a noise feature that changes with the sample.
    freq3, jaccard3, _ = selection_stability(SelectKBest("pearson", k=3), X, y, n_bootstrap=15, random_state=0)
    assert freq3[2:].max() < 1.0 and jaccard3 < 1.0


def test_progress_counts_every_subset_scored():
    X, y = _noisy(10, extra=3)
    seen = []
    SequentialFeatureSelector(KNeighborsClassifier(), n_features_to_select=1, direction="backward").fit(
        X, y, progress=lambda done, total: seen.append((done, total)))
    total = search_costs(5, 1)["backward"]
    assert seen == [(i, total) for i in range(1, total + 1)]
