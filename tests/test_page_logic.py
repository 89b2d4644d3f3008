"""What the pages show that is really algorithm: the one-vs-one vote, a tree cut at a depth,
the terms of an ID3 gain and the Pegasos-scaled primal objective, each checked against an
independent computation."""

import numpy as np
import pytest
from sklearn.datasets import make_blobs, make_moons

from mlcore.base import ValidationError
from mlcore.datasets import tennis
from mlcore.svm import SVC
from mlcore.tree import DecisionTreeClassifier, ID3Classifier, cut_at_depth

# --- the one-vs-one vote -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def four_class_svm():
    X, y = make_blobs(160, centers=4, cluster_std=1.6, random_state=3)
    labels = np.array(["ant", "bee", "cat", "dog"])[y]  # string labels: the vote must not assume 0..K-1
    return SVC(C=1.0, kernel="rbf", gamma=0.5).fit(X, labels), X


def test_the_vote_winners_follow_the_sign_of_each_pair_machine(four_class_svm):
    model, X = four_class_svm
    winners = model.pairwise_winners(X)
    f = model.pairwise_decision(X)
    assert winners.shape == f.shape == (len(X), 6)
    for p, (a, b) in enumerate(model.pairs_):
        expected = np.where(f[:, p] >= 0, model.classes_[b], model.classes_[a])
        assert np.array_equal(winners[:, p], expected)


def test_the_vote_counts_make_the_prediction(four_class_svm):
    model, X = four_class_svm
    votes = model.vote_counts(X)
    assert votes.shape == (len(X), 4)
    assert np.all(votes.sum(axis=1) == 6)  # every one of the K(K-1)/2 machines casts one vote
    # counted independently from the winners
    counted = np.stack([(model.pairwise_winners(X) == c).sum(axis=1) for c in model.classes_], axis=1)
    assert np.array_equal(votes, counted)
    assert np.array_equal(model.classes_[votes.argmax(axis=1)], model.predict(X))


def test_one_vs_rest_machines_do_not_vote():
    X, y = make_blobs(60, centers=3, random_state=0)
    model = SVC(multiclass="ovr").fit(X, y)
    with pytest.raises(ValidationError, match="do not vote"):
        model.vote_counts(X)


# --- a tree cut at a depth -----------------------------------------------------------------------


@pytest.mark.parametrize("criterion", ["gini", "entropy"])
def test_a_tree_cut_at_depth_d_is_the_tree_grown_with_max_depth_d(criterion):
    X, y = make_moons(300, noise=0.3, random_state=1)
    X = X + np.random.default_rng(0).normal(scale=1e-6, size=X.shape)  # no two points share a value
    full = DecisionTreeClassifier(criterion=criterion, random_state=0).fit(X, y)
    assert full.get_depth() > 4
    grid = np.random.default_rng(1).uniform(-2, 3, size=(2000, 2))
    for depth in range(full.get_depth() + 1):
        cut = cut_at_depth(full, depth)
        assert cut.get_depth() == depth
        if depth == 0:  # one leaf (max_depth=0 is not a tree one can grow): the majority everywhere
            assert np.all(cut.predict(grid) == np.bincount(y).argmax())
            continue
        grown = DecisionTreeClassifier(criterion=criterion, max_depth=depth, random_state=0).fit(X, y)
        assert np.array_equal(cut.predict(grid), grown.predict(grid)), depth
        assert cut.tree_.node_count == grown.tree_.node_count


def test_the_leaves_of_a_cut_tree_carry_their_nodes_class_counts():
    X, y = make_moons(200, noise=0.35, random_state=2)
    full = DecisionTreeClassifier(random_state=0).fit(X, y)
    cut = cut_at_depth(full, 2)
    t, c = full.tree_, cut.tree_
    at_two = np.flatnonzero(t.depth == 2)
    leaves = np.flatnonzero(c.depth == 2)
    assert len(leaves) == len(at_two) and np.all(c.feature[leaves] < 0)
    # the same nodes in the same order (ids grow level by level), with the full tree's counts
    np.testing.assert_array_equal(c.value[leaves], t.value[at_two])
    # counted from the points themselves: the training points reaching each leaf
    reached = cut.apply(X)
    for leaf in leaves:
        np.testing.assert_array_equal(c.value[leaf], np.bincount(y[reached == leaf], minlength=2))
    assert cut_at_depth(full, 60) is full
    with pytest.raises(ValidationError):
        cut_at_depth(full, -1)


