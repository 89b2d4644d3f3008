"""The notes' worked examples shown on the ID3 and SVM pages (ui/id3/worked_examples.py, viz/losses.py, viz/notes.py):
every number derived here from the tables and the formulas, not from the code under test."""

import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from mlcore.datasets import TABLES
from mlcore.metrics import MARGIN_LOSSES
from mlcore.naive_bayes import CategoricalNB
from mlcore.tree import ID3Classifier, OneRuleClassifier
from ui.core import lectures
from ui.id3 import worked_examples
from viz.losses import loss_gallery_figure
from viz.notes import impurity_mix_figure

EPS = np.finfo(np.float64).eps
NEW_DAY = ["sunny", "cool", "high", "strong"]   # worked_examples.md: the naive Bayes day


def tennis():
    return TABLES["tennis"]()


def counted(table, alpha=0):
    """{(feature, value, class): "num/den"} by counting rows, with alpha added (Laplace: alpha = 1)."""
    classes = Counter(table.y.tolist())
    out = {}
    for j, name in enumerate(table.features):
        values = sorted(set(table.X[:, j].tolist()))
        pairs = Counter(zip(table.X[:, j].tolist(), table.y.tolist(), strict=True))
        for v in values:
            for c, n_c in classes.items():
                out[name, v, c] = f"{pairs[v, c] + alpha}/{n_c + alpha * len(values)}"
    return out


def entropy_bits(*counts):
    n = sum(counts)
    return -sum(c / n * math.log2(c / n) for c in counts if c)


# --- naive Bayes --------------------------------------------------------------------------------

@pytest.mark.parametrize("alpha", [0, 1])
def test_count_table_holds_every_counted_fraction(alpha):
    t = tennis()
    frame = worked_examples.nb_count_table(CategoricalNB(alpha=alpha).fit(t.X, t.y), t.features, t.target)
    want = counted(t, alpha)
    assert len(frame) == 1 + len({(f, v) for f, v, _ in want})
    for (f, v, c), text in want.items():
        row = frame[(frame["feature"] == f) & (frame["value"] == v)].iloc[0]
        assert row[f"P(· | {c})"].startswith(text + " = "), (f, v, c)
        assert row[f"# {c}"] == int(text.split("/")[0]) - alpha
    prior = frame.iloc[0]
    assert prior["P(· | yes)"].startswith("9/14") and prior["P(· | no)"].startswith("5/14")


def test_the_notes_pairs_two_ninths_against_three_fifths():
    t = tennis()
    frame = worked_examples.nb_count_table(CategoricalNB(alpha=0).fit(t.X, t.y), t.features, t.target)
    sunny = frame[(frame["feature"] == "outlook") & (frame["value"] == "sunny")].iloc[0]
    assert sunny["P(· | yes)"] == "2/9 = 0.222" and sunny["P(· | no)"] == "3/5 = 0.600"


def test_score_lines_are_the_notes_products():
    t = tennis()
    lines = worked_examples.nb_score_lines(CategoricalNB(alpha=0).fit(t.X, t.y), NEW_DAY)
    want = counted(t)
    n = len(t.y)
    for c in ("yes", "no"):
        factors = [want[f, v, c] for f, v in zip(t.features, NEW_DAY, strict=True)]
        n_c = int(np.sum(t.y == c))
        value = math.prod(Fraction(x) for x in factors) * Fraction(n_c, n)
        line = f"score({c}) = {' · '.join(factors)} · {n_c}/{n} = {float(value):.4f}"
        assert line in lines
    # worked_examples.md prints exactly these two
    assert "score(yes) = 2/9 · 3/9 · 3/9 · 3/9 · 9/14 = 0.0053" in lines
    assert "score(no) = 3/5 · 1/5 · 4/5 · 3/5 · 5/14 = 0.0206" in lines


def test_xor_table_independence_fails():
    frame, nb = worked_examples.xor_table()
    for _, row in frame.iterrows():
        a, b = int(row["x1"]), int(row["x2"])
        assert row["y"] == str(a ^ b)
        # of the two rows of class y, one is (x1, x2): 1/2, and none of the other class: 0;
        # in either class one of two rows has x1 = a and one has x2 = b: 1/2 · 1/2 = 1/4
        for c in "01":
            assert row[f"P(x1,x2 | {c})"] == ("1/2" if c == str(a ^ b) else "0")
            assert row[f"P(x1|{c})·P(x2|{c})"] == "1/4"
        # P(y) P(x1 | y) P(x2 | y) = 1/2 · 1/2 · 1/2, through exp(sum of three logs)
        assert row["score(0)"] == pytest.approx(0.125, rel=8 * EPS)
        assert row["score(1)"] == pytest.approx(0.125, rel=8 * EPS)
        assert row["naive Bayes"] == "tie"


def test_product_of_2000_halves_underflows_and_its_log_does_not():
    d = worked_examples.underflow_demo()
    assert d["product"] == 0.0 and d["power"] == 0.0 and d["other_product"] == 0.0
    # the smallest subnormal is 2^-1074; 2^-1075 is half of it and rounds (to even) to 0
    assert d["first_zero"] == 1 - int(math.log2(np.finfo(np.float64).smallest_subnormal))
    assert d["first_zero"] == 1075
    assert d["log_sum"] == pytest.approx(-2000 * math.log(2), rel=8 * EPS)
    assert f"{d['log_sum']:.2f}" == "-1386.29"
    assert d["other_log_sum"] == pytest.approx(2000 * math.log(0.4), rel=8 * EPS)


