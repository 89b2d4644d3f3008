"""Rademacher estimate by random labels: mlcore.theory.empirical_rademacher against the same
procedure on scikit-learn's estimators (clone, fit on random ±1 labels, training error).

m = 200 points of moons (noise 0.3), 20 label draws, the same labels for both; runs alternate
so machine noise hits both alike. Prints a markdown table of medians, the median of the
per-run ratios, and both estimates (they should agree within the spread of the draws).

    python -m benchmarks.bench_theory [--runs 7] [--m 200] [--draws 20]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from datetime import UTC, datetime

import numpy as np
from sklearn.base import clone as sk_clone
from sklearn.datasets import make_moons

from benchmarks.counterparts import COUNTERPARTS
from catalog.models import MODELS
from mlcore.theory import empirical_rademacher

KEYS = ("knn", "tree", "logistic")
TARGET_S = 2.0


def sklearn_rademacher(estimator, X, n_draws, random_state):
    """The procedure of empirical_rademacher, written on scikit-learn estimators (same coins)."""
    rng = np.random.default_rng(random_state)
    signs = rng.choice(np.array([-1, 1]), size=(n_draws, len(X)))
    values = []
    for sigma in signs:
        model = sk_clone(estimator).fit(X, sigma)
        values.append(0.5 - float(np.mean(model.predict(X) != sigma)))
    return float(np.mean(values))


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--m", type=int, default=200)
    parser.add_argument("--draws", type=int, default=20)
    args = parser.parse_args()
    X, _ = make_moons(n_samples=args.m, noise=0.3, random_state=0)
    print(f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, Python {platform.python_version()}, "
          f"m = {args.m}, {args.draws} label draws, median of {args.runs} alternating runs\n")
    print("| model | mlcore s | scikit-learn s | ratio | R̂ mlcore | R̂ scikit-learn | within 2 s |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for key in KEYS:
        ours_params, make_ref, note = COUNTERPARTS[key]
        ours = MODELS[key].make(**ours_params)
        ref = make_ref()

        def run_ours(ours=ours):
            return empirical_rademacher(ours, X, args.draws, random_state=0).value

        def run_ref(ref=ref):
            return sklearn_rademacher(ref, X, args.draws, random_state=0)

        run_ours(), run_ref()  # warm up
        t_ours, t_ref, ratios = [], [], []
        for _ in range(args.runs):
            a, value_ours = timed(run_ours)
            b, value_ref = timed(run_ref)
            t_ours.append(a), t_ref.append(b), ratios.append(a / b)
        ours_s = statistics.median(t_ours)
        print(f"| {key} ({note}) | {ours_s:.3f} | {statistics.median(t_ref):.3f} | "
              f"{statistics.median(ratios):.2f} | {value_ours:.3f} | {value_ref:.3f} | "
              f"{'yes' if ours_s <= TARGET_S else 'NO'} |")


if __name__ == "__main__":
    main()
