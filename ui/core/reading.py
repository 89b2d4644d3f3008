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


def knob(model_key: str, params: dict) -> Knob | None:
    """The setting that drives the model's complexity with these parameters (None: no single one)."""
    if model_key == "knn" and params.get("weights", "uniform") != "uniform":
        return _KNN_WEIGHTED
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
        move = "A simpler model or stronger regularisation closes the gap too: the Validation curve shows which."
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


def bayes_error_reading(label: str, bayes: float, risk: float, estimation: float, approximation: float) -> Reading:
    """The Bayes tab: the error no classifier beats, and the learned model's excess split in two."""
    first = (f"Even the Bayes classifier errs on {bayes:.1%} of new points, where the classes overlap: no model can "
             f"do better. {label} errs on {risk:.1%}, {(risk - bayes) * 100:.1f} points more.")
    if abs(estimation - approximation) < 0.0025:
        bigger = "the two are about equal"
    else:
        bigger = "most of it is " + ("the small sample (estimation)" if estimation > approximation
                                     else "the model's class (approximation)")
    second = (f"Of that excess, {estimation * 100:+.1f} points come from the sample and "
              f"{approximation * 100:+.1f} from what the model's class can express: {bigger}.")
    return Reading(None, (first, second), ("learning_curves", "bias_variance"))


# --- The model pages: SVM and kernels, Decision tree, Perceptron, Neural network --------------------
# Each reads what its page shows on top of fit_reading: the SVM's support vectors, the tree's leaves
# around single points, the perceptron's last epoch and pocket, a network whose training went nowhere.

# Half or more of the training points as support vectors: the boundary leans on nearly all of them.
MANY_SUPPORT = 0.5
# A network whose last loss is still this share of the chance loss ln K has learned (almost) nothing,
# and with a learning rate this large (per solver) the steps are the reason, not the units.
STUCK_LOSS = 0.9
LARGE_RATE = {"sgd": 0.5, "adam": 0.1}


def svm_reading(params: dict, s: Scores, n_support: int) -> Reading:
    """The SVM page: fit_reading's regime and setting (gamma for a bending kernel, C for the linear
    one), and what the support vectors say when half or more of the points are one."""
    base = fit_reading("svm", params, s, "the SVM")
    if base.regime is None or s.n_train == 0 or n_support / s.n_train < MANY_SUPPORT:
        return base
    share = f"{n_support} of the {s.n_train} training points are support vectors"
    if base.regime == "overfitting" and params.get("kernel", "rbf") != "linear":
        said = f"{share}: each pulls f(x) its way near itself, which is how the boundary reaches round single points."
    elif base.regime == "underfitting":
        said = f"{share}: a margin this wide takes in most of the data, so no single point shapes the boundary."
    else:
        said = f"{share}: the boundary leans on most of the data, where the classes overlap."
    # three sentences: the links under them name the page that shows why
    return Reading(base.regime, (base.sentences[0], said, *base.sentences[1:2]), base.pages, base.knob)


def tree_reading(depth: int, full_depth: int, n_leaves: int, lonely: int, grow: dict, s: Scores) -> Reading:
    """The Decision tree page: the tree cut at ``depth`` of a fully grown tree of ``full_depth``,
    with ``n_leaves`` leaves of which ``lonely`` hold a single training point; ``grow`` its other
    growth settings. An overfitting tree also points to the Ensembles page (averaged trees)."""
    params = {**grow, "max_depth": None if depth >= full_depth else depth}
    base = fit_reading("tree", params, s, "the tree")
    if base.regime != "overfitting":
        return base
    boxes = (f"{lonely} of its {n_leaves} leaves hold a single training point (the black squares)." if lonely
             else f"It has {n_leaves} leaves, each fitted to a few training points.")
    move = base.sentences[1] + " So does a larger min impurity decrease, or the pruning further down."
    return Reading(base.regime, (base.sentences[0], boxes, move), (*base.pages, "ensembles"), base.knob)


