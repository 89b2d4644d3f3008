"""Splitters and cross-validation against scikit-learn (an oracle in tests only), plus the definitions."""

import numpy as np
import pytest
from sklearn import model_selection as skms
from sklearn.neighbors import KNeighborsClassifier as SkKNN
from sklearn.tree import DecisionTreeClassifier as SkTree

from mlcore import ValidationError
from mlcore.datasets import make_dataset
from mlcore.model_selection import (
    Bootstrap,
    KFold,
    LeaveOneOut,
    ShuffleSplit,
    StratifiedKFold,
    check_cv,
    cross_val_score,
    cross_validate,
    learning_curve,
    validation_curve,
)
from mlcore.neighbors import KNeighborsClassifier
from mlcore.tree import DecisionTreeClassifier


def _folds(splitter, X, y):
    return [(train.tolist(), test.tolist()) for train, test in splitter.split(X, y)]


@pytest.mark.parametrize("n", [5, 17, 100, 101])
@pytest.mark.parametrize("k", [2, 3, 5])
def test_kfold_equals_sklearn(n, k):
    X = np.zeros((n, 2))
    assert _folds(KFold(k), X, None) == _folds(skms.KFold(k), X, None)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("k", [2, 3, 5, 10])
def test_stratified_kfold_equals_sklearn(seed, k):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(30, 120))
    # Uneven classes, labels not in sorted order of first appearance, strings in half the cases.
    y = rng.choice([2, 0, 1], size=n, p=[0.5, 0.3, 0.2])
    if seed % 2:
        y = np.array(["c", "a", "b"])[y]
    X = np.zeros((n, 2))
    assert _folds(StratifiedKFold(k), X, y) == _folds(skms.StratifiedKFold(k), X, y)


def test_stratified_kfold_keeps_class_shares():
    y = np.array([0] * 90 + [1] * 10)
    for _, test in StratifiedKFold(5, shuffle=True, random_state=3).split(None, y):
        assert np.sum(y[test] == 1) == 2 and test.size == 20


def test_shuffled_kfold_is_a_partition_and_reproducible():
    X = np.zeros((23, 1))
    folds = _folds(KFold(4, shuffle=True, random_state=7), X, None)
    assert folds == _folds(KFold(4, shuffle=True, random_state=7), X, None)
    assert folds != _folds(KFold(4), X, None)
    tests = sorted(i for _, test in folds for i in test)
    assert tests == list(range(23))
    for train, test in folds:
        assert sorted(train + test) == list(range(23))


def test_leave_one_out_equals_sklearn():
    X = np.zeros((7, 2))
    assert _folds(LeaveOneOut(), X, None) == _folds(skms.LeaveOneOut(), X, None)
    assert LeaveOneOut().get_n_splits(X) == 7


@pytest.mark.parametrize("test_size, n_test", [(0.25, 25), (1 / 3, 34), (0.1, 10), (7, 7)])
def test_shuffle_split_sizes(test_size, n_test):
    X = np.zeros((100, 2))
    splits = list(ShuffleSplit(4, test_size=test_size, random_state=0).split(X))
    assert len(splits) == 4
    for train, test in splits:
        assert test.size == n_test and train.size == 100 - n_test
        assert np.intersect1d(train, test).size == 0
    # sklearn's own count for the same test_size (ceil of the fraction)
    sk_train, sk_test = next(skms.ShuffleSplit(1, test_size=test_size, random_state=0).split(X))
    assert sk_test.size == n_test


def test_bootstrap_out_of_bag():
    n = 2000
    fractions = []
    for train, test in Bootstrap(5, random_state=1).split(np.zeros((n, 1))):
        assert train.size == n
        assert np.intersect1d(train, test).size == 0
        assert np.union1d(train, test).size == n
        fractions.append(test.size / n)
    # out of bag with probability (1 - 1/n)^n ~ 1/e; 5 draws of 2000 points: sd ~ 0.011 each
    assert abs(np.mean(fractions) - np.exp(-1)) < 0.02


def test_bootstrap_tiny_data_always_has_a_test_point():
    for _train, test in Bootstrap(50, random_state=0).split(np.zeros((2, 1))):
        assert test.size >= 1


def test_check_cv():
    y = np.array([0, 1] * 10)
    assert isinstance(check_cv(3, y, classifier=True), StratifiedKFold)
    # scikit-learn's default, classifier=False: plain k-fold, labels or not
    for plain in (check_cv(3, y), check_cv(3, None, classifier=True)):
        assert isinstance(plain, KFold) and not isinstance(plain, StratifiedKFold)
    assert type(skms.check_cv(3, y)).__name__ == "KFold"
    assert check_cv(None, y).n_splits == 5
    given = [(np.arange(10), np.arange(10, 20))]
    assert len(list(check_cv(given, y).split(None, y))) == 1
    with pytest.raises(ValidationError, match="number of folds"):
        check_cv("five", y)


