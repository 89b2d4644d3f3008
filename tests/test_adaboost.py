"""AdaBoost-SAMME against scikit-learn round by round, and its bookkeeping."""

import re

import numpy as np
import pytest
from sklearn.datasets import make_classification, make_moons
from sklearn.ensemble import AdaBoostClassifier as SkAdaBoost

from mlcore.base import ValidationError
from mlcore.ensemble import AdaBoostClassifier
from mlcore.linear_model import LogisticRegression
from mlcore.tree import DecisionTreeClassifier


def _data(seed, K, n=300):
    X, y = make_classification(n, n_features=4, n_informative=3, n_redundant=0, n_classes=K,
                               n_clusters_per_class=1, random_state=seed)
    # scikit-learn's trees work in float32: use values it represents exactly
    return X.astype(np.float32).astype(np.float64), y


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("K", [2, 3])
def test_same_stump_and_learner_weight_as_sklearn_every_round(seed, K):
    X, y = _data(seed, K)
    ours = AdaBoostClassifier(n_estimators=40).fit(X, y)
    sk = SkAdaBoost(n_estimators=40, random_state=0).fit(X, y)
    assert len(ours.estimators_) == len(sk.estimators_)
    for r, (h, s) in enumerate(zip(ours.history_, sk.estimators_, strict=True)):
        assert h["feature"] == s.tree_.feature[0], f"round {r + 1}"
        assert h["threshold"] == s.tree_.threshold[0], f"round {r + 1}"
    np.testing.assert_allclose(ours.estimator_weights_, sk.estimator_weights_[:len(ours.estimators_)], rtol=1e-9)
    np.testing.assert_allclose(ours.estimator_errors_, sk.estimator_errors_[:len(ours.estimators_)], rtol=1e-9)
    Xt = np.random.default_rng(seed).normal(0, 2, size=(300, 4)).astype(np.float32).astype(np.float64)
    np.testing.assert_allclose(ours.decision_function(Xt), sk.decision_function(Xt), atol=1e-9)
    np.testing.assert_allclose(ours.predict_proba(Xt), sk.predict_proba(Xt), atol=1e-9)
    for a, b in zip(ours.staged_decision_function(Xt), sk.staged_decision_function(Xt), strict=True):
        np.testing.assert_allclose(a, b, atol=1e-9)


def test_deeper_trees_agree_with_sklearn_predictions():
    X, y = _data(1, 3)
    from sklearn.tree import DecisionTreeClassifier as SkTree
    ours = AdaBoostClassifier(DecisionTreeClassifier(max_depth=3), n_estimators=20).fit(X, y)
    sk = SkAdaBoost(SkTree(max_depth=3), n_estimators=20, random_state=0).fit(X, y)
    # ties inside deeper trees may be broken differently, so compare the first rounds' weights loosely
    np.testing.assert_allclose(ours.estimator_weights_[:3], sk.estimator_weights_[:3], rtol=1e-9)
    assert np.mean(ours.predict(X) == sk.predict(X)) > 0.95


def test_weights_follow_the_samme_update():
    X, y = make_moons(200, noise=0.3, random_state=0)
    ada = AdaBoostClassifier(n_estimators=10, learning_rate=0.5).fit(X, y)
    for t in range(len(ada.history_) - 1):
        w = ada.history_[t]["sample_weight"]
        wrong = ada.estimators_[t].predict(X) != y
        err = w[wrong].sum()
        assert ada.history_[t]["error"] == pytest.approx(err)
        alpha = 0.5 * (np.log((1 - err) / err) + np.log(1))
        assert ada.history_[t]["alpha"] == pytest.approx(alpha)
        nxt = w * np.exp(alpha * wrong)
        np.testing.assert_allclose(ada.history_[t + 1]["sample_weight"], nxt / nxt.sum(), rtol=1e-9)
        assert ada.history_[t]["sample_weight"].sum() == pytest.approx(1.0)


def test_training_error_by_round_matches_staged_predictions():
    X, y = make_moons(200, noise=0.3, random_state=0)
    ada = AdaBoostClassifier(n_estimators=15).fit(X, y)
    staged = [np.mean(p != y) for p in ada.staged_predict(X)]
    assert staged == pytest.approx([h["train_error"] for h in ada.history_])
    np.testing.assert_array_equal(list(ada.staged_predict(X))[-1], ada.predict(X))
    for m in (1, 4, len(ada.history_)):
        expected = list(ada.staged_decision_function(X))[m - 1]
        np.testing.assert_allclose(ada.decision_function(X, n_rounds=m), expected, atol=1e-10)