def test_one_rule_probabilities_of_kids_play():
    t = TABLES["kids_play"]()
    one = OneRuleClassifier().fit(t.X, t.y, feature_names=list(t.features))
    frame = worked_examples.one_rule_table(one, t.X, t.y)
    for j, name in enumerate(t.features):
        for v in set(t.X[:, j].tolist()):
            labels = Counter(t.y[t.X[:, j] == v].tolist())
            row = frame[(frame["feature"] == name) & (frame["value"] == v)].iloc[0]
            total = sum(labels.values())
            for c in ("yes", "no"):
                assert row[f"P({c} | value)"].startswith(f"{labels[c]}/{total} = ")
            assert row["errors"] == total - max(labels.values())
    sunny = frame[(frame["feature"] == "outlook") & (frame["value"] == "sunny")].iloc[0]
    assert sunny["P(yes | value)"] == "2/5 = 0.400" and sunny["P(no | value)"] == "3/5 = 0.600"
    assert sunny["rule →"] == "no"


def test_impurity_table_of_sixteen_from_the_formulas():
    frame = worked_examples.impurity_mix_table()
    assert len(frame) == 17
    for k in range(17):
        p = np.array([16 - k, k]) / 16
        row = frame.iloc[k]
        assert row["split"] == f"{16 - k} / {k}"
        assert row.iloc[1] == pytest.approx(1 - p.max(), abs=4 * EPS)
        assert row.iloc[2] == pytest.approx(1 - (p ** 2).sum(), abs=4 * EPS)
        assert row.iloc[3] == pytest.approx(entropy_bits(16 - k, k), abs=16 * EPS)
    # worked_examples.md section 2, to its rounding
    assert [round(v, 4) for v in frame.iloc[1, 1:]] == [0.0625, 0.1172, 0.3373]
    assert frame.iloc[1, 1] == 0.0625 and round(frame.iloc[1, 2], 3) == 0.117 and round(frame.iloc[1, 3], 3) == 0.337
    assert list(frame.iloc[0, 1:]) == [0, 0, 0] and list(frame.iloc[8, 1:]) == [0.5, 0.5, 1.0]


def test_branch_impurities_of_wind_at_the_root():
    t = tennis()
    root = ID3Classifier().fit(t.X, t.y, feature_names=list(t.features)).nodes_[0]
    wind = next(c for c in root.candidates if c.name == "wind")
    weak = Counter(t.y[t.X[:, 3] == "weak"].tolist())
    strong = Counter(t.y[t.X[:, 3] == "strong"].tolist())
    text = worked_examples.branch_impurities(wind, "entropy")
    assert f"weak {entropy_bits(*weak.values()):.3f}" in text and f"strong {entropy_bits(*strong.values()):.3f}" in text
    assert "weak 0.811" in text and "strong 1.000" in text       # the notes' numbers


def test_lesson_steps_say_what_their_settings_compute():
    t = tennis()
    step1, step2, step3 = lectures.NAIVE_BAYES
    row1 = [step1.values[f"nb_tennis_{f}"] for f in t.features]
    assert row1 == NEW_DAY and step1.values["nb_laplace"] is False
    for line in worked_examples.nb_score_lines(CategoricalNB(alpha=0).fit(t.X, t.y), row1):
        assert line.split(" = ", 1)[1] in step1.text          # the caption's products and values
    row2 = [step2.values[f"nb_tennis_{f}"] for f in t.features]
    assert counted(t)["outlook", row2[0], "no"] == "0/5" and "(0/5)" in step2.text
    assert step3.values["nb_laplace"] is True
    assert f"P(overcast | no) = {counted(t, 1)['outlook', 'overcast', 'no']}" in step3.text


# --- figures ------------------------------------------------------------------------------------

def test_loss_gallery_draws_each_formula():
    fig = loss_gallery_figure(margins=[-3.0, 0.5, 1.5])
    by_name = {t.meta: t for t in fig.data}
    assert list(by_name) == [*MARGIN_LOSSES, "margins"]
    m = np.asarray(by_name["hinge"].x, dtype=np.float64)
    # (value, |slope|) of each formula at the drawn m
    formulas = {"hinge": (np.maximum(0, 1 - m), 1.0), "logistic": (np.log2(1 + np.exp(-m)), 1 / math.log(2)),
                "exponential": (np.exp(-m), np.exp(-m)), "squared": ((1 - m) ** 2, 2 * np.abs(1 - m))}
    eps32 = np.finfo(np.float32).eps
    for name, (want, slope) in formulas.items():
        # plotly gets float32: x was rounded (|m| eps32 / 2, carried by the slope) and so was y
        got = np.asarray(by_name[name].y, dtype=np.float64)
        assert np.all(np.abs(got - want) <= slope * (np.abs(m) + 1) * eps32 + np.abs(want) * eps32), name
    zero_one = by_name["0-1"]
    assert list(zero_one.x) == [-2.0, 0.0, 0.0, 3.0] and list(zero_one.y) == [1, 1, 0, 0]
    assert list(by_name["margins"].x) == [-2.0, 0.5, 1.5]          # clipped to the axis


def test_impurity_mix_figure_marks_the_chosen_split():
    frame = worked_examples.impurity_mix_table()
    fig = impurity_mix_figure(frame, 8, 16)
    chosen = {t.meta: t for t in fig.data if str(t.meta).startswith("chosen")}
    assert len(chosen) == 3
    assert sorted(float(t.y[0]) for t in chosen.values()) == [0.5, 0.5, 1.0]
    assert all(list(t.x) == [8.0] for t in chosen.values())
