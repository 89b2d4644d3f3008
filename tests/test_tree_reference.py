"""The fast grower against the recursive reference tree, over a sweep of settings.

``mlcore.tree._reference`` grows CART one node at a time with every formula in plain
sight; ``DecisionTreeClassifier`` grows it level by level, vectorised. Both follow the
one tie rule (costs within 1e-13 W of a node's lowest are equal; with misclassification
the lowest children's Gini impurity among them; then the lowest feature, then the
lowest threshold), so they must grow the same nodes. The sweep: datasets from
``mlcore.datasets`` (7 generators, 2-5 classes, 0-2 extra features, coordinates rounded
so that values repeat, points coincide and many cuts tie), the three criteria,
max_depth, min_samples_split, min_samples_leaf, min_impurity_decrease, and sample
weights (none, whole numbers with zeros, fractions with zeros).

Where the two trees differ, the difference must be one the rule allows: at that node
both splits are equally good (their costs, recomputed here from the points in exact
rational arithmetic where the criterion allows, are within the rule's 1e-13 W), or the
split's gain equals ``min_impurity_decrease`` up to rounding. Below such a node the
trees are not compared.
"""

import math
from fractions import Fraction

import numpy as np
import pytest

from mlcore.datasets import make_dataset
from mlcore.tree import DecisionTreeClassifier, build_reference_tree, entropy, gini, misclassification
from mlcore.tree import _tail as tail
from mlcore.tree._reference import TIE, impurity

EPS = np.finfo(np.float64).eps
GENERATORS = {"blobs": 5, "moons": 2, "circles": 2, "xor": 2, "spirals": 4, "linear": 2, "checkerboard": 2}
GRID = dict(criterion=["gini", "entropy", "misclassification"], max_depth=[None, None, 1, 3, 6],
            min_samples_split=[2, 2, 5, 20], min_samples_leaf=[1, 1, 2, 7],
            min_impurity_decrease=[0.0, 0.0, 0.005, 0.05], weights=["none", "none", "whole", "fractions"])
BLOCKS, PER_BLOCK = 10, 60                   # 600 fitted pairs of trees


def _dataset(rng):
    name = list(GENERATORS)[rng.integers(len(GENERATORS))]
    X, y = make_dataset(name, n=int(rng.choice([12, 40, 100, 200])), noise=float(rng.choice([0.0, 0.2, 0.5])),
                        seed=int(rng.integers(1000)), n_classes=int(rng.integers(2, GENERATORS[name] + 1)),
                        extra_features=int(rng.choice([0, 0, 1, 2])))
    return np.round(X, int(rng.choice([0, 1, 1]))), y     # rounded: repeated values and exact ties


def _weights(rng, n, kind):
    if kind == "none":
        return None
    w = rng.integers(0, 4, n).astype(float) if kind == "whole" else rng.uniform(0.2, 3.0, n) * (rng.random(n) > 0.15)
    w[0] = max(w[0], 1.0)
    return w


def _cost(X, y, w, K, rows, feature, threshold, criterion):
    """N_L I(L) + N_R I(R) of a split: exact (fractions) for gini and misclassification."""
    total = 0
    for part in (rows[X[rows, feature] <= threshold], rows[X[rows, feature] > threshold]):
        counts = [sum((Fraction(float(v)) for v in w[part][y[part] == k]), Fraction(0)) for k in range(K)]
        N = sum(counts)
        if criterion == "gini":
            total += N - sum(c * c for c in counts) / N
        elif criterion == "misclassification":
            total += N - max(counts)
        else:
            total += Fraction(-math.fsum(float(c) * math.log2(c / N) for c in counts if c > 0))
    return total


def _check_tie(X, y, w, K, rows, a, b, criterion):
    """The splits a and b ((feature, threshold)) of the node holding ``rows`` are equally good."""
    W = float(sum(Fraction(float(v)) for v in w[rows]))
    slack = 0.0 if criterion != "entropy" else 64 * K * EPS * W * max(1.0, math.log2(W))
    for c in [criterion] + (["gini"] if criterion == "misclassification" else []):
        ca, cb = _cost(X, y, w, K, rows, *a, c), _cost(X, y, w, K, rows, *b, c)
        assert abs(float(ca - cb)) <= TIE * W + slack, f"{c}: {a} costs {float(ca)}, {b} costs {float(cb)}"