# --- the terms of the ID3 gain ------------------------------------------------------------------


def _root(criterion):
    table = tennis()
    return ID3Classifier(criterion=criterion).fit(table.X, table.y, feature_names=table.features).nodes_[0]


def test_gain_terms_reproduce_the_worked_example():
    root = _root("entropy")
    by_name = {c.name: c for c in root.candidates}
    # worked_examples.md: wind detail, S_weak = [6+, 2-] H = 0.811, S_strong = [3+, 3-] H = 1.000
    terms = sorted(by_name["wind"].branch_terms("entropy"))
    assert [n for n, _ in terms] == [6, 8]
    assert terms[0][1] == pytest.approx(1.0) and terms[1][1] == pytest.approx(0.811, abs=5e-4)
    # outlook: sunny [2+, 3-] and rain [3+, 2-] share H = 0.971, overcast is pure
    outlook = sorted(by_name["outlook"].branch_terms("entropy"))
    assert [n for n, _ in outlook] == [4, 5, 5] and outlook[0][1] == 0.0
    assert outlook[1][1] == pytest.approx(0.971, abs=5e-4)


@pytest.mark.parametrize("criterion", ["entropy", "gini"])
def test_the_terms_add_up_to_each_candidates_gain(criterion):
    root = _root(criterion)
    total = root.counts.sum()
    for cand in root.candidates:
        terms = cand.branch_terms(criterion)
        assert sum(n for n, _ in terms) == total
        # closed forms of a few counts (no BLAS, no iteration): equal up to a few ulps of 1
        assert root.impurity - sum(n / total * imp for n, imp in terms) == pytest.approx(cand.gain, abs=1e-12)
    gains = {c.name: c.gain for c in root.candidates}
    if criterion == "entropy":  # worked_examples.md: root gains
        assert gains["outlook"] == pytest.approx(0.246, abs=1e-3)
        assert gains["humidity"] == pytest.approx(0.151, abs=1e-3)


def test_gini_terms_are_one_minus_the_sum_of_squares():
    cand = next(c for c in _root("gini").candidates if c.name == "wind")
    terms = dict((n, imp) for n, imp in cand.branch_terms("gini"))
    assert terms[8] == pytest.approx(1 - (6 / 8) ** 2 - (2 / 8) ** 2)
    assert terms[6] == pytest.approx(0.5)


# --- the primal objective -------------------------------------------------------------------------


def test_the_primal_objective_is_the_soft_margin_objective_over_C_n():
    X, y = make_blobs(80, centers=2, cluster_std=2.5, random_state=4)
    C = 0.7
    model = SVC(C=C, kernel="linear", tol=1e-5).fit(X, y)
    w, b = model.coef_[0], float(model.intercept_[0])
    sign = np.where(y == model.classes_[1], 1.0, -1.0)
    soft_margin = 0.5 * w @ w + C * np.maximum(0.0, 1 - sign * (X @ w + b)).sum()
    # the same w and b put through the same formula in another arrangement: only rounding differs
    assert model.primal_objective(X, y) == pytest.approx(soft_margin / (C * len(y)), rel=1e-9)
    lam = 0.01
    expected = lam / 2 * w @ w + np.maximum(0.0, 1 - sign * (X @ w + b)).mean()
    assert model.primal_objective(X, y, lam) == pytest.approx(expected, rel=1e-9)


def test_the_primal_objective_needs_a_binary_linear_machine():
    X, y = make_blobs(60, centers=2, random_state=0)
    with pytest.raises(ValidationError, match="linear kernel"):
        SVC(kernel="rbf").fit(X, y).primal_objective(X, y)
