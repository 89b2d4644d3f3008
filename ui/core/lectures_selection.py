"""The lecture rows and openings of the model-selection pages (Learning curves, Validation curve,
Cross-validation, Search, Compare models): each step a dataset and the settings its sentence is
about; each opening the view a page starts on, where its lesson is already visible.

Every model a step uses gets all its hyperparameters (its defaults, then the step's own), so no
earlier choice leaks into what the step's sentence claims. The data is noisy: two moons with
noise 0.3, where no model is right everywhere, so curves part, folds disagree and a search
grid has contrast (on far-apart blobs every score is 100% and nothing can be read).
"""

from __future__ import annotations

from catalog.models import MODELS
from ui.core.params import widget_key
from ui.core.presets import Step, dataset

NOISY_MOONS = dataset(data="moons", n=200, noise=0.3, seed=0)
BIG_MOONS = dataset(data="moons", n=1000, noise=0.3, seed=0)   # the same shape, five times the points
SMALL_MOONS = dataset(data="moons", n=100, noise=0.3, seed=0)  # k = 50 is then half a training fold
CIRCLES = dataset(data="circles", n=200, noise=0.2, seed=0)
XOR = dataset(data="xor", n=200, noise=0.3, seed=0)


def model_values(key: str, **params) -> dict:
    """Session values selecting the model ``key`` with every hyperparameter at its default but
    ``params`` (by the model's argument names)."""
    spec = MODELS[key]
    unknown = set(params) - {p.name for p in spec.params}
    if unknown:
        raise KeyError(f"{key} has no hyperparameter {', '.join(sorted(unknown))}")
    return {"model": key, **{widget_key(spec, p): params.get(p.name, p.default) for p in spec.params}}


def params_of(values: dict) -> dict:
    """The model's constructor arguments a step's values hold (for a test fitting it independently)."""
    spec = MODELS[values["model"]]
    return {p.name: values[widget_key(spec, p)] for p in spec.params}


# --- Learning curves ---------------------------------------------------------------------------

_CURVE = {"lc_folds": 5, "lc_sizes": 8, "lc_target": 0.9, "lc_at": 7}
_SVM_10 = model_values("svm", gamma=10.0)
LEARNING_HELP = ("High bias (logistic regression) → high variance (an RBF SVM with γ = 10) → the same SVM on five "
                 "times the points, on noisy moons. Each step loads its dataset and settings.")
LEARNING = [
    Step("high bias", "A line on curved classes: training and validation accuracy meet below the 90% target. "
                      "More points will not lift them; a more flexible model might.",
         {**NOISY_MOONS, **model_values("logistic"), **_CURVE}),
    Step("high variance", "γ = 10: training accuracy stays well above validation, a gap of more than 5 points at "
                          "every size: each training point bends the boundary.",
         {**NOISY_MOONS, **_SVM_10, **_CURVE}),
    Step("more data", "The same SVM on five times the points: its training accuracy comes down towards the "
                      "validation accuracy, and the gap at the largest size is under 5 points.",
         {**BIG_MOONS, **_SVM_10, **_CURVE}),
]
LEARNING_OPENING = LEARNING[1].values

# --- Validation curve ----------------------------------------------------------------------------

VALIDATION_HELP = ("kNN's k (small k overfits, large k underfits) → the RBF SVM's γ → a tree's depth, on noisy "
                   "moons. Each step loads its dataset and settings.")
VALIDATION = [
    Step("kNN · k", "k = 1: 100% on its own training points, over 10 points less on validation (overfitting); "
                    "k = 50 votes with most of a fold and is low on both (underfitting). The peak lies between.",
         {**SMALL_MOONS, **model_values("knn", n_neighbors=1), "vc_vary_knn": "k", "vc_folds": 5}),
    Step("SVM · γ", "Small γ: a nearly straight boundary, both curves low. γ = 100: every training point its own "
                    "island, training near 100%, validation far below. Validation peaks in between.",
         {**NOISY_MOONS, **model_values("svm", gamma=1.0), "vc_vary_svm": "gamma", "vc_folds": 5}),
    Step("tree · depth", "Depth 1 underfits. Deeper, the training accuracy climbs to 100% while the validation "
                         "accuracy levels off: the extra depth only learns the noise.",
         {**NOISY_MOONS, **model_values("tree", max_depth=3), "vc_vary_tree": "max_depth", "vc_folds": 5}),
]
VALIDATION_OPENING = VALIDATION[1].values

