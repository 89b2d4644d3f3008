"""The Shatter exercise's rules (exercises.shatter), checked against oracles written here: a
linear program for lines (scipy), a search over the rectangles and intervals whose sides pass
through the points, and counts worked out by hand."""

import itertools

import numpy as np
import pytest
from scipy.optimize import linprog

from exercises import LEVELS
from exercises import shatter as rules

SEEDS = range(1, 41)


def line_realises(X, row) -> bool:
    """Oracle: some (w, b) with y_i (w·x_i + b) ≥ 1 for all i (strict separation), by an LP."""
    y = np.where(row, 1.0, -1.0)
    if (y > 0).all() or (y < 0).all():
        return True
    res = linprog(np.zeros(3), A_ub=-y[:, None] * np.column_stack([X, np.ones(len(X))]), b_ub=-np.ones(len(X)),
                  bounds=[(None, None)] * 3, method="highs")
    return res.status == 0


def box_realises(X, row, dims) -> bool:
    """Oracle: a closed box on the axes ``dims`` with sides at point coordinates holds exactly the positives."""
    row = np.asarray(row, dtype=bool)
    if not row.any():
        return True
    sides = [sorted(set(X[:, d])) for d in dims]
    for bounds in itertools.product(*[itertools.combinations_with_replacement(s, 2) for s in sides]):
        inside = np.ones(len(X), dtype=bool)
        for d, (lo, hi) in zip(dims, bounds, strict=True):
            inside &= (X[:, d] >= lo) & (X[:, d] <= hi)
        if np.array_equal(inside, row):
            return True
    return False


def realises(cls, X, row) -> bool:
    if cls == "lines":
        return line_realises(X, row)
    return box_realises(X, row, (0,) if cls == "intervals" else (0, 1))


def every_row(m):
    return [np.array([(i >> j) & 1 for j in range(m)], dtype=bool) for i in range(2 ** m)]


def answer_for(task, points, positive=()):
    """An Answer from all the points, point 1 (the given one) first."""
    assert tuple(points[0]) == task.given
    return rules.Answer(tuple(map(tuple, points[1:])), frozenset(positive))


def task_of(level, cls):
    return next(rules.make(level, s) for s in SEEDS if rules.make(level, s).cls == cls)


# --- tasks ---------------------------------------------------------------------------------------

def test_the_same_level_and_seed_give_the_same_task_and_every_class_appears():
    for level in LEVELS:
        assert rules.make(level, 17) == rules.make(level, 17)
    seen = {(rules.make(lv, s).goal, rules.make(lv, s).cls) for lv in LEVELS for s in SEEDS}
    assert seen == {("shatter", "intervals"), ("shatter", "lines"), ("shatter", "rectangles"),
                    ("break", "intervals"), ("break", "lines"), ("break", "rectangles")}


@pytest.mark.parametrize("level", LEVELS)
def test_point_1_is_on_the_plane_and_intervals_sit_on_the_line(level):
    for s in SEEDS:
        task = rules.make(level, s)
        assert max(map(abs, task.given)) <= rules.BOUND
        assert task.size == {"intervals": 2, "lines": 3, "rectangles": 4}[task.cls] + (task.goal == "break")
        if task.cls == "intervals":
            assert task.given[1] == 0.0


def test_every_task_states_its_class_size_and_goal():
    for level in LEVELS:
        for s in SEEDS[:10]:
            task = rules.make(level, s)
            text = task.statement()
            assert task.label in text and f"{task.size - 1} more point" in text
            assert ("**no**" in text) == (task.goal == "break")


# --- right answers -----------------------------------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_the_solution_is_right_by_the_oracles(level):
    for s in SEEDS:
        task = rules.make(level, s)
        answer = rules.solve(task)
        X = rules.all_points(task, answer)
        assert np.abs(X).max() <= rules.BOUND and len(X) == task.size
        if task.goal == "shatter":
            assert all(realises(task.cls, X, row) for row in every_row(len(X)))
        else:
            row = np.isin(np.arange(1, len(X) + 1), list(answer.positive))
            assert not realises(task.cls, X, row)
        verdict = rules.check(task, answer)
        assert verdict.done and verdict.score == 1.0, verdict.message


def test_a_triangle_anywhere_is_shattered_by_lines():
    task = task_of(1, "lines")
    g = np.array(task.given)
    points = [g, g + [0.1, 1.7], g + [-1.1, 0.4]]
    assert rules.check(task, answer_for(task, points)).done


