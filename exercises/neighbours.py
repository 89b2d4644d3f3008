"""Nearest neighbours by hand: a query point (the star) and numbered training points; the student
picks the k nearest and says how they vote. The truth is mlcore's ``KNeighborsClassifier``.

Distance: Euclidean, d(q, x) = sqrt((q1 - x1)^2 + (q2 - x2)^2). Every coordinate is a multiple
of 0.5, so d^2 is a multiple of 0.25 and exact in floating point: two points equally far are
equally far for the computer too, and the model's tie rules decide.

The model's rules, which the page states (``mlcore.neighbors._knn``):

- neighbours: the k smallest distances; points tied with the k-th distance go to the smaller
  training index, that is the smaller point number (``kneighbors``);
- vote: each neighbour counts 1 for its class; equal counts go to the smaller class number
  (``predict`` takes the arg max of the counts, the first one on a tie).

Levels: 1 is k = 1 among 8 points of two classes; 2 is k = 3 among 14 points; 3 is k = 5 among
20 points of three classes, built so that a tie decides (two points equally far at the k-th place,
or a tied vote).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from exercises.verdicts import Verdict, task_rng
from mlcore.neighbors import KNeighborsClassifier

KIND = "neighbours"
# level -> (k, points, classes)
SHAPES = {1: (1, 8, 2), 2: (3, 14, 2), 3: (5, 20, 3)}
HALF = 6          # coordinates are multiples of 0.5 in [-3, 3]: 13 x 13 places
TIE_RULE = ("Two points equally far at the edge: the model keeps the one with the smaller number. "
            "A tied vote: the class with the smaller number wins (0 before 1 before 2).")


@dataclass(frozen=True)
class Task:
    level: int
    seed: int
    k: int
    points: tuple       # ((x1, x2), ...): point i + 1 on the page is points[i]
    classes: tuple      # class of each point, 0 .. n_classes - 1
    query: tuple        # (x1, x2), the star
    n_classes: int

    @property
    def X(self) -> np.ndarray:
        return np.asarray(self.points, dtype=np.float64)


@dataclass(frozen=True)
class Answer:
    picked: frozenset   # training indices (point number - 1)
    vote: int | None    # the class the student says the neighbours vote for


@dataclass(frozen=True)
class Truth:
    """The model's answer: its neighbours nearest first, their distances, the votes, the class."""
    neighbours: tuple
    distances: tuple
    votes: tuple        # count per class among the neighbours
    predicted: int
    radius: float       # the k-th neighbour's distance: the circle through it

    @property
    def picked(self) -> frozenset:
        return frozenset(self.neighbours)


def _model(task: Task) -> KNeighborsClassifier:
    return KNeighborsClassifier(n_neighbors=task.k).fit(task.X, np.asarray(task.classes))


def reveal(task: Task) -> Truth:
    """``kneighbors`` and ``predict`` of a fitted ``KNeighborsClassifier`` (k = task.k, uniform votes)."""
    model = _model(task)
    dist, idx = model.kneighbors(np.asarray([task.query]))
    predicted = int(model.predict(np.asarray([task.query]))[0])
    labels = np.asarray(task.classes)[idx[0]]
    votes = tuple(int(np.count_nonzero(labels == c)) for c in range(task.n_classes))
    return Truth(tuple(int(i) for i in idx[0]), tuple(float(d) for d in dist[0]), votes, predicted,
                 float(dist[0, -1]))


def distances(task: Task) -> np.ndarray:
    """d(q, x_i) of every point, computed here (not by the model) for the messages."""
    return np.sqrt(((task.X - np.asarray(task.query)) ** 2).sum(axis=1))


def tie_at_edge(task: Task) -> bool:
    """Whether a point outside the k nearest is exactly as far as the k-th."""
    d = np.sort(distances(task))
    return len(d) > task.k and d[task.k] == d[task.k - 1]


def tied_vote(task: Task) -> bool:
    votes = reveal(task).votes
    return sorted(votes)[-1] == sorted(votes)[-2] if len(votes) > 1 else False


