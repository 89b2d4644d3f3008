"""Compute it: numbers from the notes worked out by hand, checked with a stated tolerance.

Five questions (the link's ``question=``), each instance drawn from ``task_rng("compute:<question>", level,
seed)`` (the question salts the stream, so one task number gives each question its own numbers):

* gain: the information gain of a split, H(S) - sum_j |S_j|/|S| H(S_j), in bits;
* impurity: the entropy -sum_k p_k log2 p_k or the Gini index 1 - sum_k p_k^2 of a node;
* naive_bayes: the score P(c) prod_j P(x_j | c) of one class on a table row, and its posterior
  score(c) / sum_c' score(c'); with Laplace smoothing P(x_j = v | c) = (N_cjv + 1) / (N_c + V_j);
* perceptron_step: w <- w + eta y x, b <- b + eta y after a mistake y (w.x + b) <= 0;
* hamming: the class whose code word is nearest to the machines' outputs, and that distance.

Levels: 1 small numbers (two classes, two children, eta = 1, short codes), 2 more classes and values
(three classes, all four columns of the table, a fractional eta), 3 harder (three children, Laplace,
three features, 8 classes and 10-bit codes). The truths come from mlcore (``reveal``): its impurity
functions, ``CategoricalNB``, ``Perceptron`` and ``hamming_distances``; ``exercises.compute_steps``
writes the worked solution from the formulas.

Tolerances (``Box``): 0.01 absolute for bits, impurities, posteriors and weights; 2% of the true
value for a naive Bayes score (scores are small numbers, 0.0053); a class and a distance exactly.
The edge itself is accepted (``close_enough``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from exercises.verdicts import Verdict, close_enough, task_rng
from mlcore.datasets import TABLES
from mlcore.linear_model import Perceptron
from mlcore.multiclass import errors_corrected, hamming_distances, min_distance, random_code
from mlcore.naive_bayes import CategoricalNB
from mlcore.tree import entropy, gini, impurity_decrease

KIND = "compute"
QUESTIONS = {
    "gain": "Information gain of a split",
    "impurity": "Entropy or Gini of a node",
    "naive_bayes": "Naive Bayes score and posterior",
    "perceptron_step": "The perceptron's next weights",
    "hamming": "Decoding an output code",
}
ABSOLUTE = 0.01   # bits, impurities, posteriors, weights
RELATIVE = 0.02   # a naive Bayes score: 2% of the true value


@dataclass(frozen=True)
class Box:
    """One answer box: its name, label, tolerance (absolute, or ``relative`` to the truth; 0 = exact)."""
    name: str
    label: str
    tol: float = ABSOLUTE
    relative: bool = False
    whole: bool = False

    def allowed(self, truth: float) -> float:
        return self.tol * abs(truth) if self.relative else self.tol

    @property
    def stated(self) -> str:
        if self.tol == 0:
            return "exactly"
        return f"within {100 * self.tol:g}% of the right value" if self.relative else \
            f"within ±{self.tol:g} of the right value"


@dataclass(frozen=True)
class Split:
    """Class counts of a parent node and of its children (the children add up to the parent)."""
    classes: tuple[str, ...]
    children: tuple[tuple[int, ...], ...]

    @property
    def parent(self) -> tuple[int, ...]:
        return tuple(int(v) for v in np.sum(self.children, axis=0))


@dataclass(frozen=True)
class Node:
    classes: tuple[str, ...]
    counts: tuple[int, ...]
    criterion: str            # "entropy" or "gini"


@dataclass(frozen=True)
class BayesRow:
    """A table of the notes, the columns used, a new row (one value per used column), the class asked."""
    table: str
    features: tuple[str, ...]
    row: tuple[str, ...]
    asked: str
    alpha: float               # 0: maximum likelihood; 1: Laplace


@dataclass(frozen=True)
class Step:
    w: tuple[float, ...]
    b: float
    x: tuple[float, ...]
    y: int                     # +1 or -1
    eta: float


@dataclass(frozen=True)
class Code:
    code: tuple[tuple[int, ...], ...]   # K rows of +1/-1, class k is row k - 1
    bits: tuple[int, ...]               # the machines' outputs


@dataclass(frozen=True)
class Task:
    question: str
    level: int
    seed: int
    setup: Split | Node | BayesRow | Step | Code
    boxes: tuple[Box, ...]


# ------------------------------------------------------------------ instances

def _counts(rng, n_classes: int, low: int, high: int, need_mixed: bool = True) -> tuple[int, ...]:
    while True:
        c = rng.integers(low, high + 1, size=n_classes)
        if c.sum() > 0 and (not need_mixed or np.count_nonzero(c) >= 2):
            return tuple(int(v) for v in c)


def _split(rng, level: int) -> Split:
    n_classes, n_children = {1: (2, 2), 2: (3, 2), 3: (3, 3)}[level]
    classes = ("yes", "no") if n_classes == 2 else ("A", "B", "C")
    while True:
        children = tuple(_counts(rng, n_classes, 0, 6, need_mixed=False) for _ in range(n_children))
        split = Split(classes, children)
        # a parent with one class has gain 0 whatever the split: nothing to work out
        if np.count_nonzero(split.parent) == n_classes:
            return split


def _node(rng, level: int) -> Node:
    n_classes = level + 1
    classes = ("yes", "no") if n_classes == 2 else ("A", "B", "C", "D")[:n_classes]
    return Node(classes, _counts(rng, n_classes, 0, 8 if level == 1 else 6), str(rng.choice(["entropy", "gini"])))


def _bayes(rng, level: int) -> BayesRow:
    name = str(rng.choice(sorted(TABLES)))
    table = TABLES[name]()
    n_used = 2 if level == 1 else len(table.features)
    used = sorted(rng.choice(len(table.features), size=n_used, replace=False).tolist())
    alpha = 1.0 if level == 3 else 0.0
    while True:
        row = tuple(str(rng.choice(np.unique(table.X[:, j]))) for j in used)
        setup = BayesRow(name, tuple(table.features[j] for j in used), row, str(rng.choice(["yes", "no"])), alpha)
        if sum(bayes_scores(setup).values()) > 0:   # both 0 (maximum likelihood): no posterior to ask for
            return setup


def _step(rng, level: int) -> Step:
    d = 3 if level == 3 else 2
    eta = 1.0 if level == 1 else float(rng.choice([0.1, 0.2, 0.5]))
    while True:
        if level == 1:
            w, b, x = rng.integers(-3, 4, size=d), int(rng.integers(-2, 3)), rng.integers(-3, 4, size=d)
        else:
            w, b = np.round(rng.uniform(-2, 2, size=d), 1), round(float(rng.uniform(-1, 1)), 1)
            x = np.round(rng.uniform(-3, 3, size=d), 1)
        y = int(rng.choice([-1, 1]))
        if y * (float(np.dot(w, x)) + b) <= 0 and np.any(x != 0):   # a mistake, so the weights move
            return Step(tuple(float(v) for v in w), float(b), tuple(float(v) for v in x), y, eta)


def _code(rng, level: int) -> Code:
    n_classes, n_bits, flips = {1: (4, 5, 1), 2: (6, 7, 1), 3: (8, 10, 2)}[level]
    while True:
        code = random_code(n_classes, n_bits, rng).astype(int)
        sent = code[int(rng.integers(n_classes))].copy()
        sent[rng.choice(n_bits, size=flips, replace=False)] *= -1
        distances = hamming_distances(sent, code)[0]
        # one nearest class: a tie would make the answer a matter of the tie rule, not of decoding
        if np.count_nonzero(distances == distances.min()) == 1 and len({tuple(r) for r in code}) == n_classes:
            return Code(tuple(tuple(int(v) for v in r) for r in code), tuple(int(v) for v in sent))


def _boxes(setup) -> tuple[Box, ...]:
    if isinstance(setup, Split):
        return (Box("gain", "information gain (bits)"),)
    if isinstance(setup, Node):
        return (Box("impurity", "entropy (bits)" if setup.criterion == "entropy" else "Gini index"),)
    if isinstance(setup, BayesRow):
        return (Box("score", f"score({setup.asked})", RELATIVE, relative=True),
                Box("posterior", f"P({setup.asked} | row)"))
    if isinstance(setup, Step):
        return tuple(Box(f"w{i + 1}", f"new w{i + 1}") for i in range(len(setup.w))) + (Box("b", "new b"),)
    return (Box("class", "class", 0.0, whole=True), Box("distance", "its Hamming distance", 0.0, whole=True))


MAKERS = {"gain": _split, "impurity": _node, "naive_bayes": _bayes, "perceptron_step": _step, "hamming": _code}


def make(level: int, seed: int, question: str = "gain") -> Task:
    """The task (question, level, seed): the same numbers on every machine."""
    if question not in QUESTIONS:
        raise ValueError(f"question must be one of {', '.join(QUESTIONS)}")
    rng = task_rng(f"{KIND}:{question}", level, seed)
    setup = MAKERS[question](rng, level)
    return Task(question, level, seed, setup, _boxes(setup))


# ------------------------------------------------------------------ truths (mlcore)

def bayes_model(setup: BayesRow) -> CategoricalNB:
    table = TABLES[setup.table]()
    columns = [table.features.index(f) for f in setup.features]
    return CategoricalNB(alpha=setup.alpha).fit(table.X[:, columns], table.y)


def bayes_scores(setup: BayesRow) -> dict[str, float]:
    """Every class's score P(c) prod_j P(x_j | c) on the row, from mlcore's CategoricalNB."""
    model = bayes_model(setup)
    scores = model.scores(np.array([setup.row], dtype=object))[0]
    return {str(c): float(s) for c, s in zip(model.classes_, scores, strict=True)}


def _perceptron_step(s: Step) -> tuple[np.ndarray, float]:
    """One update by mlcore's Perceptron: started at (w, b), the point is visited first (no shuffle);
    a second point of the other label only makes the data two-class."""
    X = np.array([s.x, np.zeros(len(s.x))])
    model = Perceptron(max_iter=1, eta0=s.eta, shuffle=False)
    model.fit(X, np.array([s.y, -s.y]), coef_init=np.array(s.w), intercept_init=s.b)
    history = model.history_[0]
    return history["coef"][0], float(history["intercept"][0])


def reveal(task: Task) -> dict[str, float]:
    """The right numbers, each box's name -> value, computed by mlcore."""
    s = task.setup
    if isinstance(s, Split):
        return {"gain": impurity_decrease(s.parent, s.children, "entropy")}
    if isinstance(s, Node):
        return {"impurity": float((entropy if s.criterion == "entropy" else gini)(s.counts))}
    if isinstance(s, BayesRow):
        scores = bayes_scores(s)
        model = bayes_model(s)
        proba = model.predict_proba(np.array([s.row], dtype=object))[0]
        return {"score": scores[s.asked], "posterior": float(proba[list(model.classes_).index(s.asked)])}
    if isinstance(s, Step):
        w, b = _perceptron_step(s)
        return {**{f"w{i + 1}": float(v) for i, v in enumerate(w)}, "b": b}
    distances = hamming_distances(s.bits, np.array(s.code))[0]
    return {"class": float(np.argmin(distances) + 1), "distance": float(distances.min())}


