"""Compare models' work, shared by every session: each model's cross-validation at a number of
folds, and its panel's grid (fitted on all training points, so no folds step redoes it).

A run draws the panels it finds ready before it fits anything (``ready``): the results of this
server computed here or ahead (``ui.serving.ahead``), the others fill in as they are computed.
"""

from __future__ import annotations

import hashlib
import json

import numpy as np
import plotly.graph_objects as go

from mlcore import model_selection
from ui.model_selection import sweeps
from ui.serving import fits
from ui.serving.cache import key, sharable
from viz import palette
from viz.grid import evaluate_grid
from viz.selection import Panel, panels_figure

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


def ahead_folds(folds: int, rising: bool, low: int, high: int) -> list[int]:
    """The folds computed ahead of a step at ``folds``: the next two the way the slider last moved
    (up before any step), then the one back. Two the same way, so that the step after the next
    also finds its panels computed, and drawn ahead, when the student keeps going: one position
    takes about as long to cross-validate as a student looks at it."""
    way = 1 if rising else -1
    return [f for f in (folds + way, folds + 2 * way, folds - way) if low <= f <= high]


def summary(data, label: str, result) -> tuple[Panel, dict]:
    """A model's panel and its row of the table."""
    scores, times, test_acc, grid, error = result
    ok = np.isfinite(scores)
    mean, sd = (float(np.mean(scores[ok])), float(np.std(scores[ok]))) if ok.any() else (np.nan, np.nan)
    fit_ms = 1000 * float(np.median(times[ok])) if ok.any() else np.nan
    # The fit time stays out of the chart (it differs from run to run, and a link must reopen the
    # same picture); the table under the chart has it.
    title = f"<b>{label}</b><br>CV {mean:.0%} ± {sd:.0%}" if ok.any() else f"<b>{label}</b><br>could not be fitted"
    return (Panel(grid, title, np.arange(len(data.y_train)), np.zeros(0, dtype=int)),
            {"model": label, "CV accuracy": mean, "± sd": sd, "fit ms (median)": fit_ms, "test accuracy": test_acc,
             "note": error or ""})


def figure(data, keys, results: dict, panel_height: int):
    """The panels of the models in ``results``; the others wait under their name."""
    classes = np.unique(np.concatenate([data.y_train, data.y_test]))
    panels = [summary(data, sweeps.MODELS[k].label, results[k])[0] if k in results else
              Panel(None, f"<b>{sweeps.MODELS[k].label}</b><br>computing…", np.arange(len(data.y_train)),
                    np.zeros(0, dtype=int)) for k in keys]
    return panels_figure(panels, data.X_train, data.y_train, classes, bounds=data.bounds, columns=5,
                         panel_height=panel_height, title_size=13)


def grid_chart(recipe, drawn, models: tuple, folds: int, panel_height: int):
    """Every model's panel at ``folds`` for the live chart (``ui.live.live_chart.shared_chart``):
    (figure, None, its height in px). ``models``: ((model key, its parameters), ...).

    A folds step changes only the panels' titles (the grids are fitted on all training points).
    ``Plotly.react`` then redraws the titles alone, instead of 19 heatmaps and their points, if it
    finds no data array changed: ``layout.datarevision`` (a digest of every trace) stays the same,
    and the arrays are plain lists (plotly.js compares a typed array by identity, and the browser
    decodes a new one on every message). Plain lists are longer than base64, so each heatmap's z
    is its class index (on a colour range shifted by a half: every cell keeps its colour) and the
    coordinates have 4 decimals. The traces keep their parts, sent to a browser once; the layout
    has no template (below)."""
    data = fits.dataset(recipe, drawn)
    results = {k: evaluate(recipe, drawn, k, params, folds) for k, params in models}
    fig = figure(data, [k for k, _ in models], results, panel_height)
    # Edited as a dict and not validated again: plotly's validation of the plain lists took ten times
    # as long as building the whole figure.
    spec = fig.to_dict()
    labels = iter([sweeps.MODELS[k].label for k, _ in models if results[k][3] is not None])   # panels with a grid
    for out, trace in zip(spec["data"], fig.data, strict=True):
        out["x"], out["y"] = (np.round(np.asarray(v, dtype=np.float64), 4).tolist() for v in (trace.x, trace.y))
        if trace.type == "heatmap":
            out["name"] = next(labels)   # not the panel's title, which holds the scores (hover is off)
            out["z"] = (np.asarray(trace.z) - 0.5).round().astype(int).tolist()
            out["zmin"], out["zmax"] = trace.zmin - 0.5, trace.zmax - 0.5
    layout = spec["layout"]
    for name, axis in layout.items():
        if name.startswith(("xaxis", "yaxis")):
            axis["ticks"] = ""
    # plotly.js compares a layout's template by identity and redraws everything when it is a new object, as
    # it is after every message: "none" is plotly.js's own look, so the layout leaves it out (white plot)
    layout["plot_bgcolor"], height = palette.WHITE, int(layout.pop("height"))
    layout["datarevision"] = hashlib.blake2b(json.dumps(spec["data"], separators=(",", ":")).encode(),
                                             digest_size=8).hexdigest()
    fig = go.Figure(spec, _validate=False)
    fig.layout.template = None   # null (a Figure without one takes plotly's default; update_layout keeps a {})
    return fig, None, height
