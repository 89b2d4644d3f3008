"""Kernel perceptron against scikit-learn's Perceptron (linear kernel) and a textbook loop."""

import numpy as np
import pytest
from sklearn.datasets import make_blobs, make_moons
from sklearn.linear_model import Perceptron as SkPerceptron
from sklearn.metrics.pairwise import polynomial_kernel, rbf_kernel

from mlcore import ValidationError
from mlcore.linear_model import KernelPerceptron


def _textbook(K, y, epochs):
    """The dual perceptron exactly as written on the board: one point at a time."""
    alpha = np.zeros(len(y))
    for _ in range(epochs):
        clean = True
        for i in range(len(y)):
            if y[i] * np.sum(alpha * y * (K[:, i] + 1.0)) <= 0:
                alpha[i] += 1
                clean = False
        if clean:
            break
    return alpha


def test_linear_kernel_equals_the_primal_perceptron():
    X, y = make_blobs(80, centers=2, cluster_std=2.0, random_state=2)
    ours = KernelPerceptron(kernel="linear", max_epochs=7).fit(X, y)
    sk = SkPerceptron(shuffle=False, eta0=1.0, alpha=0.0, max_iter=7, tol=None, fit_intercept=True).fit(X, y)
    # Same mistakes, so f(x) = sum_i alpha_i y_i (x_i.x + 1) with integer alpha on both sides,
    # summed in other orders (dual sums against w = sum alpha y x): at most (n + d + 2) eps
    # sum_i alpha_i (|x_i|.|x| + 1) apart, twice for the two sides. One differing mistake would
    # move f by a whole |x_i.x + 1|.
    eps = np.finfo(np.float64).eps
    alpha = ours.alpha_[0]
    size = (np.abs(X) @ np.abs(X).T + 1.0) @ alpha
    rounding = 2 * (len(X) + X.shape[1] + 2) * eps * size
    assert np.all(np.abs(ours.decision_function(X) - sk.decision_function(X)) <= rounding)


@pytest.mark.parametrize("kernel", ["rbf", "poly"])
def test_matches_the_textbook_loop(kernel):
    X, y = make_moons(60, noise=0.2, random_state=0)
    ys = np.where(y == 1, 1.0, -1.0)
    m = KernelPerceptron(kernel=kernel, gamma=0.7, degree=3, coef0=1.0, max_epochs=6).fit(X, y)
    K = rbf_kernel(X, X, gamma=0.7) if kernel == "rbf" else polynomial_kernel(X, X, degree=3, gamma=0.7, coef0=1.0)
    np.testing.assert_array_equal(m.alpha_[0], _textbook(K, ys, 6))
    assert [h["mistakes"] for h in m.history_][0] == m.history_[0]["alpha"].sum()
    assert m.alpha_[0].sum() == sum(h["mistakes"] for h in m.history_)


def test_xor_is_learnt_with_a_degree_two_kernel():
    X = np.array([[1.0, 1.0], [-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]])
    y = np.array(["same", "same", "diff", "diff"])
    m = KernelPerceptron(kernel="poly", gamma=1.0, degree=2, coef0=1.0, max_epochs=50).fit(X, y)
    assert m.converged_ and (m.predict(X) == y).all()
    assert m.history_[-1]["mistakes"] == 0
    lin = KernelPerceptron(kernel="linear", max_epochs=50).fit(X, y)
    assert not lin.converged_  # XOR is not linearly separable: the perceptron never settles


def test_multiclass_one_vs_rest_shapes():
    X, y = make_blobs(90, centers=3, random_state=0)
    m = KernelPerceptron(max_epochs=20).fit(X, y)
    assert m.decision_function(X).shape == (90, 3) and m.alpha_.shape == (3, 90)
    assert m.score(X, y) >= 0.9


def test_bad_parameters():
    X, y = make_moons(20, random_state=0)
    for bad in (dict(max_epochs=0), dict(kernel="cubic"), dict(gamma=-1.0)):
        with pytest.raises(ValidationError):
            KernelPerceptron(**bad).fit(X, y)


@pytest.mark.parametrize("kernel", ["linear", "rbf", "poly", "sigmoid"])
def test_registry_bounds_give_finite_results(kernel):
    from catalog.models import MODELS
    spec = MODELS["kernel_perceptron"]
    X, y = make_moons(60, noise=0.3, random_state=0)
    for gamma in (spec.param("gamma").low, spec.param("gamma").high):
        for degree in (spec.param("degree").low, spec.param("degree").high):
            try:
                m = spec.make(kernel=kernel, gamma=gamma, degree=degree,
                              max_epochs=spec.param("max_epochs").high).fit(X, y)
            except ValidationError as e:
                assert "overflows" in str(e)
                continue
            assert np.isfinite(m.decision_function(X)).all()
