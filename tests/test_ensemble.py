"""Ensembles: the batched forest builder, random forests, extra-trees, bagging.

Oracles: scikit-learn's trees and forests, the 1 - 1/e bootstrap fact, and
recomputation from the members each ensemble exposes.
"""

import re

import numpy as np
import pytest
from sklearn.datasets import make_classification, make_moons
from sklearn.ensemble import ExtraTreesClassifier as SkExtraTrees
from sklearn.ensemble import RandomForestClassifier as SkForest
from sklearn.tree import DecisionTreeClassifier as SkTree

from mlcore.base import ValidationError
from mlcore.ensemble import BaggingClassifier, ExtraTreesClassifier, RandomForestClassifier
from mlcore.linear_model import LogisticRegression, Perceptron
from mlcore.naive_bayes import GaussianNB
from mlcore.neighbors import KNeighborsClassifier
from mlcore.tree import DecisionTreeClassifier
from mlcore.tree._forest_predict import descend, leaf_sum
from mlcore.tree._grower import grow_forest


def _data(seed, n=300, K=3, d=3):
    X, y = make_classification(n, n_features=d, n_informative=d, n_redundant=0, n_classes=K,
                               n_clusters_per_class=1, random_state=seed)
    # scikit-learn's trees work in float32: use values it represents exactly
    return X.astype(np.float32).astype(np.float64), y


def _grid(lo=-3.0, hi=3.0, m=60):
    g = np.linspace(lo, hi, m)
    gx, gy = np.meshgrid(g, g)
    return np.column_stack([gx.ravel(), gy.ravel()])


def _leaf_proba(fa):
    return fa.value / fa.value.sum(axis=1, keepdims=True)


# ---------------------------------------------------------------- the builder

@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("criterion", ["gini", "entropy"])
def test_one_weighted_tree_equals_sklearn(seed, criterion):
    X, y = _data(seed)
    rng = np.random.default_rng(seed)
    # real weights (integer counts make exact ties between features common), some zero
    w = rng.uniform(0.5, 2.0, len(y)) * (rng.random(len(y)) > 0.2)
    fa = grow_forest(X, y, 3, w[None], criterion=criterion, max_depth=4, min_samples_leaf=2)
    sk = SkTree(criterion=criterion, max_depth=4, min_samples_leaf=2, random_state=0).fit(X, y, sample_weight=w)
    # Same root split and the same probabilities at the training points. (Node counts
    # may differ: scikit-learn splits "pure" nodes whose impurity is rounding noise.)
    assert (fa.feature[0], fa.threshold[0]) == (sk.tree_.feature[0], sk.tree_.threshold[0])
    np.testing.assert_allclose(leaf_sum(fa, X, _leaf_proba(fa)), sk.predict_proba(X), atol=1e-9)
    # Away from the training points a tie (two features cutting off the same points,
    # scikit-learn picks one in random feature order, we the lower index) can differ.
    Xt = np.random.default_rng(1).normal(0, 2, size=(500, 3)).astype(np.float32).astype(np.float64)
    same = np.all(np.abs(leaf_sum(fa, Xt, _leaf_proba(fa)) - sk.predict_proba(Xt)) < 1e-9, axis=1)
    assert same.mean() >= 0.98


def test_trees_grown_together_equal_trees_grown_alone():
    X, y = _data(5, K=2)
    W = np.random.default_rng(0).integers(0, 3, size=(4, len(y))).astype(float)
    together = grow_forest(X, y, 2, W, max_depth=5)
    for t in range(4):
        alone = grow_forest(X, y, 2, W[t:t + 1], max_depth=5)
        a, b = together.tree_start[t], together.tree_start[t + 1]
        np.testing.assert_array_equal(together.feature[a:b], alone.feature)
        np.testing.assert_array_equal(together.threshold[a:b], alone.threshold)
        np.testing.assert_allclose(together.value[a:b], alone.value)


