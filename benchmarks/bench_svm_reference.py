"""The SVM reference sweep: mlcore's SMO against scikit-learn's SVC (LIBSVM), both at tol 1e-5.

For every (dataset, kernel, C) it prints: the largest relative gap between the dual
objectives (per binary machine), the largest decision-value gap on a 200x200 grid
(absolute, and relative to the largest |f| on the grid), the Jaccard index of the
support-vector sets, the share of grid points where the predictions agree, and both
fit times. The issue's criteria: objective within 1e-4 relative, decision values to
1e-3, Jaccard >= 0.95, predictions agree on >= 99.5% of the grid.

Where the two disagree it says who is off. f* is the exact optimum: ours continued to
tol 1e-9 and certified by its KKT gap m - M, recomputed from F = y - K beta in float64
(columns "ours - f*", "LIBSVM - f*": largest |f - f*| on the grid). LIBSVM keeps its
kernel cache in single precision (Qfloat = float in svm.cpp), so what it solves is the
dual with a float32-rounded Gram matrix: the column "LIBSVM KKT gap" gives the gap of
LIBSVM's own alphas measured with the float64 Gram and with the float32-rounded one.
At C >= 10 the first reaches 1e-4 .. 6e-3 while the second is below the tolerance:
LIBSVM's stopping error is the rounding of its Gram matrix, and no tolerance removes it.

The sigmoid kernel is not positive semi-definite: its dual has local optima and the
answer depends on the path. mlcore follows LIBSVM's path (same order, labels, ties,
TAU for a non-positive curvature, shrinking swaps), so it reaches the same local optimum;
f* is not defined there and those columns show "-".

    python -m benchmarks.bench_svm_reference [--n 200]
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from sklearn.datasets import make_blobs, make_circles, make_moons
from sklearn.svm import SVC as SkSVC

from mlcore.svm import SVC
from mlcore.svm._smo import solve_dual


def datasets(n):
    rng = np.random.default_rng(0)
    Xx = rng.uniform(-1, 1, size=(n, 2))
    return {
        "moons": make_moons(n, noise=0.25, random_state=0),
        "circles": make_circles(n, noise=0.1, factor=0.5, random_state=0),
        "blobs2": make_blobs(n, centers=2, cluster_std=2.0, random_state=0),
        "blobs3": make_blobs(n, centers=3, cluster_std=1.5, random_state=0),
        "xor": (Xx, (Xx[:, 0] * Xx[:, 1] > 0).astype(int)),
    }


def objective(dual_coef, sv, model):
    return np.abs(dual_coef).sum() - 0.5 * dual_coef @ model.kernel_matrix(sv, sv) @ dual_coef


def kkt_gap(K, ys, beta, C):
    """m - M from scratch: F = y - K beta, m = max F over beta < U, M = min F over beta > L."""
    F = ys - K @ beta
    upper, lower = np.where(ys > 0, C, 0.0), np.where(ys > 0, 0.0, -C)
    return float(np.where(beta < upper, F, -np.inf).max() - np.where(beta > lower, F, np.inf).min())


def grid(X, res=200):
    lo, hi = X.min(axis=0) - 0.5, X.max(axis=0) + 0.5
    gx, gy = np.meshgrid(np.linspace(lo[0], hi[0], res), np.linspace(lo[1], hi[1], res))
    return np.column_stack([gx.ravel(), gy.ravel()])


def compare(X, y, kernel, C):
    params = dict(C=C, kernel=kernel, gamma="scale", degree=3, coef0=0.0, tol=1e-5)
    t = time.perf_counter()
    ours = SVC(**params, max_iter=2_000_000).fit(X, y)
    t_ours = time.perf_counter() - t
    t = time.perf_counter()
    ref = SkSVC(**params, decision_function_shape="ovo").fit(X, y)
    t_ref = time.perf_counter() - t
    G = grid(X)
    f_ours = ours.pairwise_decision(G)
    f_ref = ref.decision_function(G)
    f_ref = f_ref[:, None] if f_ref.ndim == 1 else -f_ref  # LIBSVM's pairwise values favour the first class
    gap = float(np.abs(f_ours - f_ref).max())
    scale = float(max(1.0, np.abs(f_ref).max()))
    kfun = ours._kernel_fn
    rel_obj, opt_ours, opt_ref, cert, sk_gap64, sk_gap32 = 0.0, 0.0, 0.0, 0.0, 0.0, 0.0
    for p, (a, b) in enumerate(ours.pairs_):
        keep = np.flatnonzero(np.isin(y, [a, b]))
        ys = np.where(y[keep] == b, 1.0, -1.0)
        sk = ref if len(ours.pairs_) == 1 else SkSVC(**{**params, "gamma": ours.gamma_}).fit(X[keep], y[keep])
        want = objective(sk.dual_coef_[0], sk.support_vectors_, ours)
        rel_obj = max(rel_obj, abs(ours.dual_objective_[p] - want) / abs(want))
        K = kfun(X[keep], X[keep])
        beta_sk = np.zeros(len(keep))
        beta_sk[sk.support_] = sk.dual_coef_[0]  # scikit-learn's binary dual_coef_ is positive for class b
        sk_gap64 = max(sk_gap64, kkt_gap(K, ys, beta_sk, C))
        sk_gap32 = max(sk_gap32, kkt_gap(K.astype(np.float32).astype(np.float64), ys, beta_sk, C))
        if kernel == "sigmoid":
            continue
        beta0 = np.zeros(len(y))
        beta0[ours.support_] = ours.dual_coef_[p]
        star = solve_dual(K, ys, C, 1e-9, 10_000_000, beta0=beta0[keep], newton=True)
        cert = max(cert, kkt_gap(K, ys, star.beta, C))
        f_star = kfun(G, X[keep]) @ star.beta + star.b
        opt_ours = max(opt_ours, float(np.abs(f_ours[:, p] - f_star).max()))
        opt_ref = max(opt_ref, float(np.abs(f_ref[:, p] - f_star).max()))
    a, b = set(ours.support_.tolist()), set(ref.support_.tolist())
    jac = len(a & b) / len(a | b)
    agree = float(np.mean(ours.predict(G) == ref.predict(G)))
    return dict(rel_obj=rel_obj, gap=gap, rel_gap=gap / scale, jaccard=jac, agree=agree,
                opt_ours=opt_ours, opt_ref=opt_ref, cert=cert, sk_gap64=sk_gap64, sk_gap32=sk_gap32,
                status=ours.fit_status_, iters=int(ours.n_iter_.max()), t_ours=t_ours, t_ref=t_ref)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=200)
    args = parser.parse_args()
    print(f"n = {args.n}, tol = 1e-5, gamma = 'scale', degree 3, coef0 0; 200x200 grid\n")
    print("| data | kernel | C | rel. objective gap | max abs Δf | max Δf / max|f| | SV Jaccard "
          "| grid agreement | ours - f* | LIBSVM - f* | LIBSVM KKT gap, float64 / float32 Gram "
          "| SMO steps | ours ms | LIBSVM ms |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    keys = ("objective", "decision", "decision_rel", "jaccard", "agree", "ours_opt", "explained")
    fails = {group: dict.fromkeys(keys, 0) for group in ("psd", "sigmoid")}
    totals = {"psd": 0, "sigmoid": 0}
    worst_cert = 0.0
    for name, (X, y) in datasets(args.n).items():
        for kernel in ("linear", "poly", "rbf", "sigmoid"):
            group = "sigmoid" if kernel == "sigmoid" else "psd"
            for C in (0.01, 0.1, 1.0, 10.0, 100.0, 1000.0):
                r = compare(X, y, kernel, C)
                totals[group] += 1
                f = fails[group]
                f["objective"] += r["rel_obj"] > 1e-4
                f["decision"] += r["gap"] > 1e-3
                f["decision_rel"] += r["rel_gap"] > 1e-3
                f["jaccard"] += r["jaccard"] < 0.95
                f["agree"] += r["agree"] < 0.995
                if group == "psd":
                    worst_cert = max(worst_cert, r["cert"])
                    f["ours_opt"] += r["opt_ours"] > 1e-3
                    # a miss of the 1e-3 criterion where LIBSVM, not mlcore, is off the optimum
                    f["explained"] += r["gap"] > 1e-3 and r["opt_ref"] > 1e-3 and r["opt_ours"] <= 1e-3
                note = "" if r["status"] == "converged" else " (not converged)"
                opt = ("- | -" if group == "sigmoid" else f"{r['opt_ours']:.1e} | {r['opt_ref']:.1e}")
                print(f"| {name} | {kernel} | {C:g} | {r['rel_obj']:.1e} | {r['gap']:.1e} | {r['rel_gap']:.1e} "
                      f"| {r['jaccard']:.3f} | {r['agree']:.2%} | {opt} | {r['sk_gap64']:.1e} / {r['sk_gap32']:.1e} "
                      f"| {r['iters']}{note} | {r['t_ours'] * 1e3:.0f} | {r['t_ref'] * 1e3:.0f} |", flush=True)
    print(f"\nf* certified: largest KKT gap {worst_cert:.1e} (float64, from scratch)")
    for group, label in (("psd", "linear, poly, rbf"), ("sigmoid", "sigmoid")):
        f, total = fails[group], totals[group]
        line = (f"{label}: {total} cases; within the criteria: objective {total - f['objective']}, "
                f"decision 1e-3 {total - f['decision']}, decision 1e-3 x max|f| {total - f['decision_rel']}, "
                f"Jaccard {total - f['jaccard']}, agreement {total - f['agree']}")
        if group == "psd":
            line += (f"; mlcore within 1e-3 of f* {total - f['ours_opt']}; of the {f['decision']} decision "
                     f"misses, {f['explained']} are LIBSVM off f* by > 1e-3 with mlcore within 1e-3 of it")
        print(line)


if __name__ == "__main__":
    main()
