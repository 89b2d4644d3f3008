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

from .impurity import entropy, impurity

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
    store = _Store(2 * n + n_roots, K)
    node_of = np.asarray(root_of_sample, np.intp).copy()
    value, count = _node_stats(node_of, y, w, np.arange(n_roots), K)
    w_root = value.sum(axis=1)
    active = store.add(value, count, impurity(value, params.criterion), 0, -1, np.arange(n_roots))
    orders = [np.argsort(X[:, f], kind="stable") for f in range(d)]
    max_depth = np.inf if params.max_depth is None else params.max_depth
    depth = 0
    while active.size:
        W = store.value[active].sum(axis=1)
        cnt = store.count[active]
        can = ((depth < max_depth) & (cnt >= params.min_samples_split)
               & (cnt >= 2 * params.min_samples_leaf) & (store.impurity[active] > _EPS))
        cand = active[can]
        if cand.size == 0:
            break
        best = _best_splits(X, y, w, K, node_of, cand, store, params, rng, orders)
        feat, thr, ok = best
        Wc = W[can]
        # The weighted impurity decrease of each chosen split (scikit-learn's meaning).
        go_left_all = np.zeros(n, bool)
        local = np.full(store.n, -1, np.intp)
        local[cand] = np.arange(cand.size)
        loc = local[node_of]
        inside = np.flatnonzero(loc >= 0)
        li = loc[inside]
        has = ok[li]
        inside, li = inside[has], li[has]
        go = X[inside, feat[li]] <= thr[li]
        go_left_all[inside] = go
        L = np.bincount(li * K + y[inside], weights=w[inside] * go, minlength=cand.size * K).reshape(-1, K)
        N = store.value[cand]
        R = np.maximum(N - L, 0.0)
        wl, wr = L.sum(axis=1), R.sum(axis=1)
        safe_W = np.where(Wc > 0, Wc, 1.0)
        gain = (Wc / w_root[store.root[cand]]) * (
            store.impurity[cand] - wl / safe_W * impurity(L, params.criterion)
            - wr / safe_W * impurity(R, params.criterion))
        split = ok & (gain + _EPS >= params.min_impurity_decrease)
        parents = cand[split]
        if parents.size == 0:
            break
        m = parents.size
        sl = np.flatnonzero(split)
        store.feature[parents] = feat[sl]
        store.threshold[parents] = thr[sl]
        store.gain[parents] = gain[sl]
        first = store.n
        left_ids = first + 2 * np.arange(m)
        right_ids = left_ids + 1
        store.left[parents] = left_ids
        store.right[parents] = right_ids
        # Move the samples of the split nodes into the children.
        pos = np.full(store.n, -1, np.intp)
        pos[parents] = np.arange(m)
        p_of = pos[node_of]
        moving = np.flatnonzero(p_of >= 0)
        pm = p_of[moving]
        node_of[moving] = np.where(go_left_all[moving], left_ids[pm], right_ids[pm])
        child_ids = np.empty(2 * m, np.intp)
        child_ids[0::2], child_ids[1::2] = left_ids, right_ids
        cval, ccount = _node_stats(node_of, y, w, child_ids, K)
        parent_of_child = np.repeat(parents, 2)
        store.add(cval, ccount, impurity(cval, params.criterion), depth + 1,
                  parent_of_child, store.root[parent_of_child])
        active = child_ids
        depth += 1
    return store.arrays()


def _feature_subsets(X, node_of, cand, local, params, rng, d):
    """Which features each candidate node may use: ``max_features`` drawn among the
    features that are not constant in that node (all features when max_features is None)."""
    m = cand.size
    if params.max_features is None or params.max_features >= d:
        return None
    loc = local[node_of]
    inside = loc >= 0
    li = loc[inside]
    varies = np.zeros((m, d), bool)
    for f in range(d):
        xf = X[inside, f]
        lo = np.full(m, np.inf)
        hi = np.full(m, -np.inf)
        np.minimum.at(lo, li, xf)
        np.maximum.at(hi, li, xf)
        varies[:, f] = hi > lo
    keys = rng.random((m, d))
    keys[~varies] = np.inf
    rank = np.argsort(np.argsort(keys, axis=1, kind="stable"), axis=1, kind="stable")
    return rank < params.max_features


def _best_splits(X, y, w, K, node_of, cand, store, params, rng, orders):
    """Best (feature, threshold) per candidate node; ``ok`` is False where no split is allowed."""
    n, d = X.shape
    m = cand.size
    local = np.full(store.n, -1, np.intp)
    local[cand] = np.arange(m)
    N = store.value[cand]
    W = N.sum(axis=1)
    tol = _TIE * W
    node_imp = store.impurity[cand]
    allowed = _feature_subsets(X, node_of, cand, local, params, rng, d)
    best_score = np.full(m, np.inf)
    best_feat = np.full(m, -1, np.intp)
    best_thr = np.zeros(m)
    u = rng.random((m, d)) if params.splitter == "random" else None
    loc_all = local[node_of]
    for f in range(d):
        if params.splitter == "random":
            score, thr = _random_feature(X[:, f], y, w, K, loc_all, m, N, u[:, f], params, W, node_imp)
        else:
            score, thr = _scan_feature(X[:, f], y, w, K, loc_all, orders[f], m, N, params, W, node_imp)
        if allowed is not None:
            score = np.where(allowed[:, f], score, np.inf)
        better = score < best_score - tol
        best_score = np.where(better, score, best_score)
        best_feat = np.where(better, f, best_feat)
        best_thr = np.where(better, thr, best_thr)
    return best_feat, best_thr, np.isfinite(best_score)


