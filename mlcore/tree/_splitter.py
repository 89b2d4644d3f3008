"""One level of the tree grower: the open nodes of every tree and their best splits.

``Level`` holds the nodes at one depth of all trees and, per feature, the flat
array of their (tree, point) pairs grouped by node and sorted by x_f inside a
node. ``best_splits`` finds the split of every node that may split (the scores
and the tie rule are in ``mlcore.tree._grower``); ``Level.children`` moves the
pairs into the children of the split nodes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._impurity import children_impurity, weighted_split_information
from ._impurity import impurity as node_impurity

EPS = np.finfo(np.float64).eps
TIE = 1e-13          # costs within TIE * W of a node's lowest are equal (W: the node's weight)


def _starts(sizes: np.ndarray) -> np.ndarray:
    """Offset of each block in a flat array of consecutive blocks of these sizes."""
    out = sizes.cumsum()
    out -= sizes
    return out


class Level:
    """The nodes at one depth of every tree.

    Shared by all levels: ``Xt`` (d, n) the points by feature, ``y`` (n,) labels in
    0..K-1, ``flat_weight`` (T n,) the weight of point i in tree t at t n + i,
    ``rules`` (``GrowRules``), ``unit_weights``: every weight is 1 (counts suffice).
    Per node: ``tree``, ``n_points`` (points of positive weight), ``class_weight``
    (A, K) summed from its points, ``weight``, ``impurity``, ``may_split`` (enough
    points and not pure; depth aside).

    Per pair: ``points_by_feature[f]`` the point ids of the nodes that may split,
    grouped by node (blocks of ``n_pairs`` starting at ``start``; ``node_of_pair``,
    ``slot_of_pair`` its index among ``carried``, the nodes with pairs) and sorted by
    x_f inside a block. The random splitter keeps one array, in feature 0's order.
    """

    def __init__(self, Xt, y, flat_weight, n, K, rules, tree, n_points, points_by_feature, depth,
                 unit_weights):
        self.Xt, self.y, self.flat_weight, self.n, self.K, self.rules = Xt, y, flat_weight, n, K, rules
        self.tree, self.n_points, self.depth, self.unit_weights = tree, n_points, depth, unit_weights
        A = tree.size
        node_of_pair = np.arange(A).repeat(n_points)
        points = points_by_feature[0]
        weight = None if unit_weights else flat_weight[tree[node_of_pair] * n + points]
        self.class_weight = np.bincount(node_of_pair * K + y[points], weights=weight,
                                        minlength=A * K).reshape(A, K).astype(np.float64)
        self.weight = self.class_weight.sum(axis=1)
        self.impurity = node_impurity(self.class_weight, rules.criterion)
        self.may_split = ((n_points >= rules.min_samples_split) & (n_points >= 2 * rules.min_samples_leaf)
                          & (self.impurity > EPS))
        self.n_pairs = np.where(self.may_split, n_points, 0)
        if not self.may_split.all():       # a node that can never split needs no pairs
            kept = self.may_split[node_of_pair]
            points_by_feature = [p[kept] for p in points_by_feature]
            node_of_pair = node_of_pair[kept]
        self.points_by_feature = points_by_feature
        self.node_of_pair = node_of_pair
        self.start = _starts(self.n_pairs)
        self.carried = self.may_split.nonzero()[0]
        self.slot_of_pair = np.arange(self.carried.size).repeat(self.n_pairs[self.carried])

    def children(self, is_split, feature, threshold, leaves: bool = False) -> Level:
        """The next level: the children of the split nodes, left then right, in node order.

        A pair at position p of its node's block goes to start(left child) + the number
        of left-goers before p in the block, or the same for the right child. How many
        left-goers precede a block does not depend on the feature's order, so the
        per-pair offsets are computed once and only the running count is per feature.
        ``leaves``: the children are leaves, only their class weights are needed (one
        feature's pairs are moved).
        """
        S = int(is_split.sum())
        sizes = self.n_pairs[is_split]
        block = _starts(sizes)
        if S == self.carried.size:
            keep, node = None, self.slot_of_pair
        else:
            keep = is_split[self.node_of_pair]
            node = (is_split.cumsum() - 1)[self.node_of_pair[keep]]
        column = feature[is_split][node] * self.Xt.shape[1]
        cut = threshold[is_split][node]
        flat_x = self.Xt.ravel()
        moved_by_feature = []
        for f, points in enumerate(self.points_by_feature[:1] if leaves else self.points_by_feature):
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
        return Level(self.Xt, self.y, self.flat_weight, self.n, self.K, self.rules, self.tree[is_split].repeat(2),
                     n_points, moved_by_feature, self.depth + 1, self.unit_weights)


@dataclass
class Splits:
    """The best split of each node of ``level.carried``: ``made`` (one exists),
    ``feature``, ``threshold`` and ``gain`` = (W I(N) - w_L I(L) - w_R I(R)) / W_root."""

    made: np.ndarray
    feature: np.ndarray
    threshold: np.ndarray
    gain: np.ndarray


def best_splits(level: Level, root_weight: np.ndarray, rng) -> Splits:
    """The best split of every node of ``level`` that may split (``level.carried``)."""
    rules = level.rules
    nodes = level.carried
    d, C = level.Xt.shape[0], nodes.size
    random = rules.splitter == "random"
    usable = np.ones((C, d), bool)
    if random or rules.max_features is not None:
        lowest, highest = _node_ranges(level)
        usable = highest > lowest          # a feature constant in the node offers no cut
    if rules.max_features is not None:
        keys = rng.random((C, d))
        keys[~usable] = np.inf
        rank = np.argsort(np.argsort(keys, axis=1, kind="stable"), axis=1, kind="stable")
        usable &= rank < rules.max_features
    if not usable.any():                   # every point of every node at the same place
        return Splits(np.zeros(C, bool), np.full(C, -1), np.zeros(C), np.zeros(C))
    pairs = _Pairs(level, usable)
    W = level.weight[nodes]
    if random:
        u = rng.random((C, d))[pairs.candidate, pairs.feature]
        cost, second, children, threshold = _random_cuts(pairs, lowest, highest, u)
        segments = np.arange(pairs.feature.size)
        chosen = _choose(cost, second, segments, segments, pairs, C, TIE * W)
        at = segment = np.maximum(chosen, 0)
        threshold = threshold[segment]
    else:
        cost, second, children = _cuts(pairs)
        chosen = _choose(cost, second, pairs.segment, pairs.start, pairs, C, TIE * W)
        at = np.maximum(chosen, 0)
        segment = pairs.segment[at]
        a, b = pairs.x[at], pairs.x[np.minimum(at + 1, pairs.x.size - 1)]
        threshold = a / 2.0 + b / 2.0      # halves first: no overflow (x is finite)
        threshold = np.where(threshold >= b, a, threshold)
    made = chosen >= 0
    gain = (W * level.impurity[nodes] - children[at]) / root_weight[level.tree[nodes]]
    return Splits(made, np.where(made, pairs.feature[segment], -1), np.where(made, threshold, 0.0),
                  np.where(made, gain, 0.0))


def _choose(cost, second, segment, start, pairs: _Pairs, C: int, tolerance) -> np.ndarray:
    """Per node, the index of the chosen cut (-1 if no cut is valid): the first in
    (feature, threshold) order of the cuts whose cost is within ``tolerance`` of the
    node's lowest and, with a ``second`` cost, whose second cost is within
    ``tolerance`` of the lowest among those. Cuts are grouped in segments (one per
    feature tried at a node, starting at ``start``), features in increasing order,
    thresholds increasing inside a segment."""
    d = pairs.level.Xt.shape[0]
    where = (pairs.feature, pairs.candidate)

    def node_min(values):
        grid = np.full((d, C), np.inf)
        grid[where] = np.minimum.reduceat(values, start)
        return grid.min(axis=0)

    best = node_min(cost)
    near = cost <= (best + tolerance)[pairs.candidate][segment]
    if second is not None:
        second = np.where(near, second, np.inf)
        near &= second <= (node_min(second) + tolerance)[pairs.candidate][segment]
    N = cost.size
    grid = np.full((d, C), N)
    grid[where] = np.minimum.reduceat(np.where(near, np.arange(N), N), start)
    return np.where(np.isfinite(best), grid.min(axis=0), -1)


def _node_ranges(level: Level):
    """(C, d) smallest and largest x_f of the points of each node that may split."""
    d = level.Xt.shape[0]
    first = level.start[level.carried]
    last = first + level.n_pairs[level.carried] - 1
    lowest, highest = np.empty((first.size, d)), np.empty((first.size, d))
    for f in range(d):
        if len(level.points_by_feature) == d:       # sorted: the block's ends
            points = level.points_by_feature[f]
            lowest[:, f], highest[:, f] = level.Xt[f, points[first]], level.Xt[f, points[last]]
        else:
            x = level.Xt[f, level.points_by_feature[0]]
            lowest[:, f] = np.minimum.reduceat(x, first)
            highest[:, f] = np.maximum.reduceat(x, first)
    return lowest, highest


class _Pairs:
    """The pairs of the (feature, node) segments tried, feature after feature.

    Per pair: ``x``, ``label``, ``weight`` (None: all 1), ``segment``. Per segment:
    ``feature``, ``candidate`` (the node's index in ``level.carried``), ``start``,
    ``size``, ``class_weight`` and ``W`` of its node."""

    def __init__(self, level: Level, usable):
        parts, segment, feature, candidate = [], [], [], []
        offset = 0
        for f in range(usable.shape[1]):
            tried = usable[:, f].nonzero()[0]
            if tried.size == 0:
                continue
            p = level.points_by_feature[f if len(level.points_by_feature) > 1 else 0]
            slot = level.slot_of_pair
            if tried.size < usable.shape[0]:
                keep = usable[slot, f]
                p, slot = p[keep], tried.searchsorted(slot[keep])
            parts.append((f, p))
            segment.append(slot + offset)
            feature.append(np.full(tried.size, f))
            candidate.append(tried)
            offset += tried.size
        self.feature = np.concatenate(feature)
        self.candidate = np.concatenate(candidate)
        self.segment = np.concatenate(segment)
        self.x = np.concatenate([level.Xt[f, p] for f, p in parts])
        point = np.concatenate([p for _, p in parts])
        nodes = level.carried[self.candidate]
        self.size = level.n_pairs[nodes]
        self.start = _starts(self.size)
        self.class_weight = level.class_weight[nodes]
        self.W = level.weight[nodes]
        self.label = level.y[point]
        self.weight = None
        if not level.unit_weights:
            self.weight = level.flat_weight[level.tree[nodes][self.segment] * level.n + point]
        self.level = level


def _cuts(pairs: _Pairs):
    """Every cut between neighbours of a segment: (cost, second cost, children's weighted
    impurity), per pair p for the cut after p; cost inf where the cut is not valid (equal
    neighbours, a child with fewer than ``min_samples_leaf`` points, the segment's end)."""
    level, seg, start = pairs.level, pairs.segment, pairs.start
    K, N = level.K, pairs.x.size
    n_left = np.arange(1, N + 1) - start[seg]
    L, R = [], []
    for k in range(K):
        if pairs.weight is None and k == K - 1 and K > 1:     # the points so far minus the other classes
            L.append(n_left - sum(L[1:], L[0]))
        else:
            v = pairs.label == k if pairs.weight is None else np.where(pairs.label == k, pairs.weight, 0.0)
            c = v.cumsum()
            L.append(c - (c[start] - v[start])[seg])        # the running sum restarted at each segment
        R.append(pairs.class_weight[:, k][seg] - L[k])
    W = pairs.W[seg]
    wl = n_left if pairs.weight is None else sum(L[1:], L[0])
    wr = W - wl
    valid = np.empty(N, bool)
    np.greater(pairs.x[1:], pairs.x[:-1], out=valid[:-1])
    valid[start + pairs.size - 1] = False
    msl = level.rules.min_samples_leaf
    if msl > 1:
        valid &= (n_left >= msl) & (pairs.size[seg] - n_left >= msl)
    if pairs.weight is not None:
        valid &= (wl > 0) & (wr > 0)      # positive weights, up to the rounding of the sums
    cost, second, children = _costs(L, R, wl, wr, W, level.impurity[level.carried[pairs.candidate]][seg],
                                    level.rules)
    return np.where(valid, cost, np.inf), second, children


def _random_cuts(pairs: _Pairs, lowest, highest, u):
    """One cut per segment at lowest + u (highest - lowest), u uniform in [0, 1):
    (cost, second cost, children's weighted impurity, thresholds)."""
    level, seg = pairs.level, pairs.segment
    K, S = level.K, pairs.feature.size
    lowest, highest = lowest[pairs.candidate, pairs.feature], highest[pairs.candidate, pairs.feature]
    t = lowest * (1.0 - u) + highest * u
    t = np.where(t >= highest, lowest, t)
    goes_left = pairs.x <= t[seg]
    n_left = np.bincount(seg, weights=goes_left, minlength=S)
    weight = goes_left if pairs.weight is None else pairs.weight * goes_left
    L = np.bincount(seg * K + pairs.label, weights=weight, minlength=S * K).reshape(S, K)
    R = pairs.class_weight - L
    wl, wr = L.sum(axis=1), R.sum(axis=1)
    msl = level.rules.min_samples_leaf
    valid = (n_left >= msl) & (pairs.size - n_left >= msl) & (wl > 0) & (wr > 0)
    cost, second, children = _costs(list(L.T), list(R.T), wl, wr, pairs.W,
                                    level.impurity[level.carried[pairs.candidate]], level.rules)
    return np.where(valid, cost, np.inf), second, children, t


def _costs(L, R, wl, wr, W, node_impurity_, rules):
    """(cost, second cost, children) of every cut, costs smaller is better. children: the
    children's weighted impurity w_L I(L) + w_R I(R); the cost is the same, or with
    ``gain_ratio`` -W gain / split information (only cuts with a positive gain); the
    second cost breaks the ties of the misclassification criterion (the children's
    weighted Gini impurity), else None."""
    with np.errstate(divide="ignore", invalid="ignore"):
        cost = children = children_impurity(L, R, wl, wr, W, rules.criterion)
        if rules.gain_ratio:
            gain = W * node_impurity_ - children
            info = weighted_split_information(wl, wr, W)
            cost = np.where((gain > TIE * W) & (info > 0), -gain / info * W, np.inf)
        second = children_impurity(L, R, wl, wr, W, "gini") if rules.criterion == "misclassification" else None
    return cost, second, children
