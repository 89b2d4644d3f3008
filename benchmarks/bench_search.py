"""Grid search: mlcore's GridSearchCV against scikit-learn's (n_jobs=1) on the same folds.

Same moons data, same explicit 5 stratified folds, same grid, alternating the two searches so
machine noise hits both alike; prints a markdown table of medians and the median of the per-run
ratios (mlcore / scikit-learn; below 1 means mlcore is faster), and whether the best settings
and every mean score agree.

    python -m benchmarks.bench_search [--runs 5] [--n 500]
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
from sklearn.datasets import make_moons
from sklearn.model_selection import GridSearchCV as SkGridSearchCV
from sklearn.model_selection import StratifiedKFold
from sklearn.neighbors import KNeighborsClassifier as SkKNN
from sklearn.tree import DecisionTreeClassifier as SkTree

from mlcore.model_selection import GridSearchCV
from mlcore.neighbors import KNeighborsClassifier
from mlcore.tree import DecisionTreeClassifier

KS = [1, 3, 5, 7, 9, 15, 21, 31, 41, 51]
DEPTHS = [1, 2, 3, 4, 5, 6, 8, 10, 12, None]
LEAVES = [1, 2, 5, 10, 20]
# (name, mlcore search, scikit-learn search, how a scikit-learn setting names the mlcore one)
CASES = [
    ("kNN: k (10) x weights (2)",
     lambda cv: GridSearchCV(KNeighborsClassifier(), {"n_neighbors": KS, "weights": ["uniform", "distance"]}, cv=cv),
     lambda cv: SkGridSearchCV(SkKNN(), {"n_neighbors": KS, "weights": ["uniform", "distance"]}, cv=cv, n_jobs=1),
     lambda p: p),
    ("tree: max_depth (10) x min_samples_leaf (5)",
     lambda cv: GridSearchCV(DecisionTreeClassifier(), {"max_depth": DEPTHS, "min_samples_leaf": LEAVES}, cv=cv),
     lambda cv: SkGridSearchCV(SkTree(random_state=0), {"max_depth": DEPTHS, "min_samples_leaf": LEAVES}, cv=cv,
                               n_jobs=1),
     lambda p: p),
]


def timed(search, X, y) -> tuple[float, object]:
    start = time.perf_counter()
    search.fit(X, y)
    return time.perf_counter() - start, search


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--n", type=int, default=500)
    args = parser.parse_args()
    X, y = make_moons(n_samples=args.n, noise=0.3, random_state=0)
    folds = list(StratifiedKFold(5).split(X, y))
    print("| grid | fits | mlcore ms | scikit-learn ms | ratio | same best | equal mean scores |")
    print("|---|---:|---:|---:|---:|---|---|")
    for name, ours, theirs, rename in CASES:
        mine, sk, ratios = [], [], []
        for _ in range(args.runs):
            t_ours, fitted_ours = timed(ours(folds), X, y)
            t_sk, fitted_sk = timed(theirs(folds), X, y)
            mine.append(t_ours)
            sk.append(t_sk)
            ratios.append(t_ours / t_sk)
        same_best = fitted_ours.best_params_ == rename(fitted_sk.best_params_)
        # both grids list their candidates in the same (sorted-name) order
        agree = np.isclose(fitted_ours.cv_results_["mean_test_score"], fitted_sk.cv_results_["mean_test_score"],
                           rtol=0, atol=1e-12)
        fits = len(fitted_ours.cv_results_["params"]) * 5 + 1
        print(f"| {name} | {fits} | {1000 * statistics.median(mine):.0f} | {1000 * statistics.median(sk):.0f} | "
              f"{statistics.median(ratios):.2f} | {'yes' if same_best else 'no'} | {agree.sum()} of {agree.size} |")


if __name__ == "__main__":
    main()
