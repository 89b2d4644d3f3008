"""Grow all the trees of an ensemble together, one depth level at a time.

Every tree t sees the same n training points with its own weights ``W[t, i]``
(bootstrap counts for a forest, boosting weights for AdaBoost, 0 = not drawn), so
the points are sorted once per feature and never again. The state at a depth is,
for every feature f, one flat array of (tree, point) pairs grouped by the open
node they sit in and sorted by x_f inside each node. One cumulative sum of the
weighted one-hot labels along that array gives, at every position p, the class
weights L of the left child of the split "x_f <= (x_p + x_p+1) / 2" of p's node,
and R = N - L for the right child, for all nodes of all trees at once.

The split kept in a node maximises the impurity decrease, i.e. it minimises
w_L I(L) + w_R I(R). For Gini this is done, as in scikit-learn, by maximising
the equivalent proxy sum_k L_k^2 / w_L + sum_k R_k^2 / w_R; entropy (bits) and
misclassification use -(w_L I(L) + w_R I(R)) directly.

Rules (scikit-learn's): a node is a leaf at max_depth, with fewer than
min_samples_split or 2 min_samples_leaf points, when pure (impurity <= machine
epsilon), or when no split leaves min_samples_leaf points on each side. A split is
made when its weighted impurity decrease (W_node / W_root) (I(N) - w_L/W_node I(L)
- w_R/W_node I(R)) is at least min_impurity_decrease. Thresholds are midpoints of
neighbouring distinct values; a point goes left when x_f <= threshold. Ties: the
lowest threshold of a feature, then the lowest feature index. ``max_features``
features are drawn per node among those not constant in it. ``random_split``
(extra-trees) draws one threshold per feature uniformly in [min, max) of the node.

The random splitter needs no order, so it keeps a single array of pairs (grouped by
node) for all features. After a split the pairs are partitioned stably into the children with prefix
sums (no re-sorting), so a level costs a fixed number of passes over the pairs.

Nodes are numbered breadth first within each tree; the right child is always
``left + 1``, which lets prediction descend every tree with one gather per level.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

LEAF = -1                 # children of a leaf
_EPS = np.finfo(np.float64).eps


@dataclass
class ForestArrays:
    """The nodes of T trees, tree after tree (``tree_start[t]`` is tree t's root).

    Per node, with the conventions of ``mlcore.tree.Tree``: feature (-1 in a leaf),
    threshold (0.0 in a leaf), children_left and children_right (global ids, -1 in a
    leaf), parent (-1 at a root), value (weighted class counts, (G, K)),
    n_node_samples (distinct training points), weighted_n_node_samples, impurity,
    gain (the weighted impurity decrease W_node / W_root (I(N) - w_L/W_node I(L)
    - w_R/W_node I(R)), 0 in a leaf), depth, tree; lower / upper (G, d): the box
    lower < x <= upper of the node.
    """

    feature: np.ndarray
    threshold: np.ndarray
    children_left: np.ndarray
    children_right: np.ndarray
    parent: np.ndarray
    value: np.ndarray
    n_node_samples: np.ndarray
    weighted_n_node_samples: np.ndarray
    impurity: np.ndarray
    gain: np.ndarray
    depth: np.ndarray
    tree: np.ndarray
    tree_start: np.ndarray
    lower: np.ndarray
    upper: np.ndarray

    @property
    def n_trees(self) -> int:
        return len(self.tree_start) - 1

    @property
    def is_leaf(self) -> np.ndarray:
        return self.children_left < 0


def _impurity(c, w, criterion):
    p = c / np.where(w > 0, w, 1.0)[:, None]
    if criterion == "gini":
        return 1.0 - np.einsum("ij,ij->i", p, p)
    if criterion == "entropy":
        return -np.einsum("ij,ij->i", p, np.log2(np.where(p > 0, p, 1.0))) + 0.0
    return 1.0 - p.max(axis=1)


def _score(L, R, wl, wr, criterion):
    """Larger is better: minus the children's weighted impurity, up to a constant.

    L, R are lists of K arrays (class weights of the left / right child)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        if criterion == "gini":
            sl = L[0] * L[0]
            sr = R[0] * R[0]
            for k in range(1, len(L)):
                sl += L[k] * L[k]
                sr += R[k] * R[k]
            return sl / wl + sr / wr
        if criterion == "entropy":
            # -(w_L H_L + w_R H_R) = sum_k L_k log2 L_k - w_L log2 w_L + (same for R)
            out = -_xlog2x(wl) - _xlog2x(wr)
            for k in range(len(L)):
                out += _xlog2x(L[k]) + _xlog2x(R[k])
            return out
        return np.max(L, axis=0) + np.max(R, axis=0)


def _xlog2x(v):
    return v * np.log2(np.where(v > 0, v, 1.0))


def _segment_first_max(score, start, grp, size):
    """Per group: the max score and the first position reaching it (score -inf = invalid)."""
    best = np.maximum.reduceat(score, start)
    hit = np.where(score == best[grp], np.arange(size), size)
    return best, np.minimum.reduceat(hit, start)


def grow_forest(X, y, n_classes, W, *, criterion="gini", max_depth=None, min_samples_split=2,
                min_samples_leaf=1, min_impurity_decrease=0.0, max_features=None,
                random_split=False, rng=None, order=None) -> ForestArrays:
    """Grow ``W.shape[0]`` trees on ``X`` (n, d), labels ``y`` in 0..K-1, weights ``W`` (T, n)."""
    X = np.ascontiguousarray(X, dtype=np.float64)
    n, d = X.shape
    K = int(n_classes)
    W = np.asarray(W, dtype=np.float64)
    T = W.shape[0]
    if order is None:
        order = np.argsort(X, axis=0, kind="stable")
    mf = d if max_features is None else max(1, min(int(max_features), d))
    cap = np.inf if max_depth is None else max_depth
    if rng is None:
        rng = np.random.default_rng(0)
    Xt = np.ascontiguousarray(X.T)

    # The pairs of every feature, grouped by tree (the roots), sorted by x_f.
    flat_w = W.ravel()
    IX, TR = [], None
    for f in range(d):
        t, p = np.nonzero(W[:, order[:, f]] > 0)
        IX.append(order[p, f])
        TR = t if TR is None else TR
    if random_split:
        IX = IX[:1]         # random thresholds need the nodes' points, not their order
    cnt = np.bincount(TR, minlength=T)
    if np.any(cnt == 0):
        raise ValueError("every tree needs at least one point with positive weight")
    node_tree = np.arange(T)
    w_root = W.sum(axis=1)

    levels = []
    depth = 0
    while node_tree.size:
        A = node_tree.size
        start = np.concatenate(([0], np.cumsum(cnt)[:-1]))
        grp = np.repeat(np.arange(A), cnt)
        ix0 = IX[0]
        w0 = flat_w[node_tree[grp] * n + ix0]
        tot = np.bincount(grp * K + y[ix0], weights=w0, minlength=A * K).reshape(A, K)
        Wn = tot.sum(axis=1)
        imp = _impurity(tot, Wn, criterion)
        cand = ((depth < cap) & (cnt >= min_samples_split) & (cnt >= 2 * min_samples_leaf)
                & (imp > _EPS))
        feat = np.full(A, -1, np.intp)
        thr = np.zeros(A)
        gain = np.zeros(A)
        split = np.zeros(A, bool)
        if cand.any():
            split_c, feat_c, thr_c, gain_c, left_c, nleft_c = _split_level(
                Xt, y, flat_w, n, K, IX, grp, node_tree, cnt, tot, Wn, imp, cand,
                criterion, min_samples_leaf, mf, random_split, rng)
            ci = np.flatnonzero(cand)
            improvement = Wn[ci] / w_root[node_tree[ci]] * gain_c
            split_c &= improvement + _EPS >= min_impurity_decrease
            split[ci] = split_c
            feat[ci[split_c]] = feat_c[split_c]
            thr[ci[split_c]] = thr_c[split_c]
            gain[ci[split_c]] = improvement[split_c]
        levels.append((node_tree, tot, cnt, Wn, imp, feat, thr, gain, split, depth))
        if not split.any():
            break
        if depth + 1 >= cap:
            # The children are leaves: their counts come from the split, no regrouping needed.
            s_c = split[ci]
            L, nl = left_c[s_c], nleft_c[s_c]
            ctot = np.empty((2 * L.shape[0], K))
            ctot[0::2], ctot[1::2] = L, np.maximum(tot[split] - L, 0.0)
            ccnt = np.empty(2 * nl.size, np.intp)
            ccnt[0::2], ccnt[1::2] = nl, cnt[split] - nl
            cW = ctot.sum(axis=1)
            m = ccnt.size
            levels.append((np.repeat(node_tree[split], 2), ctot, ccnt, cW, _impurity(ctot, cW, criterion),
                           np.full(m, -1, np.intp), np.zeros(m), np.zeros(m), np.zeros(m, bool), depth + 1))
            break
        IX, cnt = _partition(Xt, IX, grp, start, cnt, split, feat, thr)
        node_tree = np.repeat(node_tree[split], 2)
        depth += 1
    return _assemble(levels, T, w_root, d)


def _split_level(Xt, y, flat_w, n, K, IX, grp, node_tree, cnt, tot, Wn, imp, cand,
                 criterion, msl, mf, random_split, rng):
    """Best split of every candidate node; returns (ok, feature, threshold, gain)."""
    d = Xt.shape[0]
    cidx = np.flatnonzero(cand)
    C = cidx.size
    csize = cnt[cidx]
    totc, Wc = tot[cidx], Wn[cidx]
    start = np.concatenate(([0], np.cumsum(cnt)[:-1]))
    first, last = start[cidx], start[cidx] + csize - 1
    # Sorted arrays per feature (best split) give a node's min and max at its ends; the
    # random splitter keeps one unsorted array and reduces over each node's block.
    lo_all, hi_all = np.empty((C, d)), np.empty((C, d))
    for f in range(d):
        if random_split:
            xs_all = Xt[f, IX[0]]
            lo_all[:, f] = np.minimum.reduceat(xs_all, start)[cidx]
            hi_all[:, f] = np.maximum.reduceat(xs_all, start)[cidx]
        else:
            lo_all[:, f], hi_all[:, f] = Xt[f, IX[f][first]], Xt[f, IX[f][last]]
    varies = hi_all > lo_all
    use = varies
    if mf < d:
        keys = rng.random((C, d))
        keys[~varies] = np.inf
        r = np.argsort(np.argsort(keys, axis=1, kind="stable"), axis=1, kind="stable")
        use = varies & (r < mf)
    scores = np.full((C, d), -np.inf)
    thrs = np.zeros((C, d))
    lefts = np.zeros((C, d, K))
    n_lefts = np.zeros((C, d), np.intp)
    node_of = np.full(cnt.size, -1, np.intp)
    for f in range(d):
        sel = np.flatnonzero(use[:, f])
        if sel.size == 0:
            continue
        src = IX[0] if random_split else IX[f]
        if sel.size == cnt.size:        # every open node takes part: no compaction
            g, ix = grp, src
        else:
            node_of[cidx[sel]] = np.arange(sel.size)
            keep = node_of[grp]
            inside = keep >= 0
            g = keep[inside]
            node_of[cidx[sel]] = -1
            ix = src[inside]
        size = csize[sel]
        s0 = np.concatenate(([0], np.cumsum(size)[:-1]))
        xs = Xt[f, ix]
        ws = flat_w[node_tree[cidx[sel]][g] * n + ix]
        ys = y[ix]
        N, S = ix.size, sel.size
        tot_s = totc[sel]
        if random_split:
            lo, hi = lo_all[sel, f], hi_all[sel, f]
            u = rng.random(S)
            t = lo * (1.0 - u) + hi * u
            t = np.where(t >= hi, lo, t)
            go = xs <= t[g]
            nl = np.bincount(g, weights=go, minlength=S)
            Lm = np.bincount(g * K + ys, weights=ws * go, minlength=S * K).reshape(S, K)
            Rm = np.maximum(tot_s - Lm, 0.0)
            wl, wr = Lm.sum(axis=1), Rm.sum(axis=1)
            ok = (nl >= msl) & (size - nl >= msl) & (wl > 0) & (wr > 0)
            sc = np.where(ok, _score(list(Lm.T), list(Rm.T), wl, wr, criterion), -np.inf)
            scores[sel, f], thrs[sel, f], lefts[sel, f], n_lefts[sel, f] = sc, t, Lm, nl
            continue
        L, R = [], []
        for k in range(K):
            c = np.cumsum(np.where(ys == k, ws, 0.0))
            before = np.concatenate(([0.0], c))[s0]
            L.append(c - before[g])
        cw = np.cumsum(ws)
        wl = cw - np.concatenate(([0.0], cw))[s0][g]
        W_el = Wc[sel][g]
        wr = W_el - wl
        for k in range(K):
            R.append(np.maximum(tot_s[g, k] - L[k], 0.0))
        n_left = np.arange(1, N + 1) - s0[g]
        ok = np.zeros(N, bool)
        ok[:-1] = xs[1:] > xs[:-1]
        ok &= (n_left >= msl) & (size[g] - n_left >= msl) & (wl > 0) & (wr > 1e-300)
        sc = np.where(ok, _score(L, R, wl, wr, criterion), -np.inf)
        best, p = _segment_first_max(sc, s0, g, N)
        p = np.where(np.isfinite(best), p, s0)
        a, b = xs[p], xs[np.minimum(p + 1, N - 1)]
        t = a / 2.0 + b / 2.0
        t = np.where((t >= b) | ~np.isfinite(t), a, t)
        scores[sel, f], thrs[sel, f] = best, t
        lefts[sel, f] = np.stack([Lk[p] for Lk in L], axis=1)
        n_lefts[sel, f] = p - s0 + 1
    bf = np.argmax(scores, axis=1)
    rows = np.arange(C)
    ok = np.isfinite(scores[rows, bf])
    L = lefts[rows, bf]
    R = np.maximum(totc - L, 0.0)
    wl, wr = L.sum(axis=1), R.sum(axis=1)
    safe = np.where(Wc > 0, Wc, 1.0)
    gain = imp[cidx] - wl / safe * _impurity(L, wl, criterion) - wr / safe * _impurity(R, wr, criterion)
    return ok, bf, thrs[rows, bf], np.where(ok, gain, 0.0), L, n_lefts[rows, bf]


def _partition(Xt, IX, grp, start, cnt, split, feat, thr):
    """Move the pairs of split nodes into their children, keeping x-order (stable).

    A pair at position p of its node's block goes to
    start(left child) + #(left-goers before p in the block), or the same for the right.
    How many left-goers precede a block does not depend on the feature's order, so the
    per-pair offsets are computed once and only the running count is per feature.
    """
    S = int(split.sum())
    sizes = cnt[split]
    kstart = np.concatenate(([0], np.cumsum(sizes)[:-1]))   # block of each split node
    if S == cnt.size:
        keep, g = None, grp
    else:
        keep = split[grp]
        g = (np.cumsum(split) - 1)[grp[keep]]
    f_off = feat[split][g] * Xt.shape[1]
    t_el = thr[split][g]
    flat = Xt.ravel()
    out = []
    for f, ix_all in enumerate(IX):
        ix = ix_all if keep is None else ix_all[keep]
        left = flat[f_off + ix] <= t_el
        cl = np.cumsum(left)
        if f == 0:
            cl0 = np.concatenate(([0], cl))[kstart]
            nl = cl[kstart + sizes - 1] - cl0
            new_cnt = np.empty(2 * S, np.intp)
            new_cnt[0::2], new_cnt[1::2] = nl, sizes - nl
            nstart = np.concatenate(([0], np.cumsum(new_cnt)[:-1]))
            pos = np.arange(ix.size)
            # left: nstart[2g] + (cl - cl0[g]) - 1;  right: nstart[2g+1] + (p - kstart[g]) - (cl - cl0[g])
            base_l = (nstart[0::2] - cl0 - 1)[g]
            base_r = (nstart[1::2] - kstart + cl0)[g] + pos
        dest = np.where(left, base_l + cl, base_r - cl)
        moved = np.empty_like(ix)
        moved[dest] = ix
        out.append(moved)
    return out, new_cnt


def _assemble(levels, T, w_root, d) -> ForestArrays:
    """Level-ordered nodes -> tree-contiguous arrays with global child ids."""
    tree = np.concatenate([lv[0] for lv in levels])
    value = np.concatenate([lv[1] for lv in levels])
    count = np.concatenate([lv[2] for lv in levels])
    wn = np.concatenate([lv[3] for lv in levels])
    imp = np.concatenate([lv[4] for lv in levels])
    feat = np.concatenate([lv[5] for lv in levels])
    thr = np.concatenate([lv[6] for lv in levels])
    gain = np.concatenate([lv[7] for lv in levels])
    depth = np.concatenate([np.full(lv[0].size, lv[9], np.intp) for lv in levels])
    G = tree.size
    # Level order: the children of level l come right after it, in split-node order.
    sizes = np.array([lv[0].size for lv in levels])
    offs = np.concatenate(([0], np.cumsum(sizes)))
    left = np.full(G, LEAF, np.intp)
    for l in range(len(levels) - 1):
        s = np.flatnonzero(levels[l][8]) + offs[l]
        left[s] = offs[l + 1] + 2 * np.arange(s.size)
    perm = np.argsort(tree, kind="stable")
    new_id = np.empty(G, np.intp)
    new_id[perm] = np.arange(G)
    left = left[perm]
    left = np.where(left >= 0, new_id[np.maximum(left, 0)], LEAF)
    right = np.where(left >= 0, left + 1, LEAF)
    tree = tree[perm]
    tree_start = np.searchsorted(tree, np.arange(T + 1))
    feat, thr, depth = feat[perm], thr[perm], depth[perm]
    lower = np.full((G, d), -np.inf)
    upper = np.full((G, d), np.inf)
    for l in range(depth.max() + 1 if G else 0):
        s = np.flatnonzero((depth == l) & (left >= 0))
        for child, side in ((left[s], upper), (right[s], lower)):
            lower[child], upper[child] = lower[s], upper[s]
            side[child, feat[s]] = thr[s]
    parent = np.full(G, LEAF, np.intp)
    inner = np.flatnonzero(left >= 0)
    parent[left[inner]] = inner
    parent[right[inner]] = inner
    return ForestArrays(feat, thr, left, right, parent, value[perm], count[perm], wn[perm],
                        imp[perm], gain[perm], depth, tree, tree_start, lower, upper)


def concat_forests(parts: list[ForestArrays]) -> ForestArrays:
    """One ForestArrays holding the trees of ``parts`` in order (ids shifted)."""
    offs = np.cumsum([0] + [p.feature.size for p in parts])
    toffs = np.cumsum([0] + [p.n_trees for p in parts])

    def shift(a, o):
        return np.where(a >= 0, a + o, a)

    cat = np.concatenate
    return ForestArrays(
        cat([p.feature for p in parts]), cat([p.threshold for p in parts]),
        cat([shift(p.children_left, o) for p, o in zip(parts, offs[:-1], strict=True)]),
        cat([shift(p.children_right, o) for p, o in zip(parts, offs[:-1], strict=True)]),
        cat([shift(p.parent, o) for p, o in zip(parts, offs[:-1], strict=True)]),
        cat([p.value for p in parts]), cat([p.n_node_samples for p in parts]),
        cat([p.weighted_n_node_samples for p in parts]), cat([p.impurity for p in parts]),
        cat([p.gain for p in parts]), cat([p.depth for p in parts]),
        cat([p.tree + t for p, t in zip(parts, toffs[:-1], strict=True)]),
        cat([p.tree_start[:-1] + o for p, o in zip(parts, offs[:-1], strict=True)] + [offs[-1:]]),
        cat([p.lower for p in parts]), cat([p.upper for p in parts]))
