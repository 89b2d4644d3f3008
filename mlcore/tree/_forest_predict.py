"""Evaluate many trees at once: sum_t v_t(leaf_t(x)) for per-leaf vectors v.

Two exact methods give the same numbers:

* descent: every point walks down every tree together, one gather per level
  (right child = left child + 1, and a leaf points to itself with threshold +inf);
* painting, for 2-D inputs whose points lie on a lattice (a decision grid, where
  the distinct x values times the distinct y values are about n): a leaf is the box
  lower < x <= upper, so on the lattice it is a rectangle of cells. Adding v at
  the four corners of every rectangle of a difference array and taking two
  cumulative sums paints all leaves of all trees in O(leaves + cells).

Sums are rounded to 12 decimals so both methods agree on exact ties.
"""

from __future__ import annotations

import numpy as np

from ._grower import ForestArrays

_DECIMALS = 12


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
    """(n, K) sum over the trees of ``values[leaf reached by x]`` (values: (G, K))."""
    X = np.asarray(X, dtype=np.float64)
    values = np.asarray(values, dtype=np.float64)
    lat = _lattice(X)
    if lat is None:
        leaves = descend(fa, X, trees)
        out = np.zeros((X.shape[0], values.shape[1]))
        for row in leaves:
            out += values[row]
        return np.round(out, _DECIMALS)
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
    v = values[leaf]
    K = v.shape[1]
    signed = np.concatenate([v, -v, -v, v])
    size = (ux.size + 1) * m
    diff = np.empty((size, K))
    for k in range(K):
        diff[:, k] = np.bincount(corner, weights=signed[:, k], minlength=size)
    painted = diff.reshape(ux.size + 1, m, K)
    np.cumsum(painted, axis=0, out=painted)
    np.cumsum(painted, axis=1, out=painted)
    return np.round(painted[ix, iy], _DECIMALS)
