"""Kernels against scikit-learn's pairwise kernels and the degree-2 feature map."""

import numpy as np
import pytest
from sklearn.metrics.pairwise import laplacian_kernel as sk_laplacian
from sklearn.metrics.pairwise import linear_kernel as sk_linear
from sklearn.metrics.pairwise import polynomial_kernel as sk_poly
from sklearn.metrics.pairwise import rbf_kernel as sk_rbf
from sklearn.metrics.pairwise import sigmoid_kernel as sk_sigmoid
from sklearn.svm import SVC as SkSVC

from mlcore import ValidationError
from mlcore.metrics.pairwise import (
    GramRows,
    check_gram,
    kernel_diagonal,
    laplacian_kernel,
    linear_kernel,
    make_kernel,
    poly2_feature_map,
    poly2_homogeneous_map,
    polynomial_kernel,
    rbf_kernel,
    resolve_gamma,
    sigmoid_kernel,
)

RNG = np.random.default_rng(3)
X = RNG.normal(size=(40, 3))
Z = RNG.normal(size=(25, 3))
EPS = np.finfo(np.float64).eps


# Kernels are BLAS products: another kernel (OpenBLAS picks one per CPU) or another formula sums
# the d products in another order. Entry by entry, two evaluations of x.z then differ by at most
# 2 d eps sum_j |x_j z_j| (each side within d eps of the exact value); a kernel applies a smooth
# function to it, whose slope carries that error through, plus a few roundings of its own.
def dot_rounding(A, B):
    return 2 * A.shape[1] * EPS * (np.abs(A) @ np.abs(B).T)


def squared_distance_rounding(A, B):
    """|x|^2 + |z|^2 - 2 x.z against sum (x_j - z_j)^2: each within (d + 2) eps (|x|^2 + |z|^2)."""
    norms = np.sum(A ** 2, axis=1)[:, None] + np.sum(B ** 2, axis=1)[None, :]
    return 2 * (A.shape[1] + 2) * EPS * norms


def assert_within(got, want, bound):
    assert np.all(np.abs(got - want) <= bound), np.max(np.abs(got - want) / bound)


def test_kernels_match_scikit_learn():
    dots = dot_rounding(X, Z)
    assert_within(linear_kernel(X, Z), sk_linear(X, Z), dots)
    poly = sk_poly(X, Z, degree=3, gamma=0.7, coef0=1.5)   # d/du (g u + c)^3 = 3 g (g u + c)^2
    slope = 3 * 0.7 * np.abs(poly) ** (2 / 3)
    assert_within(polynomial_kernel(X, Z, degree=3, gamma=0.7, coef0=1.5), poly, slope * dots + 8 * EPS * np.abs(poly))
    rbf = sk_rbf(X, Z, gamma=0.3)                           # d/dD exp(-g D) = -g exp(-g D)
    assert_within(rbf_kernel(X, Z, 0.3), rbf, 0.3 * rbf * squared_distance_rounding(X, Z) + 4 * EPS * rbf)
    tanh = sk_sigmoid(X, Z, gamma=0.2, coef0=-0.5)          # d/du tanh(g u + c) = g (1 - tanh^2)
    assert_within(sigmoid_kernel(X, Z, 0.2, -0.5), tanh, 0.2 * (1 - tanh ** 2) * dots + 4 * EPS)


def test_defaults_are_scikit_learns():
    """Y = None is X itself and gamma = None is 1 / d (coef0 = 1), as in scikit-learn: the same
    matrices, with gamma = 1/3 in the rounding bounds."""
    g, dots = 1.0 / X.shape[1], dot_rounding(X, X)
    assert_within(linear_kernel(X), sk_linear(X), dots)
    poly = sk_poly(X)
    assert_within(polynomial_kernel(X), poly, 3 * g * np.abs(poly) ** (2 / 3) * dots + 8 * EPS * np.abs(poly))
    rbf = sk_rbf(X)
    assert_within(rbf_kernel(X), rbf, g * rbf * squared_distance_rounding(X, X) + 4 * EPS * rbf)
    tanh = sk_sigmoid(X)
    assert_within(sigmoid_kernel(X), tanh, g * (1 - tanh ** 2) * dots + 4 * EPS)
    lap = sk_laplacian(X)
    assert_within(laplacian_kernel(X), lap, g * lap * manhattan_rounding(X, X) + 4 * EPS * lap)


def test_make_kernel_dispatches_by_name():
    rbf = sk_rbf(X, Z, gamma=2.0)
    assert_within(make_kernel("rbf", gamma=2.0)(X, Z), rbf, 2.0 * rbf * squared_distance_rounding(X, Z) + 4 * EPS * rbf)
    np.testing.assert_allclose(make_kernel("poly", gamma=1.0, degree=2, coef0=1.0)(X, Z),
                               sk_poly(X, Z, degree=2, gamma=1.0, coef0=1.0))
    with pytest.raises(ValidationError, match="kernel"):
        make_kernel("cubic")


def test_degree_two_kernel_is_the_feature_map_inner_product():
    # worked_examples.md section 6: (1 + x·z)^2 = phi(x)·phi(z), phi(x) = (1, √2x1, √2x2, x1², x2², √2x1x2)
    A, B = RNG.normal(size=(30, 2)), RNG.normal(size=(20, 2))
    explicit = poly2_feature_map(A) @ poly2_feature_map(B).T
    lifted = poly2_feature_map(A), poly2_feature_map(B)
    kernel = polynomial_kernel(A, B, gamma=1.0, degree=2, coef0=1.0)
    # six products summed against (1 + x.z)^2: a dot of the lifts, and 2 |1 + x.z| times a dot of 2
    assert_within(kernel, explicit, dot_rounding(*lifted) + 2 * np.sqrt(np.abs(kernel)) * dot_rounding(A, B)
                  + 8 * EPS * np.abs(kernel))
    x, z = np.array([[1.0, 2.0]]), np.array([[3.0, -1.0]])
    assert (polynomial_kernel(x, z, degree=2, gamma=1.0, coef0=1.0)[0, 0]
            == pytest.approx((1 + 1 * 3 + 2 * -1) ** 2))  # = 4


