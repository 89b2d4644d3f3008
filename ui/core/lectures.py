"""The lecture presets of the model pages (ui.core.presets draws them): each step a dataset and the
settings the lecture talks about (the ID3 page's: a table, a row and a setting)."""

from __future__ import annotations

import math

from ui.core.presets import Step, dataset, recipe_of
from ui.serving import fits

# Noisy moons: k = 1 follows every noisy point, k = 15 smooths them out.
NOISY_MOONS = dataset(data="moons", n=200, noise=0.35, seed=0)
_KNN = {"model": "knn", "p_knn_metric": "euclidean"}

# Two lines of points, seed 0: with a 0.5 gap, then the gap closed and the points jittered so the
# classes overlap, then the gap again with 2% outliers (one point of 60, a training point with seed 0).
SEPARABLE = dataset(data="linear", n=60, noise=0.0, margin=0.5, seed=0)
OVERLAPPING = dataset(data="linear", n=60, noise=0.5, margin=0.0, seed=0)
OUTLIER = dataset(data="linear", n=60, noise=0.0, margin=0.5, outliers=0.02, seed=0)
_LOGISTIC = {"model": "logistic", "p_logistic_C": 1.0, "p_logistic_penalty": "l2"}

# The Playground opens here: kNN on noisy moons, where train and test accuracy differ and k matters.
PLAYGROUND_OPENING = {**NOISY_MOONS, **_KNN, "p_knn_k": 5, "p_knn_weights": "uniform"}
PLAYGROUND_HELP = ("kNN: k = 1 → k = 15 → distance-weighted votes, on noisy moons. Logistic regression: separable "
                   "→ one outlier. Each step loads its dataset and settings.")
PLAYGROUND = [
    Step("kNN · k = 1", "Each training point is its own island: 100% training accuracy, a ragged boundary.",
         {**NOISY_MOONS, **_KNN, "p_knn_k": 1, "p_knn_weights": "uniform"}),
    Step("k = 15", "Fifteen neighbours vote: a smoother boundary, training accuracy below 100%.",
         {**NOISY_MOONS, **_KNN, "p_knn_k": 15, "p_knn_weights": "uniform"}),
    Step("weighted", "Votes 1/d: a training point's own vote (d = 0) wins, so training accuracy is 100% again.",
         {**NOISY_MOONS, **_KNN, "p_knn_k": 15, "p_knn_weights": "distance"}),
    Step("logistic · gap", "A gap between the classes: only the penalty (C = 1) keeps w from growing forever.",
         {**SEPARABLE, **_LOGISTIC}),
    Step("outlier", "One far point with the wrong label: its log-loss grows only linearly, so the line tilts a little.",
         {**OUTLIER, **_LOGISTIC}),
]

PERCEPTRON_HELP = "Separable → overlapping → one outlier: each step loads the shared dataset and the settings."
_PERCEPTRON = {"pc_source": "shared", "pc_epochs": 20, "pc_lr": 1.0, "pc_start": "zero"}
PERCEPTRON = [
    Step("separable", "A gap between the classes: the perceptron stops with every point right, "
                      "as the theorem promises.",
         {**SEPARABLE, **_PERCEPTRON}),
    Step("overlapping", "The classes overlap: every epoch makes mistakes and the line never settles.",
         {**OVERLAPPING, **_PERCEPTRON}),
    Step("outlier", "One far point with the wrong label: no line separates the data, and it pulls the line to and fro.",
         {**OUTLIER, **_PERCEPTRON}),
]

TREE_DATA = dataset(data="moons", n=200, noise=0.3, seed=0)
_GROW = {"tree_criterion": "gini", "tree_min_split": 2, "tree_min_leaf": 1, "tree_gain_ratio": False}


def _full_depth(min_impurity_decrease: float = 0.0) -> int:
    """The depth of the tree a step grows (its data, no depth limit): the depth slider's end."""
    params = (("criterion", "gini"), ("gain_ratio", False), ("min_impurity_decrease", min_impurity_decrease),
              ("min_samples_leaf", 1), ("min_samples_split", 2))
    return fits.fit(recipe_of(TREE_DATA), (), "tree", params).model.get_depth()


TREE_HELP = "Depth 1 → 3 → fully grown → pruned, on noisy moons: each step loads its dataset and settings."
TREE = [
    Step("depth 1", "One question, one straight cut (a stump): both halves are still mixed.",
         {**TREE_DATA, **_GROW, "tree_min_dec": 0.0, "tree_depth": 1}),
    Step("depth 3", "Three questions deep: up to 8 rectangles, the moons roughly apart.",
         {**TREE_DATA, **_GROW, "tree_min_dec": 0.0, "tree_depth": 3}),
    Step("full", "Every leaf pure: 100% training accuracy, with boxes around single noisy points.",
         {**TREE_DATA, **_GROW, "tree_min_dec": 0.0, "tree_depth": _full_depth}),
    Step("pruned", "Every split must lower the impurity by 0.01: fewer leaves, and all but one of the boxes "
                   "around single points go.",
         {**TREE_DATA, **_GROW, "tree_min_dec": 0.01, "tree_depth": lambda: _full_depth(0.01)}),
]

