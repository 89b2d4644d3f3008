"""Logistic regression: sigmoid for two classes, softmax (multinomial) for K > 2.

The objective is scikit-learn's, exactly:

    minimise  C · sum_i loss_i + penalty(w)

with the intercept never penalised and

    two classes:  loss_i = log(1 + exp(-y_i (w·x_i + b))),  y_i in {-1, +1}
    K classes:    loss_i = log(sum_k exp(z_ik)) - z_i,y_i,  z_ik = w_k·x_i + b_k
    penalty:      "l2": 0.5 ||w||^2,  "l1": ||w||_1 (sum of |w_kj|),  "none": 0 (C is ignored).

P(classes_[1] | x) = sigmoid(w·x + b) for two classes, P(k | x) = softmax(z)_k otherwise.

Solver (d is small here, so exact second-order steps are cheap):

* The features are centred and scaled internally (x_j -> (x_j - m_j) / s_j). That is
  only a change of variables, w_j = u_j / s_j and b = b' - sum_j w_j m_j, with the
  penalty rewritten in u, so the optimum is the same; it keeps the linear algebra
  well conditioned for data scaled by 1e-9 or 1e9.
* "l2" and "none": Newton's method, theta <- theta - t H^+ g, with a backtracking
  (Armijo) line search on the objective.
* "l1": proximal Newton. Each step minimises the quadratic model of the smooth part
  plus the exact l1 term, g·delta + 1/2 delta' H delta + lambda ||u + delta||_1, by
  coordinate descent (soft-thresholding), then backtracks on the true objective.
* Stop when the step is below ``tol``, or one step after the largest (sub)gradient
  entry fell below ``tol`` (both in the scaled variables, objective divided by C·n;
  near the optimum a Newton step squares the error), or after ``max_iter`` steps.
  On ordinary data this takes about 5 to 15 steps. With
  "l1", a weak penalty and classes that are (nearly) separable, the coordinate
  descent can be slow, and the solver may stop at ``max_iter`` close to, not at,
  the optimum.

Redundancy for K > 2: adding one vector v to every w_k and one number c to every b_k
changes no probability. The intercepts are always centred (sum_k b_k = 0, as
scikit-learn's solvers end up). With "l2" the penalty already forces sum_k w_k = 0.
With "none" the weights are centred the same way after every step
(sum_k w_k = 0). With "l1" the penalty chooses the shift (for each feature the
median over classes is 0, unique for odd K; for even K it may be any point between
the two middle values, and the solver returns one of these optima).

"none" on separable data has no optimum (the loss keeps falling as ||w|| grows):
the solver stops once the gradient is below ``tol`` or at ``max_iter``, with finite
weights. Every log and exp is evaluated in a form that cannot overflow.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from ..base import (
    BaseEstimator,
    ClassifierMixin,
    LinearClassifierMixin,
    check_choice,
    check_scalar,
    check_X_y,
    softmax,
)

PENALTIES = ("l2", "l1", "none")
_MAX_HALVINGS = 60
_ARMIJO = 1e-4


class LogisticRegression(LinearClassifierMixin, ClassifierMixin, BaseEstimator):
    """Penalised maximum likelihood: minimise C · sum_i loss_i + penalty(w).

    Parameters
    ----------
    C : float > 0 (finite)
        Inverse regularisation strength (ignored when penalty="none").
    penalty : "l2", "l1" or "none" (None too, scikit-learn's spelling of no penalty)
    max_iter : int >= 1
        Newton (proximal Newton for l1) steps at most.
    tol : float >= 0
        Stop when the largest (sub)gradient entry or step entry falls below it.

    Learned attributes
    ------------------
    classes_, n_features_in_
    coef_ : (1, d) for two classes, (K, d) for K > 2.
    intercept_ : (1,) or (K,).
    n_iter_ : steps taken.
    history_ : dict of numpy arrays, one row per iterate from the start (all zeros)
        to the end, so n_iter_ + 1 rows:
        ``"loss"`` the objective C · sum_i loss_i + penalty(w) (sum_i loss_i for "none"),
        ``"log_loss"`` the mean cross-entropy (1/n) sum_i loss_i,
        ``"coef"`` (n_iter_ + 1, *coef_.shape), ``"intercept"`` (n_iter_ + 1, *intercept_.shape).
    """

    def __init__(self, C=1.0, penalty="l2", max_iter=100, tol=1e-8):
        self.C = C
        self.penalty = penalty
        self.max_iter = max_iter
        self.tol = tol

    def fit(self, X, y):
        name = type(self).__name__
        C = check_scalar(self.C, "C", low=0, high=math.inf, low_inclusive=False, model=name)
        penalty = "none" if self.penalty is None else check_choice(self.penalty, "penalty", PENALTIES, model=name)
        max_iter = check_scalar(self.max_iter, "max_iter", kind=numbers.Integral, low=1, model=name)
        tol = check_scalar(self.tol, "tol", low=0, high=math.inf, model=name)
        X, y_enc, classes = check_X_y(X, y)

        problem = _Problem(X, y_enc, len(classes), C, penalty)
        thetas, n_iter = _minimise(problem, max_iter, tol)
        coefs, intercepts = zip(*(problem.to_original(t) for t in thetas), strict=True)

        self.classes_ = classes
        self.n_features_in_ = X.shape[1]
        self.coef_ = coefs[-1]
        self.intercept_ = intercepts[-1]
        self.n_iter_ = n_iter
        log_losses = problem.mean_losses(thetas)
        penalties = np.array([_penalty(penalty, c) for c in coefs])
        scale = 1.0 if penalty == "none" else C
        self.history_ = {
            "loss": scale * X.shape[0] * log_losses + penalties,
            "log_loss": log_losses,
            "coef": np.array(coefs),
            "intercept": np.array(intercepts),
        }
        return self

    def predict_proba(self, X):
        """[1 - sigmoid(z), sigmoid(z)] for two classes, softmax(z) otherwise; columns follow classes_."""
        scores = self.decision_function(X)
        if scores.ndim == 1:
            return np.column_stack([_sigmoid(-scores), _sigmoid(scores)])
        return softmax(scores)


def _sigmoid(z):
    """1 / (1 + exp(-z)) without overflow: only exp(-|z|) is ever evaluated."""
    e = np.exp(-np.abs(z))
    return np.where(z >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def _penalty(penalty, coef):
    if penalty == "l2":
        return 0.5 * float(np.sum(coef ** 2))
    if penalty == "l1":
        return float(np.sum(np.abs(coef)))
    return 0.0


class _Problem:
    """The objective in scaled variables, divided by C·n:

        f(theta) = (1/n) sum_i loss_i + lam · penalty(u / s),   lam = 1 / (C n),

    theta (R, d + 1): row r holds (u_r, b'_r); R = 1 for two classes, K otherwise.
    """

    def __init__(self, X, y_enc, n_classes, C, penalty):
        n, d = X.shape
        self.binary = n_classes == 2
        self.n_rows = 1 if self.binary else n_classes
        self.penalty = penalty
        self.mean = X.mean(axis=0)
        spread = np.ptp(X, axis=0) > 0
        self.scale = np.where(spread, X.std(axis=0), 1.0)
        self.scale[self.scale == 0] = 1.0
        # A constant column is exactly zero after centring, never rounding noise.
        Xs = np.where(spread, (X - self.mean) / self.scale, 0.0)
        self.A = np.column_stack([Xs, np.ones(n)])
        # Directions e with Xs e = 0 (duplicate or collinear features): the loss is flat
        # along them in every row, and only an l1 penalty decides where to stand.
        # Only the l1 solver needs them (the Newton step's pseudo-inverse ignores them).
        if penalty == "l1":
            eigenvalues, vectors = np.linalg.eigh(Xs.T @ Xs)
            self.flat = vectors[:, eigenvalues <= 1e-10 * max(eigenvalues.max(), 1e-300)].T
        else:
            self.flat = np.zeros((0, d))
        self.n, self.d = n, d
        self.lam = 0.0 if penalty == "none" else 1.0 / (C * n)
        if self.binary:
            self.t = (y_enc == 1).astype(np.float64)
        else:
            self.Y = (y_enc[:, None] == np.arange(n_classes)).astype(np.float64)
        # Per-entry penalty weight in scaled variables: |w_j| = |u_j| / s_j; 0 on the intercept.
        per_column = np.append(1.0 / self.scale, 0.0)
        self.weight = np.tile(per_column, (self.n_rows, 1))
        if penalty == "l2":
            self.weight = self.weight ** 2

    def zeros(self):
        return np.zeros((self.n_rows, self.d + 1))

    def to_original(self, theta):
        coef = theta[:, :-1] / self.scale
        intercept = theta[:, -1] - coef @ self.mean
        if not self.binary:
            intercept -= intercept.mean()  # no probability changes; see the module docstring
        return coef, intercept

    def mean_loss(self, theta):
        Z = self.A @ theta.T
        if self.binary:
            z = Z[:, 0]
            return float(np.mean(np.logaddexp(0.0, z) - self.t * z))
        top = Z.max(axis=1)
        lse = top + np.log(np.exp(Z - top[:, None]).sum(axis=1))
        return float(np.mean(lse - np.sum(self.Y * Z, axis=1)))

    def mean_losses(self, thetas):
        """mean_loss of every iterate (the history) with one matrix product."""
        T = len(thetas)
        Z = (self.A @ np.concatenate(thetas).T).reshape(self.n, T, self.n_rows)
        if self.binary:
            z = Z[:, :, 0]
            return np.mean(np.logaddexp(0.0, z) - self.t[:, None] * z, axis=0)
        top = Z.max(axis=2)
        lse = top + np.log(np.exp(Z - top[:, :, None]).sum(axis=2))
        return np.mean(lse - np.einsum("nk,ntk->nt", self.Y, Z), axis=0)

    def penalty_value(self, theta):
        if self.penalty == "l2":
            return 0.5 * self.lam * float(np.sum(self.weight * theta ** 2))
        if self.penalty == "l1":
            return self.lam * float(np.sum(self.weight * np.abs(theta)))
        return 0.0

    def objective(self, theta):
        return self.mean_loss(theta) + self.penalty_value(theta)

    def smooth_gradient_hessian(self, theta):
        """Gradient (flattened row by row) and Hessian of f, the l1 term left out."""
        A, n = self.A, self.n
        Z = A @ theta.T
        if self.binary:
            z = Z[:, 0]
            p = _sigmoid(z)
            e = np.exp(-np.abs(z))
            curvature = e / (1.0 + e) ** 2  # p (1 - p), accurate also where p is near 0 or 1
            g = A.T @ (p - self.t) / n
            H = (A.T * curvature) @ A / n
        else:
            P = softmax(Z)
            g = ((P - self.Y).T @ A / n).ravel()
            K, q = self.n_rows, A.shape[1]
            # d2 loss_i / dz_k dz_l = p_k [k = l] - p_k p_l, and z_ik = theta_k·a_i
            B = (P[:, :, None] * A[:, None, :]).reshape(n, K * q)
            H = -(B.T @ B) / n
            for k in range(K):
                H[k * q:(k + 1) * q, k * q:(k + 1) * q] += (A.T * P[:, k]) @ A / n
        if self.penalty == "l2":
            g = g + self.lam * (self.weight * theta).ravel()
            H = H + np.diag(self.lam * self.weight.ravel())
        return g, H

    def tidy(self, theta):
        """Pick the representative of the softmax redundancy (see the module docstring)."""
        if self.binary or self.penalty != "none":
            return theta
        # Without a penalty only differences between classes are determined.
        return theta - theta.mean(axis=0)


def _newton_direction(g, H):
    """-H^+ g, solved after scaling H to unit diagonal (Jacobi) for conditioning."""
    diag = np.sqrt(np.maximum(np.diag(H), 0.0))
    diag[diag == 0] = 1.0
    Hs = H / diag[:, None] / diag[None, :]
    step, *_ = np.linalg.lstsq(Hs, -g / diag, rcond=1e-12)
    return step / diag


def _l1_direction(g, H, theta, lam_weight, n_rows, flat, max_sweeps=20):
    """argmin_delta g·delta + 1/2 delta' H delta + sum_j lam_j |theta_j + delta_j|.

    Coordinate descent: coordinate j moves to its exact minimiser, the
    soft-threshold S(v, a) = sign(v) max(|v| - a, 0) of its unpenalised minimiser.
    For K > 2 the quadratic is flat along "shift column j of every class by c"
    (softmax redundancy), where single coordinates cannot travel; after each
    sweep that move is made exactly too: c = -median over classes, which
    minimises the l1 term along it. Directions e of duplicate or collinear
    features (Xs e = 0, rows of ``flat``) are flat in every row too, and get the
    same exact move (a weighted median, see _l1_best_shift).

    Coordinate descent is slow when H is ill-conditioned, so after every sweep
    the signs it has found are tried: with the zero entries held at 0 and the
    signs s of the others fixed, the model is a plain quadratic whose minimiser
    solves H_FF u_F = H_FF theta_F - g_F - lam_F s_F. If that point keeps the
    signs and the zero entries satisfy |g_j + (H delta)_j| <= lam_j, it is the
    exact answer. The sweeps are capped: an inexact step still descends, and
    the outer loop continues from it.
    """
    p = len(g)
    # A tiny ridge keeps every coordinate's curvature positive (a constant feature has none);
    # it changes the step, not the fixed point, so the optimum is unaffected.
    diag = np.diag(H) + 1e-12 * max(1.0, float(np.max(np.diag(H))))
    penalised = lam_weight > 0
    g_list, diag_list, lam_list = g.tolist(), diag.tolist(), lam_weight.tolist()
    u = theta.copy()
    Hd = np.zeros(p)  # H @ (u - theta), kept up to date
    tried = set()
    for _ in range(max_sweeps):
        before = u.copy()
        for j in range(p):
            old = float(u[j])
            target = old - (g_list[j] + float(Hd[j])) / diag_list[j]
            if lam_list[j] > 0:
                new = math.copysign(max(abs(target) - lam_list[j] / diag_list[j], 0.0), target)
            else:
                new = target
            if new != old:
                u[j] = new
                Hd += (new - old) * H[:, j]
        rows = u.reshape(n_rows, -1)
        if n_rows > 1:
            rows[:, :-1] -= np.median(rows[:, :-1], axis=0)
            rows[:, -1] -= rows[:, -1].mean()
        for e in flat:
            for k in range(n_rows):
                rows[k, :-1] += _l1_best_shift(rows[k, :-1], e, lam_weight.reshape(n_rows, -1)[k, :-1]) * e
        if n_rows > 1 or len(flat):
            Hd = H @ (u - theta)
        if np.max(np.abs(u - before)) <= 1e-13 * (1.0 + float(np.max(np.abs(u)))):
            break
        pattern = np.sign(u).tobytes()
        if pattern not in tried:
            tried.add(pattern)  # the candidate depends on the signs only: try each pattern once
            exact = _fixed_sign_solution(g, H, theta, lam_weight, penalised, u, n_rows)
            if exact is not None:
                return exact - theta
    return u - theta


def _l1_best_shift(a, e, lam):
    """argmin_t sum_j lam_j |a_j + t e_j|: the median of -a_j / e_j weighted by lam_j |e_j|."""
    used = (np.abs(e) > 1e-12) & (lam > 0)
    if not np.any(used):
        return 0.0
    points, weights = -a[used] / e[used], lam[used] * np.abs(e[used])
    order = np.argsort(points)
    cumulative = np.cumsum(weights[order])
    return float(points[order][np.searchsorted(cumulative, 0.5 * cumulative[-1])])


def _shift_into_signs(rows, signs):
    """Move each coefficient column with no zero entry along the softmax shift so that
    its entries take the wanted signs, if some shift does.

    For such a column the shift changes neither the quadratic model nor (signs
    balanced, as they must be for a solution to exist) the l1 term, so any shift
    is as good; the least-norm answer of lstsq may just have crossed zero.
    """
    for j in range(rows.shape[1] - 1):
        col, s = rows[:, j], signs[:, j]
        if np.all(s != 0) and np.any(s > 0) and np.any(s < 0):
            low, high = -col[s > 0].min(), -col[s < 0].max()  # need low < shift < high
            if low < high:
                col += 0.5 * (low + high)


def _fixed_sign_solution(g, H, theta, lam_weight, penalised, u, n_rows):
    """The model's minimiser for the zero pattern and signs of u, or None if it is not optimal."""
    sign = np.sign(u)
    free = ~penalised | (u != 0)
    rhs = H[np.ix_(free, free)] @ theta[free] - g[free] - lam_weight[free] * sign[free]
    # theta_j of a zero entry moves to 0, which feeds into the free rows.
    rhs += H[np.ix_(free, ~free)] @ theta[~free]
    H_free = H[np.ix_(free, free)]
    solution, *_ = np.linalg.lstsq(H_free, rhs, rcond=1e-12)
    if np.max(np.abs(H_free @ solution - rhs)) > 1e-9 * (1.0 + np.max(np.abs(rhs))):
        return None  # singular H_FF with the l1 slope along its null space: no minimiser there
    candidate = np.zeros_like(u)
    candidate[free] = solution
    if n_rows > 1:
        _shift_into_signs(candidate.reshape(n_rows, -1), sign.reshape(n_rows, -1))
    if np.any(np.sign(candidate[free & penalised]) != sign[free & penalised]):
        return None
    slack = g + H @ (candidate - theta)
    zero = ~free
    if np.any(np.abs(slack[zero]) > lam_weight[zero] * (1 + 1e-9) + 1e-15):
        return None
    return candidate


def _l1_optimality(g, theta, lam_weight):
    """Largest entry of the minimum-norm subgradient of f (zero exactly at the optimum)."""
    at_zero = (theta == 0) & (lam_weight > 0)
    sub = np.where(at_zero, np.maximum(np.abs(g) - lam_weight, 0.0), g + lam_weight * np.sign(theta))
    return float(np.max(np.abs(sub)))


def _minimise(problem, max_iter, tol):
    """Iterates of (proximal) Newton with backtracking; returns them and the number of steps."""
    theta = problem.zeros()
    shape = theta.shape
    thetas = [theta]
    f = problem.objective(theta)
    l1 = problem.penalty == "l1"
    lam_weight = (problem.lam * problem.weight).ravel()
    for _ in range(max_iter):
        g, H = problem.smooth_gradient_hessian(theta)
        flat = theta.ravel()
        measure = _l1_optimality(g, flat, lam_weight) if l1 else float(np.max(np.abs(g)))
        # Close enough: one last step still runs, since near the optimum a Newton
        # step squares the error (1e-8 -> 1e-16) for the price of one iteration.
        last = measure <= tol
        if l1:
            delta = _l1_direction(g, H, flat, lam_weight, problem.n_rows, problem.flat)
            # predicted decrease of the model: g·delta + l1(theta + delta) - l1(theta)
            slope = float(g @ delta + np.sum(lam_weight * (np.abs(flat + delta) - np.abs(flat))))
        else:
            delta = _newton_direction(g, H)
            slope = float(g @ delta)
        if not slope < 0:
            break  # no descent left at floating-point precision
        step = 1.0
        for _ in range(_MAX_HALVINGS):
            candidate = problem.tidy(theta + step * delta.reshape(shape))
            f_new = problem.objective(candidate)
            if f_new <= f + _ARMIJO * step * slope:
                break
            step *= 0.5
        else:
            break
        theta, f = candidate, f_new
        thetas.append(theta)
        if last or step * float(np.max(np.abs(delta))) <= tol:
            break
    return thetas, len(thetas) - 1