def test_homogeneous_degree_two_lift_is_three_dimensional():
    A, B = RNG.normal(size=(30, 2)), RNG.normal(size=(20, 2))
    lifted = poly2_homogeneous_map(A), poly2_homogeneous_map(B)
    square = (A @ B.T) ** 2
    assert_within(lifted[0] @ lifted[1].T, square,
                  dot_rounding(*lifted) + 2 * np.sqrt(square) * dot_rounding(A, B) + 8 * EPS * square)


def test_rbf_gram_is_symmetric_with_unit_diagonal_and_psd():
    K = rbf_kernel(X, X, 0.5)
    np.testing.assert_allclose(K, K.T)
    np.testing.assert_allclose(np.diag(K), 1.0)
    # eigvalsh is backward stable: its eigenvalues are exact for K + E, |E| <= n eps |K|
    assert np.linalg.eigvalsh(K).min() > -4 * len(K) * EPS * np.linalg.norm(K, 2)


@pytest.mark.parametrize("scale", [1e-9, 1.0, 1e9])
def test_gamma_scale_matches_scikit_learn(scale):
    Xs = X[:, :2] * scale
    y = (X[:, 0] > 0).astype(int)
    sk = SkSVC(gamma="scale").fit(Xs, y)
    # 1 / (d var X): a variance of n values is within a few n eps relative, whichever way it is summed
    assert resolve_gamma("scale", Xs) == pytest.approx(sk._gamma, rel=4 * Xs.size * EPS)
    assert resolve_gamma("auto", Xs) == pytest.approx(0.5)
    # gamma="scale" makes the RBF Gram scale-free: gamma D is the same number up to the rounding of
    # D (scaled by gamma) and of gamma itself
    gamma = resolve_gamma("scale", X[:, :2])
    plain = rbf_kernel(X[:, :2], X[:, :2], gamma)
    rounding = gamma * squared_distance_rounding(X[:, :2], X[:, :2]) + 8 * Xs.size * EPS * gamma * (
        np.sum(X[:, :2] ** 2, axis=1)[:, None] + np.sum(X[:, :2] ** 2, axis=1)[None, :])
    assert_within(rbf_kernel(Xs, Xs, resolve_gamma("scale", Xs)), plain, 2 * plain * rounding + 8 * EPS)


def test_constant_data_gets_gamma_one_and_bad_gamma_is_refused():
    assert resolve_gamma("scale", np.ones((5, 2))) == 1.0
    for bad in (0.0, -1.0, "wide"):
        with pytest.raises(ValidationError, match="gamma"):
            resolve_gamma(bad, X)


def test_overflowing_gram_is_refused_with_a_message():
    big = np.full((3, 2), 1e30)
    with pytest.raises(ValidationError, match="overflows"):
        check_gram(polynomial_kernel(big, big, degree=10, gamma=1.0, coef0=0.0), "poly")


def manhattan_rounding(A, B):
    """sum_j |x_j - z_j| summed in any order: each difference within eps of exact, the running sum
    within d eps: (d + 1) eps times the distance, for either side."""
    return 2 * (A.shape[1] + 1) * EPS * np.abs(A[:, None, :] - B[None, :, :]).sum(axis=2)


@pytest.mark.parametrize("gamma", [0.05, 0.7, 3.0])
def test_laplace_kernel_matches_scikit_learn(gamma):
    lap = sk_laplacian(X, Z, gamma=gamma)                    # d/dD exp(-g D) = -g exp(-g D)
    assert_within(laplacian_kernel(X, Z, gamma), lap, gamma * lap * manhattan_rounding(X, Z) + 4 * EPS * lap)
    assert_within(make_kernel("laplacian", gamma=gamma)(X, Z), lap,
                  gamma * lap * manhattan_rounding(X, Z) + 4 * EPS * lap)


def test_laplace_kernel_by_hand():
    # |1 - 3| + |2 - (-1)| = 5, so k = exp(-0.2 * 5) = exp(-1)
    x, z = np.array([[1.0, 2.0]]), np.array([[3.0, -1.0]])
    assert laplacian_kernel(x, z, 0.2)[0, 0] == pytest.approx(np.exp(-1.0), rel=4 * EPS)
    assert laplacian_kernel(x, x, 0.2)[0, 0] == 1.0   # exp(-0) is exact


def test_laplace_gram_rows_and_diagonal_are_the_full_matrix():
    kfun = make_kernel("laplacian", gamma=0.5)
    K = kfun(X, X)
    rows = GramRows(kfun, X, "laplacian")
    # the same elementwise arithmetic in the same order, row by row: exactly equal
    np.testing.assert_array_equal(np.array([rows[i] for i in range(len(X))]), K)
    np.testing.assert_array_equal(kernel_diagonal(kfun, X), np.ones(len(X)))
    np.testing.assert_allclose(K, K.T, rtol=0, atol=4 * EPS)
    # positive definite (the Fourier transform of e^-|t| is positive): eigvalsh is backward stable
    assert np.linalg.eigvalsh(K).min() > -4 * len(K) * EPS * np.linalg.norm(K, 2)