# A bare link opens the tree at depth 3 on the lecture's noisy moons: cross-validation says it is too
# shallow, and the depth slider next to it is the setting "What you see" names.
TREE_OPENING = {**TREE_DATA, **_GROW, "tree_min_dec": 0.0, "tree_depth": 3}

ENSEMBLE_DATA = dataset(data="moons", n=200, noise=0.35, seed=0)
_FOREST = {"ens_model": "random_forest", "p_random_forest_max_features": "sqrt", "p_random_forest_max_depth": None,
           "p_random_forest_min_samples_leaf": 1, "p_random_forest_criterion": "gini",
           "p_random_forest_bootstrap": True}
# The Ensembles page opens on a forest of 100 trees on noisy moons whose leaves hold at least 5 points:
# the slider shows the vote steadying as trees are added, and no score is 100%.
ENSEMBLES_OPENING = {**ENSEMBLE_DATA, **_FOREST, "p_random_forest_n_estimators": 100,
                     "p_random_forest_min_samples_leaf": 5}
ENSEMBLE_HELP = "A random forest of 1 → 10 → 100 trees on noisy moons: each step loads its dataset and settings."
ENSEMBLES = [
    Step("1 tree", "One deep tree on a bootstrap sample: boxy, and sure of itself everywhere.",
         {**ENSEMBLE_DATA, **_FOREST, "p_random_forest_n_estimators": 1, "ens_m_random_forest": 1}),
    Step("10 trees", "Ten trees vote: the boxes blur where they disagree.",
         {**ENSEMBLE_DATA, **_FOREST, "p_random_forest_n_estimators": 10, "ens_m_random_forest": 10}),
    Step("100 trees", "A smooth vote, sure only where most trees agree; more trees do not overfit.",
         {**ENSEMBLE_DATA, **_FOREST, "p_random_forest_n_estimators": 100, "ens_m_random_forest": 100}),
]

# Circles (class 1 on a ring of radius 1.2 inside class 0's of radius 2.4): no line encloses a ring,
# four relu units close a shape with corners, 32 a nearly round one. 200 epochs of Adam at rate 0.01
# train in a fraction of a second.
CIRCLES = dataset(data="circles", n=200, noise=0.1, seed=0)
_MLP = {"p_mlp_hidden_layers": 1, "p_mlp_activation": "relu", "p_mlp_solver": "adam",
        "p_mlp_learning_rate_init": 0.01, "p_mlp_alpha": 1e-4, "p_mlp_batch_size": 32, "p_mlp_max_iter": 200}
NN_HELP = ("One hidden unit → 4 → 32, on circles; then the default 2 × 8 network with a learning rate far too "
           "large. Each step loads its dataset and settings.")
NN = [
    Step("1 unit", "One hidden unit draws one line, and no line encloses a ring: at most 60% right.",
         {**CIRCLES, **_MLP, "p_mlp_hidden_units": 1}),
    Step("4 units", "Four units: a closed shape round the inner ring, bent where a unit turns on or off: 100% right.",
         {**CIRCLES, **_MLP, "p_mlp_hidden_units": 4}),
    Step("32 units", "32 units: the corners are gone, a nearly round boundary between the rings.",
         {**CIRCLES, **_MLP, "p_mlp_hidden_units": 32}),
    Step("rate 1", "SGD at learning rate 1 (2 × 8 units): steps overshoot, the loss stays near ln 2 = 0.69.",
         {**CIRCLES, **_MLP, "p_mlp_hidden_layers": 2, "p_mlp_hidden_units": 8, "p_mlp_solver": "sgd",
          "p_mlp_learning_rate_init": 1.0}),
]

# A bare link opens the default 2 x 8 network on noisy moons: a boundary that bends between the moons,
# neither score at 100%.
NN_OPENING = {**NOISY_MOONS, "p_mlp_hidden_layers": 2, "p_mlp_hidden_units": 8}

# Five noisy blobs, perceptrons as the two-class machines (they never settle on overlapping classes):
# one-vs-rest leaves the last class almost no region; the other strategies give every class one.
FIVE_BLOBS = dataset(data="blobs", classes=5, noise=0.8, n=200, seed=0)
_MC = {"mc_base": "perceptron", "mc_code": "random", "mc_code_size": 1.5, "mc_decoding": "hamming", "mc_C": 1.0}
# The Multi-class page opens on its first step: one-vs-rest perceptrons leave a class almost no region.
MULTICLASS_OPENING = {**FIVE_BLOBS, **_MC, "mc_strategy": "ovr"}
MULTICLASS_HELP = ("One-vs-rest → one-vs-one → output codes → Crammer–Singer (all classes at once), perceptrons as "
                   "the two-class machines, on five noisy blobs. Each step loads its dataset and settings.")