def test_splitter_errors():
    with pytest.raises(ValidationError, match="at most 3 folds"):
        list(KFold(5).split(np.zeros((3, 1))))
    with pytest.raises(ValidationError, match="fewer folds"):
        list(StratifiedKFold(5).split(None, np.array([0, 0, 1, 1, 2, 2])))
    with pytest.raises(ValidationError):
        KFold(1)
    with pytest.raises(ValidationError, match="at least one point"):
        list(ShuffleSplit(2, test_size=10).split(np.zeros((10, 1))))


def _data(name="moons", n=200, seed=0, noise=0.3):
    return make_dataset(name, n=n, noise=noise, seed=seed)


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("cv", [3, 5])
def test_cross_val_score_knn_equals_sklearn(seed, cv):
    X, y = _data(seed=seed)
    ours = cross_val_score(KNeighborsClassifier(n_neighbors=5), X, y, cv=cv)
    theirs = skms.cross_val_score(SkKNN(n_neighbors=5), X, y, cv=cv)
    # Same folds and the same predictions: fold accuracies are exact ratios of counts.
    np.testing.assert_array_equal(ours, theirs)


def test_cross_val_score_tree_equals_sklearn_with_shuffled_folds():
    # moons: no equal-gain cuts on different features (circles have them at the root, where the
    # two libraries break ties differently)
    X, y = _data("moons", n=240, seed=2, noise=0.3)
    X = X.astype(np.float32).astype(np.float64)  # scikit-learn's trees split float32 values
    folds = list(skms.KFold(4, shuffle=True, random_state=5).split(X))
    ours = cross_val_score(DecisionTreeClassifier(max_depth=4), X, y, cv=folds)
    theirs = skms.cross_val_score(SkTree(max_depth=4, random_state=0), X, y, cv=folds)
    np.testing.assert_array_equal(ours, theirs)


def test_learning_curve_equals_sklearn():
    X, y = _data(n=300, seed=4)
    sizes = np.linspace(0.1, 1.0, 6)
    ours = learning_curve(KNeighborsClassifier(n_neighbors=3), X, y, train_sizes=sizes, cv=5)
    theirs = skms.learning_curve(SkKNN(n_neighbors=3), X, y, train_sizes=sizes, cv=5)
    np.testing.assert_array_equal(ours[0], theirs[0])
    np.testing.assert_array_equal(ours[1], theirs[1])
    np.testing.assert_array_equal(ours[2], theirs[2])


def test_learning_curve_shuffle_uses_same_sizes_and_is_reproducible():
    X, y = _data(n=200, seed=1)
    a = learning_curve(DecisionTreeClassifier(max_depth=3), X, y, train_sizes=[5, 20, 80], cv=4,
                       shuffle=True, random_state=3)
    b = learning_curve(DecisionTreeClassifier(max_depth=3), X, y, train_sizes=[5, 20, 80], cv=4,
                       shuffle=True, random_state=3)
    assert a[0].tolist() == [5, 20, 80]
    np.testing.assert_array_equal(a[2], b[2])


def test_learning_curve_one_class_subset_is_nan_and_reported():
    # Sorted labels: the first 10 training points of every fold are class 0.
    X = np.arange(40, dtype=float).reshape(-1, 1)
    y = np.array([0] * 20 + [1] * 20)
    sizes, train, test, errors = learning_curve(KNeighborsClassifier(n_neighbors=1), X, y, train_sizes=[10, 32],
                                                cv=KFold(5), return_errors=True)
    assert np.all(np.isnan(test[0])) and np.all(np.isnan(train[0]))
    assert np.all(np.isfinite(test[1]))
    assert len(errors) == 5 and all(size == 10 and "class" in msg for size, _, msg in errors)


def test_failed_fit_scores_nan_or_raises():
    X, y = _data(n=40)
    scores = cross_validate(KNeighborsClassifier(n_neighbors=39), X, y, cv=5)
    assert np.all(np.isnan(scores["test_score"])) and all(scores["errors"])
    with pytest.raises(ValidationError):
        cross_val_score(KNeighborsClassifier(n_neighbors=39), X, y, cv=5, error_score="raise")


