"""Evaluate a fitted 2-D classifier once on a regular grid over the plane.

Every decision-region figure starts here. The grid is evaluated with at most ONE
call to ``predict_proba`` and ONE to ``decision_function`` (``predict`` only for the
rare cells exactly on a binary boundary): labels, confidence and the binary
decision values all come from those scores.

Only the scikit-learn interface is used (``classes_``, ``predict_proba``,
``decision_function``), so mlcore and scikit-learn models go through the same code; a model
may add ``decision_function_grid(xs, ys)``, the same values computed knowing they lie on a
grid (mlcore's kernel machines factor the rbf kernel over the coordinates: 200 x 200 cells
cost 400 exponentials per support vector, not 40,000).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mlcore.metrics.pairwise import grid_points

Bounds = tuple[float, float, float, float]   # (x_min, x_max, y_min, y_max)


def make_bounds(X, pad: float = 0.1) -> Bounds:
    """Axis ranges around the points of ``X`` (n, 2), widened by ``pad`` x range per side.

    A zero range (one point, or all points on a vertical/horizontal line) borrows the
    other axis's range, and if both are zero uses a range of ``max(1, 0.2 |centre|)``,
    so the result always has ``x_min < x_max`` and ``y_min < y_max``.
    """
    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2 or X.shape[1] != 2 or X.shape[0] == 0:
        raise ValueError(f"make_bounds needs points of shape (n, 2); got {X.shape}")
    if not np.all(np.isfinite(X)):
        raise ValueError("make_bounds: the points contain NaN or infinite values")
    lo, hi = X.min(axis=0), X.max(axis=0)
    centre = (lo + hi) / 2
    span = hi - lo
    # a span below float resolution at this magnitude counts as zero
    tiny = 1e-12 * np.maximum(np.abs(centre), 1e-300)
    flat = span <= tiny
    if flat.all():
        span = np.full(2, max(1.0, 0.2 * float(np.abs(centre).max())))
    elif flat.any():
        span = np.where(flat, span.max(), span)
    half = span / 2 * (1 + 2 * max(float(pad), 0.0))
    return (float(centre[0] - half[0]), float(centre[0] + half[0]),
            float(centre[1] - half[1]), float(centre[1] + half[1]))


@dataclass(frozen=True)
class DecisionGrid:
    """A model evaluated on an ``len(ys) x len(xs)`` grid (row j is ``ys[j]``, column i ``xs[i]``).

    labels      int (ny, nx): index into ``classes`` of the predicted class.
    confidence  float (ny, nx) in [0, 1]: 0 on the boundary, 1 where the model is sure.
    decision    float (ny, nx) binary decision values, or None (K > 2 or no
                decision_function). Its 0-level is the boundary and +-1 the SVM margins.
    source      where confidence came from: "proba" or "decision".
    """

    xs: np.ndarray
    ys: np.ndarray
    labels: np.ndarray
    confidence: np.ndarray
    decision: np.ndarray | None
    classes: np.ndarray
    bounds: Bounds
    source: str

    @property
    def shape(self) -> tuple[int, int]:
        return self.labels.shape

    def points(self) -> np.ndarray:
        """The grid's points as an (ny * nx, 2) array, row-major (x varies fastest)."""
        return grid_points(self.xs, self.ys)


# Errors that mean "this model cannot give these scores": mlcore.ValidationError is a
# ValueError; NotImplementedError for methods a model declares but does not support.
_UNSUPPORTED = (NotImplementedError, ValueError)


def _call(model, method: str, *args):
    """``model.<method>(*args)`` as a float64 array, or (None, error) if the model cannot."""
    fn = getattr(model, method, None)   # sklearn hides unavailable methods from getattr
    if fn is None:
        return None, None
    try:
        out = np.asarray(fn(*args), dtype=np.float64)
    except _UNSUPPORTED as err:
        return None, err
    return out, None


def _index_of(labels, classes) -> np.ndarray:
    lookup = {c: i for i, c in enumerate(np.asarray(classes).tolist())}
    return np.array([lookup.get(v, 0) for v in np.asarray(labels).tolist()], dtype=np.intp)


def _robust_scale(v: np.ndarray) -> float:
    """A typical size of the non-negative values ``v``: their median, or mean if that is 0."""
    v = v[np.isfinite(v)]
    if v.size == 0:
        return 0.0
    s = float(np.median(v))
    if s <= 0:
        s = float(v.mean())
    return s


def _squash(gap: np.ndarray) -> np.ndarray:
    """Confidence from a score gap: ``tanh(gap / median(gap))``.

    Decision values have no common scale (a perceptron's grow with ||w||, data scaled
    by 1e9 gives values near 1e9), so the gap is measured in units of its own median
    over the grid: half the plane is below tanh(1) = 0.76, the boundary is 0.
    """
    gap = np.nan_to_num(np.abs(gap), nan=0.0, posinf=np.finfo(np.float64).max)
    s = _robust_scale(gap)
    if not np.isfinite(s) or s <= 0:
        return np.zeros_like(gap)
    return np.tanh(np.minimum(gap / s, 50.0))


