"""Shatter: place points a hypothesis class shatters, then a set it cannot shatter.

A class H shatters a set X of m points when every one of the 2^m labellings of X (each point
positive or negative) is given by some h in H. The VC dimension d is the size of the largest
set H shatters: some d points are shattered, and no d + 1 points are. The three classes here:

* intervals on a line, h(x) = [a ≤ x ≤ b]: d = 2 (of three points on a line, the outer two
  positive and the middle one negative is never an interval);
* lines in the plane (half-planes), h(x) = [w·x + b > 0]: d = 3 (any 4 points are a triangle with
  a point inside, or a quadrilateral whose diagonals cannot be split);
* axis-aligned rectangles, h(x) = [a₁ ≤ x₁ ≤ b₁ and a₂ ≤ x₂ ≤ b₂]: d = 4 (of any 5 points, at most
  4 are the leftmost, rightmost, lowest and highest; the fifth lies in their bounding box).

A "shatter" task asks for d points the class shatters; a "break" task asks for d + 1 points and
a labelling the class cannot realise (every set of d + 1 points has one: the task is to find
it). The truth is ``mlcore.theory``'s exact shattering checker (the Learning theory page's), and
the hypothesis shown for each labelling is its own: the hard-margin line of ``Lines.max_margin``,
the positives' bounding box or interval. Points are compared exactly: the page rounds a click to
3 decimals, so two points are the same point when their rounded coordinates are equal.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from mlcore.theory import Intervals, Lines, Rectangles, realisable_labelings

from .verdicts import Verdict, task_rng

KIND = "shatter"
SHATTER, BREAK = "shatter", "break"
BOUND = 3.0          # the plane is [-BOUND, BOUND]²; a point in a link must lie on it
MAX_POINTS = 8       # placed points, the given one included (2^8 labellings in the reveal)
MAX_TEXT = 200       # characters of a link's point list
CLASSES = {          # name -> (label, VC dimension)
    "intervals": ("intervals on a line", 2),
    "lines": ("lines in the plane", 3),
    "rectangles": ("axis-aligned rectangles", 4),
}
# level -> (goal, the classes a task number chooses from)
LEVEL_TASKS = {1: (SHATTER, ("intervals", "lines")), 2: (SHATTER, ("rectangles",)),
               3: (BREAK, ("intervals", "lines", "rectangles"))}


@dataclass(frozen=True)
class Task:
    """One task: the class, the goal, how many points, and the point already placed (point 1)."""
    level: int
    seed: int
    cls: str
    goal: str
    given: tuple[float, float]

    @property
    def vc(self) -> int:
        return CLASSES[self.cls][1]

    @property
    def label(self) -> str:
        return CLASSES[self.cls][0]

    @property
    def size(self) -> int:
        """How many points the answer has, point 1 included: d to shatter, d + 1 to break."""
        return self.vc if self.goal == SHATTER else self.vc + 1

    @property
    def on_a_line(self) -> bool:
        """Intervals live on the x₁ axis: every point has x₂ = 0."""
        return self.cls == "intervals"

    def statement(self) -> str:
        where = "on the line" if self.on_a_line else "on the plane"
        first = f"Point 1 (thick outline) is already placed at {_xy(self.given, self.on_a_line)}."
        if self.goal == SHATTER:
            more = f"{self.size - 1} more point{'s' if self.size > 2 else ''}"
            return (f"Place {more} {where} so that **{self.label}** shatter all {self.size}: "
                    f"every one of the {2 ** self.size} labellings must be realised by some hypothesis. {first}")
        return (f"Place {self.size - 1} more points {where} ({self.size} in all), then choose which of them are "
                f"positive so that **no** {_one(self)} realises that labelling."
                f" Every set of {self.size} points has such a labelling, since the VC dimension of "
                f"{self.label} is {self.vc}: find one for your set. {first}")


@dataclass(frozen=True)
class Answer:
    """The student's points after point 1, and (for a break task) the numbers of the positive points."""
    points: tuple[tuple[float, float], ...]
    positive: frozenset[int] = frozenset()