def test_painting_a_lattice_equals_descending_every_tree():
    X, y = make_moons(300, noise=0.3, random_state=0)
    W = np.random.default_rng(0).integers(0, 3, size=(20, 300)).astype(float)
    fa = grow_forest(X, y, 2, W, max_depth=6, max_features=1, rng=np.random.default_rng(0))
    G = _grid(-2, 3, 80)
    painted = leaf_sum(fa, G, _leaf_proba(fa))
    leaves = descend(fa, G)
    walked = sum(_leaf_proba(fa)[row] for row in leaves)
    np.testing.assert_allclose(painted, walked, atol=1e-10)
    # a point exactly on a threshold goes left (x <= t), in both methods
    node = int(np.flatnonzero(fa.children_left >= 0)[0])
    f, t = fa.feature[node], fa.threshold[node]
    on = G.copy()
    on[:, f] = np.round(on[:, f], 1)
    on[:, f][on[:, f] == on[0, f]] = t
    walked = sum(_leaf_proba(fa)[row] for row in descend(fa, on))
    np.testing.assert_allclose(leaf_sum(fa, on, _leaf_proba(fa)), walked, atol=1e-10)


def test_leaf_boxes_contain_their_training_points():
    X, y = _data(2, K=2, d=2)
    fa = grow_forest(X, y, 2, np.ones((1, len(y))), max_depth=6)
    leaves = descend(fa, X)[0]
    assert np.all(X > fa.lower[leaves]) and np.all(X <= fa.upper[leaves])


# ---------------------------------------------------------------- forests

def test_bootstrap_keeps_one_minus_one_over_e_of_the_points():
    X, y = make_moons(1000, noise=0.3, random_state=0)
    rf = RandomForestClassifier(n_estimators=200, max_depth=1, random_state=0).fit(X, y)
    distinct = [np.unique(s).size / 1000 for s in rf.estimators_samples_]
    assert abs(np.mean(distinct) - (1 - 1 / np.e)) < 0.005
    assert all(s.size == 1000 for s in rf.estimators_samples_)


def test_forest_matches_sklearn_statistically():
    X, y = make_moons(1200, noise=0.3, random_state=1)
    Xtr, ytr, Xte, yte = X[:800], y[:800], X[800:], y[800:]
    ours = RandomForestClassifier(n_estimators=100, max_depth=8, oob_score=True, random_state=0).fit(Xtr, ytr)
    sk = SkForest(n_estimators=100, max_depth=8, oob_score=True, random_state=0).fit(Xtr, ytr)
    assert abs(ours.score(Xte, yte) - sk.score(Xte, yte)) < 0.03
    assert abs(ours.oob_score_ - sk.oob_score_) < 0.03
    # each tree tried one of the two features per node, as max_features="sqrt" asks
    assert ours.max_features_ == 1


def test_forest_is_the_mean_of_its_trees_and_oob_is_recomputed_from_them():
    X, y = make_moons(200, noise=0.3, random_state=0)
    rf = RandomForestClassifier(n_estimators=15, oob_score=True, random_state=3).fit(X, y)
    assert all(isinstance(t, DecisionTreeClassifier) for t in rf.estimators_)
    G = _grid(-2, 3, 50)
    mean = np.mean([t.predict_proba(G) for t in rf.estimators_], axis=0)
    rounding = _vote_tolerance(15)  # means of 15 probabilities in [0, 1], summed in another order
    np.testing.assert_allclose(rf.predict_proba(G), mean, rtol=0, atol=rounding)
    votes, seen = np.zeros((200, 2)), np.zeros(200)
    for tree, sample in zip(rf.estimators_, rf.estimators_samples_, strict=True):
        out = np.setdiff1d(np.arange(200), sample)
        votes[out] += tree.predict_proba(X[out])
        seen[out] += 1
    has = seen > 0
    np.testing.assert_allclose(rf.oob_decision_function_[has], votes[has] / seen[has, None], rtol=0, atol=rounding)
    assert rf.oob_score_ == pytest.approx(np.mean(votes[has].argmax(1) == y[has]))


@pytest.mark.parametrize("cls", [RandomForestClassifier, BaggingClassifier])
def test_out_of_bag_is_off_by_default_and_changes_no_prediction(cls):
    """scikit-learn's default, oob_score=False: no estimate; asking for it fits the same model."""
    X, y = make_moons(120, noise=0.3, random_state=0)
    plain = cls(n_estimators=8, random_state=2).fit(X, y)
    with_oob = cls(n_estimators=8, oob_score=True, random_state=2).fit(X, y)
    assert plain.oob_score_ is None and 0.5 < with_oob.oob_score_ <= 1.0
    G = _grid(-2, 3, 30)
    np.testing.assert_array_equal(plain.predict_proba(G), with_oob.predict_proba(G))


