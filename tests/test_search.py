"""Grid search, random search and nested CV: scikit-learn as the oracle on the same folds.

kNN and CART give the same predictions as scikit-learn's (tests/test_knn.py, tests/test_tree.py),
so every fold's accuracy is the same count over the same n_test: the means below can differ only
by the rounding of a sum of S fractions (S <= 5 terms), hence the 1e-12 tolerance.
"""

import numpy as np
import pytest
from sklearn.model_selection import GridSearchCV as SkGridSearchCV
from sklearn.model_selection import ParameterGrid as SkParameterGrid
from sklearn.model_selection import StratifiedKFold as SkStratifiedKFold
from sklearn.model_selection import cross_val_score as sk_cross_val_score
from sklearn.neighbors import KNeighborsClassifier as SkKNN
from sklearn.tree import DecisionTreeClassifier as SkTree

from mlcore import ValidationError
from mlcore.datasets import make_dataset
from mlcore.ensemble import BaggingClassifier
from mlcore.model_selection import (
    GridSearchCV,
    ParameterGrid,
    ParameterSampler,
    RandomizedSearchCV,
    loguniform,
    nested_cross_val_score,
)
from mlcore.neighbors import KNeighborsClassifier
from mlcore.tree import DecisionTreeClassifier

MEAN_ATOL = 1e-12


@pytest.fixture(scope="module")
def moons():
    return make_dataset("moons", n=180, noise=0.35, seed=3)


@pytest.fixture(scope="module")
def blobs3():
    return make_dataset("blobs", n=150, noise=0.6, seed=1, n_classes=3)


def sk_folds(X, y, k=5):
    return list(SkStratifiedKFold(k).split(X, y))


@pytest.mark.parametrize("data", ["moons", "blobs3"])
def test_knn_grid_matches_sklearn(data, request):
    X, y = request.getfixturevalue(data)
    folds = sk_folds(X, y)
    ks = [1, 3, 5, 7, 11, 15, 21]
    grid = {"n_neighbors": ks, "metric": ["euclidean", "manhattan"]}
    ours = GridSearchCV(KNeighborsClassifier(), grid, cv=folds).fit(X, y)
    theirs = SkGridSearchCV(SkKNN(), grid, cv=folds).fit(X, y)
    # Both order the grid by sorted names; matching the settings keeps the check independent of it.
    by_setting = {(p["n_neighbors"], p["metric"]): i for i, p in enumerate(theirs.cv_results_["params"])}
    order = [by_setting[(p["n_neighbors"], p["metric"])] for p in ours.cv_results_["params"]]
    for key in ["mean_test_score", "std_test_score"] + [f"split{s}_test_score" for s in range(5)]:
        np.testing.assert_allclose(ours.cv_results_[key], theirs.cv_results_[key][order], rtol=0, atol=MEAN_ATOL,
                                   err_msg=key)
    np.testing.assert_array_equal(ours.cv_results_["rank_test_score"], theirs.cv_results_["rank_test_score"][order])
    assert ours.best_score_ == pytest.approx(theirs.best_score_, abs=MEAN_ATOL)
    assert (ours.best_params_["n_neighbors"], ours.best_params_["metric"]) == (
        theirs.best_params_["n_neighbors"], theirs.best_params_["metric"])


def test_tree_grid_matches_sklearn(moons):
    X, y = moons
    folds = sk_folds(X, y)
    grid = {"max_depth": [1, 2, 3, 4, 6, None], "min_samples_leaf": [1, 3, 8, 20]}
    ours = GridSearchCV(DecisionTreeClassifier(), grid, cv=folds).fit(X, y)
    theirs = SkGridSearchCV(SkTree(random_state=0), grid, cv=folds).fit(X, y)
    assert [p for p in ours.cv_results_["params"]] == list(theirs.cv_results_["params"])
    np.testing.assert_allclose(ours.cv_results_["mean_test_score"], theirs.cv_results_["mean_test_score"],
                               rtol=0, atol=MEAN_ATOL)
    np.testing.assert_array_equal(ours.cv_results_["rank_test_score"], theirs.cv_results_["rank_test_score"])
    assert ours.best_params_ == theirs.best_params_
    np.testing.assert_array_equal(ours.predict(X), theirs.predict(X))
    assert ours.score(X, y) == theirs.score(X, y)