def evaluate_grid(model, bounds: Bounds, resolution: int = 200) -> DecisionGrid:
    """Evaluate ``model`` on a ``resolution x resolution`` grid spanning ``bounds``.

    Calls: ``predict_proba`` once if the model has it; ``decision_function`` once if
    the model is binary (its values draw the boundary and the SVM margins) or has no
    probabilities. ``predict`` is only asked about cells exactly on a binary boundary.

    Labels: binary ``decision_function`` d gives ``classes_[1]`` where d > 0 (the
    scikit-learn rule; preferred because it is what ``predict`` thresholds in linear
    models and SVMs), and cells with d == 0 exactly take ``predict``'s answer, as the
    tie rule differs between models; otherwise K-column scores (probabilities if present, else
    decision values) give ``classes_[argmax]`` with the first maximum winning ties,
    as ``np.argmax`` and the models do.

    Confidence, in [0, 1]:
      * with ``predict_proba``: ``(p_label - 1/K) / (1 - 1/K)`` (0 where all K classes
        are equally likely, 1 where the predicted class has probability 1);
      * otherwise from the decision scores: binary ``tanh(|d| / median|d|)``, K > 2
        ``tanh(g / median g)`` with g the gap between the two largest scores.
    """
    classes = getattr(model, "classes_", None)
    if classes is None:
        raise ValueError(f"{type(model).__name__} is not fitted yet: call fit(X, y) before drawing it")
    classes = np.asarray(classes)
    K = len(classes)
    n = int(resolution)
    if n < 2:
        raise ValueError(f"resolution={resolution!r} must be at least 2")
    x0, x1, y0, y1 = (float(b) for b in bounds)
    if not (np.isfinite([x0, x1, y0, y1]).all() and x0 < x1 and y0 < y1):
        raise ValueError(f"bounds={bounds!r} must be finite with x_min < x_max and y_min < y_max")
    xs = np.linspace(x0, x1, n)
    ys = np.linspace(y0, y1, n)
    P = grid_points(xs, ys)

    proba, err_p = _call(model, "predict_proba", P)
    if proba is not None and not (proba.ndim == 2 and proba.shape[1] == K):
        proba = None
    dec = err_d = None
    if K == 2 or proba is None:   # K > 2 with probabilities: they give labels and confidence
        # a model that knows the grid's structure (a kernel factored over the coordinates) is
        # asked for the same values that way: decision_function_grid(xs, ys)
        dec, err_d = (_call(model, "decision_function_grid", xs, ys) if hasattr(model, "decision_function_grid")
                      else _call(model, "decision_function", P))
    if dec is not None and not (dec.ndim == 1 and K == 2 or dec.ndim == 2 and dec.shape[1] == K):
        dec = None      # e.g. one-vs-one scores with K(K-1)/2 columns: not one per class
    if proba is None and dec is None:
        err = err_d or err_p
        if err is not None:
            raise err
        raise ValueError(f"{type(model).__name__} has neither predict_proba nor decision_function "
                         "with one score per class, so its regions cannot be drawn")

    binary_dec = None
    if dec is not None:
        dec = np.nan_to_num(dec, nan=0.0)
        if dec.ndim == 1:
            binary_dec = dec
            labels = (dec > 0).astype(np.intp)
            # Models differ on d == 0 exactly (scikit-learn: classes_[0]; LIBSVM-style
            # solvers: classes_[1]). Such cells are rare, so ask the model about those only.
            ties = np.flatnonzero(dec == 0)
            if ties.size and hasattr(model, "predict"):
                labels[ties] = _index_of(model.predict(P[ties]), classes)
        else:
            labels = np.argmax(dec, axis=1)
    else:
        labels = np.argmax(np.nan_to_num(proba, nan=0.0), axis=1)

    if proba is not None:
        p_label = np.nan_to_num(proba[np.arange(len(labels)), labels], nan=0.0)
        confidence = (p_label - 1.0 / K) / (1.0 - 1.0 / K)
        source = "proba"
    elif binary_dec is not None:
        confidence = _squash(binary_dec)
        source = "decision"
    else:
        top2 = np.partition(dec, K - 2, axis=1)[:, K - 2:]
        confidence = _squash(top2[:, 1] - top2[:, 0])
        source = "decision"
    confidence = np.clip(np.nan_to_num(confidence, nan=0.0), 0.0, 1.0)

    shape = (n, n)
    return DecisionGrid(
        xs=xs, ys=ys,
        labels=labels.reshape(shape),
        confidence=confidence.reshape(shape),
        decision=None if binary_dec is None else binary_dec.reshape(shape),
        classes=classes, bounds=(x0, x1, y0, y1), source=source,
    )
