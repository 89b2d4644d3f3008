"""Sequential minimal optimisation (SMO) for the binary SVM dual, step for step as LIBSVM's Solver.

With labels y_t in {-1, +1} and beta_t = alpha_t y_t (the dual coefficients),
the dual problem is

    maximise   D(beta) = sum_t y_t beta_t - 1/2 beta^T K beta
    subject to sum_t beta_t = 0,   L_t <= beta_t <= U_t,

where [L_t, U_t] = [0, C] for y_t = +1 and [-C, 0] for y_t = -1 (0 <= alpha_t <= C).
The decision function is f(x) = sum_t beta_t k(x_t, x) + b.

Let F_t = y_t - (K beta)_t (LIBSVM's -y_t G_t, G the gradient of the minimisation form).
KKT holds exactly when  m = max_{t in I_up} F_t  <=  M = min_{t in I_low} F_t,
with I_up = {beta_t < U_t} and I_low = {beta_t > L_t}; we stop when m - M < tol.

Each step moves one pair: beta_i += d, beta_j -= d, which keeps sum beta = 0.
i is the maximal violator, argmax_{I_up} F. j is chosen by second-order
information (Fan, Chen & Lin 2005, "WSS 2"): among t in I_low with F_t < F_i,
the one with the largest gain (F_i - F_t)² / a_it, a_it = K_ii + K_tt - 2 K_it.
Along that direction D gains d (F_i - F_j) - d² a / 2, so the step is
d = (F_i - F_j) / a, clipped to the box (in LIBSVM's arithmetic on alpha = y beta). After
the step F <- F - K[i] (change of beta_i) - K[j] (change of beta_j).

A kernel that is not positive semi-definite (sigmoid) can give a_it <= 0: the dual is then
not concave along that pair and LIBSVM replaces a by TAU = 1e-12, in the gain and in the
step alike, so the step runs to the box. Such a problem has local optima, and which one SMO
reaches depends on its path; to reach LIBSVM's, the path follows LIBSVM's rules exactly:
start at beta = 0 (F = y), ties for i and for j go to the LAST position (LIBSVM's >= and <=),
and shrinking reorders positions by LIBSVM's swaps. numpy's argmax takes the first maximum,
so the caller hands the points over in REVERSE of LIBSVM's order, with LIBSVM's labels
(index t here is LIBSVM's position n-1-t; :mod:`mlcore.svm` does this).

For a positive semi-definite kernel the path does not matter (the optimal f is unique), and
every NEWTON_EVERY steps a Newton step on the free variables (see ``solve_dual``), which
LIBSVM does not take, finishes low-rank large-C problems that SMO alone crawls through.

F of variables left out by shrinking is rebuilt from scratch, F_t = y_t - sum_s K_ts beta_s,
where LIBSVM adds up cached sums (G_bar): equal up to rounding. LIBSVM also stores its kernel
cache in single precision; that rounding, not its tolerance, limits how close its answer
gets to the optimum (benchmarks/svm_reference.py measures it).

The bias b is the mean of F_t over the free vectors (0 < alpha_t < C), whose
KKT condition y_t f(x_t) = 1 reads b = F_t; with no free vector b = (m + M) / 2, the
midpoint of the interval of feasible b (LIBSVM's (ub + lb) / 2).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

NEWTON_EVERY = 100  # SMO steps between free-set Newton steps (25 and 50 were worse on some problems)
NEWTON_FACES = 10   # faces one Newton round may pass through (each bound met shrinks the face)
NEWTON_SMALL = 60   # ... when the face has at most this many free variables, else one step
TAU = 1e-12  # LIBSVM's stand-in for a non-positive curvature a_it
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
               shrinking: bool = True, newton: bool = False) -> DualSolution:
    """Solve the dual for the Gram matrix K and labels y in {-1, +1}.

    K is an (n, n) array or a :class:`mlcore.kernels.GramRows` (rows computed on demand).

    C may be ``inf`` (hard margin): raise NotSeparable once the iterates prove that no
    margin wider than HULL_EPS x the data's spread exists.

    Shrinking (LIBSVM's heuristic, on for finite C): every min(n, 1000) steps, a variable at
    a bound whose F puts it on the right side of every violating pair (only in I_up with
    F_t < M, or only in I_low with F_t > m) leaves the active set, so later steps work on
    shorter vectors. The first time m - M <= 10 tol, and whenever the active set looks
    optimal, F is rebuilt for the left-out variables (F_t = y_t - sum_s K_ts beta_s) and
    the KKT gap is checked on all of them; only the whole problem can stop the solver.

    newton: every NEWTON_EVERY steps (from step n/2 on), also take a Newton step on the free
    variables (see ``newton_step``; LIBSVM has none). Only for a positive semi-definite K: the
    optimum f is then unique and the step only shortens the way to it. SMO alone crawls on
    large-C problems whose Gram matrix has low rank (linear, polynomial): on XOR with the
    cubic kernel at C = 1000 (n = 200) it had not converged after 2 000 000 steps (LIBSVM
    takes 22 million there); with the step it converges in 6 000.
    """
    n = y.shape[0]
    y_in = y.astype(np.float64)
    up_in = np.where(y_in > 0, C, 0.0)
    lo_in = np.where(y_in > 0, 0.0, -C)
    if beta0 is None:
        beta_in = np.zeros(n)
        F_in = y_in.copy()
    else:
        beta_in = np.clip(beta0, lo_in, up_in)
        F_in = y_in - _matvec(K, beta_in)
    Kd_in = np.diag(K) if isinstance(K, np.ndarray) else K.diag
    hard = not np.isfinite(C)
    # Hard margin: with S = sum alpha, the points sum_{y=+1} alpha_t phi_t / (S/2) and
    # sum_{y=-1} alpha_t phi_t / (S/2) lie in the two classes' convex hulls, at distance
    # sqrt(beta^T K beta) / (S/2) >= the widest margin. Once that drops below
    # HULL_EPS x the data's spread, the classes are not separable (or only by a sliver).
    spread = float(np.sqrt(max(float(Kd_in.max()), 1e-300)))
    # a step this large means a ~ 0 between opposite labels (coincident points); Python
    # floats so a degenerate spread gives inf rather than an overflow warning
    step_limit = 1e15 / spread**2 if spread > 1e-100 else float("inf")
    shrinking = shrinking and not hard
    newton = newton and not hard
    every = min(n, 1000)

    # Index s holds LIBSVM's position n-1-s (see above), so numpy's first maximum is LIBSVM's
    # last. Active positions 0..act-1 are the tail lo..n-1 (lo = n - act); shrinking swaps
    # entries, and order maps them back to the caller's indices.
    order = np.arange(n)
    ys, beta, F, upper, lower, Kd = y_in, beta_in, F_in, up_in, lo_in, Kd_in.copy()

    lo = 0
    b_, F_, up_b, lo_b, Kd_, ys_ = beta, F, upper, lower, Kd, ys  # views of the active tail
    up, low = b_ < up_b, b_ > lo_b
    t1, t2 = np.empty(n), np.empty(n)
    plain = True  # order is still arange(n): no shrinking swap yet
    rows: dict[int, np.ndarray] = {}  # K rows restricted to the active tail, by local index
    etas: dict[int, np.ndarray] = {}  # a_it rows, by local index

    def activate(new_lo):
        nonlocal lo, b_, F_, up_b, lo_b, Kd_, ys_, up, low, t1, t2
        lo = new_lo
        b_, F_, up_b, lo_b, Kd_, ys_ = beta[lo:], F[lo:], upper[lo:], lower[lo:], Kd[lo:], ys[lo:]
        up, low = b_ < up_b, b_ > lo_b
        t1, t2 = np.empty(n - lo), np.empty(n - lo)
        rows.clear()
        etas.clear()

    def row(s):
        r = rows.get(s)
        if r is None:
            c = int(order[lo + s])
            r = K[c] if plain and lo == 0 else K[c][order[lo:]]
            rows[s] = r
        return r

    def curvature(s):
        a = etas.get(s)
        if a is None:
            a = Kd_ + Kd_[s]
            a -= 2.0 * row(s)
            np.copyto(a, TAU, where=a <= 0.0)  # LIBSVM: quad_coef <= 0 -> TAU
            etas[s] = a
        return a

    def reconstruct():
        """Exact F for the left-out variables; every variable becomes active again."""
        if lo:
            nz = np.flatnonzero(beta)
            F[:lo] = ys[:lo] - (_block(K, order[:lo], order[nz]) @ beta[nz] if nz.size else 0.0)
            activate(0)

    unshrunk = False

    def shrink():
        """LIBSVM's do_shrinking: m, M from the active set; rebuild everything once the gap is
        within 10 tol; then swap each left-out position, from the front, with the last
        position still active, so positions (and so later ties) follow LIBSVM's."""
        nonlocal unshrunk, plain
        m = np.where(up, F_, -np.inf).max()
        M = np.where(low, F_, np.inf).min()
        if not unshrunk and m - M <= 10.0 * tol:
            unshrunk = True
            reconstruct()
        out = (up & ~low & (F_ < M)) | (low & ~up & (F_ > m))
        if not out.any():
            return
        pos_out = n - 1 - (lo + np.flatnonzero(out))[::-1]  # positions leaving, ascending
        pos_in = n - 1 - (lo + np.flatnonzero(~out))         # positions staying, descending
        k = min(len(pos_out), len(pos_in))
        k = int(np.count_nonzero(pos_out[:k] < pos_in[:k]))
        sa, sb = n - 1 - pos_out[:k], n - 1 - pos_in[:k]
        for arr in (order, ys, beta, F, upper, lower, Kd):
            arr[sa], arr[sb] = arr[sb], arr[sa].copy()
        plain = plain and k == 0
        activate(n - len(pos_in))

    def newton_step():
        """Free-set Newton step: with the bounded variables held, the best move d of the free
        set S (sum d = 0) solves  K_SS d + c 1 = F_S,  1^T d = 0  (then F_S - K_SS d = c is
        level, the KKT condition of the face). A ridge 1e-10 mean(diag K_SS) keeps the system
        solvable when K_SS is singular (more free points than the feature space has
        dimensions); then d is long along the singular direction, on which D grows linearly.
        d is an ascent direction (F_S^T d = d^T (K_SS + ridge) d > 0), D(beta + t d) is
        maximal at t = F_S^T d / d^T K_SS d, and t is cut where the first variable meets its
        bound. That variable leaves the face and, on a small face, the step is repeated on the
        rest (up to NEWTON_FACES times), like an active-set method. Sound for a positive
        semi-definite K only; LIBSVM has no such step."""
        S = np.flatnonzero(up & low)
        f = S.size
        if f == 0 or f**3 > 20 * NEWTON_EVERY * (n - lo):  # costs more than the SMO steps it replaces
            return
        R = _block(K, order[lo + S], order[lo:])  # K[S, active], one call rather than f rows
        for _ in range(NEWTON_FACES if f <= NEWTON_SMALL else 1):
            f = S.size
            KSS = R[:, S]
            A = np.zeros((f + 1, f + 1))
            A[:f, :f] = KSS
            A[:f, f] = A[f, :f] = 1.0
            A[np.arange(f), np.arange(f)] += 1e-10 * max(float(np.diag(KSS).mean()), 1e-300)
            FS = F_[S]
            try:
                d = np.linalg.solve(A, np.append(FS, 0.0))[:f]
            except np.linalg.LinAlgError:
                return
            g = float(FS @ d)
            q = float(d @ KSS @ d)
            if not g > 0.0:
                return
            t = g / q if q > 0.0 else np.inf
            bS, uS, lS = b_[S], up_b[S], lo_b[S]
            with np.errstate(divide="ignore", invalid="ignore"):
                room = np.where(d > 0, (uS - bS) / d, np.where(d < 0, (lS - bS) / d, np.inf))
            k = int(room.argmin())
            hit = room[k] <= t
            t = min(t, float(room[k]))
            if not (t > 0.0 and np.isfinite(t)):
                return
            new = np.clip(bS + t * d, lS, uS)
            if hit:
                new[k] = uS[k] if d[k] > 0 else lS[k]
            np.subtract(F_, (new - bS) @ R, out=F_)
            b_[S] = new
            up[S] = new < uS
            low[S] = new > lS
            if not hit:
                return
            still = (new < uS) & (new > lS)  # the variable that met its bound leaves the face
            S, R = S[still], R[still]
            if S.size == 0:
                return

    gap = np.inf
    it = 0
    counter = every + 1
    # easy problems are done within n/2 steps, and a Newton step taken while the free set is
    # far from settled can lengthen the path: the first one comes after n/2 steps
    next_newton = max(NEWTON_EVERY, n // 2)
    converged = False
    while it < max_iter:
        counter -= 1
        if counter == 0:
            counter = every
            if shrinking:
                shrink()
        if newton and it >= next_newton:
            next_newton = it + NEWTON_EVERY
            newton_step()
        while True:
            Fup = np.where(up, F_, -np.inf)
            i = int(Fup.argmax())
            Fi = Fup[i]
            Flow = np.where(low, F_, np.inf)
            gap = Fi - Flow.min()
            if gap >= tol or lo == 0:
                break
            reconstruct()  # optimal on the active set: look at the whole problem
            counter = 1    # and shrink again right after the next step
        if not gap >= tol:
            converged = bool(gap < tol)
            break
        gain = Fi - Flow
        np.maximum(gain, 0.0, out=gain)
        gain *= gain
        a = curvature(i)
        gain /= a
        j = int(gain.argmax())
        if not gain[j] > 0.0:  # (F_i - F_j)² underflowed: a gap below 1e-154
            break
        # The step in LIBSVM's own arithmetic (alpha = y beta, its clipping, F moved by the
        # changes actually made), so that a near-tie later on is decided as LIBSVM decides it.
        yi, yj = ys_[i].item(), ys_[j].item()
        bi, bj = b_[i].item(), b_[j].item()
        same = yi == yj
        delta = (-yi if same else yi) * (Fi.item() - F_[j].item()) / a[j].item()  # (G_i - G_j) or (-G_i - G_j) / a
        if hard and not abs(delta) < step_limit:  # coincident points with opposite labels
            raise NotSeparable()
        ai, aj = _pair_step(yi * bi, yj * bj, delta, same, C)
        ni, nj = yi * ai, yj * aj
        b_[i], b_[j] = ni, nj
        np.multiply(row(i), ni - bi, out=t1)
        np.multiply(row(j), nj - bj, out=t2)
        t1 += t2
        F_ -= t1  # the only two rows of K this step needs
        up[i] = ni < up_b[i]
        up[j] = nj < up_b[j]
        low[i] = ni > lo_b[i]
        low[j] = nj > lo_b[j]
        it += 1
        if hard and it % check_every == 0:
            half = 0.5 * np.abs(beta).sum()
            wKw = float(ys @ beta - beta @ F)  # beta^T K beta, since K beta = y - F
            if wKw < (HULL_EPS * spread * half) ** 2:
                raise NotSeparable()

    if lo:  # out of steps while shrunk: exact F everywhere for the gap and b
        reconstruct()
    up, low = beta < upper, beta > lower
    m = np.where(up, F, -np.inf).max()
    M = np.where(low, F, np.inf).min()
    if not converged:
        gap = m - M
    free = up & low
    if free.any():
        b = float(F[free].mean())
    else:
        b = float((m + M) / 2.0) if np.isfinite(m) and np.isfinite(M) else float(np.nan_to_num(m if np.isfinite(m) else M))
    objective = float(ys @ beta - 0.5 * beta @ (ys - F))  # K beta = y - F, kept up to date by the steps
    out = np.empty(n)
    out[order] = beta
    return DualSolution(beta=out, b=b, objective=objective, n_iter=it,
                        converged=bool(converged), gap=float(gap))


def _pair_step(ai: float, aj: float, delta: float, same: bool, C: float) -> tuple[float, float]:
    """LIBSVM's two-variable update in alpha = y beta (0 <= alpha <= C), clipped to the box.

    Labels differ: alpha_i - alpha_j stays fixed, both move by +delta.
    Labels agree:  alpha_i + alpha_j stays fixed, alpha_i -= delta, alpha_j += delta.
    A coordinate that leaves [0, C] is set to the bound and the other one follows from the
    fixed difference or sum, in LIBSVM's order of tests (its rounding included).
    """
    if not same:
        diff = ai - aj
        ai += delta
        aj += delta
        if diff > 0:
            if aj < 0:
                aj, ai = 0.0, diff
        elif ai < 0:
            ai, aj = 0.0, -diff
        if diff > 0:  # LIBSVM: diff > C_i - C_j, with one C for both classes
            if ai > C:
                ai, aj = C, C - diff
        elif aj > C:
            aj, ai = C, C + diff
    else:
        total = ai + aj
        ai -= delta
        aj += delta
        if total > C:
            if ai > C:
                ai, aj = C, total - C
        elif aj < 0:
            aj, ai = 0.0, total
        if total > C:
            if aj > C:
                aj, ai = C, total - C
        elif ai < 0:
            ai, aj = 0.0, total
    return ai, aj


def _block(K, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    return K[np.ix_(rows, cols)] if isinstance(K, np.ndarray) else K.block(rows, cols)


def _matvec(K, beta: np.ndarray) -> np.ndarray:
    return K @ beta if isinstance(K, np.ndarray) else K.matvec(beta)
