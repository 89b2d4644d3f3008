"""The lecture notes' worked examples on the ID3 page: naive Bayes' count and fraction table, the
XOR table where conditional independence fails, the underflow of a product of 2000 probabilities,
the 1-rule's conditional probabilities and the impurity of a node of 16 (the naive Bayes lecture's
steps are in ``ui.core.lectures``).

The table builders are plain functions of fitted models (tested without Streamlit); the
``show_*`` functions draw them.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pandas as pd
import streamlit as st

from catalog.specs import ParamSpec
from mlcore.naive_bayes import CategoricalNB
from mlcore.tree import entropy, gini, impurity, misclassification
from ui.core import charts, settings
from ui.core.charts import config as chart_config
from viz.notes import impurity_mix_figure

LOSS_GALLERY_TEXT = (
    "Each classifier minimises a loss of the margin m = y·f(x) (y = ±1): the **0-1 loss** counts mistakes "
    "but has no slope to follow, so learners minimise a convex surrogate above it. **Hinge** (SVM) is zero "
    "beyond m = 1; **logistic** (logistic regression, here in bits, log₂, so it is 1 at m = 0 and lies "
    "above the 0-1 loss everywhere; in nats, ln 2 = 0.693 at m = 0, it would dip below it) never reaches "
    "zero; **exponential** (AdaBoost) punishes a deep mistake hardest; **squared** (least squares on ±1 "
    "labels) also punishes points that are right by more than the margin, m > 1. "
    "The ticks on the m axis are this SVM's training points.")

N_MIX = 16  # the notes' node of 16 examples
MIX = ParamSpec("mix", "int", 1, 0, N_MIX, label=f"examples of the second class (of {N_MIX})",
                help="A node of 16 examples of two classes: slide how many belong to the second class.")


# --- numbers as the notes write them -----------------------------------------------------------

def fraction(numerator: float, denominator: float) -> str:
    """"2/9" for counts (smoothed counts with a whole alpha stay whole); "0/0" never happens."""
    def whole(v):
        return str(int(v)) if float(v).is_integer() else f"{v:g}"
    return f"{whole(numerator)}/{whole(denominator)}"


def _alpha_terms(nb: CategoricalNB, j: int, k: int, v: int) -> tuple[float, float]:
    """(N_cjv + alpha, N_c + alpha V_j): the numerator and denominator of P(x_j = v | c)."""
    V = len(nb.categories_[j])
    return nb.category_count_[j][k, v] + nb.alpha_, nb.class_count_[k] + nb.alpha_ * V


# --- naive Bayes --------------------------------------------------------------------------------

def nb_count_table(nb: CategoricalNB, features, target: str) -> pd.DataFrame:
    """One row per (feature, value): the count of each class and P(value | class) as the fraction
    (N_cjv + alpha) / (N_c + alpha V_j) and its value; first row the class counts and priors N_c / n."""
    classes = [str(c) for c in nb.classes_]
    n = nb.class_count_.sum()
    prior = {"feature": target, "value": "(any)"}
    for k, c in enumerate(classes):
        prior[f"# {c}"] = int(nb.class_count_[k])
    for k, c in enumerate(classes):
        prior[f"P(· | {c})"] = f"{fraction(nb.class_count_[k], n)} = {nb.class_prior_[k]:.3f}"
    rows = [prior]
    for j, name in enumerate(features):
        for v, value in enumerate(nb.categories_[j].tolist()):
            row = {"feature": name, "value": value}
            for k, c in enumerate(classes):
                row[f"# {c}"] = int(nb.category_count_[j][k, v])
            for k, c in enumerate(classes):
                top, bottom = _alpha_terms(nb, j, k, v)
                row[f"P(· | {c})"] = f"{fraction(top, bottom)} = {top / bottom:.3f}"
            rows.append(row)
    return pd.DataFrame(rows)


def nb_score_lines(nb: CategoricalNB, new_row) -> list[str]:
    """score(c) = P(x_1 | c) · ... · P(x_d | c) · P(c) as the notes write it, one line per class,
    with the value computed as exp(sum of logs) by the model."""
    scores = nb.scores(np.array([new_row], dtype=object))[0]
    n = nb.class_count_.sum()
    lines = []
    for k, c in enumerate(nb.classes_):
        factors = []
        for j, value in enumerate(new_row):
            seen = np.flatnonzero(nb.categories_[j] == value)
            if seen.size:
                factors.append(fraction(*_alpha_terms(nb, j, k, int(seen[0]))))
            else:  # a value never seen with any class (an uploaded row): the unseen-value rule
                V = len(nb.categories_[j])
                factors.append(fraction(nb.alpha_, nb.class_count_[k] + nb.alpha_ * (V + 1)))
        factors.append(fraction(nb.class_count_[k], n))
        lines.append(f"score({c}) = {' · '.join(factors)} = {scores[k]:.4f}")
    return lines


def xor_table() -> tuple[pd.DataFrame, CategoricalNB]:
    """y = x1 XOR x2 on the four inputs, with naive Bayes fitted on them (maximum likelihood).

    Each feature alone says nothing about y: P(x1 = a | y) = 1/2 for every a and y, so every
    row scores 1/2 · 1/2 · 1/2 = 1/8 for both classes. The true P(x1, x2 | y) is 1/2 on the
    two inputs of class y and 0 on the others, not the product 1/4: the features are not
    independent given the class, which is what the naive assumption takes for granted."""
    X = np.array([["0", "0"], ["0", "1"], ["1", "0"], ["1", "1"]], dtype=object)
    y = np.array([str(int(a) ^ int(b)) for a, b in X])
    nb = CategoricalNB(alpha=0.0).fit(X, y)
    scores = nb.scores(X)
    rows = []
    for i, (a, b) in enumerate(X):
        row = {"x1": a, "x2": b, "y": y[i]}
        for k, c in enumerate(nb.classes_):
            n_c = int(nb.class_count_[k])
            row[f"P(x1,x2 | {c})"] = str(Fraction(int(np.sum((X[:, 0] == a) & (X[:, 1] == b) & (y == c))), n_c))
        for k, c in enumerate(nb.classes_):
            n_c = int(nb.class_count_[k])
            row[f"P(x1|{c})·P(x2|{c})"] = str(Fraction(int(nb.category_count_[0][k, int(a)]), n_c)
                                              * Fraction(int(nb.category_count_[1][k, int(b)]), n_c))
        row |= {"score(0)": scores[i, 0], "score(1)": scores[i, 1],
                "naive Bayes": "tie" if scores[i, 0] == scores[i, 1] else str(nb.classes_[np.argmax(scores[i])])}
        rows.append(row)
    return pd.DataFrame(rows), nb


# --- products of many probabilities ----------------------------------------------------------------

def underflow_demo(p: float = 0.5, n: int = 2000, other: float = 0.4) -> dict:
    """p^n multiplied out in float64 (0.0 once it passes the smallest subnormal 2^-1074), the factor at
    which the running product first became 0, and n log p, which float64 holds easily. ``other``: a
    second class whose n factors are ``other``: both products are 0 (a tie), the log sums still decide."""
    product, first_zero = 1.0, None
    for i in range(1, n + 1):
        product *= p
        if product == 0.0 and first_zero is None:
            first_zero = i
    return {"p": p, "n": n, "product": product, "power": float(np.float64(p) ** n), "first_zero": first_zero,
            "log_sum": n * math.log(p), "other": other, "other_product": float(np.float64(other) ** n),
            "other_log_sum": n * math.log(other)}


# --- the 1-rule ---------------------------------------------------------------------------------

def one_rule_table(one_rule, X, y) -> pd.DataFrame:
    """For every feature and value: the class counts, P(class | value) = N_vc / N_v as fractions,
    the majority class the rule predicts and the errors it makes there."""
    classes = [str(c) for c in one_rule.classes_]
    rows = []
    for j, name in enumerate(one_rule.feature_names_):
        for value, k_rule in one_rule.rules_[j].items():
            at = X[:, j] == value
            counts = [int(np.sum(y[at] == c)) for c in one_rule.classes_]
            row = {"feature": name, "value": value}
            for c, m in zip(classes, counts, strict=True):
                row[f"# {c}"] = m
            for c, m in zip(classes, counts, strict=True):
                row[f"P({c} | value)"] = f"{fraction(m, sum(counts))} = {m / sum(counts):.3f}"
            row["rule →"] = classes[k_rule]
            row["errors"] = sum(counts) - counts[k_rule]
            rows.append(row)
    return pd.DataFrame(rows)


# --- impurity of a node of 16 -----------------------------------------------------------------------

def impurity_mix_table(n: int = N_MIX) -> pd.DataFrame:
    """Every split k / (n - k) of a two-class node: misclassification 1 - max p, Gini 1 - Σ p²,
    entropy -Σ p log2 p (the notes' table: 16/0, 15/1, 8/8 among them)."""
    counts = np.array([[n - k, k] for k in range(n + 1)], dtype=np.float64)
    return pd.DataFrame({"split": [f"{n - k} / {k}" for k in range(n + 1)],
                         "misclassification 1 − max p": misclassification(counts),
                         "Gini 1 − Σ p²": gini(counts), "entropy −Σ p log₂ p": entropy(counts)})


def branch_impurities(cand, criterion: str) -> str:
    """"strong 1.000 · weak 0.811": I(S_v) of every non-empty branch of a candidate feature."""
    return " · ".join(f"{v} {float(impurity(c, criterion)):.3f}" for v, c in cand.counts.items() if c.sum() > 0)


def gain_terms(node, cand, criterion: str) -> str:
    """LaTeX Gain(S, A) = I(S) - (|S_v|/|S| · I(S_v) + ...) = gain with this node's numbers only: the
    page's gain formula without its general part, so that every feature's fits one line at 1280 px."""
    total = int(node.counts.sum())
    parts = " + ".join(f"\\tfrac{{{n}}}{{{total}}}\\cdot {imp:.4f}" for n, imp in cand.branch_terms(criterion))
    return f"\\text{{Gain}}(S, \\text{{{cand.name}}}) = {node.impurity:.4f} - ({parts}) = {cand.gain:.4f}"


# --- drawing ------------------------------------------------------------------------------------

def _whole(table: pd.DataFrame) -> int:
    """A dataframe height that shows every row (rows are 37 px in this theme's font), up to 40 rows."""
    return 42 + 37 * min(len(table), 40)


def show_nb_counts(nb: CategoricalNB, features, target: str, new_row) -> None:
    """The count and fraction table and the worked scores of the chosen row."""
    smoothing = "with Laplace smoothing, (N + 1) / (N_c + V)" if nb.alpha_ > 0 else "maximum likelihood, N / N_c"
    st.markdown(f"Every count of the table and P(value | class) ({smoothing}):")
    table = nb_count_table(nb, features, target)
    st.dataframe(table, hide_index=True, width="stretch", height=_whole(table))
    st.markdown("The scores of the chosen row, factor by factor:\n\n"
                + "\n".join(f"- {line}" for line in nb_score_lines(nb, new_row)))


def show_xor() -> None:
    frame, _ = xor_table()
    st.markdown("y = x1 XOR x2; P(x1,x2 | c) is counted among the rows of class c. Each feature alone "
                "carries no information about y, so naive Bayes, which "
                "multiplies P(x1 | y) · P(x2 | y), scores **1/2 · 1/2 · 1/2 = 1/8 for both classes on every "
                "row**: it cannot learn XOR. The counted P(x1, x2 | y) is 1/2 or 0, not 1/4: the features are "
                "not independent given the class.")
    st.dataframe(frame, hide_index=True, width="stretch",
                 column_config={k: st.column_config.NumberColumn(format="%.4f") for k in ("score(0)", "score(1)")})


def show_underflow() -> None:
    d = underflow_demo()
    st.markdown(
        f"A score is a product of many probabilities. With {d['n']} factors of {d['p']}:\n\n"
        f"- the product in float64: **({d['p']})^{d['n']} = {d['power']!r}** (it became 0 at factor "
        f"{d['first_zero']}, past the smallest positive double 2⁻¹⁰⁷⁴);\n"
        f"- the sum of logs: **{d['n']} · log({d['p']}) = {d['log_sum']:.5f}**, an ordinary number.\n\n"
        f"A second class with {d['n']} factors of {d['other']} also multiplies out to {d['other_product']!r}, "
        f"so the products tie at 0, while the log sums, {d['log_sum']:.2f} against {d['other_log_sum']:.2f}, "
        "still say which class is more likely. So naive Bayes compares Σ log P, never Π P.")


def show_one_rule(one_rule, X, y) -> None:
    st.markdown("P(class | value) for every value of every feature: the 1-rule predicts the majority and "
                "counts the rest as its errors.")
    table = one_rule_table(one_rule, X, y)
    st.dataframe(table, hide_index=True, width="stretch", height=_whole(table))


def show_impurity_mix() -> None:
    """The notes' impurity table of a node of 16, with a slider for the mix."""
    k = settings.setting(MIX, "id3_mix")
    table = impurity_mix_table()
    row = table.iloc[k]
    c1, c2 = st.columns([2, 3], gap="large")
    with c1:
        st.markdown(f"Split **{row['split']}** (p = {k}/{N_MIX}): misclassification **{row.iloc[1]:.4f}**, "
                    f"Gini **{row.iloc[2]:.4f}**, entropy **{row.iloc[3]:.4f}** bits. The maxima with "
                    "K classes: 1 − 1/K, 1 − 1/K and log₂ K (0.5, 0.5 and 1 for two).")
        st.dataframe(table.style.apply(lambda r: ["background-color: #FBE3D6" if r.name == k else ""
                                                  for _ in r], axis=1).format(precision=4),
                     hide_index=True, width="stretch", height=250)
    with c2:
        charts.plotly_chart(impurity_mix_figure(table, k, N_MIX), width="stretch",
                            config=chart_config("id3"), key="id3_mix_chart")
