"""Cached work of the Features page: models behind a transform, wide data, selection results.

Every cache is keyed by the dataset recipe, the drawn points and the page's settings (small
hashables), returns arrays and numbers (no fitted models), and is bounded.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import numpy as np

import catalog
from mlcore import ValidationError
from mlcore.datasets import make_dataset, train_test_split
from mlcore.feature_selection import (
    SelectKBest,
    SequentialFeatureSelector,
    logistic_l1_path,
    mutual_info_scores,
    pearson_scores,
    selection_stability,
    stump_scores,
)
from mlcore.pipeline import Pipeline
from mlcore.preprocessing import (
    FunctionTransformer,
    MinMaxScaler,
    Normalizer,
    PolynomialFeatures,
    QuantileClipper,
    StandardScaler,
)
from ui.core.progress import Progress
from ui.data.dataset_panel import BLANK
from ui.serving import fits
from ui.serving.cache import sharable
from viz.features import panels_figure
from viz.grid import evaluate_grid

# The models whose boundaries the stretch is tried on: three that measure distances, one that does not.
SCALING_MODELS = ("knn", "prototype", "svm", "tree")
SHORT = {"knn": "kNN", "prototype": "LwP", "svm": "SVM (RBF)", "tree": "tree"}
SCALING_HEIGHT = 430   # px of the panels on a 1280 x 720 screen
TRANSFORMS = {
    "none": "none",
    "standard": "z-score (StandardScaler)",
    "minmax": "min-max to [0, 1]",
    "clip": "clip at the 5% / 95% quantiles",
    "log": "log: sign(x)·ln(1 + |x|)",
    "sigmoid": "sigmoid: 1 / (1 + e^−x)",
    "normalize": "unit length (Normalizer)",
}


def transform_steps(axis: int, factor: float, transform: str) -> list:
    """The steps before the model: the stretch of one axis, then the chosen transform."""
    factors = np.ones(2)
    factors[axis] = factor
    steps = [("stretch", FunctionTransformer(func=partial(np.multiply, factors)))]
    named = {"standard": StandardScaler(), "minmax": MinMaxScaler(), "clip": QuantileClipper(0.05, 0.95),
             "log": FunctionTransformer(func="log"), "sigmoid": FunctionTransformer(func="sigmoid"),
             "normalize": Normalizer()}
    if transform in named:
        steps.append((transform, named[transform]))
    return steps


@dataclass(frozen=True)
class Panel:
    key: str
    grid: object
    test_acc: float | None
    train_pred: np.ndarray


@sharable(max_entries=16)
def scaling_panels(recipe, drawn, axis: int, factor: float, transform: str, resolution: int = 90):
    """For each model of SCALING_MODELS, before (raw features) and after (stretch + transform):
    its regions on the original plane, test accuracy and training predictions, as
    (rows, None); (None, message) when the data cannot be fitted."""
    data = fits.dataset(recipe, drawn)
    problem = _problem(data)
    if problem:
        return None, problem
    out = []
    for steps in ([], transform_steps(axis, factor, transform)):
        row = []
        for key in SCALING_MODELS:
            model = Pipeline([*steps, (key, catalog.get(key).make())])
            try:
                model.fit(data.X_train, data.y_train)
            except ValidationError as err:
                return None, f"{catalog.get(key).label}: {err}"
            test = float(np.mean(model.predict(data.X_test) == data.y_test)) if len(data.y_test) else None
            row.append(Panel(key, evaluate_grid(model, data.bounds, resolution), test,
                             model.predict(data.X_train)))
        out.append(row)
    return out, None


def after_text(axis: int, factor: float, transform: str) -> str:
    """The bottom row's name: the stretch and the transform, as the student set them."""
    return f"x{axis + 1} × {factor:g}" + ("" if transform == "none" else f", {transform}")


@sharable(max_entries=16)
def scaling_figure(recipe, drawn, axis: int, factor: float, transform: str):
    """The eight panels of :func:`scaling_panels` (raw features on top, after below), at the
    screen's height (``ui.core.layout.screen_height``), or None when they cannot be fitted. Built
    once per setting for the server, and ahead of a stretch step."""
    panels, _ = scaling_panels(recipe, drawn, axis, factor, transform)
    if panels is None:
        return None
    data = fits.dataset(recipe, drawn)
    titles = [f"{SHORT[p.key]} · test {'—' if p.test_acc is None else f'{p.test_acc:.0%}'}"
              for row in panels for p in row]
    fig = panels_figure([p.grid for row in panels for p in row], titles, data.X_train, data.y_train,
                        cols=len(SCALING_MODELS), bounds=data.bounds,
                        row_labels=("raw features", after_text(axis, factor, transform)), height=SCALING_HEIGHT)
    fig.layout.height = None
    # Each cell's class index as one byte, a quarter of float32's, on a colour range shifted by a half (every
    # cell keeps its colour): the browser gets the panels of the stretches next to this one ahead of a step.
    for trace in fig.data:
        if trace.type == "heatmap":
            trace.update(z=np.floor(np.asarray(trace.z)).astype(np.uint8), zmin=trace.zmin - 0.5, zmax=trace.zmax - 0.5)
    return fig


def scaling_chart(recipe, drawn, axis: int, factor: float, transform: str):
    """:func:`scaling_figure` for the live chart (``ui.live.live_chart.shared_chart``): (figure, None, None)."""
    return scaling_figure(recipe, drawn, axis, factor, transform), None, None


