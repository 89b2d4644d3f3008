"""The free-set Newton step that SMO (:mod:`mlcore.svm._smo`) takes every NEWTON_EVERY steps.

LIBSVM has no such step. SMO moves two variables at a time and crawls on large-C problems
whose Gram matrix has low rank (linear, polynomial kernels): many free variables must move
together along a direction that no single pair follows. Holding the bounded variables
fixed, the best move of the free set is one linear solve. Sound for a positive
semi-definite K only (the optimal f is then unique, so the step only shortens the way to
it); :class:`mlcore.svm.SVC` does not use it for the sigmoid kernel.
"""

from __future__ import annotations

import numpy as np

NEWTON_EVERY = 100  # SMO steps between free-set Newton steps (25 and 50 were worse on some problems)
NEWTON_FACES = 10   # faces one Newton round may pass through (each bound met shrinks the face)
NEWTON_SMALL = 60   # ... when the face has at most this many free variables, else one step


def free_set_newton_step(smo) -> None:
    """Move the free set S = I_up ∩ I_low of ``smo`` (an :class:`mlcore.svm._smo.SMO`) in place.

    With the bounded variables held, the best move d of S (sum d = 0) solves

        K_SS d + c 1 = F_S,   1^T d = 0

    (then F_S - K_SS d = c is level, the KKT condition of the face). A ridge
    1e-10 mean(diag K_SS) keeps the system solvable when K_SS is singular (more free points
    than the feature space has dimensions); then d is long along the singular direction, on
    which D grows linearly. d is an ascent direction (F_S^T d = d^T (K_SS + ridge) d > 0),
    D(beta + t d) is maximal at t = F_S^T d / d^T K_SS d, and t is cut where the first
    variable meets its bound. That variable leaves the face and, on a small face, the step is
    repeated on the rest (up to NEWTON_FACES times), like an active-set method. F follows:
    F_active -= (change of beta_S)^T K[S, active].
    """
    beta, F, upper, lower = smo.beta_act, smo.F_act, smo.upper_act, smo.lower_act
    in_up, in_low = smo.in_up, smo.in_low
    S = np.flatnonzero(in_up & in_low)
    f = S.size
    n_active = smo.n - smo.start
    if f == 0 or f**3 > 20 * NEWTON_EVERY * n_active:  # costs more than the SMO steps it replaces
        return
    active = smo.order[smo.start:]
    R = smo.kernel_block(active[S], active)  # K[S, active], one call rather than f rows
    for _ in range(NEWTON_FACES if f <= NEWTON_SMALL else 1):
        f = S.size
        KSS = R[:, S]
        A = np.zeros((f + 1, f + 1))
        A[:f, :f] = KSS
        A[:f, f] = A[f, :f] = 1.0
        A[np.arange(f), np.arange(f)] += 1e-10 * max(float(np.diag(KSS).mean()), 1e-300)
        FS = F[S]
        try:
            d = np.linalg.solve(A, np.append(FS, 0.0))[:f]
        except np.linalg.LinAlgError:
            return
        g = float(FS @ d)
        q = float(d @ KSS @ d)
        if not g > 0.0:
            return
        t = g / q if q > 0.0 else np.inf
        bS, uS, lS = beta[S], upper[S], lower[S]
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
        np.subtract(F, (new - bS) @ R, out=F)
        beta[S] = new
        in_up[S] = new < uS
        in_low[S] = new > lS
        if not hit:
            return
        still = (new < uS) & (new > lS)  # the variable that met its bound leaves the face
        S, R = S[still], R[still]
        if S.size == 0:
            return

