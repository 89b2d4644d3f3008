"""Pick the setting before you see the curve: from the data alone, predict the value of one
hyperparameter (kNN's k, a tree's depth, an RBF SVM's C or gamma) that cross-validates best.

The truth is mlcore's ``validation_curve``: stratified 5-fold cross-validation (shuffled by the
task's data seed) over the whole generated dataset, for every value of the task's grid. With
v(x) the mean validation accuracy of value x and v* = max v, a pick x loses

    lost(x) = v* - v(x)

points of accuracy. The pick is complete when lost(x) <= TOL (2 points, the edge accepted): two
values whose means differ by less than that are a toss-up on 5 folds of about 40 points each.
The score is 1 - lost(x) / (v* - v_min), 1 at the best value and 0 at the worst of the grid.

A task is kept only if its curve has something to teach: best and worst at least SPREAD apart,
at least two values of the grid losing more than TOL (no plateau where every pick wins), and the
best value inside the grid, not at an end (one end overfits, the other underfits).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mlcore.datasets import make_dataset
from mlcore.model_selection import StratifiedKFold, validation_curve
from mlcore.neighbors import KNeighborsClassifier
from mlcore.svm import SVC
from mlcore.tree import DecisionTreeClassifier

from .verdicts import Verdict, close_enough, task_rng

KIND = "setting"
TOL = 0.02        # accuracy a pick may lose against the best value and still count
SPREAD = 0.08     # best minus worst on the grid, at least: a curve with a peak worth finding
FOLDS = 5
TRIES = 8         # draws before the one losing the most picks is kept (30 tasks a level needed 6 at most)

# model key (as in catalog.models), hyperparameter, its label, the grid, the other settings
# (the grids sit inside the catalog's ranges, so the Validation curve page can show the same values)
KNOBS = (
    ("knn", "n_neighbors", "k", (1, 2, 5, 10, 20, 35, 50), ()),
    ("tree", "max_depth", "depth", (1, 2, 3, 4, 6, 10, None), ()),
    ("svm", "gamma", "gamma", (0.01, 0.1, 1.0, 10.0, 100.0), (("C", 1.0),)),
    ("svm", "C", "C", (0.01, 0.1, 1.0, 10.0, 100.0), (("gamma", 1.0),)),
)
# which end of the grid gives the most flexible model
FLEXIBLE_END = {"n_neighbors": "small", "max_depth": "large", "gamma": "large", "C": "large"}
MODEL_NAMES = {"knn": "k nearest neighbours", "tree": "a decision tree (CART)", "svm": "an RBF SVM"}

# per level: (generator, jitter noise, classes) choices, label noise, points
LEVEL_DATA = {
    1: ((("moons", 0.2, 2), ("circles", 0.15, 2), ("xor", 0.15, 2)), 0.0, 200),
    2: ((("moons", 0.35, 2), ("circles", 0.3, 2), ("xor", 0.35, 2)), 0.05, 200),
    3: ((("blobs", 0.7, 3), ("blobs", 0.6, 4), ("spirals", 0.15, 3)), 0.1, 240),
}
LEVEL_TEXT = {1: "two classes, little noise", 2: "two classes, noisy, a few labels flipped",
              3: "three or four classes, noisy, one label in ten flipped"}


@dataclass(frozen=True)
class Task:
    level: int
    seed: int
    shape: str
    noise: float
    n_classes: int
    label_noise: float
    n: int
    data_seed: int
    model: str                   # catalog key: knn, tree, svm
    param: str                   # the hyperparameter to pick
    label: str                   # how it is named: k, depth, gamma, C
    values: tuple                # the grid the student picks from
    fixed: tuple                 # the model's other settings, (name, value) pairs
    train: tuple                 # per value, per fold: training accuracy
    validation: tuple            # per value, per fold: validation accuracy

    @property
    def means(self) -> np.ndarray:
        return np.mean(np.asarray(self.validation, dtype=float), axis=1)

    @property
    def train_means(self) -> np.ndarray:
        return np.mean(np.asarray(self.train, dtype=float), axis=1)

    @property
    def best(self) -> int:
        """The index of the best mean validation accuracy (the first of equal means)."""
        return int(np.argmax(self.means))


def shown(v) -> str:
    """A grid value as the page writes it."""
    return "no limit" if v is None else f"{v:g}" if isinstance(v, float) else str(v)


def data(task: Task) -> tuple[np.ndarray, np.ndarray]:
    return make_dataset(task.shape, n=task.n, noise=task.noise, seed=task.data_seed, n_classes=task.n_classes,
                        label_noise=task.label_noise)


def estimator(model: str, params: dict):
    """The mlcore model a catalog key names (the catalog's fixed settings included)."""
    if model == "knn":
        return KNeighborsClassifier(**params)
    if model == "tree":
        return DecisionTreeClassifier(random_state=0, **params)
    return SVC(kernel="rbf", max_iter=30_000, **params)


def _curve(X, y, model, param, values, fixed, data_seed):
    folds = StratifiedKFold(FOLDS, shuffle=True, random_state=data_seed)
    return validation_curve(estimator(model, dict(fixed)), X, y, param_name=param, param_range=values, cv=folds)


def _losers(validation) -> int:
    means = np.mean(validation, axis=1)
    return int(np.sum(means.max() - means > TOL + 1e-12))


def make(level: int, seed: int) -> Task:
    """A dataset of the level and a model's grid whose validation curve has a clear peak inside the
    grid (see the module), drawn up to TRIES times; else the draw that loses the most picks."""
    rng = task_rng(KIND, level, seed)
    shapes, label_noise, n = LEVEL_DATA[level]
    kept = None
    for _ in range(TRIES):
        shape, noise, classes = shapes[rng.integers(len(shapes))]
        model, param, label, values, fixed = KNOBS[rng.integers(len(KNOBS))]
        data_seed = int(rng.integers(0, 2**31))
        X, y = make_dataset(shape, n=n, noise=noise, seed=data_seed, n_classes=classes, label_noise=label_noise)
        train, validation = _curve(X, y, model, param, values, fixed, data_seed)
        task = Task(level, seed, shape, noise, classes, label_noise, n, data_seed, model, param, label, values,
                    fixed, tuple(map(tuple, train.tolist())), tuple(map(tuple, validation.tolist())))
        means = task.means
        if kept is None or _losers(validation) > _losers(kept.validation):
            kept = task
        if means.max() - means.min() >= SPREAD and _losers(validation) >= 2 and 0 < task.best < len(values) - 1:
            return task
    return kept


def lost(task: Task, answer) -> float:
    means = task.means
    return float(means.max() - means[task.values.index(answer)])


def _side(task: Task, i: int) -> str:
    """"flexible" when value i is on the more flexible side of the best value, else "simple"."""
    b = task.best
    return "flexible" if (i < b) == (FLEXIBLE_END[task.param] == "small") else "simple"


def check(task: Task, answer) -> Verdict:
    """Done when the pick loses at most TOL against the best value (see the module)."""
    if answer not in task.values:
        return Verdict(False, 0.0, f"Pick one of the values of {task.label}: "
                                   f"{', '.join(shown(v) for v in task.values)}.")
    i, b = task.values.index(answer), task.best
    means, train = task.means, task.train_means
    gone = lost(task, answer)
    spread = float(means.max() - means.min())
    score = 1.0 if spread <= 0 else float(min(1.0, max(0.0, 1.0 - gone / spread)))
    mine = f"{task.label} = {shown(answer)}"
    best = f"{task.label} = {shown(task.values[b])} ({means[b]:.1%})"
    if close_enough(means[i], means[b], TOL):
        if i == b:
            said = f"{mine} is the best value: {means[i]:.1%} cross-validated."
        else:
            said = (f"{mine} reaches {means[i]:.1%} cross-validated, {100 * gone:.1f} points below the best, "
                    f"{best}: within the {100 * TOL:.0f} points that count as the best.")
        lesson = ("The validation curve peaks between the extremes: more flexible values fit the noise (training "
                  "runs away from validation), simpler ones miss the shape of the classes.")
        return Verdict(True, score, f"{said} {lesson}")
    said = (f"{mine} reaches {means[i]:.1%} cross-validated: {100 * gone:.1f} points below the best, {best}; "
            f"at most {100 * TOL:.0f} points may be lost.")
    if _side(task, i) == "flexible":
        why = (f"It is more flexible than the best: training {train[i]:.0%} against validation {means[i]:.0%}, "
               "it fits noise that new points do not share (overfitting).")
    else:
        why = (f"It is simpler than the best: training {train[i]:.0%} and validation {means[i]:.0%}, both low, "
               "the boundary cannot follow the classes (underfitting).")
    return Verdict(False, score, f"{said} {why}")


def hints(task: Task) -> tuple[str, ...]:
    per_knob = {
        "n_neighbors": "k = 1 gives every training point its own island, noisy ones included; a k near the "
                       "number of points of a class votes over so much of the plane that the boundary blurs.",
        "max_depth": "A tree of depth d has at most 2 to the power d boxes: count roughly how many straight "
                     "cuts the classes need; deeper trees cut boxes round single noisy points.",
        "gamma": "gamma sets the kernel's reach, about 1/√gamma: gamma = 100 reaches 0.1, one point's spot; "
                 "gamma = 0.01 reaches across the whole plane and draws a nearly straight boundary.",
        "C": "C is the price of a point inside the margin: a small C lets many points be ignored (a smooth "
             "boundary), a large C bends the boundary round single points.",
    }
    return ("Look at how much the classes overlap: the more noise, the simpler the model should be; the "
            "more wiggly the shape, the more flexible.",
            per_knob[task.param],
            f"The ends of the grid are rarely best here: one end overfits, the other underfits. Pick a value "
            f"a step or two in from the end that would follow the shape without chasing single points; "
            f"within {100 * TOL:.0f} points of the best counts.")


def reveal(task: Task) -> tuple:
    """The algorithm's answer: the value mlcore's validation_curve scores best, and its accuracy."""
    return task.values[task.best], float(task.means[task.best])


def solve(task: Task):
    return task.values[task.best]