def _score(L, R, params, W, node_imp, nd):
    """Score to minimise for candidate splits with child counts L, R of nodes ``nd``."""
    wl, wr = L.sum(axis=1), R.sum(axis=1)
    child = wl * impurity(L, params.criterion) + wr * impurity(R, params.criterion)
    if not params.gain_ratio:
        return child
    Wn = W[nd]
    gain = Wn * node_imp[nd] - child
    info = Wn * entropy(np.column_stack([wl, wr]))
    ratio = gain / np.where(info > 0, info, 1.0)
    # Scale by the node weight so the tie tolerance means the same as for plain gains.
    return np.where(gain > _TIE * Wn, -ratio * Wn, np.inf)


def _scan_feature(x, y, w, K, loc_all, order, m, N, params, W, node_imp):
    """Best midpoint threshold of one feature for every candidate node at once."""
    o = order[loc_all[order] >= 0]
    key = loc_all[o]
    key = key.astype(np.uint16) if m < 65536 else key
    o = o[np.argsort(key, kind="stable")]       # by node, then by x (radix sort on small ints)
    nd = loc_all[o]
    xs = x[o]
    wo = w[o]
    onehot = np.zeros((o.size, K))
    onehot[np.arange(o.size), y[o]] = wo
    cum = np.cumsum(onehot, axis=0)
    cpos = np.cumsum(wo > 0)
    size = np.bincount(nd, minlength=m)
    start = np.concatenate(([0], np.cumsum(size)[:-1]))
    before = np.vstack([np.zeros((1, K)), cum])[start]          # counts before each node's block
    pos_before = np.concatenate(([0], cpos))[start]
    L = cum - before[nd]
    R = np.maximum(N[nd] - L, 0.0)
    n_left = np.arange(o.size) - start[nd] + 1
    n_right = size[nd] - n_left
    pos_left = cpos - pos_before[nd]
    pos_right = np.bincount(nd, weights=wo > 0, minlength=m)[nd] - pos_left
    nxt = np.empty(o.size, bool)
    nxt[:-1] = (nd[1:] == nd[:-1]) & (xs[1:] > xs[:-1])
    nxt[-1] = False
    valid = (nxt & (n_left >= params.min_samples_leaf) & (n_right >= params.min_samples_leaf)
             & (pos_left > 0) & (pos_right > 0))
    score = np.where(valid, _score(L, R, params, W, node_imp, nd), np.inf)
    seg_min = np.minimum.reduceat(score, start)      # every candidate node has >= 2 samples
    hit = np.flatnonzero(valid & (score <= seg_min[nd] + _TIE * W[nd]))
    out_score = np.full(m, np.inf)
    out_thr = np.zeros(m)
    if hit.size:
        nodes, first = np.unique(nd[hit], return_index=True)
        p = hit[first]
        lo, hi = xs[p], xs[p + 1]
        thr = lo / 2.0 + hi / 2.0
        thr = np.where((thr == hi) | ~np.isfinite(thr), lo, thr)
        out_score[nodes] = seg_min[nodes]
        out_thr[nodes] = thr
    return out_score, out_thr


def _random_feature(x, y, w, K, loc_all, m, N, u, params, W, node_imp):
    """One uniform random threshold in [min, max) of the node, per candidate node."""
    inside = np.flatnonzero(loc_all >= 0)
    li = loc_all[inside]
    xi = x[inside]
    lo = np.full(m, np.inf)
    hi = np.full(m, -np.inf)
    np.minimum.at(lo, li, xi)
    np.maximum.at(hi, li, xi)
    thr = lo * (1.0 - u) + hi * u
    thr = np.where(thr >= hi, lo, thr)
    go = xi <= thr[li]
    wi = w[inside]
    L = np.bincount(li * K + y[inside], weights=wi * go, minlength=m * K).reshape(m, K)
    R = np.maximum(N - L, 0.0)
    n_left = np.bincount(li, weights=go, minlength=m)
    n_all = np.bincount(li, minlength=m)
    pos_left = np.bincount(li, weights=go & (wi > 0), minlength=m)
    pos_right = np.bincount(li, weights=~go & (wi > 0), minlength=m)
    valid = ((hi > lo) & (n_left >= params.min_samples_leaf)
             & (n_all - n_left >= params.min_samples_leaf) & (pos_left > 0) & (pos_right > 0))
    score = np.where(valid, _score(L, R, params, W, node_imp, np.arange(m)), np.inf)
    return score, thr
