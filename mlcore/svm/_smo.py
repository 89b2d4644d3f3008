"""Sequential minimal optimisation (SMO) for the binary SVM dual, step for step as LIBSVM's Solver.

With labels y_t in {-1, +1} and beta_t = alpha_t y_t (the dual coefficients),
the dual problem is

    maximise   D(beta) = sum_t y_t beta_t - 1/2 beta^T K beta
    subject to sum_t beta_t = 0,   L_t <= beta_t <= U_t,

where [L_t, U_t] = [0, C] for y_t = +1 and [-C, 0] for y_t = -1 (0 <= alpha_t <= C).
The decision function is f(x) = sum_t beta_t k(x_t, x) + b.

LIBSVM minimises (1/2) alpha^T Q alpha - sum alpha with Q_ts = y_t y_s K_ts and keeps its
gradient G = Q alpha - 1. We keep F_t = -y_t G_t = y_t - (K beta)_t, which reads the same
for both labels. KKT holds exactly when

    m(beta) = max_{t in I_up} F_t  <=  M(beta) = min_{t in I_low} F_t,

with I_up = {beta_t < U_t} and I_low = {beta_t > L_t}; we stop when m - M < tol.

The solver is the class :class:`SMO`. Its state (beta, F, the bounds, the active set, the
counters) is one object, and each step of LIBSVM's loop is one method:

    select_working_set   the pair (i, j): maximal violator i, second-order choice of j
    stop                 the stopping rule m - M < tol
    update_pair          the two-variable update, clipped to the box (two_variable_step)
    update_gradient      F -= K_:i (change of beta_i) + K_:j (change of beta_j)
    shrink, unshrink     leave bounded variables out / bring them back with F rebuilt
    newton_step          a free-set Newton step (LIBSVM has none; in _newton.py)
    bias                 the intercept b

:func:`solve_dual` builds an SMO and runs it.

A kernel that is not positive semi-definite (sigmoid) can give a curvature a_it <= 0: the
dual is then not concave along that pair and LIBSVM replaces a by TAU = 1e-12, in the gain
and in the step alike, so the step runs to the box. Such a problem has local optima, and
which one SMO reaches depends on its path; to reach LIBSVM's, the path follows LIBSVM's
rules exactly: start at beta = 0 (F = y), ties for i and for j go to the LAST position
(LIBSVM's >= and <=), and shrinking reorders positions by LIBSVM's swaps. numpy's argmax
takes the first maximum, so the caller hands the points over in REVERSE of LIBSVM's order,
with LIBSVM's labels (index t here is LIBSVM's position n-1-t; :mod:`mlcore.svm` does this).

For a positive semi-definite kernel the path does not matter (the optimal f is unique), and
the free-set Newton step, which LIBSVM does not take, finishes low-rank large-C problems that
SMO alone crawls through.

F of variables left out by shrinking is rebuilt from scratch, F_t = y_t - sum_s K_ts beta_s,
where LIBSVM adds up cached sums (G_bar): equal up to rounding. LIBSVM also stores its kernel
cache in single precision; that rounding, not its tolerance, limits how close its answer
gets to the optimum (benchmarks/bench_svm_reference.py measures it).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._newton import NEWTON_EVERY, free_set_newton_step

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
    """Solve the dual for the Gram matrix K and labels y in {-1, +1} in at most max_iter steps.

    K is an (n, n) array or a :class:`mlcore.metrics.pairwise.GramRows` (rows on demand).
    C may be ``inf`` (hard margin): raise NotSeparable once the iterates prove that no
    margin wider than HULL_EPS x the data's spread exists. beta0 is a starting point (clipped
    to the box); shrinking and newton switch the two speed-ups on (see :class:`SMO`).
    """
    return SMO(K, y, C, tol, beta0=beta0, check_every=check_every,
               shrinking=shrinking, newton=newton).run(max_iter)


class SMO:
    """One run of SMO on the dual above.

    Arrays over all n variables, in the solver's order (position s holds the caller's
    point ``order[s]``; shrinking swaps positions): ``y``, ``beta``, ``F``, ``upper`` (U),
    ``lower`` (L), ``K_diag``. The active set is the tail ``start..n-1``; the ``*_act``
    arrays are views of that tail, and ``in_up`` / ``in_low`` mark I_up and I_low on it.
    Every step works on the active views only.

    Shrinking (LIBSVM's heuristic, on for finite C): every min(n, 1000) steps, a variable at
    a bound that cannot be part of a violating pair leaves the active set (see ``shrink``).
    Only the whole problem can stop the solver: when the active set looks optimal, the
    left-out variables come back (``unshrink``) and the gap is checked on all of them.

    newton (positive semi-definite K only): every NEWTON_EVERY steps, from step n/2 on, a
    Newton step on the free variables (see ``newton_step``). SMO alone crawls on large-C
    problems whose Gram matrix has low rank (linear, polynomial): on XOR with the cubic
    kernel at C = 1000 (n = 200) it had not converged after 2 000 000 steps (LIBSVM takes
    22 million there); with the step it converges in 6 000.
    """

    def __init__(self, K, y: np.ndarray, C: float, tol: float, *, beta0: np.ndarray | None = None,
                 check_every: int = 16, shrinking: bool = True, newton: bool = False):
        n = y.shape[0]
        self.K, self.n, self.C, self.tol = K, n, C, tol
        self.y = y.astype(np.float64)
        self.upper = np.where(self.y > 0, C, 0.0)
        self.lower = np.where(self.y > 0, 0.0, -C)
        if beta0 is None:
            self.beta = np.zeros(n)
            self.F = self.y.copy()
        else:
            self.beta = np.clip(beta0, self.lower, self.upper)
            self.F = self.y - _matvec(K, self.beta)
        diag = np.diag(K) if isinstance(K, np.ndarray) else K.diag
        self.K_diag = diag.copy()
        self.order = np.arange(n)
        self.plain_order = True  # order is still arange(n): no shrinking swap yet

        self.hard = not np.isfinite(C)
        # Hard margin: with S = sum alpha, the points sum_{y=+1} alpha_t phi_t / (S/2) and
        # sum_{y=-1} alpha_t phi_t / (S/2) lie in the two classes' convex hulls, at distance
        # sqrt(beta^T K beta) / (S/2) >= the widest margin. Once that drops below
        # HULL_EPS x the data's spread, the classes are not separable (or only by a sliver).
        self.spread = float(np.sqrt(max(float(diag.max()), 1e-300)))
        # a step this large means a ~ 0 between opposite labels (coincident points); Python
        # floats so a degenerate spread gives inf rather than an overflow warning
        self.step_limit = 1e15 / self.spread**2 if self.spread > 1e-100 else float("inf")
        self.check_every = check_every
        self.shrinking = shrinking and not self.hard
        self.newton = newton and not self.hard

        self.n_iter = 0
        self.gap = np.inf
        self.converged = False
        self.shrink_every = min(n, 1000)
        self.shrink_countdown = self.shrink_every + 1
        self.unshrunk = False  # the one rebuild of F once the gap is within 10 tol is done
        # easy problems are done within n/2 steps, and a Newton step taken while the free set
        # is far from settled can lengthen the path: the first one comes after n/2 steps
        self.next_newton = max(NEWTON_EVERY, n // 2)
        self.activate(0)

    # ------------------------------------------------------------------ the active set
    def activate(self, start: int):
        """Make positions start..n-1 the active set: views, I_up / I_low masks, empty caches."""
        self.start = start
        self.beta_act, self.F_act = self.beta[start:], self.F[start:]
        self.upper_act, self.lower_act = self.upper[start:], self.lower[start:]
        self.y_act, self.K_diag_act = self.y[start:], self.K_diag[start:]
        self.in_up = self.beta_act < self.upper_act
        self.in_low = self.beta_act > self.lower_act
        self.buffers = np.empty(self.n - start), np.empty(self.n - start)
        self.rows: dict[int, np.ndarray] = {}        # K rows on the active set, by active index
        self.curvatures: dict[int, np.ndarray] = {}  # a_it rows, by active index

    def row(self, s: int) -> np.ndarray:
        """K_st for the active t, s an active index (kept until the active set changes)."""
        r = self.rows.get(s)
        if r is None:
            start, order = self.start, self.order
            r = self.K[int(order[start + s])]
            if not (self.plain_order and start == 0):
                r = r[order[start:]]
            self.rows[s] = r
        return r

    def kernel_block(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        """K[rows][:, cols] for the caller's indices rows and cols."""
        K = self.K
        return K[np.ix_(rows, cols)] if isinstance(K, np.ndarray) else K.block(rows, cols)

    def curvature(self, i: int) -> np.ndarray:
        """a_it = K_ii + K_tt - 2 K_it (LIBSVM's Q_ii + Q_tt - 2 y_i y_t Q_it) for the active t:
        minus the second derivative of D along the pair (i, t). a_it <= 0 becomes TAU, as in
        LIBSVM. Kept until the active set changes."""
        a = self.curvatures.get(i)
        if a is None:
            a = self.K_diag_act + self.K_diag_act[i]
            a -= 2.0 * self.row(i)
            np.copyto(a, TAU, where=a <= 0.0)
            self.curvatures[i] = a
        return a

    # ------------------------------------------------------------------ the main loop
    def run(self, max_iter: int) -> DualSolution:
        """LIBSVM's loop: shrink every min(n, 1000) steps, Newton step every NEWTON_EVERY,
        then select a pair, stop if optimal, else update the pair and F; at most max_iter steps."""
        # counters and methods bound to local names: this loop runs millions of times
        n_iter, hard, check_every, newton = self.n_iter, self.hard, self.check_every, self.newton
        select_working_set, update_pair = self.select_working_set, self.update_pair
        while n_iter < max_iter:
            self.shrink_countdown -= 1
            if self.shrink_countdown == 0:
                self.shrink_countdown = self.shrink_every
                if self.shrinking:
                    self.shrink()
            if newton and n_iter >= self.next_newton:
                self.next_newton = n_iter + NEWTON_EVERY
                self.newton_step()
            pair = select_working_set()
            if pair is None:
                break
            i, j, a_ij = pair
            update_pair(i, j, a_ij)
            n_iter += 1
            if hard and n_iter % check_every == 0:
                self.check_separable()
        self.n_iter = n_iter
        return self.solution()

    def select_working_set(self) -> tuple[int, int, float] | None:
        """LIBSVM's second-order working-set selection (Fan, Chen & Lin 2005, "WSS 2").

            i = argmax_{t in I_up} F_t                     (F_t = -y_t G_t; m = F_i)
            j = argmax_{t in I_low, F_t < F_i} (F_i - F_t)^2 / a_it
              = argmin_{t in I_low} -b_it^2 / a_it,  b_it = F_i - F_t > 0,
                a_it = K_ii + K_tt - 2 K_it (TAU if <= 0)

        (F_i - F_t)^2 / (2 a_it) is what D gains by the unclipped step on the pair. Returns
        (i, j, a_ij), or None when the solver stops: the whole problem is optimal (``stop``),
        or no t has F_t < F_i any more ((F_i - F_j)^2 underflowed: a gap below 1e-154)."""
        while True:
            F = self.F_act
            F_up = np.where(self.in_up, F, -np.inf)
            i = int(F_up.argmax())
            F_low = np.where(self.in_low, F, np.inf)
            # m - M on the active set (minimum.reduce is F_low.min() without its Python wrapper)
            gap = F_up[i] - np.minimum.reduce(F_low)
            if gap >= self.tol or not self.start:
                break
            self.unshrink()  # optimal on the active set: look at the whole problem
            self.shrink_countdown = 1  # and shrink again right after the next step
        if self.stop(gap):
            return None
        gain = F[i] - F_low
        np.maximum(gain, 0.0, out=gain)
        gain *= gain
        a = self.curvature(i)
        gain /= a
        j = int(gain.argmax())
        if not gain[j] > 0.0:
            return None
        return i, j, a.item(j)

    def stop(self, gap: float) -> bool:
        """The stopping rule: m(beta) - M(beta) < tol. A NaN gap stops too, unconverged."""
        if gap >= self.tol:
            return False
        self.gap, self.converged = gap, bool(gap < self.tol)
        return True

    def update_pair(self, i: int, j: int, a_ij: float):
        """The two-variable update: beta_i += d, beta_j -= d keeps sum beta = 0, and D gains
        d (F_i - F_j) - d^2 a_ij / 2, largest at d = (F_i - F_j) / a_ij. The step is taken in
        LIBSVM's own arithmetic on alpha = y beta (see ``two_variable_step``, clipping to
        [0, C] included), so that a near-tie later on is decided as LIBSVM decides it; then
        F and the I_up / I_low marks of i and j follow the changes actually made."""
        y, beta, F = self.y_act, self.beta_act, self.F_act
        # Python floats (ndarray.item(t) skips the numpy scalar): this runs once per step
        yi, yj = y.item(i), y.item(j)
        bi, bj = beta.item(i), beta.item(j)
        same = yi == yj
        # LIBSVM's delta: (G_i - G_j) / a for equal labels, (-G_i - G_j) / a for opposite ones
        delta = (-yi if same else yi) * (F.item(i) - F.item(j)) / a_ij
        if self.hard and not abs(delta) < self.step_limit:  # coincident points, opposite labels
            raise NotSeparable()
        ai, aj = two_variable_step(yi * bi, yj * bj, delta, same, self.C)
        new_i, new_j = yi * ai, yj * aj
        beta[i], beta[j] = new_i, new_j
        self.update_gradient(i, j, new_i - bi, new_j - bj)
        upper, lower, in_up, in_low = self.upper_act, self.lower_act, self.in_up, self.in_low
        in_up[i] = new_i < upper.item(i)
        in_up[j] = new_j < upper.item(j)
        in_low[i] = new_i > lower.item(i)
        in_low[j] = new_j > lower.item(j)

    def update_gradient(self, i: int, j: int, change_i: float, change_j: float):
        """F <- F - K_:i (change of beta_i) - K_:j (change of beta_j), LIBSVM's
        G <- G + Q_:i (change of alpha_i) + Q_:j (change of alpha_j): the only two rows of K
        a step needs."""
        step_i, step_j = self.buffers
        row = self.row
        np.multiply(row(i), change_i, out=step_i)
        np.multiply(row(j), change_j, out=step_j)
        step_i += step_j
        F = self.F_act
        F -= step_i

    # ------------------------------------------------------------------ shrinking
    def shrink(self):
        """LIBSVM's do_shrinking. With m, M from the active set, variable t leaves it when it
        cannot join a violating pair:  t only in I_up with F_t < M,  or only in I_low with
        F_t > m. The first time m - M <= 10 tol, F is rebuilt everywhere (``unshrink``) first.
        Each leaving position, from the front, swaps with the last position still active, so
        positions (and so later ties) follow LIBSVM's."""
        F, in_up, in_low = self.F_act, self.in_up, self.in_low
        m = np.where(in_up, F, -np.inf).max()
        M = np.where(in_low, F, np.inf).min()
        if not self.unshrunk and m - M <= 10.0 * self.tol:
            self.unshrunk = True
            self.unshrink()
            F, in_up, in_low = self.F_act, self.in_up, self.in_low
        leaving = (in_up & ~in_low & (F < M)) | (in_low & ~in_up & (F > m))
        if not leaving.any():
            return
        n, start = self.n, self.start
        pos_out = n - 1 - (start + np.flatnonzero(leaving))[::-1]  # LIBSVM positions leaving, ascending
        pos_in = n - 1 - (start + np.flatnonzero(~leaving))        # LIBSVM positions staying, descending
        k = min(len(pos_out), len(pos_in))
        k = int(np.count_nonzero(pos_out[:k] < pos_in[:k]))
        sa, sb = n - 1 - pos_out[:k], n - 1 - pos_in[:k]
        for arr in (self.order, self.y, self.beta, self.F, self.upper, self.lower, self.K_diag):
            arr[sa], arr[sb] = arr[sb], arr[sa].copy()
        self.plain_order = self.plain_order and k == 0
        self.activate(n - len(pos_in))

    def unshrink(self):
        """Bring every variable back: F_t = y_t - sum_s K_ts beta_s for the left-out t (LIBSVM
        adds up cached sums G_bar instead: equal up to rounding)."""
        start = self.start
        if start:
            nz = np.flatnonzero(self.beta)
            Kbeta = self.kernel_block(self.order[:start], self.order[nz]) @ self.beta[nz] if nz.size else 0.0
            self.F[:start] = self.y[:start] - Kbeta
            self.activate(0)

    def newton_step(self):
        """The free-set Newton step (LIBSVM has none): see :func:`_newton.free_set_newton_step`."""
        free_set_newton_step(self)

    # ------------------------------------------------------------------ hard margin, the answer
    def check_separable(self):
        """Hard margin: raise NotSeparable when the hull distance sqrt(beta^T K beta) / (S/2),
        S = sum alpha, is below HULL_EPS x the spread (beta^T K beta = beta^T (y - F))."""
        half = 0.5 * np.abs(self.beta).sum()
        wKw = float(self.y @ self.beta - self.beta @ self.F)
        if wKw < (HULL_EPS * self.spread * half) ** 2:
            raise NotSeparable()

    def bias(self, m: float, M: float, free: np.ndarray) -> float:
        """b = mean of F_t over the free vectors (0 < alpha_t < C), whose KKT condition
        y_t f(x_t) = 1 reads b = F_t; with no free vector b = (m + M) / 2, the midpoint of the
        interval of feasible b (LIBSVM's (ub + lb) / 2)."""
        if free.any():
            return float(self.F[free].mean())
        if np.isfinite(m) and np.isfinite(M):
            return float((m + M) / 2.0)
        return float(np.nan_to_num(m if np.isfinite(m) else M))

    def solution(self) -> DualSolution:
        """beta in the caller's order, b, D(beta) = y^T beta - beta^T (y - F) / 2, steps, gap."""
        self.unshrink()  # out of steps while shrunk: exact F everywhere for the gap and b
        beta, F = self.beta, self.F
        in_up, in_low = beta < self.upper, beta > self.lower
        m = np.where(in_up, F, -np.inf).max()
        M = np.where(in_low, F, np.inf).min()
        gap = self.gap if self.converged else m - M
        objective = float(self.y @ beta - 0.5 * beta @ (self.y - F))
        out = np.empty(self.n)
        out[self.order] = beta
        return DualSolution(beta=out, b=self.bias(m, M, in_up & in_low), objective=objective,
                            n_iter=self.n_iter, converged=self.converged, gap=float(gap))


def two_variable_step(ai: float, aj: float, delta: float, same: bool, C: float) -> tuple[float, float]:
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


def _matvec(K, beta: np.ndarray) -> np.ndarray:
    return K @ beta if isinstance(K, np.ndarray) else K.matvec(beta)
