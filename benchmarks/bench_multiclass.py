"""Multi-class reductions and Crammer–Singer against scikit-learn, in one process.

    python -m benchmarks.bench_multiclass [--runs 7]

* One-vs-rest and one-vs-one around logistic regression (C = 1, each library's default
  solver and tolerance): fit + decision_function on the 200 x 200 grid, on K Gaussian blobs.
* Crammer–Singer: mlcore.svm.LinearSVC (interior point, stops at duality gap <= tol * P) against
  LinearSVC(multi_class="crammer_singer") (LIBLINEAR's dual coordinate method) at the same C and
  tol = 1e-4, default max_iter for both; fit only. Both objectives are computed by one formula.

Runs alternate (mlcore, scikit-learn, mlcore, ...); the table gives the medians and the median of
the per-run ratios (mlcore / scikit-learn; below 1 means mlcore is faster).
"""

from __future__ import annotations

import argparse
import time
import warnings
from functools import partial

import numpy as np
from sklearn.linear_model import LogisticRegression as SkLogistic
from sklearn.multiclass import OneVsOneClassifier as SkOvO
from sklearn.multiclass import OneVsRestClassifier as SkOvR
from sklearn.svm import LinearSVC as SkLinearSVC

from mlcore.datasets import make_dataset
from mlcore.linear_model import LogisticRegression
from mlcore.multiclass import OneVsOneClassifier, OneVsRestClassifier
from mlcore.svm import LinearSVC, crammer_singer_objective
from viz.grid import grid_points

GRID = grid_points(np.linspace(-3, 3, 200), np.linspace(-3, 3, 200))


def _time(work) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def _fit_and_grid(wrapper, logistic, X, y):
    wrapper(logistic(C=1.0)).fit(X, y).decision_function(GRID)


def _fit_quietly(model, X, y):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # LIBLINEAR's ConvergenceWarning at max_iter
        return model.fit(X, y)


def alternate(ours, theirs, runs: int):
    """Median times (ms) and the median per-run ratio of two callables run alternately."""
    ours(), theirs()  # warm up imports and caches
    a, b = [], []
    for _ in range(runs):
        a.append(_time(ours))
        b.append(_time(theirs))
    a, b = np.array(a), np.array(b)
    return 1e3 * np.median(a), 1e3 * np.median(b), float(np.median(a / b))


def wrappers(runs: int) -> list[str]:
    rows = []
    for n, K in ((500, 4), (2000, 6)):
        X, y = make_dataset("blobs", n=n, noise=0.6, n_classes=K, seed=0)
        for name, ours_cls, theirs_cls in (("one-vs-rest", OneVsRestClassifier, SkOvR),
                                           ("one-vs-one", OneVsOneClassifier, SkOvO)):
            ours = partial(_fit_and_grid, ours_cls, LogisticRegression, X, y)
            theirs = partial(_fit_and_grid, theirs_cls, SkLogistic, X, y)
            mine = ours_cls(LogisticRegression(C=1.0)).fit(X, y)
            ref = theirs_cls(SkLogistic(C=1.0)).fit(X, y)
            agree = np.mean(mine.predict(GRID) == ref.predict(GRID))
            t_ours, t_theirs, ratio = alternate(ours, theirs, runs)
            rows.append(f"| {name} logistic | {n} | {K} | {t_ours:.0f} | {t_theirs:.0f} | {ratio:.2f} | "
                        f"grid predictions agree {agree:.1%} |")
    return rows


def crammer_singer(runs: int) -> list[str]:
    rows = []
    tol = 1e-4
    for n, K in ((500, 4), (2000, 6)):
        X, y = make_dataset("blobs", n=n, noise=0.6, n_classes=K, seed=0)
        Xb = np.hstack([X, np.ones((n, 1))])
        for C in (0.1, 1.0, 10.0):
            ours = partial(_fit_quietly, LinearSVC(C=C, multi_class="crammer_singer", tol=tol), X, y)
            theirs = partial(_fit_quietly, SkLinearSVC(C=C, multi_class="crammer_singer", tol=tol, random_state=0),
                             X, y)
            mine, ref = ours(), theirs()
            ours_p = crammer_singer_objective(np.hstack([mine.coef_, mine.intercept_[:, None]]), Xb, y, C)
            theirs_p = crammer_singer_objective(np.hstack([ref.coef_, ref.intercept_[:, None]]), Xb, y, C)
            t_ours, t_theirs, ratio = alternate(ours, theirs, runs)
            stopped = "LIBLINEAR at max_iter" if ref.n_iter_ >= ref.max_iter else f"LIBLINEAR {ref.n_iter_} passes"
            rows.append(f"| Crammer–Singer C={C:g} | {n} | {K} | {t_ours:.1f} | {t_theirs:.1f} | {ratio:.2f} | "
                        f"P ours / P LIBLINEAR − 1 = {ours_p / theirs_p - 1:+.1e}; "
                        f"gap/P {mine.duality_gap_ / ours_p:.0e}; "
                        f"{stopped} |")
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    print("| model | n | K | mlcore ms | scikit-learn ms | ratio | notes |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for row in wrappers(args.runs) + crammer_singer(args.runs):
        print(row, flush=True)


if __name__ == "__main__":
    main()
