"""The tree models against scikit-learn: what a slider change costs, in one process.

For the decision tree, random forest, extra-trees, AdaBoost and bagging of trees, the
pipeline of ``benchmarks/bench_models.py`` (fit + 200x200 decision grid + figure JSON)
with the settings of ``benchmarks/counterparts.py``, alternating mlcore and
scikit-learn so that machine noise hits both alike. Times are CPU time of this
process: the machine is shared, and wall time counts the other processes' turns too
(the pipeline is single-threaded). Prints the medians and the median of the per-run
ratios mlcore / scikit-learn, then the fit alone of the single tree: the fast grower,
the recursive reference (``mlcore.tree.build_reference_tree``) and scikit-learn.

    python -m benchmarks.bench_tree [--runs 7] [--n 500 2000] [--only tree adaboost]
"""

from __future__ import annotations

import argparse
import functools
import platform
import statistics
import time
from datetime import date

from sklearn.datasets import make_moons
from sklearn.tree import DecisionTreeClassifier as SkTree

from benchmarks.bench_models import pipeline
from benchmarks.counterparts import COUNTERPARTS
from catalog.models import MODELS
from mlcore.tree import DecisionTreeClassifier, build_reference_tree

KEYS = ("tree", "random_forest", "extra_trees", "adaboost", "bagging")


def cpu_time(job) -> float:
    start = time.process_time()
    job()
    return time.process_time() - start


def alternate(jobs, runs: int) -> list[list[float]]:
    """CPU times of ``runs`` rounds, each running every job once in turn (after one warm-up round)."""
    for job in jobs:
        job()
    times = [[] for _ in jobs]
    for _ in range(runs):
        for job, out in zip(jobs, times, strict=True):
            out.append(cpu_time(job))
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--n", type=int, nargs="+", default=[500, 2000])
    parser.add_argument("--only", nargs="+", default=list(KEYS), choices=KEYS)
    args = parser.parse_args()
    print(f"Fit + 200x200 grid + figure JSON, moons noise 0.3, median of {args.runs} alternating runs (CPU time); "
          f"{date.today()}, {platform.machine()}, {platform.python_version()}\n")
    print("| model | n | mlcore ms | scikit-learn ms | mlcore / scikit-learn |\n|---|---:|---:|---:|---:|")
    for n in args.n:
        X, y = make_moons(n_samples=n, noise=0.3, random_state=0)
        for key in args.only:
            ours_params, make_theirs, _ = COUNTERPARTS[key]
            make_ours = functools.partial(MODELS[key].make, **ours_params)
            ours, theirs = alternate([functools.partial(pipeline, make(), X, y) for make in (make_ours, make_theirs)],
                                     args.runs)
            ratio = statistics.median(a / b for a, b in zip(ours, theirs, strict=True))
            print(f"| {key} | {n} | {1e3 * statistics.median(ours):.1f} | {1e3 * statistics.median(theirs):.1f} "
                  f"| {ratio:.2f} |", flush=True)
    print("\nThe single tree's fit alone (ms):\n\n| n | fast grower | reference | scikit-learn |\n"
          "|---:|---:|---:|---:|")
    for n in args.n:
        X, y = make_moons(n_samples=n, noise=0.3, random_state=0)
        fast, reference, theirs = alternate([functools.partial(DecisionTreeClassifier().fit, X, y),
                                             functools.partial(build_reference_tree, X, y),
                                             functools.partial(SkTree(random_state=0).fit, X, y)], args.runs)
        print(f"| {n} | {1e3 * statistics.median(fast):.1f} | {1e3 * statistics.median(reference):.0f} "
              f"| {1e3 * statistics.median(theirs):.1f} |", flush=True)


if __name__ == "__main__":
    main()
