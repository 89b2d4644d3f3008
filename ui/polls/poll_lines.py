"""The room's lines as the presenter's plane shows them: each answer (two points) cut to the plane,
and the median line of the room.

The median line. A line is n·x = c with n = (cos θ, sin θ); θ and (θ + 180°, -c) are the same
line, so the angles are first brought to one half-turn around the room's mean direction: the mean
of the doubled angles, φ = ½ atan2(Σ sin 2θᵢ, Σ cos 2θᵢ), is the same for both forms of a line.
Each θᵢ is moved into [φ - 90°, φ + 90°) by ±180° (its cᵢ changing sign with it), and the median
line is θ = median θᵢ, c = median cᵢ. Half the room's lines are steeper and half flatter than it,
half on either side of it; a few stray answers do not move it (a mean line would follow them).
"""

from __future__ import annotations

import math
import statistics

from exercises.line_geometry import Line, from_angle, segment, through


def line_of(answer) -> Line | None:
    """The line through an answer's two points (x1, y1, x2, y2); None when they coincide."""
    x1, y1, x2, y2 = (float(v) for v in answer)
    return through((x1, y1), (x2, y2))


def ends(line: Line | None, bounds):
    """Where ``line`` crosses the plane ``bounds`` (x0, x1, y0, y1), or None."""
    return None if line is None else segment(line, bounds)


def median_line(lines: list[Line]) -> Line | None:
    """The room's median line (see the module's text); None for no line."""
    if not lines:
        return None
    doubled = [math.radians(2 * line.angle) for line in lines]
    mean = math.degrees(math.atan2(sum(map(math.sin, doubled)), sum(map(math.cos, doubled)))) / 2
    angles, offsets = [], []
    for line in lines:
        angle, offset = line.angle, line.offset
        while angle < mean - 90:
            angle, offset = angle + 180, -offset
        while angle >= mean + 90:
            angle, offset = angle - 180, -offset
        angles.append(angle)
        offsets.append(offset)
    return from_angle(statistics.median(angles), statistics.median(offsets))


def room(answers, bounds) -> tuple[list, object]:
    """The answers' segments on the plane and the median line's segment (None without answers)."""
    lines = [line for line in map(line_of, answers) if line is not None]
    segments = [s for s in (ends(line, bounds) for line in lines) if s is not None]
    return segments, ends(median_line(lines), bounds)