def make(level: int, seed: int) -> Task:
    """The task of (level, seed): the level sets the goal, the task number the class and point 1."""
    goal, classes = LEVEL_TASKS[int(level)]
    rng = task_rng(KIND, level, seed)
    cls = classes[int(rng.integers(len(classes)))]
    x1, x2 = (float(v) + 0.0 for v in np.round(rng.uniform(-1.5, 1.5, 2), 1))   # + 0.0: no "-0"
    return Task(int(level), int(seed), cls, goal, (x1, 0.0 if cls == "intervals" else x2))


def hypothesis_class(name: str):
    return {"intervals": Intervals(0), "lines": Lines(), "rectangles": Rectangles()}[name]


def all_points(task: Task, answer: Answer) -> np.ndarray:
    """Point 1 and the student's points, (m, 2); on a line every x₂ is 0."""
    X = np.array([task.given, *answer.points], dtype=np.float64).reshape(-1, 2)
    if task.on_a_line:
        X[:, 1] = 0.0
    return X


def labelling_index(positive, m: int) -> int:
    """The number of a labelling as mlcore.theory numbers them: point j (1-based) positive adds 2^(j-1)."""
    return sum(1 << (j - 1) for j in positive if 1 <= j <= m)


def describe(row) -> str:
    """'points 1 and 3 positive, the rest negative' for a labelling row (bools, point 1 first)."""
    pos = [str(j + 1) for j, v in enumerate(row) if v]
    if not pos:
        return "every point negative"
    if len(pos) == len(row):
        return "every point positive"
    names = pos[0] if len(pos) == 1 else ", ".join(pos[:-1]) + " and " + pos[-1]
    return f"point{'s' if len(pos) > 1 else ''} {names} positive, the rest negative"


def repeated(X: np.ndarray) -> tuple[int, int] | None:
    """The first two points (1-based) at the same place, or None."""
    for i in range(len(X)):
        for j in range(i + 1, len(X)):
            if np.array_equal(X[i], X[j]):
                return i + 1, j + 1
    return None


def check(task: Task, answer: Answer) -> Verdict:
    """Shatter: done when the class realises all 2^d labellings of the d points, the score the share
    realised. Break: done when the chosen labelling of the d + 1 different points is one the class
    cannot realise (score 1, else 0). The wrong number of points scores 0 and says how many."""
    X = all_points(task, answer)
    m = len(X)
    if m != task.size:
        more = f"place {task.size - m} more" if m < task.size else f"remove {m - task.size} (Undo)"
        return Verdict(False, 0.0, f"The task needs {task.size} points and you have {m}: {more}.")
    labels, realised = realisable_labelings(X, hypothesis_class(task.cls))
    if task.goal == SHATTER:
        return _check_shatter(task, X, labels, realised)
    return _check_break(task, X, labels, realised, answer.positive)


def _check_shatter(task: Task, X, labels, realised) -> Verdict:
    m, got = len(X), int(realised.sum())
    if got == 2 ** m:
        return Verdict(True, 1.0, f"{task.label.capitalize()} realise all {2 ** m} labellings of your {m} points, "
                                  f"so the VC dimension of {task.label} is at least {m}. No {m + 1} points can be "
                                  f"shattered (level 3 asks you to show it), so it is exactly {m}.")
    missing = labels[np.flatnonzero(~realised)[0]]
    why = _why_not(task, X, missing)
    return Verdict(False, got / 2 ** m, f"{task.label.capitalize()} realise {got} of the {2 ** m} labellings of "
                                        f"your points; none gives {describe(missing)}. {why}")


def _why_not(task: Task, X, row) -> str:
    """Why a labelling fails on the student's points, in the terms of the first hint."""
    same = repeated(X)
    if same is not None:
        return (f"Points {same[0]} and {same[1]} are at the same place: no hypothesis gives them different "
                "labels. Move one.")
    if task.cls == "lines" and _collinear(X):
        return "Your points lie on one line: the middle one cannot be cut off from the two ends. Make a triangle."
    if task.cls == "intervals":
        return "Two points at different places are always shattered: move them apart."
    return ("Look at the positive points' bounding box: it holds a negative point. Each point must be the only "
            "one furthest out in some direction (left, right, up or down).")


def _collinear(X: np.ndarray) -> bool:
    d = X - X[0]
    return bool(np.all(np.abs(d[:, 0, None] * d[None, :, 1] - d[:, 1, None] * d[None, :, 0]) <= 1e-9))


