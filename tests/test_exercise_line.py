"""The rules of the two line exercises (exercises.line_geometry, line_placing, widest_street):
the geometry on hand-made points whose answers follow from the picture, the boundary cases the
issue names (a line through a point, two clicks on one spot, a vertical line, ties, the 90% edge),
and the generated tasks against scikit-learn's SVM as an oracle for the widest street."""

import math

import numpy as np
import pytest
from sklearn.svm import SVC as SkSVC

from exercises import LEVELS, line_placing, widest_street
from exercises.line_geometry import SAME_SPOT, from_angle, from_weights, judge, segment, street, through

# Two points per class either side of the vertical line x1 = 1: the widest street is 1 wide each side.
X4 = np.array([[0.0, 0.0], [0.0, 2.0], [2.0, 0.0], [2.0, 2.0]])
T4 = np.array([-1.0, -1.0, 1.0, 1.0])


def street_task(best=1.0):
    return widest_street.Task(1, 1, X4, T4, best)


def line_task(target=0):
    return line_placing.Task(1, 1, X4, T4, target, True)


# ---- geometry ----------------------------------------------------------------------------------

def test_a_vertical_line_through_two_clicks():
    line = through((1.0, -1.0), (1.0, 3.0))
    assert line is not None and line.w2 == 0 and abs(line.w1) == 1
    got = judge(line, X4, T4)
    assert got.errors == 0 and got.margin == pytest.approx(1.0)   # every point is 1 from x1 = 1
    assert line.angle == pytest.approx(0.0) and abs(line.offset) == pytest.approx(1.0)


def test_a_point_on_the_line_is_an_error_whichever_way_the_line_faces():
    line = through((0.0, -1.0), (0.0, 3.0))          # x1 = 0 passes through both class -1 points
    got = judge(line, X4, T4)
    assert got.errors == 2 and got.margin == 0.0
    assert list(got.wrong) == [True, True, False, False]
    assert street(got) is None                       # margin 0: no street
    assert judge(line.flipped(), X4, T4).errors == 2


def test_a_line_through_one_point_has_margin_zero_and_one_error():
    line = through((0.0, 0.0), (0.2, 2.0))           # through (0, 0); the other three on their own sides
    got = judge(line, X4, T4)
    assert got.errors == 1 and got.margin == 0.0


def test_two_clicks_on_the_same_spot_make_no_line_and_the_edge_makes_one():
    assert through((0.3, 0.3), (0.3, 0.3)) is None
    assert through((0.3, 0.3), (0.3 + SAME_SPOT / 2, 0.3)) is None
    assert through((0.0, 0.0), (SAME_SPOT, 0.0)) is not None      # exactly SAME_SPOT apart: a line
    assert line_placing.check(line_task(), None).done is False


def test_the_line_faces_the_way_with_fewer_errors():
    line = through((1.0, 3.0), (1.0, -1.0))          # the same line as above, drawn the other way
    assert judge(line, X4, T4).errors == 0
    assert judge(line.flipped(), X4, T4).errors == 0


def test_a_tie_in_errors_goes_to_the_larger_margin():
    # x2 = 1 splits each class in half: facing up or down, 2 wrong and a margin of -1 either way,
    # so the line is judged as given.
    line = through((-1.0, 1.0), (3.0, 1.0))
    ahead = judge(line, X4, T4)
    assert ahead.errors == 2 and ahead.line == line
    # an unequal tie: points at distances 1 and 3, one wrong either way
    X = np.array([[0.0, 0.0], [4.0, 0.0]])
    t = np.array([1.0, 1.0])
    vertical = from_weights(1.0, 0.0, -1.0)           # x1 = 1: (0,0) is 1 left, (4,0) is 3 right
    got = judge(vertical, X, t)
    # facing right the near point is wrong (margin -1), facing left the far one (margin -3)
    assert got.errors == 1 and got.margin == pytest.approx(-1.0) and got.line == vertical
    assert judge(vertical.flipped(), X, t).line == vertical


def test_angle_and_offset_round_trip():
    for line in (through((0, 0), (1, 2)), through((3, -1), (-2, 0.5)), through((1, 0), (1, 5))):
        again = from_angle(line.angle, line.offset)
        assert 0 <= line.angle < 180
        assert abs(abs(again.w @ line.w) - 1) < 1e-12
        p = -line.b * line.w                             # a point on the line
        assert abs(again.values(p[None, :])[0]) < 1e-12


def test_from_weights_without_a_direction_is_no_line():
    assert from_weights(0.0, 0.0, 1.0) is None


