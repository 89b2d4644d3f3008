""""What you see": the chart read for a student, in two or three sentences computed from the fit.

Pure rules (no Streamlit), so each can be unit-tested; ``ui.core.guide.see`` draws a ``Reading``.

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
_EPS = 1e-9  # 1.0 - 0.92 is 0.0799...: a difference at a threshold counts as reaching it


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
    if cv_train - cv_val >= GAP - _EPS and (reference is None or cv_train >= reference):
        return "overfitting"
    if reference is not None and reference - cv_val >= SHORT - _EPS:
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

    def move(self, towards: str) -> str:
        """"a larger k" / "a smaller gamma" for towards = "simpler" or "more flexible"."""
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


def knob(model_key: str, params: dict) -> Knob | None:
    """The setting that drives the model's complexity with these parameters (None: no single one)."""
    if model_key == "svm":
        kernel = params.get("kernel", "rbf")
        if kernel == "linear":
            return _SVM_LINE
        return _SVM_GAMMA if kernel in ("rbf", "laplacian", "sigmoid") else _SVM_C
    return KNOBS.get(model_key)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _pct(x: float) -> str:
    return f"{x:.0%}"


def _value(v) -> str:
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
    scores = (f"Train {_pct(s.train)}, test {_pct(s.test)}" if s.train is not None and s.test is not None
              else f"Cross-validated: train {_pct(s.cv_train)}, validation {_pct(s.cv_val)}")
    if s.cv_val is not None and s.train is not None:
        scores += f" (cross-validated {_pct(s.cv_val)})"
    k = knob(model_key, params)
    raw = params.get(k.name) if k else None
    v = _value(raw)
    words = dict(v=v, s="" if raw == 1 else "s",
                 depth="grown until its leaves are pure" if raw is None else f"of depth {v}")
    if which == "overfitting":
        why = k.over.format(**words) if k else f"{label} has learned its training points, noise included"
        first = f"{scores}: {why}. This is **overfitting**: the model fits noise that new points do not share."
        move = (f"{_cap(k.move('simpler'))} makes it simpler." if k
                else "A simpler model, or more training points, closes the gap.")
        return Reading(which, (first, move, "The validation curve shows where the accuracy on new points peaks."),
                       ("validation_curve", "bias_variance"), k.name if k else None)
    ref = f"another model reaches {_pct(s.reference)} on new points"
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
        move = (f"{_cap(k.move('more flexible'))} lets it follow the data." if k
                else "A more flexible model follows the data better.")
        return Reading(which, (first, move, "The validation curve shows where the accuracy on new points peaks."),
                       ("validation_curve", "learning_curves"), k.name if k else None)
    close = (f"{scores}: close to each other"
             + (f" and to the {_pct(s.reference)} other models reach on new points" if s.reference is not None else "")
             + ". A good fit.")
    rest = ("The errors left are mostly points where the classes overlap: no model gets those right on new data."
            if s.cv_val < 0.97 else "The classes are well apart: most settings do as well here.")
    return Reading(which, (close, rest), ("bias_variance", "learning_curves"), k.name if k else None)


# === The model-selection, theory and features pages ================================================
# Each reads its page's own results (curves, fold scores, a search grid, ...), not a single fit.

RISING = 0.03     # validation accuracy still climbing by this much over the last half of the sizes
SLOW = 0.01       # ... or at least by this much: climbing slowly
FLAT = 0.03       # a search grid (or a set of models) whose scores span less than this is flat
WIDE = 0.05       # fold scores spread over at least this: one split alone could mislead