def test_a_diamond_is_shattered_by_rectangles():
    task = task_of(2, "rectangles")
    g = np.array(task.given)
    points = [g, g + [-0.5, 0.6], g + [-0.4, -0.7], g + [-1.0, 0.1]]   # point 1 the rightmost
    verdict = rules.check(task, answer_for(task, points))
    assert verdict.done and "VC dimension" in verdict.message


@pytest.mark.parametrize("cls, positive", [("intervals", {1, 3}), ("lines", {1, 2}), ("rectangles", {1, 2, 3, 4})])
def test_break_accepts_a_labelling_no_hypothesis_realises(cls, positive):
    task = task_of(3, cls)
    g = np.array(task.given)
    if cls == "intervals":   # point 2 between points 1 and 3
        points = [g, g + [0.5, 0], g + [1.0, 0]]
    elif cls == "lines":     # a quadrilateral: 1 and 2 opposite corners (the XOR labelling)
        points = [g, g + [1, 1], g + [1, 0], g + [0, 1]]
    else:                    # a diamond around point 5
        points = [g, g + [1, 1], g + [1, -1], g + [2, 0], g + [1, 0]]
    row = np.isin(np.arange(1, len(points) + 1), list(positive))
    assert not realises(cls, np.array(points), row)
    assert rules.check(task, answer_for(task, points, positive)).done


# --- wrong answers and the boundary cases -------------------------------------------------

def test_collinear_points_are_not_shattered_by_lines_and_the_message_says_why():
    task = task_of(1, "lines")
    g = np.array(task.given)
    points = [g, g + [0.5, 0.5], g + [1.0, 1.0]]
    verdict = rules.check(task, answer_for(task, points))
    # of the 8 labellings, the middle point against both ends (2 of them) are impossible
    assert not verdict.done and verdict.score == pytest.approx(6 / 8)
    assert "one line" in verdict.message


def test_a_repeated_point_is_not_shattered_and_breaking_with_it_is_refused():
    task = task_of(1, "intervals")
    verdict = rules.check(task, answer_for(task, [task.given, task.given]))
    # two labellings of 4 give the one place two labels
    assert not verdict.done and verdict.score == pytest.approx(2 / 4) and "same place" in verdict.message
    task = task_of(3, "lines")
    g = np.array(task.given)
    points = [g, g + [1, 0], g + [0, 1], g]          # point 4 on point 1: a 3-point set, labelled apart
    verdict = rules.check(task, answer_for(task, points, {1}))
    assert not verdict.done and "same place" in verdict.message


def test_a_point_on_the_edge_of_the_others_box_is_inside_a_closed_rectangle():
    task = task_of(2, "rectangles")
    g = np.array(task.given)
    points = [g, g + [2, 0], g + [1, 1], g + [1, 0]]   # point 4 on the bottom edge of the box of 1, 2, 3
    assert not box_realises(np.array(points), np.array([1, 1, 1, 0], bool), (0, 1))
    verdict = rules.check(task, answer_for(task, points))
    assert not verdict.done and "bounding box" in verdict.message
    assert verdict.score == pytest.approx(sum(realises("rectangles", np.array(points), r) for r in every_row(4)) / 16)
    task = task_of(3, "rectangles")
    g = np.array(task.given)
    points = [g, g + [2, 0], g + [1, 1], g + [1, -1], g + [2, 0.5]]   # 5 on the right edge: negative
    assert rules.check(task, answer_for(task, points, {1, 2, 3, 4})).done


def test_intervals_ignore_height_and_three_points_on_a_line_break_them():
    task = task_of(3, "intervals")
    g = np.array(task.given)
    points = [g, g + [1, 0], g + [2, 0]]
    assert not rules.check(task, answer_for(task, points, {1, 2})).done     # an interval: [x1, x2]
    assert rules.check(task, answer_for(task, points, {1, 3})).done         # the ends without the middle
    lifted = rules.Answer(((g[0] + 1, 2.5), (g[0] + 2, -1.0)), frozenset({1, 3}))
    assert rules.check(task, lifted).done                                   # x2 plays no part on a line