MULTICLASS = [
    Step("one-vs-rest", "Five perceptrons, class vs rest: class 4 all but loses its region, under 75% right.",
         {**FIVE_BLOBS, **_MC, "mc_strategy": "ovr"}),
    Step("one-vs-one", "Ten perceptrons, one per pair, vote: every class has its region, over 80% right.",
         {**FIVE_BLOBS, **_MC, "mc_strategy": "ovo"}),
    Step("output codes", "Seven perceptrons, one per code bit: every class has a region, beating one-vs-rest.",
         {**FIVE_BLOBS, **_MC, "mc_strategy": "ecoc"}),
    Step("all at once", "Crammer–Singer: one problem for all five weight vectors, over 80% right.",
         {**FIVE_BLOBS, **_MC, "mc_strategy": "crammer_singer"}),
]

# A lecture in five steps: each sets the dataset and the SVM's hyperparameters. The seed is part of
# it: with seed 0 the one outlier of steps 2-4 is a training point on the wrong side of the gap
# (outliers 0.02 of 60 points is exactly one point, moved to the far ring with a random label).
_LINE = dataset(data="linear", n=60, noise=0.0, margin=1.0, seed=0)
_LINE_OUTLIER = dataset(data="linear", n=60, noise=0.0, margin=1.0, outliers=0.02, seed=0)
SVM_HELP = "Separable data → hard margin → an outlier → soft margin → RBF: each step loads its dataset and settings."
SVM = [
    Step("1 · hard margin",
         "The classes can be split by a line, so C = ∞ is allowed: no point may sit inside the margin. "
         "Only the few points on the dashed lines (the support vectors) decide the boundary.",
         {**_LINE, "p_svm_kernel": "linear", "p_svm_C": math.inf}),
    Step("2 · one outlier",
         "One point lies far out on the other class's side: now no line separates the classes, and the "
         "hard margin has no solution.",
         {**_LINE_OUTLIER, "p_svm_kernel": "linear", "p_svm_C": math.inf}),
    Step("3 · small C",
         "C = 0.05: slack is cheap, so the margin is wide and many points become (bounded) support vectors.",
         {**_LINE_OUTLIER, "p_svm_kernel": "linear", "p_svm_C": 0.05}),
    Step("4 · large C",
         "C = 100: each unit of slack is expensive, so the margin narrows to misclassify as little as possible.",
         {**_LINE_OUTLIER, "p_svm_kernel": "linear", "p_svm_C": 100.0}),
    Step("5 · RBF kernel",
         "No line separates a ring from its centre, but exp(−γ‖x − z‖²) lets the boundary bend into a closed curve.",
         {**dataset(data="circles", n=200, noise=0.1, seed=0), "p_svm_kernel": "rbf", "p_svm_gamma": 1.0,
          "p_svm_C": 1.0}),
]

# A bare link opens the soft-margin RBF SVM on noisy moons: margins that bend, support vectors inside
# them, and train and test accuracy close to what the best models reach.
SVM_OPENING = {**NOISY_MOONS, "p_svm_kernel": "rbf", "p_svm_gamma": 1.0, "p_svm_C": 1.0}

# Naive Bayes on the ID3 page's tennis table: the new day by maximum likelihood, then a value never
# seen with a class, then Laplace smoothing. The row is the page's ``nb_<table>_<feature>`` settings.
_TENNIS_ROW = {"id3_table": "tennis", "nb_tennis_outlook": "sunny", "nb_tennis_temperature": "cool",
               "nb_tennis_humidity": "high", "nb_tennis_wind": "strong"}
NAIVE_BAYES_HELP = ("The tennis row by maximum likelihood → a value never seen with a class zeroes it → Laplace "
                    "smoothing: each step loads its table, row and setting.")
NAIVE_BAYES = [
    Step("1 · the tennis row",
         "Maximum likelihood on the new day (sunny, cool, high, strong): score(yes) = 2/9 · 3/9 · 3/9 · 3/9 · 9/14 "
         "= 0.0053 against score(no) = 3/5 · 1/5 · 4/5 · 3/5 · 5/14 = 0.0206, so predict no (posterior 0.795).",
         {**_TENNIS_ROW, "nb_laplace": False}),
    Step("2 · a zero count",
         "Overcast never came with play = no (0/5), so P(overcast | no) = 0 wipes out score(no) "
         "whatever the other three features say.",
         {**_TENNIS_ROW, "nb_tennis_outlook": "overcast", "nb_laplace": False}),
    Step("3 · Laplace smoothing",
         "Every count + 1 and every denominator + V (outlook has V = 3 values): P(overcast | no) = 1/8, "
         "so one unseen pair no longer decides alone.",
         {**_TENNIS_ROW, "nb_tennis_outlook": "overcast", "nb_laplace": True}),
]
