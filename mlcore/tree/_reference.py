"""A reference CART: the decision tree grown recursively, one node at a time.

``build_reference_tree`` grows the tree that ``DecisionTreeClassifier`` grows, written
to be read: every node tries every feature and every threshold and keeps the best.
It is slow (each node sorts and scans its own points again); the fast grower
(``mlcore.tree._grower``) finds the same splits for all nodes of a level at once, and
a test checks that both grow the same nodes.

**Impurity** of a node t with weighted class counts c_1..c_K (total N_t, p_k = c_k / N_t):

    gini               I(t) = 1 - sum_k p_k^2
    entropy            I(t) = -sum_k p_k log2 p_k          (0 log2 0 = 0)
    misclassification  I(t) = 1 - max_k p_k

**The best split.** A test "x_f <= s" sends the points of weight N_L left (child L) and
N_R right (child R). Its weighted impurity decrease, the quantity that
``min_impurity_decrease`` bounds (scikit-learn's meaning), is

    gain = N_t / N (I(t) - N_L / N_t I(L) - N_R / N_t I(R))          (N: the root's weight)

so the best split is the one of lowest cost N_L I(L) + N_R I(R), the children's
weighted impurity. The thresholds tried are the midpoints s = x_i / 2 + x_j / 2 of
neighbouring distinct values x_i < x_j of x_f in the node (x_i if that rounds up to
x_j): every point is then strictly on one side, and no other threshold sorts the
node's points differently.

**Ties** (the fast grower's rule too). Costs within 1e-13 N_t of the lowest are equal:
two equivalent formulas for the same cost differ in the last bits only. Among the
splits of equal lowest cost, with the misclassification criterion the ones of lowest
children's Gini impurity N_L G(L) + N_R G(R) are kept (its many equal costs would
otherwise peel one point off per level); then the lowest feature wins, then the
lowest threshold.

**A node is a leaf** at ``max_depth``; with fewer than ``min_samples_split`` or
2 ``min_samples_leaf`` points; when pure (I(t) <= machine epsilon); when no threshold
leaves ``min_samples_leaf`` points on each side; or when the best split's gain is
below ``min_impurity_decrease`` > 0 (with 0 every split is made: a gain is never
negative but for rounding). A point counts only if its weight is positive: one of
weight 0 takes no part at all.

Not here: ``max_features`` and ``splitter="random"`` (they draw at random), and
``gain_ratio``; ``min_samples_*`` are whole numbers (``DecisionTreeClassifier``
also accepts fractions of n).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._classes import Tree
from ._grower import NodeArrays

EPS = np.finfo(np.float64).eps     # a node this impure is pure
TIE = 1e-13                        # costs within TIE * N_t of the lowest are equal


def impurity(counts, criterion: str = "gini"):
    """I of each row of weighted class counts (classes on the last axis, positive totals)."""
    p = counts / counts.sum(axis=-1, keepdims=True)
    if criterion == "gini":
        return 1.0 - np.sum(p * p, axis=-1)
    if criterion == "entropy":
        return -np.sum(p * np.log2(np.where(p > 0, p, 1.0)), axis=-1)
    return 1.0 - p.max(axis=-1)


@dataclass
class Rules:
    criterion: str = "gini"
    max_depth: int | None = None
    min_samples_split: int = 2
    min_samples_leaf: int = 1
    min_impurity_decrease: float = 0.0


@dataclass(eq=False)
class Node:
    """One node: its class weights ``value``, points, impurity, depth and, unless it is a
    leaf, its test x_feature <= threshold, the gain of that split and its two children."""

    value: np.ndarray
    n_samples: int
    impurity: float
    depth: int
    feature: int = -1
    threshold: float = 0.0
    gain: float = 0.0
    left: Node | None = None
    right: Node | None = None


def best_split(X, y, w, rows, K: int, rules: Rules):
    """(feature, threshold) of the best split of the node holding ``rows``, or None."""
    value = np.bincount(y[rows], weights=w[rows], minlength=K)
    candidates = []        # (cost, Gini cost, feature, threshold), in (feature, threshold) order
    for f in range(X.shape[1]):
        order = rows[np.argsort(X[rows, f], kind="stable")]
        x = X[order, f]
        # left[i]: the class weights of the points up to position i (the cut after i)
        left = np.cumsum(np.eye(K)[y[order]] * w[order, None], axis=0)[:-1]
        right = value - left
        n_left = np.arange(1, len(order))
        allowed = ((x[:-1] < x[1:]) & (n_left >= rules.min_samples_leaf)
                   & (len(order) - n_left >= rules.min_samples_leaf))
        N_L, N_R = left.sum(axis=1), right.sum(axis=1)
        cost = N_L * impurity(left, rules.criterion) + N_R * impurity(right, rules.criterion)
        gini_cost = N_L * impurity(left, "gini") + N_R * impurity(right, "gini")
        for i in np.flatnonzero(allowed):
            threshold = x[i] / 2.0 + x[i + 1] / 2.0
            if threshold >= x[i + 1]:
                threshold = x[i]
            candidates.append((cost[i], gini_cost[i], f, threshold))
    if not candidates:
        return None
    tolerance = TIE * value.sum()
    lowest = min(c[0] for c in candidates)
    tied = [c for c in candidates if c[0] <= lowest + tolerance]
    if rules.criterion == "misclassification":
        lowest = min(c[1] for c in tied)
        tied = [c for c in tied if c[1] <= lowest + tolerance]
    return tied[0][2:]


def grow(X, y, w, rows, depth: int, K: int, N: float, rules: Rules) -> Node:
    """The subtree grown from the node holding ``rows`` (N: the root's weight)."""
    value = np.bincount(y[rows], weights=w[rows], minlength=K)
    node = Node(value, len(rows), float(impurity(value, rules.criterion)), depth)
    if ((rules.max_depth is not None and depth >= rules.max_depth) or len(rows) < rules.min_samples_split
            or len(rows) < 2 * rules.min_samples_leaf or node.impurity <= EPS):
        return node
    split = best_split(X, y, w, rows, K, rules)
    if split is None:
        return node
    feature, threshold = split
    goes_left = X[rows, feature] <= threshold
    N_t, children = value.sum(), (rows[goes_left], rows[~goes_left])
    weighted = [w[part].sum() / N_t * impurity(np.bincount(y[part], weights=w[part], minlength=K),
                                               rules.criterion) for part in children]
    gain = N_t / N * (node.impurity - weighted[0] - weighted[1])
    if rules.min_impurity_decrease > 0 and gain + EPS < rules.min_impurity_decrease:
        return node
    node.feature, node.threshold, node.gain = feature, float(threshold), max(float(gain), 0.0)
    node.left, node.right = (grow(X, y, w, part, depth + 1, K, N, rules) for part in children)
    return node


def build_reference_tree(X, y, sample_weight=None, *, criterion="gini", max_depth=None, min_samples_split=2,
                         min_samples_leaf=1, min_impurity_decrease=0.0) -> Tree:
    """The CART tree of (X, y) as a ``Tree`` (the class of ``DecisionTreeClassifier.tree_``),
    nodes numbered breadth first as the fast grower numbers them. Classes are
    ``np.unique(y)``, in order."""
    X = np.asarray(X, dtype=np.float64)
    classes, y = np.unique(y, return_inverse=True)
    w = np.ones(len(y)) if sample_weight is None else np.asarray(sample_weight, dtype=np.float64)
    rules = Rules(criterion, max_depth, min_samples_split, min_samples_leaf, min_impurity_decrease)
    rows = np.flatnonzero(w > 0)
    root = grow(X, y, w, rows, 0, len(classes), w[rows].sum(), rules)
    nodes, parent, left = [root], [-1], []
    for i, node in enumerate(nodes):        # breadth first: children are appended as they are met
        left.append(-1 if node.left is None else len(nodes))
        if node.left is not None:
            nodes += [node.left, node.right]
            parent += [i, i]
    left = np.array(left)
    arrays = NodeArrays(
        np.array([node.feature for node in nodes]), np.array([node.threshold for node in nodes]),
        left, np.where(left >= 0, left + 1, -1), np.array(parent), np.array([node.value for node in nodes]),
        np.array([node.n_samples for node in nodes]), np.array([node.impurity for node in nodes]),
        np.array([node.gain for node in nodes]), np.array([node.depth for node in nodes]))
    return Tree(arrays, X.shape[1], len(classes))
