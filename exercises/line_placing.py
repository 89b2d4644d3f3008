"""Place the line: set a straight line that makes at most ``target`` training errors.

Levels: 1, two classes with a wide empty gap (target 0); 2, more points and a narrow gap (target
0); 3, overlapping classes, where no line is perfect (target: one more than the fewest errors of
the two algorithms below, so a line that good exists).
A lecturer may set another target (the page's ``target=`` link item).

The student's line is judged by ``exercises.line_geometry.judge``: a point on the line is an
error, and the line faces the way with fewer errors. Complete when errors <= target; the score
is the share of the points right, against the share the target asks for:
min(1, (n - errors) / (n - target)).

The algorithm's answer: the mlcore perceptron (pocket: the best weights it met, which on
separable data are its final, separating ones) and the mlcore linear SVM, hard margin (C = inf)
on separable data, soft (C = 1) otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from mlcore.linear_model import Perceptron
from mlcore.svm import SVC

from .line_data import overlapping, separated
from .line_geometry import Judged, Line, from_weights, judge
from .verdicts import Verdict, ratio_score, task_rng

KIND = "line"
SOFT_C = 1.0
LEVELS = {1: (16, 1.6), 2: (36, 0.5), 3: (40, 0.6)}   # level: (points, gap; level 3: label noise sd)


@dataclass(frozen=True, eq=False)
class Task:
    level: int
    seed: int
    X: np.ndarray          # (n, 2)
    t: np.ndarray          # (n,) in {-1, +1}
    target: int            # at most this many errors
    separable: bool


class Reveal(NamedTuple):
    perceptron: Judged | None    # None: the perceptron ended with w = 0 (no line)
    svm: Judged
    hard: bool                   # the SVM's margin is hard (C = inf) or soft (C = SOFT_C)
    support: np.ndarray          # indices of the SVM's support vectors


def svm_line(X, t, hard: bool) -> tuple[Line, np.ndarray]:
    """The mlcore linear SVM's line (w·x + b = 0, scaled to a unit w) and its support vectors."""
    model = SVC(kernel="linear", C=np.inf if hard else SOFT_C).fit(X, t)
    return from_weights(*model.coef_[0], model.intercept_[0]), model.support_


def make(level: int, seed: int) -> Task:
    rng = task_rng(KIND, level, seed)
    n, spread = LEVELS[level]
    if level < 3:
        X, t = separated(rng, n, spread)
        return Task(level, seed, X, t, 0, True)
    for _ in range(50):   # overlapping for sure: both algorithms get a point wrong
        X, t = overlapping(rng, n, spread)
        task = Task(level, seed, X, t, 0, False)
        found = reveal(task)
        errors = min(found.svm.errors, found.perceptron.errors if found.perceptron else len(t))
        if errors >= 1:
            break
    return Task(level, seed, X, t, errors + 1, False)


def check(task: Task, line: Line | None) -> Verdict:
    if line is None:
        return Verdict(False, 0.0, "No line yet: click or tap two different points on the plane.")
    n = len(task.t)
    got = judge(line, task.X, task.t)
    score = ratio_score(n - got.errors, n - task.target)
    asked = "no errors" if task.target == 0 else f"at most {task.target} error{'s' * (task.target != 1)}"
    if got.errors <= task.target:
        if got.errors == 0:
            return Verdict(True, score, f"Your line separates the two classes: 0 errors, and the nearest point is "
                                        f"{got.margin:.2f} from it (the margin). Many lines separate these points; "
                                        "the SVM picks the one with the widest margin. Show the algorithm's answer "
                                        "to compare.")
        return Verdict(True, score, f"{got.errors} errors, {asked} asked. On overlapping classes no line gets every "
                                    "point right: the best lines give up the few points that sit inside the other "
                                    "class's cloud.")
    return Verdict(False, score, f"Your line makes {got.errors} error{'s' * (got.errors != 1)} ({asked} asked): "
                                 "the crossed points are on the wrong side or on the line. Turn or move the line "
                                 "so that they change sides.")


def hints(task: Task) -> tuple[str, ...]:
    first = ("Look for the empty band between the blue circles and the orange squares: your line should run "
             "along it." if task.separable else
             "The classes overlap where they meet: a few points will be wrong whatever you do. Put the line "
             "where the blue circles give way to the orange squares.")
    return (first,
            "Click (or tap) once at one end of that band and once at the other end: the line passes through both "
            "clicks. A third click starts a new line.",
            "The crossed points are wrong. If one is near the line, move the line past it with the offset slider; "
            "if a whole side is wrong, turn it with the angle slider.")


def reveal(task: Task) -> Reveal:
    perceptron = Perceptron(max_iter=200, pocket=True, random_state=0).fit(task.X, task.t)
    p_line = from_weights(*perceptron.coef_[0], perceptron.intercept_[0])
    s_line, support = svm_line(task.X, task.t, hard=task.separable)
    return Reveal(None if p_line is None else judge(p_line, task.X, task.t), judge(s_line, task.X, task.t),
                  task.separable, support)


def solve(task: Task) -> Line:
    """The algorithm's line with the fewer errors: 0 on separable data (the SVM's), at most the
    level's target on overlapping data."""
    found = reveal(task)
    if found.perceptron is not None and found.perceptron.errors < found.svm.errors:
        return found.perceptron.line
    return found.svm.line
