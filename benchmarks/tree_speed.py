"""The tree models' pipeline time against an earlier version, in one process.

Imports the earlier mlcore from a checkout given on the command line (as
``benchmarks/tree_sweep.py`` does) and times, for the single tree, random
forest, extra-trees, AdaBoost and bagging of trees, the pipeline of
``benchmarks/bench_models.py`` (fit + 200x200 decision grid + figure JSON) with
the catalog's settings, alternating old and new so that machine noise hits both
alike. Prints the medians (CPU time) and the median of the per-run ratios new / old.

    python benchmarks/tree_speed.py /tmp/old [--runs 9] [--n 500 2000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_models import pipeline  # noqa: E402
from counterparts import COUNTERPARTS  # noqa: E402
from sklearn.datasets import make_moons  # noqa: E402
from tree_sweep import load_old  # noqa: E402

from catalog.models import MODELS  # noqa: E402

KEYS = ("tree", "random_forest", "extra_trees", "adaboost", "bagging")
CLASSES = {"tree": ("tree", "DecisionTreeClassifier"), "random_forest": ("ensemble", "RandomForestClassifier"),
           "extra_trees": ("ensemble", "ExtraTreesClassifier"), "adaboost": ("ensemble", "AdaBoostClassifier"),
           "bagging": ("ensemble", "BaggingClassifier")}


def makers(key, old_tree, old_ensemble):
    """(make old model, make new model) with the catalog's settings for ``key``."""
    params = MODELS[key].make(**COUNTERPARTS[key][0]).get_params(deep=False)

    def new():
        return MODELS[key].make(**COUNTERPARTS[key][0])

    def old():
        module = old_tree if CLASSES[key][0] == "tree" else old_ensemble
        p = dict(params)
        tree = p.pop("estimator", None)
        if tree is not None and key == "bagging":    # the earlier API: base=<instance or key>
            p["base"] = old_tree.DecisionTreeClassifier(**tree.get_params(deep=False))
        elif tree is not None:                      # AdaBoost: the earlier API took max_depth
            p["max_depth"] = tree.max_depth
        return getattr(module, CLASSES[key][1])(**p)

    return old, new


def timed(make, X, y):
    # CPU time of this process: the machine is shared, and wall time counts the other
    # processes' turns too (the pipeline is single-threaded)
    start = time.process_time()
    pipeline(make(), X, y)
    return time.process_time() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old_checkout", type=Path)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--n", type=int, nargs="+", default=[500, 2000])
    parser.add_argument("--only", nargs="+", default=list(KEYS))
    args = parser.parse_args()
    old_tree, old_ensemble = load_old(args.old_checkout.resolve())
    print("| model | n | old ms | new ms | new / old (median of ratios) |\n|---|---|---|---|---|")
    for n in args.n:
        X, y = make_moons(n_samples=n, noise=0.3, random_state=0)
        for key in args.only:
            old, new = makers(key, old_tree, old_ensemble)
            timed(old, X, y), timed(new, X, y)          # warm up
            t_old, t_new, ratios = [], [], []
            for _ in range(args.runs):
                a, b = timed(old, X, y), timed(new, X, y)
                t_old.append(a), t_new.append(b), ratios.append(b / a)
            print(f"| {key} | {n} | {1e3 * statistics.median(t_old):.1f} | {1e3 * statistics.median(t_new):.1f} "
                  f"| {statistics.median(ratios):.3f} |", flush=True)


if __name__ == "__main__":
    main()
