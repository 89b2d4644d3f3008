"""Finishing a single tree in plain Python once few points are left.

The deep levels of a fully grown tree hold a few small nodes. A vectorised level
(``mlcore.tree._splitter``) costs over a hundred numpy calls whatever its size, so
below ``TAIL_PAIRS`` (feature, point) pairs a plain loop over each node's sorted
points is cheaper. It serves the app's default tree only (``applies``): one tree,
unit weights, Gini, the best splitter over every feature, no gain ratio and no
``min_impurity_decrease``.

It follows the grower's rule with the same arithmetic. The cut after position p of a
node's points sorted by x_f costs

    W - (sum_k L_k^2 / w_L + sum_k R_k^2 / w_R)        (the children's weighted Gini)

with whole-number counts, so the sums of squares are exact and each division is
rounded once, as in the vectorised levels; the first cut in (feature, threshold)
order within ``TIE`` W of the node's lowest cost wins. Every split found is made
(without ``min_impurity_decrease`` no gain can stop it), and a node of whole-number
counts is pure exactly when one class is left, so the growth needs no impurity:
the impurities and gains are computed at the end by the vectorised levels' numpy
functions, one call each.
"""

from __future__ import annotations

import numpy as np

from ._impurity import children_impurity
from ._impurity import impurity as node_impurity
from ._splitter import TIE

TAIL_PAIRS = 256      # below this many (feature, point) pairs the Python loop is cheaper (measured)


def applies(level) -> bool:
    """Whether ``level`` may be finished here (see the module docstring)."""
    data, rules = level.data, level.data.rules
    return (data.unit_weights and data.flat_weight.size == data.n and rules.criterion == "gini"
            and not rules.gain_ratio and rules.splitter == "best" and rules.max_features is None
            and rules.min_impurity_decrease == 0 and int(level.n_pairs.sum()) * data.Xt.shape[0] <= TAIL_PAIRS)


def _best_cut(columns, labels, counts, by_feature, min_leaf):
    """(feature, position) of a node's chosen cut, or None."""
    W = sum(counts)
    costs, cuts = [], []
    for f, order in enumerate(by_feature):
        x, size = columns[f], len(order)
        left, squares_left, squares_right = [0] * len(counts), 0, sum(c * c for c in counts)
        for p in range(size - 1):
            k = labels[order[p]]
            left[k] += 1
            squares_left += 2 * left[k] - 1                 # sum_k L_k^2 and sum_k R_k^2: one
            squares_right -= 2 * (counts[k] - left[k]) + 1  # point of class k moved left
            if min_leaf <= p + 1 <= size - min_leaf and x[order[p + 1]] > x[order[p]]:
                costs.append(W - (squares_left / (p + 1) + squares_right / (W - p - 1)))
                cuts.append((f, p))
    if not costs:
        return None
    lowest = min(costs)
    return next(cut for cut, cost in zip(cuts, costs, strict=True) if cost <= lowest + TIE * W)


def finish(level, root_weight: float, max_depth) -> list[tuple]:
    """Grow every node of ``level`` to the end. Per level: (class weights, point counts,
    impurity, depth, feature, threshold, gain), node arrays as the vectorised levels'."""
    data, rules = level.data, level.data.rules
    columns = [column.tolist() for column in data.Xt]
    labels = data.y.tolist()
    min_count = max(rules.min_samples_split, 2 * rules.min_samples_leaf)
    by_feature = [points.tolist() for points in level.points_by_feature]
    # a node: [class counts, point lists by feature (None: it cannot split), feature, threshold]
    nodes = [[counts, [p[s:s + size] for p in by_feature] if may else None, -1, 0.0]
             for counts, may, s, size in zip(level.class_weight.astype(int).tolist(), level.may_split.tolist(),
                                             level.start.tolist(), level.n_points.tolist(), strict=True)]
    levels, depth = [], level.depth
    while nodes:
        levels.append(nodes)
        children = []
        for node in nodes:
            counts, lists = node[0], node[1]
            cut = _best_cut(columns, labels, counts, lists, rules.min_samples_leaf) if lists and depth < max_depth \
                else None
            if cut is None:
                continue
            f, p = cut
            x = columns[f]
            lo, hi = x[lists[f][p]], x[lists[f][p + 1]]
            t = lo / 2.0 + hi / 2.0
            node[2], node[3] = f, (lo if t >= hi else t)
            for side in (True, False):
                part = [[q for q in order if (x[q] <= node[3]) is side] for order in lists]
                child = [0] * len(counts)
                for q in part[0]:
                    child[labels[q]] += 1
                splits = len(part[0]) >= min_count and sum(c > 0 for c in child) > 1
                children.append([child, part if splits else None, -1, 0.0])
        nodes, depth = children, depth + 1
    return _records(levels, level.depth, root_weight)


def _records(levels, depth: int, root_weight: float) -> list[tuple]:
    """The per-level node arrays, impurities and gains in one numpy call each."""
    counts = [np.array([node[0] for node in nodes], dtype=np.float64) for nodes in levels]
    impurity = np.split(node_impurity(np.concatenate(counts), "gini"), np.cumsum([len(c) for c in counts])[:-1])
    # the children of a level's split nodes are the next level's nodes, two by two
    parent, left, right = [], [], []
    for i in range(len(levels) - 1):
        split = [j for j, node in enumerate(levels[i]) if node[2] >= 0]
        parent.append((i, split))
        left.append(counts[i + 1][0::2])
        right.append(counts[i + 1][1::2])
    gains = []
    if parent:
        L, R = np.concatenate(left), np.concatenate(right)
        W = np.concatenate([counts[i][split].sum(axis=1) for i, split in parent])
        I_node = np.concatenate([impurity[i][split] for i, split in parent])
        cost = children_impurity(list(L.T), list(R.T), L.sum(axis=1), R.sum(axis=1), W, "gini")
        gains = np.split(np.maximum((W * I_node - cost) / root_weight, 0.0),
                         np.cumsum([len(split) for _, split in parent])[:-1])
    out = []
    for i, nodes in enumerate(levels):
        feature = np.array([node[2] for node in nodes], np.intp)
        gain = np.zeros(len(nodes))
        if i < len(parent):
            gain[parent[i][1]] = gains[i]
        out.append((counts[i], counts[i].sum(axis=1).astype(np.intp), impurity[i], depth + i,
                    feature, np.array([node[3] for node in nodes]), gain))
    return out
