"""Model selection timing.

1. A 5-fold validation curve of 10 values for kNN (k), a tree (max_depth) and logistic
   regression (C) at n = 500 on moons: ``mlcore.model_selection.validation_curve`` against
   scikit-learn's ``validation_curve`` (n_jobs=1) with the equivalent estimators, the same
   stratified folds, alternating the two in one process. Median times and the median of the
   per-run ratios (mlcore / scikit-learn; below 1 means mlcore is faster), plus how often the
   two agree on the validation fold scores.
2. The Playground's learning-curve panel: 5 folds x 8 sizes on the training set of a
   500-point moons dataset (350 training points at the default test fraction 0.3), every
   registered model with its catalog defaults, the learning curve and its figure JSON (what
   ``ui.model_selection.curve_runs.learning`` and the panel do, without Streamlit). Median and max wall time per
   model, and the median CPU time of the process (less sensitive to other load on the machine).

    python -m benchmarks.bench_model_selection [--runs 5] [--only-curves | --only-panel]
"""

from __future__ import annotations

import argparse
import functools
import os
import platform
import statistics
import time
from datetime import UTC, datetime

import numpy as np
from sklearn import model_selection as skms
from sklearn.linear_model import LogisticRegression as SkLogistic
from sklearn.neighbors import KNeighborsClassifier as SkKNN
from sklearn.tree import DecisionTreeClassifier as SkTree

from catalog.models import MODELS
from mlcore.datasets import make_dataset, train_test_split
from mlcore.linear_model import LogisticRegression
from mlcore.model_selection import StratifiedKFold, learning_curve, validation_curve
from mlcore.neighbors import KNeighborsClassifier
from mlcore.tree import DecisionTreeClassifier
from viz.curves import learning_curve_figure

CURVES = [
    ("knn", "n_neighbors", KNeighborsClassifier(), "n_neighbors", SkKNN(), list(range(1, 30, 3))),
    ("tree", "max_depth", DecisionTreeClassifier(), "max_depth", SkTree(random_state=0), list(range(1, 11))),
    ("logistic", "C", LogisticRegression(), "C", SkLogistic(), [float(c) for c in np.logspace(-3, 3, 10)]),
]


def _clock(fn):
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def bench_curves(runs: int):
    X, y = make_dataset("moons", n=500, noise=0.3, seed=0)
    rows = []
    for key, name, ours, sk_name, theirs, values in CURVES:
        run_ours = functools.partial(validation_curve, ours, X, y, param_name=name, param_range=values, cv=5)
        run_theirs = functools.partial(skms.validation_curve, theirs, X, y, param_name=sk_name,
                                       param_range=values, cv=5, n_jobs=1)

        run_ours(), run_theirs()  # warm up
        t_ours, t_theirs, ratios = [], [], []
        for _ in range(runs):
            a, (_, test_ours) = _clock(run_ours)
            b, (_, test_theirs) = _clock(run_theirs)
            t_ours.append(a), t_theirs.append(b), ratios.append(a / b)
        agree = float(np.mean(np.isclose(test_ours, test_theirs, rtol=0, atol=1e-12)))
        rows.append((key, name, len(values), statistics.median(t_ours) * 1e3, statistics.median(t_theirs) * 1e3,
                     statistics.median(ratios), min(ratios), max(ratios), agree))
    print(f"\n### 5-fold validation curve, 10 values, moons n = 500 ({runs} alternating runs)\n")
    print("| model | parameter | values | mlcore ms | scikit-learn ms | ratio (median) | ratio range "
          "| fold scores equal |")
    print("|---|---|---:|---:|---:|---:|---|---:|")
    for key, name, k, a, b, r, lo, hi, agree in rows:
        print(f"| {key} | {name} | {k} | {a:.0f} | {b:.0f} | {r:.2f} | {lo:.2f}–{hi:.2f} | {agree:.0%} |")


def _panel(spec, X_train, y_train, sizes):
    curve = learning_curve(spec.make(), X_train, y_train, train_sizes=sizes,
                           cv=StratifiedKFold(5, shuffle=True, random_state=0), shuffle=True, random_state=0)
    return len(learning_curve_figure(*curve, target=0.9, height=250).to_json())


def bench_panel(runs: int):
    X, y = make_dataset("moons", n=500, noise=0.3, seed=0)
    X_train, _, y_train, _ = train_test_split(X, y, test_size=0.3, random_state=0, stratify=y)
    sizes = np.linspace(0.1, 1.0, 8)
    rows = []
    for key, spec in MODELS.items():
        panel = functools.partial(_panel, spec, X_train, y_train, sizes)
        panel()  # warm up
        times, cpu = [], []
        for _ in range(runs):
            start = time.process_time()
            times.append(_clock(panel)[0])
            cpu.append(time.process_time() - start)
        rows.append((key, statistics.median(times) * 1e3, max(times) * 1e3, statistics.median(cpu) * 1e3))
    print(f"\n### Playground learning-curve panel: 5 folds x 8 sizes, {len(y_train)} training points "
          f"(moons n = 500), {runs} runs\n")
    print("| model | median ms | max ms | median CPU ms |")
    print("|---|---:|---:|---:|")
    for key, median, worst, cpu in rows:
        print(f"| {key} | {median:.0f} | {worst:.0f} | {cpu:.0f} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only-curves", action="store_true")
    parser.add_argument("--only-panel", action="store_true")
    args = parser.parse_args()
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    load = ", ".join(f"{v:.1f}" for v in os.getloadavg())
    print(f"{now}, {platform.machine()}, Python {platform.python_version()}, numpy {np.__version__}, load {load}")
    if not args.only_panel:
        bench_curves(args.runs)
    if not args.only_curves:
        bench_panel(args.runs)


if __name__ == "__main__":
    main()
