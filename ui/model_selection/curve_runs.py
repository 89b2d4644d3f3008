"""Learning and validation curves for the pages: which values to try, cached computation with a
progress bar, and a model's hyperparameters drawn with one of them set apart.

The curves are computed on the session's training set (generated training points plus drawn
points); the held-out test set stays untouched, as it should while a model is being chosen.
Folds are stratified and shuffled with the dataset's seed, so the same recipe gives the same
curve. Results are cached by the recipe, the drawn points, the model and its settings.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
import streamlit as st

import catalog
from catalog.specs import ModelSpec, ParamSpec
from mlcore.model_selection import StratifiedKFold, cross_validate, learning_curve
from ui.core import settings
from ui.core.charts import config as chart_config
from ui.core.params import url_name, widget_key
from ui.core.progress import Progress
from ui.core.settings import log_grid, snap
from ui.live.live_chart import shared_chart
from ui.serving import fits
from ui.serving.cache import sharable
from viz.grid import evaluate_grid

MAX_VALUES = 12  # values on a validation curve: each costs one fit per fold


class Curve(NamedTuple):
    """Scores of shape (points, folds) (NaN: a fit that failed), the x values, the failures."""
    x: tuple
    train: np.ndarray
    test: np.ndarray
    errors: tuple  # (x index, fold, message)


# --- what a validation curve tries -----------------------------------------------------------

def thin(values: list, limit: int = MAX_VALUES) -> list:
    """At most ``limit`` of ``values``, evenly spread, always with the first and the last."""
    if len(values) <= limit:
        return list(values)
    picks = np.unique(np.round(np.linspace(0, len(values) - 1, limit)).astype(int))
    return [values[i] for i in picks]


def curve_values(p: ParamSpec) -> list:
    """The values of ``p`` a validation curve (or a search) tries: positions its own widget can show, so a
    click on the curve can set the widget. Log-scaled: the 1-2-5 grid of the slider (past 13 values
    one per decade);
    whole numbers: all of a short range, else about 12 spread geometrically; fractions: 11
    evenly spaced; choices and switches: every one (thinned past 12). Numbers include the default."""
    if p.kind == "bool":
        return [False, True]
    if p.kind == "choice":
        if None in p.choices and all(_is_number(c) for c in p.choices if c is not None):
            # "no limit" (max_depth None) is the most complex end of the scale: last
            return thin([c for c in p.choices if c is not None] + [None])
        return thin(list(p.choices))
    if p.log:
        grid = [v for v in log_grid(p) if not math.isinf(v)]
        values = grid if len(grid) <= MAX_VALUES + 1 else [v for v in grid if f"{v:e}".startswith("1")]
    elif p.kind == "int":
        low, high = int(p.low), int(p.high)
        if high - low + 1 <= MAX_VALUES:
            return list(range(low, high + 1))
        spread = np.geomspace(max(low, 1), high, MAX_VALUES) if low >= 1 else np.linspace(low, high, MAX_VALUES)
        values = sorted({int(round(v)) for v in spread} | {low, high})
    else:
        values = sorted({float(snap(p, v)) for v in np.linspace(p.low, p.high, 11)})
    return _with_default(values, p.default)


def _with_default(values: list, default) -> list:
    """``values`` with the default in place of its nearest inner neighbour (on a log scale for
    positive values): the value a student starts from is on the curve, and no two crowd."""
    if default in values or len(values) < 3:
        return sorted(set(values) | {default})
    far = (lambda v: abs(math.log(v) - math.log(default))) if default > 0 and values[0] > 0 else \
        (lambda v: abs(v - default))
    inner = min(range(1, len(values) - 1), key=lambda i: far(values[i]))
    return sorted(values[:inner] + values[inner + 1:] + [default])


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def variable_params(spec: ModelSpec, current: dict) -> list[ParamSpec]:
    """The hyperparameters a validation curve can move: those that matter with the current
    values (gamma only for kernels that have one) and have more than one value; the ones
    on a scale (numbers, a depth) first, as a curve over them reads best."""
    usable = [p for p in spec.params if p.relevant(current) and len(curve_values(p)) > 1]
    return sorted(usable, key=lambda p: not any(_is_number(v) for v in curve_values(p)))


def current_params(spec: ModelSpec) -> dict:
    """The model's hyperparameters as kept in the session (before their widgets are drawn)."""
    return {p.name: settings.value(widget_key(spec, p), p.default) for p in spec.params}


