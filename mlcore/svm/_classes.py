"""Support vector classifier: the soft- (or hard-) margin dual solved exactly by SMO.

Primal:  minimise 1/2 ||w||² + C sum_i xi_i   s.t.  y_i (w·phi(x_i) + b) >= 1 - xi_i,  xi_i >= 0.
Dual:    maximise sum_i alpha_i - 1/2 sum_ij alpha_i alpha_j y_i y_j K(x_i, x_j)
         s.t. 0 <= alpha_i <= C,  sum_i alpha_i y_i = 0          (solved in :mod:`mlcore.svm._smo`).
Decision: f(x) = sum_i alpha_i y_i K(x_i, x) + b; support vectors are the points with
alpha_i > 0, free ones (0 < alpha_i < C) lie exactly on the margin y f(x) = 1.
C = inf is the hard margin (no slack allowed). Kernels (``kernel=``): "linear", "poly", "rbf",
"sigmoid" and "laplacian" exp(-gamma ||x - z||_1), see :mod:`mlcore.metrics.pairwise`.

More than two classes: one-vs-one (K(K-1)/2 pairwise machines, majority vote with
ties to the smallest class index, as LIBSVM) or one-vs-rest (K machines, largest
decision value wins).
"""

from __future__ import annotations

import numbers

import numpy as np

from ..base import (
    BaseEstimator,
    ClassifierMixin,
    ValidationError,
    check_array,
    check_choice,
    check_is_fitted,
    check_scalar,
    check_X_y,
)
from ..metrics.pairwise import GramRows, check_kernel_params, grid_kernel_sums, grid_points
from ._sgd_svm import primal_objective as _pegasos_objective
from ._smo import NotSeparable, solve_dual

_BLOCK = 4096  # rows of X per kernel block when evaluating many points (a 200x200 grid)


def _solve(K, ys, C, tol, max_iter, *, warm: bool, newton: bool):
    """SMO at C, or along C/1000, C/100, C/10, C (values >= 1) starting each from the previous
    solution scaled by the ratio of the Cs. The path is used for the linear kernel: its
    low-rank Gram makes large-C problems crawl (200 noisy moons at C = 1000, tol 1e-3: 99 000
    SMO steps cold, 5 400 along the path; with the free-set Newton step 2 200 cold and 400
    along the path), while for curved kernels it does not pay."""
    if not warm or not np.isfinite(C) or C <= 10:
        return solve_dual(K, ys, C, tol, max_iter, newton=newton)
    path = [C / 10.0 ** k for k in (3, 2, 1) if C / 10.0 ** k >= 1.0] + [C]
    beta, prev, used = None, None, 0
    for c in path:
        if beta is not None:
            beta = beta * (c / prev)
        sol = solve_dual(K, ys, c, tol, max(max_iter - used, 1), beta0=beta, newton=newton)
        beta, prev, used = sol.beta, c, used + sol.n_iter
        if not sol.converged:
            break
    sol.n_iter = used
    return sol


