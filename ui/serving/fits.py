"""Cached work: build the dataset, fit the model, evaluate the decision grid.

Each is shared by the whole server for its arguments (``ui.serving.cache``:
the recipe, the drawn points, the model key and its parameters), and bounded
so a hosted app with little memory stays small. A model that refuses the data comes back
as a message, not an exception, so the page can still show the points.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import catalog
from mlcore import ValidationError
from mlcore.metrics import accuracy, confusion_matrix, precision_recall_f1
from ui.data import own_points
from ui.data.dataset_panel import Recipe
from ui.serving.cache import sharable
from viz.decision import AXIS_TITLES
from viz.grid import evaluate_grid, make_bounds

VIEW = (-3.0, 3.0, -3.0, 3.0)  # every generator fits in here, so the axes stay put while drawing


@dataclass(frozen=True)
class Data:
    X_train: np.ndarray
    y_train: np.ndarray
    X_test: np.ndarray
    y_test: np.ndarray
    bounds: tuple
    error: str | None = None
    axes: tuple = AXIS_TITLES   # the axis titles: x₁, x₂, or an uploaded file's column names

    @property
    def n_classes_train(self) -> int:
        return len(np.unique(self.y_train))


@dataclass(frozen=True)
class Fit:
    model: object | None
    error: str | None
    train_acc: float | None = None
    test_acc: float | None = None
    cm: np.ndarray | None = None
    labels: np.ndarray | None = None
    prf: tuple | None = None
    predictions: tuple | None = None   # (on the training set, on the test set or None): the figure reuses them


def _bounds(*arrays) -> tuple:
    pts = np.vstack([a for a in arrays if len(a)] or [np.zeros((0, 2))])
    if not len(pts):
        return VIEW
    b = make_bounds(pts, pad=0.05)
    return (min(b[0], VIEW[0]), max(b[1], VIEW[1]), min(b[2], VIEW[2]), max(b[3], VIEW[3]))


@sharable(max_entries=32)
def dataset(recipe: Recipe, drawn: tuple) -> Data:
    """Generated (or uploaded) points split into train and test, less the erased ones; drawn
    points always join the training set."""
    drawn_X = np.array([(x, y) for x, y, _ in drawn], dtype=np.float64).reshape(-1, 2)
    drawn_y = np.array([c for _, _, c in drawn], dtype=np.int64)
    base = own_points.base_points(recipe._replace(erased=()))
    kept = ~np.isin(base.index, np.asarray(recipe.erased, dtype=np.int64))
    train, test = kept & ~base.test, kept & base.test
    X_tr = np.vstack([base.X[train], drawn_X])
    y_tr = np.concatenate([base.y[train], drawn_y])
    X_te, y_te = base.X[test], base.y[test]
    if base.own and (len(X_tr) or len(X_te)):
        # Your own points keep their own scale: the plane is fitted to them, not to the generators' view.
        bounds = make_bounds(np.vstack([X_tr, X_te]), pad=0.05)
    else:
        bounds = _bounds(X_tr, X_te)
    return Data(X_tr, y_tr, X_te, y_te, bounds, base.error, base.axes or AXIS_TITLES)


@sharable(max_entries=32)  # a forest of 300 trees is a few MB
def fit(recipe: Recipe, drawn: tuple, model_key: str, params: tuple) -> Fit:
    """Fit the model on the training set and score it; a refusal becomes ``Fit.error``."""
    data = dataset(recipe, drawn)
    if data.error:
        return Fit(None, data.error)
    if data.n_classes_train < 2:
        have = "no points" if not len(data.y_train) else "points of one class only"
        return Fit(None, f"The training set has {have}: a classifier needs at least two classes. "
                         "Generate data or draw points of a second class.")
    spec = catalog.get(model_key)
    try:
        model = spec.make(**dict(params)).fit(data.X_train, data.y_train)
        train_pred = model.predict(data.X_train)
        train_acc = accuracy(data.y_train, train_pred)
        pred = None
        if len(data.y_test):
            pred = model.predict(data.X_test)
            test_acc = accuracy(data.y_test, pred)
            labels = np.unique(np.concatenate([data.y_train, data.y_test]))
            cm = confusion_matrix(data.y_test, pred, labels=labels)
            prf = precision_recall_f1(data.y_test, pred, labels=labels)
        else:
            test_acc, labels, cm, prf = None, None, None, None
    except ValidationError as err:
        return Fit(None, str(err))
    return Fit(model, None, train_acc, test_acc, cm, labels, prf, (train_pred, pred))


@sharable(max_entries=32)
def grid(recipe: Recipe, drawn: tuple, model_key: str, params: tuple, resolution: int):
    """The fitted model evaluated once on a grid over the data's bounds (None if it did not fit)."""
    f = fit(recipe, drawn, model_key, params)
    if f.model is None:
        return None
    return evaluate_grid(f.model, dataset(recipe, drawn).bounds, resolution)


# Flexible but smoothed models: the best validation accuracy they reach is what "underfitting" is
# measured against (ui.reading). Cheap to fit on a few hundred points.
REFERENCES = (("knn", (("n_neighbors", 15),)), ("svm", (("C", 1.0), ("gamma", 1.0), ("kernel", "rbf"))))


@sharable(max_entries=32)
def reference(recipe: Recipe, drawn: tuple) -> float | None:
    """The best cross-validated accuracy (``cv``) of the REFERENCES on this training set."""
    scores = [s[1] for key, params in REFERENCES if (s := cv(recipe, drawn, key, params)) is not None]
    return max(scores) if scores else None


@sharable(max_entries=64)
def cv(recipe: Recipe, drawn: tuple, model_key: str, params: tuple) -> tuple[float, float] | None:
    """Mean training and validation accuracy over 5 stratified folds of the training set (the
    folds shuffled by the dataset's seed), or None when the data cannot be split that way."""
    scores = folds(recipe, drawn, model_key, params)
    if scores is None or np.isnan(scores.test).all():
        return None
    return float(np.nanmean(scores.train)), float(np.nanmean(scores.test))


CV_FOLDS = 5


@dataclass(frozen=True)
class FoldScores:
    """Accuracy of one fit per fold (NaN where it failed): on its training part and on its held-out part."""
    train: np.ndarray
    test: np.ndarray
    errors: tuple   # per fold: the failed fit's message, or None


@sharable(max_entries=64)
def folds(recipe: Recipe, drawn: tuple, model_key: str, params: tuple) -> FoldScores | None:
    """The fits behind ``cv``, fold by fold: 5 stratified folds of the training set shuffled by the
    dataset's seed (the Playground's learning panel takes its largest size from them, so a
    step fits these five once for both), or None when the data cannot be split that way."""
    from mlcore.model_selection import StratifiedKFold, cross_validate

    data = dataset(recipe, drawn)
    counts = np.unique(data.y_train, return_counts=True)[1]
    if data.error or len(counts) < 2 or counts.min() < CV_FOLDS:
        return None
    try:
        result = cross_validate(catalog.get(model_key).make(**dict(params)), data.X_train, data.y_train,
                                cv=StratifiedKFold(CV_FOLDS, shuffle=True, random_state=recipe.seed),
                                return_train_score=True)
    except ValidationError:
        return None
    return FoldScores(result["train_score"], result["test_score"], tuple(result["errors"]))
