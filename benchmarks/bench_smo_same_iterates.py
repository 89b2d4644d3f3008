"""Same iterates: this checkout's solve_dual against an older checkout's, bit for bit.

Runs both on many binary problems (moons, circles, blobs, XOR, linear from
mlcore.datasets; linear, poly, rbf and sigmoid kernels; C from 0.01 to 1000 and inf;
shrinking on and off; the free-set Newton step on and off; cold and warm starts; several
max_iter cut-offs, some in the middle of the path) and asserts that beta, b, the
objective, the gap, n_iter and the status (converged, stopped, or NotSeparable raised) are
identical to the last bit. Then times both on the fits of benchmarks/bench_svm_reference.py
and of benchmarks/bench_svm.py, alternating in one process.

    git worktree add /tmp/old-smo <commit>
    python -m benchmarks.bench_smo_same_iterates /tmp/old-smo [--n 60 150] [--runs 5] [--no-timing]
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from pathlib import Path

import numpy as np

from mlcore.datasets import make_dataset
from mlcore.metrics.pairwise import GramRows, check_kernel_params
from mlcore.svm import _smo as new_smo

KERNELS = ("linear", "poly", "rbf", "sigmoid")
CS = (0.01, 0.1, 1.0, 10.0, 100.0, 1000.0, np.inf)


def load_old(checkout: Path):
    """The old mlcore.svm._smo, loaded under another name (it imports numpy only)."""
    path = checkout / "mlcore" / "svm" / "_smo.py"
    spec = importlib.util.spec_from_file_location("old_smo", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["old_smo"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def binary_problem(name, n, seed):
    """X and labels +-1 in the order SVC hands them to solve_dual (reversed, first class +1)."""
    X, y = make_dataset(name, n=n, noise=0.2, seed=seed)
    order = np.concatenate([np.flatnonzero(y == 0), np.flatnonzero(y == 1)])[::-1]
    return X[order], np.where(y[order] == 0, 1.0, -1.0)


def gram_maker(X, kfun, kernel, dense, use_rows):
    """A fresh GramRows (rows on demand, as SVC uses) per solve, or the dense Gram matrix."""
    return (lambda: GramRows(kfun, X, kernel)) if use_rows else (lambda: dense)


def outcome(module, make_K, ys, C, tol, max_iter, **kw):
    try:
        sol = module.solve_dual(make_K(), ys, C, tol, max_iter, **kw)
    except module.NotSeparable:
        return ("NotSeparable",)
    return ("solved", sol.beta.tobytes(), np.float64(sol.b).tobytes(), np.float64(sol.objective).tobytes(),
            np.float64(sol.gap).tobytes(), sol.n_iter, sol.converged), sol


def compare(old, args):
    count = 0
    for name in ("moons", "circles", "blobs", "xor", "linear"):
        for n in args.n:
            X, ys = binary_problem(name, n, seed=n)
            for kernel in KERNELS:
                kfun, _ = check_kernel_params(kernel, "scale", 3, 0.0, X)
                dense = kfun(X, X)
                for C in CS:
                    for shrinking in (True, False):
                        for newton in (False, True):
                            for use_rows in (True, False):
                                make_K = gram_maker(X, kfun, kernel, dense, use_rows)
                                kw = dict(shrinking=shrinking, newton=newton)
                                full = outcome(old, make_K, ys, C, 1e-5, 100_000, **kw)
                                new = outcome(new_smo, make_K, ys, C, 1e-5, 100_000, **kw)
                                assert full[0] == new[0], (name, n, kernel, C, kw, use_rows)
                                count += 1
                                if full[0][0] != "solved":
                                    continue
                                steps = full[1].n_iter
                                cuts = {1, 2, 7, steps // 3, steps // 2 + 1, steps - 1, n + 1, 2 * n + 3}
                                for m in sorted(c for c in cuts if 0 < c < steps):
                                    a = outcome(old, make_K, ys, C, 1e-5, m, **kw)[0]
                                    b = outcome(new_smo, make_K, ys, C, 1e-5, m, **kw)[0]
                                    assert a == b, (name, n, kernel, C, kw, use_rows, m)
                                    count += 1
                                if np.isfinite(C) and C >= 10 and use_rows:
                                    # warm start as SVC's C path does: the solution at C/10, scaled
                                    prev = outcome(old, make_K, ys, C / 10, 1e-5, 100_000, **kw)[1]
                                    beta0 = prev.beta * 10.0
                                    a = outcome(old, make_K, ys, C, 1e-5, 100_000, beta0=beta0, **kw)[0]
                                    b = outcome(new_smo, make_K, ys, C, 1e-5, 100_000, beta0=beta0, **kw)[0]
                                    assert a == b, (name, n, kernel, C, kw, "warm")
                                    count += 1
            print(f"{name} n={n}: {count} identical so far", flush=True)
    return count


def timing_cases():
    """(label, make_K, ys, C, tol, max_iter, newton): the fits behind the two benchmarks."""
    from sklearn.datasets import make_blobs, make_circles, make_moons

    cases = []
    rng = np.random.default_rng(0)
    Xx = rng.uniform(-1, 1, size=(200, 2))
    sets = {"moons": make_moons(200, noise=0.25, random_state=0),
            "circles": make_circles(200, noise=0.1, factor=0.5, random_state=0),
            "blobs2": make_blobs(200, centers=2, cluster_std=2.0, random_state=0),
            "xor": (Xx, (Xx[:, 0] * Xx[:, 1] > 0).astype(int))}
    for name, (X, y) in sets.items():  # bench_svm_reference.py's binary sets (blobs3 is three machines)
        order = np.concatenate([np.flatnonzero(y == 0), np.flatnonzero(y == 1)])[::-1]
        X, ys = X[order], np.where(y[order] == 0, 1.0, -1.0)
        for kernel in KERNELS:
            kfun, _ = check_kernel_params(kernel, "scale", 3, 0.0, X)
            for C in (0.01, 0.1, 1.0, 10.0, 100.0, 1000.0):
                cases.append((f"ref {name} {kernel} C={C:g}", X, kfun, kernel, ys, C, 1e-5, 2_000_000,
                              kernel != "sigmoid"))
    for n in (500, 2000):
        X, y = make_moons(n, noise=0.3, random_state=0)
        order = np.concatenate([np.flatnonzero(y == 0), np.flatnonzero(y == 1)])[::-1]
        X, ys = X[order], np.where(y[order] == 0, 1.0, -1.0)
        for kernel, C in (("rbf", 1.0), ("linear", 1.0), ("rbf", 100.0), ("linear", 100.0)):
            kfun, _ = check_kernel_params(kernel, "scale", 3, 0.0, X)
            cases.append((f"bench {kernel} C={C:g} n={n}", X, kfun, kernel, ys, C, 1e-3, 100_000, True))
    return cases


def solve_once(module, case, repeats=1):
    """CPU seconds of one solve (kernel rows included, as in a fit), averaged over repeats
    fresh GramRows; CPU time, as other processes on a shared machine take wall time too."""
    _, X, kfun, kernel, ys, C, tol, max_iter, newton = case
    grams = [GramRows(kfun, X, kernel) for _ in range(repeats)]
    start = time.process_time()
    for K in grams:
        module.solve_dual(K, ys, C, tol, max_iter, newton=newton)
    return (time.process_time() - start) / repeats


def timing(old, runs):
    """Old and new alternating, each sample at least ~50 ms (short fits repeated)."""
    rows = []
    for case in timing_cases():
        first = solve_once(old, case) + solve_once(new_smo, case)  # warm up
        repeats = max(1, int(0.1 / max(first, 1e-4)))
        t_old, t_new = [], []
        for _ in range(runs):
            t_old.append(solve_once(old, case, repeats))
            t_new.append(solve_once(new_smo, case, repeats))
        ratio = statistics.median(b / a for a, b in zip(t_old, t_new, strict=True))
        rows.append((case[0], statistics.median(t_old), statistics.median(t_new), ratio))
        print(f"| {case[0]} | {rows[-1][1] * 1e3:.2f} | {rows[-1][2] * 1e3:.2f} | {ratio:.3f} |", flush=True)
    groups = {"reference sweep (bench_svm_reference.py, binary sets)":
                  [r for r in rows if r[0].startswith("ref")],
              "bench_svm.py cases": [r for r in rows if r[0].startswith("bench")],
              "fits over 20 ms": [r for r in rows if r[1] > 0.02]}
    print()
    for label, group in groups.items():
        ratios = sorted(r[3] for r in group)
        print(f"{label}: {len(group)} fits, new/old median {statistics.median(ratios):.3f}, "
              f"range {ratios[0]:.3f}..{ratios[-1]:.3f}; summed medians old {sum(r[1] for r in group):.2f} s, "
              f"new {sum(r[2] for r in group):.2f} s")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("old_checkout", type=Path)
    parser.add_argument("--n", type=int, nargs="+", default=[60, 150])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-timing", action="store_true")
    parser.add_argument("--no-compare", action="store_true")
    args = parser.parse_args()
    old = load_old(args.old_checkout.resolve())
    if not args.no_compare:
        count = compare(old, args)
        print(f"\n{count} solves identical to the last bit (beta, b, objective, gap, n_iter, status)\n")
    if not args.no_timing:
        print(f"| fit | old ms | new ms | new / old (median of {args.runs} alternating) |")
        print("|---|---:|---:|---:|")
        timing(old, args.runs)


if __name__ == "__main__":
    main()
