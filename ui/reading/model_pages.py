""""What you see" on the SVM, Decision tree, Perceptron and Neural network pages: the fit's regime
(ui.reading.regime) and what each page adds."""

from __future__ import annotations

import math

from ui.reading.regime import MIN_POINTS, Reading, Scores, fit_reading, pct, value_text

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
        scores = (f"Train {pct(s.train)}, test {pct(s.test)}" if s.train is not None and s.test is not None
                  else "The network")
        first = (f"{scores}: the loss ended at {loss_last:.3f}, about ln {max(n_classes, 2)} = {chance:.3f}, what "
                 f"guessing scores. With learning rate {value_text(rate)} each {solver} step overshoots the slope, so "
                 "training never got down it. This is **underfitting**, and not for want of units.")
        return Reading("underfitting", (first, "A smaller learning rate lets the steps follow the slope."),
                       ("validation_curve",), "learning_rate_init")
    return fit_reading("mlp", params, s, "the network")
