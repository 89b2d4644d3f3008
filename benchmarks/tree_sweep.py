"""Same trees as an earlier version? A configuration sweep, node array by node array.

Imports the earlier mlcore from a checkout given on the command line (say a
throwaway worktree: ``git worktree add /tmp/old f0bd743``) under the name
``mlcore_old``, and this checkout's mlcore as usual; fits both on the same data
with the same settings and compares the node arrays (feature, threshold,
children, values, point counts) bit for bit:

* single trees: datasets from ``mlcore.datasets`` (several generators, n, noise,
  2-4 classes, coordinates rounded so that values repeat and points coincide),
  gini / entropy / misclassification, max_depth, min_samples_split / leaf,
  min_impurity_decrease, gain_ratio, max_features, the random splitter, and
  sample weights (none, whole numbers, fractions, some zeros);
* random forests, extra-trees, bagging of trees and AdaBoost with several seeds.

Weights that are zero or not whole numbers are reported apart: there the trees
are expected to differ (a point of weight 0 no longer places thresholds, and
fractional weights are summed in another order). So is the misclassification
criterion: since issue 14 its equal-cost cuts are told apart by the Gini impurity.

    python benchmarks/tree_sweep.py /tmp/old [--trees 4000] [--ensembles 1500] [--seed 0]
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from mlcore.datasets import make_dataset  # noqa: E402

ARRAYS = ("feature", "threshold", "children_left", "children_right", "value", "n_node_samples")
GENERATORS = {"blobs": (2, 4), "moons": (2, 2), "circles": (2, 2), "xor": (2, 2), "spirals": (2, 3),
              "linear": (2, 2), "checkerboard": (2, 2)}


def load_old(checkout: Path):
    """The mlcore package of ``checkout``, imported as ``mlcore_old``."""
    init = checkout / "mlcore" / "__init__.py"
    spec = importlib.util.spec_from_file_location("mlcore_old", init,
                                                  submodule_search_locations=[str(init.parent)])
    module = importlib.util.module_from_spec(spec)
    sys.modules["mlcore_old"] = module
    spec.loader.exec_module(module)
    tree = importlib.import_module("mlcore_old.tree")
    ensemble = importlib.import_module("mlcore_old.ensemble")
    return tree, ensemble


def datasets(rng, count):
    """``count`` datasets: (description, X, y)."""
    out = []
    names = list(GENERATORS)
    while len(out) < count:
        name = names[rng.integers(len(names))]
        lo, hi = GENERATORS[name]
        k = int(rng.integers(lo, hi + 1))
        n = int(rng.choice([12, 30, 80, 200, 500]))
        noise = float(rng.choice([0.0, 0.1, 0.4]))
        seed = int(rng.integers(1000))
        try:
            X, y = make_dataset(name, n=max(n, 2 * k), noise=noise, seed=seed, n_classes=k)
        except ValueError:
            continue
        decimals = rng.choice([None, 1, 0])        # rounding makes ties and duplicate points
        if decimals is not None:
            X = np.round(X, int(decimals))
        out.append((f"{name} n={len(y)} K={k} noise={noise} round={decimals}", X, y))
    return out


def weights(rng, n, kind):
    if kind == "none":
        return None
    if kind == "whole":
        return rng.integers(1, 4, n).astype(float)
    if kind == "zeros":
        w = rng.integers(0, 3, n).astype(float)
        w[0] = 1.0
        return w
    return rng.uniform(0.2, 3.0, n)


def tree_configs(rng, count):
    grid = dict(criterion=["gini", "entropy", "misclassification"], max_depth=[None, 1, 3, 6],
                min_samples_split=[2, 5, 20], min_samples_leaf=[1, 2, 7], min_impurity_decrease=[0.0, 0.005, 0.05],
                gain_ratio=[False, True], max_features=[None, 1], splitter=["best", "best", "random"],
                weights=["none", "none", "whole", "zeros", "fractions"])
    for _ in range(count):
        yield {key: values[rng.integers(len(values))] for key, values in grid.items()}


def same(a, b) -> tuple[bool, bool]:
    """(every node array equal to the bit, the same splits: feature, threshold, children)."""
    if a.feature.size != b.feature.size:
        return False, False
    splits = all(np.array_equal(getattr(a, k), getattr(b, k)) for k in ARRAYS[:4])
    return splits and all(np.array_equal(getattr(a, k), getattr(b, k)) for k in ARRAYS[4:]), splits


def sweep_trees(old_tree, new_tree, data, rng, count):
    results = {}
    for i, cfg in enumerate(tree_configs(rng, count)):
        _, X, y = data[i % len(data)]
        kind = cfg.pop("weights")
        w = weights(rng, len(y), kind)
        params = dict(cfg, random_state=int(rng.integers(100)))
        a = old_tree.DecisionTreeClassifier(**params).fit(X, y, sample_weight=w).tree_
        b = new_tree.DecisionTreeClassifier(**params).fit(X, y, sample_weight=w).tree_
        group = {"none": "tree, no weights", "whole": "tree, whole-number weights",
                 "zeros": "tree, weights with zeros (expected to differ)",
                 "fractions": "tree, fractional weights (expected to differ)"}[kind]
        if cfg["criterion"] == "misclassification":
            group = "tree, misclassification (ties broken by Gini since issue 14: expected to differ)"
        results.setdefault(group, []).append(same(a, b))
    return results


def _bagging(module, tree, **kw):
    cls = module.BaggingClassifier
    key = "estimator" if "estimator" in cls().get_params() else "base"
    return cls(**{key: tree}, **kw)


def ensemble_models(tree_mod, ens_mod, cfg, seed):
    kind = cfg["kind"]
    common = dict(criterion=cfg["criterion"], max_depth=cfg["max_depth"], min_samples_leaf=cfg["min_samples_leaf"])
    if kind == "random_forest":
        return ens_mod.RandomForestClassifier(n_estimators=cfg["trees"], max_features=cfg["max_features"],
                                              random_state=seed, **common)
    if kind == "extra_trees":
        return ens_mod.ExtraTreesClassifier(n_estimators=cfg["trees"], max_features=cfg["max_features"],
                                            bootstrap=cfg["bootstrap"], random_state=seed, **common)
    if kind == "bagging":
        tree = tree_mod.DecisionTreeClassifier(splitter=cfg["splitter"], min_impurity_decrease=cfg["mid"], **common)
        return _bagging(ens_mod, tree, n_estimators=cfg["trees"], max_samples=cfg["max_samples"],
                        bootstrap=cfg["bootstrap"], random_state=seed)
    depth = cfg["max_depth"] or 1
    if "estimator" in ens_mod.AdaBoostClassifier().get_params():
        return ens_mod.AdaBoostClassifier(estimator=tree_mod.DecisionTreeClassifier(max_depth=depth),
                                          n_estimators=cfg["trees"] * 2, random_state=seed)
    return ens_mod.AdaBoostClassifier(n_estimators=cfg["trees"] * 2, max_depth=depth, random_state=seed)


def sweep_ensembles(old, new, data, rng, count):
    grid = dict(kind=["random_forest", "extra_trees", "bagging", "adaboost"], trees=[1, 5, 20],
                criterion=["gini", "entropy", "misclassification"], max_depth=[None, 1, 2, 4],
                min_samples_leaf=[1, 3], max_features=["sqrt", None, 1], bootstrap=[True, False],
                splitter=["best", "random"], mid=[0.0, 0.01], max_samples=[1.0, 0.5])
    results = {}
    for i in range(count):
        cfg = {key: values[rng.integers(len(values))] for key, values in grid.items()}
        _, X, y = data[i % len(data)]
        seed = int(rng.integers(1000))
        a = ensemble_models(*old, cfg, seed).fit(X, y)._forest
        b = ensemble_models(*new, cfg, seed).fit(X, y)._forest
        bits, splits = same(a, b)
        ok = bits and np.array_equal(a.tree_start, b.tree_start)
        group = cfg["kind"]
        if cfg["criterion"] == "misclassification" and cfg["kind"] != "adaboost":
            group += ", misclassification (expected to differ)"
        results.setdefault(group, []).append((ok, splits))
        if not ok and "expected to differ" not in group:
            print("differs:", data[i % len(data)][0], cfg, "seed", seed)
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old_checkout", type=Path)
    parser.add_argument("--trees", type=int, default=4000)
    parser.add_argument("--ensembles", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    old = load_old(args.old_checkout.resolve())
    import mlcore.ensemble as new_ensemble
    import mlcore.tree as new_tree

    rng = np.random.default_rng(args.seed)
    data = datasets(rng, 60)
    start = time.perf_counter()
    results = sweep_trees(old[0], new_tree, data, rng, args.trees)
    results.update(sweep_ensembles(old, (new_tree, new_ensemble), data, rng, args.ensembles))
    total_same = total = 0
    print("| configurations | identical node arrays (bitwise) | same splits (feature, threshold, children) |\n"
          "|---|---|---|")
    for group, pairs in results.items():
        bits = sum(b for b, _ in pairs)
        print(f"| {group} | {bits}/{len(pairs)} | {sum(s for _, s in pairs)}/{len(pairs)} |")
        if "expected to differ" not in group:
            total_same += bits
            total += len(pairs)
    print(f"\nexpected identical: {total_same}/{total} identical "
          f"({time.perf_counter() - start:.0f} s)")
    return 0 if total_same == total else 1


if __name__ == "__main__":
    sys.exit(main())