def _check_break(task: Task, X, labels, realised, positive) -> Verdict:
    m = len(X)
    same = repeated(X)
    if same is not None:
        return Verdict(False, 0.0, f"Points {same[0]} and {same[1]} are at the same place, so your set has fewer than "
                                   f"{m} different points. Move one: the task is a set of {m} different points.")
    row = labels[labelling_index(positive, m)]
    impossible = int((~realised).sum())
    if not realised[labelling_index(positive, m)]:
        return Verdict(True, 1.0, f"No {_one(task)} gives {describe(row)}: {task.label} do not shatter your {m} "
                                  f"points. Every set of {m} points has such a labelling, and some {task.vc} points "
                                  f"are shattered (levels 1 and 2): the VC dimension of {task.label} is {task.vc}.")
    return Verdict(False, 0.0, f"{witness_text(task, X, row)} realises {describe(row)}. Of the {2 ** m} labellings "
                               f"of your points, {impossible} cannot be realised: choose other positive points.")


def _one(task: Task) -> str:
    return {"intervals": "interval", "lines": "line", "rectangles": "rectangle"}[task.cls]


def witness(task: Task, X: np.ndarray, row) -> tuple[float, ...] | None:
    """A hypothesis giving the labelling ``row`` when the class has one: an interval (a, b), a
    rectangle (a₁, b₁, a₂, b₂) (the positives' bounding box; None: no positives, an empty one), or a
    line (w₁, w₂, t) with positives where w·x > t (``Lines.max_margin``'s widest line; None for the
    all-negative or all-positive labelling, a line far away)."""
    row = np.asarray(row, dtype=bool)
    if not row.any() or (task.cls == "lines" and row.all()):
        return None
    if task.cls == "lines":
        _, normals, offsets, _ = Lines().max_margin(X)
        i = labelling_index(np.flatnonzero(row) + 1, len(X))
        return (*map(float, normals[i]), float(offsets[i])) if np.isfinite(offsets[i]) else None
    P = X[row]
    if task.cls == "intervals":
        return float(P[:, 0].min()), float(P[:, 0].max())
    return float(P[:, 0].min()), float(P[:, 0].max()), float(P[:, 1].min()), float(P[:, 1].max())


def witness_text(task: Task, X: np.ndarray, row) -> str:
    h = witness(task, X, row)
    if h is None:
        if task.cls == "lines":
            return f"A line with every point on its {'positive' if np.any(row) else 'negative'} side"
        return f"The empty {_one(task)} (no point inside)"
    if task.cls == "intervals":
        return f"The interval [{h[0]:g}, {h[1]:g}]"
    if task.cls == "rectangles":
        return f"The rectangle [{h[0]:g}, {h[1]:g}] × [{h[2]:g}, {h[3]:g}]"
    return f"The half-plane {h[0]:.2f}·x₁ {'−' if h[1] < 0 else '+'} {abs(h[1]):.2f}·x₂ > {h[2]:.2f}"


def hints(task: Task) -> tuple[str, ...]:
    """Two hints per class and goal, the gentlest first."""
    return HINTS[(task.goal, task.cls)]


HINTS = {
    (SHATTER, "intervals"): (
        "An interval must be able to hold point 1 alone, the other alone, both, or neither.",
        "Any second point at a different place works: [a, b] around one point only, around both, or far away."),
    (SHATTER, "lines"): (
        "A line cuts the plane in two. With three points, can it cut off the middle one of three points in a row?",
        "Put the three points at the corners of a triangle: a line can cut off any one corner, or none."),
    (SHATTER, "rectangles"): (
        "A rectangle holding some points holds their whole bounding box. Each point must be able to stay out "
        "while the others are in.",
        "Make each point the only one furthest out in one direction: a diamond, one point left, one right, one "
        "above, one below, e.g. point 1 and three more around a centre."),
    (BREAK, "intervals"): (
        "Three points on a line: one of them lies between the other two.",
        "Make the two outer points positive and the middle one negative: an interval holding both ends holds "
        "the middle too."),
    (BREAK, "lines"): (
        "Four points: either one lies inside the triangle of the other three, or they form a quadrilateral.",
        "Inside a triangle: the three corners positive, the inner point negative. A quadrilateral: two opposite "
        "corners positive, the other two negative (the diagonals cross, so no line splits them)."),
    (BREAK, "rectangles"): (
        "Among five points, pick the leftmost, the rightmost, the lowest and the highest: at most four points.",
        "Make those extreme points positive and a remaining point negative: the smallest rectangle holding the "
        "extremes holds every point."),
}


