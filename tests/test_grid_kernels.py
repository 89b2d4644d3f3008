"""A kernel machine on a grid: the kernel factored over the two coordinates gives the values
the Gram matrix gives (mlcore.metrics.pairwise.grid_kernel_sums, decision_function_grid)."""

import numpy as np
import pytest
from sklearn.datasets import make_blobs, make_moons
from sklearn.metrics.pairwise import laplacian_kernel as sk_laplacian
from sklearn.metrics.pairwise import rbf_kernel as sk_rbf

from mlcore.linear_model import KernelPerceptron
from mlcore.metrics.pairwise import grid_kernel_sums, grid_points
from mlcore.svm import SVC
from viz.grid import evaluate_grid

EPS = np.finfo(np.float64).eps
XS, YS = np.linspace(-2.0, 3.0, 61), np.linspace(-1.5, 2.0, 47)   # not square: rows and columns kept apart
MOONS = make_moons(160, noise=0.3, random_state=0)
BLOBS = make_blobs(150, centers=3, cluster_std=2.0, random_state=1)


def _bound(weights: np.ndarray, intercept=0.0) -> np.ndarray:
    """Each value is a sum of terms w_k k(p, z_k) with 0 <= k <= 1, each exact to a few ulp in
    either order of computing: the two sums differ by at most a small multiple of eps sum |w_k|."""
    return 64 * EPS * (np.abs(weights).sum(axis=0) + np.abs(intercept) + 1.0)


@pytest.mark.parametrize("kernel, reference", [("rbf", sk_rbf), ("laplacian", sk_laplacian)])
def test_grid_sums_are_the_gram_matrix_times_the_weights(kernel, reference):
    rng = np.random.default_rng(4)
    Z, W = rng.normal(size=(30, 2)), rng.normal(size=(30, 3))
    expected = reference(grid_points(XS, YS), Z, gamma=0.7) @ W
    got = grid_kernel_sums(kernel, 0.7, XS, YS, Z, W)
    assert got.shape == (len(XS) * len(YS), 3)
    assert np.all(np.abs(got - expected) <= _bound(W))


@pytest.mark.parametrize("kernel", ["linear", "poly", "sigmoid"])
def test_kernels_that_do_not_factor_are_refused(kernel):
    assert grid_kernel_sums(kernel, 1.0, XS, YS, np.zeros((2, 2)), np.ones((2, 1))) is None


@pytest.mark.parametrize("data", [MOONS, BLOBS], ids=["binary", "three classes"])
@pytest.mark.parametrize("params", [dict(), dict(gamma=30.0, C=10.0), dict(kernel="laplacian"),
                                    dict(multiclass="ovr"), dict(kernel="poly", degree=2)],
                         ids=["rbf", "narrow rbf", "laplacian", "one-vs-rest", "poly (not factored)"])
def test_svc_on_a_grid_is_its_decision_function_there(data, params):
    model = SVC(**params).fit(*data)
    expected = model.decision_function(grid_points(XS, YS))
    got = model.decision_function_grid(XS, YS)
    assert got.shape == expected.shape
    bound = _bound(model.dual_coef_.T, model.intercept_)   # per machine
    if expected.ndim == 2 and model.multiclass == "ovo":
        # votes + c / (3 (|c| + 1)), c a sum of machine values: the votes agree (no machine value
        # lies within its bound of 0 here), and c moves by at most the machines' bounds, the
        # confidence by a third of that
        assert np.array_equal(got.argmax(axis=1), expected.argmax(axis=1))
        assert np.all(np.abs(got - expected) <= bound.sum() / 3)
    else:
        assert np.all(np.abs(got - expected) <= bound)


@pytest.mark.parametrize("data", [MOONS, BLOBS], ids=["binary", "three classes"])
def test_kernel_perceptron_on_a_grid_is_its_decision_function_there(data):
    model = KernelPerceptron().fit(*data)
    expected = model.decision_function(grid_points(XS, YS))
    got = model.decision_function_grid(XS, YS)
    assert got.shape == expected.shape
    bound = _bound(model.dual_coef_.T)
    assert np.all(np.abs(got - expected).reshape(len(got), -1) <= bound)


def test_the_plane_of_a_kernel_machine_uses_its_grid_values():
    """evaluate_grid asks the model for its grid values and draws the same regions as from
    decision_function at every cell (cells within the rounding bound of the boundary aside)."""
    model = SVC().fit(*MOONS)
    grid = evaluate_grid(model, (-2.0, 3.0, -1.5, 2.0), 80)
    d = model.decision_function(grid.points()).reshape(grid.shape)
    clear = np.abs(d) > _bound(model.dual_coef_.T, model.intercept_)
    assert clear.mean() > 0.99
    assert np.array_equal(grid.labels[clear], (d[clear] > 0).astype(int)[...])
    assert np.all(np.abs(grid.decision - d) <= _bound(model.dual_coef_.T, model.intercept_))
