"""Linear SVMs (scikit-learn's ``LinearSVC``): one-vs-rest by default, or the Crammer–Singer
multi-class machine, both solved exactly by a primal–dual interior-point method.

Primal (K weight vectors w_k, one per class; LIBLINEAR's problem):

    minimise  P(W) = 1/2 sum_k ||w_k||^2 + C sum_i max_k ( e_ik + w_k·x_i - w_{y_i}·x_i ),
              e_ik = 1 - [k = y_i],

i.e. the true class must beat every other class by a margin of 1, and each point pays its
largest violation (0 when it does: the k = y_i term is 0). As in LIBLINEAR the intercept is
an extra feature x_i -> (x_i, 1), so b_k is the last entry of w_k and is penalised too.

Written as a quadratic programme with one slack xi_i per point:

    minimise 1/2 ||W||^2 + C sum_i xi_i   s.t.  xi_i >= e_ik + (w_k - w_{y_i})·x_i  for all i, k.

Dual (lambda_ik >= 0 for each constraint):

    maximise  D(lambda) = sum_ik lambda_ik e_ik - 1/2 ||W(lambda)||^2
              s.t. lambda_ik >= 0,  sum_k lambda_ik = C  (each point's lambda_i on a scaled simplex),
    W(lambda): w_k = sum_i (C [y_i = k] - lambda_ik) x_i.

(LIBLINEAR's alpha_i^k = C [y_i = k] - lambda_ik: sum_k alpha_i^k = 0, alpha_i^k <= C [y_i = k].)
Weak duality D(lambda) <= min P <= P(W) for every feasible lambda and any W, so
P(W) - D(lambda) bounds how far P(W) is from the optimum: that is ``duality_gap_``.

Solver: Mehrotra's predictor–corrector interior-point method on the QP. Each step solves
one Newton system; eliminating the slacks, the multipliers and xi leaves a (K p) x (K p)
system in W only (p = d + 1 features with the bias):

    (I + sum_i G_i ⊗ x_i x_i') dW = r,   G_i = diag(D_i) - D_i D_i' / (1' D_i),   D_ik = lambda_ik / s_ik,

with s_ik the constraint slacks. After every step the multipliers are rescaled onto the
simplex (lambda_i * C / sum_k lambda_ik, which is feasible) and the gap P(W) - D(lambda) is
computed from scratch; the solver stops when it is at most tol * P(W) (a relative gap;
P(W) >= P* > 0, since W = 0 already costs C n). About 15 to 30 steps whatever C and the data's
conditioning; each costs O(n K^2 p^2).

One-vs-rest (``multi_class="ovr"``, scikit-learn's default): one two-class machine per class
(class k against the rest; a single machine, classes_[1] against classes_[0], for two classes),
each minimising LIBLINEAR's hinge-loss problem

    P_k(v) = 1/2 ||v||^2 + C sum_i max(0, 1 - t_i v·x_i),   t_i = +1 for class k, -1 otherwise.

That is the problem above for two classes at C/2: there w_0 + w_1 = 0 (every W(lambda) sums to 0
over the classes), so with v = w_1 - w_0, 1/2 (||w_0||^2 + ||w_1||^2) = 1/4 ||v||^2 and
P(W) = P_k(v) / 2. The same solver, with its certificate, then serves both.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from ..base import (
    BaseEstimator,
    ClassifierMixin,
    LinearClassifierMixin,
    ValidationError,
    check_choice,
    check_scalar,
    check_X_y,
)

__all__ = ["LinearSVC", "crammer_singer_objective"]

_STEP_BACK = 0.99  # fraction of the way to the boundary an interior-point step may go


def crammer_singer_objective(W: np.ndarray, X: np.ndarray, y_enc: np.ndarray, C: float) -> float:
    """P(W) = 1/2 ||W||^2 + C sum_i max_k (e_ik + w_k·x_i - w_{y_i}·x_i); W is (K, p) on X (n, p)."""
    scores = X @ W.T
    rows = np.arange(len(X))
    violations = scores - scores[rows, y_enc][:, None] + 1.0
    violations[rows, y_enc] = 0.0
    return 0.5 * float(np.sum(W * W)) + C * float(violations.max(axis=1).sum())


class LinearSVC(LinearClassifierMixin, ClassifierMixin, BaseEstimator):
    """Linear SVM: one-vs-rest, or Crammer and Singer's multi-class machine (module docstring).

    Parameters
    ----------
    C : float > 0, the price of each unit of margin violation (for Crammer–Singer, of each
        point's largest one).
    multi_class : "ovr" (one hinge-loss machine per class, scikit-learn's default) or
        "crammer_singer".
    tol : stop when the duality gap is at most tol * P (for one-vs-rest, per machine).
    max_iter : interior-point steps at most (per machine).
    fit_intercept : append a constant feature 1 (LIBLINEAR's intercept_scaling = 1), so the
        intercepts are penalised like the weights.

    The loss is the hinge, i.e. scikit-learn's ``LinearSVC(loss="hinge")``; its default loss,
    "squared_hinge", is not offered.

    Fitted attributes
    -----------------
    classes_, n_features_in_
    coef_, intercept_ : one-vs-rest: row k is machine k's (v, b); Crammer–Singer: weights_ and
        class_intercepts_. With two classes, as scikit-learn, a single row, positive meaning
        classes_[1] (Crammer–Singer: the difference w_1 - w_0, b_1 - b_0).
    primal_objective_ P, dual_objective_ D, duality_gap_ = P - D >= P - min P (one-vs-rest: the
        sums over the machines, whose problems are independent).
    n_iter_ (one-vs-rest: the most of any machine), converged_ (gap <= tol * P within max_iter,
        for every machine).
    Crammer–Singer only: weights_ (K, d) one w_k per class; class_intercepts_ (K,) b_k;
        dual_coef_ (n, K) LIBLINEAR's alpha_ik = C [y_i = k] - lambda_ik.
    """

    def __init__(self, C=1.0, multi_class="ovr", tol=1e-4, max_iter=100, fit_intercept=True):
        self.C = C
        self.multi_class = multi_class
        self.tol = tol
        self.max_iter = max_iter
        self.fit_intercept = fit_intercept

    def fit(self, X, y):
        name = "LinearSVC"
        C = check_scalar(self.C, "C", low=0.0, low_inclusive=False, model=name)
        check_choice(self.multi_class, "multi_class", ("ovr", "crammer_singer"), model=name)
        tol = check_scalar(self.tol, "tol", low=0.0, low_inclusive=False, model=name)
        max_iter = check_scalar(self.max_iter, "max_iter", kind=numbers.Integral, low=1, model=name)
        if not isinstance(self.fit_intercept, (bool, np.bool_)):
            raise ValidationError(f"fit_intercept={self.fit_intercept!r} for {name} must be True or False")
        X, y_enc, classes = check_X_y(X, y)
        features = np.hstack([X, np.ones((len(X), 1))]) if self.fit_intercept else X
        self.classes_ = classes
        self.n_features_in_ = X.shape[1]
        if self.multi_class == "ovr":
            return self._fit_one_vs_rest(features, y_enc, C, tol, max_iter)
        result = _solve(features, y_enc, len(classes), C, tol, max_iter)

        W = result.W
        d = X.shape[1]
        self.weights_ = W[:, :d].copy()
        self.class_intercepts_ = W[:, d].copy() if self.fit_intercept else np.zeros(len(classes))
        if len(classes) == 2:
            self.coef_ = (self.weights_[1] - self.weights_[0])[None, :]
            self.intercept_ = np.array([self.class_intercepts_[1] - self.class_intercepts_[0]])
        else:
            self.coef_ = self.weights_
            self.intercept_ = self.class_intercepts_
        self.primal_objective_ = result.primal
        self.dual_objective_ = result.dual
        self.duality_gap_ = result.primal - result.dual
        self.dual_coef_ = C * (y_enc[:, None] == np.arange(len(classes))) - result.lam
        self.n_iter_ = result.n_iter
        self.converged_ = result.converged
        return self

    def _fit_one_vs_rest(self, features, y_enc, C, tol, max_iter):
        """One machine per class (one for two classes): the two-class Crammer–Singer problem at
        C/2, whose v = w_1 - w_0 minimises P_k (module docstring)."""
        K = len(self.classes_)
        targets = [y_enc] if K == 2 else [(y_enc == k).astype(np.intp) for k in range(K)]
        rows, primal, dual, n_iter, converged = [], 0.0, 0.0, 0, True
        for t in targets:
            result = _solve(features, t, 2, C / 2.0, tol, max_iter)
            v = result.W[1] - result.W[0]
            hinge = np.maximum(0.0, 1.0 - np.where(t == 1, 1.0, -1.0) * (features @ v))
            primal += 0.5 * float(v @ v) + C * float(hinge.sum())
            dual += 2.0 * result.dual  # min P_k = 2 min P, so 2 D bounds it from below
            n_iter, converged = max(n_iter, result.n_iter), converged and result.converged
            rows.append(v)
        V = np.array(rows)
        d = self.n_features_in_
        self.coef_ = V[:, :d].copy()
        self.intercept_ = V[:, d].copy() if self.fit_intercept else np.zeros(len(V))
        self.primal_objective_ = primal
        self.dual_objective_ = dual
        self.duality_gap_ = primal - dual
        self.n_iter_ = n_iter
        self.converged_ = converged
        return self


class _Result:
    def __init__(self, W, lam, primal, dual, n_iter, converged):
        self.W, self.lam, self.primal, self.dual = W, lam, primal, dual
        self.n_iter, self.converged = n_iter, converged


class _Constraints:
    """The linear map of the constraints, z_ki = (w_k - w_{y_i})·x_i, and its adjoint.

    Everything per (class, point) is stored as a (K, n) array: sums and maxima over the K classes
    then run along the first axis, over long contiguous rows (a reduction along a short last
    axis of length K is several times slower in numpy).
    """

    def __init__(self, X, y_enc, K):
        self.X, self.Xt, self.y_enc = X, np.ascontiguousarray(X.T), y_enc
        n = len(X)
        self.true = y_enc * n + np.arange(n)  # flat index of (y_i, i) in a (K, n) array
        self.onehot = np.zeros((K, n))
        self.onehot.reshape(-1)[self.true] = 1.0

    def apply(self, W):
        scores = W @ self.Xt
        return scores - scores.reshape(-1)[self.true]

    def adjoint(self, M):
        """sum_ki M_ki (e_k - e_{y_i}) x_i', a (K, p) matrix."""
        return (M - self.onehot * M.sum(axis=0)) @ self.X

    def objective(self, W, C):
        """P(W), as ``crammer_singer_objective``, on the (K, n) layout."""
        violations = self.apply(W) + 1.0
        violations.reshape(-1)[self.true] = 0.0
        return 0.5 * float(np.sum(W * W)) + C * float(violations.max(axis=0).sum())


def _newton(A, factor, s, D, d, r_W, r_xi, r_s, r_c):
    """One Newton direction of the KKT system for the complementarity target s∘lambda = s∘lambda - r_c.

    With D = lambda / s the slacks and multipliers are eliminated, then xi (through the sums
    over classes d = sum_k D_k), leaving the (K p) x (K p) system in W whose Cholesky factor is
    ``factor``.
    """
    q = -r_c / s + D * r_s
    u = (q.sum(axis=0) - r_xi) / d
    rhs = -r_W - A.adjoint(q - D * u)
    K, p = r_W.shape
    dW = np.linalg.solve(factor.T, np.linalg.solve(factor, rhs.ravel())).reshape(K, p)
    AdW = A.apply(dW)
    dxi = u + (D * AdW).sum(axis=0) / d
    ds = dxi - AdW - r_s
    dlam = -r_c / s - D * ds
    return dW, dxi, ds, dlam


def _longest_step(s, lam, ds, dlam) -> float:
    """The largest t <= 1 keeping s + t ds >= 0 and lambda + t dlambda >= 0."""
    with np.errstate(divide="ignore", invalid="ignore"):
        to_s = np.where(ds < 0, -s / ds, np.inf).min()
        to_lam = np.where(dlam < 0, -lam / dlam, np.inf).min()
    return min(1.0, float(to_s), float(to_lam))


def _certificate(A, margins, W, lam, C):
    """Feasible multipliers (rescaled to sum C over the classes), the better of W and W(lambda), P and D."""
    feasible = lam * (C / lam.sum(axis=0))
    W_dual = -A.adjoint(feasible)
    dual = float(np.sum(feasible * margins)) - 0.5 * float(np.sum(W_dual * W_dual))
    primal_here, primal_dual = A.objective(W, C), A.objective(W_dual, C)
    if primal_dual < primal_here:
        return W_dual, feasible, primal_dual, dual
    return W, feasible, primal_here, dual


def _solve(X, y_enc, K, C, tol, max_iter) -> _Result:
    n, p = X.shape
    A = _Constraints(X, y_enc, K)
    margins = 1.0 - A.onehot  # e_ki
    # A strictly interior start: W = 0, xi_i = 2 (slacks 1 and 2), lambda halfway between the simplex's
    # centre and its corner at the true class (where most points end): on blobs, moons and spirals
    # this takes about a third fewer steps than the centre.
    W = np.zeros((K, p))
    xi = np.full(n, 2.0)
    lam = C * (0.5 * A.onehot + 0.5 / K)
    s = xi - margins - A.apply(W)
    best = _certificate(A, margins, W, lam, C)
    n_iter, converged = 0, best[2] - best[3] <= tol * best[2]
    eye = np.eye(K * p)
    while not converged and n_iter < max_iter:
        mu = float(np.sum(s * lam)) / (n * K)
        r_W = W + A.adjoint(lam)
        r_xi = C - lam.sum(axis=0)
        r_s = s - xi + margins + A.apply(W)
        D = lam / s
        d = D.sum(axis=0)
        # H = I + sum_i G_i ⊗ x_i x_i', G_i = diag(D_i) - D_i D_i' / d_i: block diagonal minus V V'
        weighted = (D[:, None, :] * A.Xt[None, :, :]).reshape(K * p, n)
        scaled = weighted / np.sqrt(d)
        H = eye - scaled @ scaled.T
        blocks = (weighted @ X).reshape(K, p, p)
        for k in range(K):
            H[k * p:(k + 1) * p, k * p:(k + 1) * p] += blocks[k]
        try:
            factor = np.linalg.cholesky(H)
        except np.linalg.LinAlgError:
            break  # the system lost definiteness in rounding (features near 1e9): keep the best point
        system = (A, factor, s, D, d, r_W, r_xi, r_s)
        affine = _newton(*system, s * lam)
        step = _longest_step(s, lam, affine[2], affine[3])
        mu_affine = float(np.sum((s + step * affine[2]) * (lam + step * affine[3]))) / (n * K)
        sigma = (mu_affine / mu) ** 3
        dW, dxi, ds, dlam = _newton(*system, s * lam + affine[2] * affine[3] - sigma * mu)
        # one sum per array: a NaN or an infinity anywhere makes it non-finite
        if not math.isfinite(float(dW.sum()) + float(dxi.sum()) + float(ds.sum()) + float(dlam.sum())):
            break
        step = _STEP_BACK * _longest_step(s, lam, ds, dlam)
        W, xi, s, lam = W + step * dW, xi + step * dxi, s + step * ds, lam + step * dlam
        n_iter += 1
        # sum s∘lambda is the gap once the iterates are feasible; the certificate (the only stopping
        # test) is computed from scratch when that estimate comes near the target, and at the end
        stalled = step < 1e-12 or not math.isfinite(mu)
        if float(np.sum(s * lam)) <= 10.0 * tol * best[2] or n_iter == max_iter or stalled:
            candidate = _certificate(A, margins, W, lam, C)
            if candidate[2] - candidate[3] < best[2] - best[3]:
                best = candidate
            converged = best[2] - best[3] <= tol * best[2]
        if stalled:
            break
    if n_iter and not converged:
        # stopped early (max_iter, a failed factorisation, a non-finite step): the last iterate may
        # still beat the best certified one
        candidate = _certificate(A, margins, W, lam, C)
        if candidate[2] - candidate[3] < best[2] - best[3]:
            best = candidate
    W_best, lam_best, primal, dual = best
    return _Result(W_best, lam_best.T, primal, dual, n_iter, converged)
