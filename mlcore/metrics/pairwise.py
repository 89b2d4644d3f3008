"""Kernels: functions k(x, y) that are inner products in some feature space.

Each kernel here takes two point sets X (n, d) and Y (m, d) (Y = None: Y = X) and returns the
full Gram matrix K (n, m) with K[i, j] = k(x_i, y_j), computed with matrix products so numpy
hands the work to BLAS. Names, argument order and defaults are scikit-learn's: gamma = None
means 1 / d.

* linear      k(x, y) = x·y
* polynomial  k(x, y) = (gamma x·y + coef0)^degree
* rbf         k(x, y) = exp(-gamma ||x - y||²), i.e. gamma = 1 / (2 sigma²)
* sigmoid     k(x, y) = tanh(gamma x·y + coef0)   (not positive semi-definite in general)
* laplacian   k(x, y) = exp(-gamma ||x - y||_1)   (the Laplace kernel; ||.||_1 = sum_j |x_j - y_j|)

The degree-2 polynomial kernel (1 + x·z)² in 2-D equals phi(x)·phi(z) with
phi(x) = (1, √2 x1, √2 x2, x1², x2², √2 x1 x2): see :func:`poly2_feature_map`.

On a regular grid of 2-D points (x_i, y_j) the rbf and laplacian kernels factor over the two
coordinates, exp(-gamma ||p - z||²) = exp(-gamma (x_i - z1)²) exp(-gamma (y_j - z2)²), so a
weighted sum over m centres needs (nx + ny) m exponentials and one matrix product instead of
nx ny m exponentials: see :func:`grid_kernel_sums` (a decision plane's 200 x 200 grid).
"""

from __future__ import annotations

import numbers
from functools import partial

import numpy as np

from ..base import ValidationError, check_choice, check_scalar

__all__ = ["KERNELS", "linear_kernel", "polynomial_kernel", "rbf_kernel", "sigmoid_kernel", "laplacian_kernel",
           "manhattan_distances", "squared_distances", "poly2_feature_map", "poly2_homogeneous_map",
           "resolve_gamma", "make_kernel", "grid_points", "grid_kernel_sums"]

KERNELS = ("linear", "poly", "rbf", "sigmoid", "laplacian")


def _pair(X, Y, gamma=1.0):
    """Y (X when None), and gamma (1 / d when None), as scikit-learn resolves them."""
    Y = X if Y is None else Y
    return Y, 1.0 / X.shape[1] if gamma is None else gamma


def linear_kernel(X: np.ndarray, Y: np.ndarray | None = None) -> np.ndarray:
    """K = X Yᵀ."""
    Y, _ = _pair(X, Y)
    return X @ Y.T


def polynomial_kernel(X: np.ndarray, Y: np.ndarray | None = None, degree: int = 3, gamma: float | None = None,
                      coef0: float = 1.0) -> np.ndarray:
    """K = (gamma X Yᵀ + coef0)^degree."""
    Y, gamma = _pair(X, Y, gamma)
    K = X @ Y.T
    K *= gamma
    K += coef0
    with np.errstate(over="ignore"):
        return K ** degree


def squared_distances(X: np.ndarray, Y: np.ndarray | None = None) -> np.ndarray:
    """||x - y||² = ||x||² + ||y||² - 2 x·y, clipped at 0 against round-off."""
    Y, _ = _pair(X, Y)
    D = X @ Y.T
    D *= -2.0
    D += np.einsum("ij,ij->i", X, X)[:, None]
    D += np.einsum("ij,ij->i", Y, Y)[None, :]
    np.maximum(D, 0.0, out=D)
    return D


def rbf_kernel(X: np.ndarray, Y: np.ndarray | None = None, gamma: float | None = None) -> np.ndarray:
    """K = exp(-gamma ||x - y||²), with -gamma ||x - y||² = 2 gamma x·y - gamma ||x||² - gamma ||y||²
    formed by one BLAS product and two passes (clipped at 0 against round-off)."""
    Y, gamma = _pair(X, Y, gamma)
    K = X @ (Y.T * (2.0 * gamma))
    K -= gamma * np.einsum("ij,ij->i", X, X)[:, None]
    K -= gamma * np.einsum("ij,ij->i", Y, Y)[None, :]
    np.minimum(K, 0.0, out=K)
    return np.exp(K, out=K)


def sigmoid_kernel(X: np.ndarray, Y: np.ndarray | None = None, gamma: float | None = None,
                   coef0: float = 1.0) -> np.ndarray:
    """K = tanh(gamma X Yᵀ + coef0)."""
    Y, gamma = _pair(X, Y, gamma)
    K = X @ Y.T
    K *= gamma
    K += coef0
    return np.tanh(K, out=K)


