"""Finishing a CART tree in plain Python once few samples are left.

The deep levels of a fully grown tree hold a few small nodes. A vectorised level
(``mlcore.tree_build``) costs a fixed few dozen numpy calls whatever its size, so
below a few hundred (feature, sample) pairs a plain Python loop over the sorted
samples is cheaper. This module grows those levels, for the common case only:
unit weights, Gini, every feature considered.

Every number is computed exactly as in the vectorised path, so the tree is the
same: class counts are whole numbers (exact in floats); a cut after position p of
a node's samples sorted by x_f scores

    W - (sum_k L_k^2 / w_L + sum_k R_k^2 / w_R)

(the children's weighted Gini impurity); the first cut within 1e-12 W of the best
wins, then the lowest feature; the threshold is x_p / 2 + x_p+1 / 2 (x_p if that
rounds up to x_p+1); the split is kept if W I(N) - score, over the total weight,
reaches min_impurity_decrease; nodes are numbered level by level in parent order.
"""

from __future__ import annotations

import numpy as np

EPS = np.finfo(np.float64).eps
TIE = 1e-12
TAIL_PAIRS = 256      # below this many (feature, sample) pairs the Python loop is cheaper


def _gini(c, K):
    """1 - sum_k (c_k / W)^2 with the vectorised path's floating-point steps."""
    total = c[0]
    for k in range(1, K):
        total += c[k]
    if not total > 0:
        return 0.0
    inv = 1.0 / total
    sq = 0.0
    for k in range(K):
        q = c[k] * inv
        sq += q * q
    return 1.0 - sq


def _cuts(xf, order, yl, N, W, cnt, msl, K):
    """Scores of every valid cut of one node along one feature: [(position, score)]."""
    found = []
    if K == 2:
        n0, n1 = N
        l0 = l1 = 0.0
        for p in range(cnt - 1):
            if yl[order[p]]:
                l1 += 1.0
            else:
                l0 += 1.0
            if xf[order[p + 1]] > xf[order[p]] and p + 1 >= msl and cnt - p - 1 >= msl:
                wl = l0 + l1
                r0, r1 = n0 - l0, n1 - l1
                found.append((p, W - ((l0 * l0 + l1 * l1) / wl + (r0 * r0 + r1 * r1) / (W - wl))))
        return found
    L = [0.0] * K
    for p in range(cnt - 1):
        L[yl[order[p]]] += 1.0
        if xf[order[p + 1]] > xf[order[p]] and p + 1 >= msl and cnt - p - 1 >= msl:
            wl = sl = sr = 0.0
            for k in range(K):
                wl += L[k]
                sl += L[k] * L[k]
                r = N[k] - L[k]
                sr += r * r
            found.append((p, W - (sl / wl + sr / (W - wl))))
    return found


def _best_split(node, cols, yl, K, msl):
    """(feature, position, children's score) of a node's best cut, or None; and W."""
    _, N, cnt, _, idx = node
    W = N[0]
    for k in range(1, K):
        W += N[k]
    tol = TIE * W
    per_feature = []
    for f, order in enumerate(idx):
        found = _cuts(cols[f], order, yl, N, W, cnt, msl, K)
        if found:
            smin = min(s for _, s in found)
            per_feature.append((f, next(p for p, s in found if s <= smin + tol), smin))
    if not per_feature:
        return None, W
    smin = min(s for _, _, s in per_feature)
    return next(b for b in per_feature if b[2] <= smin + tol), W


def grow_tail(store, level, idx, seg, X, y, K, depth, params, w_total) -> None:
    """Grow the open nodes of ``level`` to the end.

    ``idx`` lists their samples feature after feature, grouped by node (``seg`` =
    feature * m + node, sorted) and ordered by x inside a group.
    """
    m = level.m
    d = idx.size // int(level.count.sum())
    cols = [X[:, f].tolist() for f in range(d)]
    yl = y.tolist()
    samples = idx.tolist()
    size = np.bincount(seg, minlength=d * m).tolist()
    lists = [[None] * d for _ in range(m)]
    at = 0
    for f in range(d):
        for j in range(m):
            lists[j][f] = samples[at:at + size[f * m + j]]
            at += size[f * m + j]
    nodes = list(zip(level.ids.tolist(), level.N.tolist(), level.count.tolist(),
                     level.imp.tolist(), lists, strict=True))
    msl = params.min_samples_leaf
    min_count = max(params.min_samples_split, 2 * msl)
    max_depth = np.inf if params.max_depth is None else params.max_depth
    while nodes and depth < max_depth:
        splits = []
        for node in nodes:
            node_id, _, cnt, imp, idx_lists = node
            if cnt < min_count or not imp > EPS:
                continue
            best, W = _best_split(node, cols, yl, K, msl)
            if best is None:
                continue
            f, p, child = best
            gain = (W * imp - child) / w_total
            if not gain + EPS >= params.min_impurity_decrease:
                continue
            lo, hi = cols[f][idx_lists[f][p]], cols[f][idx_lists[f][p + 1]]
            thr = lo / 2.0 + hi / 2.0
            if thr == hi:
                thr = lo
            splits.append((node_id, f, thr, max(gain, 0.0), idx_lists))
        if not splits:
            return
        first = store.n
        store.split(np.array([s[0] for s in splits], np.intp), np.array([s[1] for s in splits], np.intp),
                    np.array([s[2] for s in splits]), np.array([s[3] for s in splits]))
        depth += 1
        values, counts, imps, parents, nodes = [], [], [], [], []
        for j, (node_id, f, thr, _, idx_lists) in enumerate(splits):
            xf = cols[f]
            for side in (True, False):
                part = [[i for i in order if (xf[i] <= thr) is side] for order in idx_lists]
                c = [0.0] * K
                for i in part[0]:
                    c[yl[i]] += 1.0
                g = _gini(c, K)
                values.append(c)
                counts.append(len(part[0]))
                imps.append(g)
                parents.append(node_id)
                nodes.append((first + 2 * j + (not side), c, len(part[0]), g, part))
        store.add(np.array(values), np.array(counts, np.intp), np.array(imps), depth,
                  np.array(parents, np.intp))
