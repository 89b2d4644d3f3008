"""Figures of a neural network: traces checked against the model they draw."""

import numpy as np
import pytest

from mlcore.datasets import make_dataset
from mlcore.neural_network import MLPClassifier
from viz.grid import grid_points
from viz.mlp import curves_figure, hidden_space, hidden_space_figure, pca_2d, unit_maps, unit_maps_figure


@pytest.fixture(scope="module")
def moons():
    return make_dataset("moons", n=120, noise=0.2, seed=0)


def _net(X, y, sizes):
    return MLPClassifier(sizes, learning_rate_init=0.02, max_iter=40, random_state=0).fit(X, y)


def test_unit_maps_are_the_hidden_activations_on_the_grid(moons):
    model = _net(*moons, (3, 2))
    maps = unit_maps(model, (-1.0, 1.0, -2.0, 2.0), resolution=5)
    assert [m.shape for m in maps] == [(3, 5, 5), (2, 5, 5)]
    points = grid_points(np.linspace(-1, 1, 5), np.linspace(-2, 2, 5))
    H = model.hidden_activations(points)
    # row j is x2 = ys[j], column i is x1 = xs[i]: point j * 5 + i
    assert maps[0][2, 3, 4] == H[0][3 * 5 + 4, 2]
    assert maps[1][1, 0, 2] == H[1][2, 1]


def test_unit_maps_figure_has_one_tile_per_unit(moons):
    model = _net(*moons, (5, 3))
    fig = unit_maps_figure(model, (-3, 3, -3, 3), resolution=8, per_row=4)
    heat = fig.data[0]
    image = np.asarray(heat.z)
    tiles = np.isfinite(image).sum() // 64
    assert tiles == 8                               # 5 + 3 units
    assert np.nanmax(np.abs(image)) <= 1.0          # each tile scaled to its own largest |value|
    assert list(fig.layout.yaxis.ticktext) == ["layer 1<br>(5 units)", "layer 2<br>(3 units)"]


def test_pca_matches_the_covariance_eigenvectors():
    rng = np.random.default_rng(0)
    H = rng.normal(size=(50, 4)) @ np.diag([3.0, 1.0, 0.5, 0.1])
    coords, share = pca_2d(H)
    values, vectors = np.linalg.eigh(np.cov(H.T))
    order = np.argsort(values)[::-1]
    expected = (H - H.mean(axis=0)) @ vectors[:, order[:2]]
    # eigenvectors are defined up to sign; SVD and eigh agree within rounding of a 4x4 problem
    np.testing.assert_allclose(np.abs(coords), np.abs(expected), atol=1e-9)
    np.testing.assert_allclose(share, values[order[:2]] / values.sum(), rtol=1e-9)


@pytest.mark.parametrize("units, how", [(1, "its one unit"), (2, "its two units"), (6, "PCA")])
def test_hidden_space_says_how_it_is_drawn(moons, units, how):
    model = _net(*moons, (4, units))
    points, _, _, text = hidden_space(model, moons[0])
    assert points.shape == (120, 2) and how in text


def test_two_unit_hidden_space_draws_the_output_layers_regions(moons):
    X, y = moons
    model = _net(X, y, (2,))
    fig = hidden_space_figure(model, X, y)
    heat = fig.data[0]
    xs, ys, z = np.asarray(heat.x), np.asarray(heat.y), np.asarray(heat.z)
    j, i = 7, 90
    h = np.array([xs[i], ys[j]], dtype=np.float64)
    expected = np.argmax(h @ model.coefs_[-1] + model.intercepts_[-1])
    assert z[j, i] == expected + 0.5
    # the points are the hidden activations of the training data
    H = model.hidden_activations(X)[0]
    first = fig.data[1]
    np.testing.assert_allclose(np.asarray(first.x), H[y == 0, 0].astype(np.float32))


def test_curves_mark_the_epoch(moons):
    model = _net(*moons, (4,))
    fig = curves_figure(model, test_epochs=model.snapshot_epochs_, test_scores=model.score_curve(*moons),
                        current=7)
    names = [t.name for t in fig.data]
    assert names == ["loss", "train accuracy", "test accuracy"]
    assert len(fig.data[0].x) == model.n_iter_ and len(fig.data[1].x) == model.n_iter_ + 1
    assert [s.x0 for s in fig.layout.shapes] == [7, 7]


def test_a_diverging_loss_curve_is_drawn_finite():
    """SGD at rate 1 on single points of data in the thousands (an upload may hold such values):
    the loss reaches ~1e56, past float32's 3.4e38. The curve must keep those values, not inf."""
    X, y = make_dataset("moons", n=200, noise=0.3)[:2]
    model = MLPClassifier(hidden_layer_sizes=(8, 8), solver="sgd", learning_rate_init=1.0, alpha=1e-6,
                          batch_size=1, max_iter=50, random_state=0).fit(X * 1000, y)
    assert max(model.loss_curve_) > 3.5e38   # the case: more than float32 holds
    drawn = np.asarray(curves_figure(model).data[0].y)
    assert np.all(np.isfinite(drawn)) and np.array_equal(drawn, model.loss_curve_)
