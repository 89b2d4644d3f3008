""""What you see": the chart read for a student, in two or three sentences computed from the fit.

Pure rules (no Streamlit), so each can be unit-tested; ``ui.core.guide.see`` draws a ``Reading``.
This module holds the regime of a fitted model; the pages' own rules are its siblings in ui/reading/.

The regime of a fitted model is read from 5-fold cross-validation on the training set (steadier
than one test split of 60 points): its mean training accuracy a, its mean validation accuracy b, and
the validation accuracy r the best of a few flexible but smoothed reference models reaches on the
same folds (``ui.serving.fits.reference``):

* overfitting  when a − b ≥ GAP and a ≥ r: it scores on the points it trained on what no model
  reaches on new ones, so it has learned noise that new points do not share;
* underfitting when r − b ≥ SHORT (and it does not overfit): another model does clearly better on
  new points, so this one is too simple for the data (a depth-1 tree on XOR: a large gap, but
  training accuracy near chance, is underfitting too);
* fine otherwise.

GAP is 8 points and SHORT 5: one validation point of 140 is 0.7 points, and two models scored on the
same folds differ by less than that by chance. With fewer than MIN_POINTS training points no regime
is named.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

GAP = 0.08
SHORT = 0.05
MIN_POINTS = 20
EPS = 1e-9  # 1.0 - 0.92 is 0.0799...: a difference at a threshold counts as reaching it


@dataclass(frozen=True)
class Reading:
    regime: str | None           # "overfitting", "underfitting", "fine", or None (nothing to say)
    sentences: tuple[str, ...]
    pages: tuple[str, ...] = ()  # keys of ui.core.guide.PAGES that show why
    knob: str | None = None      # the model's parameter to move (a curve page's link opens on it)

    @property
    def text(self) -> str:
        return " ".join(self.sentences)


def regime(cv_train: float | None, cv_val: float | None, reference: float | None) -> str | None:
    """"overfitting", "underfitting", "fine", or None when the numbers cannot tell."""
    if cv_train is None or cv_val is None or not (math.isfinite(cv_train) and math.isfinite(cv_val)):
        return None
    if cv_train - cv_val >= GAP - EPS and (reference is None or cv_train >= reference):
        return "overfitting"
    if reference is not None and reference - cv_val >= SHORT - EPS:
        return "underfitting"
    return "fine"


@dataclass(frozen=True)
class Knob:
    """The hyperparameter that moves a model between too simple and too flexible."""
    name: str            # the model's parameter
    label: str           # how the page names it
    simpler: str         # which way makes the model simpler: "smaller" or "larger"
    over: str            # why it overfits (what the student sees), {v} = the value
    under: str           # why it underfits
    simpler_move: str | None = None  # the way to a simpler model, when it is not "a larger/smaller <label>"

    def move(self, towards: str) -> str:
        """"a larger k" / "a smaller gamma" for towards = "simpler" or "more flexible"."""
        if towards == "simpler" and self.simpler_move:
            return self.simpler_move
        way = self.simpler if towards == "simpler" else ("larger" if self.simpler == "smaller" else "smaller")
        return f"a {way} {self.label}"


_ISLANDS = "each training point has become its own island, noisy ones included"
KNOBS = {
    "knn": Knob("n_neighbors", "k", "larger",
                f"with k = {{v}} {_ISLANDS}",
                "k = {v} neighbours vote over so much of the plane that the boundary cannot follow the classes"),
    "tree": Knob("max_depth", "depth", "smaller",
                 "a tree {depth} cuts boxes around single noisy points",
                 "a tree {depth} has too few boxes (at most 2 to the power of its depth) for the shape of the classes"),
    "random_forest": Knob("min_samples_leaf", "min samples per leaf", "larger",
                          "leaves of {v} point{s} let every tree fit the noise, and the vote keeps some of it",
                          "leaves of {v} points average away the shape of the classes"),
    "extra_trees": Knob("min_samples_leaf", "min samples per leaf", "larger",
                        "leaves of {v} point{s} let every tree fit the noise, and the vote keeps some of it",
                        "leaves of {v} points average away the shape of the classes"),
    "adaboost": Knob("n_estimators", "number of rounds", "smaller",
                     "{v} rounds keep re-weighting the hardest points, noisy ones included",
                     "{v} rounds of stumps add up too few straight cuts"),
    "mlp": Knob("hidden_units", "number of hidden units", "smaller",
                "{v} unit{s} per layer have room to bend round single noisy points",
                "{v} hidden unit{s} per layer can draw only a few lines, too few for the shape of the classes"),
    "logistic": Knob("C", "C", "smaller",
                     "C = {v} lets the weights grow to fit single points",
                     "the boundary of logistic regression is a straight line, whatever C is"),
    "kernel_perceptron": Knob("gamma", "gamma", "smaller",
                              f"with gamma = {{v}} {_ISLANDS}",
                              "with gamma = {v} the kernel is so wide that the boundary is nearly straight"),
    "linear_svc_cs": Knob("C", "C", "smaller",
                          "C = {v} makes every margin violation expensive",
                          "the boundaries of a linear SVM are straight lines, whatever C is"),
}
_SVM_GAMMA = Knob("gamma", "gamma", "smaller",
                  f"with gamma = {{v}} the kernel is so narrow that {_ISLANDS}",
                  "with gamma = {v} the kernel is so wide that the boundary is nearly straight")
_SVM_C = Knob("C", "C", "smaller",
              "C = {v} makes every margin violation expensive, so the boundary bends round single points",
              "C = {v} makes slack so cheap that the margin ignores the shape of the classes")
_SVM_LINE = Knob("C", "C", "smaller", _SVM_C.over,
                 "the linear kernel draws a straight line, and no C bends it")
# Models whose boundary is a line (or a quadratic) whatever their settings: underfitting is the model's, not a knob's.
STRAIGHT = {"perceptron": "the perceptron draws a straight line",
            "least_squares": "the least-squares classifier draws a straight line",
            "linear_svm_sgd": "a linear SVM draws a straight line",
            "prototype": "learning with prototypes draws a straight line (between the class means)",
            "gaussian_nb": "Gaussian naive Bayes draws one quadratic curve per pair of classes",
            "logistic": KNOBS["logistic"].under, "linear_svc_cs": KNOBS["linear_svc_cs"].under}


# Distance-weighted votes: a training point's own vote has d = 0 and wins, whatever k is.
_KNN_WEIGHTED = Knob("weights", "weights", "larger",
                     "votes weighted by 1/distance let each training point decide its own spot (its own vote has "
                     "distance 0), whatever k is",
                     KNOBS["knn"].under, simpler_move="voting with equal weights (weights = uniform)")


# A forest whose trees have a depth limit: the limit, not the leaf size, is what bounds each tree.
_FOREST_DEPTH = Knob("max_depth", "max depth", "smaller",
                     "trees {depth} fit the noise of their samples, and the vote keeps some of it",
                     "trees {depth} have too few boxes for the shape of the classes, and their vote cannot add any")


def knob(model_key: str, params: dict) -> Knob | None:
    """The setting that drives the model's complexity with these parameters (None: no single one)."""
    if model_key in ("random_forest", "extra_trees") and params.get("max_depth") is not None:
        return _FOREST_DEPTH
    if model_key == "knn" and params.get("weights", "uniform") != "uniform":
        return _KNN_WEIGHTED
    if model_key == "svm":
        kernel = params.get("kernel", "rbf")
        if kernel == "linear":
            return _SVM_LINE
        return _SVM_GAMMA if kernel in ("rbf", "laplacian", "sigmoid") else _SVM_C
    return KNOBS.get(model_key)


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def pct(x: float) -> str:
    return f"{x:.0%}"


