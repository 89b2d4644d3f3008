"""The five questions a room can be asked, each an exercise's task (``exercises``):

    line         "Where would you put the line?"      two points (x1, y1, x2, y2): the line through them
    setting      "Which value would you pick?"         an index into the task's grid of k, depth, C or gamma
    neighbours   "Which class does k-NN give the star?" a class index
    which_model  "Which model drew these regions?"     an index into the task's four families
    curve        "High bias, high variance, or fine?"  an index into exercises.curve.REGIMES

An answer is stored in one of those two structured forms only (four numbers, or one index), never
as text, and ``parse`` is the one gate every answer from a link goes through. Its score is the
exercise's own: ``check(task, answer).score`` for a line (the share of the target's right points
reached, ``exercises.verdicts.ratio_score``) and a setting (1 - lost accuracy / (best - worst) on the
validation curve); 1 or 0 for the three choices.
"""

from __future__ import annotations

import functools
import json
import math

from exercises import curve, line_placing, neighbours, setting, which_model
from exercises.line_geometry import SAME_SPOT, segment, through

QUESTIONS = {
    "line": "Where would you put the line?",
    "setting": "Which value would you pick?",
    "neighbours": "Which class does k-NN give the star?",
    "which_model": "Which model drew these regions?",
    "curve": "High bias, high variance, or fine?",
}
_RULES = {"line": line_placing, "setting": setting, "neighbours": neighbours, "which_model": which_model,
          "curve": curve}
EDGE = 1e-3      # a point this near the plane's edge is on it (an end of the algorithm's line, rounded)
MAX_RAW = 200    # characters: the longest answer a link may send (four numbers fit in 100)


class Refused(Exception):
    """An answer or a request the room does not take; ``message`` says why, to a student."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@functools.lru_cache(maxsize=64)
def task(kind: str, level: int, seed: int):
    """The exercise's task (the same (kind, level, seed), the same task on every replica)."""
    return _RULES[kind].make(level, seed)


def choices(kind: str, task) -> tuple[str, ...] | None:
    """What a student picks from, as shown; None for a line."""
    if kind == "setting":
        return tuple(f"{task.label} = {setting.shown(v)}" for v in task.values)
    if kind == "neighbours":
        return tuple(f"class {c}" for c in range(task.n_classes))   # as the exercise names them
    if kind == "which_model":
        return tuple(which_model.label(f) for f in task.options)
    if kind == "curve":
        return curve.REGIMES
    return None


def bounds(task) -> tuple[float, float, float, float]:
    """(x0, x1, y0, y1): the plane a line poll is drawn on, the data's box widened by a quarter on
    every side; a line's two points must lie inside it."""
    X = task.X
    (x0, y0), (x1, y1) = X.min(axis=0), X.max(axis=0)
    px, py = 0.25 * max(x1 - x0, 1e-9), 0.25 * max(y1 - y0, 1e-9)
    return float(x0 - px), float(x1 + px), float(y0 - py), float(y1 + py)


def parse(kind: str, task, raw):
    """The answer in its stored form, or ``Refused``. ``raw`` is what a link or a widget sent:
    a JSON text, or already a number / a sequence of four numbers."""
    if isinstance(raw, str):
        if len(raw) > MAX_RAW:
            raise Refused("That answer is too long to be one.")
        try:
            raw = json.loads(raw)
        except ValueError:
            raise Refused("That answer could not be read.") from None
    if kind == "line":
        return _line(task, raw)
    options = choices(kind, task)
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw < len(options):
        raise Refused(f"Pick one of the {len(options)} answers.")
    return raw


def _line(task, raw) -> tuple[float, float, float, float]:
    if not isinstance(raw, (list, tuple)) or len(raw) != 4:
        raise Refused("A line is two points: x and y of each.")
    values = []
    for v in raw:
        try:
            ok = not isinstance(v, bool) and isinstance(v, (int, float)) and math.isfinite(v)
            values.append(round(float(v), 4))
        except OverflowError:   # an int past float's range
            ok = False
        if not ok:
            raise Refused("A line's points must be numbers.")
    x0, x1, y0, y1 = bounds(task)
    inside = lambda v, lo, hi: lo - EDGE <= v <= hi + EDGE   # noqa: E731
    if not all(inside(x, x0, x1) for x in values[0::2]) or not all(inside(y, y0, y1) for y in values[1::2]):
        raise Refused(f"Both points must be on the plane: x from {x0:.2f} to {x1:.2f}, y from {y0:.2f} to {y1:.2f}.")
    if through(values[:2], values[2:]) is None:
        raise Refused(f"The two points are the same spot (closer than {SAME_SPOT}): they make no line.")
    return tuple(values)


def score(kind: str, task, answer) -> float:
    """In [0, 1]: how good a stored answer is (see the module)."""
    if kind == "line":
        return line_placing.check(task, through(answer[:2], answer[2:])).score
    if kind == "setting":
        return setting.check(task, task.values[answer]).score
    return float(answer == truth(kind, task))


def truth(kind: str, task):
    """The algorithm's answer in the stored form: the exercise's line (the SVM's, or the pocket
    perceptron's when it makes fewer errors; as the two points where it crosses the plane) or the
    index of the right choice."""
    if kind == "line":
        ends = segment(line_placing.solve(task), bounds(task))
        return tuple(round(float(c), 4) for end in ends for c in end)
    if kind == "setting":
        return task.values.index(setting.reveal(task)[0])
    if kind == "neighbours":
        return int(neighbours.reveal(task).predicted)
    if kind == "which_model":
        return task.options.index(which_model.solve(task))
    return curve.REGIMES.index(curve.truth(task))
