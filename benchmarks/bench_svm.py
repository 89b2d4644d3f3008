"""SVM pipeline timing: fit + 200x200 decision grid + figure JSON, mlcore SMO vs scikit-learn's SVC.

Same data (moons, noise 0.3), same hyperparameters (gamma resolved by the same "scale"
rule), runs alternated so machine noise hits both alike; prints medians and the
median of the per-run ratios. The "margin figure" column is mlcore's full SVM view
(regions + f = 0, ±1 contours + support-vector rings + slack hover), which LIBSVM has
no counterpart for.

    python -m benchmarks.bench_svm [--runs 7] [--n 500 2000]
"""

from __future__ import annotations

import argparse
import statistics
import time
from datetime import date
from functools import partial

import numpy as np
from sklearn.datasets import make_moons
from sklearn.svm import SVC as SkSVC

from mlcore.svm import SVC
from viz.decision import decision_figure
from viz.svm import margin_figure


def timed(make, X, y, figure=decision_figure):
    start = time.perf_counter()
    model = make().fit(X, y)
    fig = figure(model, X, y, resolution=200)
    fig.to_json()
    return time.perf_counter() - start, model


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--n", type=int, nargs="+", default=[500, 2000])
    args = parser.parse_args()
    print(f"Fit + 200x200 grid + figure JSON, moons noise 0.3, median of {args.runs} alternating runs, "
          f"{date.today()}\n")
    print("| kernel | C | n | SVs | mlcore ms | scikit-learn ms | ratio | mlcore with margin figure ms "
          "| predictions agree |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in args.n:
        X, y = make_moons(n_samples=n, noise=0.3, random_state=0)
        for kernel, C in (("rbf", 1.0), ("linear", 1.0), ("rbf", 100.0)):
            ours = partial(SVC, kernel=kernel, C=C, gamma="scale")
            ref = partial(SkSVC, kernel=kernel, C=C, gamma="scale")
            timed(ours, X, y), timed(ref, X, y)  # warm up
            a_s, b_s, r_s, m_s = [], [], [], []
            for _ in range(args.runs):
                a, model = timed(ours, X, y)
                b, sk = timed(ref, X, y)
                m, _ = timed(ours, X, y, margin_figure)
                a_s.append(a), b_s.append(b), r_s.append(a / b), m_s.append(m)
            agree = np.mean(model.predict(X) == sk.predict(X))
            print(f"| {kernel} | {C:g} | {n} | {len(model.support_)} | {statistics.median(a_s) * 1e3:.0f} "
                  f"| {statistics.median(b_s) * 1e3:.0f} | {statistics.median(r_s):.2f} "
                  f"| {statistics.median(m_s) * 1e3:.0f} | {agree:.1%} |", flush=True)


if __name__ == "__main__":
    main()
