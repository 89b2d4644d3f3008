"""A straight line on the plane and how it does on labelled points: the geometry both line
exercises (Place the line, Widest street) check with, in one place.

A line is {x : w·x + b = 0} with a unit normal w (||w|| = 1), so f(x) = w·x + b is the signed
distance of x from the line. With labels t_i in {-1, +1}:

    point i is right   iff  t_i f(x_i) > 0,
    the margin          =   min_i t_i f(x_i)       (the distance to the nearest point when no
                                                    point is wrong: half the street's width).

The rules a student's line is judged by:
- A point exactly on the line (f = 0) is on neither side, so it is not separated: it counts as
  an error, whichever way the line faces (the perceptron's rule, t (w·x + b) <= 0 is a mistake),
  and the margin is then at most 0.
- A line drawn by two clicks has no side of its own: it is judged facing the way with fewer
  errors; on a tie, the way with the larger margin; on a tie again, as given.
- Two clicks closer than ``SAME_SPOT`` make no line (their direction would be noise).
- A line with errors has a margin <= 0: no street.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

SAME_SPOT = 0.05   # data units: two clicks nearer than this are one spot (a 3 px slip of the finger)


@dataclass(frozen=True)
class Line:
    """{x : w1 x1 + w2 x2 + b = 0}, with (w1, w2) of length 1 pointing to the +1 side."""
    w1: float
    w2: float
    b: float

    @property
    def w(self) -> np.ndarray:
        return np.array([self.w1, self.w2])

    def values(self, X) -> np.ndarray:
        """f(x) = w·x + b for each row of X: the signed distance from the line."""
        X = np.asarray(X, dtype=np.float64)
        return X[:, 0] * self.w1 + X[:, 1] * self.w2 + self.b

    def flipped(self) -> Line:
        return Line(-self.w1, -self.w2, -self.b)

    @property
    def angle(self) -> float:
        """The normal's direction in degrees, in [0, 180) (the line up to its side)."""
        a = math.degrees(math.atan2(self.w2, self.w1))
        return a + 180.0 if a < 0 else (a - 180.0 if a >= 180.0 else a)

    @property
    def offset(self) -> float:
        """c in n·x = c, for the normal n at ``angle``: the line's signed distance from the origin."""
        a = math.degrees(math.atan2(self.w2, self.w1))
        return -self.b if 0.0 <= a < 180.0 else self.b


def from_weights(w1: float, w2: float, b: float) -> Line | None:
    """The line w·x + b = 0 scaled to a unit normal; None when w = 0 (no line)."""
    norm = math.hypot(w1, w2)
    if not norm or not math.isfinite(norm):
        return None
    return Line(w1 / norm, w2 / norm, b / norm)


def from_angle(angle: float, offset: float) -> Line:
    """The line n·x = offset, n = (cos angle, sin angle), angle in degrees (the sliders' form)."""
    a = math.radians(angle)
    return Line(math.cos(a), math.sin(a), -float(offset))


def through(p, q) -> Line | None:
    """The line through the points p and q, or None when they are the same spot (closer than
    ``SAME_SPOT``; exactly ``SAME_SPOT`` apart still makes a line). The normal is the direction
    q - p turned a quarter left."""
    dx, dy = float(q[0]) - float(p[0]), float(q[1]) - float(p[1])
    length = math.hypot(dx, dy)
    if not length >= SAME_SPOT:
        return None
    w1, w2 = -dy / length, dx / length
    return Line(w1, w2, -(w1 * float(p[0]) + w2 * float(p[1])))


class Judged(NamedTuple):
    """A line facing its better way, and how it does: errors, margin, which points are wrong."""
    line: Line
    errors: int
    margin: float
    wrong: np.ndarray   # bool per point: on the wrong side or on the line


def _facing(line: Line, X, t) -> Judged:
    signed = np.asarray(t, dtype=np.float64) * line.values(X)
    wrong = ~(signed > 0)
    return Judged(line, int(wrong.sum()), float(signed.min()) if len(signed) else math.inf, wrong)


def judge(line: Line, X, t) -> Judged:
    """The line's errors and margin on points X with labels t in {-1, +1}, facing the way with
    fewer errors (ties: the larger margin, then as given)."""
    ahead, back = _facing(line, X, t), _facing(line.flipped(), X, t)
    if (back.errors, -back.margin) < (ahead.errors, -ahead.margin):
        return back
    return ahead


def street(judged: Judged) -> float | None:
    """Half the street's width (the margin) of a line with no errors; None when it has errors."""
    return judged.margin if judged.errors == 0 and judged.margin > 0 else None


def segment(line: Line, bounds) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The part of the line inside the box ``bounds`` = (x0, x1, y0, y1), as two end points, or
    None when the line misses the box."""
    x0, x1, y0, y1 = bounds
    w1, w2, b = line.w1, line.w2, line.b
    found = []
    if abs(w2) > 1e-12:
        for x in (x0, x1):
            y = -(w1 * x + b) / w2
            if y0 <= y <= y1:
                found.append((x, y))
    if abs(w1) > 1e-12:
        for y in (y0, y1):
            x = -(w2 * y + b) / w1
            if x0 <= x <= x1:
                found.append((x, y))
    if len(found) < 2:
        return None
    ends = sorted(set(found))
    return ends[0], ends[-1]


def shifted(line: Line, by: float) -> Line:
    """The parallel line at signed distance ``by`` towards the +1 side (a street's edge)."""
    return Line(line.w1, line.w2, line.b - by)
