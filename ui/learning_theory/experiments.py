"""Cached work for the learning-theory page: bound curves, Rademacher curves, random-label fits,
the Bayes classifier's comparison, and the shattering of a point set.

Keyed by small hashable values (the dataset recipe, the drawn points, model keys and settings).
Long work is cached piece by piece (one training size, one capacity) and looped over outside the
cache with a ``progress(done, total)`` callback: a cached function that updated a progress bar
made outside it could not be replayed on a cache hit.
"""

from __future__ import annotations

import numpy as np

import catalog
from mlcore import ValidationError
from mlcore.datasets import make_dataset
from mlcore.theory import (
    BayesClassifier,
    Intervals,
    Lines,
    Rectangles,
    Stumps,
    Trees,
    bounds_against_reality,
    empirical_rademacher,
    excess_error,
    realisable_labelings,
    vc_dimension_by_trying,
)
from ui.data.dataset_panel import Recipe
from ui.serving import fits
from ui.serving.cache import sharable

BOUND_SIZES = (10, 20, 50, 100, 200, 500, 1000, 2000)
RADEMACHER_SIZES = (10, 20, 50, 100, 200, 400)
# Capacity ladders: the model's own catalog parameter, from least to most flexible.
CAPACITY = {
    "knn": ("n_neighbors", (25, 10, 5, 3, 1)),
    "tree": ("max_depth", (1, 2, 3, 5, 8, None)),
    "svm": ("C", (0.01, 0.1, 1.0, 10.0, 100.0)),
}


def capacity_label(family: str, value) -> str:
    if family == "tree":
        return "tree, no depth limit" if value is None else f"tree, depth {value}"
    return f"kNN, k = {value}" if family == "knn" else f"SVM (RBF), C = {value:g}"


def hypothesis_class(key: str, depth: int = 2):
    return {"lines": Lines(), "rectangles": Rectangles(), "intervals_x1": Intervals(0),
            "intervals_x2": Intervals(1), "stumps": Stumps(), "trees": Trees(depth)}[key]


@sharable(max_entries=64)
def shatter(points: tuple, key: str, depth: int):
    """(labelings, realised) of the clicked points for the class ``key``."""
    return realisable_labelings(np.array(points, dtype=np.float64).reshape(-1, 2), hypothesis_class(key, depth))


@sharable(max_entries=64)
def max_margin_lines(points: tuple):
    """(normals, offsets) of the hard-margin line of every labeling of the clicked points."""
    _, normals, offsets, _ = Lines().max_margin(np.array(points, dtype=np.float64).reshape(-1, 2))
    return normals, offsets


@sharable(max_entries=16)
def vc_by_trying(key: str, depth: int, max_m: int = 6):
    return vc_dimension_by_trying(hypothesis_class(key, depth), max_m=max_m)


def _sampler(recipe: Recipe):
    def sample(m: int, seed: int):
        return make_dataset(recipe.data, n=m, noise=recipe.noise, seed=seed, n_classes=2,
                            imbalance=recipe.imbalance, label_noise=recipe.label_noise,
                            outliers=recipe.outliers, margin=recipe.margin)
    return sample


@sharable(max_entries=128)
def bound_point(recipe: Recipe, model_key: str, delta: float, resamples: int, m: int) -> dict:
    """bounds_against_reality at one size m, for the recipe's generator (two classes) and a linear
    catalog model (lines in the plane: d = 3)."""
    return bounds_against_reality(catalog.get(model_key).make(), _sampler(recipe), [m], vc_dim=3,
                                  n_resamples=resamples, delta=delta, rademacher_draws=resamples,
                                  random_state=recipe.seed * 10007 + m)


def bound_curves(recipe: Recipe, model_key: str, delta: float, resamples: int, progress=None) -> dict:
    """The bound points for every size in BOUND_SIZES, stitched into arrays. Each size is cached on
    its own, so the loop (and its progress) stays outside the cache, which cannot replay it."""
    points = []
    for i, m in enumerate(BOUND_SIZES):
        points.append(bound_point(recipe, model_key, delta, resamples, m))
        if progress is not None:
            progress(i + 1, len(BOUND_SIZES))
    return {key: np.concatenate([p[key] for p in points]) for key in points[0]}


def _subsample(recipe: Recipe, drawn: tuple) -> np.ndarray:
    """The training points in a fixed random order (the first m are the sample of size m)."""
    X = fits.dataset(recipe, drawn).X_train
    return X[np.random.default_rng(recipe.seed).permutation(len(X))]


@sharable(max_entries=256)
def rademacher_point(recipe: Recipe, drawn: tuple, family: str, value, m: int, draws: int):
    """(R̂, spread) of one capacity on the first m training points; NaNs when the model refuses
    (k nearest neighbours with k > m: no point on the curve)."""
    model = catalog.get(family).make(**{CAPACITY[family][0]: value})
    try:
        est = empirical_rademacher(model, _subsample(recipe, drawn)[:m], draws, random_state=m)
    except ValidationError:
        return np.nan, np.nan
    return est.value, est.std


def rademacher_curves(recipe: Recipe, drawn: tuple, family: str, draws: int, progress=None):
    """(sizes, {label: (R̂ per size, spread per size)}) for every capacity of ``family``."""
    n = len(fits.dataset(recipe, drawn).X_train)
    sizes = [m for m in RADEMACHER_SIZES if m <= n]
    values = CAPACITY[family][1]
    curves, done = {}, 0
    for value in values:
        got = []
        for m in sizes:
            got.append(rademacher_point(recipe, drawn, family, value, m, draws))
            done += 1
            if progress is not None:
                progress(done, len(values) * len(sizes))
        curves[capacity_label(family, value)] = (np.array([g[0] for g in got]), np.array([g[1] for g in got]))
    return sizes, curves


@sharable(max_entries=16)
def random_fits(recipe: Recipe, drawn: tuple, family: str, value, m: int, count: int = 8):
    """``count`` fits of one capacity on random labels of the first m training points:
    (X, estimate) or (X, the model's refusal)."""
    X = _subsample(recipe, drawn)[:m]
    name = CAPACITY[family][0]
    try:
        return X, empirical_rademacher(catalog.get(family).make(**{name: value}), X, count, random_state=0,
                                       keep_models=True)
    except ValidationError as err:
        return X, str(err)


@sharable(max_entries=16)
def bayes_comparison(recipe: Recipe, drawn: tuple, model_key: str, params: tuple, large_n: int = 3000):
    """(BayesClassifier, excess-error dict) or (None, message)."""
    data = fits.dataset(recipe, drawn)
    if data.n_classes_train < 2:
        return None, "The training set needs points of at least two classes."
    try:
        bayes = BayesClassifier(recipe.data, noise=recipe.noise, n_classes=recipe.classes,
                                imbalance=recipe.imbalance, label_noise=recipe.label_noise,
                                outliers=recipe.outliers, margin=recipe.margin, seed=recipe.seed)
        split = excess_error(catalog.get(model_key).make(**dict(params)), bayes, data.X_train, data.y_train,
                             large_n=large_n)
    except ValidationError as err:
        return None, str(err)
    return bayes, split
