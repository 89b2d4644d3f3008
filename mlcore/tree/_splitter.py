"""One level of the tree grower: the open nodes of every tree and their best splits.

``Level`` holds the nodes at one depth of all trees and, per feature, the flat
array of their (tree, point) pairs grouped by node and sorted by x_f inside a
node. ``best_splits`` finds the split of every candidate node (the rules and the
formulas are in ``mlcore.tree._grower``), ``Level.children`` moves the pairs into
the children of the split nodes.

Scores are costs to minimise: the children's weighted impurity
w_L I(L) + w_R I(R) (``style="tree"``), minus scikit-learn's proxy improvement
(``style="ensemble"``), or minus the gain ratio times W (``gain_ratio``). A cut is
the best of its node and feature when its cost is within ``tie`` of the minimum
and no earlier cut is: ``tie`` = 1e-12 W for the tree style, 0 for the ensemble
style. The best feature is chosen by the same rule. With the misclassification
criterion a second cost, the children's weighted Gini impurity, breaks the ties of
the first before the order does (``_secondary``).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from ._impurity import children_impurity, proxy_improvement, weighted_split_information
from ._impurity import impurity as node_impurity

EPS = np.finfo(np.float64).eps
TIE = 1e-12          # relative tie tolerance of the tree style


def _starts(sizes: np.ndarray) -> np.ndarray:
    """Offset of each block in a flat array of consecutive blocks of these sizes."""
    out = sizes.cumsum()
    out -= sizes
    return out


class Level:
    """The nodes at one depth of every tree.

    Data shared by all levels: ``Xt`` (d, n) the points by feature, ``y`` (n,) labels
    in 0..K-1, ``flat_weight`` (T n,) the weight of point i in tree t at t n + i,
    ``rules`` (``GrowRules``), ``whole``: every weight is a whole number, so sums of
    them are exact in any order; ``unit_weights``: every weight is 1. Per node:
    ``tree``, ``n_points`` (points of positive weight), ``class_weight`` (A, K),
    ``weight`` (A,), ``impurity`` (A,).

    Per pair: ``points_by_feature[f]`` the point ids grouped by node (``node_of_pair``,
    blocks of ``n_pairs`` starting at ``start``), sorted by x_f inside a block (one
    array only, in feature 0's order, with the random splitter). With whole weights a
    node that can never split (pure or too small) keeps no pairs (``n_pairs`` 0):
    dropping them changes no sum. Otherwise every node keeps its pairs, so that
    fractional weights are summed in the same order as before.
    """

    def __init__(self, Xt, y, flat_weight, n, K, rules, tree, n_points, points_by_feature, depth, whole,
                 unit_weights, class_weight=None, impurity=None, n_pairs=None):
        self.Xt, self.y, self.flat_weight, self.n, self.K, self.rules = Xt, y, flat_weight, n, K, rules
        self.tree, self.n_points, self.points_by_feature, self.depth = tree, n_points, points_by_feature, depth
        self.whole = whole
        self.unit_weights = unit_weights
        self.n_pairs = n_points if n_pairs is None else n_pairs
        self.start = _starts(self.n_pairs)
        self.node_of_pair = np.arange(tree.size).repeat(self.n_pairs)
        if class_weight is None:
            points = points_by_feature[0]
            weight = flat_weight[tree[self.node_of_pair] * n + points]
            A = tree.size
            class_weight = np.bincount(self.node_of_pair * K + y[points], weights=weight,
                                       minlength=A * K).reshape(A, K)
        self.class_weight = class_weight
        self.weight = class_weight.sum(axis=1)
        self.impurity = node_impurity(class_weight, rules.criterion) if impurity is None else impurity
        self.carried = (self.n_pairs > 0).nonzero()[0]
        self._may_split = None

    def may_split(self) -> np.ndarray:
        """Nodes the rules do not make leaves outright (depth aside)."""
        if self._may_split is None:
            self._may_split = _may_split(self.n_points, self.impurity, self.rules)
        return self._may_split

    def children(self, is_split, feature, threshold, left_class_weight) -> Level:
        """The next level: the children of the split nodes, left then right, in node order.

        A pair at position p of its node's block goes to start(left child) + the number
        of left-goers before p in the block, or the same for the right child. How many
        left-goers precede a block does not depend on the feature's order, so the
        per-pair offsets are computed once and only the running count is per feature.
        ``left_class_weight``: the left children's class weights, from the splits.
        """
        S = int(is_split.sum())
        sizes = self.n_pairs[is_split]
        block = _starts(sizes)
        if S == self.tree.size:
            keep, node = None, self.node_of_pair
        elif S == self.carried.size:
            keep, node = None, is_split.nonzero()[0].searchsorted(self.node_of_pair)
        else:
            keep = is_split[self.node_of_pair]
            node = (is_split.cumsum() - 1)[self.node_of_pair[keep]]
        column = feature[is_split][node] * self.Xt.shape[1]
        cut = threshold[is_split][node]
        flat_x = self.Xt.ravel()
        moved_by_feature = []
        for f, points in enumerate(self.points_by_feature):
            if keep is not None:
                points = points[keep]
            goes_left = flat_x[column + points] <= cut
            lefts_so_far = goes_left.cumsum()
            if f == 0:
                lefts_before = np.concatenate(([0], lefts_so_far))[block]
                n_left = lefts_so_far[block + sizes - 1] - lefts_before
                n_points = np.empty(2 * S, np.intp)
                n_points[0::2], n_points[1::2] = n_left, sizes - n_left
                child_start = _starts(n_points)
                # left: child_start[2j] + (lefts_so_far - lefts_before[j]) - 1
                # right: child_start[2j+1] + (p - block[j]) - (lefts_so_far - lefts_before[j])
                base_left = (child_start[0::2] - lefts_before - 1)[node]
                base_right = (child_start[1::2] - block + lefts_before)[node] + np.arange(points.size)
            destination = np.where(goes_left, base_left + lefts_so_far, base_right - lefts_so_far)
            moved = np.empty_like(points)
            moved[destination] = points
            moved_by_feature.append(moved)
        tree = self.tree[is_split].repeat(2)
        if not self.whole:
            return Level(self.Xt, self.y, self.flat_weight, self.n, self.K, self.rules, tree, n_points,
                         moved_by_feature, self.depth + 1, self.whole, self.unit_weights)
        class_weight = np.empty((2 * S, self.K))
        class_weight[0::2] = left_class_weight
        class_weight[1::2] = np.maximum(self.class_weight[is_split] - left_class_weight, 0.0)
        impurity = node_impurity(class_weight, self.rules.criterion)
        may_split = _may_split(n_points, impurity, self.rules)
        n_pairs = n_points
        if not may_split.all():
            kept = may_split.repeat(n_points)
            moved_by_feature = [points[kept] for points in moved_by_feature]
            n_pairs = np.where(may_split, n_points, 0)
        level = Level(self.Xt, self.y, self.flat_weight, self.n, self.K, self.rules, tree, n_points,
                      moved_by_feature, self.depth + 1, self.whole, self.unit_weights, class_weight, impurity, n_pairs)
        level._may_split = may_split
        return level


def _may_split(n_points, impurity, rules) -> np.ndarray:
    """Nodes the rules do not make leaves outright (depth aside): enough points, not pure."""
    return ((n_points >= rules.min_samples_split) & (n_points >= 2 * rules.min_samples_leaf)
            & (impurity > EPS))


@dataclass
class Splits:
    """The best split of each candidate node ``nodes`` (indices into the level).

    ``made``: it exists (and, after ``keep``, passes the extra rule); ``feature``,
    ``threshold``; ``gain``: W / W_root (I(N) - w_L / W I(L) - w_R / W I(R));
    ``left_class_weight`` (C, K) and ``n_left``: the left child's class weights and
    point count; ``child_impurity`` their impurities, if computed."""

    nodes: np.ndarray
    made: np.ndarray
    feature: np.ndarray
    threshold: np.ndarray
    gain: np.ndarray
    left_class_weight: np.ndarray
    n_left: np.ndarray
    child_impurity: np.ndarray | None = None     # (C, 2) I(L), I(R) when computed

    def keep(self, mask) -> None:
        self.made &= mask


def best_splits(level: Level, nodes: np.ndarray, root_weight: np.ndarray, rng) -> Splits:
    """Best split of each of the level's ``nodes`` (see the module docstring)."""
    rules = level.rules
    d, K = level.Xt.shape[0], level.K
    C = nodes.size
    random = rules.splitter == "random"
    subsets = rules.max_features is not None and rules.max_features < d
    if random or subsets or not level.whole:
        lowest, highest = _node_ranges(level, nodes)
        usable = highest > lowest
    else:
        # a constant feature has no valid cut anyway; with whole weights scanning it
        # changes no sum, so every node scans every feature
        usable = np.ones((C, d), bool)
    uniform = rng.random((C, d)) if random and rules.style == "tree" else None
    if subsets:
        keys = rng.random((C, d))
        keys[~usable] = np.inf
        rank = np.argsort(np.argsort(keys, axis=1, kind="stable"), axis=1, kind="stable")
        usable &= rank < rules.max_features
    if usable.all() and not random:
        # every node along every feature: one scan over all of them; results by (feature, node)
        found = _best_cut(_Pairs(level, nodes, range(d)))
        cost, thresholds, n_lefts = (a.reshape(d, C) for a in (found[0], found[1], found[3]))
        lefts = found[2].reshape(d, C, K)
        second = None if found[4] is None else found[4].reshape(d, C)
    else:
        cost = np.full((d, C), np.inf)
        thresholds = np.zeros((d, C))
        lefts = np.zeros((d, C, K))
        n_lefts = np.zeros((d, C), np.intp)
        second = np.full((d, C), np.inf) if rules.criterion == "misclassification" else None
        for f in range(d):
            chosen = usable[:, f].nonzero()[0]
            if chosen.size == 0:
                continue
            pairs = _Pairs(level, nodes[chosen], [f])
            if random:
                u = uniform[chosen, f] if uniform is not None else rng.random(chosen.size)
                found = _random_cut(pairs, lowest[chosen, f], highest[chosen, f], u)
            else:
                found = _best_cut(pairs)
            cost[f, chosen], thresholds[f, chosen], lefts[f, chosen], n_lefts[f, chosen] = found[:4]
            if second is not None:
                second[f, chosen] = found[4]
    W = level.weight[nodes]
    best = _first_within_tie(cost, W * _tie(rules), second)
    rows = np.arange(C)
    best_cost = cost[best, rows]
    made = np.isfinite(best_cost)
    left = lefts[best, rows]
    I_node = level.impurity[nodes]
    child_impurity = None
    if rules.style == "tree" and not (random or rules.gain_ratio):
        # (W I(N) - w_L I(L) - w_R I(R)) / W_root: the cost is the children's weighted impurity
        gain = (W * I_node - best_cost) / root_weight[level.tree[nodes]]
    else:
        right = np.maximum(level.class_weight[nodes] - left, 0.0)
        w_left, w_right = left.sum(axis=1), right.sum(axis=1)
        I_left, I_right = node_impurity(left, rules.criterion), node_impurity(right, rules.criterion)
        child_impurity = np.stack([I_left, I_right], axis=1)
        if rules.style == "tree":
            gain = (W * I_node - (w_left * I_left + w_right * I_right)) / root_weight[level.tree[nodes]]
        else:
            safe = np.where(W > 0, W, 1.0)
            gain = W / root_weight[level.tree[nodes]] * (I_node - w_left / safe * I_left - w_right / safe * I_right)
    return Splits(nodes, made, best, thresholds[best, rows], np.where(made, gain, 0.0), left, n_lefts[best, rows],
                  child_impurity)


def _tie(rules) -> float:
    return TIE if rules.style == "tree" else 0.0


def _first_within_tie(cost, tolerance, second=None) -> np.ndarray:
    """Per column (node), the first row (feature) whose cost is within ``tolerance`` of the
    column's minimum; with a ``second`` cost, the first of those whose second cost is
    within ``tolerance`` of the lowest among them."""
    near = cost <= cost.min(axis=0) + tolerance
    if second is not None:
        second = np.where(near, second, np.inf)
        near &= second <= second.min(axis=0) + tolerance
    return near.argmax(axis=0)


def _node_ranges(level: Level, nodes):
    """(C, d) smallest and largest x_f of each node's points."""
    d = level.Xt.shape[0]
    first = level.start[nodes]
    last = first + level.n_pairs[nodes] - 1
    lowest, highest = np.empty((nodes.size, d)), np.empty((nodes.size, d))
    for f in range(d):
        if len(level.points_by_feature) == d:       # sorted: the block's ends
            points = level.points_by_feature[f]
            lowest[:, f], highest[:, f] = level.Xt[f, points[first]], level.Xt[f, points[last]]
        else:
            x = level.Xt[f, level.points_by_feature[0]]
            blocks = level.start[level.carried]          # strictly increasing: no empty block
            which = np.searchsorted(level.carried, nodes)
            lowest[:, f] = np.minimum.reduceat(x, blocks)[which]
            highest[:, f] = np.maximum.reduceat(x, blocks)[which]
    return lowest, highest


class _Pairs:
    """The pairs of some nodes along some features, one segment per (feature, node):
    x, weight, label, the segment of every pair (``segment``, blocks starting at
    ``start`` of ``size`` pairs) and the level's node of every segment (``segment_node``)."""

    def __init__(self, level: Level, nodes, features):
        C = nodes.size
        points, segment = [], []
        for i, f in enumerate(features):
            p, node = self._along(level, nodes, f)
            points.append(p)
            segment.append(node + i * C if i else node)
        self.points = points[0] if len(points) == 1 else np.concatenate(points)
        # the pairs of feature i are blocks[i]:blocks[i + 1]; its first segment is i C
        self.blocks = list(itertools.accumulate([p.size for p in points], initial=0))
        self.first_segments = np.arange(len(features)) * C
        self.segment = segment[0] if len(segment) == 1 else np.concatenate(segment)
        self.x = (level.Xt[features[0], self.points] if len(points) == 1
                  else np.concatenate([level.Xt[f, p] for f, p in zip(features, points, strict=True)]))
        self.level = level
        self.segment_node = nodes if len(points) == 1 else np.concatenate([nodes] * len(points))
        self.size = level.n_pairs[self.segment_node]
        self.start = _starts(self.size)
        self.label = level.y[self.points]
        if level.unit_weights:
            self.weight = None      # every weight is 1: counts are all that is needed
            return
        self.weight = level.flat_weight[level.tree[self.segment_node][self.segment] * level.n + self.points]
        if level.whole:
            # whole-number weights (bootstrap counts): integer prefix sums are exact like the
            # float ones, and several times faster
            self.weight = self.weight.astype(np.int64)

    @staticmethod
    def _along(level: Level, nodes, f):
        """The point ids of ``nodes`` in feature f's order, and their node (0..C-1)."""
        points = level.points_by_feature[f if len(level.points_by_feature) > 1 else 0]
        if nodes.size == level.tree.size:        # every node takes part: no compaction
            return points, level.node_of_pair
        if nodes.size == level.carried.size:     # every node with pairs takes part
            return points, np.searchsorted(nodes, level.node_of_pair)
        slot = np.full(level.tree.size, -1, np.intp)
        slot[nodes] = np.arange(nodes.size)
        keep = slot[level.node_of_pair]
        inside = keep >= 0
        return points[inside], keep[inside]


def _best_cut(pairs: _Pairs):
    """Scan every midpoint of each segment (feature, node): (cost, threshold, left class
    weights, left count) of the best cut per segment."""
    level, node, start = pairs.level, pairs.segment, pairs.start
    rules, K = level.rules, level.K
    N = pairs.points.size
    n_left = np.arange(1, N + 1) - start[node]
    last = start + pairs.size - 1
    segment_class_weight = level.class_weight[pairs.segment_node]
    W = level.weight[pairs.segment_node][node]
    L, R = [], []
    if level.whole:
        # exact integer sums: a block's running sum is the prefix sum minus the sum before
        # the block, the classes add up to w_L and R = N - L needs no clipping
        unit = level.unit_weights
        for k in range(K):
            if unit and k == K - 1:       # the last class: the points so far minus the others
                L.append(n_left - sum(L[1:], L[0]) if K > 2 else n_left - L[0])
            else:
                v = pairs.label == k if unit else np.where(pairs.label == k, pairs.weight, 0)
                c = v.cumsum()
                L.append(c - (c[start] - v[start])[node])
            R.append(segment_class_weight[:, k][node] - L[k])
        if unit:
            wl = n_left
        else:
            wl = L[0].copy()
            for Lk in L[1:]:
                wl += Lk
        wr = W - wl
        valid = np.empty(N, bool)
        np.greater(pairs.x[1:], pairs.x[:-1], out=valid[:-1])
        valid[last] = False                 # positive weights: w_L, w_R > 0 elsewhere
        msl = rules.min_samples_leaf
        if msl > 1:
            valid &= (n_left >= msl) & (pairs.size[node] - n_left >= msl)
    else:
        # fractional weights: the order of operations of earlier versions, for the same bits
        # (prefix sums restart at 0 with every feature)
        for k in range(K):
            c = _prefix_sums(np.where(pairs.label == k, pairs.weight, 0.0), pairs.blocks)
            L.append(c - _sum_before(c, pairs)[node])
            R.append(np.maximum(segment_class_weight[node, k] - L[k], 0.0))
        cw = _prefix_sums(pairs.weight, pairs.blocks)
        wl = cw - _sum_before(cw, pairs)[node]
        wr = W - wl
        msl = rules.min_samples_leaf
        valid = np.zeros(N, bool)
        valid[:-1] = pairs.x[1:] > pairs.x[:-1]
        valid &= (n_left >= msl) & (pairs.size[node] - n_left >= msl) & (wl > 0) & (wr > 1e-300)
    node_impurity_ = level.impurity[pairs.segment_node][node] if rules.gain_ratio else None
    with np.errstate(divide="ignore", invalid="ignore"):
        cost = np.where(valid, _cost(L, R, wl, wr, W, node_impurity_, rules), np.inf)
        second = _secondary(L, R, wl, wr, W, rules)
    best = np.minimum.reduceat(cost, start)
    tolerance = _tie(rules) * level.weight[pairs.segment_node]
    near = cost <= (best + tolerance)[node]
    if second is not None:
        # among the cuts of (nearly) equal cost, the lowest secondary cost
        second = np.where(near, second, np.inf)
        near &= second <= (np.minimum.reduceat(second, start) + tolerance)[node]
    p = np.minimum.reduceat(np.where(near, np.arange(N), N), start)
    p = np.where(np.isfinite(best), p, start)
    a, b = pairs.x[p], pairs.x[np.minimum(p + 1, N - 1)]
    t = a / 2.0 + b / 2.0          # halves first: no overflow (x is finite)
    t = np.where(t >= b, a, t)
    left = np.empty((p.size, K), L[0].dtype)
    for k in range(K):
        left[:, k] = L[k][p]
    return best, t, left, p - start + 1, None if second is None else second[p]


def _prefix_sums(values, blocks) -> np.ndarray:
    """Cumulative sums restarting at every block."""
    if len(blocks) == 2:
        return values.cumsum()
    out = np.empty_like(values)
    for begin, end in zip(blocks[:-1], blocks[1:], strict=True):
        np.cumsum(values[begin:end], out=out[begin:end])
    return out


def _sum_before(c, pairs: _Pairs) -> np.ndarray:
    """Per segment, the prefix sum just before it within its block (0 for a block's first)."""
    before = np.concatenate(([0.0], c))[pairs.start]
    before[pairs.first_segments] = 0.0
    return before


def _random_cut(pairs: _Pairs, lowest, highest, u):
    """One threshold per node at lowest + u (highest - lowest), u uniform in [0, 1)."""
    level, node = pairs.level, pairs.segment
    rules, K = level.rules, level.K
    S = pairs.segment_node.size
    t = lowest * (1.0 - u) + highest * u
    t = np.where(t >= highest, lowest, t)
    goes_left = pairs.x <= t[node]
    n_left = np.bincount(node, weights=goes_left, minlength=S)
    weight = goes_left if pairs.weight is None else pairs.weight * goes_left
    L = np.bincount(node * K + pairs.label, weights=weight, minlength=S * K).reshape(S, K)
    R = np.maximum(level.class_weight[pairs.segment_node] - L, 0.0)
    wl, wr = L.sum(axis=1), R.sum(axis=1)
    msl = rules.min_samples_leaf
    valid = (n_left >= msl) & (pairs.size - n_left >= msl) & (wl > 0) & (wr > 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        W = level.weight[pairs.segment_node]
        cost = _cost(list(L.T), list(R.T), wl, wr, W, level.impurity[pairs.segment_node], rules)
        second = _secondary(list(L.T), list(R.T), wl, wr, W, rules)
    return np.where(valid, cost, np.inf), t, L, n_left, None if second is None else np.where(valid, second, np.inf)


def _secondary(L, R, wl, wr, W, rules):
    """The tie-breaking cost of every candidate cut: the children's weighted Gini impurity
    w_L G(L) + w_R G(R) with the misclassification criterion, None otherwise (see the
    grower's docstring, "Ties")."""
    if rules.criterion != "misclassification":
        return None
    return children_impurity(L, R, wl, wr, W, "gini")


def _cost(L, R, wl, wr, W, node_impurity_, rules) -> np.ndarray:
    """The cost of every candidate cut (smaller is better), by the rules' style."""
    if rules.style == "ensemble":
        return -proxy_improvement(L, R, wl, wr, rules.criterion)
    children = children_impurity(L, R, wl, wr, W, rules.criterion)
    if not rules.gain_ratio:
        return children
    gain = W * node_impurity_ - children
    info = weighted_split_information(wl, wr, W)
    # scaled by W so that the tie tolerance means the same as for plain costs
    return np.where((gain > TIE * W) & (info > 0), -gain / info * W, np.inf)
