"""What a slider change costs: fit + 200x200 decision grid + figure JSON.

For every registered model the same pipeline (viz.decision_figure and
fig.to_json) runs on an mlcore model and on its scikit-learn counterpart, on
the same moons data, alternating the two so machine noise hits both alike.
Prints a markdown table of medians and the median of the per-run ratios.

    python -m benchmarks.bench_models [--runs 7] [--n 500 2000] [--only knn svm]
"""

from __future__ import annotations

import argparse
import functools
import platform
import statistics
import time
from datetime import date

import numpy as np
from sklearn.datasets import make_moons

from benchmarks.counterparts import COUNTERPARTS
from catalog.models import MODELS
from viz.decision import decision_figure


def pipeline(model, X, y):
    model.fit(X, y)
    fig = decision_figure(model, X, y, resolution=200)
    return len(fig.to_json())


def timed(model, X, y):
    start = time.perf_counter()
    pipeline(model, X, y)
    return time.perf_counter() - start


def run(keys, sizes, runs):
    rows = []
    for n in sizes:
        X, y = make_moons(n_samples=n, noise=0.3, random_state=0)
        for key in keys:
            case = COUNTERPARTS.get(key)
            if case is None:
                rows.append((key, n, None, None, None, "no scikit-learn counterpart"))
                continue
            ours_params, make_ref, note = case
            ours = functools.partial(MODELS[key].make, **ours_params)
            timed(ours(), X, y), timed(make_ref(), X, y)  # warm up
            t_ours, t_ref, ratios = [], [], []
            for _ in range(runs):
                a = timed(ours(), X, y)
                b = timed(make_ref(), X, y)
                t_ours.append(a), t_ref.append(b), ratios.append(a / b)
            agree = np.mean(ours().fit(X, y).predict(X) == make_ref().fit(X, y).predict(X))
            rows.append((key, n, statistics.median(t_ours), statistics.median(t_ref),
                         statistics.median(ratios), f"{note}; train predictions agree {agree:.1%}"))
    return rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--n", type=int, nargs="+", default=[500, 2000])
    parser.add_argument("--only", nargs="+", default=None)
    args = parser.parse_args()
    keys = args.only or sorted(MODELS)
    rows = run(keys, args.n, args.runs)
    print(f"Fit + 200x200 grid + figure JSON, moons noise 0.3, median of {args.runs} alternating runs; "
          f"{date.today()}, {platform.machine()}, {platform.python_version()}, 2 cores (shared)\n")
    print("| model | n | mlcore ms | scikit-learn ms | ratio | notes |")
    print("|---|---:|---:|---:|---:|---|")
    for key, n, a, b, r, note in rows:
        if a is None:
            print(f"| {key} | {n} | | | | {note} |")
        else:
            print(f"| {key} | {n} | {a * 1e3:.0f} | {b * 1e3:.0f} | {r:.2f} | {note} |")


if __name__ == "__main__":
    main()
