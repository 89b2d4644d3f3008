"""Ties between equally good splits: one rule for every tree (the single tree, the
ensembles' trees and the reference tree). Costs within 1e-13 W of a node's lowest are
equal; with the misclassification criterion the children's Gini impurity tells them apart
(issue 14, defect 4: zero-gain splits no longer peel points off one at a time); then the
lowest feature, then the lowest threshold."""

import numpy as np
import pytest

import mlcore.tree._grower as grower
import mlcore.tree._reference as reference
import mlcore.tree._splitter as splitter
from mlcore.datasets import make_dataset
from mlcore.ensemble import ExtraTreesClassifier, RandomForestClassifier
from mlcore.tree import DecisionTreeClassifier
from mlcore.tree._grower import grow_forest


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_lecture_repro_grows_a_sensible_tree(seed):
    # The repro: moons, n = 500, noise 0.3, no depth limit (before: 167 levels, 347 leaves for
    # seed 0). Both criteria grow until every leaf is pure, so the Gini tree on the same points
    # is what a sensible tree looks like: twice its depth is a generous bound. A tree that peels
    # one point per level is a chain, as deep as it has leaves; a sensible one is far shallower.
    X, y = make_dataset("moons", n=500, noise=0.3, seed=seed)
    tree = DecisionTreeClassifier(criterion="misclassification").fit(X, y)
    reference = DecisionTreeClassifier(criterion="gini").fit(X, y)
    assert tree.score(X, y) == 1.0
    assert tree.get_depth() <= 2 * reference.get_depth()
    assert tree.get_depth() < tree.get_n_leaves() / 3


def test_zero_gain_cuts_go_to_the_purer_children():
    # 8 / 2 with the two 1s in the middle: no side of any cut has a majority of 1s, so every
    # cut costs the parent's 2 errors (gain 0). The first of them (x <= 0.5) peels off one
    # point; the children's Gini impurity is lowest (6 * 16/36) for the cuts at 3.5 and 5.5,
    # which leave a pure block of four 0s, and the lower threshold wins that remaining tie.
    X = np.arange(10, dtype=float)[:, None]
    y = np.array([0, 0, 0, 0, 1, 1, 0, 0, 0, 0])
    t = DecisionTreeClassifier(criterion="misclassification", max_depth=1).fit(X, y).tree_
    assert t.gain[0] == 0.0                  # a zero-decrease split is still made
    assert t.threshold[0] == 3.5
    full = DecisionTreeClassifier(criterion="misclassification").fit(X, y)
    assert full.get_depth() == 2 and full.get_n_leaves() == 3
    stopped = DecisionTreeClassifier(criterion="misclassification", min_impurity_decrease=1e-9).fit(X, y)
    assert stopped.get_n_leaves() == 1       # the user's way to refuse zero-gain splits


def test_xor_needs_a_zero_gain_first_cut():
    # Separable by two cuts, but the first gains nothing under misclassification: it is made,
    # and the tie-break takes the cut through the middle rather than a sliver at the edge.
    rng = np.random.default_rng(3)
    X = rng.uniform(-1, 1, size=(200, 2))
    X = X[np.abs(X).min(axis=1) > 0.05]          # a gap around the axes
    y = ((X[:, 0] > 0) ^ (X[:, 1] > 0)).astype(int)
    model = DecisionTreeClassifier(criterion="misclassification").fit(X, y)
    assert model.score(X, y) == 1.0
    assert model.get_depth() == 2 and model.get_n_leaves() == 4


@pytest.mark.parametrize("name", ["blobs", "linear"])
def test_predictions_on_separable_data_are_unchanged(name):
    # One cut separates the classes; the tie-break only acts among cuts of equal error, so the
    # misclassification tree makes the error-free cut at the same threshold as Gini and entropy.
    X, y = make_dataset(name, n=200, noise=0.0, seed=4)
    x0 = X[:, 0]
    y = (x0 > np.median(x0)).astype(int)          # separable along x1 by construction
    grid = np.random.default_rng(0).uniform(X.min(0), X.max(0), size=(500, 2))
    mis = DecisionTreeClassifier(criterion="misclassification").fit(X, y)
    assert mis.get_n_leaves() == 2 and mis.score(X, y) == 1.0
    for other in ("gini", "entropy"):
        np.testing.assert_array_equal(mis.predict(grid),
                                      DecisionTreeClassifier(criterion=other).fit(X, y).predict(grid))


@pytest.mark.parametrize("forest", [RandomForestClassifier, ExtraTreesClassifier])
def test_ensembles_use_the_same_rule(forest):
    # The ensembles' trees come from the same grower: with misclassification they are as deep
    # as their Gini twins give or take (bound as in the repro test), not chains.
    X, y = make_dataset("moons", n=500, noise=0.3, seed=0)
    mis = forest(n_estimators=5, criterion="misclassification", random_state=0).fit(X, y)
    gini = forest(n_estimators=5, criterion="gini", random_state=0).fit(X, y)
    deepest = {name: int(m._forest.depth.max()) for name, m in (("mis", mis), ("gini", gini))}
    assert deepest["mis"] <= 2 * deepest["gini"], deepest


@pytest.mark.parametrize("criterion", ["gini", "entropy", "misclassification"])
@pytest.mark.parametrize("weights", ["whole", "fractions"])
def test_a_forest_of_one_tree_grows_the_single_tree(criterion, weights):
    # There used to be two arithmetic styles, one for the single tree and one for the
    # ensembles, which could break near-ties differently; now one rule grows both.
    X, y = make_dataset("blobs", n=150, noise=0.6, seed=2, n_classes=3, extra_features=1)
    X = np.round(X, 1)
    rng = np.random.default_rng(0)
    w = rng.integers(0, 4, len(y)).astype(float) if weights == "whole" else rng.uniform(0.1, 2.0, len(y))
    single = DecisionTreeClassifier(criterion=criterion, min_samples_leaf=2).fit(X, y, sample_weight=w).tree_
    forest = grow_forest(X, y, 3, w[None], criterion=criterion, min_samples_leaf=2)
    for name in ("feature", "threshold", "children_left", "children_right", "n_node_samples", "value", "impurity",
                 "gain"):
        np.testing.assert_array_equal(getattr(forest, name), getattr(single, name), err_msg=name)


def test_the_rule_is_documented():
    for doc in (" ".join(grower.__doc__.split()), " ".join(reference.__doc__.split())):
        assert "lowest children's Gini impurity" in doc and "1e-13" in doc
        assert "lowest feature" in doc and "lowest threshold" in doc
    assert "zero-decrease split is still made" in grower.__doc__
    assert splitter.TIE == reference.TIE == 1e-13
    assert "Gini" in DecisionTreeClassifier.__doc__.split("max_depth")[0]