def test_staged_probabilities_end_at_the_full_forest():
    X, y = make_moons(200, noise=0.3, random_state=0)
    rf = RandomForestClassifier(n_estimators=12, random_state=0).fit(X, y)
    G = _grid(-2, 3, 40)
    stages = list(rf.staged_predict_proba(G, [1, 5, 12]))
    rounding = _vote_tolerance(12)  # means of <= 12 probabilities, other orders
    np.testing.assert_allclose(stages[0], rf.estimators_[0].predict_proba(G), rtol=0, atol=rounding)
    np.testing.assert_allclose(stages[-1], rf.predict_proba(G), rtol=0, atol=rounding)


def test_importances_find_the_informative_feature():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(400, 3))
    y = (X[:, 1] > 0.2).astype(int)
    rf = RandomForestClassifier(n_estimators=50, max_depth=4, random_state=0).fit(X, y)
    sk = SkForest(n_estimators=50, max_depth=4, random_state=0).fit(X, y)
    assert rf.feature_importances_.sum() == pytest.approx(1.0)
    assert np.argmax(rf.feature_importances_) == 1
    np.testing.assert_allclose(rf.feature_importances_, sk.feature_importances_, atol=0.1)


def test_extra_trees_draw_thresholds_inside_each_node():
    X, y = make_moons(300, noise=0.25, random_state=0)
    et = ExtraTreesClassifier(n_estimators=10, oob_score=True, random_state=0).fit(X, y)
    assert et.oob_score_ is None     # no bootstrap: every tree saw every point
    for tree in et.estimators_:
        t = tree.tree_
        leaves = tree.apply(X)
        for node in np.flatnonzero(t.children_left >= 0)[:20]:
            inside = tree.decision_path(X)[:, node]
            xs = X[inside, t.feature[node]]
            assert xs.min() <= t.threshold[node] < xs.max()
        assert leaves.shape == (300,)
    sk = SkExtraTrees(n_estimators=10, random_state=0).fit(X[:200], y[:200])
    ours = ExtraTreesClassifier(n_estimators=10, random_state=0).fit(X[:200], y[:200])
    assert abs(ours.score(X[200:], y[200:]) - sk.score(X[200:], y[200:])) < 0.06


def test_extra_trees_thresholds_are_not_midpoints():
    X, y = make_moons(200, noise=0.25, random_state=0)
    et = ExtraTreesClassifier(n_estimators=3, random_state=0).fit(X, y)
    t = et.estimators_[0].tree_
    f, thr = t.feature[0], t.threshold[0]
    xs = np.sort(X[:, f])
    mids = (xs[1:] + xs[:-1]) / 2
    assert np.min(np.abs(mids - thr)) > 0


@pytest.mark.parametrize("cls", [RandomForestClassifier, ExtraTreesClassifier])
def test_forest_parameter_errors_are_readable(cls):
    X, y = make_moons(50, random_state=0)
    for bad in (dict(n_estimators=0), dict(max_features=5), dict(max_features="half"),
                dict(criterion="gain"), dict(bootstrap="yes"), dict(min_samples_leaf=0)):
        with pytest.raises(ValidationError):
            cls(**bad).fit(X, y)


def test_forest_survives_degenerate_data():
    X = np.array([[1.0, 1.0]] * 6 + [[2.0, 2.0]] * 6)
    y = np.array([0, 1] * 6)
    for scale in (1e-9, 1.0, 1e9):
        rf = RandomForestClassifier(n_estimators=5, random_state=0).fit(X * scale, y)
        P = rf.predict_proba(X * scale)
        assert np.all(np.isfinite(P)) and np.allclose(P.sum(axis=1), 1)


# ---------------------------------------------------------------- bagging

