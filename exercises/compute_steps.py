"""The worked solution of a Compute it task: the formula, then the numbers filled in, one step a line.

Written from the formulas (counting the table, summing logs) rather than read from mlcore, so a
student can redo every line on paper; the last line of each solution is the answer ``compute_it.reveal``
gets from mlcore.
"""

from __future__ import annotations

import math

from exercises.compute_it import BayesRow, Code, Node, Split, Step, Task
from mlcore.datasets import TABLES


def _n(v: float, places: int = 3) -> str:
    """A number as a student writes it: −0.5, 3, 0.811 (a real minus sign)."""
    text = f"{v:.{places}f}".rstrip("0").rstrip(".") if places else f"{v:.0f}"
    text = "0" if text in ("-0", "") else text
    return text.replace("-", "−")


def _d(v: float) -> str:
    """Three decimals, kept as the notes print them: 0.940, 1.000."""
    return f"{v:.3f}".replace("-0.000", "0.000")


def _sig(v: float) -> str:
    """A small score with three significant digits in plain decimals: 0.00529, not 5.29e-03."""
    places = 3 if v <= 0 or v >= 1 else 2 - math.floor(math.log10(v))
    return _n(v, places)


def _p(v: float) -> str:
    """A factor in a product: a negative number in brackets, 3·(−2)."""
    return f"({_n(v, 2)})" if v < 0 else _n(v, 2)


def _entropy_line(counts, classes) -> tuple[str, float]:
    total = sum(counts)
    terms = [f"{c}/{total}·log₂({c}/{total})" for c in counts if c]
    h = -sum(c / total * math.log2(c / total) for c in counts if c)
    shown = " − ".join(terms)
    zero = " (a class with count 0 adds 0)" if 0 in counts else ""
    return f"[{_counts(counts, classes)}]: H = −{shown}{zero} = {_d(h)} bits", h


def _gini_line(counts, classes) -> tuple[str, float]:
    total = sum(counts)
    g = 1 - sum((c / total) ** 2 for c in counts)
    terms = " − ".join(f"({c}/{total})²" for c in counts)
    return f"[{_counts(counts, classes)}]: Gini = 1 − {terms} = {_d(g)}", g


def _counts(counts, classes) -> str:
    return ", ".join(f"{c} {k}" for c, k in zip(counts, classes, strict=True))


def _split(s: Split) -> list[str]:
    parent = s.parent
    line, h_parent = _entropy_line(parent, s.classes)
    steps = [f"Parent {line}."]
    weighted = []
    for j, child in enumerate(s.children, 1):
        line, h = _entropy_line(child, s.classes)
        steps.append(f"Child {j} {line}.")
        weighted.append((sum(child), h))
    total = sum(parent)
    terms = " − ".join(f"{n}/{total}·{_d(h)}" for n, h in weighted)
    gain = h_parent - sum(n / total * h for n, h in weighted)
    steps.append(f"Gain = H(parent) − Σ |Sⱼ|/|S|·H(Sⱼ) = {_d(h_parent)} − {terms} = {_d(gain)} bits.")
    return steps


def _node(s: Node) -> list[str]:
    total = sum(s.counts)
    shares = ", ".join(f"p({k}) = {c}/{total} = {_d(c / total)}" for c, k in zip(s.counts, s.classes, strict=True))
    line, _ = (_entropy_line if s.criterion == "entropy" else _gini_line)(s.counts, s.classes)
    return [f"Shares: {shares}.", f"Node {line}."]


def _bayes(s: BayesRow) -> list[str]:
    table = TABLES[s.table]()
    columns = [table.features.index(f) for f in s.features]
    n = len(table.y)
    steps, scores = [], {}
    for c in ("yes", "no"):
        rows = [i for i in range(n) if table.y[i] == c]
        factors = [f"{len(rows)}/{n}"]
        score = len(rows) / n
        parts = [f"P({c}) = {len(rows)}/{n}"]
        for j, value in zip(columns, s.row, strict=True):
            count = sum(1 for i in rows if table.X[i, j] == value)
            if s.alpha:
                values = len(set(table.X[:, j].tolist()))
                num, den = count + 1, len(rows) + values
                parts.append(f"P({table.features[j]} = {value} | {c}) = ({count} + 1)/({len(rows)} + {values}) "
                             f"= {num}/{den}")
            else:
                num, den = count, len(rows)
                parts.append(f"P({table.features[j]} = {value} | {c}) = {count}/{len(rows)}")
            factors.append(f"{num}/{den}")
            score *= num / den
        scores[c] = score
        steps.append("; ".join(parts) + ".")
        steps.append(f"score({c}) = {' · '.join(factors)} = {_sig(score)}.")
    total = scores["yes"] + scores["no"]
    steps.append(f"P({s.asked} | row) = score({s.asked}) / (score(yes) + score(no)) = {_sig(scores[s.asked])} / "
                 f"({_sig(scores['yes'])} + {_sig(scores['no'])}) = {_d(scores[s.asked] / total)}.")
    return steps


def _vector(v) -> str:
    return "(" + ", ".join(_n(x, 2) for x in v) + ")"


def _step(s: Step) -> list[str]:
    a = sum(w * x for w, x in zip(s.w, s.x, strict=True)) + s.b
    dot = " + ".join(f"{_p(w)}·{_p(x)}" for w, x in zip(s.w, s.x, strict=True))
    y = "+1" if s.y > 0 else "−1"
    new_w = [w + s.eta * s.y * x for w, x in zip(s.w, s.x, strict=True)]
    return [f"Check: y (w·x + b) = {y}·({dot} + {_p(s.b)}) = {_n(s.y * a, 4)} ≤ 0, a mistake: the weights move.",
            f"w ← w + η·y·x = {_vector(s.w)} + {_n(s.eta, 2)}·({y})·{_vector(s.x)} = {_vector(new_w)}.",
            f"b ← b + η·y = {_n(s.b, 2)} + {_n(s.eta, 2)}·({y}) = {_n(s.b + s.eta * s.y, 2)}."]


def _code(s: Code) -> list[str]:
    steps = [f"Outputs: {' '.join('+' if b > 0 else '−' for b in s.bits)}. Count the bits where each row differs."]
    distances = []
    for k, row in enumerate(s.code, 1):
        differ = [str(i) for i, (a, b) in enumerate(zip(row, s.bits, strict=True), 1) if a != b]
        distances.append(len(differ))
        where = f"bit{'s' if len(differ) > 1 else ''} {', '.join(differ)}" if differ else "no bit"
        steps.append(f"Class {k}: {' '.join('+' if b > 0 else '−' for b in row)}, differs in {where}: "
                     f"distance {len(differ)}.")
    best = min(range(len(distances)), key=distances.__getitem__)
    steps.append(f"Nearest: class {best + 1} at distance {distances[best]}.")
    return steps


def worked(task: Task) -> list[str]:
    """The steps, each a sentence with the numbers in."""
    s = task.setup
    if isinstance(s, Split):
        return _split(s)
    if isinstance(s, Node):
        return _node(s)
    if isinstance(s, BayesRow):
        return _bayes(s)
    if isinstance(s, Step):
        return _step(s)
    return _code(s)