# --- Cross-validation ------------------------------------------------------------------------------

_KNN_5 = model_values("knn", n_neighbors=5)
_CV = {"cv_folds": 5, "cv_shuffle": False, "cv_seed": 0, "cv_holdout": 1 / 3, "cv_nested": False}
CV_HELP = ("Stratified 5-fold → leave-one-out → bootstrap (out-of-bag) → nested CV, kNN (k = 5) on noisy moons. "
           "Each step loads its dataset and settings.")
CV = [
    Step("5-fold", "Each training point is validated once, by a model that never saw it. The five fold scores "
                   "spread over more than 5 points: one split alone could mislead.",
         {**NOISY_MOONS, **_KNN_5, **_CV, "cv_splitter": "stratified"}),
    Step("leave-one-out", "One fit per training point, each validated on the point it left out: right or wrong. "
                          "The mean is the estimate; the spread of 0s and 1s says little.",
         {**NOISY_MOONS, **_KNN_5, **_CV, "cv_splitter": "loo"}),
    Step("bootstrap", "Each split trains on n points drawn with replacement; the third or so never drawn "
                      "(out-of-bag) validate it.",
         {**NOISY_MOONS, **_KNN_5, **_CV, "cv_splitter": "bootstrap"}),
    Step("nested", "Further down, nested CV: each outer fold tunes k by its own inner 3-fold CV, and the outer "
                   "folds do not all pick the same k. The choice is part of what the outer score measures.",
         {**NOISY_MOONS, **_KNN_5, **_CV, "cv_splitter": "stratified", "cv_nested": True, "cv_tune_knn": "k"}),
]
CV_OPENING = CV[0].values

# --- Search ----------------------------------------------------------------------------------------

_SEARCH = {**NOISY_MOONS, **model_values("svm"), "search_x_svm": "C", "search_y_svm": "gamma", "search_folds": 5,
           "search_seed": 0}
SEARCH_HELP = ("The RBF SVM's C × γ grid → random search with the same budget → the winner tested once, on noisy "
               "moons. Each step loads its dataset and settings.")
SEARCH = [
    Step("grid", "16 cells, each a 5-fold CV. γ = 100 (the top row) is the worst row at every C: each point its own "
                 "island. The best cell lies inside the grid, not on its edge.",
         {**_SEARCH, "search_values": 4, "search_random": False}),
    Step("random", "16 random settings over the same ranges (the points) try 16 values of each axis, not 4; the best "
                   "draw scores within 2 points of the best cell.",
         {**_SEARCH, "search_values": 4, "search_random": True}),
    Step("tested once", "36 cells: the winner's CV accuracy is the best of 36 noisy means, so it flatters. Refitted "
                        "and scored once on the test set, it is lower.",
         {**_SEARCH, "search_values": 6, "search_random": False}),
]
SEARCH_OPENING = SEARCH[1].values

# --- Compare models ---------------------------------------------------------------------------------

COMPARED = ("knn", "gaussian_nb", "logistic", "tree", "adaboost", "svm", "mlp")
_COMPARE = {"compare_folds": 5, "cmp_models": list(COMPARED),
            **{k: v for key in COMPARED for k, v in model_values(key).items() if k != "model"}}
COMPARE_HELP = ("Seven models at their defaults on noisy moons → circles → XOR: which family fails where. Each "
                "step loads its dataset and settings.")
COMPARE = [
    Step("moons", "Curved classes: logistic regression (one line) stays below 90%; kNN, the RBF SVM and the "
                  "network follow the curve and score higher.",
         {**NOISY_MOONS, **_COMPARE}),
    Step("circles", "No line separates a ring from its centre: logistic regression is at chance (about 50%). kNN, "
                    "the tree, the RBF SVM and naive Bayes (the classes differ in spread) score over 90%.",
         {**CIRCLES, **_COMPARE}),
    Step("XOR", "Each class sits in two opposite quadrants: logistic regression, naive Bayes and AdaBoost's stumps "
                "(no single cut helps) stay near chance; kNN, the tree and the RBF SVM do not.",
         {**XOR, **_COMPARE}),
]
COMPARE_OPENING = {**NOISY_MOONS, "compare_folds": 5}
