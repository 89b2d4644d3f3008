"""The SVM page's figures (ui/svm/svm_figures), without Streamlit: each reads nothing but its
arguments (so the server-wide cache can key it), and the margin plane draws the chosen machine."""

import inspect

import numpy as np
import pytest

from catalog.models import MODELS
from ui.data.dataset_panel import Recipe
from ui.serving import cache, fits
from ui.svm import svm_figures
from ui.svm.pair_machines import pair_values

SPEC = MODELS["svm"]
PARAMS = tuple(sorted(SPEC.defaults().items()))
BUILDERS = [f for _, f in inspect.getmembers(svm_figures, inspect.isfunction) if f.__module__ == svm_figures.__name__]


@pytest.mark.parametrize("builder", BUILDERS, ids=lambda f: f.__name__)
def test_the_figures_read_only_their_arguments(builder):
    cache._check(builder)   # raises TypeError if the builder reads a session's variable


def test_the_margin_plane_of_two_classes_is_drawn_on_the_fit_s_grid():
    recipe = Recipe("blobs", n=60, noise=0.5, seed=2)
    fig, grid, _ = svm_figures.margin_plane(recipe, (), PARAMS, 0, False, False, 480)
    expected = fits.grid(recipe, (), SPEC.key, PARAMS, svm_figures.RESOLUTION)
    assert np.array_equal(grid.labels, expected.labels) and np.array_equal(grid.decision, expected.decision)
    assert fig.layout.height is None   # the container's height


def test_each_pair_machine_draws_its_own_values():
    recipe = Recipe("blobs", n=60, noise=0.5, classes=3, seed=2)
    values = pair_values(recipe, (), PARAMS, svm_figures.RESOLUTION)
    assert values.shape[2] == 3   # one-vs-one: three pair machines
    for machine in range(3):
        fig, _, _ = svm_figures.margin_plane(recipe, (), PARAMS, machine, False, False, 480)
        contours = [np.asarray(t.z, dtype=np.float32) for t in fig.data if t.type == "contour"]
        assert any(np.array_equal(z, values[:, :, machine]) for z in contours), machine
