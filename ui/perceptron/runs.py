"""Cached work of the Perceptron page: the two-class data it trains on, the run it replays,
the mistake bounds, one point of the margin sweep and the kernel perceptron; and the pocket's
counts along the replayed run.

Every cache is keyed by small values: the shared dataset's recipe and drawn points, the
page's source ``src = (source, gap, n, seed)`` and the class pair ``pair = (pos, neg)``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from mlcore import ValidationError
from mlcore.datasets import make_dataset
from mlcore.linear_model import (
    KernelPerceptron,
    LeastSquaresClassifier,
    MistakeBounds,
    Perceptron,
    PerceptronReplay,
    mistake_bounds,
    pocket_curve,
)
from ui import reading
from ui.serving import fits
from ui.serving.cache import sharable
from viz.perceptron import side_style

SHARED, SEPARABLE = "shared", "separable"
REST = "rest"
SEP_VIEW = (-3.0, 3.0, -3.0, 3.0)  # the separable generator keeps its points in the disc of radius 2.6
MAX_BOUND_EPOCHS = 2000  # the bound runs go on until no mistake; the theorem says bound + 1 epochs at most


@dataclass(frozen=True)
class Binary:
    """The page's two-class problem: t = +1 for the positive class, -1 for the other side."""
    X: np.ndarray
    t: np.ndarray
    names: tuple            # (name of the -1 side, name of the +1 side)
    styles: tuple           # (colour, symbol) of each side, as on the other pages
    bounds: tuple
    classes: tuple          # every class of the source data (to choose the pair from)
    error: str | None = None


@sharable(max_entries=32)
def source(recipe, drawn, src: tuple):
    """(X, y, bounds, error) of the page's data: the shared training set, or the separable generator."""
    kind, gap, n, seed = src
    if kind == SEPARABLE:
        X, y = make_dataset("linear", n=n, noise=0.0, margin=gap, seed=seed)
        return X, y, SEP_VIEW, None
    data = fits.dataset(recipe, drawn)
    return data.X_train, data.y_train, data.bounds, data.error


def class_list(recipe, drawn, src: tuple) -> tuple:
    _, y, _, _ = source(recipe, drawn, src)
    return tuple(v.item() if isinstance(v, np.generic) else v for v in np.unique(y))


@sharable(max_entries=32)
def binary(recipe, drawn, src: tuple, pair: tuple) -> Binary:
    X, y, bounds, error = source(recipe, drawn, src)
    classes = tuple(v.item() if isinstance(v, np.generic) else v for v in np.unique(y))
    empty = Binary(np.zeros((0, 2)), np.zeros(0), ("−1", "+1"), (side_style(0), side_style(1)), bounds, classes)
    if error:
        return replace(empty, error=error)
    if len(classes) < 2:
        have = "no points" if not len(y) else "points of one class only"
        return replace(empty, error=f"The training set has {have}: the perceptron needs two classes. "
                                    "Generate data, draw points of a second class, or choose the separable data here.")
    pos, neg = pair
    if pos == neg:
        return replace(empty, error="Choose two different classes (or the rest) for the two sides.")
    index = {c: k for k, c in enumerate(classes)}
    keep = (y == pos) | ((y != pos) if neg == REST else (y == neg))
    t = np.where(y[keep] == pos, 1.0, -1.0)
    neg_name = "the rest" if neg == REST else f"class {neg}"
    return Binary(X[keep], t, (neg_name, f"class {pos}"),
                  (side_style(None if neg == REST else index[neg]), side_style(index[pos])), bounds, classes)


@sharable(max_entries=32)
def run(recipe, drawn, src: tuple, pair: tuple, epochs: int, lr: float, start: str, shuffle: bool):
    """The perceptron the page replays (pocket on, so the pocket's counts are recorded too);
    ``start`` "zero" or "least_squares" (the least-squares classifier's w, b)."""
    data = binary(recipe, drawn, src, pair)
    init = {}
    if start == "least_squares":
        ls = LeastSquaresClassifier().fit(data.X, data.t)
        init = dict(coef_init=ls.coef_, intercept_init=ls.intercept_)
    return Perceptron(max_iter=epochs, eta0=lr, pocket=True, shuffle=shuffle, random_state=0).fit(
        data.X, data.t, **init)


@dataclass(frozen=True)
class BoundRuns:
    bounds: MistakeBounds | None
    error: str | None = None
    with_bias: int | None = None      # mlcore's Perceptron from 0 (bias = weight of a constant 1)
    scaled: int | None = None         # the same on x / R (bias = weight of a constant R)
    no_bias: int | None = None        # fit_intercept=False
    converged: bool = True


def _mistakes(model) -> int:
    return int(model.history_[0]["mistakes"].sum())