def test_segment_ends_lie_on_the_line_and_in_the_box():
    box = (-2.0, 2.0, -1.0, 1.0)
    line = through((-5, -5), (5, 5))
    ends = segment(line, box)
    assert ends is not None
    for x, y in ends:
        assert abs(line.values(np.array([[x, y]]))[0]) < 1e-12
        assert -2 <= x <= 2 and -1 <= y <= 1
    assert segment(through((5, -5), (5, 5)), box) is None      # x1 = 5 misses the box


# ---- Place the line ----------------------------------------------------------------------------

def test_place_the_line_accepts_a_separating_line_and_rejects_one_error():
    assert line_placing.check(line_task(), through((1, -1), (1, 3))).done
    one_wrong = through((0.5, -1.0), (2.5, 3.0))       # (2, 0) is left of it: 1 error
    assert judge(one_wrong, X4, T4).errors == 1
    verdict = line_placing.check(line_task(), one_wrong)
    assert not verdict.done and "1 error" in verdict.message


def test_the_target_is_an_edge_accepted():
    one_wrong = through((0.5, -1.0), (2.5, 3.0))
    assert line_placing.check(line_task(target=1), one_wrong).done
    assert line_placing.check(line_task(target=1), one_wrong).score == 1.0
    assert line_placing.check(line_task(target=0), one_wrong).score == pytest.approx(3 / 4)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_is_solved_by_solve_and_revealed_with_both_algorithms(level):
    task = line_placing.make(level, 17)
    assert line_placing.check(task, line_placing.solve(task)).done
    shown = line_placing.reveal(task)
    assert shown.hard is (level < 3)
    assert min(shown.svm.errors, shown.perceptron.errors) < task.target or task.target == 0
    if level < 3:
        assert shown.perceptron.errors == 0 and task.target == 0
    else:
        assert task.target > 0 and shown.svm.errors > 0    # the classes overlap
    assert len(line_placing.hints(task)) >= 2


def test_the_same_level_and_seed_give_the_same_task_and_another_seed_another():
    a, b, c = line_placing.make(2, 5), line_placing.make(2, 5), line_placing.make(2, 6)
    assert np.array_equal(a.X, b.X) and np.array_equal(a.t, b.t)
    assert not np.array_equal(a.X, c.X)


@pytest.mark.parametrize("level", (1, 2))
def test_separable_levels_have_the_gap_they_promise(level):
    n, gap = line_placing.LEVELS[level]
    task = line_placing.make(level, 3)
    assert len(task.t) == n
    best = SkSVC(kernel="linear", C=1e8).fit(task.X, task.t)
    assert 1 / np.linalg.norm(best.coef_[0]) >= gap / 2 - 1e-6     # a street of half-width >= gap/2 exists


# ---- Widest street -----------------------------------------------------------------------------

def test_the_widest_street_at_exactly_90_percent_is_complete_and_just_under_is_not():
    task = street_task(best=1.0)
    at_edge = from_weights(1.0, 0.0, -0.9)             # x1 = 0.9: nearest points 0.9 away
    assert street(judge(at_edge, X4, T4)) == 0.9
    verdict = widest_street.check(task, at_edge)
    assert verdict.done and verdict.score == pytest.approx(0.9)
    under = from_weights(1.0, 0.0, -0.89)
    assert not widest_street.check(task, under).done


def test_a_line_with_errors_has_no_street_and_scores_zero():
    verdict = widest_street.check(street_task(), through((0.0, -1.0), (0.0, 3.0)))
    assert not verdict.done and verdict.score == 0 and "no street" in verdict.message
    assert "on the line" in verdict.message


def test_the_widest_line_scores_one():
    assert widest_street.check(street_task(), through((1, -1), (1, 3))).score == 1.0


@pytest.mark.parametrize("level", LEVELS)
def test_the_best_margin_is_the_svm_optimum(level):
    task = widest_street.make(level, 11)
    oracle = SkSVC(kernel="linear", C=1e8, tol=1e-8).fit(task.X, task.t)
    widest = 1 / np.linalg.norm(oracle.coef_[0])
    # mlcore's SMO stops at tol=1e-3 on the KKT conditions: its margin within 1% of the optimum
    assert task.best_margin <= widest + 1e-9
    assert task.best_margin >= 0.99 * widest
    shown = widest_street.reveal(task)
    assert set(shown.support) >= set(np.flatnonzero(np.isin(np.arange(len(task.t)), oracle.support_)))
    assert widest_street.check(task, widest_street.solve(task)).done
    assert math.isclose(street(shown.svm), task.best_margin)
