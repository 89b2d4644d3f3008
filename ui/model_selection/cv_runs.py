"""The Cross-validation page's work: the splitter it names, every split's fit and score (with the
first splits' decision grids for the panels), and nested cross-validation.

Run through ``ui.model_selection.sweeps.cached`` (kept per session, with a progress bar), keyed by
their arguments: the dataset recipe, the drawn points, the model and the splitter's settings.
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
from ui.model_selection import sweeps
from ui.serving import fits
from viz.grid import evaluate_grid

MAX_PANELS = 10


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


def fold_fits(recipe, drawn, key: str, key_params: tuple, kind: str, folds: int, shuffle: bool, seed: int,
              holdout: float, callback=None):
    """Per split: (train, test) indices, the accuracy on the test part (NaN if the fit failed),
    the fitted model's grid (first MAX_PANELS splits) and the failure's message.

    The first MAX_PANELS splits keep their fitted models for the panels; the others (leave-one-out's)
    only their scores, so hundreds of fitted forests are never held at once."""
    data = fits.dataset(recipe, drawn)
    X, y = data.X_train, data.y_train
    splits = list(splitter(kind, folds, shuffle, seed, holdout).split(X, y))
    model = sweeps.MODELS[key].make(**dict(key_params))
    scores, grids, errors = [], [], []
    for first, part in ((0, splits[:MAX_PANELS]), (MAX_PANELS, splits[MAX_PANELS:])):
        if not part:
            continue
        step = None if callback is None else (
            lambda done, _total, _what, first=first: callback(first + done, len(splits), ""))
        result = cross_validate(model, X, y, cv=part, return_estimator=first == 0, callback=step)
        scores += list(result["test_score"])
        errors += result["errors"]
        fitted = result["estimator"] if first == 0 else [None] * len(part)
        grids += [evaluate_grid(m, data.bounds, 60) if m is not None and error is None else None
                  for m, error in zip(fitted, result["errors"], strict=True)]
    return splits, np.array(scores), grids, errors


def nested(recipe, drawn, key: str, key_params: tuple, tuned: str, values: tuple, folds: int, callback=None):
    data = fits.dataset(recipe, drawn)
    spec = sweeps.MODELS[key]
    hp = dict(key_params)
    search = GridSearchCV(spec.make(**hp), sweeps.search_grid(spec, hp, [{tuned: v} for v in values]), cv=3)
    return nested_cross_val_score(search, data.X_train, data.y_train, cv=StratifiedKFold(folds), callback=callback)
