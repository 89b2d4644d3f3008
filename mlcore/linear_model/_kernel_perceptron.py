"""Kernel perceptron: the perceptron in its dual form, so any kernel works.

The weight vector w = sum_i alpha_i y_i phi(x_i) is never formed: alpha_i counts the
mistakes made on point i, and

    f(x) = sum_i alpha_i y_i (K(x_i, x) + 1)

(the +1 is the constant feature that plays the bias). Training sweeps the points in
order; whenever y_i f(x_i) <= 0, alpha_i <- alpha_i + 1, i.e. f <- f + y_i (K[i] + 1).

Between two mistakes f does not change, so the next mistake of a sweep is found with one
vectorised search over the remaining points instead of a Python step per point.
More than two classes: one-vs-rest. Stops after an epoch without mistakes.
"""

from __future__ import annotations

import numbers

import numpy as np

from ..base import BaseEstimator, ClassifierMixin, check_array, check_is_fitted, check_scalar, check_X_y
from ..metrics.pairwise import check_gram, check_kernel_params, grid_kernel_sums, grid_points


class KernelPerceptron(ClassifierMixin, BaseEstimator):
    """Fitted: alpha_ (P, n) mistake counts per machine (P = 1 for two classes, else K),
    support_ (points with a mistake), support_vectors_, dual_coef_ (P, n_SV) = alpha y,
    history_ (per epoch: mistakes, alpha of machine 0), converged_, gamma_."""

    def __init__(self, kernel="rbf", gamma="scale", degree=3, coef0=1.0, max_epochs=20):
        self.kernel = kernel
        self.gamma = gamma
        self.degree = degree
        self.coef0 = coef0
        self.max_epochs = max_epochs

    def fit(self, X, y):
        X, y_enc, classes = check_X_y(X, y)
        name = "kernel perceptron"
        epochs = check_scalar(self.max_epochs, "max_epochs", kind=numbers.Integral, low=1, model=name)
        kfun, gamma_ = check_kernel_params(self.kernel, self.gamma, self.degree, self.coef0, X, model=name)
        K1 = check_gram(kfun(X, X), self.kernel) + 1.0
        targets = ([np.where(y_enc == 1, 1.0, -1.0)] if len(classes) == 2 else
                   [np.where(y_enc == k, 1.0, -1.0) for k in range(len(classes))])
        alphas, history, converged = [], [], True
        for p, t in enumerate(targets):
            alpha, hist, done = _train(K1, t, epochs)
            alphas.append(alpha)
            converged &= done
            if p == 0:
                history = hist
        alpha = np.array(alphas)
        signs = np.array(targets)
        support = np.flatnonzero(alpha.any(axis=0))
        self.classes_ = classes
        self.n_features_in_ = X.shape[1]
        self.gamma_ = gamma_
        self.alpha_ = alpha
        self.support_ = support
        self.support_vectors_ = X[support]
        self.dual_coef_ = (alpha * signs)[:, support]
        self.history_ = history
        self.converged_ = bool(converged)
        self._kernel_fn = kfun
        return self

    def _scores(self, X) -> np.ndarray:
        check_is_fitted(self)
        X = check_array(X, n_features=self.n_features_in_)
        if self.support_.size == 0:
            return np.zeros((X.shape[0], self.dual_coef_.shape[0]))
        out = np.empty((X.shape[0], self.dual_coef_.shape[0]))
        coef_t = np.ascontiguousarray(self.dual_coef_.T)
        # sum_i c_i (K_i + 1) as (sum_i c_i K_i) + sum_i c_i: far from the data every K_i is tiny,
        # and 1 + K_i would round its digits away, leaving the sign of f to round-off
        bias = self.dual_coef_.sum(axis=1)
        for start in range(0, X.shape[0], 4096):
            out[start:start + 4096] = self._kernel_fn(X[start:start + 4096], self.support_vectors_) @ coef_t + bias
        return np.nan_to_num(out, nan=0.0, posinf=np.finfo(float).max, neginf=-np.finfo(float).max)

    def decision_function(self, X):
        f = self._scores(X)
        return f[:, 0] if len(self.classes_) == 2 else f

    def decision_function_grid(self, xs, ys):
        """``decision_function(grid_points(xs, ys))`` (row ``j * len(xs) + i`` is (xs[i], ys[j])):
        with the rbf or laplacian kernel on 2 features, f = sum_k c_k (A[i, k] B[j, k] + 1), the
        kernel factored over the coordinates (:func:`mlcore.metrics.pairwise.grid_kernel_sums`)."""
        check_is_fitted(self)
        sums = None
        if self.n_features_in_ == 2 and self.support_.size:
            sums = grid_kernel_sums(self.kernel, self.gamma_, xs, ys, self.support_vectors_, self.dual_coef_.T)
        if sums is None:
            return self.decision_function(grid_points(xs, ys))
        sums += self.dual_coef_.sum(axis=1)
        f = np.nan_to_num(sums, copy=False, nan=0.0, posinf=np.finfo(float).max, neginf=-np.finfo(float).max)
        return f[:, 0] if len(self.classes_) == 2 else f

    def predict(self, X):
        f = self.decision_function(X)
        idx = (f > 0).astype(np.intp) if f.ndim == 1 else f.argmax(axis=1)
        return self.classes_[idx]


def _train(K1: np.ndarray, y: np.ndarray, epochs: int):
    n = y.shape[0]
    alpha = np.zeros(n)
    f = np.zeros(n)
    history = []
    for epoch in range(epochs):
        mistakes = 0
        pos = 0
        while pos < n:
            wrong = y[pos:] * f[pos:] <= 0
            hit = int(wrong.argmax())
            if not wrong[hit]:
                break
            i = pos + hit
            alpha[i] += 1.0
            f += y[i] * K1[i]
            mistakes += 1
            pos = i + 1
        history.append({"epoch": epoch + 1, "mistakes": mistakes, "alpha": alpha.copy(),
                        "train_errors": int((y * f <= 0).sum())})
        if mistakes == 0:
            return alpha, history, True
    return alpha, history, False