def perceptron_reading(converged: bool, epochs: int, last_mistakes: int, pocket_mistakes: int, n: int,
                       names: tuple, fit: Reading | None = None) -> Reading:
    """The Perceptron page: whether the run found a separating line (an epoch without a mistake),
    the pocket's answer when it did not, and ``fit`` (fit_reading of the perceptron on the page's
    dataset, when the page trains on the session's two classes) for the regime."""
    neg, pos = names
    if converged:
        first = (f"An epoch went by without a mistake: this line puts all {n} points of {pos} and {neg} on "
                 "their sides, as the convergence theorem promises for data a line separates. "
                 "The SVM page finds the line with the widest margin among all that do.")
    else:
        first = (f"After {epochs} epochs the perceptron still made {last_mistakes} mistakes in its last pass over "
                 f"the {n} points: no line it tried separates {pos} from {neg}, so it keeps moving. The pocket "
                 f"kept the best line it met: {pocket_mistakes} mistakes.")
    if fit is None or fit.regime is None:
        return Reading(None, (first,), ("svm", "nn") if not converged else ("svm",))
    if fit.regime == "underfitting":
        return Reading(fit.regime, (first, *fit.sentences), (*fit.pages, "nn"), fit.knob)
    return Reading(fit.regime, (first, fit.sentences[0]), ("svm",), fit.knob)


def nn_reading(params: dict, s: Scores, loss_first: float, loss_last: float, n_classes: int) -> Reading:
    """The Neural network page: a network whose loss is still near chance (ln K) after training
    with a large learning rate is stuck because its steps overshoot: the rate is the setting to
    move, not the units. Otherwise fit_reading's regime and setting (the hidden units)."""
    chance = math.log(max(n_classes, 2))
    rate, solver = params.get("learning_rate_init", 0.001), params.get("solver", "adam")
    if loss_last >= STUCK_LOSS * chance and rate >= LARGE_RATE.get(solver, 0.1) and s.n_train >= MIN_POINTS:
        scores = (f"Train {_pct(s.train)}, test {_pct(s.test)}" if s.train is not None and s.test is not None
                  else "The network")
        first = (f"{scores}: the loss ended at {loss_last:.3f}, about ln {max(n_classes, 2)} = {chance:.3f}, what "
                 f"guessing scores. With learning rate {_value(rate)} each {solver} step overshoots the slope, so "
                 "training never got down it. This is **underfitting**, and not for want of units.")
        return Reading("underfitting", (first, "A smaller learning rate lets the steps follow the slope."),
                       ("validation_curve",), "learning_rate_init")
    return fit_reading("mlp", params, s, "the network")


# --- Ensembles, Multi-class, ID3 on a table ------------------------------------------------------
# The vote of a bagged ensemble has levelled off when its last half of members moved the test
# accuracy by at most LEVEL (2 points: one or two of 60 test points). Boosting has overfitted when
# the test accuracy of its last round is DROP (3 of 60 test points) under its best round's. A class
# has lost its region when its share of the plane is under LOST times its share of the training
# points, or when under LOST of its test points are predicted as it.
LEVEL = 0.02
DROP = 0.05
LOST = 0.25
CLOSE_GAIN = 0.02  # a gain this close to the winner's: one row more or less could swap them


def _points(x: float) -> str:
    n = round(100 * x)
    return f"{n} point{'' if n == 1 else 's'}"


@dataclass(frozen=True)
class Members:
    """An ensemble's members as the page shows them: the vote of the first ``shown`` of ``total``
    (bagging and forests), or AdaBoost after round ``shown`` of ``total``."""
    shown: int
    total: int
    train: tuple[float, ...]               # training accuracy of the first 1..total members (rounds)
    test: tuple[float, ...] | None         # their test accuracy (None: no test points)
    alone: float | None = None             # mean test accuracy of one member on its own
    split: float | None = None             # mean share of the members voting against the majority, per test point
    oob: float | None = None               # out-of-bag accuracy of all members (None: no bootstrap)


