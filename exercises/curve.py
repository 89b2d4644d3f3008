"""Read the curve: a learning curve (training and validation accuracy against the number of
training points) of one model and setting; say whether it shows high bias, high variance or a
fine fit.

The truth is the app's regime rule (``ui.reading.regime.regime``, "What you see" on every model
page; ``tests/test_exercise_curve.py`` checks that both agree), read at the largest training size
of a stratified 5-fold learning curve: T the mean training accuracy, V the mean validation
accuracy, R the best mean validation accuracy of the reference models (kNN with k = 15 and an
RBF SVM with C = 1, gamma = 1: flexible but smoothed) on the same folds:

* high variance (overfitting)  when T - V >= GAP (8 points) and T >= R;
* high bias (underfitting)     when R - V >= SHORT (5 points), and not high variance;
* fine                         otherwise.

A task is kept only when its reading is clear-cut: every difference the rule compares is at
least CLEAR (3 points) away from its threshold, so a fold more or less would not change it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mlcore.datasets import make_dataset
from mlcore.linear_model import LogisticRegression
from mlcore.model_selection import StratifiedKFold, cross_validate, learning_curve
from mlcore.neighbors import KNeighborsClassifier
from mlcore.svm import SVC
from mlcore.tree import DecisionTreeClassifier

from .verdicts import Verdict, task_rng

KIND = "curve"
GAP = 0.08        # ui.reading.regime.GAP
SHORT = 0.05      # ui.reading.regime.SHORT
EPS = 1e-9        # ui.reading.regime.EPS: a difference at a threshold counts as reaching it
CLEAR = 0.03      # a task's differences sit at least this far from GAP, SHORT and T = R
FOLDS = 5
SIZES = 8         # training sizes, 10% to 100% of a training fold
TRIES = 8
REGIMES = ("high bias", "high variance", "fine")
# ui.serving.fits.REFERENCES, as mlcore models
REFERENCES = (("knn", (("n_neighbors", 15),)), ("svm", (("C", 1.0), ("gamma", 1.0), ("kernel", "rbf"))))

# model key (as in catalog.models) and settings, by the regime they tend to give; the draw checks it
CANDIDATES = {
    "high variance": (("knn", (("n_neighbors", 1),)), ("svm", (("C", 1.0), ("gamma", 100.0), ("kernel", "rbf"))),
                      ("tree", (("max_depth", None),))),
    "high bias": (("logistic", ()), ("tree", (("max_depth", 1),)),
                  ("svm", (("C", 1.0), ("gamma", 0.01), ("kernel", "rbf")))),
    "fine": (("knn", (("n_neighbors", 9),)), ("svm", (("C", 1.0), ("gamma", 2.0), ("kernel", "rbf"))),
             ("tree", (("max_depth", 3),))),
}
LEVEL_DATA = {   # (generator, jitter noise, classes) choices, label noise, points
    1: ((("moons", 0.25, 2), ("circles", 0.2, 2), ("xor", 0.25, 2)), 0.0, 200),
    2: ((("moons", 0.35, 2), ("circles", 0.3, 2), ("xor", 0.35, 2)), 0.05, 200),
    3: ((("blobs", 0.7, 3), ("blobs", 0.6, 4), ("spirals", 0.15, 3)), 0.1, 240),
}
LEVEL_TEXT = {1: "two classes, a little noise", 2: "two classes, noisy, a few labels flipped",
              3: "three or four classes, noisy, one label in ten flipped"}
MODEL_NAMES = {"knn": "k nearest neighbours", "tree": "a decision tree (CART)", "svm": "an RBF SVM",
               "logistic": "logistic regression"}


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
    model: str               # catalog key
    params: tuple            # (name, value) pairs
    sizes: tuple             # training points at each size
    train: tuple             # per size, per fold: training accuracy (NaN: a subset of one class)
    validation: tuple        # per size, per fold: validation accuracy
    reference: float         # R: the references' best mean validation accuracy at the largest size

    @property
    def last(self) -> tuple[float, float]:
        """T and V: mean training and validation accuracy at the largest size."""
        return float(np.mean(self.train[-1])), float(np.mean(self.validation[-1]))


def regime(train: float, validation: float, reference: float) -> str:
    """The rule of the module docstring (ui.reading.regime.regime, named as a learning curve is read)."""
    if train - validation >= GAP - EPS and train >= reference:
        return "high variance"
    if reference - validation >= SHORT - EPS:
        return "high bias"
    return "fine"


def clear_cut(train: float, validation: float, reference: float) -> bool:
    """Every comparison the rule makes is at least CLEAR from its threshold."""
    far = abs(train - validation - GAP) >= CLEAR and abs(reference - validation - SHORT) >= CLEAR
    if train - validation >= GAP:
        far = far and abs(train - reference) >= CLEAR
    return far


def truth(task: Task) -> str:
    return regime(*task.last, task.reference)


def estimator(model: str, params: dict):
    """The mlcore model a catalog key names (the catalog's fixed settings included)."""
    if model == "knn":
        return KNeighborsClassifier(**params)
    if model == "tree":
        return DecisionTreeClassifier(random_state=0, **params)
    if model == "logistic":
        return LogisticRegression(**params)
    return SVC(max_iter=30_000, **params)


def data(task: Task) -> tuple[np.ndarray, np.ndarray]:
    return make_dataset(task.shape, n=task.n, noise=task.noise, seed=task.data_seed, n_classes=task.n_classes,
                        label_noise=task.label_noise)


def _cv(model, params, X, y, folds) -> tuple[float, float]:
    scores = cross_validate(estimator(model, dict(params)), X, y, cv=folds, return_train_score=True)
    return float(np.mean(scores["train_score"])), float(np.mean(scores["test_score"]))


def make(level: int, seed: int) -> Task:
    """A regime drawn first (so the three answers are equally likely), then data of the level and a
    model that tends to it, until the rule gives that regime clear-cut (cross-validated at the
    largest size, which is the learning curve's last point: the same folds, the same fits)."""
    rng = task_rng(KIND, level, seed)
    shapes, label_noise, n = LEVEL_DATA[level]
    wanted = REGIMES[rng.integers(len(REGIMES))]
    found = None
    for attempt in range(TRIES):
        # one dataset (and its reference, the costly part) per try; past half the tries any
        # clear-cut regime will do
        aims = (wanted,) if attempt < TRIES // 2 else tuple(rng.permutation(REGIMES))
        shape, noise, classes = shapes[rng.integers(len(shapes))]
        data_seed = int(rng.integers(0, 2**31))
        X, y = make_dataset(shape, n=n, noise=noise, seed=data_seed, n_classes=classes, label_noise=label_noise)
        folds = StratifiedKFold(FOLDS, shuffle=True, random_state=data_seed)
        r = max(_cv(key, p, X, y, folds)[1] for key, p in REFERENCES)
        for aim in aims:
            for i in rng.permutation(len(CANDIDATES[aim])):
                model, params = CANDIDATES[aim][i]
                t, v = _cv(model, params, X, y, folds)
                if clear_cut(t, v, r) and regime(t, v, r) == aim:
                    found = (shape, noise, classes, data_seed, model, params, X, y, folds, r)
                    break
            if found:
                break
        if found:
            break
    if found is None:
        raise RuntimeError(f"no clear-cut task for level {level}, seed {seed}")  # the tests draw every level
    shape, noise, classes, data_seed, model, params, X, y, folds, r = found
    sizes, train, validation = learning_curve(estimator(model, dict(params)), X, y,
                                              train_sizes=np.linspace(0.1, 1.0, SIZES), cv=folds)
    return Task(level, seed, shape, noise, classes, label_noise, n, data_seed, model, params,
                tuple(int(s) for s in sizes), tuple(map(tuple, train.tolist())),
                tuple(map(tuple, validation.tolist())), r)


def setting_text(task: Task) -> str:
    """"k nearest neighbours with k = 1"."""
    names = {"n_neighbors": "k", "max_depth": "depth", "gamma": "gamma", "C": "C"}
    shown = [f"{names[k]} = {'no limit' if v is None else f'{v:g}'}" for k, v in task.params
             if k in names and not (task.model == "svm" and k == "C")]
    return MODEL_NAMES[task.model] + (f" with {', '.join(shown)}" if shown else "")


def why(task: Task) -> str:
    """The reading in words: the gap, and the level against the reference."""
    t, v = task.last
    r, m = task.reference, task.sizes[-1]
    gap, short = 100 * (t - v), 100 * (r - v)
    level = ("level with" if round(abs(short)) == 0
             else f"{abs(short):.0f} points {'above' if short > 0 else 'below'}")
    numbers = (f"At {m} training points: training {t:.0%}, validation {v:.0%}, a gap of {gap:.0f} points; the "
               f"reference models reach {r:.0%} on the same folds, {level} this model's validation.")
    which = truth(task)
    if which == "high variance":
        rule = (f"A gap of {GAP * 100:.0f} points or more, with training at or above the reference, is **high "
                "variance**: the model scores on its own points what no model reaches on new ones, so it has "
                "learned their noise. More points, or a simpler setting, close the gap.")
    elif which == "high bias":
        rule = (f"Validation {SHORT * 100:.0f} points or more below the reference (and no large gap with training "
                "above it) is **high bias**: another model does clearly better on new points, so this one is too "
                "simple for the classes. More points will not lift it; a more flexible setting will.")
    else:
        rule = (f"A gap under {GAP * 100:.0f} points and validation within {SHORT * 100:.0f} points of the "
                "reference is **fine**: what is left are points where the classes overlap.")
    return f"{numbers} {rule}"


def check(task: Task, answer: str) -> Verdict:
    if answer not in REGIMES:
        return Verdict(False, 0.0, f"Answer one of: {', '.join(REGIMES)}.")
    right = truth(task)
    if answer == right:
        return Verdict(True, 1.0, why(task))
    return Verdict(False, 0.0, f"Not {answer}: this curve shows **{right}**. {why(task)}")


def hints(task: Task) -> tuple[str, ...]:
    t, v = task.last
    return ("Look at the right end of the curves, at the most training points: how far apart are training and "
            "validation, and how high is validation against the dashed reference line?",
            f"The rule: a gap of {GAP * 100:.0f} points or more with training at or above the reference is high "
            f"variance; validation {SHORT * 100:.0f} points or more below the reference is high bias; else fine.",
            f"Here, at {task.sizes[-1]} points, the gap is {100 * (t - v):.0f} points, and validation is "
            f"{100 * (task.reference - v):.0f} points below the reference (negative: above it).")


def reveal(task: Task) -> tuple[str, float, float, float]:
    """The algorithm's answer: the rule read from the mlcore model's cross-validated scores."""
    return (truth(task), *task.last, task.reference)


def solve(task: Task) -> str:
    return truth(task)
