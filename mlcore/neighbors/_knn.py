"""k nearest neighbours: vote among the k training points closest to the query.

k is ``n_neighbors`` in the code (scikit-learn's names and defaults throughout).

Distances (q is the Minkowski power, ``p`` in the code, as in scikit-learn):

    euclidean  d(x, z) = sqrt(sum_j (x_j - z_j)^2)
    manhattan  d(x, z) = sum_j |x_j - z_j|
    minkowski  d(x, z) = (sum_j |x_j - z_j|^q)^(1/q),  q >= 1  (the default, with q = 2: euclidean)

Votes: ``uniform`` gives each neighbour weight 1, ``distance`` 1/d and
``distance_squared`` 1/d^2.  If any neighbour of a query is at distance 0, only
the zero-distance neighbours vote, each with weight 1 (scikit-learn's rule).

    P(c | x) = sum_{i in N_k(x), y_i = c} w_i / sum_{i in N_k(x)} w_i

Finding the neighbours of many queries fast ("tile pruning", exact, any
dimension).  The queries are grouped into spatially compact tiles.  For a tile
with bounding box B and a training point x,

    lower(x) = distance from x to the box B           <= d(x, q) for every q in B
    upper(x) = distance from x to B's farthest corner >= d(x, q) for every q in B

so the k-th smallest upper bound U of the tile is at least the k-NN radius of
every query in the tile, and only training points with lower(x) <= U can be
neighbours of any of its queries.  Both bounds are built from per-coordinate
gaps, so they hold for every q-norm, and they are summed in the same order as
the distances, so rounding cannot break them.

The tiles are nested (cells of a 2^B grid in Morton order: every coarser grid's
cell is a run of finer ones), and pruning runs from coarse to fine: all n
training points -> the candidates of each coarse tile (~1000 queries) -> those
of each of its sub-tiles -> ... -> tiles of ~16 queries, whose queries are then
brute-forced against their few candidates.  Each step is vectorised over all
tiles at once, in batches padded to a common candidate count.  The exact k
nearest come from np.partition on distances; ties with the k-th distance go to
the smaller training index.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from ..base import (
    BaseEstimator,
    ClassifierMixin,
    ValidationError,
    check_array,
    check_choice,
    check_is_fitted,
    check_scalar,
    check_X_y,
)

METRICS = ("euclidean", "manhattan", "minkowski")
WEIGHTS = ("uniform", "distance", "distance_squared")

_COARSE = 256          # fewer queries than this: no tiling (brute force)
_FINE = 16             # queries per finest tile
_TOP = 1024            # queries per tile, at most, on the first level
_BRUTE_BELOW = 64      # fewer training points than this: no tiling
_BUDGET = 1 << 15      # entries per batch: temporaries stay small (cache-sized, no fresh pages)


class KNeighborsClassifier(ClassifierMixin, BaseEstimator):
    """Majority (or distance-weighted) vote of the k nearest training points.

    Learned attributes: ``classes_``, ``X_fit_`` (the training points),
    ``y_fit_`` (their labels as indices into ``classes_``), ``n_features_in_``.
    """

    def __init__(self, n_neighbors=5, metric="minkowski", p=2, weights="uniform"):
        self.n_neighbors = n_neighbors
        self.metric = metric
        self.p = p
        self.weights = weights

    def fit(self, X, y):
        X, y_enc, classes = check_X_y(X, y)
        name = type(self).__name__
        k = check_scalar(self.n_neighbors, "n_neighbors", kind=numbers.Integral, low=1, model=name)
        _check_enough_points(k, X.shape[0])
        metric = check_choice(self.metric, "metric", METRICS, model=name)
        check_choice(self.weights, "weights", WEIGHTS, model=name)
        if metric == "minkowski":
            check_scalar(self.p, "p", low=1.0, high=100.0, model=name)
        self.classes_ = classes
        self.X_fit_ = X
        self.y_fit_ = y_enc
        self.n_features_in_ = X.shape[1]
        return self

    # -- neighbours -------------------------------------------------------

    def kneighbors(self, X, n_neighbors=None):
        """``(distances, indices)``, each (n_queries, n_neighbors), nearest first.

        ``indices`` index the training points ``X_fit_``; ties in distance are
        ordered by training index.
        """
        check_is_fitted(self)
        n = self.X_fit_.shape[0]
        k = self.n_neighbors if n_neighbors is None else n_neighbors
        k = check_scalar(k, "n_neighbors", kind=numbers.Integral, low=1, model=type(self).__name__)
        _check_enough_points(k, n)
        return self._neighbors(X, k, ordered=True)

    def _neighbors(self, X, k, ordered):
        Q = check_array(X, n_features=self.n_features_in_)
        kind, power = self._kind()
        # A power-of-two rescale is exact and keeps |x|^q far from overflow and underflow;
        # a query far enough away can still overflow to an infinite distance, which is fine.
        scale = min(_power_of_two_scale(self.X_fit_), _power_of_two_scale(Q))
        scale = 1.0 if math.isinf(scale) else scale
        with np.errstate(over="ignore"):
            reduced, idx = _knn_reduced(self.X_fit_ * scale, Q * scale, k, kind, power, ordered)
        if reduced is None:
            return None, idx
        return _unreduce(reduced, kind, power) / scale, idx

    def _kind(self):
        if self.metric == "euclidean":
            return "sq", 2.0
        if self.metric == "manhattan":
            return "abs", 1.0
        power = float(self.p)
        if power == 1.0:
            return "abs", 1.0
        if power == 2.0:
            return "sq", 2.0
        return "pow", power

    # -- votes ------------------------------------------------------------

    def _votes(self, X):
        """(n, K) summed weights of each class among the k neighbours (unnormalised)."""
        check_is_fitted(self)
        K = len(self.classes_)
        if self.weights == "uniform":
            # the order of the k neighbours cannot change a count, so skip sorting them
            labels = self.y_fit_[self._neighbors(X, self.n_neighbors, ordered=False)[1]]
            return np.stack([np.count_nonzero(labels == c, axis=1) for c in range(K)],
                            axis=1).astype(np.float64)
        dist, idx = self._neighbors(X, self.n_neighbors, ordered=True)
        w = _inverse_distance_weights(dist, 2.0 if self.weights == "distance_squared" else 1.0)
        labels = self.y_fit_[idx]
        # summed nearest first, as scikit-learn does, so near-ties round the same way
        votes = np.stack([np.sum(w * (labels == c), axis=1) for c in range(K)], axis=1)
        # a query so far away that every distance overflows gets weights 0: count instead
        lost = ~(votes.sum(axis=1) > 0)
        if lost.any():
            votes[lost] = np.stack([np.count_nonzero(labels[lost] == c, axis=1) for c in range(K)], axis=1)
        return votes

    def predict_proba(self, X):
        """Normalised votes, (n, K); columns follow ``classes_``."""
        votes = self._votes(X)
        total = votes[:, 0].copy()  # column by column: faster than a row-wise sum for few classes
        for c in range(1, votes.shape[1]):
            total += votes[:, c]
        return votes / total[:, None]

    def predict(self, X):
        """``classes_[argmax votes]``; a tie goes to the smallest class index."""
        votes = self._votes(X)
        return self.classes_[np.argmax(votes, axis=1)]


def _check_enough_points(k: int, n: int) -> None:
    if k > n:
        raise ValidationError(f"n_neighbors={k} is larger than the {n} training points: k neighbours "
                              f"need k points; choose n_neighbors <= {n}")


def _inverse_distance_weights(dist, power):
    """w = 1 / d^power; rows with a zero distance: w = [d == 0]."""
    zero = dist == 0
    with np.errstate(divide="ignore", over="ignore"):
        w = 1.0 / dist if power == 1.0 else 1.0 / (dist * dist)
    hit = zero.any(axis=1)
    w[hit] = zero[hit]
    # 1/d^2 can overflow for tiny nonzero d; capping keeps the vote finite and ordered.
    np.minimum(w, np.finfo(np.float64).max / (dist.shape[1] + 1), out=w)
    return w


def _power_of_two_scale(X):
    """2^-e with max |X| in [2^(e-1), 2^e), so the scaled values lie within [-1, 1]; inf for all zeros."""
    top = float(np.max(np.abs(X)))
    if top == 0.0:
        return math.inf
    return math.ldexp(1.0, -math.frexp(top)[1])


def _unreduce(reduced, kind, power):
    if kind == "sq":
        return np.sqrt(reduced)
    if kind == "abs":
        return reduced
    return reduced ** (1.0 / power)


def _term(diff, kind, power):
    """|diff|^power, in place where possible (diff is a fresh array)."""
    if kind == "sq":
        diff *= diff
        return diff
    np.abs(diff, out=diff)
    if kind == "pow":
        diff **= power
    return diff


def _reduced_distances(A, B, kind, power):
    """sum_j |A_j - B_j|^power over the last axis, summed coordinate by coordinate.

    The bounds use the same order of operations, so rounding cannot make a
    lower bound exceed the distance it bounds.
    """
    acc = _term(A[..., 0] - B[..., 0], kind, power)
    for j in range(1, A.shape[-1]):
        acc += _term(A[..., j] - B[..., j], kind, power)
    return acc


def _knn_reduced(X, Q, k, kind, power, ordered=True):
    """Reduced distances and indices of the k nearest rows of X for each row of Q.

    Pruning from coarse to fine: all training points -> candidates of each
    coarsest tile -> candidates of each of its sub-tiles -> ... -> the k nearest
    of each query (a query is a tile whose box is a point).
    """
    n, m = X.shape[0], Q.shape[0]
    if n < _BRUTE_BELOW or m < _COARSE:
        return _brute(X, Q, k, kind, power, ordered)
    order, levels = _tiles(Q)
    Qs = Q[order]
    # Coordinates padded with +inf at index n: padding in a candidate list
    # points there, so its bounds and distances are inf and it is never chosen.
    cols = [np.append(X[:, j], np.inf) for j in range(X.shape[1])]
    lists = (np.arange(n + 1)[None, :], np.array([n]))
    parent_starts = np.zeros(1, dtype=np.intp)
    for starts in levels:
        parent = np.searchsorted(parent_starts, starts, side="right") - 1
        lists = _refine(cols, Qs, starts, parent, lists, k, kind, power)
        parent_starts = starts
    dist, idx = _nearest(cols, Qs, parent_starts, lists, k, kind, power, ordered)
    out_i = np.empty_like(idx)
    out_i[order] = idx
    if dist is None:
        return None, out_i
    out_d = np.empty_like(dist)
    out_d[order] = dist
    return out_d, out_i


def _batches(counts, budget):
    """Tile (or row) indices grouped by candidate count, largest first.

    A batch holds at most ``budget`` padded entries and only counts within 3/4
    of its largest, so little work is spent on padding.
    """
    by = np.argsort(-counts, kind="stable")
    desc = counts[by]
    t = 0
    while t < len(by):
        cmax = int(desc[t])
        end = min(len(by), t + max(1, budget // max(cmax, 1)))
        # desc is non-increasing: search on its negation, which is non-decreasing
        end = min(end, int(np.searchsorted(-desc, -(3 * cmax) // 4, side="right")))
        end = max(end, t + 1)
        yield by[t:end], cmax
        t = end


def _refine(cols, Qs, starts, parent, lists, k, kind, power):
    """Candidate lists of tiles Qs[starts[t]:starts[t+1]] from their parents' lists.

    A list set is ``(cand, count)``: row t of ``cand`` holds tile t's candidates in
    ascending order, padded with the sentinel index n.
    """
    lo = np.minimum.reduceat(Qs, starts, axis=0)
    hi = np.maximum.reduceat(Qs, starts, axis=0)
    cand, count = lists
    sentinel = len(cols[0]) - 1
    new_cand = np.full((len(starts), cand.shape[1]), sentinel, dtype=np.intp)
    new_count = np.empty(len(starts), dtype=np.intp)
    parent_cols = [col[cand] for col in cols]  # gathered once per parent, then copied by rows
    for b, cmax in _batches(count[parent], _BUDGET):
        pb = parent[b]
        P = cand[pb, :cmax]
        lower = upper = None
        for j, pcol in enumerate(parent_cols):
            x = pcol[pb, :cmax]
            below = lo[b, j, None] - x  # > 0 when x lies below the box
            above = x - hi[b, j, None]  # > 0 when x lies above it
            gap = np.maximum(below, above)
            np.maximum(gap, 0.0, out=gap)
            # farthest side: max(x - lo, hi - x) = -min(below, above), and negation is exact
            far = np.minimum(below, above, out=below)
            gap, far = _term(gap, kind, power), _term(far, kind, power)
            lower = gap if lower is None else np.add(lower, gap, out=lower)
            upper = far if upper is None else np.add(upper, far, out=upper)
        radius = np.partition(upper, k - 1, axis=1)[:, k - 1]
        if kind == "pow":
            radius *= 1.0 + 1e-12  # pow is not guaranteed monotone to the last bit
        mask = lower <= radius[:, None]
        cnt = np.count_nonzero(mask, axis=1)
        # the sentinel is the largest index, so sorting moves the kept ones to the front
        kept = np.sort(np.where(mask, P, sentinel), axis=1)[:, :cnt.max()]
        new_cand[b, :kept.shape[1]] = kept
        new_count[b] = cnt
    return new_cand[:, :new_count.max()], new_count


def _nearest(cols, Qs, starts, lists, k, kind, power, ordered):
    """The k nearest candidates of every query (sorted by (distance, index) if ``ordered``)."""
    m = Qs.shape[0]
    sizes = np.diff(np.append(starts, m))
    tile_of = np.repeat(np.arange(len(starts)), sizes)
    cand = lists[0]
    # coordinates gathered once per tile; each query then copies whole rows
    tile_cols = [col[cand] for col in cols]
    out_d = np.empty((m, k)) if ordered else None
    out_i = np.empty((m, k), dtype=np.intp)
    for rows, cmax in _batches(lists[1][tile_of], _BUDGET):
        tiles = tile_of[rows]
        D = None
        for j, tcol in enumerate(tile_cols):
            term = _term(Qs[rows, j, None] - tcol[tiles, :cmax], kind, power)
            D = term if D is None else np.add(D, term, out=D)
        dk, pos = _smallest_k(D, k, ordered)
        out_i[rows] = cand[tiles[:, None], pos]
        if ordered:
            out_d[rows] = dk
    return out_d, out_i


def _brute(X, Q, k, kind, power, ordered=True):
    out_d = np.empty((Q.shape[0], k)) if ordered else None
    out_i = np.empty((Q.shape[0], k), dtype=np.intp)
    step = max(1, _BUDGET // X.shape[0])
    for s in range(0, Q.shape[0], step):
        D = _reduced_distances(Q[s:s + step, None, :], X[None, :, :], kind, power)
        dk, out_i[s:s + step] = _smallest_k(D, k, ordered)
        if ordered:
            out_d[s:s + step] = dk
    return out_d, out_i


def _smallest_k(D, k, ordered):
    """Per row, the columns of the k smallest entries of D (and, if ``ordered``, the
    entries themselves), ties going to the leftmost column.

    Candidate columns are in ascending training index, so the leftmost column
    is the smaller index.  ``ordered`` sorts each row by (value, column).
    """
    R, C = D.shape
    if k < C:
        kth = np.partition(D, k - 1, axis=1)[:, k - 1]
        mask = D <= kth[:, None]
        extra = np.count_nonzero(mask, axis=1) > k
        if extra.any():
            rows = np.flatnonzero(extra)
            sub = mask[rows]
            tie = D[rows] == kth[rows, None]
            need = k - np.count_nonzero(sub & ~tie, axis=1)
            sub &= ~tie | (np.cumsum(tie, axis=1) <= need[:, None])
            mask[rows] = sub
        flat = np.flatnonzero(mask)
        pos = (flat % C).reshape(R, k)
    else:
        flat = None
        pos = np.broadcast_to(np.arange(C), (R, C)).copy()
    if not ordered:
        return None, pos
    dk = D.ravel()[flat].reshape(R, k) if flat is not None else D
    within = np.argsort(dk, axis=1, kind="stable")
    return np.take_along_axis(dk, within, axis=1), np.take_along_axis(pos, within, axis=1)


def _tiles(Q):
    """Nested tiles of queries, from coarse to fine, as start offsets into ``Q[order]``.

    Cells of a regular 2^B-per-axis grid over the queries' bounding box (B chosen so
    a cell holds about ``_FINE`` queries) are ordered along the Morton (Z) curve,
    so the cells of every coarser 2^(B-l) grid are contiguous runs: those runs are
    the tiles of level l.  Crowded finest cells are cut into chunks.
    """
    m, d = Q.shape
    bits = max(0, min(62 // d, math.ceil(math.log2(max(m / _FINE, 1)) / d)))
    g = 1 << bits
    # column by column: numpy reduces a tall (m, 2) array along axis 0 ~30x slower
    lo = np.array([Q[:, j].min() for j in range(d)])
    span = np.array([Q[:, j].max() for j in range(d)]) - lo
    span[span == 0] = 1.0
    # the narrowest integer type that holds the Morton code: fewer bytes to move,
    # and a stable sort of 16-bit keys is a radix sort
    dtype = np.uint16 if bits * d <= 16 else np.uint32 if bits * d <= 32 else np.int64
    cell = np.clip(((Q - lo) / span * g).astype(np.int64), 0, g - 1).astype(dtype)
    code = np.zeros(m, dtype=dtype)
    one = dtype(1)
    for b in range(bits - 1, -1, -1):
        for j in range(d):
            code <<= one
            code |= (cell[:, j] >> dtype(b)) & one
    order = np.argsort(code, kind="stable")
    code = code[order]
    levels = []
    for level in range(bits + 1):
        prefix = code >> dtype(level * d)
        starts = np.concatenate(([0], np.flatnonzero(np.diff(prefix)) + 1))
        if level == 0:
            sizes = np.diff(np.append(starts, m))
            pieces = -(-sizes // (2 * _FINE))
            first = np.repeat(np.cumsum(pieces) - pieces, pieces)
            starts = np.repeat(starts, pieces) + 2 * _FINE * (np.arange(pieces.sum()) - first)
        elif m > _TOP * len(starts):
            break  # tiles this large prune too little to pay for their pass
        levels.append(starts)
    levels.reverse()
    return order, levels
