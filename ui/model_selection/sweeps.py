"""What the model-selection pages (Cross-validation, Search, Bias-variance, Compare models) share:
the model picker, the values a hyperparameter is tried at, and long work kept per session.

Long work goes through :func:`cached`: its result is kept by the function and its arguments (the
dataset recipe, the drawn points, the model and the settings), while a progress bar
(``ui.core.progress``) shows what it is doing. ``st.cache_data`` cannot be used for it: a cached
function may not update a progress bar drawn outside it (Streamlit replays a cached function's
elements, and refuses outer ones). The results are kept in the session (the last ``KEPT`` of them).
Changing a widget while the work runs stops the script at the bar's next redraw (Streamlit's
rerun), so abandoned work is never kept.
"""

from __future__ import annotations

from collections import OrderedDict

import numpy as np
import streamlit as st

from catalog.models import MODELS
from catalog.specs import ModelSpec, ParamSpec
from ui.core import model_setting, params, settings
from ui.core.progress import Progress
from ui.model_selection import curve_runs

# The Playground's model setting (ui.core.model_setting: one spec, one session key, one link name), so a page
# opens on the model the student was just looking at.
MODEL = model_setting.MODEL
MODEL_KEYS = tuple(model_setting.MODEL_KEYS)
# The hyperparameter (here and in SEARCH_PAIR by its link key, as the pages' choices and links
# hold it) that moves a model from simple to complex, where the lecture names one.
COMPLEXITY = {"knn": "k", "tree": "max_depth", "svm": "C", "random_forest": "max_depth",
              "extra_trees": "max_depth", "adaboost": "n_estimators", "logistic": "C",
              "kernel_perceptron": "gamma", "linear_svm_sgd": "lam", "bagging": "n_estimators"}

# The two axes of a 2-parameter search where the lecture pairs them; the number of trees or
# epochs stays as set (sweeping it multiplies the cost of every cell).
SEARCH_PAIR = {"svm": ("C", "gamma"), "tree": ("max_depth", "min_samples_leaf"),
               "random_forest": ("max_depth", "min_samples_leaf"), "extra_trees": ("max_depth", "min_samples_leaf"),
               "adaboost": ("max_depth", "learning_rate"), "knn": ("k", "weights"), "logistic": ("C", "penalty"),
               "kernel_perceptron": ("gamma", "kernel"), "linear_svm_sgd": ("lam", "max_epochs"),
               "perceptron": ("lr", "pocket"), "bagging": ("base", "max_samples")}

def model_picker(where=None) -> tuple[str, ModelSpec, dict]:
    """The model select box and its hyperparameters' widgets; returns (key, spec, hyperparameters)."""
    where = where or st.container()
    with where:
        key = settings.setting(MODEL, model_setting.SESSION_KEY, format_func=model_setting.label)
        spec = MODELS[key]
        hp = params.param_widgets(spec)
    return key, spec, hp


def tunable(spec: ModelSpec, hp: dict) -> list[ParamSpec]:
    """The hyperparameters worth sweeping under the current settings (relevant, not a tolerance)."""
    return [p for p in spec.params if p.relevant(hp) and p.name != "tol"]


def sweep_values(p: ParamSpec, count: int) -> list:
    """At most ``count`` of the values a validation curve tries (``ui.model_selection.curve_runs.curve_values``:
    positions the widget can show, the default among them), evenly spread over that list, so
    log-scaled and wide whole-number ranges are covered geometrically."""
    return curve_runs.thin(curve_runs.curve_values(p), count)


def value_text(v) -> str:
    return settings.fmt(settings._widget_value(v))


KEPT = 24  # a bias-variance entry (20 grids of 80 x 80) is ~2 MB; the rest are far smaller
_STORE = "_selection_results"


def cached(function, *args, text: str = "", callback=None):
    """``function(*args, callback=...)``, computed once per distinct ``args`` (all hashable) with a
    progress bar headed ``text`` (or reporting to ``callback``, a bar the caller drew); a
    ValidationError is raised again, not kept."""
    store = st.session_state.setdefault(_STORE, OrderedDict())
    key = (function.__qualname__, args)
    if key in store:
        store.move_to_end(key)
        return store[key]
    if callback is not None:
        value = function(*args, callback=callback)
    else:
        with Progress(text) as bar:
            value = function(*args, callback=bar)
    store[key] = value
    while len(store) > KEPT:
        store.popitem(last=False)
    return value


def kept(function, *args):
    """What :func:`cached` keeps for ``function(*args)`` in this session, or None (not computed yet)."""
    return st.session_state.get(_STORE, {}).get((function.__qualname__, args))


def too_few(data, minimum: int = 2, per_class: int = 1) -> str | None:
    """A sentence for a training set too small for cross-validation, or None."""
    y = data.y_train
    if data.error:
        return data.error
    if len(y) == 0:
        return "There are no training points yet: generate data or draw points in the sidebar."
    labels, counts = np.unique(y, return_counts=True)
    if len(labels) < 2:
        return ("The training set has points of one class only: a classifier needs at least two classes. "
                "Generate data or draw points of a second class.")
    if len(y) < minimum or counts.min() < per_class:
        return (f"Too few training points for this: {len(y)} points, the smallest class has {counts.min()}; "
                f"it needs at least {minimum} points and {per_class} per class. Add points or use fewer folds.")
    return None


def search_grid(spec: ModelSpec, hp: dict, settings_list: list[dict]) -> list[dict]:
    """Catalog settings (UI names, e.g. bagging's ``base``) as a list of one-candidate grids of
    the model's constructor arguments, in order, for mlcore's GridSearchCV."""
    return [{name: [value] for name, value in spec.arguments(**{**hp, **s}).items()} for s in settings_list]
