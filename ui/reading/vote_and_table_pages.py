""""What you see" on the Ensembles, Multi-class and ID3 pages: votes of many models, and a
table's splits and naive Bayes scores."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ui.reading.regime import EPS, GAP, MIN_POINTS, SHORT, Reading, Scores, cap, fit_reading, pct, regime

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
        lead = (f"One {noun} alone scores {pct(v.alone)} on the test points on average, the vote of {vote} "
                f"scores {pct(test[v.shown - 1])}" if v.alone is not None else
                f"The vote of {vote} scores {pct(test[v.shown - 1])} on the test points")
        split = (f"on a typical test point {pct(v.split)} of the {noun}s vote against the rest, " if v.split else "")
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
                 if gap <= SHORT + EPS else
                 f"{_points(gap)} apart: both rest on few points, so each is only a rough estimate")
        train = (f" Training accuracy ({pct(v.train[-1])}) is no such estimate: each {noun} saw most of those points."
                 if v.train[-1] - v.oob >= GAP - EPS else "")
        out.append(f"Out-of-bag accuracy (each point scored only by the {noun}s that never saw it) {pct(v.oob)} "
                   f"against test {pct(test[-1])}: {close}.{train}")
    return tuple(out)


def _boosting_sentences(b: Members) -> tuple[str, ...]:
    m = b.shown
    errors = f"training error {pct(1 - b.train[m - 1])}"
    if b.test is not None:
        errors += f", test error {pct(1 - b.test[m - 1])}"
    out = [f"After round {m} of {b.total}: {errors}." + (
        f" Training error went from {pct(1 - b.train[0])} after one round to {pct(1 - b.train[-1])} after "
        f"{b.total}: each round re-weights the points the rounds before got wrong." if b.total > 1 else
        " One round is one small tree: the rounds after it would re-weight the points it gets wrong.")]
    if b.test is not None and b.total > 1:
        best = max(range(b.total), key=lambda t: (b.test[t], -t))
        low = f"Test error was lowest at round {best + 1} ({pct(1 - b.test[best])})"
        drop = b.test[best] - b.test[-1]
        if drop <= EPS:
            out.append(f"Test error is at its lowest ({pct(1 - b.test[-1])}) after the last round: more rounds have "
                       "not hurt new points yet.")
        elif drop >= DROP - EPS:
            out.append(f"{low}; after round {b.total} it is {pct(1 - b.test[-1])}: the later rounds chase noisy "
                       "points. Fewer rounds, or a smaller learning rate, do better on new points.")
        else:
            out.append(f"{low}; after round {b.total} it is {pct(1 - b.test[-1])}, {_points(drop)} more: the "
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
    scores = f"train {pct(this.train)}" + (f", test {pct(this.test)}" if this.test is not None else "")
    which = None if n_train < MIN_POINTS else regime(cv_train, cv_val, reference)
    if which == "underfitting":
        scores += f", while another model reaches {pct(reference)} on new points: **underfitting**"
    elif which == "overfitting":
        scores += f" (cross-validated {pct(cv_val)}): **overfitting**, the machines have learned noise"
    out = [f"{cap(this.name)}: {machines}, {_HOW.get(this.name, '')}. {cap(scores)}."]
    lost = [r for r in regions if r.lost]
    if lost:
        names = ", ".join(f"class {r.label} ({pct(r.plane)} of the plane, {r.right} of its {r.tested} test points)"
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
        out.append(f"Every class has a region: the smallest, class {small.label}, gets {pct(small.plane)} of the "
                   f"plane and {small.right} of its {small.tested} test points.")
    if other is not None and other.test is not None and this.test is not None:
        diff = other.test - this.test
        n = f"{other.machines} machines" if other.machines > 1 else "one problem"
        if diff >= SHORT - EPS:
            why = ("a machine per pair only has to split two classes, so " if other.name == "one-vs-one" else "")
            out.append(f"{cap(other.name)} ({n}) scores {pct(other.test)} on the same test points, "
                       f"{_points(diff)} more: {why}switch to {other.name}.")
        else:
            out.append(f"{cap(other.name)} ({n}) scores {pct(other.test)} on the same test points: "
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
        return Reading(None, (f"{cap(where)} is a leaf: {leaf}. It predicts **{chosen}**.",))
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
