"""A stump (a tree of depth 1) on weighted points, for AdaBoost's rounds.

``grow_forest(..., max_depth=1)`` grows the same stump through the general level machinery
(``mlcore.tree._splitter``), whose fixed cost of some 150 numpy calls is most of a stump's
time; AdaBoost grows one stump per round and the Playground's learning panel 2,000 of them.
Here the one split is searched directly, with the grower's arithmetic step for step, so
the stump is the same bit for bit (a test compares every node array):

* for every feature f, the points of positive weight sorted by x_f (the stable ``order``),
  all features one after another in one flat array;
* one cumulative sum per class k of the weights w_i [y_i = k] along it, less its value
  where the feature's block starts, gives at every position p the left child's class
  weights L_k of the cut after p; R_k = N_k - L_k;
* every cut between distinct neighbours, leaving ``min_samples_leaf`` points each side
  and some weight each side, costs the children's weighted impurity w_L I(L) + w_R I(R)
  (``children_impurity``); the first cut in (feature, threshold) order within
  ``TIE`` W of the lowest cost wins (for misclassification, first the lowest Gini among
  those), at the midpoint x_p / 2 + x_p+1 / 2.

It covers the grower's best splitter over every feature with fractional weights (AdaBoost's
after the first round is not whole); ``applies`` says when, otherwise use ``grow_forest``.
"""

from __future__ import annotations

import numpy as np

from ._grower import LEAF, ForestArrays
from ._impurity import children_impurity
from ._impurity import impurity as node_impurity
from ._splitter import EPS, TIE


def applies(weights, max_depth, max_features, random_split: bool, d: int) -> bool:
    """Whether ``grow_stump`` grows what ``grow_forest`` would for these settings and weights
    (whole-number weights take the grower's integer sums; unit weights its counts)."""
    return (max_depth == 1 and not random_split and (max_features is None or max_features >= d)
            and not np.all(weights == np.round(weights)))


def grow_stump(X, y, n_classes: int, weights, order, *, criterion="gini", min_samples_split=2,
               min_samples_leaf=1, min_impurity_decrease=0.0) -> ForestArrays:
    """The stump ``grow_forest(X, y, n_classes, weights[None], max_depth=1, order=order, ...)`` grows."""
    n, d = X.shape
    K = n_classes
    positive = weights[order] > 0                      # (n, d): each feature's sorted points, weighed
    point = np.concatenate([order[positive[:, f], f] for f in range(d)])
    n_points = int(positive[:, 0].sum())
    class_weight = np.bincount(y, weights=weights, minlength=K)[None]
    weight = class_weight.sum(axis=1)
    impurity = node_impurity(class_weight, criterion)
    root = dict(class_weight=class_weight, n_points=np.array([n_points]), weight=weight, impurity=impurity)
    if not (n_points >= min_samples_split and n_points >= 2 * min_samples_leaf and impurity[0] > EPS):
        return _leaf(root, d)
    W = weight[0]
    x = X.T[np.repeat(np.arange(d), n_points), point]
    label, w = y[point], weights[point]
    start = np.arange(d) * n_points
    segment = np.repeat(np.arange(d), n_points)
    n_left = np.arange(1, x.size + 1) - start[segment]
    L = []
    for k in range(K):
        v = np.where(label == k, w, 0)
        c = v.cumsum()
        c -= (c[start] - v[start])[segment]
        L.append(c)
    R = [class_weight[0, k] - Lk for k, Lk in enumerate(L)]
    wl = sum(L[1:], L[0])
    wr = W - wl
    valid = np.empty(x.size, bool)
    np.greater(x[1:], x[:-1], out=valid[:-1])
    valid[start + n_points - 1] = False
    if min_samples_leaf > 1:
        valid &= (n_left >= min_samples_leaf) & (n_points - n_left >= min_samples_leaf)
    valid &= (wl > 0) & (wr > 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        cost = children_impurity(L, R, wl, wr, W, criterion)
        second = children_impurity(L, R, wl, wr, W, "gini") if criterion == "misclassification" else None
    cost[~valid] = np.inf
    best = cost.min()
    if not np.isfinite(best):
        return _leaf(root, d)
    near = cost <= best + TIE * W
    if second is not None:
        second = np.where(near, second, np.inf)
        near &= second <= second.min() + TIE * W
    at = int(near.argmax())                            # the first: lowest feature, then threshold
    f = at // n_points
    last = start[f] + n_points - 1
    left = np.array([[Lk[at] for Lk in L]])
    right = np.array([[Lk[last] - Lk[at] for Lk in L]])
    a, b = x[at], x[min(at + 1, x.size - 1)]
    threshold = a / 2.0 + b / 2.0
    threshold = a if threshold >= b else threshold
    with np.errstate(divide="ignore", invalid="ignore"):
        children = children_impurity(list(left.T), list(right.T), left.sum(axis=1), right.sum(axis=1),
                                     np.array([W]), criterion)
    gain = (W * impurity - children) / weights.sum()    # over the root's weight, summed as the grower does
    if min_impurity_decrease > 0 and not gain[0] + EPS >= min_impurity_decrease:
        return _leaf(root, d)
    cw = np.concatenate([class_weight, left, right])
    lower, upper = np.full((3, d), -np.inf), np.full((3, d), np.inf)
    upper[1, f] = lower[2, f] = threshold
    n_left_point = at - start[f] + 1
    return ForestArrays(
        feature=np.array([f, LEAF, LEAF], np.intp), threshold=np.array([threshold, 0.0, 0.0]),
        children_left=np.array([1, LEAF, LEAF], np.intp), children_right=np.array([2, LEAF, LEAF], np.intp),
        parent=np.array([LEAF, 0, 0], np.intp), value=cw,
        n_node_samples=np.array([n_points, n_left_point, n_points - n_left_point]),
        weighted_n_node_samples=cw.sum(axis=1), impurity=np.concatenate([impurity, node_impurity(cw[1:], criterion)]),
        gain=np.concatenate([np.maximum(gain, 0.0), np.zeros(2)]), depth=np.array([0, 1, 1], np.intp),
        tree=np.zeros(3, np.intp), tree_start=np.array([0, 3]), lower=lower, upper=upper)


def stump_leaves(stump: ForestArrays, X) -> np.ndarray:
    """The node each row of X reaches in a stump: 1 (x_f <= t) or 2, or 0 if the root is a leaf
    (what ``descend`` finds, in one comparison)."""
    if stump.feature[0] == LEAF:
        return np.zeros(len(X), np.intp)
    return 1 + (X[:, stump.feature[0]] > stump.threshold[0])


def _leaf(root: dict, d: int) -> ForestArrays:
    """A stump that could not split: its root alone."""
    one = np.array([LEAF], np.intp)
    return ForestArrays(
        feature=one, threshold=np.zeros(1), children_left=one, children_right=one, parent=one,
        value=root["class_weight"], n_node_samples=root["n_points"], weighted_n_node_samples=root["weight"],
        impurity=root["impurity"], gain=np.zeros(1), depth=np.zeros(1, np.intp), tree=np.zeros(1, np.intp),
        tree_start=np.array([0, 1]), lower=np.full((1, d), -np.inf), upper=np.full((1, d), np.inf))
