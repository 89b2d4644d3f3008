"""Growing a CART tree level by level, with one vectorised split search per level.

All the nodes of one depth are split together. For a feature f, the samples of
every open node are ordered by (node, x_f); a cumulative sum of the weighted
one-hot labels then gives, at every position p, the class counts L of the left
child of the split "x_f <= midpoint(x_p, x_p+1)" for that node, and R = N - L
for the right child. The split minimising

    w_L I(L) + w_R I(R)      (w = total weight of a child, I the impurity)

is kept, which is the same as maximising the impurity decrease. With
``gain_ratio`` the split maximising (W I(N) - w_L I(L) - w_R I(R)) / (W H(w_L, w_R))
is kept instead (H the entropy of the child weights).

Rules, as in scikit-learn:

* Thresholds are midpoints x_p / 2 + x_p+1 / 2 between neighbouring distinct
  values (the lower value if rounding lands on the upper one). A point goes left
  when x_f <= threshold.
* A node is a leaf when depth = max_depth, it has fewer than min_samples_split or
  2 min_samples_leaf samples, it is pure, or no split leaves min_samples_leaf
  samples (and some positive weight) on each side.
* A split is made only if its weighted impurity decrease
  (W_node / W_total) (I(N) - w_L/W_node I(L) - w_R/W_node I(R)) is at least
  ``min_impurity_decrease`` (within 1e-16).
* Ties: among splits whose score is equal within 1e-12 of the node weight, the
  lowest feature index wins, then the lowest threshold. (scikit-learn visits the
  features in a random order and keeps the first best it meets, so it can pick a
  different feature when two features separate a node equally well.)

``splitter="random"`` (extra-trees) draws one threshold per candidate feature
uniformly between the node's min and max of that feature instead of scanning.
``max_features`` features are drawn per node among those not constant in it.

Several trees grow at once when the samples carry a root index (a forest): node
ids are global, every root is its own tree.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

_EPS = np.finfo(np.float64).eps
_TIE = 1e-12


@dataclass(frozen=True)
class GrowParams:
    criterion: str = "gini"
    max_depth: int | None = None
    min_samples_split: int = 2
    min_samples_leaf: int = 1
    min_impurity_decrease: float = 0.0
    max_features: int | None = None   # None: every feature
    splitter: str = "best"
    gain_ratio: bool = False


@dataclass
class NodeArrays:
    """Parallel per-node arrays (see ``mlcore.tree.Tree``)."""

    feature: np.ndarray
    threshold: np.ndarray
    children_left: np.ndarray
    children_right: np.ndarray
    parent: np.ndarray
    value: np.ndarray
    n_node_samples: np.ndarray
    impurity: np.ndarray
    gain: np.ndarray
    depth: np.ndarray
    root: np.ndarray


class _Store:
    """Preallocated node arrays; a tree over n samples has fewer than 2n nodes."""

    def __init__(self, capacity: int, K: int):
        self.n = 0
        self.feature = np.full(capacity, -1, np.intp)
        self.threshold = np.zeros(capacity)
        self.left = np.full(capacity, -1, np.intp)
        self.right = np.full(capacity, -1, np.intp)
        self.parent = np.full(capacity, -1, np.intp)
        self.value = np.zeros((capacity, K))
        self.count = np.zeros(capacity, np.intp)
        self.impurity = np.zeros(capacity)
        self.gain = np.zeros(capacity)
        self.depth = np.zeros(capacity, np.intp)
        self.root = np.zeros(capacity, np.intp)

    def add(self, value, count, imp, depth, parent, root) -> np.ndarray:
        m = len(count)
        ids = slice(self.n, self.n + m)      # new nodes are contiguous: slices beat fancy indexing
        self.value[ids] = value
        self.count[ids] = count
        self.impurity[ids] = imp
        self.depth[ids] = depth
        self.parent[ids] = parent
        self.root[ids] = root
        self.n += m
        return np.arange(ids.start, ids.stop)

    def arrays(self) -> NodeArrays:
        s = slice(0, self.n)
        return NodeArrays(self.feature[s].copy(), self.threshold[s].copy(), self.left[s].copy(),
                          self.right[s].copy(), self.parent[s].copy(), self.value[s].copy(),
                          self.count[s].copy(), self.impurity[s].copy(), self.gain[s].copy(),
                          self.depth[s].copy(), self.root[s].copy())


def _node_stats(node_of, y, w, ids, K):
    """Weighted class counts and sample counts of the nodes ``ids`` (in that order)."""
    m = len(ids)
    local = np.full(max(int(node_of.max()), int(ids.max())) + 1, -1, np.intp)
    local[ids] = np.arange(m)
    loc = local[node_of]
    keep = loc >= 0
    loc = loc[keep]
    value = np.bincount(loc * K + y[keep], weights=w[keep], minlength=m * K).reshape(m, K)
    count = np.bincount(loc, minlength=m)
    return value, count


def _rowsum(A: np.ndarray) -> np.ndarray:
    """Sum over the (short) class axis, one column at a time (faster than A.sum(axis=1) here)."""
    out = A[:, 0].copy()
    for k in range(1, A.shape[1]):
        out += A[:, k]
    return out


def _impurity_rows(counts: np.ndarray, criterion: str) -> np.ndarray:
    """``impurity(counts, criterion)`` for an (m, K) array, computed column by column."""
    total = _rowsum(counts)
    inv = 1.0 / np.where(total > 0, total, 1.0)
    K = counts.shape[1]
    if criterion == "gini":
        sq = np.zeros(len(total))
        for k in range(K):
            p = counts[:, k] * inv
            sq += p * p
        return np.where(total > 0, 1.0 - sq, 0.0)
    if criterion == "entropy":
        h = np.zeros(len(total))
        for k in range(K):
            p = counts[:, k] * inv
            h -= p * np.log2(np.where(p > 0, p, 1.0))
        return h + 0.0
    top = counts[:, 0].copy()
    for k in range(1, K):
        np.maximum(top, counts[:, k], out=top)
    return np.where(total > 0, 1.0 - top * inv, 0.0)


def grow(X, y, w, K, params: GrowParams, rng=None, root_of_sample=None, n_roots: int = 1) -> NodeArrays:
    """Grow the tree(s) for encoded labels ``y`` (0..K-1) and weights ``w`` (>= 0)."""
    n, d = X.shape
    if root_of_sample is None:
        root_of_sample = np.zeros(n, np.intp)
    crit = params.criterion
    store = _Store(2 * n + n_roots, K)
    node_of = np.asarray(root_of_sample, np.intp).copy()
    value, count = _node_stats(node_of, y, w, np.arange(n_roots), K)
    w_root = value.sum(axis=1)
    active = store.add(value, count, _impurity_rows(value, crit), 0, -1, np.arange(n_roots))
    onehot_t = np.zeros((K, n))
    onehot_t[y, np.arange(n)] = w
    best = params.splitter == "best"
    all_positive = bool(np.all(w > 0))
    if best:
        # Every (feature, sample) pair, ordered by feature then x. Each level re-groups them by
        # node with a stable sort (so x stays sorted inside a node) and drops finished samples.
        pairs = _Pairs(X)
    max_depth = np.inf if params.max_depth is None else params.max_depth
    # Deep levels hold a few small nodes; numpy's per-call cost would dominate them, so once
    # few samples are left they are finished in plain Python (the common unweighted Gini case).
    tail = (best and crit == "gini" and not params.gain_ratio and params.max_features is None
            and n_roots == 1 and bool(np.all(w == 1.0)))
    min_count = max(params.min_samples_split, 2 * params.min_samples_leaf)
    depth = 0
    while active.size:
        if depth >= max_depth:
            break
        can = (store.count[active] >= min_count) & (store.impurity[active] > _EPS)
        cand = active[can]
        if cand.size == 0:
            break
        m = cand.size
        N = store.value[cand]
        W = _rowsum(N)
        node_imp = store.impurity[cand]
        if best:
            local = np.full(active.size, -1, np.intp)
            local[can] = np.arange(m)
            rel = node_of[pairs.sample] - active[0]      # < 0: the sample's node stopped earlier
            loc = local[np.maximum(rel, 0)]
            loc[rel < 0] = -1
            pairs.regroup(loc, m)
            if tail and pairs.size * pairs.d <= _TAIL_PAIRS:
                _grow_tail(store, pairs, cand, X, y, K, depth, max_depth, min_count,
                           params.min_samples_leaf, params.min_impurity_decrease, float(w_root[0]))
                break
            feat, thr, child, L = _scan(pairs, onehot_t, w, all_positive, N, W, node_imp, params, rng)
            members = pairs.sample[:pairs.size]          # the first feature's block: each sample once
            member_node = pairs.node[:pairs.size]
        else:
            local = np.full(store.n, -1, np.intp)
            local[cand] = np.arange(m)
            loc_all = local[node_of]
            feat, thr, child, L = _random_splits(X, y, w, K, loc_all, m, N, W, node_imp, params, rng)
            members = np.flatnonzero(loc_all >= 0)
            member_node = loc_all[members]
        ok = feat >= 0
        if child is None:
            R = np.maximum(N - L, 0.0)
            child = _rowsum(L) * _impurity_rows(L, crit) + _rowsum(R) * _impurity_rows(R, crit)
        # The weighted impurity decrease of each chosen split (scikit-learn's meaning):
        # W_node / W_total (I(node) - w_L / W_node I(L) - w_R / W_node I(R)).
        gain = (W * node_imp - child) / (w_root[0] if n_roots == 1 else w_root[store.root[cand]])
        sl = (ok & (gain + _EPS >= params.min_impurity_decrease)).nonzero()[0]
        if sl.size == 0:
            break
        parents = cand[sl]
        m2 = parents.size
        store.feature[parents] = feat[sl]
        store.threshold[parents] = thr[sl]
        store.gain[parents] = np.maximum(gain[sl], 0.0)   # rounding can leave -1e-17
        left_ids = store.n + 2 * np.arange(m2)
        store.left[parents] = left_ids
        store.right[parents] = left_ids + 1
        # Move the samples of the split nodes into the children (local child 2j or 2j + 1).
        pos = np.full(m, -1, np.intp)
        pos[sl] = np.arange(m2)
        pm = pos[member_node]
        keep = pm >= 0
        moving, pm = members[keep], pm[keep]
        child = 2 * pm + (X[moving, feat[sl][pm]] > thr[sl][pm])
        node_of[moving] = store.n + child
        cval = np.bincount(child * K + y[moving], weights=w[moving], minlength=2 * m2 * K).reshape(-1, K)
        ccount = np.bincount(child, minlength=2 * m2)
        parent_of_child = parents.repeat(2)
        active = store.add(cval, ccount, _impurity_rows(cval, crit), depth + 1, parent_of_child,
                           0 if n_roots == 1 else store.root[parent_of_child])
        depth += 1
    return store.arrays()


_TAIL_PAIRS = 256


def _gini_of(c, K):
    """``_impurity_rows(c, "gini")`` for one node, with the same floating-point steps."""
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


def _scan2(xf, order, yl, n0, n1, W, cnt, msl):
    """The (position, score) of every valid cut of one node and feature, two classes."""
    xs = [xf[i] for i in order]
    found = []
    l0 = l1 = 0.0
    for p in range(cnt - 1):
        if yl[order[p]]:
            l1 += 1.0
        else:
            l0 += 1.0
        if xs[p + 1] > xs[p] and p + 1 >= msl and cnt - p - 1 >= msl:
            wl = l0 + l1
            r0, r1 = n0 - l0, n1 - l1
            found.append((p, W - ((l0 * l0 + l1 * l1) / wl + (r0 * r0 + r1 * r1) / (W - wl))))
    return found


def _grow_tail(store, pairs, cand, X, y, K, depth, max_depth, min_count, msl, min_decrease, w_total):
    """Finish the tree from the candidate nodes ``cand`` on, level by level in plain Python.

    Only for unit weights, Gini, every feature, one tree: class counts are then whole
    numbers (exact in floats), and every score, tie rule, threshold and node number is
    computed exactly as in the vectorised path (``_scan`` and ``grow``).
    """
    d, m = pairs.d, cand.size
    cols = [X[:, f].tolist() for f in range(d)]
    yl = y.tolist()
    samples = pairs.sample.tolist()
    size = np.bincount(pairs.seg, minlength=d * m).tolist()
    lists = [[None] * d for _ in range(m)]
    at = 0
    for f in range(d):
        for j in range(m):
            lists[j][f] = samples[at:at + size[f * m + j]]
            at += size[f * m + j]
    level = list(zip(cand.tolist(), store.value[cand].tolist(), store.count[cand].tolist(),
                     store.impurity[cand].tolist(), lists, strict=True))
    inf = float("inf")
    while level and depth < max_depth:
        splits = []
        for node, N, cnt, imp, idx in level:
            if cnt < min_count or not imp > _EPS:
                continue
            W = N[0]
            for k in range(1, K):
                W += N[k]
            tol = _TIE * W
            seg_min, seg_pos = [], []
            for f in range(d):
                xf, order = cols[f], idx[f]
                found = []
                if K == 2:
                    found = _scan2(xf, order, yl, N[0], N[1], W, cnt, msl)
                    smin = min([sc for _, sc in found], default=inf)
                    seg_min.append(smin)
                    seg_pos.append(next((p for p, sc in found if sc <= smin + tol), 0))
                    continue
                L = [0.0] * K
                prev = xf[order[0]]
                for p in range(cnt - 1):
                    L[yl[order[p]]] += 1.0
                    nxt = xf[order[p + 1]]
                    if nxt > prev and p + 1 >= msl and cnt - p - 1 >= msl:
                        wl = L[0]
                        sl = L[0] * L[0]
                        r = N[0] - L[0]
                        sr = r * r
                        for k in range(1, K):
                            wl += L[k]
                            sl += L[k] * L[k]
                            r = N[k] - L[k]
                            sr += r * r
                        found.append((p, W - (sl / wl + sr / (W - wl))))
                    prev = nxt
                smin = min([sc for _, sc in found], default=inf)
                seg_min.append(smin)
                seg_pos.append(next((p for p, sc in found if sc <= smin + tol), 0))
            smin = min(seg_min)
            if not smin < inf:
                continue
            f = next(f for f in range(d) if seg_min[f] <= smin + tol)
            child = seg_min[f]
            gain = (W * imp - child) / w_total
            if not gain + _EPS >= min_decrease:
                continue
            p = seg_pos[f]
            lo, hi = cols[f][idx[f][p]], cols[f][idx[f][p + 1]]
            thr = lo / 2.0 + hi / 2.0
            if thr == hi:
                thr = lo
            splits.append((node, f, thr, max(gain, 0.0), idx))
        if not splits:
            break
        depth += 1
        first = store.n
        values, counts, imps, parents, level = [], [], [], [], []
        for j, (node, f, thr, gain, idx) in enumerate(splits):
            store.feature[node], store.threshold[node], store.gain[node] = f, thr, gain
            store.left[node], store.right[node] = first + 2 * j, first + 2 * j + 1
            xf = cols[f]
            for side in (True, False):
                part = [[i for i in order if (xf[i] <= thr) is side] for order in idx]
                c = [0.0] * K
                for i in part[0]:
                    c[yl[i]] += 1.0
                n_side = len(part[0])
                g = _gini_of(c, K)
                values.append(c)
                counts.append(n_side)
                imps.append(g)
                parents.append(node)
                level.append((first + 2 * j + (not side), c, n_side, g, part))
        store.add(np.array(values), np.array(counts, np.intp), np.array(imps), depth,
                  np.array(parents, np.intp), 0)


class _Pairs:
    """(feature, sample) pairs kept grouped by (feature, node) and sorted by x inside a group."""

    def __init__(self, X):
        n, d = X.shape
        self.d = d
        self.sample = np.concatenate([np.argsort(X[:, f], kind="stable") for f in range(d)])
        self.feature = np.repeat(np.arange(d), n)
        self.x = X[self.sample, self.feature]
        self.node = np.zeros(n * d, np.intp)
        self.size = n          # samples per feature block

    def regroup(self, node, m: int) -> None:
        """New local node of each pair (-1: its node stopped): drop those, group by (feature, node)."""
        keep = node >= 0
        if not keep.all():
            self.sample, self.feature, self.x, node = (self.sample[keep], self.feature[keep],
                                                       self.x[keep], node[keep])
        key = self.feature * m + node
        order = (key.astype(np.uint16) if self.d * m < 65536 else key).argsort(kind="stable")
        self.sample, self.feature, self.x = self.sample[order], self.feature[order], self.x[order]
        self.node, self.seg = node[order], key[order]
        self.size = self.sample.size // self.d


def _xlog2x(a: np.ndarray) -> np.ndarray:
    return a * np.log2(np.where(a > 0, a, 1.0))


def _child_score(L, R, wl, wr, criterion):
    """w_L I(L) + w_R I(R) for many candidate splits at once (rows of class counts)."""
    if criterion == "gini":
        # w I = w - sum_k n_k^2 / w
        return (wl - np.einsum("ij,ij->i", L, L) / np.where(wl > 0, wl, 1.0)
                + wr - np.einsum("ij,ij->i", R, R) / np.where(wr > 0, wr, 1.0))
    if criterion == "entropy":
        # w H = w log2 w - sum_k n_k log2 n_k
        return _xlog2x(wl) - _xlog2x(L).sum(axis=1) + _xlog2x(wr) - _xlog2x(R).sum(axis=1)
    return wl - L.max(axis=1) + wr - R.max(axis=1)


def _score(L, R, params, W, node_imp):
    """Score to minimise for candidate splits with child counts L, R; W, node_imp per row."""
    wl, wr = L.sum(axis=1), R.sum(axis=1)
    child = _child_score(L, R, wl, wr, params.criterion)
    if not params.gain_ratio:
        return child
    gain = W * node_imp - child
    info = _xlog2x(W) - _xlog2x(wl) - _xlog2x(wr)          # W H(w_L / W, w_R / W)
    ratio = gain / np.where(info > 0, info, 1.0)
    # Scaled by W so the tie tolerance means the same as for plain gains.
    return np.where((gain > _TIE * W) & (info > 0), -ratio * W, np.inf)


def _feature_subsets(lo, hi, params, rng):
    """Which features each node may use: ``max_features`` drawn among the features that are
    not constant in the node (``lo``, ``hi``: (m, d) min and max); None means all."""
    m, d = lo.shape
    if params.max_features is None or params.max_features >= d:
        return None
    keys = rng.random((m, d))
    keys[~(hi > lo)] = np.inf
    rank = np.argsort(np.argsort(keys, axis=1, kind="stable"), axis=1, kind="stable")
    return rank < params.max_features


def _pick(S, W, m):
    """Per node, the first feature whose best score is within the tie tolerance of the minimum."""
    smin = S.min(axis=0)
    fbest = (S <= smin + _TIE * W).argmax(axis=0)
    return np.where(np.isfinite(smin), fbest, -1)


def _scan(pairs, onehot_t, w, all_positive, N, W, node_imp, params, rng):
    """Best midpoint split of every candidate node over all features, in one pass.

    ``pairs`` lists the samples of all candidate nodes feature after feature, each
    feature's block ordered by (node, x_f): every (feature, node) is one contiguous
    segment, and a cumulative sum of the one-hot weights gives the left counts of
    every cut at once. Class counts are handled one class row at a time (K is small,
    and 1-D numpy operations are far cheaper than reductions over a short last axis).
    """
    d = pairs.d
    m = N.shape[0]
    K = onehot_t.shape[0]
    seg, nd, xs, idx = pairs.seg, pairs.node, pairs.x, pairs.sample
    total = seg.size
    size = np.bincount(seg, minlength=d * m)
    start = size.cumsum() - size                        # every segment is non-empty
    allowed = None
    if params.max_features is not None and params.max_features < d:
        allowed = _feature_subsets(xs[start].reshape(d, m).T, xs[start + size - 1].reshape(d, m).T,
                                   params, rng)
    L, R = [], []
    for k in range(K):
        v = onehot_t[k][idx]
        c = v.cumsum()
        left = c - (c[start] - v[start])[seg]
        L.append(left)
        R.append(N[nd, k] - left)
    valid = np.empty(total, bool)
    np.logical_and(seg[1:] == seg[:-1], xs[1:] > xs[:-1], out=valid[:-1])
    valid[-1] = False
    msl = params.min_samples_leaf
    if msl > 1:
        n_left = np.arange(1, total + 1) - start[seg]
        valid &= (n_left >= msl) & (size[seg] - n_left >= msl)
    if not all_positive:
        positive = w[idx] > 0
        cpos = np.cumsum(positive)
        pos_left = cpos - (cpos[start] - positive[start])[seg]
        pos_node = np.bincount(seg, weights=positive, minlength=d * m)[seg]
        valid &= (pos_left > 0) & (pos_node - pos_left > 0)
    if allowed is not None:
        valid &= allowed[nd, pairs.feature]
    Wn = W[nd]
    if params.criterion == "gini" and not params.gain_ratio:
        # w_L G(L) + w_R G(R) = W - (sum_k L_k^2 / w_L + sum_k R_k^2 / w_R)
        wl, sl, sr = L[0].copy(), L[0] * L[0], R[0] * R[0]
        for k in range(1, K):
            wl += L[k]
            sl += L[k] * L[k]
            sr += R[k] * R[k]
        wr = Wn - wl
        prox = sl / np.where(wl > 0, wl, 1.0) + sr / np.where(wr > 0, wr, 1.0)
        score = np.where(valid, Wn - prox, np.inf)
    else:
        Lm, Rm = np.column_stack(L), np.maximum(np.column_stack(R), 0.0)
        score = np.where(valid, _score(Lm, Rm, params, Wn, node_imp[nd]), np.inf)
    seg_min = np.minimum.reduceat(score, start)
    # The first cut of each segment whose score is within the tie tolerance of the best.
    near = score <= seg_min[seg] + _TIE * Wn
    best_pos = np.minimum.reduceat(np.where(near, np.arange(total), total - 1), start)
    feat = _pick(seg_min.reshape(d, m), W, m)
    ok = feat >= 0
    best_seg = np.maximum(feat, 0) * m + np.arange(m)
    p = best_pos[best_seg]
    lo, hi = xs[p], xs[np.minimum(p + 1, total - 1)]
    thr = lo / 2.0 + hi / 2.0          # halves first: no overflow, always finite
    thr = np.where(ok, np.where(thr == hi, lo, thr), 0.0)
    if params.gain_ratio:   # the score is not the children's impurity: give the counts instead
        return feat, thr, None, np.where(ok[:, None], np.column_stack([left[p] for left in L]), 0.0)
    # The children's weighted impurity w_L I(L) + w_R I(R) of the chosen split.
    return feat, thr, np.where(ok, seg_min[best_seg], 0.0), None


def _random_splits(X, y, w, K, loc_all, m, N, W, node_imp, params, rng):
    """One uniform random threshold in [min, max) per node and feature; the best feature wins."""
    d = X.shape[1]
    inside = np.flatnonzero(loc_all >= 0)
    li = loc_all[inside]
    lo = np.full((m, d), np.inf)
    hi = np.full((m, d), -np.inf)
    for f in range(d):
        np.minimum.at(lo[:, f], li, X[inside, f])
        np.maximum.at(hi[:, f], li, X[inside, f])
    u = rng.random((m, d))
    allowed = _feature_subsets(lo, hi, params, rng)
    thr = lo * (1.0 - u) + hi * u
    thr = np.where(thr >= hi, lo, thr)
    wi, yi = w[inside], y[inside]
    n_all = np.bincount(li, minlength=m)
    pos_all = np.bincount(li, weights=wi > 0, minlength=m)
    S = np.full((d, m), np.inf)
    Ls = np.zeros((d, m, K))
    for f in range(d):
        go = X[inside, f] <= thr[li, f]
        L = np.bincount(li * K + yi, weights=wi * go, minlength=m * K).reshape(m, K)
        n_left = np.bincount(li, weights=go, minlength=m)
        pos_left = np.bincount(li, weights=go & (wi > 0), minlength=m)
        valid = ((hi[:, f] > lo[:, f]) & (n_left >= params.min_samples_leaf)
                 & (n_all - n_left >= params.min_samples_leaf) & (pos_left > 0) & (pos_all - pos_left > 0))
        if allowed is not None:
            valid &= allowed[:, f]
        S[f] = np.where(valid, _score(L, np.maximum(N - L, 0.0), params, W, node_imp), np.inf)
        Ls[f] = L
    feat = _pick(S, W, m)
    ok = feat >= 0
    fi = np.maximum(feat, 0)
    ar = np.arange(m)
    return feat, np.where(ok, thr[ar, fi], 0.0), None, np.where(ok[:, None], Ls[fi, ar], 0.0)