@dataclass(frozen=True)
class Reveal:
    """Every labelling of a point set, which the class realises, and a hypothesis for each."""
    points: np.ndarray        # (m, 2)
    labels: np.ndarray        # (2^m, m) bool, mlcore.theory's numbering
    realised: np.ndarray      # (2^m,) bool
    hypotheses: tuple         # per labelling: witness(...) or None

    @property
    def impossible(self) -> np.ndarray:
        return np.flatnonzero(~self.realised)


def reveal(task: Task, answer: Answer | None = None) -> Reveal:
    """mlcore.theory's answer on the student's points (``answer``), or on ``solve(task)``'s."""
    X = all_points(task, answer if answer is not None else solve(task))
    labels, realised = realisable_labelings(X, hypothesis_class(task.cls))
    hyps = tuple(witness(task, X, row) if ok else None for row, ok in zip(labels, realised, strict=True))
    return Reveal(X, labels, realised, hyps)


def solve(task: Task) -> Answer:
    """A right answer built around point 1: a second point on the line, a triangle, a diamond; to
    break, that set plus a point between or inside, with the first labelling mlcore cannot realise."""
    g = np.array(task.given)
    toward = np.where(g > 0, -1.0, 1.0)                   # grow toward the centre: stay on the plane
    if task.cls == "intervals":
        pts = [g + [toward[0], 0]]
    elif task.cls == "lines":
        pts = [g + [1.5 * toward[0], 0], g + [0, 1.5 * toward[1]]]
    else:
        # point 1 is the diamond's leftmost (or rightmost) corner
        pts = [g + [toward[0], 1], g + [toward[0], -1], g + [2 * toward[0], 0]]
    if task.goal == BREAK:
        pts.append(np.mean([g, *pts], axis=0))            # the middle: between, inside the triangle or diamond
    answer = Answer(tuple((round(float(x), 3), round(float(y), 3)) for x, y in pts))
    if task.goal == SHATTER:
        return answer
    X = all_points(task, answer)
    labels, realised = realisable_labelings(X, hypothesis_class(task.cls))
    # of the impossible labellings the one with the most positives: the corners in, the middle out
    impossible = np.flatnonzero(~realised)
    row = labels[impossible[np.argmax(labels[impossible].sum(axis=1))]]
    return Answer(answer.points, frozenset(int(j) + 1 for j in np.flatnonzero(row)))


def _xy(p, on_a_line: bool) -> str:
    return f"x = {p[0]:g}" if on_a_line else f"({p[0]:g}, {p[1]:g})"


# --- the link: untrusted text ---------------------------------------------------------------

def read_points(text: str) -> tuple[tuple[float, float], ...]:
    """``x,y;x,y`` (the student's points after point 1) or ValueError saying what is wrong: at most
    MAX_POINTS - 1 points, each finite and on the plane (|x|, |y| ≤ BOUND)."""
    if len(text) > MAX_TEXT:
        raise ValueError(f"at most {MAX_TEXT} characters")
    pts = []
    for item in filter(None, text.split(";")):
        parts = item.split(",")
        try:
            p = tuple(float(v) for v in parts)
        except ValueError:
            raise ValueError(f"`{item[:20]}` is not two numbers x,y") from None
        if len(p) != 2 or not all(map(math.isfinite, p)) or max(map(abs, p)) > BOUND:
            raise ValueError(f"`{item[:20]}` is not a point x,y with both between −{BOUND:g} and {BOUND:g}")
        pts.append((round(p[0], 3), round(p[1], 3)))
    if len(pts) > MAX_POINTS - 1:
        raise ValueError(f"at most {MAX_POINTS - 1} points")
    return tuple(pts)


def write_points(points) -> str | None:
    return ";".join(f"{x:g},{y:g}" for x, y in points) or None


def read_positive(text: str, m: int) -> frozenset[int]:
    """``1,3`` (the numbers of the positive points, 1 to m) or ValueError."""
    try:
        numbers = frozenset(int(v) for v in filter(None, text.split(",")))
    except ValueError:
        raise ValueError("point numbers look like `1,3`") from None
    if any(not 1 <= j <= m for j in numbers):
        raise ValueError(f"point numbers run from 1 to {m}")
    return numbers
