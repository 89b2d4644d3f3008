"""Build the tree by hand: the student grows a decision tree one split at a time, and each split
is held against CART's greedy choice in the same region.

**On the plane** (``make(level, seed)``). The tree is a list of splits ``Split(region, feature,
threshold)``: ``region`` names a leaf by its path from the root ("" the root, "L" its left
child, "LR" ...), left holding the points with x_feature <= threshold, as in CART. A split's
gain is the impurity decrease *inside its region* t (the information gain with entropy):

    gain = I(t) - N_L / N_t I(L) - N_R / N_t I(R)
    gini  I = 1 - sum_k p_k^2          entropy  I = -sum_k p_k log2 p_k

Every threshold between the same two neighbouring values sorts the region's points the same way,
so a click anywhere in a gap gives the gain of that gap's midpoint. The best gain of a region is
the largest over every feature and every midpoint (``candidates``); CART takes it (its ties: the
lower feature, then the lower threshold).

**Completion.** The task is solved when the tree has the level's number of splits and every
split's gain is at least ``SHARE`` (95%) of the best gain in its region, the edge included.
A split of a pure region, or one that leaves a side empty, is refused. The score is the mean
share (gain / best) over the splits, short of the required number counting 0.

**On the tennis table** (``make(level, seed, table=True)``): the 14 days of the notes, and the
attribute to test at one node: level 1 the root, level 2 the outlook = sunny branch, level 3
the outlook = rain branch. Solved when the chosen attribute has the largest information gain
there (Gain(S, A) = H(S) - sum_v |S_v| / |S| H(S_v)); a tie accepts every attribute in it.

The algorithm's answers are mlcore's: ``DecisionTreeClassifier`` (a stump on a region's points
for CART's choice at that node, the tree at the hand tree's depth for the test accuracy) and
``ID3Classifier`` on the tennis table.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from exercises.verdicts import Verdict, ratio_score, task_rng
from mlcore.datasets import tennis
from mlcore.tree import DecisionTreeClassifier, ID3Classifier

KIND = "tree"
SHARE = 0.95          # a split counts as greedy when its gain is at least this share of the best
FEATURES = ("x₁", "x₂")
MIN_CLASS = 4         # training points of each class at least
LIMIT = 3.0           # the points lie in [-LIMIT, LIMIT]^2
# level -> (criterion, classes, training points, test points, label noise, splits to make; None: the
# rule's own one or two)
PLANE_LEVELS = {1: ("gini", 2, 30, 40, 0.0, None), 2: ("entropy", 2, 60, 60, 0.1, 2),
                3: ("gini", 3, 80, 80, 0.05, 3)}
# tennis level -> the branch whose attribute the student picks: () is the root
TABLE_BRANCHES = {1: (), 2: ("sunny",), 3: ("rain",)}


@dataclass(frozen=True)
class Split:
    region: str        # the leaf split: its path from the root, "L" (x <= t) and "R" (x > t)
    feature: int
    threshold: float


@dataclass(frozen=True, eq=False)
class PlaneTask:
    level: int
    seed: int
    X: np.ndarray            # training points (n, 2)
    y: np.ndarray            # their classes 0..K-1
    X_test: np.ndarray
    y_test: np.ndarray
    criterion: str
    n_classes: int
    splits: int              # the number of splits to make
    rule: str                # how the classes were drawn, for the hints
    share: float = SHARE     # a split's gain must reach this share of the best in its region

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        return (-LIMIT, LIMIT, -LIMIT, LIMIT)


@dataclass(frozen=True)
class TableTask:
    level: int
    seed: int
    branch: tuple[str, ...]  # outlook values from the root to the node: () or ("sunny",)


@dataclass(frozen=True)
class SplitCheck:
    """One split of the hand tree held against its region."""
    split: Split
    n_left: int
    n_right: int
    impurity: float          # I(t) of the region
    gain: float
    best: float              # the best gain in the region
    problem: str = ""        # why the split cannot be made ("" when it can)
    needed: float = SHARE    # the share of ``best`` the gain must reach

    @property
    def share(self) -> float:
        return ratio_score(self.gain, self.best)

    @property
    def greedy(self) -> bool:
        # relative to the best, with 1e-12 so that an edge stated as 95% is met by rounding too
        return not self.problem and self.gain >= self.needed * self.best - 1e-12


# --- the plane ---------------------------------------------------------------------------------

def _labels(level: int, X: np.ndarray, a: float, b: float, flip: bool, one_split: bool) -> tuple[np.ndarray, str]:
    """The classes of X by the level's rule, cut at a and b (a second height on level 3), on
    x₁ then x₂, or (``flip``) on x₂ then x₁; and the rule in words."""
    f, g = (1, 0) if flip else (0, 1)
    u, v = X[:, f], X[:, g]
    name_u, name_v = FEATURES[f], FEATURES[g]
    if level == 1:
        if one_split:
            return (u > a).astype(int), f"one cut on {name_u}"
        return ((u > a) & (v > b)).astype(int), f"a corner: one cut on {name_u} and one on {name_v}"
    if level == 2:
        return ((u > a) & (u <= b)).astype(int), f"a band between two cuts on {name_u}"
    c = b + (1.0 if b < 0 else -1.0)
    labels = np.where(u <= a, np.where(v <= b, 0, 2), np.where(v <= c, 1, 2))
    return labels, f"one cut on {name_u}, then on each side one cut on {name_v} at another height"


def _points(rng, n: int, gap: float, a: float, b: float, flip: bool) -> np.ndarray:
    """n points in the square, rounded to 0.01, none within ``gap`` of the true cuts (level 1)."""
    out = np.empty((0, 2))
    while len(out) < n:
        X = np.round(rng.uniform(-LIMIT + 0.2, LIMIT - 0.2, size=(4 * n, 2)), 2)
        u, v = (X[:, 1], X[:, 0]) if flip else (X[:, 0], X[:, 1])
        keep = (np.abs(u - a) > gap) & (np.abs(v - b) > gap)
        out = np.vstack([out, X[keep]])
    return out[:n]


def _plane_task(level: int, seed: int) -> PlaneTask:
    """The level's data from the task's generator. A draw with a class of fewer than MIN_CLASS
    training points is drawn again, and so on level 1 is one whose greedy splits do not separate
    the training points (CART's first cut off the true one): there one or two splits do."""
    rng = task_rng(KIND, level, seed)
    while True:
        task = _draw(rng, level, seed)
        if np.bincount(task.y, minlength=task.n_classes).min() < MIN_CLASS:
            continue
        if level > 1 or np.all(predict(task, solve(task), task.X) == task.y):
            return task


def _draw(rng, level: int, seed: int) -> PlaneTask:
    criterion, K, n, n_test, noise, splits = PLANE_LEVELS[level]
    flip = bool(rng.integers(2))
    one_split = bool(rng.integers(2))
    if level == 2:
        a = float(np.round(rng.uniform(-2.0, -0.5), 1))
        b = float(np.round(rng.uniform(0.5, 2.0), 1))
    else:
        a, b = (float(np.round(rng.uniform(-1.2, 1.2), 1)) for _ in range(2))
    gap = 0.25 if level == 1 else 0.0
    X_all = _points(rng, n + n_test, gap, a, b, flip)
    y_all, rule = _labels(level, X_all, a, b, flip, one_split)
    flipped = rng.random(len(y_all)) < noise
    y_all = np.where(flipped, (y_all + rng.integers(1, K, len(y_all))) % K, y_all)
    if splits is None:
        splits = 1 if one_split else 2
    return PlaneTask(level, seed, X_all[:n], y_all[:n], X_all[n:], y_all[n:], criterion, K, splits, rule)


def impurity(counts, criterion: str) -> float:
    """I of one node's class counts: Gini 1 - sum p^2 or entropy -sum p log2 p (0 log 0 = 0)."""
    counts = np.asarray(counts, dtype=np.float64)
    p = counts[counts > 0] / counts.sum()
    if criterion == "gini":
        return float(1.0 - np.sum(p * p))
    return float(-np.sum(p * np.log2(p))) + 0.0   # + 0.0: a pure node's -0.0 prints as 0.000


def split_gain(y_region: np.ndarray, goes_left: np.ndarray, K: int, criterion: str) -> float:
    """I(t) - N_L / N_t I(L) - N_R / N_t I(R) of the region's labels ``y_region``."""
    n = len(y_region)
    parent = impurity(np.bincount(y_region, minlength=K), criterion)
    sides = [y_region[goes_left], y_region[~goes_left]]
    return parent - sum(len(s) / n * impurity(np.bincount(s, minlength=K), criterion) for s in sides if len(s))


def leaves(splits) -> list[str]:
    """The regions not split yet, left before right."""
    split_at = {s.region for s in splits}
    out, stack = [], [""]
    while stack:
        region = stack.pop()
        if region in split_at:
            stack += [region + "R", region + "L"]
        else:
            out.append(region)
    return out


def region_mask(X: np.ndarray, splits, region: str) -> np.ndarray:
    """Which rows of X lie in ``region`` (the tests on the path from the root)."""
    by_region = {s.region: s for s in splits}
    inside = np.ones(len(X), dtype=bool)
    for depth, side in enumerate(region):
        s = by_region[region[:depth]]
        left = X[:, s.feature] <= s.threshold
        inside &= left if side == "L" else ~left
    return inside


def region_box(task: PlaneTask, splits, region: str) -> tuple[float, float, float, float]:
    """The rectangle (x₁ low, x₁ high, x₂ low, x₂ high) of ``region`` within the plane."""
    box = list(task.bounds)
    by_region = {s.region: s for s in splits}
    for depth, side in enumerate(region):
        s = by_region[region[:depth]]
        if side == "L":
            box[2 * s.feature + 1] = min(box[2 * s.feature + 1], s.threshold)
        else:
            box[2 * s.feature] = max(box[2 * s.feature], s.threshold)
    return tuple(box)


def number(value: float) -> str:
    """A threshold as typed: to 3 decimals, no trailing zeros (-0.005, 1.18, 2)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def describe(splits, region: str) -> str:
    """"x₁ ≤ 0.5, x₂ > 1.205": the tests that lead to the region ("the whole plane" for the root)."""
    by_region = {s.region: s for s in splits}
    tests = [f"{FEATURES[by_region[region[:d]].feature]} {'≤' if side == 'L' else '>'} "
             f"{number(by_region[region[:d]].threshold)}" for d, side in enumerate(region)]
    return ", ".join(tests) or "the whole plane"


def candidates(task: PlaneTask, rows: np.ndarray) -> list[tuple[int, float, float]]:
    """(feature, threshold, gain) of every midpoint between neighbouring distinct values of each
    feature among the points ``rows`` (a boolean mask), by feature then threshold."""
    out = []
    y = task.y[rows]
    for f in range(2):
        x = task.X[rows, f]
        values = np.unique(x)
        for lo, hi in zip(values[:-1], values[1:], strict=True):
            t = lo / 2 + hi / 2
            out.append((f, float(t), split_gain(y, x <= t, task.n_classes, task.criterion)))
    return out


def best_gain(task: PlaneTask, rows: np.ndarray) -> float:
    """The largest gain of any split of the points ``rows`` (0 when none can be split)."""
    return max((g for _, _, g in candidates(task, rows)), default=0.0)


def assess(task: PlaneTask, splits) -> list[SplitCheck]:
    """Each split in the order made, against its region as it was when it was made."""
    out = []
    for i, s in enumerate(splits):
        made = splits[:i]
        if s.region not in leaves(made):
            out.append(SplitCheck(s, 0, 0, 0.0, 0.0, 0.0, "that region is already split"))
            continue
        rows = region_mask(task.X, made, s.region)
        y = task.y[rows]
        goes_left = task.X[rows, s.feature] <= s.threshold
        n_left = int(goes_left.sum())
        node = impurity(np.bincount(y, minlength=task.n_classes), task.criterion)
        problem = ""
        if node <= 0:
            problem = "every point there is of one class already: nothing to gain"
        elif n_left in (0, len(y)):
            problem = (f"all {len(y)} points of the region fall on one side of "
                       f"{FEATURES[s.feature]} = {number(s.threshold)}: that splits nothing")
        gain = split_gain(y, goes_left, task.n_classes, task.criterion) if not problem else 0.0
        out.append(SplitCheck(s, n_left, len(y) - n_left, node, gain, best_gain(task, rows), problem, task.share))
    return out


def predict(task: PlaneTask, splits, X: np.ndarray) -> np.ndarray:
    """The hand tree's labels for X: each leaf's majority class among its training points (a tie
    to the lower class, as argmax)."""
    out = np.zeros(len(X), dtype=int)
    for region in leaves(splits):
        counts = np.bincount(task.y[region_mask(task.X, splits, region)], minlength=task.n_classes)
        out[region_mask(X, splits, region)] = int(np.argmax(counts))
    return out


def depth(splits) -> int:
    return max((len(s.region) + 1 for s in splits), default=0)


def cart(task: PlaneTask, max_depth: int) -> DecisionTreeClassifier:
    """mlcore's CART on the training points at ``max_depth``, with the task's criterion."""
    return DecisionTreeClassifier(criterion=task.criterion, max_depth=max_depth).fit(task.X, task.y)


def cart_choice(task: PlaneTask, splits, region: str) -> tuple[int, float, float] | None:
    """CART's greedy split of ``region``: (feature, threshold, gain) of mlcore's stump grown on the
    region's points alone, or None when the region cannot be split (pure)."""
    rows = region_mask(task.X, splits, region)
    y = task.y[rows]
    if len(np.unique(y)) < 2:
        return None
    stump = DecisionTreeClassifier(criterion=task.criterion, max_depth=1).fit(task.X[rows], y)
    if stump.tree_.node_count < 3:
        return None
    f, t = int(stump.tree_.feature[0]), float(stump.tree_.threshold[0])
    return f, t, split_gain(y, task.X[rows, f] <= t, task.n_classes, task.criterion)


def accuracy(task: PlaneTask, splits) -> tuple[float, float]:
    """Test accuracy of the hand tree, and of mlcore's CART at the same depth."""
    hand = float(np.mean(predict(task, splits, task.X_test) == task.y_test))
    model = cart(task, depth(splits))
    return hand, float(np.mean(model.predict(task.X_test) == task.y_test))


def _check_plane(task: PlaneTask, splits) -> Verdict:
    checks = assess(task, splits)
    bad = next((c for c in checks if c.problem), None)
    if bad is not None:
        return Verdict(False, 0.0, f"The split {FEATURES[bad.split.feature]} ≤ {number(bad.split.threshold)} "
                                   f"cannot be made: {bad.problem}. Undo it.")
    score = sum(c.share for c in checks[:task.splits]) / task.splits
    short = next((c for c in checks if not c.greedy), None)
    if short is not None:
        s = short.split
        return Verdict(False, score, (
            f"Your split of {describe(splits, s.region)} at {FEATURES[s.feature]} ≤ {number(s.threshold)} gains "
            f"{short.gain:.3f}, {100 * short.share:.0f}% of the best gain there ({short.best:.3f}); "
            f"it needs {100 * task.share:.0f}%. Undo it and look for a cut that leaves purer sides."))
    if len(checks) < task.splits:
        left = task.splits - len(checks)
        return Verdict(False, score, f"{len(checks)} of {task.splits} splits made, each a greedy choice: "
                                     f"{left} more to go.")
    hand, reference = accuracy(task, splits)
    return Verdict(True, score, (
        f"Each of your {len(checks)} splits takes at least {100 * task.share:.0f}% of the best gain in its "
        f"region: that is CART's greedy rule, one region at a time, never looking ahead. Your tree gets "
        f"{100 * hand:.0f}% of the test points right; CART at depth {depth(splits)} gets {100 * reference:.0f}%."))


# --- the tennis table --------------------------------------------------------------------------

def table_gains(task: TableTask) -> dict[str, float]:
    """The information gain of every attribute at the task's node, from mlcore's ID3 on the
    tennis table (attributes tested above the node are not candidates)."""
    node = _id3_node(task)
    return {c.name: float(c.gain) for c in node.candidates}


def table_working(task: TableTask) -> tuple[float, dict[str, list[tuple[str, int, int, float]]]]:
    """H(S) at the task's node, and for each attribute its branches (value, yes, no, H(S_v)) as
    mlcore's ID3 counted them: the terms of Gain(S, A) = H(S) - sum_v |S_v|/|S| H(S_v)."""
    node = _id3_node(task)
    classes = list(id3_tree().classes_)
    yes, no = classes.index("yes"), classes.index("no")
    return node.impurity, {c.name: [(value, int(counts[yes]), int(counts[no]), impurity(counts, "entropy"))
                                    for value, counts in c.counts.items() if counts.sum() > 0]
                           for c in node.candidates}


def id3_tree() -> ID3Classifier:
    """mlcore's ID3 (information gain) grown on the 14 tennis days."""
    t = tennis()
    return ID3Classifier(criterion="entropy").fit(t.X, t.y, feature_names=t.features)


def _id3_node(task: TableTask):
    model = id3_tree()
    node = model.nodes_[0]
    for value in task.branch:
        node = model.nodes_[node.children[value]]
    return node


def node_rows(task: TableTask) -> tuple[np.ndarray, np.ndarray, tuple[str, ...]]:
    """The tennis rows at the task's node: X, y and the feature names."""
    t = tennis()
    rows = np.ones(t.n_rows, dtype=bool)
    for value in task.branch:
        rows &= t.X[:, 0] == value
    return t.X[rows], t.y[rows], t.features


def _check_table(task: TableTask, attribute: str) -> Verdict:
    gains = table_gains(task)
    if attribute not in gains:
        return Verdict(False, 0.0, f"Choose one of {', '.join(gains)}.")
    top = max(gains.values())
    score = ratio_score(gains[attribute], top)
    ranked = ", ".join(f"{name} {g:.3f}" for name, g in sorted(gains.items(), key=lambda e: -e[1]))
    if gains[attribute] >= top - 1e-12:
        return Verdict(True, 1.0, f"{attribute.capitalize()} has the largest information gain here "
                                  f"({ranked} bits): its branches are the purest, so ID3 tests it first.")
    return Verdict(False, score, f"{attribute.capitalize()} gains {gains[attribute]:.3f} bits, but another "
                                 f"attribute gains more. Work out H(S) − Σ |S_v|/|S| H(S_v) for each.")


# --- the contract ------------------------------------------------------------------------------

def make(level: int, seed: int, table: bool = False) -> PlaneTask | TableTask:
    """The task of (level, seed): on the plane, or (``table``) on the tennis table."""
    if level not in PLANE_LEVELS:
        raise ValueError(f"level is 1, 2 or 3, not {level}")
    if table:
        return TableTask(level, seed, TABLE_BRANCHES[level])
    return _plane_task(level, seed)


def check(task, answer) -> Verdict:
    """``answer``: the splits made, in order (the plane), or an attribute's name (the table)."""
    if isinstance(task, TableTask):
        return _check_table(task, str(answer))
    return _check_plane(task, tuple(answer))


def hints(task) -> tuple[str, ...]:
    if isinstance(task, TableTask):
        where = "all 14 days" if not task.branch else \
            f"the {len(node_rows(task)[1])} days with outlook = {task.branch[0]}"
        return (f"Look at {where}: which attribute's values each come with mostly one answer, yes or no?",
                "Gain(S, A) = H(S) − Σ_v |S_v|/|S| H(S_v), with H = −Σ p log₂ p. A branch with only yes or only "
                "no has H = 0 and lowers the sum most.",
                "Compute H(S) first, then for each attribute the weighted entropy of its branches; the smallest "
                "weighted entropy is the largest gain.")
    impurity_name = "Gini impurity" if task.criterion == "gini" else "entropy"
    return (f"Choose a region, then a cut along {FEATURES[0]} or {FEATURES[1]} that leaves each side as close "
            f"to one class as you can: the gain shown with your cut is the drop in {impurity_name}.",
            f"The classes follow {task.rule}. A cut in the empty gap between two groups of points gives "
            f"the same gain anywhere in that gap.",
            "Try the candidate thresholds of both features in the region and keep the one with the largest "
            "gain: that is exactly what CART does at every node.")


def reveal(task):
    """Tennis: ID3's attribute at the node. Plane: mlcore's CART at the task's depth (the tree the
    student's splits are compared with; CART's choice per region is ``cart_choice``)."""
    if isinstance(task, TableTask):
        node = _id3_node(task)
        return id3_tree().feature_names_[node.feature]
    return cart(task, max(1, depth(solve(task))))


def solve(task):
    """A right answer: the tennis attribute of largest gain; on the plane, the best split of the
    region with the largest best gain weighted by its share of the points, until enough splits."""
    if isinstance(task, TableTask):
        gains = table_gains(task)
        return max(gains, key=gains.get)
    splits: list[Split] = []
    while len(splits) < task.splits:
        options = []
        for region in leaves(splits):
            choice = cart_choice(task, splits, region)
            if choice is not None:
                weight = region_mask(task.X, splits, region).sum()
                options.append((weight * choice[2], region, choice))
        if not options:
            break
        _, region, (f, t, _) = max(options, key=lambda o: o[0])
        splits.append(Split(region, f, t))
    return tuple(splits)