def param_widgets_apart(spec: ModelSpec, featured: str | None, featured_where, rest_where) -> dict:
    """Like ``ui.core.params.param_widgets``: every relevant hyperparameter as its setting, the
    ``featured`` one drawn in ``featured_where`` and the others in ``rest_where``."""
    values = {}
    for p in spec.params:
        seen = current_params(spec) | values
        if not p.relevant(seen):
            values[p.name] = p.default
            continue
        where = featured_where if p.name == featured else rest_where
        values[p.name] = settings.setting(p, widget_key(spec, p), url=url_name(spec, p), where=where)
    return values


def nearest_value(values: list, x: float, log: bool):
    """The value whose position on the curve's axis (see ``viz.curves.value_axis``) is nearest x."""
    from viz.curves import value_axis

    positions, _ = value_axis(values, log=log)
    return values[int(np.argmin(np.abs(positions - x)))]


# --- computing, with progress ----------------------------------------------------------------

def data_problem(y, folds: int) -> str | None:
    """A sentence saying why these labels cannot be cross-validated with ``folds`` folds, or None."""
    classes, counts = np.unique(y, return_counts=True) if len(y) else (np.array([]), np.array([0]))
    if classes.size < 2:
        return ("The training set needs points of at least two classes for a curve: generate data or draw "
                "points of a second class.")
    if len(y) < 2 * folds:
        return (f"{len(y)} training points are too few for {folds} folds: each fold needs at least two "
                f"points. Add points or use fewer folds.")
    if counts.max() < folds:
        return f"No class has {folds} points, so {folds} stratified folds cannot be made: use fewer folds."
    return None


def _splitter(recipe, folds: int) -> StratifiedKFold:
    return StratifiedKFold(folds, shuffle=True, random_state=recipe.seed)


@sharable(max_entries=32)
def learning(recipe, drawn: tuple, model_key: str, params: tuple, folds: int, n_sizes: int) -> Curve:
    """``learning_curve`` of the model on the training set: ``n_sizes`` sizes from 10% to 100% of a
    training fold, training subsets shuffled once per fold (dataset's seed)."""
    data = fits.dataset(recipe, drawn)
    spec = catalog.get(model_key)
    progress = Progress(f"Learning curve of {spec.label}")
    sizes, train, test, errors = learning_curve(
        spec.make(**dict(params)), data.X_train, data.y_train, train_sizes=np.linspace(0.1, 1.0, n_sizes),
        cv=_splitter(recipe, folds), shuffle=True, random_state=recipe.seed, return_errors=True,
        callback=progress)
    progress.done()
    index = {int(s): i for i, s in enumerate(sizes)}
    return Curve(tuple(int(s) for s in sizes), train, test, tuple((index[s], f, m) for s, f, m in errors))


@sharable(max_entries=32)
def validation(recipe, drawn: tuple, model_key: str, params: tuple, name: str, values: tuple,
               folds: int) -> Curve:
    """Cross-validated scores of the model for each of ``values`` of hyperparameter ``name``,
    the others as in ``params`` (which leaves ``name`` out, so moving it does not recompute).

    Each value builds its model through the catalog (``ModelSpec.make``), as the page does,
    so a value that the catalog turns into something else (bagging's base model, AdaBoost's
    tree depth) is fitted exactly as the boundary beside the curve."""
    data = fits.dataset(recipe, drawn)
    spec = catalog.get(model_key)
    splitter = _splitter(recipe, folds)
    splits = list(splitter.split(data.X_train, data.y_train))
    progress = Progress(f"Validation curve of {spec.label}")
    train = np.empty((len(values), folds))
    test = np.empty((len(values), folds))
    errors = []
    for i, value in enumerate(values):
        def step(done, _total, _what, i=i, value=value):
            progress(i * folds + done, len(values) * folds, f"{name} = {settings.fmt(value)}")
        scores = cross_validate(spec.make(**{**dict(params), name: value}), data.X_train, data.y_train,
                                cv=splits, return_train_score=True, callback=step)
        train[i], test[i] = scores["train_score"], scores["test_score"]
        errors += [(i, f, m) for f, m in enumerate(scores["errors"]) if m]
    progress.done()
    return Curve(tuple(values), train, test, tuple(errors))


class SubsetFit(NamedTuple):
    model: object | None
    error: str | None
    X: np.ndarray
    y: np.ndarray
    grid: object = None
    train_acc: float | None = None
    test_acc: float | None = None


