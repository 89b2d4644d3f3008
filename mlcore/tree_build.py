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

from .impurity import impurity

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
        ids = np.arange(self.n, self.n + m)
        self.value[ids] = value
        self.count[ids] = count
        self.impurity[ids] = imp
        self.depth[ids] = depth
        self.parent[ids] = parent
        self.root[ids] = root
        self.n += m
        return ids

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
    active = store.add(value, count, impurity(value, crit), 0, -1, np.arange(n_roots))
    onehot = np.zeros((n, K))
    onehot[np.arange(n), y] = w
    positive = w > 0
    best = params.splitter == "best"
    # Samples sorted by each feature; samples whose node became a leaf are dropped as we go.
    orders = [np.argsort(X[:, f], kind="stable") for f in range(d)] if best else None
    max_depth = np.inf if params.max_depth is None else params.max_depth
    depth = 0
    while active.size:
        cnt = store.count[active]
        can = ((depth < max_depth) & (cnt >= params.min_samples_split)
               & (cnt >= 2 * params.min_samples_leaf) & (store.impurity[active] > _EPS))
        cand = active[can]
        if cand.size == 0:
            break
        m = cand.size
        local = np.full(store.n, -1, np.intp)
        local[cand] = np.arange(m)
        loc_all = local[node_of]
        N = store.value[cand]
        W = N.sum(axis=1)
        node_imp = store.impurity[cand]
        if best:
            orders = [o[loc_all[o] >= 0] for o in orders]
            feat, thr, L = _scan(X, orders, loc_all, m, onehot, positive, N, W, node_imp, params, rng)
        else:
            feat, thr, L = _random_splits(X, y, w, K, loc_all, m, N, W, node_imp, params, rng)
        ok = feat >= 0
        R = np.maximum(N - L, 0.0)
        wl, wr = L.sum(axis=1), R.sum(axis=1)
        safe_W = np.where(W > 0, W, 1.0)
        # The weighted impurity decrease of each chosen split (scikit-learn's meaning).
        gain = (W / w_root[store.root[cand]]) * (
            node_imp - wl / safe_W * impurity(L, crit) - wr / safe_W * impurity(R, crit))
        split = ok & (gain + _EPS >= params.min_impurity_decrease)
        sl = np.flatnonzero(split)
        if sl.size == 0:
            break
        parents = cand[sl]
        m2 = parents.size
        store.feature[parents] = feat[sl]
        store.threshold[parents] = thr[sl]
        store.gain[parents] = gain[sl]
        left_ids = store.n + 2 * np.arange(m2)
        right_ids = left_ids + 1
        store.left[parents] = left_ids
        store.right[parents] = right_ids
        # Move the samples of the split nodes into the children.
        pos = np.full(m, -1, np.intp)
        pos[sl] = np.arange(m2)
        moving = np.flatnonzero(loc_all >= 0)
        pm = pos[loc_all[moving]]
        keep = pm >= 0
        moving, pm = moving[keep], pm[keep]
        go = X[moving, feat[sl][pm]] <= thr[sl][pm]
        node_of[moving] = np.where(go, left_ids[pm], right_ids[pm])
        child_ids = np.empty(2 * m2, np.intp)
        child_ids[0::2], child_ids[1::2] = left_ids, right_ids
        cval, ccount = _node_stats(node_of[moving], y[moving], w[moving], child_ids, K)
        parent_of_child = np.repeat(parents, 2)
        store.add(cval, ccount, impurity(cval, crit), depth + 1, parent_of_child, store.root[parent_of_child])
        active = child_ids
        depth += 1
    return store.arrays()


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
    fbest = np.argmax(S <= smin + _TIE * W, axis=0)
    return np.where(np.isfinite(smin), fbest, -1)


def _scan(X, orders, loc_all, m, onehot, positive, N, W, node_imp, params, rng):
    """Best midpoint split of every candidate node over all features, in one pass.

    The samples of all nodes are laid out feature after feature, each feature's block
    ordered by (node, x_f), so each (feature, node) pair is one contiguous segment.
    """
    d = len(orders)
    K = onehot.shape[1]
    blocks = []
    for o in orders:
        key = loc_all[o]
        key = key.astype(np.uint16) if m < 65536 else key
        blocks.append(o[np.argsort(key, kind="stable")])   # radix sort on small ints
    ms = blocks[0].size
    idx = np.concatenate(blocks)
    nd = loc_all[idx]
    f_of = np.repeat(np.arange(d), ms)
    xs = X[idx, f_of]
    seg = f_of * m + nd
    size = np.bincount(nd[:ms], minlength=m)
    start_block = np.concatenate(([0], np.cumsum(size)[:-1]))
    start = (start_block[None, :] + ms * np.arange(d)[:, None]).ravel()   # segment f*m + node
    end = start + np.tile(size, d) - 1
    allowed = _feature_subsets(xs[start].reshape(d, m).T, xs[end].reshape(d, m).T, params, rng)
    cum = np.cumsum(onehot[idx], axis=0)
    L = cum - np.vstack([np.zeros((1, K)), cum])[start][seg]
    cpos = np.cumsum(positive[idx])
    pos_left = cpos - np.concatenate(([0], cpos))[start][seg]
    pos_node = np.bincount(nd[:ms], weights=positive[idx[:ms]], minlength=m)
    n_left = np.arange(idx.size) - start[seg] + 1
    n_right = size[nd] - n_left
    valid = np.zeros(idx.size, bool)
    valid[:-1] = (seg[1:] == seg[:-1]) & (xs[1:] > xs[:-1])
    valid &= ((n_left >= params.min_samples_leaf) & (n_right >= params.min_samples_leaf)
              & (pos_left > 0) & (pos_node[nd] - pos_left > 0))
    if allowed is not None:
        valid &= allowed[nd, f_of]
    R = np.maximum(N[nd] - L, 0.0)
    score = np.where(valid, _score(L, R, params, W[nd], node_imp[nd]), np.inf)
    seg_min = np.minimum.reduceat(score, start)              # every segment is non-empty
    hit = np.flatnonzero(valid & (score <= seg_min[seg] + _TIE * W[nd]))
    hs = seg[hit]
    first = hit[np.concatenate(([True], hs[1:] != hs[:-1]))[:hit.size]]  # first near-best per segment
    best_pos = np.zeros(d * m, np.intp)
    best_pos[seg[first]] = first
    feat = _pick(seg_min.reshape(d, m), W, m)
    p = best_pos[np.maximum(feat, 0) * m + np.arange(m)]
    lo, hi = xs[p], xs[np.minimum(p + 1, idx.size - 1)]
    thr = lo / 2.0 + hi / 2.0
    thr = np.where((thr == hi) | ~np.isfinite(thr), lo, thr)
    ok = feat >= 0
    return feat, np.where(ok, thr, 0.0), np.where(ok[:, None], L[p], 0.0)


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
    return feat, np.where(ok, thr[ar, fi], 0.0), np.where(ok[:, None], Ls[fi, ar], 0.0)