def test_validation_curve_equals_sklearn():
    X, y = _data(n=200, seed=3)
    ks = [1, 3, 7, 15]
    train, test = validation_curve(KNeighborsClassifier(), X, y, param_name="n_neighbors", param_range=ks, cv=5)
    sk_train, sk_test = skms.validation_curve(SkKNN(), X, y, param_name="n_neighbors", param_range=ks, cv=5)
    np.testing.assert_array_equal(train, sk_train)
    np.testing.assert_array_equal(test, sk_test)


def test_validation_curve_nested_name_and_callback_and_no_side_effect():
    from mlcore.ensemble import BaggingClassifier

    X, y = _data(n=120)
    model = BaggingClassifier(estimator=DecisionTreeClassifier(), n_estimators=3, random_state=0)
    calls = []
    train, test = validation_curve(model, X, y, param_name="estimator__max_depth", param_range=[1, 4],
                                   cv=3, callback=lambda done, total, what: calls.append((done, total)))
    assert train.shape == (2, 3)
    assert calls == [(i, 6) for i in range(1, 7)]
    assert model.estimator.max_depth is None and not hasattr(model, "classes_")
    # depth 1 fits the training folds worse than depth 4
    assert train[0].mean() < train[1].mean()


def test_cross_validate_times_and_train_score():
    X, y = _data(n=100)
    result = cross_validate(KNeighborsClassifier(n_neighbors=1), X, y, cv=4, return_train_score=True)
    assert set(result) == {"test_score", "train_score", "fit_time", "score_time", "errors"}
    np.testing.assert_array_equal(result["train_score"], 1.0)  # 1-NN recalls its own training points
    assert np.all(result["fit_time"] >= 0)


@pytest.mark.parametrize("cv", [5, "shuffled"])
def test_cross_validate_returns_the_estimators_as_sklearn_does(cv):
    X, y = _data(n=150, seed=5)
    if cv == "shuffled":
        cv = list(skms.StratifiedKFold(4, shuffle=True, random_state=2).split(X, y))
    model = KNeighborsClassifier(n_neighbors=5)
    ours = cross_validate(model, X, y, cv=cv, return_estimator=True)
    theirs = skms.cross_validate(SkKNN(n_neighbors=5), X, y, cv=cv, return_estimator=True)
    np.testing.assert_array_equal(ours["test_score"], theirs["test_score"])   # same folds, same scores
    assert len(ours["estimator"]) == len(theirs["estimator"])
    # each estimator is fitted on its fold's training points: it predicts as scikit-learn's does
    for mine, ref in zip(ours["estimator"], theirs["estimator"], strict=True):
        np.testing.assert_array_equal(mine.predict(X), ref.predict(X))
    assert not hasattr(model, "classes_"), "the caller's estimator is never fitted"
    assert len({id(e) for e in ours["estimator"]}) == len(ours["estimator"])


def test_cross_validate_estimators_hold_each_training_folds_statistics():
    from sklearn.naive_bayes import GaussianNB as SkGaussianNB

    from mlcore.naive_bayes import GaussianNB

    X, y = _data(n=120, seed=6)
    folds = list(skms.StratifiedKFold(3, shuffle=True, random_state=0).split(X, y))
    ours = cross_validate(GaussianNB(), X, y, cv=folds, return_estimator=True)["estimator"]
    theirs = skms.cross_validate(SkGaussianNB(), X, y, cv=folds, return_estimator=True)["estimator"]
    for mine, ref, (train, _) in zip(ours, theirs, folds, strict=True):
        # the class means of that fold's training points (sums of ~40 values: a few ulps apart)
        np.testing.assert_allclose(mine.theta_, ref.theta_, rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(mine.theta_[1], X[train][y[train] == 1].mean(axis=0), rtol=1e-12, atol=1e-12)


def test_cross_validate_without_return_estimator_keeps_none_and_a_failed_fit_stays_unfitted():
    X, y = _data(n=40)
    assert "estimator" not in cross_validate(KNeighborsClassifier(n_neighbors=3), X, y, cv=4)
    failed = cross_validate(KNeighborsClassifier(n_neighbors=39), X, y, cv=4, return_estimator=True)
    assert all(failed["errors"]) and len(failed["estimator"]) == 4
    assert not any(hasattr(e, "classes_") for e in failed["estimator"])


def test_scoring_errors():
    X, y = _data(n=60)
    with pytest.raises(ValidationError, match="scoring"):
        cross_val_score(KNeighborsClassifier(), X, y, scoring="f2")
    with pytest.raises(ValidationError, match="labels"):
        cross_val_score(KNeighborsClassifier(), X, None)
