"""Kernels: functions k(x, z) that are inner products in some feature space.

Each kernel here takes two point sets X (n, d) and Z (m, d) and returns the
full Gram matrix K (n, m) with K[i, j] = k(x_i, z_j), computed with matrix
products so numpy hands the work to BLAS.

* linear      k(x, z) = x·z
* polynomial  k(x, z) = (gamma x·z + coef0)^degree
* rbf         k(x, z) = exp(-gamma ||x - z||²), i.e. gamma = 1 / (2 sigma²)
* sigmoid     k(x, z) = tanh(gamma x·z + coef0)   (not positive semi-definite in general)

The degree-2 polynomial kernel (1 + x·z)² in 2-D equals phi(x)·phi(z) with
phi(x) = (1, √2 x1, √2 x2, x1², x2², √2 x1 x2): see :func:`poly2_feature_map`.
"""

from __future__ import annotations

import numbers
from functools import partial

import numpy as np

from .base import ValidationError, check_choice, check_scalar

KERNELS = ("linear", "poly", "rbf", "sigmoid")


def linear_kernel(X: np.ndarray, Z: np.ndarray) -> np.ndarray:
    """K = X Zᵀ."""
    return X @ Z.T


def polynomial_kernel(X: np.ndarray, Z: np.ndarray, gamma: float = 1.0,
                      degree: int = 3, coef0: float = 1.0) -> np.ndarray:
    """K = (gamma X Zᵀ + coef0)^degree."""
    K = X @ Z.T
    K *= gamma
    K += coef0
    with np.errstate(over="ignore"):
        return K ** degree


def squared_distances(X: np.ndarray, Z: np.ndarray) -> np.ndarray:
    """||x - z||² = ||x||² + ||z||² - 2 x·z, clipped at 0 against round-off."""
    D = X @ Z.T
    D *= -2.0
    D += np.einsum("ij,ij->i", X, X)[:, None]
    D += np.einsum("ij,ij->i", Z, Z)[None, :]
    np.maximum(D, 0.0, out=D)
    return D


def rbf_kernel(X: np.ndarray, Z: np.ndarray, gamma: float = 1.0) -> np.ndarray:
    """K = exp(-gamma ||x - z||²)."""
    D = squared_distances(X, Z)
    D *= -gamma
    return np.exp(D, out=D)


def sigmoid_kernel(X: np.ndarray, Z: np.ndarray, gamma: float = 1.0, coef0: float = 0.0) -> np.ndarray:
    """K = tanh(gamma X Zᵀ + coef0)."""
    K = X @ Z.T
    K *= gamma
    K += coef0
    return np.tanh(K, out=K)


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
    """The Gram-matrix function K(X, Z) for a kernel name and its (already resolved) parameters."""
    check_choice(kernel, "kernel", KERNELS)
    if kernel == "linear":
        return linear_kernel
    if kernel == "poly":
        return partial(polynomial_kernel, gamma=gamma, degree=degree, coef0=coef0)
    if kernel == "rbf":
        return partial(rbf_kernel, gamma=gamma)
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
    if not np.all(np.isfinite(K)) or (K.size and np.abs(K).max() > 1e50):
        raise ValidationError(
            f"the {kernel} kernel overflows on this data: lower gamma or the degree, "
            "or standardise the features"
        )
    return K