def _draw(rng, level: int) -> Task:
    k, n, n_classes = SHAPES[level]
    places = rng.choice((2 * HALF + 1) ** 2, size=n + 1, replace=False)
    xy = np.stack([places // (2 * HALF + 1), places % (2 * HALF + 1)], axis=1) * 0.5 - HALF * 0.5
    query, X = xy[0], xy[1:]
    # classes in bands across the plane, one point in four flipped: neighbours that disagree
    angle = rng.uniform(0, np.pi)
    side = X @ np.array([np.cos(angle), np.sin(angle)])
    cuts = np.quantile(side, np.linspace(0, 1, n_classes + 1)[1:-1])
    classes = np.searchsorted(cuts, side)
    flip = rng.random(n) < 0.25
    classes[flip] = rng.integers(0, n_classes, size=int(flip.sum()))
    # each class present
    classes[:n_classes] = np.arange(n_classes)
    return Task(level, 0, k, tuple((float(a), float(b)) for a, b in X), tuple(int(c) for c in classes),
                (float(query[0]), float(query[1])), n_classes)


def make(level: int, seed: int) -> Task:
    """The task of (level, seed). Levels 1 and 2 have no tie at the k-th place (the nearest are
    clear); level 3 has a tie that the model's rule decides, at the edge or in the vote."""
    rng = task_rng(KIND, level, seed)
    while True:
        task = _draw(rng, level)
        if level < 3 and not tie_at_edge(task):
            break
        if level == 3 and (tie_at_edge(task) or tied_vote(task)):
            break
    return Task(level, seed, task.k, task.points, task.classes, task.query, task.n_classes)


def _names(indices) -> str:
    return ", ".join(str(i + 1) for i in sorted(indices))


def check(task: Task, answer: Answer) -> Verdict:
    """Done when the picked points are the model's neighbours and the vote is the model's class.
    Score: half for the share of the model's neighbours picked (extra picks cost as much), half
    for the vote."""
    truth = reveal(task)
    d = distances(task)
    picked = frozenset(answer.picked)
    right = len(picked & truth.picked)
    score = 0.5 * max(0, right - len(picked - truth.picked)) / task.k + 0.5 * (answer.vote == truth.predicted)
    if picked == truth.picked and answer.vote == truth.predicted:
        return Verdict(True, 1.0, _learned(task, truth))
    if len(picked) != task.k:
        return Verdict(False, score, f"You picked {len(picked)} point{'s' if len(picked) != 1 else ''}: "
                                     f"k = {task.k}, so pick exactly {task.k}.")
    if picked != truth.picked:
        extra, missing = sorted(picked - truth.picked), sorted(truth.picked - picked)
        tied = [(e, m) for e in extra for m in missing if d[e] == d[m]]
        far, near = tied[0] if tied else (max(extra, key=lambda i: d[i]), min(missing, key=lambda i: d[i]))
        if tied:
            return Verdict(False, score, f"Point {far + 1} and point {near + 1} are equally far from the star "
                                         f"(d = {d[far]:.2f}). {TIE_RULE.split('. ')[0]}: point "
                                         f"{min(far, near) + 1}.")
        return Verdict(False, score, f"Point {far + 1} (d = {d[far]:.2f}) is farther from the star than point "
                                     f"{near + 1} (d = {d[near]:.2f}), which you left out.")
    counts = ", ".join(f"class {c}: {v}" for c, v in enumerate(truth.votes))
    if answer.vote is None:
        return Verdict(False, score, "The neighbours are right. Now say which class they vote for.")
    tie = ", and on a tie the smaller class number" if tied_vote(task) else ""
    return Verdict(False, score, f"The neighbours are right, but count their classes again ({counts}): "
                                 f"the most votes win{tie}.")


def _learned(task: Task, truth: Truth) -> str:
    counts = ", ".join(f"{v} × class {c}" for c, v in enumerate(truth.votes) if v)
    if task.k == 1:
        text = (f"The nearest point, {_names(truth.neighbours)}, is {truth.radius:.2f} from the star and is of "
                f"class {truth.predicted}: 1-NN predicts class {truth.predicted}.")
    else:
        text = (f"The {task.k} nearest ({_names(truth.neighbours)}) lie within {truth.radius:.2f} of the star and "
                f"vote {counts}: kNN predicts class {truth.predicted}.")
    if tie_at_edge(task):
        d = distances(task)
        kept = truth.neighbours[-1]
        left = [i for i in range(len(d)) if d[i] == d[kept] and i not in truth.picked]
        text += (f" Point {kept + 1} and point {left[0] + 1} are equally far ({d[kept]:.2f}): the model keeps "
                 f"the smaller number, {kept + 1}.")
    elif tied_vote(task):
        text += " The tied vote went to the smaller class number, as the model's arg max does."
    elif task.k == 1:
        text += " With k = 1 the nearest point alone decides: one noisy point can flip the answer."
    return text


def hints(task: Task) -> tuple[str, ...]:
    truth = reveal(task)
    return (
        f"Imagine a circle around the star that grows until it holds {task.k} point"
        f"{'s' if task.k > 1 else ''}: those are the neighbours. Compare squared distances "
        "(Δx₁² + Δx₂²); the square root does not change the order.",
        TIE_RULE,
        f"{'The nearest point' if task.k == 1 else f'The farthest of the {task.k} nearest'} is at distance "
        f"{truth.radius:.2f} from the star "
        f"(squared {truth.radius ** 2:.2f}): every neighbour lies within it.",
    )


def solve(task: Task) -> Answer:
    truth = reveal(task)
    return Answer(truth.picked, truth.predicted)