def test_a_perfect_stump_stops_boosting_with_a_large_finite_say():
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = np.array([0, 0, 1, 1])
    ada = AdaBoostClassifier(n_estimators=10).fit(X, y)
    assert len(ada.estimators_) == 1 and ada.estimator_errors_[0] == 0
    assert ada.estimator_weights_[0] == pytest.approx(np.log((1 - 1e-10) / 1e-10))
    assert np.array_equal(ada.predict(X), y)
    assert np.all(np.isfinite(ada.predict_proba(X)))


def test_no_better_than_chance_first_learner_is_kept_alone():
    X = np.zeros((6, 2))
    y = np.array([0, 1, 0, 1, 0, 1])
    ada = AdaBoostClassifier(n_estimators=10).fit(X, y)
    assert len(ada.estimators_) == 1 and ada.estimator_weights_[0] == 1.0
    P = ada.predict_proba(X)
    assert np.all(np.isfinite(P)) and np.allclose(P.sum(axis=1), 1)


def test_importances_and_string_labels():
    X, y = make_moons(200, noise=0.2, random_state=0)
    labels = np.array(["a", "b"])[y]
    ada = AdaBoostClassifier(n_estimators=20).fit(X, labels)
    sk = SkAdaBoost(n_estimators=20, random_state=0).fit(X.astype(np.float32).astype(np.float64), labels)
    assert set(ada.predict(X)) <= {"a", "b"}
    assert ada.feature_importances_.sum() == pytest.approx(1.0)
    np.testing.assert_allclose(ada.feature_importances_, sk.feature_importances_, atol=0.05)


def test_parameter_errors_are_readable():
    X, y = make_moons(40, random_state=0)
    for bad, says in ((dict(n_estimators=0), "n_estimators"),
                      (dict(estimator=DecisionTreeClassifier(max_depth=0)), "max_depth >= 1"),
                      (dict(estimator=DecisionTreeClassifier(criterion="nope")), "criterion"),
                      (dict(estimator=DecisionTreeClassifier(gain_ratio=True)), "gain_ratio=False"),
                      (dict(estimator=LogisticRegression()), "boosts decision trees"),
                      (dict(estimator="tree"), "not the name 'tree'"),
                      (dict(learning_rate=0.0), "learning_rate"), (dict(learning_rate="x"), "learning_rate")):
        with pytest.raises(ValidationError, match=re.escape(says)):
            AdaBoostClassifier(**bad).fit(X, y)


def test_none_means_stumps_and_the_users_tree_is_never_fitted():
    X, y = make_moons(200, noise=0.3, random_state=0)
    default = AdaBoostClassifier(n_estimators=8).fit(X, y)
    tree = DecisionTreeClassifier(max_depth=1)
    given = AdaBoostClassifier(tree, n_estimators=8).fit(X, y)
    assert not hasattr(tree, "tree_")
    assert all(t.get_depth() == 1 for t in default.estimators_)
    np.testing.assert_array_equal(default.estimator_weights_, given.estimator_weights_)


@pytest.mark.parametrize("settings", [
    dict(max_depth=2, min_samples_leaf=15),
    dict(max_depth=3, criterion="entropy"),
    dict(max_depth=2, min_samples_split=60, min_impurity_decrease=0.01),
])
def test_the_estimators_settings_grow_every_round(settings):
    """Round t's tree is the tree the estimator grows alone on round t's point weights."""
    X, y = _data(2, 3, n=200)
    ada = AdaBoostClassifier(DecisionTreeClassifier(**settings), n_estimators=6).fit(X, y)
    assert len(ada.estimators_) == 6
    for h, member in zip(ada.history_, ada.estimators_, strict=True):
        alone = DecisionTreeClassifier(**settings).fit(X, y, sample_weight=h["sample_weight"])
        assert member.tree_.node_count == alone.tree_.node_count
        np.testing.assert_array_equal(member.tree_.feature, alone.tree_.feature)
        np.testing.assert_array_equal(member.tree_.threshold, alone.tree_.threshold)
        np.testing.assert_array_equal(member.predict(X), alone.predict(X))
        assert {k: member.get_params()[k] for k in settings} == settings


def test_nested_depth_reaches_the_trees():
    X, y = _data(1, 3)
    ada = AdaBoostClassifier(n_estimators=5).set_params(estimator=DecisionTreeClassifier(),
                                                         estimator__max_depth=3).fit(X, y)
    assert ada.get_params()["estimator__max_depth"] == 3
    assert max(t.get_depth() for t in ada.estimators_) == 3


def test_random_trees_follow_adaboosts_random_state():
    X, y = _data(4, 2)
    tree = DecisionTreeClassifier(max_depth=2, splitter="random", max_features=2)
    a, b, c = (AdaBoostClassifier(tree, n_estimators=8, random_state=s).fit(X, y) for s in (5, 5, 6))
    np.testing.assert_array_equal(a.estimator_weights_, b.estimator_weights_)
    assert not np.array_equal([h["threshold"] for h in a.history_], [h["threshold"] for h in c.history_])