@sharable(max_entries=32)
def subset_fit(recipe, drawn: tuple, model_key: str, params: tuple, m: int) -> SubsetFit:
    """The model fitted on m training points (the first m of one shuffle by the dataset's seed),
    its decision grid and its accuracy on those m points and on the held-out test set."""
    data = fits.dataset(recipe, drawn)
    order = np.random.default_rng(recipe.seed).permutation(len(data.y_train))[:m]
    X, y = data.X_train[order], data.y_train[order]
    if np.unique(y).size < 2:
        return SubsetFit(None, f"The first {m} training points all have one class: nothing to separate.", X, y)
    try:
        model = catalog.get(model_key).make(**dict(params)).fit(X, y)
    except ValueError as err:
        return SubsetFit(None, str(err), X, y)
    grid = evaluate_grid(model, data.bounds, 150)
    test_acc = float(np.mean(model.predict(data.X_test) == data.y_test)) if len(data.y_test) else None
    return SubsetFit(model, None, X, y, grid, float(np.mean(model.predict(X) == y)), test_acc)


def failures_text(curve: Curve, what) -> str | None:
    """One sentence about the fits that failed, in words (``what(i)`` names point i), or None."""
    if not curve.errors:
        return None
    by_point: dict[int, list] = {}
    for i, _, message in curve.errors:
        by_point.setdefault(i, []).append(message)
    folds = curve.train.shape[1]
    parts = [f"{what(i)}: {len(msgs)} of {folds} folds" for i, msgs in sorted(by_point.items())]
    example = curve.errors[0][2].rstrip(".")
    return (f"Some fits could not be made and are left out of the means ({'; '.join(parts)}). "
            f"For example: {example}.")


PANEL_FOLDS, PANEL_SIZES = 5, 8


@sharable(max_entries=32)
def panel_curve(recipe, drawn: tuple, model_key: str, params: tuple) -> Curve:
    """The learning panel's curve: ``learning``'s 5 folds x 8 sizes, its largest size taken from
    the fits ``ui.serving.fits.folds`` made for the accuracies of What you see (the same five
    folds, each fitted on its whole training part) instead of fitted again, with ``learning``
    making the seven smaller sizes as it would (the same shuffles, so the same subsets).

    The largest size of ``learning`` is the first fold's training part, and a fold one point
    larger leaves its last shuffled point out; here every fold keeps all of its points, so the
    last point can differ from ``learning``'s by that one point per fold (and by the order the
    points reach an order-sensitive fit). Where the data cannot be cross-validated (a class
    with fewer points than folds), it is ``learning``'s curve."""
    scores = fits.folds(recipe, drawn, model_key, params)
    fractions = np.linspace(0.1, 1.0, PANEL_SIZES)
    data = fits.dataset(recipe, drawn)
    if scores is None or len(scores.test) != PANEL_FOLDS or fits.CV_FOLDS != PANEL_FOLDS:
        return learning(recipe, drawn, model_key, params, PANEL_FOLDS, PANEL_SIZES)
    largest = next(iter(_splitter(recipe, PANEL_FOLDS).split(data.X_train, data.y_train)))[0].size
    smaller = np.unique(np.maximum((fractions[:-1] * largest).astype(int), 1))
    if smaller[-1] >= largest:   # so few points that a smaller size is the largest: no shortcut
        return learning(recipe, drawn, model_key, params, PANEL_FOLDS, PANEL_SIZES)
    spec = catalog.get(model_key)
    progress = Progress(f"Learning curve of {spec.label}")
    sizes, train, test, errors = learning_curve(
        spec.make(**dict(params)), data.X_train, data.y_train, train_sizes=smaller,
        cv=_splitter(recipe, PANEL_FOLDS), shuffle=True, random_state=recipe.seed, return_errors=True,
        callback=progress)
    progress.done()
    index = {int(s): i for i, s in enumerate(sizes)}
    last = len(sizes)
    errors = [(index[s], f, m) for s, f, m in errors] + [(last, f, m) for f, m in enumerate(scores.errors) if m]
    return Curve((*(int(s) for s in sizes), int(largest)), np.vstack([train, scores.train]),
                 np.vstack([test, scores.test]), tuple(errors))


@sharable(max_entries=32)
def _panel_figure(recipe, drawn: tuple, model_key: str, params: tuple, target: float):
    """The learning panel's figure (no grid, nothing else), built once per link for every
    session (plotly's checks of a figure cost more than drawing it)."""
    from viz.curves import learning_curve_figure

    curve = panel_curve(recipe, drawn, model_key, params)
    fig = learning_curve_figure(curve.x, curve.train, curve.test, target=target, height=250,
                                title="Learning curve (5-fold cross-validation on the training set)")
    return fig, None, None


