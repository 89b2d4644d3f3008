"""Sequential minimal optimisation (SMO) for the binary SVM dual, as LIBSVM solves it.

With labels y_t in {-1, +1} and beta_t = alpha_t y_t (the dual coefficients),
the dual problem is

    maximise   D(beta) = sum_t y_t beta_t - 1/2 beta^T K beta
    subject to sum_t beta_t = 0,   L_t <= beta_t <= U_t,

where [L_t, U_t] = [0, C] for y_t = +1 and [-C, 0] for y_t = -1 (0 <= alpha_t <= C).
The decision function is f(x) = sum_t beta_t k(x_t, x) + b.

Let F_t = y_t - (K beta)_t (minus the gradient of the minimisation form, times y).
KKT holds exactly when  m = max_{t in I_up} F_t  <=  M = min_{t in I_low} F_t,
with I_up = {beta_t < U_t} and I_low = {beta_t > L_t}; we stop when m - M <= tol.

Each step moves one pair: beta_i += d, beta_j -= d, which keeps sum beta = 0.
i is the maximal violator, argmax_{I_up} F. j is chosen by second-order
information (Fan, Chen & Lin 2005, "WSS 2"): among t in I_low with F_t < F_i,
the one with the largest gain (F_i - F_t)² / eta_it, eta_it = K_ii + K_tt - 2 K_it.
Along that direction D gains d (F_i - F_j) - d² eta / 2, so the step is
d = (F_i - F_j) / eta, clipped to the box. After the step
F <- F - d (K[i] - K[j]).

The bias b is the mean of F_t over the free vectors (0 < alpha_t < C), whose
KKT condition y_t f(x_t) = 1 reads b = F_t; with no free vector b = (m + M) / 2.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

TAU = 1e-12  # eta floor when two points coincide in feature space (LIBSVM's TAU)
HULL_EPS = 1e-4  # a hard margin narrower than this fraction of the data's spread counts as none


class NotSeparable(Exception):
    """A hard-margin problem whose dual grows without bound."""


@dataclass
class DualSolution:
    beta: np.ndarray          # alpha_t y_t for every training point
    b: float                  # intercept
    objective: float          # D(beta)
    n_iter: int
    converged: bool
    gap: float                # final m - M


def solve_dual(K, y: np.ndarray, C: float, tol: float, max_iter: int,
               *, beta0: np.ndarray | None = None, check_every: int = 16,
               shrinking: bool = True) -> DualSolution:
    """Solve the dual for the Gram matrix K and labels y in {-1, +1}.

    K is an (n, n) array or a :class:`mlcore.kernels.GramRows` (rows computed on demand).

    C may be ``inf`` (hard margin): raise NotSeparable once the iterates prove that no
    margin wider than HULL_EPS x the data's spread exists.

    Shrinking (LIBSVM's heuristic): every min(n, 1000) steps, a variable at a bound
    whose F puts it on the right side of every violating pair (only in I_up with
    F_t < M, or only in I_low with F_t > m) leaves the active set, so later steps
    work on shorter vectors. Before stopping, F is rebuilt for the left-out
    variables and the KKT gap is checked on all of them.
    """
    n = y.shape[0]
    y = y.astype(np.float64)
    upper = np.where(y > 0, C, 0.0)
    lower = np.where(y > 0, 0.0, -C)
    if beta0 is None:
        beta = np.zeros(n)
        F = y.copy()
    else:
        beta = np.clip(beta0, lower, upper)
        F = y - _matvec(K, beta)
    Kd = np.diag(K).copy() if isinstance(K, np.ndarray) else K.diag
    hard = not np.isfinite(C)
    # Hard margin: with S = sum alpha, the points sum_{y=+1} alpha_t phi_t / (S/2) and
    # sum_{y=-1} alpha_t phi_t / (S/2) lie in the two classes' convex hulls, at distance
    # sqrt(beta^T K beta) / (S/2) >= the widest margin. Once that drops below
    # HULL_EPS x the data's spread, the classes are not separable (or only by a sliver).
    spread = float(np.sqrt(max(float(Kd.max()), 1e-300)))
    # a step this large means eta ~ 0 between opposite labels (coincident points); Python
    # floats so a degenerate spread gives inf rather than an overflow warning
    step_limit = 1e15 / spread**2 if spread > 1e-100 else float("inf")
    shrinking = shrinking and not hard and n > 200
    every = min(n, 1000)

    # The working arrays cover the active set A; while A is everything they ARE the
    # full arrays, after a shrink they are copies that get written back.
    A = None
    b_, F_, up_b, lo_b, Kd_ = beta, F, upper, lower, Kd
    rows: dict[int, np.ndarray] = {}      # K rows restricted to A, by local index
    inv_rows: dict[int, np.ndarray] = {}  # 1 / eta_it rows, by local index

    def row(i):
        r = rows.get(i)
        if r is None:
            r = K[i] if A is None else K[int(A[i])][A]
            rows[i] = r
        return r

    def unshrink():
        """Write the active copies back and rebuild F for the variables that were left out."""
        beta[A], F[A] = b_, F_
        out = np.setdiff1d(np.arange(n), A)
        nz = np.flatnonzero(beta)
        F[out] = y[out] - (_block(K, out, nz) @ beta[nz] if nz.size else 0.0)

    gap = np.inf
    it = 0
    countdown = every
    unshrunk_once = False
    converged = False
    while True:
        up = b_ < up_b
        low = b_ > lo_b
        while it < max_iter:
            if shrinking and countdown == 0:
                countdown = every
                m = np.where(up, F_, -np.inf).max()
                M = np.where(low, F_, np.inf).min()
                keep = ~((up & ~low & (F_ < M)) | (low & ~up & (F_ > m)))
                if not keep.all() and keep.sum() >= 2:
                    if A is not None:
                        beta[A], F[A] = b_, F_
                    A = np.flatnonzero(keep) if A is None else A[keep]
                    b_, F_, up_b, lo_b, Kd_ = beta[A], F[A], upper[A], lower[A], Kd[A]
                    up, low = up[keep], low[keep]
                    rows.clear()
                    inv_rows.clear()
            countdown -= 1
            Fup = np.where(up, F_, -np.inf)
            i = int(Fup.argmax())
            Fi = Fup[i]
            Flow = np.where(low, F_, np.inf)
            gap = Fi - Flow.min()
            if gap <= tol or (A is not None and not unshrunk_once and gap <= 10 * tol):
                break
            gain = Fi - Flow
            np.maximum(gain, 0.0, out=gain)
            gain *= gain
            inv_eta = inv_rows.get(i)
            Ki = row(i)
            if inv_eta is None:
                inv_eta = Kd_ + Kd_[i]
                inv_eta -= 2.0 * Ki
                np.maximum(inv_eta, TAU, out=inv_eta)
                np.divide(1.0, inv_eta, out=inv_eta)
                inv_rows[i] = inv_eta
            gain *= inv_eta
            j = int(gain.argmax())
            d = (Fi - F_[j]) * inv_eta[j]
            d = min(d, up_b[i] - b_[i], b_[j] - lo_b[j])
            if hard and not d < step_limit:  # coincident points with opposite labels
                raise NotSeparable()
            b_[i] += d
            b_[j] -= d
            # Snap to the bound exactly so "free" and "at bound" are decided cleanly.
            if b_[i] >= up_b[i]:
                b_[i] = up_b[i]
            if b_[j] <= lo_b[j]:
                b_[j] = lo_b[j]
            F_ -= d * (Ki - row(j))  # the only two rows of K this step needs
            up[i] = b_[i] < up_b[i]
            up[j] = b_[j] < up_b[j]
            low[i] = b_[i] > lo_b[i]
            low[j] = b_[j] > lo_b[j]
            it += 1
            if hard and it % check_every == 0:
                half = 0.5 * np.abs(beta).sum()
                wKw = float(y @ beta - beta @ F)  # beta^T K beta, since K beta = y - F
                if wKw < (HULL_EPS * spread * half) ** 2:
                    raise NotSeparable()
        if A is None:
            converged = gap <= tol
            break
        # Stopped on the active set (converged there, close to it, or out of steps):
        # bring everything back and look at the full problem.
        unshrink()
        A = None
        b_, F_, up_b, lo_b, Kd_ = beta, F, upper, lower, Kd
        rows.clear()
        inv_rows.clear()
        unshrunk_once = True
        countdown = every
        if it >= max_iter:
            up, low = beta < upper, beta > lower
            gap = np.where(up, F, -np.inf).max() - np.where(low, F, np.inf).min()
            converged = gap <= tol
            break

    up, low = beta < upper, beta > lower
    free = up & low
    if free.any():
        b = float(F[free].mean())
    else:
        m = np.where(up, F, -np.inf).max()
        M = np.where(low, F, np.inf).min()
        b = float((m + M) / 2.0) if np.isfinite(m) and np.isfinite(M) else float(np.nan_to_num(m if np.isfinite(m) else M))
    objective = float(y @ beta - 0.5 * beta @ (y - F))  # K beta = y - F, kept up to date by the steps
    return DualSolution(beta=beta, b=b, objective=objective, n_iter=it,
                        converged=bool(converged), gap=float(gap))


def _block(K, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    return K[np.ix_(rows, cols)] if isinstance(K, np.ndarray) else K.block(rows, cols)


def _matvec(K, beta: np.ndarray) -> np.ndarray:
    return K @ beta if isinstance(K, np.ndarray) else K.matvec(beta)
