"""Compare models' work, shared by every session: each model's cross-validation at a number of
folds, and its panel's grid (fitted on all training points, so no folds step redoes it).

A run draws the panels it finds ready before it fits anything (``ready``): the results of this
server computed here or ahead (``ui.serving.ahead``), the others fill in as they are computed.
"""

from __future__ import annotations

from mlcore import model_selection
from ui.model_selection import sweeps
from ui.serving import fits
from ui.serving.cache import key, sharable
from viz.grid import evaluate_grid

ENTRIES = 256            # cross-validations kept: 19 models at a few folds, for a few links
FINISHED: set = set()    # cache keys of the cross-validations computed: a hint, not the result
FINISHED_MOST = 4 * ENTRIES


@sharable(max_entries=ENTRIES)
def cv_scores(recipe, drawn, model_key, key_params, folds):
    """One model's stratified ``folds``-fold CV on the training set: (accuracies, fit times, the
    first error or None)."""
    data = fits.dataset(recipe, drawn)
    model = sweeps.MODELS[model_key].make(**dict(key_params))
    cv = model_selection.cross_validate(model, data.X_train, data.y_train, cv=folds)
    if len(FINISHED) > FINISHED_MOST:   # the hint only grows; an evicted result is computed again
        FINISHED.clear()
    FINISHED.add(key(cv_scores, recipe, drawn, model_key, key_params, folds))
    return cv["test_score"], cv["fit_time"], next((e for e in cv["errors"] if e), None)


def ready(recipe, drawn, model_key, key_params, folds) -> bool:
    """Whether ``cv_scores`` of these arguments was computed (by any session, or ahead)."""
    return key(cv_scores, recipe, drawn, model_key, key_params, folds) in FINISHED


@sharable(max_entries=64)
def panel_grid(recipe, drawn, model_key, key_params):
    """The model fitted on all training points: (its 60 × 60 grid or None, test accuracy, error)."""
    fit = fits.fit(recipe, drawn, model_key, key_params)
    grid = evaluate_grid(fit.model, fits.dataset(recipe, drawn).bounds, 60) if fit.model is not None else None
    return grid, fit.test_acc, fit.error


def evaluate(recipe, drawn, model_key, key_params, folds):
    """One model's (CV accuracies, fit times, test accuracy, grid, message of a model that cannot fit)."""
    scores, times, cv_error = cv_scores(recipe, drawn, model_key, key_params, folds)
    grid, test_acc, fit_error = panel_grid(recipe, drawn, model_key, key_params)
    return scores, times, test_acc, grid, fit_error or cv_error


def ahead_work(args: dict, folds: int) -> list[tuple]:
    """What a run at ``folds`` computes, model by model (``args``: model -> evaluate's arguments)."""
    return [(cv_scores, *a[:-1], folds) for a in args.values()]
