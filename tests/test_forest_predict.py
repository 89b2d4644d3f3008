"""Summing leaf values over many trees: painting a lattice and descending every tree
give the same numbers bit for bit (fixed-point sums), so the two never disagree on
an exact tie between classes."""

import numpy as np
import pytest
from sklearn.datasets import make_moons

from mlcore.ensemble import AdaBoostClassifier, ExtraTreesClassifier, RandomForestClassifier
from mlcore.tree._forest_predict import FixedPoint, descend, leaf_sum
from mlcore.tree._grower import grow_forest


def _grid(lo, hi, m):
    g = np.linspace(lo, hi, m)
    gx, gy = np.meshgrid(g, g)
    return np.column_stack([gx.ravel(), gy.ravel()])


def _proba(fa):
    return fa.value / fa.value.sum(axis=1, keepdims=True)


@pytest.fixture
def forest():
    X, y = make_moons(300, noise=0.3, random_state=0)
    W = np.random.default_rng(0).integers(0, 3, size=(25, 300)).astype(float)
    return grow_forest(X, y, 2, W, max_depth=6, max_features=1, rng=np.random.default_rng(0))


def test_painting_equals_descending_to_the_bit(forest):
    G = _grid(-2, 3, 70)
    values = _proba(forest)
    fixed = FixedPoint(values, forest.n_trees)
    walked = fixed.value(sum(fixed.whole[row] for row in descend(forest, G)))
    painted = leaf_sum(forest, G, values)
    np.testing.assert_array_equal(painted, walked)
    # rows fed one by one are no lattice: they take the descent
    np.testing.assert_array_equal(np.vstack([leaf_sum(forest, G[i:i + 1], values) for i in range(0, 4900, 97)]),
                                  painted[::97])


def test_fixed_point_sums_are_the_float_sums_to_within_one_unit_per_tree(forest):
    G = _grid(-2, 3, 50)
    values = _proba(forest)
    float_sum = sum(values[row] for row in descend(forest, G))
    unit = FixedPoint(values, forest.n_trees).unit
    assert unit <= 2.0 ** -40          # 25 trees, values <= 1: 2^-45
    assert np.max(np.abs(leaf_sum(forest, G, values) - float_sum)) <= forest.n_trees * unit / 2


def test_a_subset_of_trees_sums_only_those_trees(forest):
    G = _grid(-2, 3, 40)
    values = _proba(forest)
    fixed = FixedPoint(values, forest.n_trees)
    first = fixed.value(sum(fixed.whole[row] for row in descend(forest, G, np.arange(7))))
    np.testing.assert_array_equal(leaf_sum(forest, G, values, trees=np.arange(7)), first)


@pytest.mark.parametrize("make", [
    lambda: RandomForestClassifier(n_estimators=2, max_depth=2, random_state=3),
    lambda: ExtraTreesClassifier(n_estimators=10, max_features=None, random_state=1),
    lambda: AdaBoostClassifier(n_estimators=6, random_state=0),
])
def test_grid_and_single_points_predict_the_same_class_even_on_ties(make):
    X, y = make_moons(200, noise=0.3, random_state=0)
    model = make().fit(X, y)
    G = _grid(-2, 3, 40)
    on_grid = model.predict_proba(G) if hasattr(model, "oob_score") else model.decision_function(G)
    alone = np.vstack([(model.predict_proba(G[i:i + 1]) if hasattr(model, "oob_score")
                        else model.decision_function(G[i:i + 1]).reshape(1, -1)) for i in range(len(G))])
    np.testing.assert_array_equal(on_grid.reshape(alone.shape), alone)
    np.testing.assert_array_equal(model.predict(G), np.concatenate([model.predict(G[i:i + 1]) for i in range(len(G))]))


def test_exact_ties_go_to_the_first_class_on_the_grid_and_point_by_point():
    # fully grown extra-trees have pure leaves: probabilities are multiples of 1/10 and
    # many cells tie 5 to 5. Summed in floats, painting and descent can split such ties
    # differently; summed exactly they cannot.
    X, y = make_moons(200, noise=0.3, random_state=0)
    model = ExtraTreesClassifier(n_estimators=10, max_features=None, random_state=0).fit(X, y)
    G = _grid(-2, 3, 60)
    P = model.predict_proba(G)
    tie = P[:, 0] == P[:, 1]
    assert tie.sum() > 100
    assert np.all(model.predict(G)[tie] == model.classes_[0])
    alone = np.concatenate([model.predict(G[i:i + 1]) for i in np.flatnonzero(tie)])
    assert np.all(alone == model.classes_[0])


def test_staged_probabilities_end_exactly_at_predict_proba():
    X, y = make_moons(150, noise=0.3, random_state=0)
    rf = RandomForestClassifier(n_estimators=7, random_state=0).fit(X, y)
    G = _grid(-2, 3, 30)
    stages = list(rf.staged_predict_proba(G))
    np.testing.assert_array_equal(stages[-1], rf.predict_proba(G))
    np.testing.assert_array_equal(stages[3], next(iter(rf.staged_predict_proba(G, [4]))))