def manhattan_distances(X: np.ndarray, Y: np.ndarray | None = None) -> np.ndarray:
    """||x - y||_1 = sum_j |x_j - y_j|, one feature at a time so the temporary stays (n, m)."""
    Y, _ = _pair(X, Y)
    D = np.zeros((X.shape[0], Y.shape[0]))
    for j in range(X.shape[1]):
        D += np.abs(X[:, j, None] - Y[None, :, j])
    return D


def laplacian_kernel(X: np.ndarray, Y: np.ndarray | None = None, gamma: float | None = None) -> np.ndarray:
    """K = exp(-gamma ||x - y||_1), the Laplace kernel. Positive definite like the RBF kernel, but
    its value falls off with the city-block distance and has a kink at x = y, so its boundaries
    are less smooth (scikit-learn's ``laplacian_kernel``)."""
    Y, gamma = _pair(X, Y, gamma)
    K = manhattan_distances(X, Y)
    K *= -gamma
    return np.exp(K, out=K)


def grid_points(xs, ys) -> np.ndarray:
    """(len(ys) * len(xs), 2) points; point ``j * nx + i`` is ``(xs[i], ys[j])``."""
    gx, gy = np.meshgrid(np.asarray(xs, dtype=np.float64), np.asarray(ys, dtype=np.float64))
    return np.column_stack([gx.ravel(), gy.ravel()])


def grid_kernel_sums(kernel: str, gamma: float, xs: np.ndarray, ys: np.ndarray, Z: np.ndarray,
                     W: np.ndarray) -> np.ndarray | None:
    """S[j * nx + i, m] = sum_k k((xs[i], ys[j]), z_k) W[k, m] for the kernels that factor over
    the two coordinates (None for the others, which need the full Gram matrix):

        rbf        k(p, z) = exp(-gamma (x - z1)²) · exp(-gamma (y - z2)²) = A[i, k] B[j, k]
        laplacian  k(p, z) = exp(-gamma |x - z1|) · exp(-gamma |y - z2|)

    so S[:, m] = ((B * W[:, m]) @ Aᵀ).ravel(): rows in grid order (x varies fastest, as
    :func:`grid_points`). Z (k, 2) the centres, W (k, M) their weights (a machine's dual
    coefficients)."""
    if kernel not in ("rbf", "laplacian"):
        return None
    xs, ys = np.asarray(xs, dtype=np.float64), np.asarray(ys, dtype=np.float64)
    Z, W = np.asarray(Z, dtype=np.float64), np.asarray(W, dtype=np.float64)
    dx, dy = xs[:, None] - Z[None, :, 0], ys[:, None] - Z[None, :, 1]
    if kernel == "rbf":
        A, B = np.exp(-gamma * dx * dx), np.exp(-gamma * dy * dy)
    else:
        A, B = np.exp(-gamma * np.abs(dx)), np.exp(-gamma * np.abs(dy))
    out = np.empty((len(ys) * len(xs), W.shape[1]))
    with np.errstate(over="ignore", invalid="ignore"):
        for m in range(W.shape[1]):
            out[:, m] = ((B * W[:, m]) @ A.T).ravel()
    return out


def poly2_feature_map(X: np.ndarray) -> np.ndarray:
    """phi(x) = (1, √2 x1, √2 x2, x1², x2², √2 x1 x2) for 2-D x, so phi(x)·phi(z) = (1 + x·z)²."""
    X = np.asarray(X, dtype=np.float64)
    x1, x2 = X[:, 0], X[:, 1]
    r2 = np.sqrt(2.0)
    return np.column_stack([np.ones_like(x1), r2 * x1, r2 * x2, x1 * x1, x2 * x2, r2 * x1 * x2])


def poly2_homogeneous_map(X: np.ndarray) -> np.ndarray:
    """phi(x) = (x1², √2 x1 x2, x2²) for 2-D x, so phi(x)·phi(z) = (x·z)²: the 3-D lift of the
    homogeneous degree-2 kernel, where a conic boundary in the plane becomes a plane."""
    X = np.asarray(X, dtype=np.float64)
    x1, x2 = X[:, 0], X[:, 1]
    return np.column_stack([x1 * x1, np.sqrt(2.0) * x1 * x2, x2 * x2])


def resolve_gamma(gamma, X: np.ndarray, *, model: str = "") -> float:
    """gamma = "scale" -> 1 / (d · Var(X)) (scikit-learn's rule, 1 when X is constant);
    "auto" -> 1 / d; otherwise a positive number."""
    d = X.shape[1]
    if isinstance(gamma, str):
        check_choice(gamma, "gamma", ("scale", "auto"), model=model)
        if gamma == "auto":
            return 1.0 / d
        var = float(X.var())
        return 1.0 / (d * var) if var > 0 and np.isfinite(1.0 / (d * var)) else 1.0
    return check_scalar(gamma, "gamma", low=0.0, low_inclusive=False, model=model)