def no_bound_text(reason: str, names: tuple = ("the −1 side", "the +1 side")) -> str:
    """What the perceptron does when the mistake bound cannot be computed, in the page's words:
    ``reason`` is mistake_bounds' error (it asks the hard-margin SVM for the margin), ``names``
    the two sides as the page calls them. The SVM's own wording (C, classes -1.0 and 1.0) means
    nothing on a page without C whose classes are the data's."""
    neg, pos = names
    if "not linearly separable" in reason:
        return (f"{pos} and {neg} are not linearly separable: no line puts them on two sides (the hard-margin "
                "SVM proves it: their convex hulls overlap), so there is no margin γ > 0 and no mistake "
                "bound (R/γ)². On such data the perceptron never finishes an epoch without a mistake: each "
                "mistake moves the line, and it keeps moving for as many epochs as it is given")
    return (f"It is not known whether a line separates {pos} from {neg}: the hard-margin SVM that measures "
            "the margin γ ran out of steps before it found one or proved there is none, so the mistake "
            "bound (R/γ)² cannot be given")


def bound_runs(X, t, shuffle: bool = True, names: tuple = ("the −1 side", "the +1 side")) -> BoundRuns:
    """The three bounds and the mistakes of the three perceptrons they are about, each run
    until an epoch without a mistake; on data without a bound, the reason in the page's words."""
    try:
        b = mistake_bounds(X, t)
    except ValidationError as err:
        return BoundRuns(None, no_bound_text(str(err), names))

    def fit(bound, X, **kw):
        epochs = int(min(bound + 2, MAX_BOUND_EPOCHS))
        return Perceptron(max_iter=epochs, shuffle=shuffle, random_state=0, **kw).fit(X, t)

    with_bias, scaled = fit(b.bound_augmented, X), fit(b.bound_2R, X / b.R)
    no_bias = fit(b.bound_origin, X, fit_intercept=False) if b.bound_origin is not None else None
    runs = [m for m in (with_bias, scaled, no_bias) if m is not None]
    return BoundRuns(b, None, _mistakes(with_bias), _mistakes(scaled),
                     None if no_bias is None else _mistakes(no_bias), all(m.converged_ for m in runs))


@sharable(max_entries=32)
def bounds_for(recipe, drawn, src: tuple, pair: tuple, shuffle: bool) -> BoundRuns:
    data = binary(recipe, drawn, src, pair)
    return bound_runs(data.X, data.t, shuffle, data.names)


@sharable(max_entries=256)
def sweep_point(n: int, seed: int, gap: float) -> tuple:
    """(bound_augmented, bound_2R, bound_origin or nan, mistakes) on the separable generator."""
    X, y = make_dataset("linear", n=n, noise=0.0, margin=gap, seed=seed)
    r = bound_runs(X, np.where(y == 1, 1.0, -1.0))
    if r.bounds is None:
        return (np.nan, np.nan, np.nan, np.nan)
    origin = r.bounds.bound_origin
    return (r.bounds.bound_augmented, r.bounds.bound_2R, np.nan if origin is None else origin, r.with_bias)


def sweep(n: int, seed: int, gaps: tuple, seeds: tuple, progress) -> dict:
    """The margin sweep (``viz.perceptron.bound_figure``): per gap the largest of each bound over
    the seeds ``seed + s``, and every seed's mistakes; ``progress(done, total, text)`` after each gap."""
    rows = []
    for k, gap in enumerate(gaps):
        rows.append([sweep_point(n, seed + s, gap) for s in seeds])
        progress(k + 1, len(gaps), f"gap {gap:g} done")
    cube = np.array(rows, dtype=float)  # (gap, seed, [aug, 2R, origin, mistakes])
    return {"margin": np.array(gaps), "bound_augmented": np.nanmax(cube[:, :, 0], axis=1),
            "bound_2R": np.nanmax(cube[:, :, 1], axis=1), "bound_origin": np.nanmax(cube[:, :, 2], axis=1),
            "observed": cube[:, :, 3]}


@sharable(max_entries=16)
def kernel_fit(recipe, drawn, src: tuple, pair: tuple, hp: tuple):
    data = binary(recipe, drawn, src, pair)
    try:
        return KernelPerceptron(**dict(hp)).fit(data.X, data.t), None
    except ValidationError as err:
        return None, str(err)


def pocket_counts(replay: PerceptronReplay, X, t) -> np.ndarray:
    """The pocket's training mistakes at the end of each epoch of the replayed run, counted from
    the weights it started at."""
    w_init, b_init = replay.weights(0)
    initial_errors = int(np.count_nonzero((X @ w_init + b_init > 0) != (t > 0)))
    return pocket_curve(replay.history, initial_errors)


def what_you_see(recipe, drawn, src: tuple, pair: tuple, model, pocket_last: int, classes: tuple):
    """The page's "What you see" (ui.reading.perceptron_reading) for the replayed run; the
    regime too when the run trains on the session's own two classes, cross-validated with the same
    epochs and rate (the separable generator and a chosen pair of classes are not the dataset the
    cross-validation splits)."""
    data, history = binary(recipe, drawn, src, pair), model.history_[0]
    fit = None
    if src[0] == SHARED and len(classes) == 2:
        params = {"max_iter": int(model.max_iter), "eta0": float(model.eta0)}
        cv = fits.cv(recipe, drawn, "perceptron", tuple(sorted(params.items())))
        if cv is not None:
            fit = reading.fit_reading("perceptron", params, reading.Scores(
                None, None, *cv, fits.reference(recipe, drawn), len(data.t)), "the perceptron")
    return reading.perceptron_reading(bool(history["converged"]), int(history["n_epochs"]),
                                      int(history["mistakes"][-1]), int(pocket_last), len(data.t), data.names, fit)
