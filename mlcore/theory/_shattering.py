"""Which labelings of a small point set a hypothesis class realises: shattering and the growth function.

A labeling of m points is a 0/1 vector; labeling number i gives point j the label
``(i >> j) & 1`` (1 = positive), so the 2^m labelings are i = 0 .. 2^m - 1.

* H realises a labeling when some h in H gives exactly those labels.
* H shatters X when it realises all 2^m labelings of X.
* The growth function Π_H(m) = max over sets X of m points of the number of labelings of
  X that H realises; the VC dimension is the largest m with Π_H(m) = 2^m.

Each class answers exactly (no fitting, no random restarts), also for degenerate sets:
duplicated points and collinear points. A duplicate carrying both labels makes a labeling
unrealisable for every class here, since every h is a function of the point.
"""

from __future__ import annotations

import math
from functools import cache

import numpy as np

from ..base import ValidationError

__all__ = ["Lines", "Rectangles", "Intervals", "Stumps", "Trees", "labelings", "realisable_labelings",
           "shattered", "count_realisable", "growth_function", "vc_dimension_by_trying", "MAX_POINTS"]

MAX_POINTS = 12  # 2^12 = 4096 labelings; beyond that enumeration is no longer a classroom tool
# Lines: a labeling counts as separable when the best gap between the classes exceeds this
# fraction of the point set's extent; that is rounding level for floats at any scale.
REL_TOL = 1e-9


def labelings(m: int) -> np.ndarray:
    """All 2^m labelings as a (2^m, m) bool array; row i gives point j the label (i >> j) & 1."""
    return ((np.arange(2 ** m)[:, None] >> np.arange(m)[None, :]) & 1).astype(bool)


class Lines:
    """Half-planes h(x) = [w·x + b > 0] with any w ≠ 0 and b (both orientations).

    Exact test. Positives P and negatives N are strictly separable by a line iff their convex
    hulls are disjoint, and then the maximum-margin line's normal is the vector between the
    two closest points of the hulls. In the plane those closest points are two vertices (the
    normal is a difference x_i - x_j) or a vertex and a point on an edge (the normal is
    perpendicular to an edge x_i - x_j). So it is enough to try every unit vector u along or
    perpendicular to some x_i - x_j, both signs: the labeling is realisable iff for one of
    them  min_{x∈P} u·x - max_{x∈N} u·x > REL_TOL · (extent of X).  An empty P or N is
    always realisable (the line far away).
    """

    name = "lines"
    label = "lines (half-planes)"

    def directions(self, X: np.ndarray) -> np.ndarray:
        i, j = np.triu_indices(len(X), k=1)
        diff = X[i] - X[j]
        norm = np.hypot(diff[:, 0], diff[:, 1])
        diff = diff[norm > 0] / norm[norm > 0, None]
        perp = diff[:, ::-1] * np.array([1.0, -1.0])
        cand = np.vstack([diff, perp, np.eye(2)])  # the axes cover sets with no distinct pair
        return np.vstack([cand, -cand])

    def realisable(self, X: np.ndarray) -> np.ndarray:
        return self.max_margin(X)[0]

    def max_margin(self, X: np.ndarray):
        """(realised (2^m,), normals (2^m, 2), offsets (2^m,), margins (2^m,)).

        For a realisable labeling with both classes, the hard-margin SVM line u·x = t of the
        labeling: u the candidate with the widest gap g = min_P u·x − max_N u·x, t the middle of
        the gap, margin g/2 (positives on the side u·x > t). Rows of constant or unrealisable
        labelings hold NaN.
        """
        m = len(X)
        labels = labelings(m)
        units = self.directions(X)
        proj = X @ units.T                                    # (m, c)
        tol = REL_TOL * max(float(np.ptp(X, axis=0).max()) if m else 0.0, np.finfo(float).tiny)
        realised = np.empty(len(labels), dtype=bool)
        normals = np.full((len(labels), 2), np.nan)
        offsets, margins = np.full(len(labels), np.nan), np.full(len(labels), np.nan)
        for start in range(0, len(labels), 256):              # bounded memory: 256 x m x c
            rows = slice(start, start + 256)
            lab = labels[rows, :, None]
            low_pos = np.where(lab, proj[None], np.inf).min(axis=1)
            high_neg = np.where(lab, -np.inf, proj[None]).max(axis=1)
            gap = low_pos - high_neg
            realised[rows] = (gap > tol).any(axis=1)
            mixed = np.isfinite(gap).any(axis=1)
            with np.errstate(invalid="ignore"):
                best = np.argmax(np.where(np.isfinite(gap), gap, -np.inf), axis=1)
            pick = np.arange(len(best))
            ok = realised[rows] & mixed
            normals[rows][ok] = units[best[ok]]
            offsets[rows][ok] = (low_pos[pick, best] + high_neg[pick, best])[ok] / 2
            margins[rows][ok] = gap[pick, best][ok] / 2
        realised[labels.all(axis=1) | ~labels.any(axis=1)] = True  # constant labelings: inf - x or x - (-inf)
        return realised, normals, offsets, margins