def make_kernel(kernel: str, *, gamma: float = 1.0, degree: int = 3, coef0: float = 0.0):
    """The Gram-matrix function K(X, Y) for a kernel name and its (already resolved) parameters."""
    check_choice(kernel, "kernel", KERNELS)
    if kernel == "linear":
        return linear_kernel
    if kernel == "poly":
        return partial(polynomial_kernel, gamma=gamma, degree=degree, coef0=coef0)
    if kernel == "rbf":
        return partial(rbf_kernel, gamma=gamma)
    if kernel == "laplacian":
        return partial(laplacian_kernel, gamma=gamma)
    return partial(sigmoid_kernel, gamma=gamma, coef0=coef0)


def check_kernel_params(kernel, gamma, degree, coef0, X: np.ndarray, *, model: str = ""):
    """Validate kernel hyperparameters; return (kernel function, gamma_)."""
    check_choice(kernel, "kernel", KERNELS, model=model)
    gamma_ = resolve_gamma(gamma, X, model=model)
    degree = check_scalar(degree, "degree", kind=numbers.Integral, low=1, high=20, model=model)
    coef0 = check_scalar(coef0, "coef0", model=model)
    return make_kernel(kernel, gamma=gamma_, degree=degree, coef0=coef0), gamma_


def check_gram(K: np.ndarray, kernel: str) -> np.ndarray:
    """Refuse a Gram matrix that overflowed (a polynomial of high degree on large values)."""
    # max and min without a temporary; NaN fails both comparisons
    if K.size and not (-1e50 <= K.min() and K.max() <= 1e50):
        raise ValidationError(
            f"the {kernel} kernel overflows on this data: lower gamma or the degree, "
            "or standardise the features"
        )
    return K


def kernel_diagonal(kfun, X: np.ndarray) -> np.ndarray:
    """k(x_i, x_i) for every row of X without forming the Gram matrix."""
    func = kfun.func if isinstance(kfun, partial) else kfun
    kw = kfun.keywords if isinstance(kfun, partial) else {}
    sq = np.einsum("ij,ij->i", X, X)
    if func is rbf_kernel or func is laplacian_kernel:
        return np.ones(X.shape[0])
    if func is linear_kernel:
        return sq
    _, gamma = _pair(X, None, kw.get("gamma"))  # the kernels' own defaults when kfun leaves them out
    inner = gamma * sq + kw.get("coef0", 1.0)
    if func is polynomial_kernel:
        with np.errstate(over="ignore"):
            return inner ** kw.get("degree", 3)
    return np.tanh(inner)


class GramRows:
    """The Gram matrix K(X, X) served one row at a time: row i is computed the first time it
    is asked for and kept (LIBSVM's kernel cache, without a size limit). A solver that needs
    a few hundred rows then never pays for the n² entries it does not use."""

    def __init__(self, kfun, X: np.ndarray, kernel: str = "kernel"):
        self.kfun, self.X, self.kernel = kfun, X, kernel
        self._func = kfun.func if isinstance(kfun, partial) else kfun
        self._kw = kfun.keywords if isinstance(kfun, partial) else {}
        self._sq = np.einsum("ij,ij->i", X, X)
        self.diag = check_gram(kernel_diagonal(kfun, X), kernel)
        self._rows: dict[int, np.ndarray] = {}

    def __getitem__(self, i: int) -> np.ndarray:
        row = self._rows.get(i)
        if row is None:
            row = check_gram(self._row(i), self.kernel)
            self._rows[i] = row
        return row

    def _row(self, i: int) -> np.ndarray:
        """k(x_i, x_t) for all t from the inner products x_i·x_t (one matrix-vector product);
        the Laplace kernel from the distances |x_i - x_t|_1 instead."""
        func, kw = self._func, self._kw
        if func is laplacian_kernel:
            return laplacian_kernel(self.X[i:i + 1], self.X, kw["gamma"])[0]
        row = self.X @ self.X[i]
        if func is linear_kernel:
            return row
        if func is rbf_kernel:
            row *= -2.0
            row += self._sq
            row += self._sq[i]
            np.maximum(row, 0.0, out=row)
            row *= -kw["gamma"]
            return np.exp(row, out=row)
        row *= kw["gamma"]
        row += kw["coef0"]
        if func is sigmoid_kernel:
            return np.tanh(row, out=row)
        with np.errstate(over="ignore"):
            return row ** kw["degree"]

    def block(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        """K[rows][:, cols], computed directly."""
        return check_gram(self.kfun(self.X[rows], self.X[cols]), self.kernel)

    def matvec(self, beta: np.ndarray) -> np.ndarray:
        """K beta, using only the columns where beta is non-zero."""
        nz = np.flatnonzero(beta)
        if nz.size == 0:
            return np.zeros(self.X.shape[0])
        return check_gram(self.kfun(self.X, self.X[nz]), self.kernel) @ beta[nz]