def test_default_cv_is_five_stratified_folds_as_in_sklearn(moons):
    X, y = moons
    grid = {"n_neighbors": [1, 5, 9, 15]}
    ours = GridSearchCV(KNeighborsClassifier(), grid).fit(X, y)
    theirs = SkGridSearchCV(SkKNN(), {"n_neighbors": grid["n_neighbors"]}).fit(X, y)
    assert ours.n_splits_ == 5
    np.testing.assert_allclose(ours.cv_results_["mean_test_score"], theirs.cv_results_["mean_test_score"],
                               rtol=0, atol=MEAN_ATOL)


def test_random_search_scores_its_draws_as_sklearn_scores_them(moons):
    X, y = moons
    folds = sk_folds(X, y)
    space = {"n_neighbors": list(range(1, 60, 2)), "metric": ["euclidean", "manhattan"]}
    search = RandomizedSearchCV(KNeighborsClassifier(), space, n_iter=12, cv=folds, random_state=7).fit(X, y)
    drawn = search.cv_results_["params"]
    assert len(drawn) == 12 and len({tuple(sorted(p.items())) for p in drawn}) == 12, "drawn without replacement"
    theirs = SkGridSearchCV(SkKNN(), [{"n_neighbors": [p["n_neighbors"]], "metric": [p["metric"]]} for p in drawn],
                            cv=folds).fit(X, y)
    np.testing.assert_allclose(search.cv_results_["mean_test_score"], theirs.cv_results_["mean_test_score"],
                               rtol=0, atol=MEAN_ATOL)
    assert search.best_params_["n_neighbors"] == theirs.best_params_["n_neighbors"]
    again = RandomizedSearchCV(KNeighborsClassifier(), space, n_iter=12, cv=folds, random_state=7).fit(X, y)
    assert again.cv_results_["params"] == drawn, "random_state fixes the draws"


def test_parameter_grid_order_and_indexing_match_sklearn():
    grid = [{"b": [1, 2], "a": ["x", "y", "z"]}, {"c": [0.1, 1.0, 10.0]}]
    ours = ParameterGrid(grid)
    assert list(ours) == list(SkParameterGrid(grid))
    assert len(ours) == 9
    assert [ours[i] for i in range(len(ours))] == list(ours)
    with pytest.raises(IndexError):
        ours[9]


def test_parameter_sampler_draws_from_lists_and_distributions():
    draws = list(ParameterSampler({"C": loguniform(1e-2, 1e2), "kernel": ["rbf", "linear"]}, 200, random_state=0))
    C = np.array([d["C"] for d in draws])
    assert len(draws) == 200 and C.min() >= 1e-2 and C.max() <= 1e2
    # log-uniform: about half the draws below the geometric middle 1
    assert 0.35 < np.mean(C < 1.0) < 0.65
    assert {d["kernel"] for d in draws} == {"rbf", "linear"}
    small = list(ParameterSampler({"k": [1, 2, 3]}, 10, random_state=0))
    assert sorted(d["k"] for d in small) == [1, 2, 3], "a grid smaller than n_iter is sampled whole, once"


def test_nested_names_reach_inside_a_meta_estimator(moons):
    X, y = moons
    folds = sk_folds(X, y, 3)
    bagging = BaggingClassifier(estimator=DecisionTreeClassifier(), n_estimators=5, random_state=0)
    search = GridSearchCV(bagging, {"estimator__max_depth": [1, 3, None]}, cv=folds).fit(X, y)
    for depth, mean in zip([1, 3, None], search.cv_results_["mean_test_score"], strict=True):
        by_hand = [BaggingClassifier(estimator=DecisionTreeClassifier(max_depth=depth), n_estimators=5,
                                     random_state=0).fit(X[tr], y[tr]).score(X[te], y[te]) for tr, te in folds]
        assert mean == pytest.approx(np.mean(by_hand), abs=MEAN_ATOL)
    assert search.best_estimator_.estimator.max_depth == search.best_params_["estimator__max_depth"]
    assert bagging.estimator.max_depth is None and not hasattr(bagging, "classes_"), "the user's model is untouched"


