"""Finishing a single tree in plain Python once few points are left.

The deep levels of a fully grown tree hold a few small nodes. A vectorised level
(``mlcore.tree._splitter``) costs a fixed few dozen numpy calls whatever its
size, so below ``TAIL_PAIRS`` (feature, point) pairs a plain Python loop over the
sorted points is cheaper. It serves the common case only: one tree, unit
weights, Gini, the best splitter over every feature, no gain ratio
(``applies``).

Every number is computed with the same floating-point steps as the vectorised
path, so the tree is the same bit for bit: class counts are whole numbers (exact);
a node's impurity is 1 - sum_k (c_k / W)^2; the cut after position p of a node's
points sorted by x_f costs

    W - (sum_k L_k^2 / w_L + sum_k R_k^2 / w_R)        (w_R = W - w_L)

(the children's weighted Gini impurity); the first cut within 1e-12 W of the best
wins, then the lowest feature; the threshold is x_p / 2 + x_p+1 / 2 (x_p if that
rounds up to x_p+1); the split is made if (W I(N) - cost) / W_root reaches
min_impurity_decrease (within machine epsilon).
"""

from __future__ import annotations

from ._splitter import EPS, TIE

TAIL_PAIRS = 512      # below this many (feature, point) pairs the Python loop is cheaper


def applies(level, n_trees: int, unit_weights: bool) -> bool:
    """Whether ``level`` may be finished here (see the module docstring)."""
    rules = level.rules
    d = level.Xt.shape[0]
    if not (n_trees == 1 and unit_weights and rules.style == "tree" and rules.criterion == "gini"
            and not rules.gain_ratio and rules.splitter == "best" and rules.max_features is None):
        return False
    return int(level.n_points[level.may_split()].sum()) * d <= TAIL_PAIRS


def _gini(counts):
    """(total weight, 1 - sum_k (c_k / W)^2) with the vectorised path's steps."""
    total = counts[0]
    for c in counts[1:]:
        total += c
    if not total > 0:
        return total, 0.0
    square = 0.0
    for k, c in enumerate(counts):
        p = c / total
        square = p * p if k == 0 else square + p * p
    return total, 1.0 - square


def _cuts(xf, order, labels, counts, W, size, min_leaf):
    """Every valid cut of one node along one feature: [(position, cost)]."""
    K = len(counts)
    found = []
    if K == 2:      # the common case, unrolled (the same operations in the same order)
        n0, n1 = counts
        l0 = l1 = 0.0
        for p in range(size - 1):
            if labels[order[p]]:
                l1 += 1.0
            else:
                l0 += 1.0
            if xf[order[p + 1]] > xf[order[p]] and p + 1 >= min_leaf and size - p - 1 >= min_leaf:
                w_left = l0 + l1
                r0, r1 = n0 - l0, n1 - l1
                found.append((p, W - ((l0 * l0 + l1 * l1) / w_left + (r0 * r0 + r1 * r1) / (W - w_left))))
        return found
    left = [0.0] * K
    for p in range(size - 1):
        left[labels[order[p]]] += 1.0
        if xf[order[p + 1]] > xf[order[p]] and p + 1 >= min_leaf and size - p - 1 >= min_leaf:
            w_left = float(p + 1)
            sum_left = sum_right = 0.0
            for k in range(K):
                r = counts[k] - left[k]
                sum_left = left[k] * left[k] if k == 0 else sum_left + left[k] * left[k]
                sum_right = r * r if k == 0 else sum_right + r * r
            found.append((p, W - (sum_left / w_left + sum_right / (W - w_left))))
    return found


def _best_split(cols, labels, counts, W, size, by_feature, min_leaf):
    """(feature, position, cost) of a node's best cut, or None."""
    tolerance = TIE * W
    per_feature = []
    for f, order in enumerate(by_feature):
        found = _cuts(cols[f], order, labels, counts, W, size, min_leaf)
        if found:
            best = min(cost for _, cost in found)
            per_feature.append((f, next(p for p, cost in found if cost <= best + tolerance), best))
    if not per_feature:
        return None
    best = min(cost for _, _, cost in per_feature)
    return next(s for s in per_feature if s[2] <= best + tolerance)


def finish(level, root_weight: float, max_depth) -> dict:
    """Grow every node of ``level`` to the end. Returns per-node lists, level after
    level (class_weight, n_points, weight, impurity, feature, threshold, gain, depth)."""
    rules = level.rules
    d = level.Xt.shape[0]
    cols = [level.Xt[f].tolist() for f in range(d)]
    labels = level.y.tolist()
    starts, sizes = level.start.tolist(), level.n_points.tolist()
    by_feature = [points.tolist() for points in level.points_by_feature]
    min_leaf = rules.min_samples_leaf
    min_count = max(rules.min_samples_split, 2 * min_leaf)
    # only nodes that may split need their points
    nodes = [(counts, size, weight, imp,
              [column[s:s + size] for column in by_feature] if size >= min_count and imp > EPS else None)
             for counts, size, weight, imp, s in zip(level.class_weight.tolist(), sizes, level.weight.tolist(),
                                                     level.impurity.tolist(), starts, strict=True)]
    out = dict(class_weight=[], n_points=[], weight=[], impurity=[], feature=[], threshold=[], gain=[], depth=[])
    class_weights, n_points, weights, impurities = (out[k] for k in ("class_weight", "n_points", "weight",
                                                                     "impurity"))
    features, thresholds, gains, depths = (out[k] for k in ("feature", "threshold", "gain", "depth"))
    depth = level.depth
    while nodes:
        children = []
        for counts, size, W, imp, lists in nodes:
            feature, threshold, gain = -1, 0.0, 0.0
            if lists is not None and depth < max_depth:
                best = _best_split(cols, labels, counts, W, size, lists, min_leaf)
                if best is not None:
                    f, p, cost = best
                    g = (W * imp - cost) / root_weight
                    if g + EPS >= rules.min_impurity_decrease:
                        xf = cols[f]
                        lo, hi = xf[lists[f][p]], xf[lists[f][p + 1]]
                        threshold = lo / 2.0 + hi / 2.0
                        if threshold >= hi:
                            threshold = lo
                        feature, gain = f, max(g, 0.0)
                        children += [_child(lists, xf, threshold, labels, len(counts), side, min_count)
                                     for side in (True, False)]
            class_weights.append(counts)
            n_points.append(size)
            weights.append(W)
            impurities.append(imp)
            features.append(feature)
            thresholds.append(threshold)
            gains.append(gain)
            depths.append(depth)
        nodes = children
        depth += 1
    return out


def _child(lists, xf, threshold, labels, K, goes_left, min_count):
    """(counts, size, weight, impurity, point lists or None if it cannot split) of one child."""
    first = [i for i in lists[0] if (xf[i] <= threshold) is goes_left]
    counts = [0.0] * K
    for i in first:
        counts[labels[i]] += 1.0
    weight, imp = _gini(counts)
    if len(first) < min_count or not imp > EPS:
        return counts, len(first), weight, imp, None
    part = [first] + [[i for i in order if (xf[i] <= threshold) is goes_left] for order in lists[1:]]
    return counts, len(first), weight, imp, part