def solve(task: Task) -> dict[str, float]:
    return reveal(task)


# ------------------------------------------------------------------ checking

LAPLACE = ("Laplace's +1 on every count (and +V in the denominator) keeps a value never seen with a class "
           "from zeroing its score.")


def _learned(task: Task, truth: dict[str, float]) -> str:
    """What a right answer shows, with this task's numbers."""
    s = task.setup
    if isinstance(s, Split):
        h = float(entropy(s.parent))
        return (f"The parent's {h:.3f} bits less the children's weighted {h - truth['gain']:.3f} leave "
                f"{truth['gain']:.3f} bits; ID3 splits on the attribute with the largest gain.")
    if isinstance(s, Node):
        k = len(s.counts)
        top, name = (f"log₂{k} = {np.log2(k):.3f} bits", "entropy") if s.criterion == "entropy" else \
            (f"1 − 1/{k} = {1 - 1 / k:.3f}", "Gini")
        return f"The {name} is 0 for a pure node and at most {top} ({k} classes in equal shares)."
    if isinstance(s, BayesRow):
        scores = bayes_scores(s)
        winner = max(scores, key=scores.get)
        text = (f"The prediction is {winner}, the larger score; the posterior only rescales the scores so "
                "they add up to 1.")
        return f"{text} {LAPLACE}" if s.alpha else text
    if isinstance(s, Step):
        after = s.y * (sum(truth[f"w{i + 1}"] * x for i, x in enumerate(s.x)) + truth["b"])
        side = "now on its side" if after > 0 else "still on the wrong side: one step need not fix a point"
        return (f"A mistake moves w by η·y·x and b by η·y; after it y (w·x + b) = {after:.2f}, so the point is "
                f"{side}.")
    code = np.array(s.code)
    d, second = min_distance(code), sorted(hamming_distances(s.bits, code)[0])[1]
    def bits(n) -> str:
        return f"{n:.0f} bit{'' if n == 1 else 's'}"
    return (f"Class {truth['class']:.0f} is {bits(truth['distance'])} from the outputs, the next nearest "
            f"{bits(second)}. This code's closest rows differ in {bits(d)}, so it can promise to correct only "
            f"⌊(d − 1)/2⌋ = {errors_corrected(code)} wrong machines: rows further apart correct more.")