def value_text(v) -> str:
    if isinstance(v, float):
        return "∞" if math.isinf(v) else f"{v:g}"
    return "no limit" if v is None else str(v)


@dataclass(frozen=True)
class Scores:
    """What the page shows (the split's train and test accuracy) and what the regime is read from
    (5-fold CV on the training set, and the reference models' validation accuracy on the same folds)."""
    train: float | None
    test: float | None
    cv_train: float | None
    cv_val: float | None
    reference: float | None
    n_train: int


def fit_reading(model_key: str, params: dict, s: Scores, label: str = "the model") -> Reading:
    """The regime of a fitted model, the setting that drives it and which way to move it, and the
    pages that show why (keys of ui.core.guide.PAGES)."""
    which = None if s.n_train < MIN_POINTS else regime(s.cv_train, s.cv_val, s.reference)
    if which is None:
        return Reading(None, (f"Only {s.n_train} training points: too few to cross-validate, so nothing here tells "
                              "overfitting from a good fit. Generate or draw more points.",))
    scores = (f"Train {pct(s.train)}, test {pct(s.test)}" if s.train is not None and s.test is not None
              else f"Cross-validated: train {pct(s.cv_train)}, validation {pct(s.cv_val)}")
    if s.cv_val is not None and s.train is not None:
        scores += f" (cross-validated {pct(s.cv_val)})"
    k = knob(model_key, params)
    raw = params.get(k.name) if k else None
    v = value_text(raw)
    words = dict(v=v, s="" if raw == 1 else "s",
                 depth="grown until its leaves are pure" if raw is None else f"of depth {v}")
    if which == "overfitting":
        why = k.over.format(**words) if k else f"{label} has learned its training points, noise included"
        first = f"{scores}: {why}. This is **overfitting**: the model fits noise that new points do not share."
        move = (f"{cap(k.move('simpler'))} makes it simpler." if k
                else "A simpler model, or more training points, closes the gap.")
        return Reading(which, (first, move, "The validation curve shows where the accuracy on new points peaks."),
                       ("validation_curve", "bias_variance"), k.name if k else None)
    ref = f"another model reaches {pct(s.reference)} on new points"
    if which == "underfitting":
        if model_key in STRAIGHT:
            first = (f"{scores}, while {ref}: {STRAIGHT[model_key]}, and no such boundary splits these classes. "
                     "This is **underfitting**.")
            move = "A kernel (the SVM page) or polynomial features (the Features page) bend the boundary."
            return Reading(which, (first, move), ("svm", "features"))
        if model_key == "svm" and params.get("kernel") == "linear":
            first = f"{scores}, while {ref}: {_SVM_LINE.under}. This is **underfitting**."
            return Reading(which, (first, "The RBF kernel lets the boundary bend."), ("svm", "validation_curve"))
        why = k.under.format(**words) if k else f"{label} is too simple for these classes"
        first = f"{scores}, while {ref}: {why}. This is **underfitting**."
        move = (f"{cap(k.move('more flexible'))} lets it follow the data." if k
                else "A more flexible model follows the data better.")
        return Reading(which, (first, move, "The validation curve shows where the accuracy on new points peaks."),
                       ("validation_curve", "learning_curves"), k.name if k else None)
    close = (f"{scores}: close to each other"
             + (f" and to the {pct(s.reference)} other models reach on new points" if s.reference is not None else "")
             + ". A good fit.")
    rest = ("The errors left are mostly points where the classes overlap: no model gets those right on new data."
            if s.cv_val < 0.97 else "The classes are well apart: most settings do as well here.")
    return Reading(which, (close, rest), ("bias_variance", "learning_curves"), k.name if k else None)