def _problem(data) -> str | None:
    if data.error:
        return data.error
    if data.n_classes_train < 2:
        have = "no points" if not len(data.y_train) else "points of one class only"
        return (f"The training set has {have}: a classifier needs at least two classes. "
                "Generate data or draw points of a second class.")
    return None


@sharable(max_entries=16)
def poly_grids(recipe, drawn, degree: int, C: float):
    """Logistic regression on (x1, x2) and on Φ(x) = the monomials up to ``degree`` (scaled):
    ([(model, grid, train accuracy, test accuracy, number of features) for each], None), or (None, message)."""
    data = fits.dataset(recipe, drawn)
    problem = _problem(data)
    if problem:
        return None, problem
    out = []
    for steps in ([], [("phi", PolynomialFeatures(degree=degree, include_bias=False)), ("scale", StandardScaler())]):
        model = Pipeline([*steps, ("logistic", catalog.get("logistic").make(C=C))]).fit(data.X_train, data.y_train)
        test = float(model.score(data.X_test, data.y_test)) if len(data.y_test) else None
        width = model.named_steps["phi"].n_output_features_ if steps else 2
        out.append((model, evaluate_grid(model, data.bounds, 200), float(model.score(data.X_train, data.y_train)),
                    test, width))
    return out, None


@dataclass(frozen=True)
class Wide:
    """The generated data with extra features, split as the shared dataset is (same seed)."""
    X_train: np.ndarray
    y_train: np.ndarray
    X_test: np.ndarray
    y_test: np.ndarray
    names: tuple


def feature_names(extra: int, copies: int) -> tuple:
    return ("x1", "x2", *(f"x{j + 3} (≈x1)" if j < copies else f"x{j + 3} (noise)" for j in range(extra)))


@sharable(max_entries=16)
def wide_data(recipe, extra: int, copies: int):
    """(Wide, None) or (None, message): the generated points only (drawn points have two features)."""
    if recipe.data == BLANK:
        return None, ("Feature selection works on generated data (drawn points have only two features): "
                      "choose a dataset in the sidebar.")
    try:
        X, y = make_dataset(recipe.data, n=recipe.n, noise=recipe.noise, seed=recipe.seed, n_classes=recipe.classes,
                            imbalance=recipe.imbalance, label_noise=recipe.label_noise, outliers=recipe.outliers,
                            margin=recipe.margin, extra_features=extra, correlated=min(copies, extra))
        X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=recipe.test, random_state=recipe.seed, stratify=y)
    except ValidationError as err:
        return None, str(err)
    return Wide(X_tr, y_tr, X_te, y_te, feature_names(extra, min(copies, extra))), None


@sharable(max_entries=16)
def rankings(recipe, extra: int, copies: int) -> dict:
    wide, _ = wide_data(recipe, extra, copies)
    X, y = wide.X_train, wide.y_train
    return {"|Pearson r|": pearson_scores(X, y), "mutual information": mutual_info_scores(X, y),
            "stump accuracy": stump_scores(X, y)}


def selector_model(key: str):
    """The model the wrapper scores subsets with; distance-based ones get a scaler in front."""
    model = catalog.get(key).make()
    return Pipeline([("scale", StandardScaler()), (key, model)]) if key in ("knn", "prototype", "svm") else model


@sharable(max_entries=16)
def sequential_paths(recipe, extra: int, copies: int, model_key: str, cv: int) -> dict:
    """Forward selection up to every feature and backward elimination down to one: (their paths,
    None), or (None, the reason) when the data cannot be cross-validated (too few points per class).

    A progress bar (``ui.core.progress``, drawn and emptied inside) counts the subsets scored."""
    wide, _ = wide_data(recipe, extra, copies)
    d = wide.X_train.shape[1]
    paths = {}
    for direction, target in (("forward", d), ("backward", 1)):
        sfs = SequentialFeatureSelector(selector_model(model_key), n_features_to_select=target,
                                        direction=direction, cv=cv)
        with Progress(f"{direction.capitalize()} selection", unit=f"subsets, each a {cv}-fold CV") as progress:
            try:
                paths[direction] = sfs.fit(wide.X_train, wide.y_train, progress=progress).path_
            except ValidationError as err:
                return None, str(err)
    return paths, None


@sharable(max_entries=16)
def l1_path(recipe, extra: int, copies: int):
    """Cs, coefficients (n_C, rows, d) on standardised features."""
    wide, _ = wide_data(recipe, extra, copies)
    Z = StandardScaler().fit_transform(wide.X_train)
    Cs = np.logspace(-3, 1, 25)
    coefs, _ = logistic_l1_path(Z, wide.y_train, Cs, tol=1e-4)
    return Cs, coefs


@sharable(max_entries=16)
def stability(recipe, extra: int, copies: int, method: str, k: int, n_bootstrap: int):
    """(frequency per feature, mean Jaccard, supports) of a selector refitted on bootstrap samples;
    (None, the reason, None) when a sample cannot be fitted.

    The progress bar (``ui.core.progress``) lives inside the cached function (a cached function may
    only draw into blocks it made itself), and is emptied at the end, so a cache hit draws nothing."""
    wide, _ = wide_data(recipe, extra, copies)
    if method == "forward":
        selector = SequentialFeatureSelector(selector_model("knn"), n_features_to_select=k, cv=3)
    else:
        selector = SelectKBest(method, k=k)
    with Progress("Refitting the selector", unit="bootstrap samples") as progress:
        try:
            result = selection_stability(selector, wide.X_train, wide.y_train, n_bootstrap=n_bootstrap,
                                         random_state=0, progress=progress)
        except ValidationError as err:
            result = None, str(err), None
    return result