class Rectangles:
    """Axis-aligned rectangles: h(x) = [a1 ≤ x1 ≤ b1 and a2 ≤ x2 ≤ b2] (positive inside).

    A labeling is realisable iff the bounding box of the positives holds no negative point
    (the empty rectangle gives the all-negative labeling).
    """

    name = "rectangles"
    label = "axis-aligned rectangles"

    def realisable(self, X: np.ndarray) -> np.ndarray:
        labels = labelings(len(X))[:, :, None]
        low = np.where(labels, X[None], np.inf).min(axis=1)     # (2^m, 2) box of the positives
        high = np.where(labels, X[None], -np.inf).max(axis=1)
        inside = ((X[None] >= low[:, None]) & (X[None] <= high[:, None])).all(axis=2)
        return ~(inside & ~labels[:, :, 0]).any(axis=1)


class Intervals:
    """Intervals on one axis: h(x) = [a ≤ x_axis ≤ b] (positive inside).

    Realisable iff no negative point has its coordinate in [min over positives, max over positives].
    """

    name = "intervals"

    def __init__(self, axis: int = 0):
        if axis not in (0, 1):
            raise ValidationError(f"axis={axis!r} must be 0 (x1) or 1 (x2)")
        self.axis = axis
        self.label = f"intervals on x{axis + 1}"

    def realisable(self, X: np.ndarray) -> np.ndarray:
        labels = labelings(len(X))
        v = X[:, self.axis][None]
        low = np.where(labels, v, np.inf).min(axis=1, keepdims=True)
        high = np.where(labels, v, -np.inf).max(axis=1, keepdims=True)
        return ~((v >= low) & (v <= high) & ~labels).any(axis=1)


class Stumps:
    """Decision stumps: h(x) = [x_j ≤ θ] or h(x) = [x_j > θ], for either axis j and any θ.

    Realisable iff on some axis all positives lie strictly below all negatives, or strictly above.
    """

    name = "stumps"
    label = "decision stumps"

    def realisable(self, X: np.ndarray) -> np.ndarray:
        labels = labelings(len(X))[:, :, None]
        pos_low = np.where(labels, X[None], np.inf).min(axis=1)
        pos_high = np.where(labels, X[None], -np.inf).max(axis=1)
        neg_low = np.where(labels, np.inf, X[None]).min(axis=1)
        neg_high = np.where(labels, -np.inf, X[None]).max(axis=1)
        return ((pos_high < neg_low) | (neg_high < pos_low)).any(axis=1)