def check(task: Task, answer: dict[str, float | None]) -> Verdict:
    """Each box within its tolerance; the score is the share of boxes right."""
    truth = reveal(task)
    off = []
    for box in task.boxes:
        given = answer.get(box.name)
        if given is None:
            off.append(f"{box.label} is empty")
        elif not close_enough(given, truth[box.name], box.allowed(truth[box.name])):
            off.append(f"{box.label} = {given:g} is not right" if box.tol == 0 else
                       f"{box.label} = {given:g} is not {box.stated}")
    score = 1 - len(off) / len(task.boxes)
    if not off:
        return Verdict(True, 1.0, _learned(task, truth))
    return Verdict(False, score, "; ".join(off) + ". The worked solution below goes step by step.")


def hints(task: Task) -> tuple[str, ...]:
    s = task.setup
    if isinstance(s, Split):
        return ("Work out the entropy of the parent first, then of each child.",
                "H = −Σ p log₂ p with p = count / total (a class with count 0 adds 0).",
                "Gain = H(parent) − Σ (child's total / parent's total) · H(child).")
    if isinstance(s, Node):
        if s.criterion == "entropy":
            return ("Turn the counts into shares p = count / total.",
                    "Entropy = −Σ p log₂ p; log₂ p = ln p / ln 2, and a class with count 0 adds 0.")
        return ("Turn the counts into shares p = count / total.", "Gini = 1 − Σ p².")
    if isinstance(s, BayesRow):
        smooth = ("With Laplace: P(value | class) = (count + 1) / (class count + V), V the number of values "
                  "of that column.") if s.alpha else "Maximum likelihood: P(value | class) = count / class count."
        return ("The score of a class is P(class) times P(value | class) for each column of the row.", smooth,
                "The posterior is the class's score divided by the sum of both classes' scores.")
    if isinstance(s, Step):
        return ("First check the mistake: y (w·x + b) ≤ 0.",
                "The update adds η·y·x to w and η·y to b; y is +1 or −1.")
    return ("Compare the outputs with each class's row, bit by bit.",
            "The Hamming distance counts the bits that differ; the class with the fewest wins.")