@pytest.mark.parametrize("level", LEVELS)
def test_the_wrong_number_of_points_is_not_done_and_says_how_many(level):
    task = rules.make(level, 3)
    few = rules.check(task, rules.Answer(rules.solve(task).points[:-1]))
    assert not few.done and few.score == 0 and f"needs {task.size} points" in few.message and "1 more" in few.message
    extra = rules.Answer((*rules.solve(task).points, (2.9, -2.9)), rules.solve(task).positive)
    assert "remove 1" in rules.check(task, extra).message


@pytest.mark.parametrize("cls", ["intervals", "lines", "rectangles"])
def test_break_with_a_labelling_that_is_realised_is_not_done_and_shows_the_hypothesis(cls):
    task = task_of(3, cls)
    answer = rules.solve(task)
    verdict = rules.check(task, rules.Answer(answer.points, frozenset({1})))
    assert not verdict.done and verdict.score == 0
    named = {"intervals": "The interval", "lines": "The half-plane", "rectangles": "The rectangle"}[cls]
    assert named in verdict.message
    nothing = rules.check(task, rules.Answer(answer.points))
    assert not nothing.done and "every point negative" in nothing.message


# --- the reveal --------------------------------------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_the_reveal_marks_every_labelling_as_the_oracle_does_and_its_hypotheses_realise_them(level):
    for s in SEEDS[:8]:
        task = rules.make(level, s)
        g = np.array(task.given)
        points = [g, *(g + d for d in ([0.7, 0.4], [-0.3, 1.1], [0.2, -0.9], [1.0, 1.0])[:task.size - 1])]
        shown = rules.reveal(task, answer_for(task, points))
        X = shown.points
        assert len(shown.labels) == 2 ** task.size
        for row, ok, h in zip(shown.labels, shown.realised, shown.hypotheses, strict=True):
            assert ok == realises(task.cls, X, row)
            if h is None:
                continue
            if task.cls == "lines":
                got = X @ np.array(h[:2]) > h[2]
            elif task.cls == "intervals":
                got = (X[:, 0] >= h[0]) & (X[:, 0] <= h[1])
            else:
                got = (X[:, 0] >= h[0]) & (X[:, 0] <= h[1]) & (X[:, 1] >= h[2]) & (X[:, 1] <= h[3])
            assert np.array_equal(got, row)


def test_the_reveal_without_an_answer_uses_the_solution():
    task = rules.make(2, 5)
    assert np.array_equal(rules.reveal(task).points, rules.all_points(task, rules.solve(task)))
    assert rules.reveal(task).realised.all()


@pytest.mark.parametrize("level", LEVELS)
def test_hints_are_at_least_two_for_every_task(level):
    for s in SEEDS[:10]:
        assert len(rules.hints(rules.make(level, s))) >= 2


# --- the link ---------------------------------------------------------------------------------

def test_points_from_a_link_are_read_with_the_plane_as_the_bound():
    assert rules.read_points("1,2;-3,3") == ((1.0, 2.0), (-3.0, 3.0))            # the edge is on the plane
    assert rules.read_points(rules.write_points([(0.5, -1.25)])) == ((0.5, -1.25),)
    assert rules.read_points("") == ()
    for bad in ("3.001,0", "1,nan", "1,inf", "1;2", "a,b", "1,2,3", ";".join(["1,1"] * rules.MAX_POINTS),
                "1," * 200):
        with pytest.raises(ValueError):
            rules.read_points(bad)


def test_positive_points_from_a_link_are_numbers_of_points():
    assert rules.read_positive("1,3", 4) == {1, 3}
    assert rules.read_positive("", 4) == frozenset()
    for bad in ("0", "5", "x", "1.5"):
        with pytest.raises(ValueError):
            rules.read_positive(bad, 4)


def test_a_point_on_the_segment_of_two_others_breaks_lines_with_the_ends_positive():
    """A line through a point: of four points, point 4 on the segment from 1 to 2. Any line with 1
    and 2 on its positive side has the whole segment there, so 4 cannot be negative."""
    task = task_of(3, "lines")
    g = np.array(task.given)
    points = [g, g + [1.0, 0.5], g + [0.2, 1.0], g + [0.5, 0.25]]
    assert not line_realises(np.array(points), np.array([1, 1, 0, 0], bool))
    assert rules.check(task, answer_for(task, points, {1, 2})).done
    assert line_realises(np.array(points), np.array([1, 0, 1, 0], bool))      # 1 and 3 apart from 2 and 4
    assert not rules.check(task, answer_for(task, points, {1, 3})).done
