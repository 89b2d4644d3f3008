"""Figures of the model-selection pages: trace-level assertions."""

import numpy as np
import pytest

from mlcore.datasets import make_dataset
from mlcore.neighbors import KNeighborsClassifier
from mlcore.tree import DecisionTreeClassifier
from viz.decision import boundary_segments
from viz.grid import evaluate_grid, make_bounds
from viz.selection import Panel, chained, groups_figure, nested_figure, overlay_figure, panels_figure, search_figure


def data():
    return make_dataset("blobs", n=60, noise=0.5, seed=0, n_classes=3)


def test_groups_figure_puts_each_point_in_its_group_with_its_class_symbol():
    X, y = data()
    groups = np.arange(len(y)) % 4
    fig = groups_figure(X, y, np.unique(y), groups, [f"fold {i + 1}" for i in range(4)], bounds=make_bounds(X))
    assert [t.name for t in fig.data] == ["fold 1", "fold 2", "fold 3", "fold 4"]
    for g, trace in enumerate(fig.data):
        np.testing.assert_allclose(trace.x, X[groups == g, 0].astype(np.float32))
        symbols = ["circle", "square", "diamond"]
        assert list(trace.marker.symbol) == [symbols[c] for c in y[groups == g]]


def test_panels_map_each_models_classes_into_the_common_ones():
    X, y = data()
    bounds = make_bounds(X)
    keep = y != 0  # a fold whose training part lacks class 0
    partial = KNeighborsClassifier(n_neighbors=1).fit(X[keep], y[keep])
    full = DecisionTreeClassifier().fit(X, y)
    panels = [Panel(evaluate_grid(partial, bounds, 20), "missing class 0", np.flatnonzero(keep), np.zeros(0, int)),
              Panel(evaluate_grid(full, bounds, 20), "all", np.arange(len(y)), np.arange(5)),
              Panel(None, "could not fit", np.arange(3), np.zeros(0, int))]
    fig = panels_figure(panels, X, y, np.unique(y), bounds=bounds, columns=2)
    heat = [t for t in fig.data if t.type == "heatmap"]
    assert len(heat) == 2, "no regions for a panel whose model did not fit"
    z = np.asarray(heat[0].z)
    assert set(np.unique(z)) <= {1.5, 2.5}, "class 1 and 2 keep their colour bands without class 0"
    assert [a.text for a in fig.layout.annotations] == ["missing class 0", "all", "could not fit"]
    for axis in ("yaxis", "yaxis2", "yaxis3"):
        low, high = fig.layout[axis].domain
        assert 0 <= low < high <= 1
    hollow = [t for t in fig.data if t.name == "scored"]
    assert sum(len(t.x) for t in hollow) == 5


def test_search_figure_frames_the_best_and_chosen_cells_and_greys_failures():
    scores = np.array([[0.7, 0.8, np.nan], [0.75, 0.9, 0.85]])
    fig = search_figure([1, 5, 50], ["uniform", "distance"], scores, x_label="k", y_label="weights", best=(1, 1),
                        selected=(0, 0), random_points=([0.5, 1.7], [0.2, 0.9], [0.8, 0.88]))
    best, chosen = fig.layout.shapes
    assert (best.x0, best.x1, best.y0, best.y1) == (0.5, 1.5, 0.5, 1.5) and best.line.dash is None
    assert (chosen.x0, chosen.y0) == (-0.5, -0.5) and chosen.line.dash == "dash"
    heat = fig.data[0]
    assert heat.text[0][2] == "—"
    assert list(fig.layout.xaxis.ticktext) == ["1", "5", "50"]
    cells = fig.data[1]
    assert sorted(map(tuple, np.asarray(cells.customdata).tolist())) == [(i, j) for i in range(3) for j in range(2)]
    random = next(t for t in fig.data if t.name == "random search")
    assert list(random.x) == [0.5, 1.7]
    assert random.marker.cmin == heat.zmin and random.marker.cmax == heat.zmax


def test_nested_figure_stars_each_outer_folds_choice():
    inner = np.array([[0.7, 0.9, 0.8], [0.85, 0.8, 0.75]])
    fig = nested_figure([1, 5, 25], "k", inner, [1, 0], [0.82, 0.86])
    stars = [t for t in fig.data if t.marker.symbol == "star"]
    outer = [t for t in fig.data if t.marker.symbol == "diamond"]
    assert [(s.x[0], s.y[0]) for s in stars] == [(1, 0.9), (0, 0.85)]
    assert [(o.x[0], o.y[0]) for o in outer] == [(1, 0.82), (0, 0.86)]


def test_overlay_draws_one_boundary_per_model():
    X, y = data()
    bounds = make_bounds(X)
    grids = [evaluate_grid(KNeighborsClassifier(n_neighbors=k).fit(X, y), bounds, 30) for k in (1, 3)]
    fig = overlay_figure(grids[0], np.ones((30, 30)), grids, X, y)
    lines = [t for t in fig.data if t.name == "one resampled model's boundary"]
    assert len(lines) == 1
    breaks = np.isnan(np.asarray(lines[0].x, dtype=float)).sum()
    assert breaks >= 2, "segments of both models, separated by gaps"


def _pieces(x, y) -> list[tuple]:
    """The straight pieces of the lines (consecutive points with no gap between them), each as its
    two ends in a fixed order, whichever way the line runs."""
    pieces = []
    for i in range(len(x) - 1):
        a, b = (float(x[i]), float(y[i])), (float(x[i + 1]), float(y[i + 1]))
        if not np.isnan(a + b).any():
            pieces.append(tuple(sorted([a, b])))
    return pieces


@pytest.mark.parametrize(("k", "classes"), [(1, 3), (4, 3), (1, 2)])
def test_chained_boundaries_cover_the_same_segments_in_fewer_pieces(k, classes):
    X, y = make_dataset("blobs", n=80, noise=1.0, seed=k, n_classes=classes)
    grid = evaluate_grid(KNeighborsClassifier(n_neighbors=k).fit(X, y), make_bounds(X), 40)
    x, yl = boundary_segments(grid)
    cx, cy = chained(x, yl)
    segments, joined = sorted(_pieces(x, yl)), sorted(_pieces(cx, cy))
    assert joined == segments, "every segment once, and nothing else"
    assert np.isnan(cx).sum() < np.isnan(x).sum() / 3, "far fewer pieces for the browser to draw"


@pytest.mark.parametrize("score", [1.0, 0.8, 0.0])
def test_an_even_search_grid_has_one_tick_at_its_score_and_a_bar_within_zero_and_one(score):
    fig = search_figure([1, 5], ["uniform", "distance"], np.full((2, 2), score), x_label="k", y_label="weights",
                        best=(0, 0), random_points=([0.5], [0.5], [score]))
    heat = fig.data[0]
    assert 0.0 <= heat.zmin < heat.zmax <= 1.0
    assert heat.zmin <= score <= heat.zmax
    assert list(heat.colorbar.tickvals) == [score]
