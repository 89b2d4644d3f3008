"""Evaluate many trees at once: sum_t v_t(leaf_t(x)) for per-leaf vectors v.

Two methods give the same numbers, bit for bit:

* descent: every point walks down every tree together, one gather per level
  (right child = left child + 1, and a leaf points to itself with threshold +inf);
* painting, for 2-D inputs whose points lie on a lattice (a decision grid, where
  the distinct x values times the distinct y values are about n): a leaf is the box
  lower < x <= upper, so on the lattice it is a rectangle of cells. Adding v at
  the four corners of every rectangle of a difference array and taking two
  cumulative sums paints all leaves of all trees in O(leaves + cells).

Floating-point sums depend on their order, and the two methods add the same
terms in different orders (painting also adds and later removes every leaf's v
as the prefix sums pass its corners), so a cell where two classes tie exactly
could be decided one way by one method and the other way by the other. The
leaf values are therefore summed in fixed point (``FixedPoint``): each v is held
as a whole multiple of one power of two, small enough that no partial sum of
either method leaves the range where integers are exact. Every sum is then
exact, whatever its order, and both methods agree exactly.
"""

from __future__ import annotations

import math

import numpy as np

from ._grower import ForestArrays


class FixedPoint:
    """Leaf values as whole multiples of ``unit`` (a power of two), for exact sums.

    For T trees and |v| <= top, unit = 2^-e with top 2^e <= 2^50 / 2^ceil(log2 T):
    a painted cell's corners collect at most 4 leaves per tree, so every partial sum
    of either method stays below 2^52, where float64 and int64 add whole numbers
    exactly. Each value moves by at most unit / 2 ~ top 2^-51 T (a relative 1e-13
    for 100 trees), the sums are then exact.
    """

    def __init__(self, values, n_trees: int):
        values = np.asarray(values, dtype=np.float64)
        top = float(np.max(np.abs(values))) if values.size else 0.0
        exponent = 50 - math.ceil(math.log2(max(n_trees, 1))) - (math.frexp(top)[1] if top > 0 else 0)
        self.unit = math.ldexp(1.0, -exponent)
        self.whole = np.rint(values / self.unit).astype(np.int64)   # the fixed-point representation

    def value(self, whole_sum: np.ndarray) -> np.ndarray:
        """The float of a sum of ``whole`` entries (exact: it is below 2^53)."""
        return whole_sum * self.unit


def descend(fa: ForestArrays, X: np.ndarray, trees=None) -> np.ndarray:
    """(len(trees), n) global leaf ids reached by the rows of X in each tree."""
    X = np.ascontiguousarray(X, dtype=np.float64)
    n = X.shape[0]
    leaf = fa.children_left < 0
    # int32 and blocks of ~8k points keep the gathers in cache
    step_left = np.where(leaf, np.arange(leaf.size), fa.children_left).astype(np.int32)
    step_thr = np.where(leaf, np.inf, fa.threshold)
    step_col = (np.where(leaf, 0, fa.feature) * n).astype(np.int32)
    trees = np.arange(fa.n_trees) if trees is None else np.asarray(trees)
    roots = fa.tree_start[trees].astype(np.int32)
    flat = np.ascontiguousarray(X.T).ravel()
    cols = np.arange(n, dtype=np.int32)
    out = np.empty((trees.size, n), np.intp)
    levels = int(fa.depth.max()) if leaf.size else 0
    block = 8192
    per = max(1, block // max(n, 1))
    for a in range(0, trees.size, per):
        for c in range(0, n, block):
            cc = cols[c:c + block]
            node = np.repeat(roots[a:a + per, None], cc.size, axis=1)
            for _ in range(levels):
                node = step_left[node] + (flat[step_col[node] + cc] > step_thr[node])
            out[a:a + per, c:c + block] = node
    return out


def _lattice(X: np.ndarray):
    """Distinct values and inverse indices per axis if X (n, 2) lies on a small lattice."""
    if X.ndim != 2 or X.shape[1] != 2 or X.shape[0] < 64:
        return None
    ux, ix = np.unique(X[:, 0], return_inverse=True)
    uy, iy = np.unique(X[:, 1], return_inverse=True)
    if ux.size * uy.size > 4 * X.shape[0]:
        return None
    return ux, uy, ix, iy


def leaf_sum(fa: ForestArrays, X: np.ndarray, values: np.ndarray, trees=None) -> np.ndarray:
    """(n, K) sum over the trees of ``values[leaf reached by x]`` (values: (G, K)), exact
    in the fixed point of ``FixedPoint(values, fa.n_trees)``."""
    X = np.asarray(X, dtype=np.float64)
    fixed = FixedPoint(values, fa.n_trees)
    lat = _lattice(X)
    if lat is None:
        leaves = descend(fa, X, trees)
        # whole numbers: one sum over the trees, exact in any order
        return fixed.value(np.add.reduce(fixed.whole[leaves], axis=0))
    ux, uy, ix, iy = lat
    leaf = fa.children_left < 0
    if trees is not None:
        leaf &= np.isin(fa.tree, np.asarray(trees))
    lo, hi = fa.lower[leaf], fa.upper[leaf]
    a0 = np.searchsorted(ux, lo[:, 0], "right")
    b0 = np.searchsorted(ux, hi[:, 0], "right")
    a1 = np.searchsorted(uy, lo[:, 1], "right")
    b1 = np.searchsorted(uy, hi[:, 1], "right")
    m = uy.size + 1
    corner = np.concatenate([a0 * m + a1, b0 * m + a1, a0 * m + b1, b0 * m + b1])
    v = fixed.whole[leaf]
    K = v.shape[1]
    signed = np.concatenate([v, -v, -v, v]).astype(np.float64)   # whole numbers below 2^52: exact
    size = (ux.size + 1) * m
    diff = np.empty((size, K), np.int64)
    for k in range(K):
        diff[:, k] = np.bincount(corner, weights=signed[:, k], minlength=size)
    painted = diff.reshape(ux.size + 1, m, K)
    np.cumsum(painted, axis=0, out=painted)
    np.cumsum(painted, axis=1, out=painted)
    return fixed.value(painted[ix, iy])
