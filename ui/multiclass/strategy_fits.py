"""The Multi-class page's fits: the model of a strategy, fitted on the shared dataset with its
decision grid, and Crammer–Singer beside the one-vs-all linear SVMs at the same C."""

from __future__ import annotations

import numpy as np

from catalog.models import MODELS
from mlcore import ValidationError
from mlcore.multiclass import OneVsOneClassifier, OneVsRestClassifier, OutputCodeClassifier
from mlcore.svm import SVC, LinearSVC
from ui.reading import STRAIGHT, ClassRegion, Strategy, multiclass_reading
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


# The strategy a strategy is measured against on the page: one-vs-rest against one-vs-one, every
# other against one-vs-rest (the simplest reduction).
OTHER = {"ovr": "ovo", "ovo": "ovr", "ecoc": "ovr", "crammer_singer": "ovr"}


def catalog_model(strategy: str, base: str, code, code_size: float, decoding: str, C: float):
    """The strategy as a catalog model and its parameters (for ``ui.serving.fits.cv``), or None
    for a typed code, which the catalog has no name for."""
    if strategy == "crammer_singer":
        return "linear_svc_cs", (("C", C),)
    if strategy == "ecoc":
        if code not in MODELS["output_code"].param("code").choices:
            return None
        return "output_code", tuple(sorted({"base": base, "code": code, "code_size": code_size,
                                            "decoding": decoding}.items()))
    return {"ovr": "one_vs_rest", "ovo": "one_vs_one"}[strategy], (("base", base),)


def class_regions(model, grid, data) -> tuple[ClassRegion, ...]:
    """Each class's share of the plane (the 200 x 200 grid), of the training points, and its test
    points predicted as it."""
    classes = model.classes_
    plane = np.bincount(grid.labels.ravel(), minlength=len(classes)) / grid.labels.size
    train = np.array([np.mean(data.y_train == c) for c in classes])
    predicted = model.predict(data.X_test) if len(data.y_test) else np.array([])
    return tuple(ClassRegion(str(c), float(plane[k]), float(train[k]),
                             int(np.sum((data.y_test == c) & (predicted == c))), int(np.sum(data.y_test == c)))
                 for k, c in enumerate(classes))


NAMES = {"ovr": "one-vs-rest", "ovo": "one-vs-one", "ecoc": "output codes", "crammer_singer": "Crammer–Singer"}


def _strategy(strategy: str, fitted) -> Strategy:
    model, _, train, test = fitted
    return Strategy(NAMES[strategy], len(model.estimators_) if hasattr(model, "estimators_") else 1, train, test)


def strategy_reading(recipe, drawn, strategy: str, base: str, code, code_size: float, decoding: str, C: float):
    """"What you see" for a fitted strategy (``ui.reading.multiclass_reading``): its classes'
    regions, its regime from 5-fold CV, and the strategy it is measured against, fitted with the
    same base model (the other settings at their defaults, as that strategy's own view has them)."""
    fitted, _ = fit_strategy(recipe, drawn, strategy, base, code, code_size, decoding, C)
    model, grid = fitted[0], fitted[1]
    data = fits.dataset(recipe, drawn)
    other_key = OTHER[strategy]
    other, _ = fit_strategy(recipe, drawn, other_key, base, "random", MODELS["output_code"].param("code_size").default,
                            MODELS["output_code"].param("decoding").default, MODELS["linear_svc_cs"].param("C").default)
    named = catalog_model(strategy, base, code, code_size, decoding, C)
    cv = (fits.cv(recipe, drawn, *named) if named else None) or (None, None)
    return multiclass_reading(_strategy(strategy, fitted), MODELS[base].label, class_regions(model, grid, data),
                              None if other is None else _strategy(other_key, other), *cv,
                              fits.reference(recipe, drawn), len(data.y_train),
                              straight=base in STRAIGHT and base != "gaussian_nb")
