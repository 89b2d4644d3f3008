"""Widest street: on separable points, place the line whose street (the empty band around it, as
wide on each side as the nearest point is far) is as wide as can be.

The widest street is the hard-margin SVM's: maximise the margin m = min_i t_i (w·x_i + b) / ||w||
over (w, b). Its line is the mlcore SVC's (linear kernel, C = inf), and the points on the street's
edges are its support vectors. The best margin m* is that line's margin on the points, measured
as the student's is (``exercises.line_geometry``).

Score: the student's margin as a share of m*, min(1, m / m*). Complete at a share of 0.9 or more
(exactly 0.9 accepted). A line with errors has no street: score 0.

Levels: 1, few points, wide gap; 2, more points, a narrower gap; 3, many points, narrow gap.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from .line_data import separated
from .line_geometry import Judged, Line, judge, street
from .line_placing import svm_line
from .verdicts import Verdict, ratio_score, task_rng

KIND = "street"
DONE_SHARE = 0.9
LEVELS = {1: (10, 2.0), 2: (24, 1.0), 3: (40, 0.6)}   # level: (points, the least gap)


@dataclass(frozen=True, eq=False)
class Task:
    level: int
    seed: int
    X: np.ndarray          # (n, 2)
    t: np.ndarray          # (n,) in {-1, +1}
    best_margin: float     # m*, the SVM's margin on these points


class Reveal(NamedTuple):
    svm: Judged
    support: np.ndarray    # indices of the support vectors: the points on the street's edges


def make(level: int, seed: int) -> Task:
    n, gap = LEVELS[level]
    X, t = separated(task_rng(KIND, level, seed), n, gap)
    return Task(level, seed, X, t, judge(svm_line(X, t, hard=True)[0], X, t).margin)


def share(task: Task, margin: float) -> float:
    """The margin ``margin`` as a share of the widest, in [0, 1]."""
    return ratio_score(margin, task.best_margin)


def check(task: Task, line: Line | None) -> Verdict:
    if line is None:
        return Verdict(False, 0.0, "No line yet: click or tap two different points on the plane.")
    got = judge(line, task.X, task.t)
    half = street(got)
    if half is None:
        on = int(np.sum(got.line.values(task.X) == 0))
        why = f"{got.errors} error{'s' * (got.errors != 1)}" + (f" ({on} on the line)" if on else "")
        return Verdict(False, 0.0, f"Your line has {why}, and a line with errors has no street. First separate the "
                                   "two classes; then widen the gap on both sides.")
    part = share(task, half)
    said = (f"Your street is {100 * part:.0f}% as wide as the widest: margin {half:.2f}, the widest "
            f"{task.best_margin:.2f}.")
    if part >= DONE_SHARE - 1e-12:
        return Verdict(True, part, f"{said} The widest street touches a few points on each edge, the support "
                                   "vectors: they alone fix where the SVM's line goes.")
    return Verdict(False, part, f"{said} Move the line away from the nearest point (the street's edge touches it), "
                                "or turn it so that points on both sides are equally far.")


def hints(task: Task) -> tuple[str, ...]:
    return ("The street's width is set by the nearest point alone: move the line away from it, towards the "
            "middle of the gap.",
            "On the widest street, the nearest points on the two sides are equally far from the line, and no "
            "turn of the line would push them both further away.",
            "Often two points of one class and one of the other touch the widest street's edges: the line runs "
            "parallel to the pair, halfway to the single point.")


def reveal(task: Task) -> Reveal:
    line, support = svm_line(task.X, task.t, hard=True)
    return Reveal(judge(line, task.X, task.t), support)


def solve(task: Task) -> Line:
    return reveal(task).svm.line