def ensemble_reading(model_key: str, params: dict, s: Scores, members: Members, label: str) -> Reading:
    """The regime of the whole ensemble (``fit_reading``), then what its members add: for bagging
    and forests, the variance the vote takes away, that more members do not overfit, and the
    out-of-bag score against the test score; for AdaBoost, the training and test error round by
    round."""
    base = fit_reading(model_key, params, s, label)
    # the regime and the setting to move (the closing pointer to the curve page is the link itself)
    first = base.sentences[:2] if base.regime in ("overfitting", "underfitting") else base.sentences[:1]
    more = (_boosting_sentences(members) if model_key == "adaboost"
            else _vote_sentences(members, s, "tree" if model_key != "bagging" else "member",
                                 base.regime == "overfitting"))
    pages = ("bias_variance", *base.pages) if model_key != "adaboost" else base.pages
    return Reading(base.regime, (*first, *more), tuple(dict.fromkeys(pages))[:2], base.knob)


def _vote_sentences(v: Members, s: Scores, noun: str, over: bool) -> tuple[str, ...]:
    out = []
    test = v.test
    if v.total == 1:
        out.append(f"One {noun} alone: it learned the noise of its own bootstrap sample, and another sample would "
                   f"give another {noun}. That spread is **variance**; more {noun}s voting average it away.")
    elif test is not None:
        vote = f"all {v.total}" if v.shown == v.total else f"the first {v.shown} of {v.total}"
        lead = (f"One {noun} alone scores {_pct(v.alone)} on the test points on average, the vote of {vote} "
                f"scores {_pct(test[v.shown - 1])}" if v.alone is not None else
                f"The vote of {vote} scores {_pct(test[v.shown - 1])} on the test points")
        split = (f"on a typical test point {_pct(v.split)} of the {noun}s vote against the rest, " if v.split else "")
        out.append(f"{lead}: {split}and the vote averages their noise away, which lowers the **variance**.")
        if v.total >= 4:
            tail = test[v.total // 2 - 1:]
            moved = max(tail) - min(tail)
            why = (f"; the overfitting comes from how closely each {noun} fits its sample, not from their number"
                   if over else "")
            out.append(f"From {v.total // 2} to {v.total} {noun}s the test accuracy moves by {_points(moved)}: "
                       f"more {noun}s steady the vote and never make it overfit{why}.")
    if v.oob is None:
        out.append("No out-of-bag score: it needs bootstrap samples, so that each point is left out of some "
                   f"{noun}s' samples (switch **bootstrap** on).")
    elif test is not None:
        gap = abs(v.oob - test[-1])
        close = ("close, so the out-of-bag score estimates the accuracy on new points without holding any out"
                 if gap <= SHORT + _EPS else
                 f"{_points(gap)} apart: both rest on few points, so each is only a rough estimate")
        train = (f" Training accuracy ({_pct(v.train[-1])}) is no such estimate: each {noun} saw most of those points."
                 if v.train[-1] - v.oob >= GAP - _EPS else "")
        out.append(f"Out-of-bag accuracy (each point scored only by the {noun}s that never saw it) {_pct(v.oob)} "
                   f"against test {_pct(test[-1])}: {close}.{train}")
    return tuple(out)


def _boosting_sentences(b: Members) -> tuple[str, ...]:
    m = b.shown
    errors = f"training error {_pct(1 - b.train[m - 1])}"
    if b.test is not None:
        errors += f", test error {_pct(1 - b.test[m - 1])}"
    out = [f"After round {m} of {b.total}: {errors}." + (
        f" Training error went from {_pct(1 - b.train[0])} after one round to {_pct(1 - b.train[-1])} after "
        f"{b.total}: each round re-weights the points the rounds before got wrong." if b.total > 1 else
        " One round is one small tree: the rounds after it would re-weight the points it gets wrong.")]
    if b.test is not None and b.total > 1:
        best = max(range(b.total), key=lambda t: (b.test[t], -t))
        low = f"Test error was lowest at round {best + 1} ({_pct(1 - b.test[best])})"
        drop = b.test[best] - b.test[-1]
        if drop <= _EPS:
            out.append(f"Test error is at its lowest ({_pct(1 - b.test[-1])}) after the last round: more rounds have "
                       "not hurt new points yet.")
        elif drop >= DROP - _EPS:
            out.append(f"{low}; after round {b.total} it is {_pct(1 - b.test[-1])}: the later rounds chase noisy "
                       "points. Fewer rounds, or a smaller learning rate, do better on new points.")
        else:
            out.append(f"{low}; after round {b.total} it is {_pct(1 - b.test[-1])}, {_points(drop)} more: the "
                       "later rounds sharpen the fit to the training points more than they help on new ones.")
    return tuple(out)


@dataclass(frozen=True)
class ClassRegion:
    """Where one class is predicted: its share of the plane, of the training points, and how many of
    its test points are predicted as it."""
    label: str
    plane: float
    points: float
    right: int
    tested: int

    @property
    def lost(self) -> bool:
        few = self.tested >= 3 and self.right < LOST * self.tested
        return self.plane < LOST * self.points or few


@dataclass(frozen=True)
class Strategy:
    """A multi-class strategy as fitted: its name, the number of two-class machines (1: one joint
    problem) and its accuracy."""
    name: str
    machines: int
    train: float
    test: float | None


_HOW = {"one-vs-rest": "one per class against all the others; the largest score wins",
        "one-vs-one": "one per pair of classes; the pairs vote",
        "output codes": "one per bit of a code word; the nearest code word wins",
        "Crammer–Singer": "one joint problem for all the weight vectors; the largest score wins"}


def multiclass_reading(this: Strategy, base: str, regions: tuple[ClassRegion, ...], other: Strategy | None,
                       cv_train: float | None = None, cv_val: float | None = None,
                       reference: float | None = None, n_train: int = 0, straight: bool = False) -> Reading:
    """Which strategy, with how many machines; where a class loses its region; the accuracy of
    another strategy on the same points, and which way to go. ``straight``: the base model draws a
    straight line."""
    machines = ("one problem" if this.machines == 1 and this.name == "Crammer–Singer"
                else f"{this.machines} two-class machine{'s' if this.machines > 1 else ''} ({base})")
    scores = f"train {_pct(this.train)}" + (f", test {_pct(this.test)}" if this.test is not None else "")
    which = None if n_train < MIN_POINTS else regime(cv_train, cv_val, reference)
    if which == "underfitting":
        scores += f", while another model reaches {_pct(reference)} on new points: **underfitting**"
    elif which == "overfitting":
        scores += f" (cross-validated {_pct(cv_val)}): **overfitting**, the machines have learned noise"
    out = [f"{_cap(this.name)}: {machines}, {_HOW.get(this.name, '')}. {_cap(scores)}."]
    lost = [r for r in regions if r.lost]
    if lost:
        names = ", ".join(f"class {r.label} ({_pct(r.plane)} of the plane, {r.right} of its {r.tested} test points)"
                          for r in lost)
        if this.name == "one-vs-rest":
            why = ("its machine must cut it from all the other classes at once, "
                   + ("and with classes on both sides one line cannot" if straight else "which is the hardest split")
                   + ", so its score is rarely the largest")
        else:
            why = "its machines' outputs rarely point to it"
        out.append(f"{'These classes lose their regions' if len(lost) > 1 else 'One class loses its region'}: "
                   f"{names}: {why}.")
    elif regions:
        small = min(regions, key=lambda r: r.plane)
        out.append(f"Every class has a region: the smallest, class {small.label}, gets {_pct(small.plane)} of the "
                   f"plane and {small.right} of its {small.tested} test points.")
    if other is not None and other.test is not None and this.test is not None:
        diff = other.test - this.test
        n = f"{other.machines} machines" if other.machines > 1 else "one problem"
        if diff >= SHORT - _EPS:
            why = ("a machine per pair only has to split two classes, so " if other.name == "one-vs-one" else "")
            out.append(f"{_cap(other.name)} ({n}) scores {_pct(other.test)} on the same test points, "
                       f"{_points(diff)} more: {why}switch to {other.name}.")
        else:
            out.append(f"{_cap(other.name)} ({n}) scores {_pct(other.test)} on the same test points: "
                       f"{this.name} does as well{' or better' if diff < 0 else ''} here"
                       + (", with fewer machines." if other.machines > this.machines else "."))
    return Reading(which, tuple(out), ("nn", "svm"))


@dataclass(frozen=True)
class Split:
    """One candidate feature at an ID3 node and its score (gain, gain ratio or Gini gain)."""
    name: str
    score: float
    branches: dict  # value -> class counts in the branch


def id3_reading(where: str, score_name: str, splits: tuple[Split, ...], chosen: str | None, classes: tuple,
                leaf: str | None = None) -> Reading:
    """The split that won at the node shown and its score against the runner-up; or why the node
    is a leaf (``leaf``: the reason, ``chosen``: the class it predicts). No page is named: the ID3
    page links to the Decision tree itself, with points to grow it on."""
    if leaf is not None:
        return Reading(None, (f"{_cap(where)} is a leaf: {leaf}. It predicts **{chosen}**.",))
    won = next(s for s in splits if s.name == chosen)
    rest = sorted((s for s in splits if s.name != chosen), key=lambda s: -s.score)
    if rest:
        runner = rest[0]
        gap = won.score - runner.score
        close = (" A tie, broken by column order: the first column wins." if gap <= 1e-9 else
                 " A close call: a row more or less could swap them." if gap < CLOSE_GAIN else "")
        first = (f"At {where}, **{won.name}** wins with {score_name} {won.score:.3f} against {runner.name}'s "
                 f"{runner.score:.3f}: splitting on it leaves the classes least mixed.{close}")
    else:
        first = f"At {where}, **{won.name}** is the only feature left, with {score_name} {won.score:.3f}."
    pure = [f"{v} ({int(sum(c))} rows, all {classes[int(max(range(len(c)), key=lambda k: c[k]))]})"
            for v, c in won.branches.items() if sum(c) > 0 and max(c) == sum(c)]
    mixed = len([c for c in won.branches.values() if sum(c) > 0]) - len(pure)
    if pure:
        names = ", ".join(pure[:-1]) + " and " + pure[-1] if len(pure) > 1 else pure[0]
        second = (f"Its branch{'es' if len(pure) > 1 else ''} {names} "
                  f"{'are' if len(pure) > 1 else 'is'} already pure"
                  + (": the tree ends here." if not mixed else "; the other branch splits again." if mixed == 1
                     else f"; the other {mixed} split again."))
    else:
        second = f"None of its {mixed} branches is pure yet: each is split again."
    return Reading(None, (first, second))


def bayes_reading(classes: tuple, features: tuple, row: tuple, prior, factors, target: str,
                  laplace: bool) -> Reading:
    """Which factor decides naive Bayes' scores for one row: a zero factor wipes a class out
    whatever the others say; otherwise the factor that favours the winner most over the runner-up.
    ``factors[k][j]`` is P(x_j | class k)."""
    K = len(classes)
    scores = [prior[k] * math.prod(factors[k]) for k in range(K)]
    zeros = [(k, j) for k in range(K) for j in range(len(features)) if factors[k][j] == 0]
    out = []
    for k, j in zeros[:2]:
        out.append(f"P({features[j]} = {row[j]} | {classes[k]}) = 0: {row[j]} never came with {target} = "
                   f"{classes[k]} in the table, so score({classes[k]}) is 0 whatever the other factors say.")
    if zeros and not laplace:
        out.append("Laplace smoothing (every count + 1) keeps one unseen pair from deciding alone.")
    alive = [k for k in range(K) if scores[k] > 0]
    if len(alive) >= 2:
        order = sorted(alive, key=lambda k: -scores[k])
        w, r = order[0], order[1]
        logs = [(math.log(prior[w] / prior[r]), f"the prior P({classes[w]}) = {prior[w]:.3f} against "
                                                f"{prior[r]:.3f}")]
        logs += [(math.log(factors[w][j] / factors[r][j]),
                  f"P({features[j]} = {row[j]} | c): {factors[w][j]:.3f} for {classes[w]} against "
                  f"{factors[r][j]:.3f} for {classes[r]}") for j in range(len(features))]
        top, what = max(logs, key=lambda t: t[0])
        total = sum(t for t, _ in logs)
        alone = (f" Without it {classes[r]} would win." if total - top < 0 else "")
        out.append(f"**{classes[w]}** wins, score {scores[w]:.4f} against {scores[r]:.4f}. The factor that favours "
                   f"it most is {what}.{alone}")
    return Reading(None, tuple(out))


# --- Bias-variance (the Bias-variance page) ---------------------------------------------------------
# Domingos' terms at the current setting and the expected loss along the swept setting. Two losses on
# the curve count as equal when they differ by less than TIE_SE standard errors of their difference
# (paired: the curve's values share their training sets and test points,
# mlcore.model_selection.paired_loss_se).

TIE_SE = 2.0


def _share(x: float) -> str:
    return f"{x:.1%}"


def bias_variance_reading(label: str, values, losses, paired, current: int | None, terms: dict,
                          known: bool, knob: str | None = None) -> Reading:
    """What the decomposition says at the current setting: which term is largest, which way to move
    the swept setting (``label``, at ``values``; ``current`` its index there or None) to lower the
    expected loss (the curve's ``losses``; ``paired[i][j]`` the standard error of losses[i] − losses[j]),
    and the noise floor when the distribution
    is ``known``. ``terms``: expected_loss, bias, net_variance, noise, noise_term at the current setting.
    The regime: "fine" at the bottom of the curve, else "overfitting" when the net variance outweighs
    the bias, "underfitting" when the bias does; None without a curve."""
    loss, bias, net = terms["expected_loss"], terms["bias"], terms["net_variance"]
    if known:
        split = (f"Expected loss {_share(loss)} = noise term {_share(terms['noise_term'])} + bias {_share(bias)} + "
                 f"net variance {_share(net)}")
    else:
        split = f"Expected loss {_share(loss)} = bias {_share(bias)} + net variance {_share(net)}"
    if net > bias:
        why = ("the net variance outweighs the bias: the models disagree with each other more than their vote "
               "is wrong")
    else:
        why = "the bias outweighs the net variance: the models agree, but their vote is wrong on more points"
    sentences = [f"{split}. Of what a model can change, {why}."]
    if known:
        sentences.append(f"The noise floor: {_share(terms['noise'])} of the labels differ from the Bayes "
                         "classifier's, and no model's expected loss goes below it.")
    else:
        sentences.append("These points' distribution is unknown, so the noise is counted in the bias.")
    finite = [i for i, v in enumerate(losses) if v is not None and math.isfinite(v)]
    which = None
    if finite:
        best = min(finite, key=lambda i: losses[i])
        at_best = f"{label} = {_value(values[best])}"
        if current is None or current not in finite:
            sentences.append(f"On the curve the expected loss is lowest, {_share(losses[best])}, at {at_best}.")
        elif abs(losses[current] - losses[best]) <= TIE_SE * paired[current][best]:
            which = "fine"
            sentences.append(f"{label} = {_value(values[current])} is at the bottom of the curve (within its "
                             "standard error): moving it does not lower the expected loss.")
        else:
            which = "overfitting" if net > bias else "underfitting"
            sentences.append(f"Move {label} towards {_value(values[best])}: the curve's lowest expected loss, "
                             f"{_share(losses[best])}, is at {at_best}; here the model is too "
                             f"{'flexible' if which == 'overfitting' else 'simple'} for these points.")
    return Reading(which, tuple(sentences), ("validation_curve", "learning_curves"), knob)