def learning_reading(regime_name: str, train: float, validation: float, target: float,
                     sizes, validation_means) -> Reading:
    """A learning curve read at its largest size: the regime (mlcore's learning_curve_regime) and
    whether more data would help, from how much the validation accuracy still rose over the last
    half of the sizes."""
    sizes, means = list(sizes), [float(v) for v in validation_means]
    m, gap = sizes[-1], train - validation
    half = means[len(means) // 2]
    rise = means[-1] - half if math.isfinite(half) and math.isfinite(means[-1]) else 0.0
    scores = f"At {m} training points: training {_pct(train)}, validation {_pct(validation)}"
    if rise >= RISING - _EPS:
        rising = (f"The validation curve still rose {rise * 100:.0f} points over the last half of the sizes: more "
                  "data would help.")
    elif rise >= SLOW - _EPS:
        rising = (f"The validation curve still rises slowly ({rise * 100:.0f} points over the last half of the "
                  "sizes): more data would help a little.")
    else:
        rising = "The validation curve has levelled off: more data alone will help little."
    if regime_name == "high variance":
        first = f"{scores}, a gap of {gap * 100:.0f} points. This is **high variance** (overfitting)."
        move = "A simpler model or stronger regularisation closes the gap too; the validation curve shows how far."
        return Reading("overfitting", (first, rising, move), ("validation_curve", "learning_theory"))
    if regime_name == "high bias":
        first = (f"{scores}: even training is below the {_pct(target)} target. This is **high bias** "
                 "(underfitting).")
        move = ("More data will not lift the training curve; a more flexible model or better features might."
                if rise < SLOW - _EPS else "More data helps validation a little, but not the training curve's ceiling.")
        return Reading("underfitting", (first, move), ("validation_curve", "learning_theory"))
    first = f"{scores}: training reaches the {_pct(target)} target and validation is within {gap * 100:.0f} points."
    return Reading("fine", (first, rising), ("validation_curve", "learning_theory"))


def validation_reading(label: str, values, train_means, validation_means, current: int, shown) -> Reading:
    """A validation curve: where validation accuracy peaks against the current value (``current``,
    an index of ``values``), which side of the peak overfits and which underfits, and which way to
    move. ``shown(v)`` writes a value. The flexible side is the one where training accuracy is higher."""
    train = [float(t) for t in train_means]
    valid = [float(v) for v in validation_means]
    scored = [i for i, v in enumerate(valid) if math.isfinite(v)]
    if not scored:
        return Reading(None, ())
    best = max(scored, key=lambda i: (valid[i], -i))
    peak = f"Validation accuracy peaks at {label} = {shown(values[best])} ({_pct(valid[best])})"
    if current not in scored:
        return Reading(None, (peak + ".",), ("bias_variance", "search"))
    if current == best:
        return Reading("fine", (peak + ", the value shown on the right: no other value does better on new points.",
                                _sides(label, values, train, valid, best, shown)),
                       ("bias_variance", "search"))
    t, v = train[current], valid[current]
    now = f"At {label} = {shown(values[current])}: training {_pct(t)}, validation {_pct(v)}"
    if valid[best] - v < SHORT:
        return Reading("fine", (peak + ".", now + ", close to the peak: the setting matters little here."),
                       ("bias_variance", "search"))
    if t > train[best]:
        said = (f"{now}: more flexible than at the peak, it fits its training points better and new points worse. "
                "This is **overfitting**.")
        which = "overfitting"
    else:
        said = f"{now}: simpler than at the peak, lower on both. This is **underfitting**."
        which = "underfitting"
    return Reading(which, (peak + ".", said, f"Move {label} towards {shown(values[best])}."),
                   ("bias_variance", "search"))


def _sides(label: str, values, train, valid, best: int, shown) -> str:
    """What lies on either side of the peak (only the sides the curve has)."""
    parts = []
    for end in (0, len(values) - 1):
        if end == best or not (math.isfinite(train[end]) and math.isfinite(valid[end])):
            continue
        if train[end] > train[best]:
            said = f"overfits (training {(train[end] - valid[end]) * 100:.0f} points above validation)"
        else:
            said = f"underfits (validation {(valid[best] - valid[end]) * 100:.0f} points below the peak)"
        parts.append(f"at {label} = {shown(values[end])} it {said}")
    return (_cap("; ".join(parts)) + ".") if parts else ""


def cv_reading(scores, test_acc: float | None, kind: str = "folds") -> Reading:
    """Cross-validation: the spread of the split scores against the test accuracy they estimate.
    ``kind``: "folds", "splits" or "loo" (scores of single points: 0 or 1)."""
    ok = [float(s) for s in scores if math.isfinite(s)]
    if not ok:
        return Reading(None, ())
    mean = sum(ok) / len(ok)
    test = "" if test_acc is None else f" The test set, never used here, gives {_pct(test_acc)}"
    if kind == "loo":
        first = (f"{len(ok)} fits, each right or wrong on the one point it left out: {_pct(mean)} right. "
                 "Each score is 0 or 1, so their spread says nothing about how sure the estimate is.")
        return Reading(None, (first + (test + "." if test else ""),), ("search", "learning_curves"))
    low, high = min(ok), max(ok)
    first = f"The {len(ok)} {kind} score from {_pct(low)} to {_pct(high)}, mean {_pct(mean)}."
    if test_acc is not None:
        where = "within" if low - _EPS <= test_acc <= high + _EPS else "outside"
        test += f", {where} that spread."
    spread = (f"A spread of {(high - low) * 100:.0f} points: one split alone could mislead by that much; "
              "the mean of all of them is steadier." if high - low >= WIDE - _EPS else
              f"The splits agree within {(high - low) * 100:.0f} points: the estimate is steady on these points.")
    return Reading(None, (first + test, spread), ("search", "learning_curves"))


def search_reading(best_text: str, best_score: float, low: float, high: float, test_acc: float | None,
                   random_best: float | None = None) -> Reading:
    """A 2-parameter search: the best cell, how flat the grid is, random search against the grid, and
    the winner tested once."""
    first = f"Best cell: {best_text}, CV {_pct(best_score)}."
    if high - low < FLAT:
        flat = (f"The grid is flat (every cell within {(high - low) * 100:.0f} points): these settings hardly "
                "matter on these points.")
    else:
        flat = f"The grid runs from {_pct(low)} to {_pct(high)}: these settings matter."
    sentences = [first, flat]
    if random_best is not None:
        diff = random_best - best_score
        sentences.append(f"Random search's best draw: {_pct(random_best)}, "
                         + ("as good as the grid's, with the same budget." if abs(diff) < 0.01 else
                            f"{abs(diff) * 100:.0f} points {'above' if diff > 0 else 'below'} the grid's."))
    if test_acc is not None:
        lower = test_acc < best_score
        sentences.append(f"Tested once, the winner scores {_pct(test_acc)}"
                         + (": the best of many noisy CV means flatters." if lower else "."))
    return Reading(None, tuple(sentences), ("validation_curve", "cross_validation"))


def compare_reading(cv_means: dict, labels: dict) -> Reading:
    """Compare models: the best and the worst model by CV accuracy, and why the worst falls short
    (a straight boundary on curved classes) when that is the reason. ``cv_means``: model key ->
    mean CV accuracy; ``labels``: model key -> its name."""
    scored = {k: v for k, v in cv_means.items() if math.isfinite(v)}
    if len(scored) < 2:
        return Reading(None, ())
    best = max(scored, key=scored.get)
    worst = min(scored, key=scored.get)
    first = (f"Best: {labels[best]} ({_pct(scored[best])}); worst: {labels[worst]} ({_pct(scored[worst])}), "
             "by cross-validated accuracy.")
    span = scored[best] - scored[worst]
    if span < FLAT:
        why = "Every model is within a few points: the errors left are where the classes overlap."
    elif worst in STRAIGHT and best not in STRAIGHT:
        straight = [k for k in scored if k in STRAIGHT and scored[best] - scored[k] >= SHORT]
        why = (f"{_cap(STRAIGHT[worst])}, and these classes are not split that way: the models with a straight "
               f"boundary ({', '.join(labels[k] for k in straight)}) fall short of the ones that bend.")
    else:
        why = (f"A gap of {span * 100:.0f} points: {labels[worst]} cannot follow these classes as "
               f"{labels[best]} does.")
    return Reading(None, (first, why), ("playground", "search"))


def bounds_reading(sizes, test_error, vc) -> Reading:
    """The bounds tab: up to which m the VC bound is vacuous, and how far above the test error it is
    at the largest m."""
    sizes = [int(m) for m in sizes]
    vacuous = [m for m, b in zip(sizes, vc, strict=True) if b > 1]
    m, bound, test = sizes[-1], float(vc[-1]), float(test_error[-1])
    first = (f"The VC bound is above 1, so it says nothing, up to m = {max(vacuous)}." if vacuous else
             "The VC bound is below 1 at every m shown.")
    ratio = f"{bound / test:.1f} times" if test > 0 else "far above"
    second = (f"At m = {m} it is {bound:.2f}: {ratio} the test error of {test:.2f}. It holds for every "
              "distribution and every line, so it is loose for this one.")
    return Reading(None, (first, second), ("learning_curves", "bias_variance"))


def pac_reading(eps: float, delta: float, d: int) -> Reading:
    """The PAC tab: how m grows with 1/ε against ln|H| and ln(1/δ), computed from the bound."""
    def needed(e: float, dl: float, attrs: int) -> int:
        return math.ceil((attrs * math.log(3) + math.log(1 / dl)) / e - 1e-9)

    m = needed(eps, delta, d)
    first = (f"m = {m} examples for ε = {eps:g}, δ = {delta:g} and 3^{d} conjunctions. Halving ε doubles it to "
             f"{needed(eps / 2, delta, d)}; halving δ adds only {needed(eps, delta / 2, d) - m}, and one more "
             f"attribute {needed(eps, delta, d + 1) - m}: they enter through a logarithm.")
    return Reading(None, (first,), ("learning_curves", "bias_variance"))


def features_reading(changed: dict, labels: dict, what: str, n_train: int) -> Reading:
    """The Features page's stretch: which models' training predictions moved with it. ``changed``:
    model key -> how many of the ``n_train`` training predictions changed; ``what``: the transform."""
    moved = [k for k, n in changed.items() if n > 0]
    still = [k for k, n in changed.items() if n == 0]
    if not moved:
        first = f"After {what}, no model changed a single training prediction."
        return Reading(None, (first,), ("playground", "svm"))
    parts = ", ".join(f"{labels[k]} {changed[k]}" for k in moved)
    sentences = [f"After {what}, of the {n_train} training predictions these changed: {parts}."]
    if "tree" in still:
        sentences.append("The tree did not move: its threshold on one feature stretches with the feature, while a "
                         "distance weighs the stretched feature more.")
    others = [labels[k] for k in still if k != "tree"]
    if others:
        sentences.append(f"{' and '.join(others)} kept every training prediction, though "
                         f"{'its' if len(others) == 1 else 'their'} regions may have moved between the points.")
    if not still:
        sentences.append("Every model moved: the transform changed what each of them compares.")
    return Reading(None, tuple(sentences), ("playground", "svm"))


def rademacher_reading(m: int, values: dict) -> Reading:
    """The Rademacher tab at its largest sample m: ``values`` maps each capacity's label to its R̂
    there (NaN where it could not be fitted), from least to most flexible."""
    scored = {label: float(v) for label, v in values.items() if math.isfinite(v)}
    if not scored:
        return Reading(None, ())
    low, high = min(scored, key=scored.get), max(scored, key=scored.get)
    first = (f"At m = {m}: R̂ runs from {scored[low]:.2f} ({low}) to {scored[high]:.2f} ({high}). The more random "
             "labels a model can fit, the less its fit of the real labels proves.")
    full = [label for label, v in scored.items() if v >= 0.5 - 0.01]
    second = (f"{', '.join(full)} fit{'s' if len(full) == 1 else ''} any labeling (R̂ = ½): a perfect training score "
              "says nothing about new points." if full else
              "No capacity here fits every random labeling: each training score carries some evidence.")
    return Reading(None, (first, second), ("learning_curves", "bias_variance"))


def bayes_reading(label: str, bayes: float, risk: float, estimation: float, approximation: float) -> Reading:
    """The Bayes tab: the error no classifier beats, and the learned model's excess split in two."""
    first = (f"Even the Bayes classifier errs on {bayes:.1%} of new points, where the classes overlap: no model can "
             f"do better. {label} errs on {risk:.1%}, {(risk - bayes) * 100:.1f} points more.")
    bigger = "the small sample (estimation)" if estimation > approximation else "the model's class (approximation)"
    second = (f"Of that excess, {estimation * 100:+.1f} points come from the sample and "
              f"{approximation * 100:+.1f} from what the model's class can express: most of it is {bigger}.")
    return Reading(None, (first, second), ("learning_curves", "bias_variance"))
