"""Figures of the learning-theory page: trace-level checks."""

import numpy as np

from mlcore.theory import Lines, realisable_labelings
from viz.theory import bounds_figure, labelings_figure, pac_figure, points_plane


def test_labelings_figure_marks_the_impossible_ones_and_draws_their_lines():
    square = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    labels, realised = realisable_labelings(square, Lines())
    _, normals, offsets, _ = Lines().max_margin(square)
    fig = labelings_figure(square, labels, realised, lines=(normals, offsets))
    assert len(fig.layout.shapes) == (~realised).sum() == 2       # the two diagonals
    assert sum(t.mode == "lines" for t in fig.data) == realised.sum() - 2  # none for the constants
    titles = [a.text for a in fig.layout.annotations]
    assert titles[5].startswith("✗") and titles[0].startswith("✓")  # #5 = points 0 and 2: a diagonal


def test_points_plane_cannot_be_zoomed_by_a_double_click():
    fig = points_plane(np.zeros((0, 2)))
    assert fig.layout.xaxis.fixedrange and fig.layout.yaxis.fixedrange
    assert list(fig.layout.xaxis.range) == [-3, 3] and list(fig.layout.yaxis.range) == [-3, 3]


def test_bounds_figure_has_the_four_curves_and_the_band():
    sizes = np.array([10, 100, 1000])
    result = {"sizes": sizes, "train": np.array([0.0, 0.05, 0.1]), "test": np.array([0.3, 0.15, 0.11]),
              "test_low": np.array([0.2, 0.1, 0.1]), "test_high": np.array([0.4, 0.2, 0.12]),
              "vc": np.array([1.6, 0.7, 0.3]), "rad_bound": np.array([1.2, 0.5, 0.25])}
    fig = bounds_figure(result, vc_dim=3, delta=0.05)
    names = [t.name for t in fig.data]
    assert names[0] == "test error, 95% band" and len(fig.data[0].x) == 6
    assert np.allclose(fig.data[3].y, result["vc"], atol=1e-6)  # float32 on the wire


def test_pac_figure_marks_the_chosen_sample_size():
    fig = pac_figure(96, 0.0999, 0.05, 6)
    marks = [t for t in fig.data if t.name == "your (m, ε)"]
    assert len(marks) == 2 and all(list(t.x) == [96] for t in marks)
