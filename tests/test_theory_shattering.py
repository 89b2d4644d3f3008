"""Shattering and the growth function: exact answers, also on duplicated and collinear points."""

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from scipy.optimize import linprog
from sklearn.svm import SVC

from mlcore import ValidationError
from mlcore.theory import (
    Intervals,
    Lines,
    Rectangles,
    Stumps,
    Trees,
    count_realisable,
    growth_function,
    labelings,
    realisable_labelings,
    shattered,
    vc_dimension_by_trying,
)


def test_labelings_order():
    lab = labelings(3)
    assert lab.shape == (8, 3)
    assert lab[5].tolist() == [True, False, True]  # 5 = 0b101: points 0 and 2 positive


def test_growth_function_of_lines():
    assert [growth_function(Lines(), m) for m in (1, 2, 3, 4)] == [2, 4, 8, 14]


def test_vc_dimension_of_lines_by_trying():
    d, counts = vc_dimension_by_trying(Lines(), max_m=6)
    assert d == 3 and counts == [2, 4, 8, 14]


small_coord = st.integers(-3, 3).map(float)


@st.composite
def triangles(draw):
    """Three points in general position: twice the area at least 1 (integer coordinates)."""
    pts = np.array(draw(st.lists(st.tuples(small_coord, small_coord), min_size=3, max_size=3)))
    a, b, c = pts
    twice_area = abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]))
    scale = draw(st.sampled_from([1e-6, 1.0, 1e6]))
    assume(twice_area >= 1)
    return pts * scale


@settings(max_examples=60, deadline=None)
@given(triangles())
def test_three_points_in_general_position_are_shattered_by_lines(X):
    assert shattered(X, Lines())


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(small_coord, small_coord), min_size=4, max_size=4),
       st.sampled_from([1e-6, 1.0, 1e6]))
def test_no_four_points_are_shattered_by_lines(points, scale):
    # integer coordinates make duplicates and collinear sets common
    X = np.array(points) * scale
    assert not shattered(X, Lines())


def _separable_by_lp(X, positive):
    """Oracle: a line with y_i (w·x_i + b) ≥ 1 exists (LP feasibility, scipy)."""
    if positive.all() or not positive.any():
        return True
    y = np.where(positive, 1.0, -1.0)
    A = -y[:, None] * np.column_stack([X, np.ones(len(X))])
    res = linprog(np.zeros(3), A_ub=A, b_ub=-np.ones(len(X)), bounds=[(None, None)] * 3, method="highs")
    return res.status == 0


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(small_coord, small_coord), min_size=1, max_size=6))
def test_lines_agree_with_a_linear_programme(points):
    X = np.array(points)
    labels, realised = realisable_labelings(X, Lines())
    expected = [_separable_by_lp(X, lab) for lab in labels]
    assert realised.tolist() == expected


def test_degenerate_sets_for_lines():
    collinear = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]])
    labels, realised = realisable_labelings(collinear, Lines())
    # only the middle point apart from both ends is impossible: 0b010 and 0b101
    assert sorted(np.flatnonzero(~realised).tolist()) == [2, 5]
    duplicate = np.array([[1.0, 2.0], [1.0, 2.0]])
    assert count_realisable(duplicate, Lines()) == 2  # both labels equal, either way
    assert shattered(np.array([[0.5, 0.5]]), Lines())


def test_rectangles_shatter_a_diamond_but_not_five_points():
    diamond = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]])
    assert shattered(diamond, Rectangles())
    square = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    assert not shattered(square, Rectangles())  # two opposite corners: the box holds the others


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(small_coord, small_coord), min_size=5, max_size=5))
def test_no_five_points_are_shattered_by_rectangles(points):
    assert not shattered(np.array(points), Rectangles())


def test_intervals_have_vc_dimension_two():
    two = np.array([[0.0, 5.0], [1.0, -5.0]])
    three = np.array([[0.0, 0.0], [1.0, 0.0], [2.0, 0.0]])
    assert shattered(two, Intervals(axis=0))
    assert not shattered(three, Intervals(axis=0))
    assert shattered(two, Intervals(axis=1))  # distinct x2 too
    assert not shattered(np.array([[0.0, 1.0], [5.0, 1.0]]), Intervals(axis=1))  # same x2


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(small_coord, small_coord), min_size=1, max_size=5))
def test_depth_one_trees_are_stumps_and_depth_grows_the_set(points):
    X = np.array(points)
    stumps = Stumps().realisable(X)
    depth1, depth2 = Trees(1).realisable(X), Trees(2).realisable(X)
    assert stumps.tolist() == depth1.tolist()
    assert not (depth1 & ~depth2).any()


def test_trees_separate_any_distinct_points_with_enough_depth():
    X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 0.5], [3.0, 2.0]])
    assert shattered(X, Trees(2))  # 4 distinct x1 values: depth 2 splits them one per leaf
    assert not shattered(np.array([[0.0, 0.0], [0.0, 0.0]]), Trees(3))  # duplicates never part


@pytest.mark.parametrize("bad", [np.zeros((0, 2)), np.zeros((13, 2)), np.zeros((3, 3)),
                                 np.array([[0.0, np.nan]])])
def test_bad_point_sets_are_explained(bad):
    with pytest.raises(ValidationError):
        realisable_labelings(bad, Lines())


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(small_coord, small_coord), min_size=2, max_size=5, unique=True))
def test_max_margin_lines_match_a_hard_margin_svm(points):
    X = np.array(points)
    labels, _ = realisable_labelings(X, Lines())
    realised, normals, offsets, margins = Lines().max_margin(X)
    for i in np.flatnonzero(realised & labels.any(axis=1) & ~labels.all(axis=1)):
        y = labels[i].astype(int)
        side = X @ normals[i] - offsets[i]
        assert ((side > 0) == labels[i]).all()  # the line separates the labeling
        # LIBSVM with a huge C is the hard-margin SVM; stopped at a KKT gap of 1e-8 on small integer
        # coordinates (no tiny margins), its margin 1/‖w‖ is far inside 1e-3 relative
        svm = SVC(kernel="linear", C=1e8, tol=1e-8).fit(X, y)
        assert margins[i] == pytest.approx(1 / np.linalg.norm(svm.coef_), rel=1e-3)