class Trees:
    """Axis-aligned decision trees of depth at most k (depth 0 is a single leaf).

    Exact recursion over the point subsets a tree can reach. With T_k(S) the sets of positives
    (as bitmasks) that a depth-≤k tree realises on the subset S:

        T_0(S) = {∅, S}
        T_k(S) = T_0(S) ∪ ⋃_{axis j, cut θ} { A ∪ B : A ∈ T_{k-1}(S ∩ {x_j ≤ θ}), B ∈ T_{k-1}(S ∩ {x_j > θ}) }

    with θ between consecutive distinct values of x_j in S (equal coordinates never part).
    """

    name = "trees"

    def __init__(self, depth: int = 1):
        if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= 4:
            raise ValidationError(f"depth={depth!r} must be a whole number from 0 to 4")
        self.depth = depth
        self.label = f"trees of depth ≤ {depth}"

    def realisable(self, X: np.ndarray) -> np.ndarray:
        m = len(X)
        coords = tuple(tuple(float(v) for v in X[:, axis]) for axis in (0, 1))

        @cache
        def reach(subset: int, k: int) -> frozenset:
            out = {0, subset}
            if k == 0:
                return frozenset(out)
            members = [j for j in range(m) if subset >> j & 1]
            for values in coords:
                for cut in sorted({values[j] for j in members})[:-1]:
                    left = sum(1 << j for j in members if values[j] <= cut)
                    right = subset & ~left
                    lefts, rights = reach(left, k - 1), reach(right, k - 1)
                    out.update(a | b for a in lefts for b in rights)
            return frozenset(out)

        out = np.zeros(2 ** m, dtype=bool)
        out[list(reach(2 ** m - 1, self.depth))] = True
        return out


def _points(X) -> np.ndarray:
    try:
        X = np.asarray(X, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValidationError("the points must be numbers: an (m, 2) array of x1, x2") from None
    if X.ndim != 2 or X.shape[1] != 2:
        raise ValidationError(f"the points must form an (m, 2) array; got shape {X.shape}. "
                              "Reshape your data to one row per point")
    if not np.isfinite(X).all():
        raise ValidationError("the points contain NaN or infinite values")
    if not 1 <= len(X) <= MAX_POINTS:
        raise ValidationError(f"enumerating labelings needs 1 to {MAX_POINTS} points; got {len(X)}")
    return X


def realisable_labelings(X, cls) -> tuple[np.ndarray, np.ndarray]:
    """All 2^m labelings of X, (2^m, m) bool, and which of them ``cls`` realises, (2^m,) bool."""
    X = _points(X)
    return labelings(len(X)), cls.realisable(X)


def count_realisable(X, cls) -> int:
    """How many of the 2^m labelings of X ``cls`` realises (Π_H restricted to this X)."""
    return int(realisable_labelings(X, cls)[1].sum())


def shattered(X, cls) -> bool:
    """Whether ``cls`` realises all 2^m labelings of X."""
    return bool(realisable_labelings(X, cls)[1].all())


def _trial_sets(m: int, n_sets: int, random_state):
    """Points on a circle (convex position, a square's corners as a diamond at m = 4), then random sets."""
    angle = 2 * math.pi * np.arange(m) / m
    yield np.column_stack([np.cos(angle), np.sin(angle)])
    rng = np.random.default_rng(random_state)
    for _ in range(n_sets):
        yield rng.uniform(-1, 1, (m, 2))


def growth_function(cls, m: int, n_sets: int = 50, random_state=0) -> int:
    """Π_H(m) by enumeration: the most labelings ``cls`` realises on any of the tried m-point sets.

    The sets tried are m points on a circle and ``n_sets`` uniform random sets; the result is a
    lower bound on Π_H(m), exact when a tried set attains the maximum (for lines any m points
    in general position do: 2, 4, 8, 14 for m = 1..4).
    """
    if isinstance(m, bool) or not isinstance(m, int) or not 1 <= m <= MAX_POINTS:
        raise ValidationError(f"m={m!r} must be a whole number from 1 to {MAX_POINTS}")
    best = 0
    for X in _trial_sets(m, n_sets, random_state):
        best = max(best, int(cls.realisable(X).sum()))
        if best == 2 ** m:
            break
    return best


def vc_dimension_by_trying(cls, max_m: int = 6, n_sets: int = 50, random_state=0) -> tuple[int, list]:
    """The largest m ≤ max_m for which some tried m-point set is shattered, and Π_H(m) per m.

    "By trying": a set that is shattered proves VC ≥ m; finding none among the tried sets
    suggests (does not prove) VC < m. Stops after the first m with no shattered set.
    """
    counts = []
    for m in range(1, max_m + 1):
        counts.append(growth_function(cls, m, n_sets, random_state))
        if counts[-1] < 2 ** m:
            return m - 1, counts
    return max_m, counts
