"""One level of the tree grower: the open nodes of every tree and their best splits.

``Level`` holds the nodes at one depth of all trees and, per feature, the flat
array of their (tree, point) pairs grouped by node and sorted by x_f inside a
node. ``best_splits`` finds the split of every node that may split (the scores
and the tie rule are in ``mlcore.tree._grower``); ``Level.children`` moves the
pairs into the children of the split nodes.

A child's class weights come from the split search's running sums (one cumulative
sum along the flat array, less its value where the node's block starts): the left
child's is the sum up to the cut, the right child's the sum from the cut to the end
of the block. A class absent from a child adds only zeros there, so it weighs
exactly 0; whole-number weights sum exactly; fractional ones to within a few
machine epsilons of the level's total weight. The random splitter sums each side
with ``np.bincount``.
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


def _interleave(left, right) -> np.ndarray:
    """left[0], right[0], left[1], right[1], ... along the first axis."""
    out = np.empty((2 * len(left),) + left.shape[1:], left.dtype)
    out[0::2], out[1::2] = left, right
    return out


@dataclass(frozen=True)
class Data:
    """What every level shares: ``Xt`` (d, n) the points by feature, ``y`` (n,) labels in
    0..K-1, ``flat_weight`` (T n,) the weight of point i in tree t at t n + i (int64 when
    every weight is a whole number: sums are exact either way, and integer prefix sums
    are several times faster), ``unit_weights`` (every weight is 1: counts suffice), the
    number of classes ``K`` and the ``rules`` (``GrowRules``)."""

    Xt: np.ndarray
    y: np.ndarray
    flat_weight: np.ndarray
    unit_weights: bool
    K: int
    rules: object

    @property
    def n(self) -> int:
        return self.Xt.shape[1]


class Level:
    """The nodes at one depth of every tree.

    Per node: ``tree``, ``n_points`` (points of positive weight), ``class_weight`` (A, K),
    ``weight``, ``impurity``, ``may_split`` (enough points and not pure; depth aside).
    Per pair: ``points_by_feature[f]`` the point ids of the nodes that may split,
    grouped by node (blocks of ``n_pairs`` starting at ``start``; ``slot_of_pair``: the
    node's index in ``carried``, the nodes that keep pairs) and sorted by x_f inside a
    block. The random splitter keeps one array, in feature 0's order; a level of leaves
    keeps none.
    """

    def __init__(self, data: Data, tree, n_points, class_weight, points_by_feature, depth):
        rules = data.rules
        self.data, self.tree, self.n_points, self.class_weight, self.depth = data, tree, n_points, class_weight, depth
        self.weight = class_weight.sum(axis=1)
        self.impurity = node_impurity(class_weight, rules.criterion)
        self.may_split = ((n_points >= rules.min_samples_split) & (n_points >= 2 * rules.min_samples_leaf)
                          & (self.impurity > EPS) & bool(points_by_feature))
        self.n_pairs = np.where(self.may_split, n_points, 0)
        if points_by_feature and not self.may_split.all():     # a node that can never split needs no pairs
            kept = self.may_split.repeat(n_points)
            points_by_feature = [p[kept] for p in points_by_feature]
        self.points_by_feature = points_by_feature
        self.start = _starts(self.n_pairs)
        self.carried = self.may_split.nonzero()[0]
        self.slot_of_pair = np.arange(self.carried.size).repeat(self.n_pairs[self.carried])

    def children(self, splits: Splits, made, leaves: bool = False) -> Level:
        """The next level: the children of the nodes ``carried[made]`` split by ``splits``,
        left then right, in node order (``leaves``: they will not split, move no pairs).

        A pair at position p of its node's block goes to start(left child) + the number
        of left-goers before p in the block, or the same for the right child. How many
        left-goers precede a block does not depend on the feature's order, so the
        per-pair offsets are computed once and only the running count is per feature.
        """
        sizes = self.n_pairs[self.carried[made]]
        n_left = splits.n_left[made]
        n_points = _interleave(n_left, sizes - n_left)
        class_weight = _interleave(splits.left[made], splits.right[made])
        tree = self.tree[self.carried[made]].repeat(2)
        if leaves:
            return Level(self.data, tree, n_points, class_weight, [], self.depth + 1)
        if made.all():
            keep, node = None, self.slot_of_pair
        else:
            keep = made[self.slot_of_pair]
            node = (made.cumsum() - 1)[self.slot_of_pair[keep]]
        column = splits.feature[made][node] * self.data.n
        cut = splits.threshold[made][node]
        flat_x = self.data.Xt.ravel()
        block, child_start = _starts(sizes), _starts(n_points)
        moved_by_feature = []
        for f, points in enumerate(self.points_by_feature):
            if keep is not None:
                points = points[keep]
            goes_left = flat_x[column + points] <= cut
            lefts_so_far = goes_left.cumsum()
            if f == 0:
                lefts_before = np.concatenate(([0], lefts_so_far))[block]
                # left: child_start[2j] + (lefts_so_far - lefts_before[j]) - 1
                # right: child_start[2j+1] + (p - block[j]) - (lefts_so_far - lefts_before[j])
                base_left = (child_start[0::2] - lefts_before - 1)[node]
                base_right = (child_start[1::2] - block + lefts_before)[node] + np.arange(points.size)
            destination = np.where(goes_left, base_left + lefts_so_far, base_right - lefts_so_far)
            moved = np.empty_like(points)
            moved[destination] = points
            moved_by_feature.append(moved)
        return Level(self.data, tree, n_points, class_weight, moved_by_feature, self.depth + 1)


@dataclass
class Splits:
    """The best split of each node of ``level.carried``: ``made`` (one exists),
    ``feature``, ``threshold``, ``gain`` = (W I(N) - w_L I(L) - w_R I(R)) / W_root, and
    the children's class weights ``left``, ``right`` (C, K) and ``n_left`` points."""

    made: np.ndarray
    feature: np.ndarray
    threshold: np.ndarray
    gain: np.ndarray
    left: np.ndarray
    right: np.ndarray
    n_left: np.ndarray


def best_splits(level: Level, root_weight: np.ndarray, rng) -> Splits:
    """The best split of every node of ``level`` that may split (``level.carried``)."""
    data, rules, nodes = level.data, level.data.rules, level.carried
    d, C, K = data.Xt.shape[0], nodes.size, data.K
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
        nothing = np.zeros((C, K))
        return Splits(np.zeros(C, bool), np.full(C, -1), np.zeros(C), np.zeros(C), nothing, nothing,
                      np.zeros(C, np.intp))
    pairs = _Pairs(level, usable)
    tolerance = TIE * level.weight[nodes]
    if random:
        u = rng.random((C, d))[pairs.candidate, pairs.feature]
        chosen, segment, left, right, n_left, threshold = _random_cuts(pairs, lowest, highest, u, tolerance)
    else:
        chosen, segment, left, right, n_left, threshold = _best_cuts(pairs, tolerance)
    made = chosen >= 0
    W = level.weight[nodes]
    with np.errstate(divide="ignore", invalid="ignore"):      # no cut: empty children
        children = children_impurity(list(left.T), list(right.T), left.sum(axis=1), right.sum(axis=1), W,
                                     rules.criterion)
    gain = (W * level.impurity[nodes] - children) / root_weight[level.tree[nodes]]
    return Splits(made, np.where(made, pairs.feature[segment], -1), np.where(made, threshold, 0.0),
                  np.where(made, gain, 0.0), left, right, n_left)


def _choose(cost, second, segment, start, pairs: _Pairs, tolerance) -> np.ndarray:
    """Per node, the index of the chosen cut (-1 if no cut is valid): the first in
    (feature, threshold) order of the cuts whose cost is within ``tolerance`` of the
    node's lowest and, with a ``second`` cost, whose second cost is within
    ``tolerance`` of the lowest among those. Cuts are grouped in segments (one per
    feature tried at a node, starting at ``start``), features in increasing order,
    thresholds increasing inside a segment."""
    d, C = pairs.level.data.Xt.shape[0], tolerance.size
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
    Xt = level.data.Xt
    first = level.start[level.carried]
    last = first + level.n_pairs[level.carried] - 1
    lowest, highest = np.empty((first.size, Xt.shape[0])), np.empty((first.size, Xt.shape[0]))
    for f in range(Xt.shape[0]):
        if len(level.points_by_feature) > 1:       # sorted: the block's ends
            points = level.points_by_feature[f]
            lowest[:, f], highest[:, f] = Xt[f, points[first]], Xt[f, points[last]]
        else:
            x = Xt[f, level.points_by_feature[0]]
            lowest[:, f] = np.minimum.reduceat(x, first)
            highest[:, f] = np.maximum.reduceat(x, first)
    return lowest, highest


class _Pairs:
    """The pairs of the (feature, node) segments tried, feature after feature.

    Per pair: ``x``, ``label``, ``weight`` (None: all 1), ``segment``. Per segment:
    ``feature``, ``candidate`` (the node's index in ``level.carried``), ``start``,
    ``size``, ``class_weight`` and ``W`` of its node."""

    def __init__(self, level: Level, usable):
        data = level.data
        parts, segment, feature, candidate = [], [], [], []
        offset = 0
        for f in range(usable.shape[1]):
            tried = usable[:, f].nonzero()[0]
            if tried.size == 0:
                continue
            p = level.points_by_feature[f if len(level.points_by_feature) > 1 else 0]
            slot = level.slot_of_pair
            if tried.size < usable.shape[0]:
                keep = usable[:, f][slot]
                local = np.zeros(usable.shape[0], np.intp)
                local[tried] = np.arange(tried.size)
                p, slot = p[keep], local[slot[keep]]
            parts.append((f, p))
            segment.append(slot + offset)
            feature.append(np.full(tried.size, f))
            candidate.append(tried)
            offset += tried.size
        self.feature = np.concatenate(feature)
        self.candidate = np.concatenate(candidate)
        self.segment = np.concatenate(segment)
        self.x = np.concatenate([data.Xt[f, p] for f, p in parts])
        point = np.concatenate([p for _, p in parts])
        nodes = level.carried[self.candidate]
        self.size = level.n_pairs[nodes]
        self.start = _starts(self.size)
        self.class_weight = level.class_weight[nodes]
        self.W = level.weight[nodes]
        self.label = data.y[point]
        self.weight = None
        if not data.unit_weights:
            self.weight = data.flat_weight[level.tree[nodes][self.segment] * data.n + point]
        self.level = level


def _best_cuts(pairs: _Pairs, tolerance):
    """The chosen cut of each node (``_choose``) among every cut between neighbours of a
    segment: (index of the pair it follows, -1 if none; its segment; the children's class
    weights left and right (C, K); left counts; thresholds)."""
    start = pairs.start
    L, n_left = _running_sums(pairs)
    cost, second = _cut_costs(pairs, L, n_left)
    chosen = _choose(cost, second, pairs.segment, start, pairs, tolerance)
    del cost, second      # freed before the next arrays (see _cut_costs)
    at = np.maximum(chosen, 0)
    segment = pairs.segment[at]
    last = start[segment] + pairs.size[segment] - 1
    left, right = np.empty((at.size, len(L))), np.empty((at.size, len(L)))
    for k, Lk in enumerate(L):
        left[:, k] = Lk[at]
        right[:, k] = Lk[last] - Lk[at]
    a, b = pairs.x[at], pairs.x[np.minimum(at + 1, pairs.x.size - 1)]
    threshold = a / 2.0 + b / 2.0      # halves first: no overflow (x is finite)
    return chosen, segment, left, right, at - start[segment] + 1, np.where(threshold >= b, a, threshold)


def _running_sums(pairs: _Pairs):
    """(L_k, point counts) of the left child of the cut after every pair: the running sums
    of the class weights restarted at each segment."""
    seg, start = pairs.segment, pairs.start
    K, N = pairs.level.data.K, pairs.x.size
    n_left = np.arange(1, N + 1) - start[seg]
    L = []
    for k in range(K):
        if pairs.weight is None and k == K - 1 and K > 1:     # the points so far minus the other classes
            L.append(n_left - sum(L[1:], L[0]))
        else:
            v = pairs.label == k if pairs.weight is None else np.where(pairs.label == k, pairs.weight, 0)
            c = v.cumsum()
            c -= (c[start] - v[start])[seg]
            L.append(c)
    return L, n_left


def _cut_costs(pairs: _Pairs, L, n_left):
    """(cost, second cost) of the cut after every pair: inf where the cut is not valid
    (equal neighbours, a child with fewer than ``min_samples_leaf`` points, the
    segment's end). Its temporaries end with it: at this size each new array costs
    page faults, so few are alive at once."""
    level, seg, start = pairs.level, pairs.segment, pairs.start
    rules, N = level.data.rules, pairs.x.size
    R = [pairs.class_weight[:, k][seg] - Lk for k, Lk in enumerate(L)]
    W = pairs.W[seg]
    wl = n_left if pairs.weight is None else sum(L[1:], L[0])
    wr = W - wl
    valid = np.empty(N, bool)
    np.greater(pairs.x[1:], pairs.x[:-1], out=valid[:-1])
    valid[start + pairs.size - 1] = False
    if rules.min_samples_leaf > 1:
        valid &= (n_left >= rules.min_samples_leaf) & (pairs.size[seg] - n_left >= rules.min_samples_leaf)
    if pairs.weight is not None:
        valid &= (wl > 0) & (wr > 0)      # positive weights, up to the rounding of the sums
    node_impurity_ = level.impurity[level.carried[pairs.candidate]][seg] if rules.gain_ratio else None
    cost, second = _costs(L, R, wl, wr, W, node_impurity_, rules)
    cost[~valid] = np.inf
    return cost, second


def _random_cuts(pairs: _Pairs, lowest, highest, u, tolerance):
    """One cut per segment at lowest + u (highest - lowest), u uniform in [0, 1), and the
    chosen one of each node (``_choose``): as ``_best_cuts``, the index being the segment's."""
    level, seg = pairs.level, pairs.segment
    K, S = level.data.K, pairs.feature.size
    lowest, highest = lowest[pairs.candidate, pairs.feature], highest[pairs.candidate, pairs.feature]
    t = lowest * (1.0 - u) + highest * u
    t = np.where(t >= highest, lowest, t)
    goes_right = pairs.x > t[seg]
    n_left = pairs.size - np.bincount(seg, weights=goes_right, minlength=S).astype(np.intp)
    sums = np.bincount((2 * seg + goes_right) * K + pairs.label, weights=pairs.weight,
                       minlength=2 * S * K).reshape(S, 2, K).astype(np.float64)
    L, R = sums[:, 0], sums[:, 1]
    wl, wr = L.sum(axis=1), R.sum(axis=1)
    msl = level.data.rules.min_samples_leaf
    valid = (n_left >= msl) & (pairs.size - n_left >= msl) & (wl > 0) & (wr > 0)
    node_impurity_ = level.impurity[level.carried[pairs.candidate]]
    cost, second = _costs(list(L.T), list(R.T), wl, wr, pairs.W, node_impurity_, level.data.rules)
    cost[~valid] = np.inf
    segments = np.arange(S)
    chosen = _choose(cost, second, segments, segments, pairs, tolerance)
    at = np.maximum(chosen, 0)
    return chosen, at, L[at], R[at], n_left[at], t[at]


def _costs(L, R, wl, wr, W, node_impurity_, rules):
    """(cost, second cost) of every cut, smaller is better: the children's weighted
    impurity w_L I(L) + w_R I(R), or with ``gain_ratio`` -W gain / split information
    (only cuts with a positive gain); the second cost breaks the ties of the
    misclassification criterion (the children's weighted Gini impurity), else None."""
    with np.errstate(divide="ignore", invalid="ignore"):
        cost = children_impurity(L, R, wl, wr, W, rules.criterion)
        if rules.gain_ratio:
            gain = W * node_impurity_ - cost
            info = weighted_split_information(wl, wr, W)
            cost = np.where((gain > TIE * W) & (info > 0), -gain / info * W, np.inf)
        second = children_impurity(L, R, wl, wr, W, "gini") if rules.criterion == "misclassification" else None
    return cost, second