def compare(fast, ref, X, y, w, K, params, exact_sums: bool):
    """Walk both trees together; returns the number of nodes where they differ (each checked to be
    a difference the rule allows)."""
    allowed = 0
    stack = [(0, 0, np.flatnonzero(w > 0))]
    while stack:
        a, b, rows = stack.pop()
        assert fast.n_node_samples[a] == ref.n_node_samples[b] == len(rows)
        assert fast.depth[a] == ref.depth[b]
        if exact_sums:      # sums of whole numbers: exact in any order, so the same bits
            np.testing.assert_array_equal(fast.value[a], ref.value[b])
            assert fast.impurity[a] == ref.impurity[b]
        else:
            # the fast grower's class weights are differences of running sums over the level's
            # pairs (at most d W_root), each step rounded to half an ulp of that
            rounding = len(rows) * EPS * X.shape[1] * w.sum()
            np.testing.assert_allclose(fast.value[a], ref.value[b], rtol=0, atol=rounding)
            assert abs(fast.impurity[a] - ref.impurity[b]) <= 4 * K * rounding / ref.value[b].sum() + 8 * K * EPS
        fa, ta, fb, tb = fast.feature[a], fast.threshold[a], ref.feature[b], ref.threshold[b]
        if (fa < 0) != (fb < 0):        # one splits, the other stops: the gain sits on the bound
            gain = fast.gain[a] if fa >= 0 else ref.gain[b]
            assert abs(gain - params["min_impurity_decrease"]) <= 1e-12, (a, gain)
            allowed += 1
            continue
        if fa < 0:
            continue
        assert abs(fast.gain[a] - ref.gain[b]) <= 1e-12
        if (fa, ta) != (fb, tb):
            _check_tie(X, y, w, K, rows, (fa, ta), (fb, tb), params["criterion"])
            allowed += 1
            continue
        go = X[rows, fa] <= ta
        stack.append((fast.children_left[a], ref.children_left[b], rows[go]))
        stack.append((fast.children_right[a], ref.children_right[b], rows[~go]))
    return allowed


def _sweep(block):
    rng = np.random.default_rng(block)
    for _ in range(PER_BLOCK):
        X, y = _dataset(rng)
        params = {key: values[rng.integers(len(values))] for key, values in GRID.items()}
        kind = params.pop("weights")
        w = _weights(rng, len(y), kind)
        fast = DecisionTreeClassifier(**params).fit(X, y, sample_weight=w).tree_
        ref = build_reference_tree(X, y, w, **params)
        yield kind, params, X, y, np.ones(len(y)) if w is None else w, fast, ref


@pytest.mark.parametrize("block", range(BLOCKS))
def test_fast_grower_grows_the_reference_tree(block):
    identical = 0
    for kind, params, X, y, w, fast, ref in _sweep(block):
        K = int(y.max()) + 1
        allowed = compare(fast, ref, X, y, w, K, params, exact_sums=kind != "fractions")
        same = fast.node_count == ref.node_count and all(
            np.array_equal(getattr(fast, k), getattr(ref, k))
            for k in ("feature", "threshold", "children_left", "children_right", "parent", "n_node_samples"))
        assert same or allowed, params
        identical += same
    # The rule is one rule: the same nodes everywhere but where rounding sits on a bound.
    assert identical >= PER_BLOCK - 2


def test_the_reference_impurity_is_the_library_impurity():
    counts = np.random.default_rng(0).integers(0, 6, size=(200, 3)).astype(float)
    counts[:, 0] += 1
    for criterion, library in (("gini", gini), ("entropy", entropy), ("misclassification", misclassification)):
        np.testing.assert_array_equal(impurity(counts, criterion), library(counts))


def test_the_reference_reads_like_the_textbook():
    # the 8/8 worked case: Gini 0.5 at the root, the cut at 7.5 leaves two pure children
    X = np.arange(16, dtype=float)[:, None]
    y = np.array([0] * 8 + [1] * 8)
    tree = build_reference_tree(X, y)
    assert (tree.feature[0], tree.threshold[0], tree.impurity[0], tree.gain[0]) == (0, 7.5, 0.5, 0.5)
    assert tree.node_count == 3 and tree.children_right[0] == tree.children_left[0] + 1
    np.testing.assert_array_equal(tree.value[1:], [[8, 0], [0, 8]])


@pytest.mark.parametrize("seed", range(6))
def test_the_plain_python_tail_grows_the_vectorised_tree(seed, monkeypatch):
    # The deep levels of a default tree are finished in plain Python (mlcore.tree._tail): a
    # speed-up only, so with the tail switched off every node array is the same to the bit.
    rng = np.random.default_rng(100 + seed)
    X, y = _dataset(rng)
    params = dict(min_samples_leaf=int(rng.choice([1, 3])), max_depth=[None, 4][seed % 2])
    calls = []
    finish = tail.finish
    monkeypatch.setattr(tail, "finish", lambda *a: calls.append(1) or finish(*a))
    with_tail = DecisionTreeClassifier(**params).fit(X, y).tree_
    assert calls, "the tail was not used"
    monkeypatch.setattr(tail, "TAIL_PAIRS", 0)
    without = DecisionTreeClassifier(**params).fit(X, y).tree_
    for name in ("feature", "threshold", "children_left", "children_right", "parent", "value", "n_node_samples",
                 "impurity", "gain", "depth"):
        np.testing.assert_array_equal(getattr(with_tail, name), getattr(without, name), err_msg=name)
    reference = build_reference_tree(X, y, **params)
    full = dict(params, criterion="gini", min_impurity_decrease=0.0)
    assert compare(with_tail, reference, X, y, np.ones(len(y)), int(y.max()) + 1, full, exact_sums=True) == 0
