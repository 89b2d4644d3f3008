"""Sequential feature selection: mlcore's SequentialFeatureSelector against scikit-learn's, same folds.

What the Features page computes when its wrapper settings change: forward selection, on moons
(n = 200, noise 0.3, the page's 70% training split = 140 points) with
extra noise features, 5-fold stratified CV (cv=5: the same folds for both), with kNN (k = 5),
a decision tree and logistic regression. Runs alternate, medians of several runs and the
median of the per-run ratios (mlcore / scikit-learn; below 1 means mlcore is faster); the
selected features are compared too.

    python -m benchmarks.bench_feature_selection [--runs 5] [--extra 4 10]
"""

from __future__ import annotations

import argparse
import statistics
import time
from datetime import date

import numpy as np
from sklearn.feature_selection import SequentialFeatureSelector as SkSFS
from sklearn.linear_model import LogisticRegression as SkLogistic
from sklearn.neighbors import KNeighborsClassifier as SkKNN
from sklearn.tree import DecisionTreeClassifier as SkTree

from mlcore.datasets import make_dataset, train_test_split
from mlcore.feature_selection import SequentialFeatureSelector
from mlcore.linear_model import LogisticRegression
from mlcore.neighbors import KNeighborsClassifier
from mlcore.tree import DecisionTreeClassifier

MODELS = {
    "knn": (lambda: KNeighborsClassifier(n_neighbors=5), lambda: SkKNN(n_neighbors=5)),
    "tree": (lambda: DecisionTreeClassifier(random_state=0), lambda: SkTree(random_state=0)),
    "logistic": (lambda: LogisticRegression(), lambda: SkLogistic()),
}


def timed(selector, X, y):
    start = time.perf_counter()
    support = selector.fit(X, y).get_support()
    return time.perf_counter() - start, support


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--extra", type=int, nargs="+", default=[4, 10])
    args = parser.parse_args()
    print(f"Forward selection to k features, moons n=200 (140 train), 5-fold CV on the same folds, "
          f"median of {args.runs} alternating runs, {date.today()}\n")
    print("| model | d | k | subsets | mlcore ms | scikit-learn ms | ratio | same features |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for extra in args.extra:
        X, y = make_dataset("moons", n=200, noise=0.3, seed=0, extra_features=extra)
        X, _, y, _ = train_test_split(X, y, test_size=0.3, random_state=0, stratify=y)
        d = X.shape[1]
        for key, (ours, ref) in MODELS.items():
            for k in (2, d - 1):
                times_a, times_b, ratios, same = [], [], [], True
                for _ in range(args.runs):
                    a, support_a = timed(SequentialFeatureSelector(ours(), n_features_to_select=k), X, y)
                    b, support_b = timed(SkSFS(ref(), n_features_to_select=k, cv=5), X, y)
                    times_a.append(a), times_b.append(b), ratios.append(a / b)
                    same = same and bool(np.array_equal(support_a, support_b))
                subsets = sum(d - i for i in range(k))
                print(f"| {key} | {d} | {k} | {subsets} | {1000 * statistics.median(times_a):.0f} | "
                      f"{1000 * statistics.median(times_b):.0f} | {statistics.median(ratios):.2f} | "
                      f"{'yes' if same else 'no'} |", flush=True)

if __name__ == "__main__":
    main()
