"""Kernels against scikit-learn's pairwise kernels and the degree-2 feature map."""

import numpy as np
import pytest
from sklearn.metrics.pairwise import linear_kernel as sk_linear
from sklearn.metrics.pairwise import polynomial_kernel as sk_poly
from sklearn.metrics.pairwise import rbf_kernel as sk_rbf
from sklearn.metrics.pairwise import sigmoid_kernel as sk_sigmoid
from sklearn.svm import SVC as SkSVC

from mlcore import ValidationError
from mlcore.metrics.pairwise import (
    check_gram,
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


def test_kernels_match_scikit_learn():
    np.testing.assert_allclose(linear_kernel(X, Z), sk_linear(X, Z), rtol=1e-12)
    np.testing.assert_allclose(polynomial_kernel(X, Z, 0.7, 3, 1.5), sk_poly(X, Z, degree=3, gamma=0.7, coef0=1.5),
                               rtol=1e-12)
    np.testing.assert_allclose(rbf_kernel(X, Z, 0.3), sk_rbf(X, Z, gamma=0.3), rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(sigmoid_kernel(X, Z, 0.2, -0.5), sk_sigmoid(X, Z, gamma=0.2, coef0=-0.5), rtol=1e-12)


def test_make_kernel_dispatches_by_name():
    np.testing.assert_allclose(make_kernel("rbf", gamma=2.0)(X, Z), sk_rbf(X, Z, gamma=2.0), atol=1e-15)
    np.testing.assert_allclose(make_kernel("poly", gamma=1.0, degree=2, coef0=1.0)(X, Z),
                               sk_poly(X, Z, degree=2, gamma=1.0, coef0=1.0))
    with pytest.raises(ValidationError, match="kernel"):
        make_kernel("cubic")


def test_degree_two_kernel_is_the_feature_map_inner_product():
    # worked_examples.md section 6: (1 + x·z)^2 = phi(x)·phi(z), phi(x) = (1, √2x1, √2x2, x1², x2², √2x1x2)
    A, B = RNG.normal(size=(30, 2)), RNG.normal(size=(20, 2))
    explicit = poly2_feature_map(A) @ poly2_feature_map(B).T
    np.testing.assert_allclose(polynomial_kernel(A, B, gamma=1.0, degree=2, coef0=1.0), explicit, rtol=1e-9, atol=1e-12)
    x, z = np.array([[1.0, 2.0]]), np.array([[3.0, -1.0]])
    assert polynomial_kernel(x, z, 1.0, 2, 1.0)[0, 0] == pytest.approx((1 + 1 * 3 + 2 * -1) ** 2)  # = 4


def test_homogeneous_degree_two_lift_is_three_dimensional():
    A, B = RNG.normal(size=(30, 2)), RNG.normal(size=(20, 2))
    np.testing.assert_allclose(poly2_homogeneous_map(A) @ poly2_homogeneous_map(B).T, (A @ B.T) ** 2,
                               rtol=1e-9, atol=1e-12)


def test_rbf_gram_is_symmetric_with_unit_diagonal_and_psd():
    K = rbf_kernel(X, X, 0.5)
    np.testing.assert_allclose(K, K.T)
    np.testing.assert_allclose(np.diag(K), 1.0)
    assert np.linalg.eigvalsh(K).min() > -1e-10


@pytest.mark.parametrize("scale", [1e-9, 1.0, 1e9])
def test_gamma_scale_matches_scikit_learn(scale):
    Xs = X[:, :2] * scale
    y = (X[:, 0] > 0).astype(int)
    sk = SkSVC(gamma="scale").fit(Xs, y)
    assert resolve_gamma("scale", Xs) == pytest.approx(sk._gamma, rel=1e-12)
    assert resolve_gamma("auto", Xs) == pytest.approx(0.5)
    # gamma="scale" makes the RBF Gram scale-free
    np.testing.assert_allclose(rbf_kernel(Xs, Xs, resolve_gamma("scale", Xs)),
                               rbf_kernel(X[:, :2], X[:, :2], resolve_gamma("scale", X[:, :2])), atol=1e-9)


def test_constant_data_gets_gamma_one_and_bad_gamma_is_refused():
    assert resolve_gamma("scale", np.ones((5, 2))) == 1.0
    for bad in (0.0, -1.0, "wide"):
        with pytest.raises(ValidationError, match="gamma"):
            resolve_gamma(bad, X)


def test_overflowing_gram_is_refused_with_a_message():
    big = np.full((3, 2), 1e30)
    with pytest.raises(ValidationError, match="overflows"):
        check_gram(polynomial_kernel(big, big, 1.0, 10, 0.0), "poly")
