"""The room's median line (ui.polls.poll_lines, drawn on the lecturer's plane): half the room's lines
on either side of it, whichever way each line's normal points, and a stray line does not move it."""

import math

from exercises.line_geometry import from_angle
from ui.polls.poll_lines import median_line, room


def crossing_x(line, y=0.0):
    """Where a near-vertical line crosses the height y."""
    return (line.offset - math.sin(math.radians(line.angle)) * y) / math.cos(math.radians(line.angle))


def test_the_median_of_three_parallel_lines_is_the_middle_one():
    lines = [from_angle(30.0, c) for c in (-1.0, 0.5, 2.0)]
    middle = median_line(lines)
    assert math.isclose(middle.angle, 30.0, abs_tol=1e-9) and math.isclose(middle.offset, 0.5, abs_tol=1e-9)


def test_a_line_whose_normal_points_the_other_way_counts_as_the_same_line():
    # x = 1, x = 2 (normals to the right) and x = 3 written with its normal to the left (angle ~180°,
    # offset -3): the median is x = 2. Angles and offsets taken as written would give x = 1.
    lines = [from_angle(0.5, 1.0), from_angle(1.0, 2.0), from_angle(179.5, -3.0)]
    middle = median_line(lines)
    assert abs(crossing_x(middle) - 2.0) < 0.05


def test_one_stray_line_does_not_move_the_median():
    room_lines = [from_angle(60.0 + d, 0.2 * d) for d in (-2, -1, 0, 1, 2)]
    stray = from_angle(150.0, 3.0)
    with_stray = median_line([*room_lines, stray])
    assert abs(with_stray.angle - 60.0) <= 1.0 and abs(with_stray.offset) <= 0.2


def test_no_line_has_no_median_and_every_answer_becomes_one_segment():
    assert median_line([]) is None
    bounds = (-4.0, 4.0, -4.0, 4.0)
    segments, median = room([(-1, -1, 1, 1), (-1, 1, 1, -1), (0, -2, 0, 2)], bounds)
    assert len(segments) == 3 and median is not None
    for (x1, y1), (x2, y2) in segments:   # cut at the plane's edges
        assert all(-4 - 1e-9 <= v <= 4 + 1e-9 for v in (x1, y1, x2, y2))
