"""The Bias-variance page's opening view and lecture steps (ui.core.presets draws them): noisy moons,
where the Bayes error is about 11%, so bias, variance and noise all show."""

from __future__ import annotations

from ui.core.presets import Step, dataset

NOISY_MOONS = dataset(data="moons", n=200, noise=0.35, seed=0)
ROUNDS = 100
_KNN = {"model": "knn", "p_knn_weights": "uniform", "p_knn_metric": "euclidean", "bv_complexity_knn": "k",
        "bv_rounds_knn": ROUNDS}
_TREE = {"model": "tree", "p_tree_criterion": "gini", "p_tree_min_samples_split": 2, "p_tree_min_samples_leaf": 1,
         "p_tree_min_impurity_decrease": 0.0, "p_tree_gain_ratio": False, "bv_complexity_tree": "max_depth",
         "bv_rounds_tree": ROUNDS}

OPENING = {**NOISY_MOONS, **_KNN, "p_knn_k": 5}
HELP = ("kNN with k = 1 → 15 → 49, then a tree of depth 1 → grown in full, on noisy moons: each step loads its "
        "dataset and settings. The curve under the chart sweeps the same setting.")
STEPS = [
    Step("kNN · k = 1", "Each model follows its own noisy points: the largest variance on the curve. Yet their vote is "
                        "close to the best possible classifier: bias under 3%.",
         {**NOISY_MOONS, **_KNN, "p_knn_k": 1}),
    Step("k = 15", "Fifteen neighbours vote: the models agree more (less than half the variance of k = 1), and the "
                   "expected loss is lower than at k = 1.",
         {**NOISY_MOONS, **_KNN, "p_knn_k": 15}),
    Step("k = 49", "A third of the training set votes: less than half the variance of k = 1, but the largest bias "
                   "on the curve.",
         {**NOISY_MOONS, **_KNN, "p_knn_k": 49}),
    Step("tree · depth 1", "One straight cut, the same mistakes whatever the sample: the largest bias on the curve.",
         {**NOISY_MOONS, **_TREE, "p_tree_max_depth": 1}),
    Step("full tree", "Every leaf pure: each tree boxes its own noisy points, the largest variance on the curve, and "
                      "an expected loss above that of depth 3.",
         {**NOISY_MOONS, **_TREE, "p_tree_max_depth": None}),
]
