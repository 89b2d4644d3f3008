""""What you see" on the model-selection, theory and features pages: each reads its page's own
results (curves, fold scores, a search grid, bounds), not a single fit."""

from __future__ import annotations

import math

from ui.reading.regime import EPS, SHORT, STRAIGHT, Reading, cap, pct

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
    scores = f"At {m} training points: training {pct(train)}, validation {pct(validation)}"
    if rise >= RISING - EPS:
        rising = (f"The validation curve still rose {rise * 100:.0f} points over the last half of the sizes: more "
                  "data would help.")
    elif rise >= SLOW - EPS:
        rising = (f"The validation curve still rises slowly ({rise * 100:.0f} points over the last half of the "
                  "sizes): more data would help a little.")
    else:
        rising = "The validation curve has levelled off: more data alone will help little."
    if regime_name == "high variance":
        first = f"{scores}, a gap of {gap * 100:.0f} points. This is **high variance** (overfitting)."
        move = "A simpler model or stronger regularisation closes the gap too: the Validation curve shows which."
        return Reading("overfitting", (first, rising, move), ("validation_curve", "learning_theory"))
    if regime_name == "high bias":
        first = (f"{scores}: even training is below the {pct(target)} target. This is **high bias** "
                 "(underfitting).")
        move = ("More data will not lift the training curve; a more flexible model or better features might."
                if rise < SLOW - EPS else "More data helps validation a little, but not the training curve's ceiling.")
        return Reading("underfitting", (first, move), ("validation_curve", "learning_theory"))
    first = f"{scores}: training reaches the {pct(target)} target and validation is within {gap * 100:.0f} points."
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
    peak = f"Validation accuracy peaks at {label} = {shown(values[best])} ({pct(valid[best])})"
    if current not in scored:
        return Reading(None, (peak + ".",), ("bias_variance", "search"))
    if current == best:
        return Reading("fine", (peak + ", the value shown on the right: no other value does better on new points.",
                                _sides(label, values, train, valid, best, shown)),
                       ("bias_variance", "search"))
    t, v = train[current], valid[current]
    now = f"At {label} = {shown(values[current])}: training {pct(t)}, validation {pct(v)}"
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
    return (cap("; ".join(parts)) + ".") if parts else ""


def cv_reading(scores, test_acc: float | None, kind: str = "folds") -> Reading:
    """Cross-validation: the spread of the split scores against the test accuracy they estimate.
    ``kind``: "folds", "splits" or "loo" (scores of single points: 0 or 1)."""
    ok = [float(s) for s in scores if math.isfinite(s)]
    if not ok:
        return Reading(None, ())
    mean = sum(ok) / len(ok)
    test = "" if test_acc is None else f" The test set, never used here, gives {pct(test_acc)}"
    if kind == "loo":
        first = (f"{len(ok)} fits, each right or wrong on the one point it left out: {pct(mean)} right. "
                 "Each score is 0 or 1, so their spread says nothing about how sure the estimate is.")
        return Reading(None, (first + (test + "." if test else ""),), ("search", "learning_curves"))
    low, high = min(ok), max(ok)
    first = f"The {len(ok)} {kind} score from {pct(low)} to {pct(high)}, mean {pct(mean)}."
    if test_acc is not None:
        where = "within" if low - EPS <= test_acc <= high + EPS else "outside"
        test += f", {where} that spread."
    spread = (f"A spread of {(high - low) * 100:.0f} points: one split alone could mislead by that much; "
              "the mean of all of them is steadier." if high - low >= WIDE - EPS else
              f"The splits agree within {(high - low) * 100:.0f} points: the estimate is steady on these points.")
    return Reading(None, (first + test, spread), ("search", "learning_curves"))


def search_reading(best_text: str, best_score: float, low: float, high: float, test_acc: float | None,
                   random_best: float | None = None) -> Reading:
    """A 2-parameter search: the best cell, how flat the grid is, random search against the grid, and
    the winner tested once."""
    first = f"Best cell: {best_text}, CV {pct(best_score)}."
    if high - low < FLAT:
        flat = (f"The grid is flat (every cell within {(high - low) * 100:.0f} points): these settings hardly "
                "matter on these points.")
    else:
        flat = f"The grid runs from {pct(low)} to {pct(high)}: these settings matter."
    sentences = [first, flat]
    if random_best is not None:
        diff = random_best - best_score
        sentences.append(f"Random search's best draw: {pct(random_best)}, "
                         + ("as good as the grid's, with the same budget." if abs(diff) < 0.01 else
                            f"{abs(diff) * 100:.0f} points {'above' if diff > 0 else 'below'} the grid's."))
    if test_acc is not None:
        lower = test_acc < best_score
        sentences.append(f"Tested once, the winner scores {pct(test_acc)}"
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
    first = (f"Best: {labels[best]} ({pct(scored[best])}); worst: {labels[worst]} ({pct(scored[worst])}), "
             "by cross-validated accuracy.")
    span = scored[best] - scored[worst]
    if span < FLAT:
        why = "Every model is within a few points: the errors left are where the classes overlap."
    elif worst in STRAIGHT and best not in STRAIGHT:
        straight = [k for k in scored if k in STRAIGHT and scored[best] - scored[k] >= SHORT]
        why = (f"{cap(STRAIGHT[worst])}, and these classes are not split that way: the models with a straight "
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
