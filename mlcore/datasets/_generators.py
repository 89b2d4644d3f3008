"""Two-dimensional toy datasets for the playground, and a stratified split.

``make_dataset(name, ...)`` returns ``X`` (n, 2) float64 and ``y`` (n,) int64 with
labels 0..K-1. Every clean generator keeps its points within about [-2.6, 2.6]
on both axes, so all datasets look right on the same plot; outliers sit just
outside, in the square frame 2.8 <= max(|x1|, |x2|) <= 3.2.

Randomness is split into independent streams (one each for the shape, the
jitter, the label flips, the outliers and the final shuffle), all derived from
``seed``. So with the same seed, moving the ``noise`` slider only moves the
points continuously, and adding label noise or outliers leaves every other
point where it was.

What ``noise`` (in [0, 1]) means, per generator: every point gets Gaussian
jitter with standard deviation ``noise * s``, where ``s`` is the generator's
natural length (each spec's ``noise_scale``, explained in its ``noise_help``). For blobs s = 1 and the
jitter adds to the clusters' own spread of 0.2, so a cluster's standard
deviation is ``sqrt(0.2**2 + noise**2)``.

Class sizes with ``imbalance = r`` and K classes: class k gets weight
``w_k = 1 - r * k / (K - 1)`` (so class 0 has weight 1 and the last class
``1 - r``), and ``n_k = n * w_k / sum_j w_j`` rounded by largest remainders, so
the sizes add up to ``n`` exactly; every class keeps at least one point.

``label_noise = p`` flips ``round(p * n)`` labels, each to a different class
chosen uniformly. ``outliers = q`` then replaces ``round(q * n)`` points,
chosen independently of the flips, by points in the outlier frame with uniformly
random labels. One point per class is never flipped or replaced, so every label
0..K-1 is always present.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass

import numpy as np

from ..base import ValidationError

__all__ = ["GeneratorSpec", "GENERATORS", "make_dataset", "class_sizes", "train_test_split"]

N_MIN, N_MAX = 4, 5000
MARGIN_MAX = 2.0
OUTLIER_FRAME = (2.8, 3.2)
EXTRA_MAX = 20


@dataclass(frozen=True)
class GeneratorSpec:
    """What the UI needs to offer one generator (the key is public URL API)."""

    key: str
    label: str
    min_classes: int
    max_classes: int
    default_n: int
    default_noise: float
    uses_margin: bool
    description: str
    noise_help: str
    noise_scale: float  # s: the jitter's standard deviation is noise * s


# --- the clean shapes -------------------------------------------------------------
# Each shape function gets the class sizes, the shape stream and the margin, and
# returns clean points grouped by class, plus the length s that scales the jitter.


def _blobs(sizes, rng, margin):
    """Class k is a round Gaussian cluster centred at 1.8 (cos a_k, sin a_k), a_k = 3pi/4 + 2pi k/K."""
    k = len(sizes)
    parts = []
    for c, m in enumerate(sizes):
        a = 0.75 * math.pi + 2 * math.pi * c / k
        centre = 1.8 * np.array([math.cos(a), math.sin(a)])
        parts.append(centre + rng.standard_normal((m, 2)) * 0.2)
    return parts


def _moons(sizes, rng, margin):
    """Two interleaved half circles of radius 1.6: (cos t, sin t) and (1 - cos t, 0.5 - sin t), t in [0, pi]."""
    upper_t = rng.uniform(0, math.pi, sizes[0])
    lower_t = rng.uniform(0, math.pi, sizes[1])
    upper = np.column_stack([np.cos(upper_t), np.sin(upper_t)])
    lower = np.column_stack([1 - np.cos(lower_t), 0.5 - np.sin(lower_t)])
    shift = np.array([0.5, 0.25])  # centres the pair on the origin
    return [(upper - shift) * 1.6, (lower - shift) * 1.6]


def _circles(sizes, rng, margin):
    """Class 0 on the circle of radius 2.4, class 1 on the circle of radius 1.2."""
    parts = []
    for radius, m in zip((2.4, 1.2), sizes, strict=True):
        t = rng.uniform(0, 2 * math.pi, m)
        parts.append(radius * np.column_stack([np.cos(t), np.sin(t)]))
    return parts


def _xor(sizes, rng, margin):
    """Uniform in the four quadrants (kept 0.1 away from the axes); class = [sign x1 != sign x2]."""
    parts = []
    for c, m in enumerate(sizes):
        mag = rng.uniform(0.1, 2.5, (m, 2))
        sx = rng.choice([-1.0, 1.0], m)
        sy = sx if c == 0 else -sx
        parts.append(mag * np.column_stack([sx, sy]))
    return parts


def _spirals(sizes, rng, margin):
    """Arm k: radius r = 0.3 + 2.2 t, angle 2pi (k/K + turns t), t = sqrt(u), u uniform.

    sqrt(u) gives even density along the arm. turns = max(0.75, 1.75 - K/4): two
    arms wind 1.25 times, four or five arms 0.75 times, so neighbouring arms
    stay at least about 0.5 apart.
    """
    k = len(sizes)
    turns = max(0.75, 1.75 - k / 4)
    parts = []
    for c, m in enumerate(sizes):
        t = np.sqrt(rng.uniform(0, 1, m))
        r = 0.3 + 2.2 * t
        a = 2 * math.pi * (c / k + turns * t)
        parts.append(np.column_stack([r * np.cos(a), r * np.sin(a)]))
    return parts


def _linear(sizes, rng, margin):
    """Uniform in the disc of radius 2.6, class 0 where w.x <= -margin/2, class 1 where w.x >= margin/2.

    The unit normal w has a random direction (from the shape stream), so the gap
    between the classes, measured perpendicular to the line w.x = 0, is ``margin``.
    """
    angle = rng.uniform(0, 2 * math.pi)
    w = np.array([math.cos(angle), math.sin(angle)])
    parts = []
    for c, m in enumerate(sizes):
        side = -1.0 if c == 0 else 1.0
        got = np.empty((0, 2))
        while len(got) < m:  # rejection: at margin 2 about a fifth of the disc is accepted
            r = 2.6 * np.sqrt(rng.uniform(0, 1, 4 * m + 16))
            t = rng.uniform(0, 2 * math.pi, r.size)
            cand = np.column_stack([r * np.cos(t), r * np.sin(t)])
            got = np.vstack([got, cand[side * (cand @ w) >= margin / 2]])
        parts.append(got[:m])
    return parts


def _checkerboard(sizes, rng, margin):
    """A 4 x 4 board of 1.2-wide squares on [-2.4, 2.4]^2; class = (row + column) mod 2."""
    parts = []
    for c, m in enumerate(sizes):
        cells = np.array([(i, j) for i in range(4) for j in range(4) if (i + j) % 2 == c])
        pick = cells[rng.integers(0, len(cells), m)]
        parts.append((pick + rng.uniform(0, 1, (m, 2))) * 1.2 - 2.4)
    return parts


_SHAPES = {
    "blobs": _blobs, "moons": _moons, "circles": _circles, "xor": _xor,
    "spirals": _spirals, "linear": _linear, "checkerboard": _checkerboard,
}

GENERATORS: dict[str, GeneratorSpec] = {
    "blobs": GeneratorSpec(
        "blobs", "Gaussian blobs", 2, 6, 200, 0.4, False,
        "Round clusters evenly spaced on a circle, one per class.",
        "Cluster standard deviation is sqrt(0.2^2 + noise^2) (centres are 1.8 from the origin).", 1.0),
    "moons": GeneratorSpec(
        "moons", "Two moons", 2, 2, 200, 0.15, False,
        "Two interleaving half circles: no straight line separates them.",
        "Jitter standard deviation is noise x 1.6, the radius of a moon.", 1.6),
    "circles": GeneratorSpec(
        "circles", "Concentric circles", 2, 2, 200, 0.1, False,
        "One class on an inner circle, the other on an outer ring around it.",
        "Jitter standard deviation is noise x 1.2, the gap between the circles.", 1.2),
    "xor": GeneratorSpec(
        "xor", "XOR (quadrants)", 2, 2, 200, 0.1, False,
        "Opposite quadrants share a class: the classic problem a single perceptron cannot solve.",
        "Jitter standard deviation is noise x 1.25, half the width of a quadrant.", 1.25),
    "spirals": GeneratorSpec(
        "spirals", "Spirals", 2, 5, 300, 0.1, False,
        "Interleaved spiral arms, one per class.",
        "Jitter standard deviation is noise x 0.5.", 0.5),
    "linear": GeneratorSpec(
        "linear", "Linearly separable", 2, 2, 200, 0.0, True,
        "Two classes on either side of a straight line, with an empty gap of width margin between them.",
        "Jitter standard deviation is noise x 1.0; with noise 0 the classes are separated by the gap.", 1.0),
    "checkerboard": GeneratorSpec(
        "checkerboard", "Checkerboard", 2, 2, 400, 0.0, False,
        "A 4 x 4 board: neighbouring squares have different classes.",
        "Jitter standard deviation is noise x 1.2, the width of a square.", 1.2),
}


# --- validation --------------------------------------------------------------------


def _whole(value, name: str, low: int, high: int, what: str) -> int:
    ok = isinstance(value, (numbers.Integral, np.integer)) and not isinstance(value, bool)
    if not ok and isinstance(value, (float, np.floating)) and math.isfinite(value) and value == int(value):
        ok = True  # 200.0 from a URL or a float slider is still 200
    if not ok:
        raise ValidationError(f"{name}={value!r} must be a whole number ({what})")
    value = int(value)
    if not low <= value <= high:
        raise ValidationError(f"{name}={value} must be between {low} and {high} ({what})")
    return value


def _fraction(value, name: str, high: float, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (numbers.Real, np.floating, np.integer)):
        raise ValidationError(f"{name}={value!r} must be a number ({what})")
    value = float(value)
    if not math.isfinite(value) or not 0.0 <= value <= high:
        raise ValidationError(f"{name}={value!r} must be between 0 and {high:g} ({what})")
    return value


def class_sizes(n: int, n_classes: int, imbalance: float = 0.0) -> np.ndarray:
    """Points per class: n_k proportional to w_k = 1 - imbalance * k / (K - 1), summing to n.

    Rounded by largest remainders (ties to the earlier class); a class that would
    get no point takes one from the largest class.
    """
    k = np.arange(n_classes)
    w = 1.0 - imbalance * k / max(n_classes - 1, 1)
    ideal = n * w / w.sum()
    sizes = np.floor(ideal).astype(np.int64)
    order = np.argsort(-(ideal - sizes), kind="stable")
    sizes[order[: n - sizes.sum()]] += 1
    for c in range(n_classes):
        if sizes[c] == 0:
            sizes[np.argmax(sizes)] -= 1
            sizes[c] = 1
    return sizes


def _frame_points(m: int, rng) -> np.ndarray:
    """m points uniform in the frame 2.8 <= max(|x1|, |x2|) <= 3.2, outside every clean shape."""
    inner, outer = OUTLIER_FRAME
    got = np.empty((0, 2))
    while len(got) < m:  # rejection from the outer square keeps about a quarter
        cand = rng.uniform(-outer, outer, (4 * m + 16, 2))
        got = np.vstack([got, cand[np.abs(cand).max(axis=1) >= inner]])
    return got[:m]


# --- the public generator -------------------------------------------------------------


def make_dataset(name: str, n: int = 200, noise: float = 0.1, seed: int = 0, n_classes: int = 2,
                 imbalance: float = 0.0, label_noise: float = 0.0, outliers: float = 0.0,
                 margin: float = 0.5, extra_features: int = 0, correlated: int = 0):
    """Generate a named 2-D dataset; return ``X`` (n, 2) float64 and ``y`` (n,) int64 in 0..K-1.

    See the module docstring for what noise, imbalance, label_noise and outliers do.
    ``margin`` (0 to 2) is the width of the empty band between the two classes of
    "linear"; the other generators ignore it. Raises ValidationError on any bad value.

    ``extra_features = e`` (0 to 20) appends e columns that carry no information about y,
    so X is (n, 2 + e): the first ``correlated`` of them are noisy copies of x1,
    x1 + 0.5 ε (correlation about 0.9 with x1 for most shapes, redundant rather than
    useless), the rest pure noise 1.3 ε (about the spread of the real features), ε
    standard normal. They come from a stream of their own, so ``extra_features=0`` gives
    exactly the data it gave before the option existed, and adding extra features moves no
    point of the first two columns.
    """
    if not isinstance(name, str) or name not in GENERATORS:
        raise ValidationError(f"unknown dataset {name!r}; choose one of {', '.join(GENERATORS)}")
    spec = GENERATORS[name]
    if spec.min_classes == spec.max_classes:
        if isinstance(n_classes, bool) or n_classes != spec.min_classes:
            raise ValidationError(
                f"{spec.label} always has {spec.min_classes} classes; got n_classes={n_classes!r}")
        k = spec.min_classes
    else:
        k = _whole(n_classes, "n_classes", spec.min_classes, spec.max_classes,
                   f"{spec.label} can have {spec.min_classes} to {spec.max_classes} classes")
    n = _whole(n, "n", N_MIN, N_MAX, "number of points")
    if n < 2 * k:
        raise ValidationError(f"n={n} is too few points for {k} classes: use at least {2 * k} (two per class)")
    noise = _fraction(noise, "noise", 1.0, "amount of jitter")
    imbalance = _fraction(imbalance, "imbalance", 0.9, "how much smaller the last class is than the first")
    label_noise = _fraction(label_noise, "label_noise", 0.5, "fraction of labels flipped")
    outliers = _fraction(outliers, "outliers", 0.2, "fraction of points replaced by outliers")
    margin = _fraction(margin, "margin", MARGIN_MAX, "width of the gap between the classes")
    seed = _whole(seed, "seed", 0, 2**32 - 1, "random seed")
    extra_features = _whole(extra_features, "extra_features", 0, EXTRA_MAX, "irrelevant features added")
    correlated = _whole(correlated, "correlated", 0, extra_features,
                        "how many of the extra features are noisy copies of x1")

    # spawn(6)'s first five children are spawn(5)'s, so the sixth stream adds nothing to the rest.
    shape_rng, jitter_rng, flip_rng, outlier_rng, shuffle_rng, extra_rng = (
        np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(6))
    sizes = class_sizes(n, k, imbalance)
    X = np.vstack(_SHAPES[name](sizes, shape_rng, margin)).astype(np.float64)
    y = np.repeat(np.arange(k, dtype=np.int64), sizes)
    # Drawn even when noise is 0, so the noise slider scales one fixed jitter pattern.
    X += noise * spec.noise_scale * jitter_rng.standard_normal(X.shape)

    anchors = np.cumsum(sizes) - sizes  # first point of each class: never flipped or replaced
    free = np.setdiff1d(np.arange(n), anchors)
    n_flip = int(round(label_noise * n))
    if n_flip:
        idx = flip_rng.choice(free, n_flip, replace=False)
        y[idx] = (y[idx] + flip_rng.integers(1, k, n_flip)) % k  # a shift of 1..K-1 is always another class
    n_out = int(round(outliers * n))
    if n_out:
        idx = outlier_rng.choice(free, n_out, replace=False)
        X[idx] = _frame_points(n_out, outlier_rng)
        y[idx] = outlier_rng.integers(0, k, n_out)

    order = shuffle_rng.permutation(n)
    X, y = X[order], y[order]
    if extra_features:
        X = np.hstack([X, _extra_columns(X[:, 0], extra_features, correlated, extra_rng)])
    return X, y


def _extra_columns(x1: np.ndarray, count: int, correlated: int, rng) -> np.ndarray:
    """``correlated`` copies x1 + 0.5 ε, then ``count - correlated`` noise columns 1.3 ε."""
    eps = rng.standard_normal((len(x1), count))
    extra = 1.3 * eps
    extra[:, :correlated] = x1[:, None] + 0.5 * eps[:, :correlated]
    return extra


# --- splitting -------------------------------------------------------------------------


def train_test_split(X, y, *, test_size=None, random_state=None, stratify=None):
    """Split into ``X_train, X_test, y_train, y_test`` (scikit-learn's names and defaults).

    The test set has ``ceil(test_size * n)`` points (``test_size`` None: 0.25); ``random_state``
    seeds the draw (None: a fresh seed each call).
    ``stratify`` None: a random permutation. ``stratify`` labels (usually ``stratify=y``): class c
    of them with n_c points sends about ``test_size * n_c`` to the test set (largest
    remainders), and always keeps at least one in the training set.
    Either way, an error if the training set would hold a single class of y.
    """
    test_size = 0.25 if test_size is None else test_size
    if isinstance(test_size, bool) or not isinstance(test_size, (numbers.Real, np.floating)) \
            or not 0.0 < float(test_size) < 1.0:
        raise ValidationError(f"test_size={test_size!r} must be a fraction strictly between 0 and 1, e.g. 0.3")
    X = np.asarray(X)
    y = np.asarray(y)
    if y.ndim != 1:
        raise ValidationError("y must be 1-D: one label per point")
    if X.ndim == 0 or X.shape[0] != y.shape[0]:
        raise ValidationError(f"X has {X.shape[0] if X.ndim else 0} points but y has {y.shape[0]} labels")
    if random_state is not None and not isinstance(random_state, np.random.Generator):
        random_state = _whole(random_state, "random_state", 0, 2**32 - 1, "random seed")
    if len(np.unique(y)) < 2:
        raise ValidationError("y has a single class: a classifier needs at least two classes to split")
    strata = None if stratify is None else np.asarray(stratify)
    if strata is not None and strata.shape != y.shape:
        raise ValidationError("stratify must be None or one label per point, usually the labels: stratify=y")
    rng = np.random.default_rng(random_state)
    n = y.shape[0]
    n_test = max(1, math.ceil(float(test_size) * n - 1e-9))

    if strata is not None:
        _, s_enc, counts = np.unique(strata, return_inverse=True, return_counts=True)
        k = len(counts)
        n_test = min(n_test, n - k)
        if n_test < 1:
            raise ValidationError(
                f"too few points to split: {n} points in {k} classes leave nothing for the test set "
                "once every class has a training point")
        ideal = n_test * counts / n  # < counts, since n_test < n
        per_class = np.floor(ideal).astype(np.int64)
        room = counts - 1 - per_class
        for c in np.argsort(-(ideal - per_class), kind="stable"):
            if per_class.sum() == n_test:
                break
            if room[c] > 0:
                per_class[c] += 1
                room[c] -= 1
        while per_class.sum() < n_test:  # only when rounding met a full class: top up any class with room
            c = int(np.argmax(room))
            per_class[c] += 1
            room[c] -= 1
        test_parts = [rng.permutation(np.flatnonzero(s_enc == c))[:per_class[c]] for c in range(k)]
        test_idx = np.concatenate(test_parts)
    else:
        if n_test >= n:
            raise ValidationError(f"test_size={test_size} leaves no training points out of {n}")
        test_idx = rng.permutation(n)[:n_test]
    is_test = np.zeros(n, dtype=bool)
    is_test[test_idx] = True
    train_idx = rng.permutation(np.flatnonzero(~is_test))
    test_idx = rng.permutation(np.flatnonzero(is_test))
    if len(np.unique(y[train_idx])) < 2:
        raise ValidationError(
            "this split leaves a single class in the training set; use stratify=y or a smaller test_size")
    return X[train_idx], X[test_idx], y[train_idx], y[test_idx]
