"""The Cross-validation page's work: the splitter it names, every split's fit and score (with the
first splits' decision grids for the panels), its charts, and nested cross-validation.

The fits and the charts are shared by the server (``ui.serving.cache.shared``), keyed by their
arguments: the dataset recipe, the drawn points, the model and the splitter's settings, so the
page can compute the folds next to the one shown ahead (``ui.core.layout.compute_ahead``). Nested
cross-validation runs through ``ui.model_selection.sweeps.cached`` (kept per session).
"""

from __future__ import annotations

import numpy as np

from mlcore.model_selection import (
    Bootstrap,
    GridSearchCV,
    KFold,
    LeaveOneOut,
    ShuffleSplit,
    StratifiedKFold,
    cross_validate,
    nested_cross_val_score,
)
from ui.core.progress import Progress
from ui.model_selection import sweeps
from ui.serving import fits
from ui.serving.cache import sharable
from viz.decision import points_figure, titled
from viz.grid import evaluate_grid
from viz.selection import Panel, groups_figure, panels_figure

MAX_PANELS = 10
HOLDOUT_TEXT = {0.2: "1/5", 0.25: "1/4", 1 / 3: "1/3", 0.5: "1/2"}


def splitter(kind: str, folds: int, shuffle: bool, seed: int, holdout: float):
    if kind == "stratified":
        return StratifiedKFold(folds, shuffle=shuffle, random_state=seed if shuffle else None)
    if kind == "kfold":
        return KFold(folds, shuffle=shuffle, random_state=seed if shuffle else None)
    if kind == "loo":
        return LeaveOneOut()
    if kind == "shuffle":
        return ShuffleSplit(folds, test_size=holdout, random_state=seed)
    return Bootstrap(folds, random_state=seed)


@sharable(max_entries=32)
def fold_fits(recipe, drawn, key: str, key_params: tuple, kind: str, folds: int, shuffle: bool, seed: int,
              holdout: float):
    """Per split: (train, test) indices, the accuracy on the test part (NaN if the fit failed),
    the fitted model's grid (first MAX_PANELS splits) and the failure's message.

    The first MAX_PANELS splits keep their fitted models for the panels; the others (leave-one-out's)
    only their scores, so hundreds of fitted forests are never held at once."""
    data = fits.dataset(recipe, drawn)
    X, y = data.X_train, data.y_train
    splits = list(splitter(kind, folds, shuffle, seed, holdout).split(X, y))
    model = sweeps.MODELS[key].make(**dict(key_params))
    scores, grids, errors = [], [], []
    progress = Progress(f"Cross-validating {sweeps.MODELS[key].label}")
    for first, part in ((0, splits[:MAX_PANELS]), (MAX_PANELS, splits[MAX_PANELS:])):
        if not part:
            continue
        def step(done, _total, _what, first=first):
            progress(first + done, len(splits))
        result = cross_validate(model, X, y, cv=part, return_estimator=first == 0, callback=step)
        scores += list(result["test_score"])
        errors += result["errors"]
        fitted = result["estimator"] if first == 0 else [None] * len(part)
        grids += [evaluate_grid(m, data.bounds, 60) if m is not None and error is None else None
                  for m, error in zip(fitted, result["errors"], strict=True)]
    progress.done()
    return splits, np.array(scores), grids, errors


@sharable(max_entries=64)
def fold_plane(recipe, drawn, model: tuple, kind: str, folds: int, shuffle: bool, seed: int, holdout: float):
    """The training points coloured by the splits: for k-fold, the fold whose validation part holds
    each point; for leave-one-out, whether the model (``model``: its key and parameters, read only
    here) got the point right when it was left out; for random splits, the first split's two parts.
    Returns the figure (its height the container's) and its caption."""
    data = fits.dataset(recipe, drawn)
    X, y = data.X_train, data.y_train
    if kind == "loo":
        splits, scores, _, _ = fold_fits(recipe, drawn, *model, kind, folds, shuffle, seed, holdout)
    else:
        try:
            splits = list(splitter(kind, folds, shuffle, seed, holdout).split(X, y))
        except ValueError as err:   # a position computed ahead that the data cannot split (the page says why)
            fig = points_figure(X, y, bounds=data.bounds, height=460, axis_titles=data.axes)
            fig.layout.height = None
            return fig, None, str(err)
    if kind in ("stratified", "kfold"):
        groups = np.empty(len(y), dtype=int)
        for f, (_, test) in enumerate(splits):
            groups[test] = f
        names = [f"fold {f + 1}" for f in range(len(splits))]
        caption = "Colour: the fold whose validation part holds the point; symbol: its class."
    elif kind == "loo":
        groups = np.where(np.isfinite(scores) & (scores == 1.0), 0, 1)
        names = ["right when left out", "wrong when left out"]
        caption = ("Leave-one-out: each point is validated by a model fitted on all the others "
                   f"({len(y)} fits). Colour: whether that model got the point right.")
    else:
        groups = np.ones(len(y), dtype=int)
        groups[splits[0][1]] = 0
        held = "out-of-bag" if kind == "bootstrap" else "validation"
        names = [f"split 1: {held}", "split 1: training"]
        caption = (f"Split 1 of {len(splits)}. " + ("A bootstrap sample draws n points with replacement; "
                   "the ≈ 37% never drawn are out-of-bag and validate the model." if kind == "bootstrap"
                   else f"Each split validates on a fresh random {HOLDOUT_TEXT.get(holdout, holdout)} of the points."))
    fig = titled(groups_figure(X, y, np.unique(y), groups, names, bounds=data.bounds, height=460), data.axes)
    fig.layout.height = None
    return fig, None, caption


def panel_title(kind: str, i: int, score: float) -> str:
    """Split ``i``'s panel title: its score, or what became of the point leave-one-out left out."""
    if not np.isfinite(score):
        return f"{i + 1}: could not fit"
    if kind == "loo":
        return f"point {i + 1}: {'right' if score == 1 else 'wrong'}"
    return f"{'fold' if kind in ('stratified', 'kfold') else 'split'} {i + 1}: {score:.0%}"


@sharable(max_entries=32)
def split_panels(recipe, drawn, key: str, key_params: tuple, kind: str, folds: int, shuffle: bool, seed: int,
                 holdout: float):
    """One panel per split (the first ``MAX_PANELS``): the model fitted on its training points (a live
    chart's builder: the figure, no grid, nothing else)."""
    data = fits.dataset(recipe, drawn)
    try:
        splits, scores, grids, _ = fold_fits(recipe, drawn, key, key_params, kind, folds, shuffle, seed, holdout)
    except ValueError:   # a position drawn ahead that cannot be cross-validated (the page says why): no panel
        splits = []
    panels = [Panel(grids[i], panel_title(kind, i, scores[i]), *splits[i]) for i in range(min(len(splits), MAX_PANELS))]
    return panels_figure(panels, data.X_train, data.y_train, np.unique(data.y_train), bounds=data.bounds, columns=5,
                         title_size=14), None, None


def nested(recipe, drawn, key: str, key_params: tuple, tuned: str, values: tuple, folds: int, callback=None):
    data = fits.dataset(recipe, drawn)
    spec = sweeps.MODELS[key]
    hp = dict(key_params)
    search = GridSearchCV(spec.make(**hp), sweeps.search_grid(spec, hp, [{tuned: v} for v in values]), cv=3)
    return nested_cross_val_score(search, data.X_train, data.y_train, cv=StratifiedKFold(folds), callback=callback)