def test_bagging_clones_and_never_fits_the_users_model():
    X, y = make_moons(120, noise=0.3, random_state=0)
    base = LogisticRegression(C=0.5)
    bag = BaggingClassifier(estimator=base, n_estimators=5, random_state=0).fit(X, y)
    assert not hasattr(base, "classes_") and base.get_params()["C"] == 0.5
    assert len({id(m) for m in bag.estimators_}) == 5 and base not in bag.estimators_
    assert all(m.C == 0.5 for m in bag.estimators_)


def test_bagging_a_tree_instance_uses_its_settings_and_leaves_it_unfitted():
    X, y = _data(3, n=200, K=2, d=2)
    tree = DecisionTreeClassifier(max_depth=2, min_samples_leaf=5)
    bag = BaggingClassifier(tree, n_estimators=6, random_state=0).fit(X, y)
    assert not hasattr(tree, "tree_") and bag.estimator is tree
    assert all(m.get_depth() <= 2 and m.min_samples_leaf == 5 for m in bag.estimators_)
    assert max(m.get_depth() for m in bag.estimators_) == 2
    # the same settings reached by name give the same model
    nested = BaggingClassifier(DecisionTreeClassifier(), n_estimators=6, random_state=0)
    nested.set_params(estimator__max_depth=2, estimator__min_samples_leaf=5).fit(X, y)
    np.testing.assert_array_equal(nested.predict_proba(X), bag.predict_proba(X))
    # the default (None) is an unlimited tree, as DecisionTreeClassifier()
    default = BaggingClassifier(n_estimators=6, random_state=0).fit(X, y)
    plain = BaggingClassifier(DecisionTreeClassifier(), n_estimators=6, random_state=0).fit(X, y)
    np.testing.assert_array_equal(default.predict_proba(X), plain.predict_proba(X))
    assert max(m.get_depth() for m in default.estimators_) > 2


def test_bagging_soft_vote_is_the_mean_of_members_fitted_on_their_samples():
    X, y = make_moons(150, noise=0.3, random_state=0)
    bag = BaggingClassifier(estimator=LogisticRegression(), n_estimators=6, random_state=1).fit(X, y)
    G = _grid(-2, 3, 30)
    by_hand = np.mean([LogisticRegression().fit(X[s], y[s]).predict_proba(G)
                       for s in bag.estimators_samples_], axis=0)
    np.testing.assert_allclose(bag.predict_proba(G), by_hand, atol=1e-8)


def test_bagging_hard_vote_counts_members():
    X, y = make_moons(150, noise=0.3, random_state=0)
    bag = BaggingClassifier(estimator=Perceptron(random_state=0), n_estimators=7, random_state=0).fit(X, y)
    G = _grid(-2, 3, 30)
    votes = np.array([m.predict(G) for m in bag.estimators_])
    np.testing.assert_allclose(bag.predict_proba(G)[:, 1], (votes == 1).mean(axis=0))


def test_bagged_trees_equal_trees_fitted_on_the_samples():
    X, y = _data(3, n=200, K=2, d=2)
    bag = BaggingClassifier(n_estimators=5, random_state=0).fit(X, y)
    G = np.random.default_rng(0).normal(0, 2, size=(400, 2))
    for member, s in zip(bag.estimators_, bag.estimators_samples_, strict=True):
        alone = DecisionTreeClassifier().fit(X[s], y[s])
        agree = np.mean(member.predict(G) == alone.predict(G))
        assert agree >= 0.99


def test_bagging_pasting_and_tiny_samples():
    X, y = make_moons(40, noise=0.2, random_state=0)
    bag = BaggingClassifier(estimator=GaussianNB(), n_estimators=20, max_samples=0.5, bootstrap=False,
                            oob_score=True, random_state=0).fit(X, y)
    assert all(np.unique(s).size == 20 for s in bag.estimators_samples_)
    assert bag.oob_score_ is not None
    tiny = BaggingClassifier(estimator=LogisticRegression(), n_estimators=10, max_samples=2, random_state=0).fit(X, y)
    P = tiny.predict_proba(X)    # some 2-point samples hold one class: those members vote it
    assert np.all(np.isfinite(P)) and np.allclose(P.sum(axis=1), 1)