def test_refit_is_the_best_setting_on_all_points(blobs3):
    X, y = blobs3
    search = GridSearchCV(KNeighborsClassifier(), {"n_neighbors": [1, 4, 9, 25]}, cv=4).fit(X, y)
    fresh = KNeighborsClassifier(n_neighbors=search.best_params_["n_neighbors"]).fit(X, y)
    grid = np.random.default_rng(0).uniform(-3, 3, size=(300, 2))
    np.testing.assert_array_equal(search.predict(grid), fresh.predict(grid))
    np.testing.assert_array_equal(search.predict_proba(grid), fresh.predict_proba(grid))
    np.testing.assert_array_equal(search.classes_, fresh.classes_)
    without = GridSearchCV(KNeighborsClassifier(), {"n_neighbors": [1, 4]}, cv=4, refit=False).fit(X, y)
    with pytest.raises(ValidationError, match="refit"):
        without.predict(grid)


def test_progress_callback_counts_every_fit(moons):
    X, y = moons
    seen = []
    GridSearchCV(KNeighborsClassifier(), {"n_neighbors": [1, 3, 5]}, cv=4,
                 callback=lambda done, total, what: seen.append((done, total, what))).fit(X, y)
    assert [d for d, _, _ in seen] == list(range(1, 14))
    assert {t for _, t, _ in seen} == {13}
    assert "n_neighbors=3, fold 2 of 4" in [w for _, _, w in seen]
    assert seen[-1][2].startswith("refit n_neighbors=")


def test_nested_cv_matches_sklearn_search_inside_cross_val_score(moons):
    X, y = moons
    grid = {"n_neighbors": [1, 3, 5, 9, 15, 25]}
    seen = []
    nested = nested_cross_val_score(GridSearchCV(KNeighborsClassifier(), grid, cv=3), X, y, cv=4,
                                    callback=lambda d, t, w: seen.append((d, t)))
    theirs = sk_cross_val_score(SkGridSearchCV(SkKNN(), {"n_neighbors": grid["n_neighbors"]}, cv=3), X, y,
                                cv=SkStratifiedKFold(4))
    np.testing.assert_array_equal(nested.scores, theirs)  # each is a count over the same n_test
    assert len(nested.best_params) == 4 and all(p["n_neighbors"] in grid["n_neighbors"] for p in nested.best_params)
    for (train, test), params, inner in zip(nested.splits, nested.best_params, nested.inner_scores, strict=True):
        assert not set(train) & set(test)
        inner_search = SkGridSearchCV(SkKNN(), {"n_neighbors": grid["n_neighbors"]}, cv=3).fit(X[train], y[train])
        assert params["n_neighbors"] == inner_search.best_params_["n_neighbors"]
        assert inner == pytest.approx(inner_search.best_score_, abs=MEAN_ATOL)
    assert seen[-1] == (4 * 19, 4 * 19) and [d for d, _ in seen] == list(range(1, 4 * 19 + 1))


@pytest.mark.parametrize("grid, message", [({"n_neighbors": []}, "empty"), ({"n_neighbors": 3}, "list of values"),
                                           ({"n_neighbors": "135"}, "list of values"), ([3], "dict")])
def test_bad_grids_are_explained(grid, message):
    with pytest.raises(ValidationError, match=message):
        GridSearchCV(KNeighborsClassifier(), grid).fit(np.zeros((10, 2)), np.arange(10) % 2)


def test_an_unknown_parameter_names_the_model(moons):
    X, y = moons
    with pytest.raises(ValidationError, match="no hyperparameter 'k'"):
        GridSearchCV(KNeighborsClassifier(), {"k": [1, 3]}).fit(X, y)


def test_a_candidate_that_cannot_fit_ranks_last_with_its_reason(moons):
    X, y = moons
    search = GridSearchCV(KNeighborsClassifier(), {"n_neighbors": [5, 170]}, cv=5).fit(X, y)
    assert np.isnan(search.cv_results_["mean_test_score"][1])
    assert list(search.cv_results_["rank_test_score"]) == [1, 2]
    assert search.best_params_ == {"n_neighbors": 5}
    assert search.cv_results_["fit_errors"][0] is None and "170" in search.cv_results_["fit_errors"][1]
    with pytest.raises(ValidationError, match="every candidate failed"):
        GridSearchCV(KNeighborsClassifier(), {"n_neighbors": [170, 171]}, cv=5).fit(X, y)
    with pytest.raises(ValidationError):
        GridSearchCV(KNeighborsClassifier(), {"n_neighbors": [5, 170]}, cv=5, error_score="raise").fit(X, y)