class SVC(ClassifierMixin, BaseEstimator):
    """Kernel SVM trained by SMO with second-order working-set selection.

    Fitted attributes
    -----------------
    classes_, n_features_in_, gamma_ (the resolved kernel width)
    pairs_           (P, 2) class indices of each binary machine; in machine p a point of
                     class pairs_[p, 1] is y = +1 (OvR: pairs_[p] = (-1, p), "rest" is -1)
    support_         indices of the training points that are a support vector of any machine
    support_vectors_ X[support_]
    dual_coef_       (P, n_SV) alpha_i y_i per machine (0 where the point is not in it)
    intercept_       (P,) b per machine;  f_p(x) = dual_coef_[p] @ K(support_vectors_, x) + intercept_[p]
    alpha_           (P, n_SV) |dual_coef_|
    free_            (P, n_SV) 0 < alpha < C (on the margin);  at_bound_: alpha = C
    coef_            (P, d) w = sum_i alpha_i y_i x_i, linear kernel only
    dual_objective_  (P,) the dual objective D(alpha) reached
    n_iter_          (P,) SMO steps;  fit_status_: "converged" or why it stopped
    n_support_       (K,) support vectors per class
    """

    def __init__(self, C=1.0, kernel="rbf", gamma="scale", degree=3, coef0=0.0, tol=1e-3,
                 max_iter=100_000, multiclass="ovo"):
        self.C = C
        self.kernel = kernel
        self.gamma = gamma
        self.degree = degree
        self.coef0 = coef0
        self.tol = tol
        self.max_iter = max_iter
        self.multiclass = multiclass

    # ------------------------------------------------------------------ fit
    def fit(self, X, y):
        X, y_enc, classes = check_X_y(X, y)
        name = "SVM"
        C = check_scalar(self.C, "C", low=0.0, low_inclusive=False, model=name)
        tol = check_scalar(self.tol, "tol", low=0.0, low_inclusive=False, model=name)
        max_iter = check_scalar(self.max_iter, "max_iter", kind=numbers.Integral, low=1, model=name)
        check_choice(self.multiclass, "multiclass", ("ovo", "ovr"), model=name)
        kfun, gamma_ = check_kernel_params(self.kernel, self.gamma, self.degree, self.coef0, X, model=name)
        n_classes = len(classes)

        # Each machine is solved as LIBSVM sets it up (svm_group_classes, svm_train): its first
        # class's points, then its second's, each in training order, the first class as +1;
        # solve_dual takes them in reverse order (its argmax ties go to the first index,
        # LIBSVM's to the last). A non-convex (sigmoid) dual then follows LIBSVM's path to
        # LIBSVM's local optimum. The stored machine is the negated solution, f > 0 for the
        # second class.
        if n_classes == 2 or self.multiclass == "ovo":
            pairs = [(a, b) for a in range(n_classes) for b in range(a + 1, n_classes)]
            groups = [(np.flatnonzero(y_enc == a), np.flatnonzero(y_enc == b)) for a, b in pairs]
        else:
            pairs = [(-1, k) for k in range(n_classes)]
            groups = [(np.flatnonzero(y_enc != k), np.flatnonzero(y_enc == k)) for k in range(n_classes)]
        members = [np.concatenate(g)[::-1] for g in groups]
        signs = [np.concatenate([np.ones(len(first)), -np.ones(len(second))])[::-1] for first, second in groups]

        n = X.shape[0]
        beta = np.zeros((len(pairs), n))
        intercept = np.zeros(len(pairs))
        objective = np.zeros(len(pairs))
        n_iter = np.zeros(len(pairs), dtype=np.intp)
        stopped = []
        for p, (idx, ys) in enumerate(zip(members, signs, strict=True)):
            Kp = GramRows(kfun, X[idx], self.kernel)
            try:
                # the free-set Newton step needs a positive semi-definite kernel: not sigmoid
                sol = _solve(Kp, ys, C, tol, max_iter, warm=self.kernel == "linear",
                             newton=self.kernel != "sigmoid")
            except NotSeparable:
                raise ValidationError(self._not_separable_message(classes, pairs[p])) from None
            if not sol.converged:
                if not np.isfinite(C):
                    raise ValidationError(self._not_converged_message(classes, pairs[p], max_iter))
                stopped.append((p, sol.gap))
            beta[p, idx] = -sol.beta
            intercept[p] = -sol.b
            objective[p] = sol.objective
            n_iter[p] = sol.n_iter

        support = np.flatnonzero(np.any(beta != 0.0, axis=0))
        self.classes_ = classes
        self.n_features_in_ = X.shape[1]
        self.gamma_ = gamma_
        self.pairs_ = np.array(pairs, dtype=np.intp)
        self.support_ = support
        self.support_vectors_ = X[support]
        self.dual_coef_ = beta[:, support]
        self.intercept_ = intercept
        self.alpha_ = np.abs(self.dual_coef_)
        self.at_bound_ = (self.alpha_ >= C) if np.isfinite(C) else np.zeros_like(self.alpha_, dtype=bool)
        self.free_ = (self.alpha_ > 0) & ~self.at_bound_
        self.dual_objective_ = objective
        self.n_iter_ = n_iter
        self.n_support_ = np.bincount(y_enc[support], minlength=n_classes)
        if self.kernel == "linear":
            self.coef_ = self.dual_coef_ @ self.support_vectors_
        if stopped:
            p, gap = stopped[0]
            self.fit_status_ = (
                f"SMO stopped after max_iter={max_iter} steps with a KKT gap of {gap:.2g} "
                f"(> tol={tol:g}) in {len(stopped)} of {len(pairs)} machine(s): the boundary is "
                "close to, not exactly at, the optimum; raise max_iter or tol, or lower C"
            )
        else:
            self.fit_status_ = "converged"
        self._kernel_fn = kfun
        return self

    @staticmethod
    def _pair_words(classes, pair) -> str:
        a, b = pair
        classes = [c.item() if isinstance(c, np.generic) else c for c in classes]
        return (f"class {classes[b]!r} and the rest" if a < 0 else
                f"classes {classes[a]!r} and {classes[b]!r}")

    def _not_separable_message(self, classes, pair) -> str:
        """SMO proved it (NotSeparable): the dual grows without bound, so no margin exists."""
        return (f"hard margin (C = inf): {self._pair_words(classes, pair)} are not linearly separable with the "
                f"{self.kernel} kernel (their convex hulls in feature space touch or overlap, so no "
                "margin exists): use a finite C")

    def _not_converged_message(self, classes, pair, max_iter: int) -> str:
        """SMO ran out of steps before it either reached the optimum or proved non-separability:
        nothing is known about separability, so the message must not claim it."""
        return (f"hard margin (C = inf): SMO did not converge in max_iter={max_iter} steps for "
                f"{self._pair_words(classes, pair)} with the {self.kernel} kernel, so it is not known "
                "whether they are separable: use a finite C, or allow more steps")

    # ------------------------------------------------------------- predict
    def _machine_values(self, X) -> np.ndarray:
        """f_p(x) for every machine p: (n, P), kernel evaluated in BLAS blocks."""
        check_is_fitted(self)
        X = check_array(X, n_features=self.n_features_in_)
        out = np.empty((X.shape[0], len(self.pairs_)))
        if self.support_vectors_.shape[0] == 0:
            out[:] = self.intercept_
            return out
        if self.kernel == "linear":  # w = sum_i alpha_i y_i x_i exists: one product, no kernel
            with np.errstate(over="ignore", invalid="ignore"):
                out = X @ self.coef_.T + self.intercept_
            return np.nan_to_num(out, nan=0.0, posinf=np.finfo(float).max, neginf=-np.finfo(float).max)
        coef_t = np.ascontiguousarray(self.dual_coef_.T)
        for start in range(0, X.shape[0], _BLOCK):
            block = X[start:start + _BLOCK]
            Kb = self._kernel_fn(block, self.support_vectors_)
            with np.errstate(over="ignore", invalid="ignore"):
                vals = Kb @ coef_t
            out[start:start + _BLOCK] = vals + self.intercept_
        np.nan_to_num(out, copy=False, nan=0.0, posinf=np.finfo(float).max, neginf=-np.finfo(float).max)
        return out

    def decision_function(self, X) -> np.ndarray:
        """Binary: f(x), positive for classes_[1]. More classes: (n, K) scores whose argmax
        follows the vote (one-vs-one: votes plus a confidence in (-1/3, 1/3), as scikit-learn;
        one-vs-rest: each class's own f_k(x))."""
        return self._decision(self._machine_values(X))

    def decision_function_grid(self, xs, ys) -> np.ndarray:
        """``decision_function(grid_points(xs, ys))``, row ``j * len(xs) + i`` for the point
        (xs[i], ys[j]): a decision plane. With the rbf or laplacian kernel on 2 features,
        f_p = sum_k dual_coef_[p, k] A[i, k] B[j, k] + b_p (the kernel factored over the two
        coordinates, :func:`mlcore.metrics.pairwise.grid_kernel_sums`): (nx + ny) exponentials
        per support vector instead of nx ny."""
        check_is_fitted(self)
        sums = None
        if self.n_features_in_ == 2 and self.support_vectors_.shape[0]:
            sums = grid_kernel_sums(self.kernel, self.gamma_, xs, ys, self.support_vectors_, self.dual_coef_.T)
        if sums is None:
            return self.decision_function(grid_points(xs, ys))
        sums += self.intercept_
        return self._decision(np.nan_to_num(sums, copy=False, nan=0.0, posinf=np.finfo(float).max,
                                            neginf=-np.finfo(float).max))

    def _decision(self, f: np.ndarray) -> np.ndarray:
        if len(self.classes_) == 2:
            return f[:, 0]
        if self.pairs_[0, 0] < 0:
            return f
        votes, conf = self._votes(f)
        return votes + conf / (3.0 * (np.abs(conf) + 1.0))

    def pairwise_decision(self, X) -> np.ndarray:
        """(n, P) raw machine values f_p(x); one-vs-one machine p is positive for class pairs_[p, 1]."""
        return self._machine_values(X)

    def _votes(self, f: np.ndarray):
        K = len(self.classes_)
        votes = np.zeros((f.shape[0], K))
        conf = np.zeros((f.shape[0], K))
        for p, (a, b) in enumerate(self.pairs_):
            wins_b = f[:, p] >= 0  # LIBSVM: a zero decision value votes for the second class
            votes[:, b] += wins_b
            votes[:, a] += ~wins_b
            conf[:, b] += f[:, p]
            conf[:, a] -= f[:, p]
        return votes, conf

    def predict(self, X) -> np.ndarray:
        f = self._machine_values(X)
        if len(self.classes_) == 2:
            return self.classes_[(f[:, 0] >= 0).astype(np.intp)]
        if self.pairs_[0, 0] < 0:
            return self.classes_[f.argmax(axis=1)]
        votes, _ = self._votes(f)
        return self.classes_[votes.argmax(axis=1)]  # first maximum: ties go to the smallest class

    def pairwise_winners(self, X) -> np.ndarray:
        """(n, P) the class each one-vs-one machine votes for at each point: machine p
        (classes pairs_[p] = (a, b)) votes for b where f_p(x) >= 0 (LIBSVM's rule), else for a."""
        check_is_fitted(self)
        if self.pairs_[0, 0] < 0:
            raise ValidationError("one-vs-rest machines do not vote; use pairwise_decision")
        f = self._machine_values(X)
        winner = np.where(f >= 0, self.pairs_[:, 1], self.pairs_[:, 0])
        return self.classes_[winner]

    def vote_counts(self, X) -> np.ndarray:
        """(n, K) votes per class from the one-vs-one machines, columns in ``classes_`` order;
        predict is the first class with the most votes."""
        check_is_fitted(self)
        if self.pairs_[0, 0] < 0:
            raise ValidationError("one-vs-rest machines do not vote; use pairwise_decision")
        votes, _ = self._votes(self._machine_values(X))
        return votes.astype(np.intp)

    # ------------------------------------------------------- lecture helpers
    def kernel_matrix(self, X, Z) -> np.ndarray:
        """K(X, Z) with this model's fitted kernel."""
        check_is_fitted(self)
        return self._kernel_fn(check_array(X, n_features=self.n_features_in_),
                               check_array(Z, name="Z", n_features=self.n_features_in_))

    def contributions(self, x, machine: int = 0) -> np.ndarray:
        """Terms alpha_i y_i K(x_i, x) of f(x) for one point x, one per support vector;
        f(x) = contributions(x).sum() + intercept_[machine]."""
        k = self.kernel_matrix(np.atleast_2d(x), self.support_vectors_)[0]
        return self.dual_coef_[machine] * k

    def margin_width(self) -> float | None:
        """2 / ||w|| for a binary linear machine, else None."""
        check_is_fitted(self)
        if self.kernel != "linear" or len(self.pairs_) != 1:
            return None
        norm = float(np.linalg.norm(self.coef_[0]))
        return 2.0 / norm if norm > 0 else float("inf")

    def slack(self, X, y) -> np.ndarray:
        """xi_i = max(0, 1 - y_i f(x_i)) for a binary model (y in the original labels)."""
        check_is_fitted(self)
        if len(self.classes_) != 2:
            raise ValidationError("slack is defined here for two classes only")
        y = np.asarray(y)
        sign = np.where(y == self.classes_[1], 1.0, -1.0)
        return np.maximum(0.0, 1.0 - sign * self.decision_function(X))

    def primal_objective(self, X, y, lam: float | None = None) -> float:
        """A binary linear machine's soft-margin objective in Pegasos' scaling,

            P(w, b) = lambda/2 ||w||² + (1/n) sum_i max(0, 1 - y_i (w·x_i + b)),

        which is 1/2 ||w||² + C sum_i xi_i divided by C n when lambda = 1 / (C n) (the default):
        the value Pegasos minimises, so its curve can be compared with SMO's optimum."""
        check_is_fitted(self)
        if self.kernel != "linear" or len(self.classes_) != 2:
            raise ValidationError("the primal objective needs a linear kernel and two classes")
        X = check_array(X, n_features=self.n_features_in_)
        y = np.asarray(y)
        lam = 1.0 / (self.C * len(y)) if lam is None else lam
        sign = np.where(y == self.classes_[1], 1.0, -1.0)
        return _pegasos_objective(self.coef_[0], float(self.intercept_[0]), X, sign, lam)