def learning_panel(recipe, drawn: tuple, model_key: str, params: tuple, y_train, target: float = 0.9) -> None:
    """The Playground's small learning curve (5 folds x 8 sizes), recomputed (cached) whenever the
    data or a hyperparameter changes, with the regime in one line under it."""
    from mlcore.model_selection import learning_curve_regime

    problem = data_problem(y_train, PANEL_FOLDS)
    if problem:
        st.caption(f"Learning curve: {problem}")
        return
    curve = panel_curve(recipe, drawn, model_key, params)
    with st.container(key="playground_learning"):
        # in place, like the plane above it, and drawn after it (ui/live/live_chart.js)
        shared_chart("playground_learning", chart_config("playground"), _panel_figure, recipe, drawn, model_key,
                     params, target)
    try:
        regime = learning_curve_regime(curve.train, curve.test, target=target)
    except ValueError:
        st.caption("Every fit of the learning curve failed.")
        return
    # The regime is named once, in "What you see" above (ui.reading); here only what the curve adds:
    # whether the validation accuracy is still rising at the largest size.
    with np.errstate(all="ignore"):
        val = np.array([np.nan if np.isnan(row).all() else np.nanmean(row) for row in np.asarray(curve.test, float)])
    rising = len(val) > 2 and np.isfinite(val[-3:]).all() and val[-1] - val[-3] >= 0.02
    st.caption(f"At {curve.x[-1]} points: training {regime.train:.0%}, validation {regime.validation:.0%}. "
               + ("The validation curve is still rising: more points would help."
                  if rising else "The validation curve has levelled off: more points of the same kind help little.")
               + " The Learning curves page explains the reading and shows the boundary at each size.")


# --- the pages' charts, built once per link for every session --------------------------------

@sharable(max_entries=64)
def learning_chart(recipe, drawn: tuple, model_key: str, params: tuple, folds: int, n_sizes: int, at: int,
                   target: float):
    """The Learning curves page's curve (``learning``) with the size ``at`` marked (an index into its
    sizes; -1 the largest, where a new list of sizes starts) and the ``target`` line; its height
    is the container's (``ui.core.layout.screen_height``)."""
    from viz.curves import learning_curve_figure

    curve = learning(recipe, drawn, model_key, params, folds, n_sizes)
    fig = learning_curve_figure(curve.x, curve.train, curve.test, current=curve.x[at], target=target, height=430)
    fig.layout.height = None
    return fig, None, None


@sharable(max_entries=64)
def subset_chart(recipe, drawn: tuple, model_key: str, params: tuple, folds: int, n_sizes: int, at: int,
                 height: int):
    """The boundary beside the learning curve: the model trained on the curve's size ``at``
    (``subset_fit``), or those points alone where it could not be fitted."""
    from viz import decision_figure, points_figure

    data = fits.dataset(recipe, drawn)
    m = learning(recipe, drawn, model_key, params, folds, n_sizes).x[at]
    subset = subset_fit(recipe, drawn, model_key, params, m)
    if subset.model is None:
        fig = points_figure(subset.X, subset.y, bounds=data.bounds, height=height, axis_titles=data.axes)
    else:
        title = f"{m} points: train {subset.train_acc:.0%}" + (
            f", test {subset.test_acc:.0%}" if subset.test_acc is not None else "")
        fig = decision_figure(subset.model, subset.X, subset.y, X_test=data.X_test, y_test=data.y_test,
                              show_test=False, grid=subset.grid, title=title, height=height, axis_titles=data.axes)
    return fig, subset.grid, None


def value_text(v) -> str:
    """A hyperparameter's value as the Validation curve writes it (None: no limit)."""
    return settings.NO_LIMIT if v is None else settings.fmt(v)


@sharable(max_entries=64)
def fitted_chart(recipe, drawn: tuple, model_key: str, params: tuple, varied: str, height: int):
    """The boundary beside the validation curve: the model with ``params`` fitted on the whole
    training set (``ui.serving.fits``), titled with the value of the ``varied`` hyperparameter, or
    the training points alone where it could not be fitted."""
    from viz import decision_figure, points_figure

    data = fits.dataset(recipe, drawn)
    p = catalog.get(model_key).param(varied)
    fit = fits.fit(recipe, drawn, model_key, params)
    title = f"{p.label or p.name} = {value_text(dict(params)[varied])}"
    if fit.model is None:
        return (points_figure(data.X_train, data.y_train, bounds=data.bounds, height=height, title=title,
                              axis_titles=data.axes), None, None)
    title += f": train {fit.train_acc:.0%}" + (f", test {fit.test_acc:.0%}" if fit.test_acc is not None else "")
    grid = fits.grid(recipe, drawn, model_key, params, 200)
    return (decision_figure(fit.model, data.X_train, data.y_train, X_test=data.X_test, y_test=data.y_test,
                            show_test=False, grid=grid, title=title, height=height, axis_titles=data.axes), grid, None)
