"""Trace-level checks of the feature figures."""

import numpy as np

from mlcore.neighbors import KNeighborsClassifier
from mlcore.tree import DecisionTreeClassifier
from viz.features import (
    balls_figure,
    l1_path_figure,
    panels_figure,
    path_figure,
    ranking_figure,
    stability_figure,
)
from viz.grid import evaluate_grid


def _data():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(40, 2))
    return X, (X[:, 0] > 0).astype(int)


def test_panels_show_each_grid_as_its_labels():
    X, y = _data()
    bounds = (-3.0, 3.0, -3.0, 3.0)
    grids = [evaluate_grid(m.fit(X, y), bounds, 30) for m in (KNeighborsClassifier(), DecisionTreeClassifier())]
    fig = panels_figure(grids, ["kNN", "tree"], X, y, cols=2, bounds=bounds, row_labels=("raw",))
    heat = [t for t in fig.data if t.type == "heatmap"]
    assert len(heat) == 2
    for trace, grid in zip(heat, grids, strict=True):
        np.testing.assert_array_equal(np.floor(np.asarray(trace.z)), grid.labels)
    assert heat[1].xaxis == "x2"
    assert [a.text for a in fig.layout.annotations] == ["kNN", "tree", "raw"]


def test_balls_put_the_l1_optimum_on_a_corner_and_the_l2_optimum_off_the_axes():
    fig = balls_figure()
    stars = [t for t in fig.data if t.marker.symbol == "star"]
    (x1, y1), (x2, y2) = [(t.x[0], t.y[0]) for t in stars]
    assert abs(x1 - 1.0) < 1e-3 and abs(y1) < 1e-3          # the diamond's corner: w₂ = 0
    assert abs(x2 ** 2 + y2 ** 2 - 1) < 1e-6 and y2 > 0.1    # on the circle, both weights nonzero


def test_path_labels_name_the_changed_feature():
    paths = {"forward": [{"features": (1,), "changed": 1, "score": 0.8}, {"features": (0, 1), "changed": 0,
                                                                         "score": 0.9}],
             "backward": [{"features": (0, 1), "changed": None, "score": 0.9},
                          {"features": (0,), "changed": 1, "score": 0.7}]}
    fig = path_figure(paths, ["a", "b"])
    assert list(fig.data[0].text) == ["+b", "+a"] and list(fig.data[1].text) == ["all", "−b"]
    assert list(fig.data[1].x) == [2, 1]


def test_rankings_are_scaled_by_each_filters_best_and_stability_colours():
    fig = ranking_figure(["a", "b"], {"r": np.array([0.2, 0.4])})
    np.testing.assert_allclose(fig.data[0].y, [0.5, 1.0])
    np.testing.assert_allclose(fig.data[0].customdata, [0.2, 0.4], rtol=1e-6)
    bars = stability_figure(["a", "b"], [1.0, 0.2]).data[0]
    assert bars.marker.color[0] != bars.marker.color[1]
    path = l1_path_figure([0.1, 1.0], np.zeros((2, 3, 2)), ["a", "b"])
    assert len(path.data) == 2 and path.layout.xaxis.type == "log"
