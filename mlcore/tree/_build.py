"""Growing a CART tree level by level, with one vectorised split search per level.

All the open nodes of one depth are split together. For a feature f, the samples
of every open node are kept ordered by (node, x_f); a cumulative sum of the
weighted one-hot labels then gives, at every position p, the class counts L of
the left child of the split "x_f <= midpoint(x_p, x_p+1)" for that node, and
R = N - L for the right child. The split minimising

    w_L I(L) + w_R I(R)      (w = total weight of a child, I the impurity)

is kept, which is the same as maximising the impurity decrease. For Gini this is
W - (sum_k L_k^2 / w_L + sum_k R_k^2 / w_R). With ``gain_ratio`` the split
maximising (W I(N) - w_L I(L) - w_R I(R)) / (W H(w_L, w_R)) is kept instead
(H the entropy of the child weights).

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

Speed: a level costs a fixed number of numpy passes over the (feature, sample)
pairs of the open nodes, whatever the number of nodes, so a fully grown tree
costs about (depth x a few dozen array operations). Class counts are held as
(K, pairs) arrays so that one call handles every class. Nodes that cannot split
(pure, too small, at max_depth) are dropped from the pairs as soon as they are made.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._tail import EPS as _EPS
from ._tail import TAIL_PAIRS, grow_tail
from ._tail import TIE as _TIE


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


class _Store:
    """Preallocated node arrays; a tree over n samples has fewer than 2n nodes.

    Nodes are numbered breadth first: the children of a level's split nodes are
    appended in the order of their parents, left child first.
    """

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

    def add(self, value, count, imp, depth, parent) -> np.ndarray:
        m = len(count)
        ids = slice(self.n, self.n + m)      # new nodes are contiguous: slices beat fancy indexing
        self.value[ids] = value
        self.count[ids] = count
        self.impurity[ids] = imp
        self.depth[ids] = depth
        self.parent[ids] = parent
        self.n += m
        return np.arange(ids.start, ids.stop)

    def split(self, nodes, feat, thr, gain) -> None:
        """Record the splits of ``nodes``; their children are the next 2 len(nodes) ids."""
        first = self.n + 2 * np.arange(len(nodes))
        self.feature[nodes] = feat
        self.threshold[nodes] = thr
        self.gain[nodes] = np.maximum(gain, 0.0)   # rounding can leave -1e-17
        self.left[nodes] = first
        self.right[nodes] = first + 1

    def arrays(self) -> NodeArrays:
        s = slice(0, self.n)
        return NodeArrays(self.feature[s].copy(), self.threshold[s].copy(), self.left[s].copy(),
                          self.right[s].copy(), self.parent[s].copy(), self.value[s].copy(),
                          self.count[s].copy(), self.impurity[s].copy(), self.gain[s].copy(),
                          self.depth[s].copy())


def _rowsum(A: np.ndarray) -> np.ndarray:
    """Sum over the (short) class axis, one column at a time (faster than A.sum(axis=1) here)."""
    out = A[:, 0].copy()
    for k in range(1, A.shape[1]):
        out += A[:, k]
    return out


def _impurity_rows(counts: np.ndarray, criterion: str) -> np.ndarray:
    """Impurity of every row of (m, K) class counts: Gini 1 - sum_k p_k^2,
    entropy -sum_k p_k log2 p_k, misclassification 1 - max_k p_k."""
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


class _Level:
    """The open nodes of one depth: ids, class weights N (m, K), total weight W,
    impurity and sample count."""

    def __init__(self, ids, N, imp, count):
        self.ids, self.N, self.imp, self.count = ids, N, imp, count
        self.W = _rowsum(N)

    @property
    def m(self) -> int:
        return self.ids.size


def _children(store, level, js, feat, thr, gain, child_of_sample, samples, y, w, K, depth, params):
    """Record the splits of ``level``'s nodes ``js`` and add their children.

    ``child_of_sample[samples]`` is each sample's child (2j or 2j + 1 for the j-th
    split node, -1 when its node was not split). Returns the open children (those
    that may split again) and the children-to-open-index lookup (-1: a leaf), with
    one extra -1 at the end for samples whose node was not split.
    """
    parents = level.ids[js]
    store.split(parents, feat[js], thr[js], gain[js])
    m2 = 2 * js.size
    ch = child_of_sample[samples]
    moving = ch >= 0
    ch, moved = ch[moving], samples[moving]
    value = np.bincount(ch * K + y[moved], weights=w[moved], minlength=m2 * K).reshape(m2, K)
    count = np.bincount(ch, minlength=m2)
    imp = _impurity_rows(value, params.criterion)
    ids = store.add(value, count, imp, depth + 1, parents.repeat(2))
    can = _may_split(count, imp, depth + 1, params)
    lookup = np.full(m2 + 1, -1, np.intp)
    lookup[:m2][can] = np.arange(int(can.sum()))
    return _Level(ids[can], value[can], imp[can], count[can]), lookup


def _may_split(count, imp, depth, params) -> np.ndarray:
    """Which nodes (sample counts, impurities, at ``depth``) are not leaves by the rules alone."""
    return ((count >= max(params.min_samples_split, 2 * params.min_samples_leaf))
            & (imp > _EPS) & (params.max_depth is None or depth < params.max_depth))


def grow(X, y, w, K, params: GrowParams, rng=None) -> NodeArrays:
    """Grow the tree for encoded labels ``y`` (0..K-1) and weights ``w`` (>= 0)."""
    n, d = X.shape
    store = _Store(2 * n + 1, K)
    value = np.bincount(y, weights=w, minlength=K)[None, :]
    imp = _impurity_rows(value, params.criterion)
    root = _Level(store.add(value, np.array([n]), imp, 0, -1), value, imp, np.array([n]))
    if not _may_split(root.count, root.imp, 0, params)[0]:
        return store.arrays()
    w_total = float(root.W[0])
    # Whole-number weights (no weights, bootstrap counts) make every class count an exact
    # integer: integer cumulative sums are several times faster than float ones, and the
    # scores computed from them are the same floats.
    whole = bool(np.all(w == np.round(w))) and float(w.sum()) < 2.0 ** 52
    onehot_t = np.zeros((K, n), np.int64 if whole else np.float64)
    onehot_t[y, np.arange(n)] = w
    with np.errstate(divide="ignore", invalid="ignore"):
        if params.splitter == "best":
            _grow_best(store, root, X, y, w, K, onehot_t, w_total, params, rng)
        else:
            _grow_random(store, root, X, y, w, K, w_total, params, rng)
    return store.arrays()


def _grow_best(store, level, X, y, w, K, onehot_t, w_total, params, rng):
    """Exact split search. The (feature, sample) pairs of the open nodes are kept
    grouped by segment (feature, node) and sorted by x inside a segment: one argsort
    per feature at the start, then one stable integer sort per level to regroup."""
    n, d = X.shape
    idx = np.concatenate([np.argsort(X[:, f], kind="stable") for f in range(d)])
    fe = np.arange(d).repeat(n)
    xs = X[idx, fe]
    seg = fe.copy()                     # segment of each pair: feature * m + open node
    all_positive = bool(np.all(w > 0))
    child_of_sample = np.full(n, -1, np.intp)
    positions = np.arange(n * d + 1)
    depth = 0
    # The plain-Python finish covers unit weights, Gini, every feature (see tree_tail).
    tail = (params.criterion == "gini" and not params.gain_ratio and bool(np.all(w == 1.0))
            and (params.max_features is None or params.max_features >= d))
    while level.m:
        if tail and idx.size <= TAIL_PAIRS:
            grow_tail(store, level, idx, seg, X, y, K, depth, params, w_total)
            return
        feat, thr, child = _scan(idx, xs, seg, onehot_t, w, all_positive, level, d, positions, params, rng)
        gain = (level.W * level.imp - child) / w_total
        js = ((feat >= 0) & (gain + _EPS >= params.min_impurity_decrease)).nonzero()[0]
        if js.size == 0:
            break
        # Each sample of a split node goes to child 2j (left) or 2j + 1 (right). The
        # first feature's block holds every open sample once.
        first = idx[: idx.size // d]
        node0 = seg[: first.size]
        pos = np.full(level.m, -1, np.intp)
        pos[js] = np.arange(0, 2 * js.size, 2)
        p0 = pos[node0]
        child_of_sample[first] = np.where(p0 >= 0, p0 + (X[first, feat[node0]] > thr[node0]), -1)
        level, lookup = _children(store, level, js, feat, thr, gain, child_of_sample, first,
                                  y, w, K, depth, params)
        depth += 1
        if level.m == 0:
            break
        # Regroup the pairs of open children by (feature, child), keeping x order.
        new = lookup[child_of_sample[idx]]
        keep = new >= 0
        idx, xs, fe, new = idx[keep], xs[keep], fe[keep], new[keep]
        key = fe * level.m + new
        order = (key.astype(np.uint16) if d * level.m < 65536 else key).argsort(kind="stable")
        idx, xs, fe, seg = idx[order], xs[order], fe[order], key[order]


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


def _xlog2x(a: np.ndarray) -> np.ndarray:
    return a * np.log2(np.where(a > 0, a, 1.0))


def _scores(L, R, wl, wr, W, node_imp, params):
    """Score to minimise for candidate splits with child class weights L, R (K, c)."""
    crit = params.criterion
    if crit == "gini":
        # w_L G(L) + w_R G(R) = W - (sum_k L_k^2 / w_L + sum_k R_k^2 / w_R)
        child = W - ((L * L).sum(axis=0) / wl + (R * R).sum(axis=0) / wr)
    elif crit == "entropy":
        # w H = w log2 w - sum_k n_k log2 n_k
        child = _xlog2x(wl) - _xlog2x(L).sum(axis=0) + _xlog2x(wr) - _xlog2x(R).sum(axis=0)
    else:
        child = wl - L.max(axis=0) + wr - R.max(axis=0)
    if not params.gain_ratio:
        return child
    gain = W * node_imp - child
    info = _xlog2x(W) - _xlog2x(wl) - _xlog2x(wr)          # W H(w_L / W, w_R / W)
    # Scaled by W so the tie tolerance means the same as for plain gains.
    return np.where((gain > _TIE * W) & (info > 0), -gain / info * W, np.inf)


def _pick(S, W):
    """Per node (column of S, features x nodes), the first feature whose score is within
    the tie tolerance of the minimum; -1 when no feature has a valid split."""
    smin = S.min(axis=0)
    fbest = (S <= smin + _TIE * W).argmax(axis=0)
    return np.where(np.isfinite(smin), fbest, -1)


def _scan(idx, xs, seg, onehot_t, w, all_positive, level, d, positions, params, rng):
    """Best midpoint split of every open node over all features, in one pass.

    The pairs list the samples of all open nodes feature after feature, each
    feature's block ordered by (node, x_f): segment s = f m + j (feature f, open
    node j) is one contiguous run of ``count[j]`` pairs. Returns per node the
    feature (-1: none), the threshold and the children's weighted impurity
    w_L I(L) + w_R I(R) of the chosen split.
    """
    m, total = level.m, idx.size
    size = np.concatenate([level.count] * d)
    start = size.cumsum() - size
    W_seg = np.concatenate([level.W] * d).astype(onehot_t.dtype)
    V = onehot_t.take(idx, axis=1)
    C = np.empty_like(V)
    for k in range(V.shape[0]):      # row by row: 1-D cumsums are faster than one along axis 1
        np.cumsum(V[k], out=C[k])
    L = C - (C[:, start] - V[:, start]).take(seg, axis=1)
    N_seg = np.concatenate([level.N.T] * d, axis=1).astype(V.dtype)
    R = N_seg.take(seg, axis=1) - L
    Wp = W_seg.take(seg)
    wl = L.sum(axis=0)
    wr = Wp - wl
    valid = np.empty(total, bool)
    np.greater(xs[1:], xs[:-1], out=valid[:-1])
    valid[start + size - 1] = False                  # no cut after a segment's last pair
    msl = params.min_samples_leaf
    if msl > 1:
        n_left = positions[1:total + 1] - start.take(seg)
        valid &= (n_left >= msl) & (size.take(seg) - n_left >= msl)
    if not all_positive:
        positive = w[idx] > 0
        cpos = np.cumsum(positive)
        pos_left = cpos - (cpos[start] - positive[start]).take(seg)
        valid &= (pos_left > 0) & (np.add.reduceat(positive, start).take(seg) - pos_left > 0)
    if params.max_features is not None and params.max_features < d:
        allowed = _feature_subsets(xs[start].reshape(d, m).T, xs[start + size - 1].reshape(d, m).T,
                                   params, rng)
        valid &= allowed.T.ravel().take(seg)
    if params.criterion != "gini":
        R = np.maximum(R, 0.0)
    imp = np.concatenate([level.imp] * d).take(seg) if params.gain_ratio else None
    score = np.where(valid, _scores(L, R, wl, wr, Wp, imp, params), np.inf)
    seg_min = np.minimum.reduceat(score, start)
    # The first cut of each segment whose score is within the tie tolerance of the best.
    near = score <= (seg_min + _TIE * W_seg).take(seg)
    best_pos = np.minimum.reduceat(np.where(near, positions[:total], total - 1), start)
    feat = _pick(seg_min.reshape(d, m), level.W)
    ok = feat >= 0
    best_seg = np.maximum(feat, 0) * m + np.arange(m)
    p = best_pos[best_seg]
    lo, hi = xs[p], xs[np.minimum(p + 1, total - 1)]
    thr = lo / 2.0 + hi / 2.0          # halves first: no overflow, always finite
    thr = np.where(ok, np.where(thr == hi, lo, thr), 0.0)
    if params.gain_ratio:   # the score is not the children's impurity: compute it
        Lc = L[:, p].T
        Rc = np.maximum(level.N - Lc, 0.0)
        child = (_rowsum(Lc) * _impurity_rows(Lc, params.criterion)
                 + _rowsum(Rc) * _impurity_rows(Rc, params.criterion))
    else:
        child = seg_min[best_seg]
    return np.where(ok, feat, -1), thr, np.where(ok, child, 0.0)


def _grow_random(store, level, X, y, w, K, w_total, params, rng):
    """Extra-trees: one uniform random threshold per node and feature."""
    n = X.shape[0]
    members = np.arange(n)               # the samples of open nodes, and their open node
    node = np.zeros(n, np.intp)
    child_of_sample = np.full(n, -1, np.intp)
    depth = 0
    while level.m:
        feat, thr, child = _random_splits(X, y, w, K, members, node, level, params, rng)
        gain = (level.W * level.imp - child) / w_total
        js = np.flatnonzero((feat >= 0) & (gain + _EPS >= params.min_impurity_decrease))
        if js.size == 0:
            break
        pos = np.full(level.m, -1, np.intp)
        pos[js] = np.arange(0, 2 * js.size, 2)
        f = np.maximum(feat[node], 0)
        child_of_sample[members] = np.where(pos[node] >= 0, pos[node] + (X[members, f] > thr[node]), -1)
        level, lookup = _children(store, level, js, feat, thr, gain, child_of_sample, members,
                                  y, w, K, depth, params)
        depth += 1
        node = lookup[child_of_sample[members]]
        keep = node >= 0
        members, node = members[keep], node[keep]


def _random_splits(X, y, w, K, members, node, level, params, rng):
    """One uniform random threshold in [min, max) per node and feature; the best feature wins."""
    d = X.shape[1]
    m, N, W = level.m, level.N, level.W
    lo = np.full((m, d), np.inf)
    hi = np.full((m, d), -np.inf)
    for f in range(d):
        np.minimum.at(lo[:, f], node, X[members, f])
        np.maximum.at(hi[:, f], node, X[members, f])
    u = rng.random((m, d))
    allowed = _feature_subsets(lo, hi, params, rng)
    thr = lo * (1.0 - u) + hi * u
    thr = np.where(thr >= hi, lo, thr)
    wi, yi = w[members], y[members]
    n_all = np.bincount(node, minlength=m)
    pos_all = np.bincount(node, weights=wi > 0, minlength=m)
    S = np.full((d, m), np.inf)
    Ls = np.zeros((d, m, K))
    for f in range(d):
        go = X[members, f] <= thr[node, f]
        L = np.bincount(node * K + yi, weights=wi * go, minlength=m * K).reshape(m, K)
        n_left = np.bincount(node, weights=go, minlength=m)
        pos_left = np.bincount(node, weights=go & (wi > 0), minlength=m)
        valid = ((hi[:, f] > lo[:, f]) & (n_left >= params.min_samples_leaf)
                 & (n_all - n_left >= params.min_samples_leaf) & (pos_left > 0) & (pos_all - pos_left > 0))
        if allowed is not None:
            valid &= allowed[:, f]
        R = np.maximum(N - L, 0.0)
        S[f] = np.where(valid, _scores(L.T, R.T, _rowsum(L), _rowsum(R), W, level.imp, params), np.inf)
        Ls[f] = L
    feat = _pick(S, W)
    ok = feat >= 0
    fi = np.maximum(feat, 0)
    Lc = Ls[fi, np.arange(m)]
    Rc = np.maximum(N - Lc, 0.0)
    child = (_rowsum(Lc) * _impurity_rows(Lc, params.criterion)
             + _rowsum(Rc) * _impurity_rows(Rc, params.criterion))
    return feat, np.where(ok, thr[np.arange(m), fi], 0.0), np.where(ok, child, 0.0)
