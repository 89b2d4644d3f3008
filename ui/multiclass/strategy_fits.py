"""The Multi-class page's fits: the model of a strategy, fitted on the shared dataset with its
decision grid, and Crammer–Singer beside the one-vs-all linear SVMs at the same C."""

from __future__ import annotations

import numpy as np

from catalog.models import MODELS
from mlcore import ValidationError
from mlcore.multiclass import OneVsOneClassifier, OneVsRestClassifier, OutputCodeClassifier
from mlcore.svm import SVC, LinearSVC
from ui.serving import fits
from ui.serving.cache import sharable
from viz.grid import evaluate_grid


def build(strategy: str, base: str, code, code_size: float, decoding: str, C: float):
    """The unfitted model of a strategy (the base model with its catalog defaults)."""
    if strategy == "crammer_singer":
        return LinearSVC(C=C, multi_class="crammer_singer")
    machine = MODELS[base].make()
    if strategy == "ovr":
        return OneVsRestClassifier(machine)
    if strategy == "ovo":
        return OneVsOneClassifier(machine)
    return OutputCodeClassifier(machine, code=code, code_size=code_size, decoding=decoding, random_state=0)


@sharable(max_entries=32)
def fit_strategy(recipe, drawn, strategy: str, base: str, code, code_size: float, decoding: str, C: float):
    """(model, 200 x 200 grid, train accuracy, test accuracy) or (None, message)."""
    data = fits.dataset(recipe, drawn)
    try:
        model = build(strategy, base, code, code_size, decoding, C).fit(data.X_train, data.y_train)
        grid = evaluate_grid(model, data.bounds, 200)
    except ValidationError as err:
        return None, str(err)
    test = model.score(data.X_test, data.y_test) if len(data.y_test) else None
    return (model, grid, model.score(data.X_train, data.y_train), test), None


@sharable(max_entries=16)
def fit_pair(recipe, drawn, C: float):
    """Crammer–Singer and one-vs-all linear SVMs (SMO, the same C), their grids and agreement."""
    data = fits.dataset(recipe, drawn)
    cs = LinearSVC(C=C, multi_class="crammer_singer").fit(data.X_train, data.y_train)
    ovr = OneVsRestClassifier(SVC(kernel="linear", C=C)).fit(data.X_train, data.y_train)
    grids = [evaluate_grid(m, data.bounds, 150) for m in (cs, ovr)]
    agree = float(np.mean(grids[0].labels == grids[1].labels))
    return cs, ovr, grids, agree