def test_bagging_base_errors_are_readable():
    X, y = make_moons(40, random_state=0)
    for bad, says in ((dict(estimator="tree"), "not the name 'tree'"),
                      (dict(estimator=DecisionTreeClassifier), "instance such as DecisionTreeClassifier()"),
                      (dict(estimator=3), "mlcore classifier"),
                      (dict(max_samples=0.0), "max_samples"), (dict(n_estimators=0), "n_estimators")):
        with pytest.raises(ValidationError, match=re.escape(says)):
            BaggingClassifier(**bad).fit(X, y)


def _vote_tolerance(m):
    """How far two ways of averaging m probabilities may differ in floating point.

    One adds the m values and divides by m, the other adds the m values p/m: each of
    the m additions and divisions of numbers in [0, 1] rounds by at most eps (relative
    to a partial sum <= 1 after dividing), so each result is within about m eps of the
    exact mean, and the two within 2 m eps. The tree ensembles' leaf sums
    (``mlcore.tree._forest_predict.leaf_sum``) are in addition rounded to 12 decimals
    there, which adds up to 0.5e-12.
    """
    return 2 * (m + 1) * np.finfo(np.float64).eps + 0.5e-12


@pytest.mark.parametrize("make", [
    lambda: RandomForestClassifier(n_estimators=9, random_state=0),
    lambda: BaggingClassifier(n_estimators=9, random_state=0),
    lambda: BaggingClassifier(estimator=LogisticRegression(), n_estimators=9, random_state=0),
])
def test_running_sums_over_members_equal_separate_votes(make):
    X, y = make_moons(120, noise=0.3, random_state=0)
    model = make().fit(X, y)
    G = _grid(-2, 3, 30)
    every = list(model.staged_predict_proba(G))
    assert len(every) == 9
    for m in (1, 4, 9):
        tol = _vote_tolerance(m)
        np.testing.assert_allclose(every[m - 1], next(iter(model.staged_predict_proba(G, [m]))), rtol=0, atol=tol)
    np.testing.assert_allclose(every[-1], model.predict_proba(G), rtol=0, atol=_vote_tolerance(9))


@pytest.mark.parametrize("make", [
    lambda: RandomForestClassifier(n_estimators=12, random_state=0),
    lambda: BaggingClassifier(n_estimators=6, random_state=0),
    lambda: BaggingClassifier(estimator=LogisticRegression(), n_estimators=6, random_state=0),
])
def test_pickled_ensembles_predict_the_same_and_rebuild_their_members(make):
    import pickle

    X, y = make_moons(120, noise=0.3, random_state=0)
    model = make().fit(X, y)
    members = [m.predict(X) for m in model.estimators_]
    twin = pickle.loads(pickle.dumps(model))
    np.testing.assert_array_equal(twin.predict_proba(X), model.predict_proba(X))
    for a, m in zip(members, twin.estimators_, strict=True):
        np.testing.assert_array_equal(a, m.predict(X))


def test_bagged_trees_report_feature_importances():
    # feature 1 decides the label, feature 0 is noise: the bagged trees must say so
    rng = np.random.default_rng(3)
    X = np.column_stack([rng.normal(size=300), rng.normal(size=300)])
    y = (X[:, 1] + 0.3 * rng.normal(size=300) > 0).astype(int)
    fast = BaggingClassifier(estimator=DecisionTreeClassifier(), n_estimators=15, random_state=0).fit(X, y)
    imp = fast.feature_importances_
    assert imp.sum() == pytest.approx(1.0) and imp[1] > 0.6
    # the all-at-once forest path equals the mean of its member trees' own importances
    mean = np.mean([t.feature_importances_ for t in fast.estimators_], axis=0)
    np.testing.assert_allclose(imp, mean / mean.sum(), rtol=1e-10)
    # members fitted one by one (gain ratio leaves the fast path) report them too
    slow = BaggingClassifier(estimator=DecisionTreeClassifier(gain_ratio=True), n_estimators=5,
                             random_state=0).fit(X, y)
    assert slow.feature_importances_.sum() == pytest.approx(1.0) and slow.feature_importances_[1] > 0.5
    # a base model without importances gives none
    assert not hasattr(BaggingClassifier(estimator=KNeighborsClassifier(), n_estimators=3, random_state=0).fit(X, y),
                       "feature_importances_")
