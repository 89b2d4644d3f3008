"""The notes' worked examples are visible on the pages (AppTest): the ID3 page's tables, scores, demos,
branch entropies and naive Bayes lecture, and the SVM page's loss gallery and Laplace kernel.
Expected numbers are derived here from the tables and formulas."""

import json
import math
from collections import Counter

import numpy as np
import pytest
from support.apptest import assert_clean, decode, run_page

from mlcore.datasets import TABLES

pytestmark = pytest.mark.app

ID3 = "pages/4_ID3_on_a_table.py"
SVM = "pages/2_SVM_and_kernels.py"


def texts(at) -> str:
    """Every markdown, caption and LaTeX string and every dataframe cell on the page, as one text."""
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [x.value for x in at.latex]
    parts += [df.value.to_string() for df in at.dataframe]
    return "\n".join(parts)


def frame_with(at, column):
    return next(df.value for df in at.dataframe if column in df.value.columns)


def h(*counts):
    n = sum(counts)
    return -sum(c / n * math.log2(c / n) for c in counts if c)


@pytest.fixture(scope="module")
def id3():
    at = run_page(ID3)
    assert_clean(at)
    return at


def test_naive_bayes_count_table_and_worked_scores_are_shown(id3):
    t = TABLES["tennis"]()
    table = frame_with(id3, "P(· | yes)")
    y = t.y.tolist()
    for j, name in enumerate(t.features):
        pairs = Counter(zip(t.X[:, j].tolist(), y, strict=True))
        for v in set(t.X[:, j].tolist()):
            row = table[(table["feature"] == name) & (table["value"] == v)].iloc[0]
            for c in ("yes", "no"):
                assert row[f"P(· | {c})"].startswith(f"{pairs[v, c]}/{y.count(c)} = ")
    shown = texts(id3)
    assert "2/9 = 0.222" in shown and "3/5 = 0.600" in shown
    yes = (2 / 9) * (3 / 9) * (3 / 9) * (3 / 9) * (9 / 14)
    no = (3 / 5) * (1 / 5) * (4 / 5) * (3 / 5) * (5 / 14)
    assert f"score(yes) = 2/9 · 3/9 · 3/9 · 3/9 · 9/14 = {yes:.4f}" in shown and f"{yes:.4f}" == "0.0053"
    assert f"score(no) = 3/5 · 1/5 · 4/5 · 3/5 · 5/14 = {no:.4f}" in shown and f"{no:.4f}" == "0.0206"


def test_xor_underflow_and_impurity_tabs_are_shown(id3):
    shown = texts(id3)
    xor = frame_with(id3, "P(x1|0)·P(x2|0)")
    # y = x1 XOR x2 on 00, 01, 10, 11: class 0 holds 00 and 11, each 1 of its 2 rows
    assert list(xor["P(x1,x2 | 0)"]) == ["1/2", "0", "0", "1/2"]
    assert list(xor["P(x1,x2 | 1)"]) == ["0", "1/2", "1/2", "0"]
    assert list(xor["P(x1|1)·P(x2|1)"]) == ["1/4"] * 4
    assert np.allclose(xor[["score(0)", "score(1)"]].to_numpy(dtype=float), 0.5 ** 3)
    assert "(0.5)^2000 = 0.0" in shown
    assert f"2000 · log(0.5) = {2000 * math.log(0.5):.5f}" in shown and "-1386.29436" in shown
    mix = frame_with(id3, "Gini 1 − Σ p²")
    assert len(mix) == 17
    assert f"misclassification **{1 - 15 / 16:.4f}**" in shown        # the default mix 15 / 1
    assert f"Gini **{1 - (15 / 16) ** 2 - (1 / 16) ** 2:.4f}**" in shown and f"entropy **{h(15, 1):.4f}**" in shown


def test_impurity_slider_moves_to_eight_of_sixteen():
    at = run_page(ID3)
    at.slider(key="id3_mix").set_value(8).run()
    assert_clean(at)
    shown = texts(at)
    assert "Split **8 / 8**" in shown and "entropy **1.0000**" in shown and "Gini **0.5000**" in shown


def test_every_branch_entropy_is_in_the_gain_formulas(id3):
    t = TABLES["tennis"]()
    gains = frame_with(id3, "branch H(S_v)")
    wind = gains[gains["feature"] == "wind"].iloc[0]["branch H(S_v)"]
    weak = Counter(t.y[t.X[:, 3] == "weak"].tolist())
    strong = Counter(t.y[t.X[:, 3] == "strong"].tolist())
    assert f"weak {h(*weak.values()):.3f}" in wind and f"strong {h(*strong.values()):.3f}" in wind
    assert "0.811" in wind and "1.000" in wind
    formulas = [x.value for x in id3.latex]
    wind_formula = next(f for f in formulas if "\\text{wind}" in f)
    assert f"{h(*weak.values()):.4f}" in wind_formula and f"{h(*strong.values()):.4f}" in wind_formula
    assert all(any(f"\\text{{{name}}}" in f for f in formulas) for name in t.features)


def test_one_rule_probabilities_of_kids_play():
    at = run_page(ID3)
    at.selectbox(key="id3_table").set_value("kids_play").run()
    assert_clean(at)
    t = TABLES["kids_play"]()
    sunny = Counter(t.y[t.X[:, 0] == "sunny"].tolist())
    rule = frame_with(at, "P(yes | value)")
    row = rule[(rule["feature"] == "outlook") & (rule["value"] == "sunny")].iloc[0]
    assert row["P(yes | value)"] == f"{sunny['yes']}/5 = {sunny['yes'] / 5:.3f}" == "2/5 = 0.400"
    assert row["P(no | value)"] == f"{sunny['no']}/5 = {sunny['no'] / 5:.3f}" == "3/5 = 0.600"


def test_naive_bayes_lecture_steps_load_their_settings():
    at = run_page(ID3)
    at.selectbox(key="id3_table").set_value("kids_play").run()
    at.button(key="preset_id3_nb_0").click().run()
    assert_clean(at)
    assert at.selectbox(key="id3_table").value == "tennis" and at.toggle(key="nb_laplace").value is False
    assert any("1 · the tennis row" in c.value for c in at.caption)
    at.button(key="preset_id3_nb_1").click().run()
    assert_clean(at)
    assert at.selectbox(key="nb_tennis_outlook").value == "overcast"
    assert any("score(no) = 0/5 · " in m.value for m in at.markdown)
    at.button(key="preset_id3_nb_2").click().run()
    assert_clean(at)
    assert at.toggle(key="nb_laplace").value is True
    assert any("score(no) = 1/8 · " in m.value for m in at.markdown)   # (0 + 1) / (5 + 3)
    at.toggle(key="nb_laplace").set_value(False).run()
    assert any("settings have changed" in c.value for c in at.caption)


def _loss_gallery(at) -> dict:
    figs = [json.loads(c.proto.spec) for c in at.get("plotly_chart")]
    return next(f for f in figs if any(t.get("meta") == "exponential" for t in f["data"]))


def test_svm_page_has_the_loss_gallery_with_the_training_margins():
    # the gallery is in the Hinge loss section's expander, each built only when open
    def open_gallery(at):
        at.session_state["svm_section"] = "Hinge loss"
        at.session_state["svm_gallery"] = True

    at = run_page(SVM, prepare=open_gallery)
    assert_clean(at)
    fig = _loss_gallery(at)
    metas = [t.get("meta") for t in fig["data"]]
    assert metas == ["0-1", "hinge", "logistic", "exponential", "squared", "margins"]
    margins = decode(next(t for t in fig["data"] if t.get("meta") == "margins")["x"])
    svm_fig = next(json.loads(c.proto.spec) for c in at.get("plotly_chart")
                   if any("SVs (" in (t.get("name") or "") for t in json.loads(c.proto.spec)["data"]))
    # the margin chart's hover carries each training point's y·f(x) (customdata column 1)
    yf = np.concatenate([decode(t["customdata"]).reshape(len(decode(t["x"])), -1)[:, 1] for t in svm_fig["data"]
                         if (t.get("name") or "").endswith("(train)")])
    assert len(yf) == len(margins) > 0
    # both float32 copies of the same float64 numbers; the gallery clips them to its axis [-2, 3]
    np.testing.assert_allclose(np.sort(margins), np.sort(np.clip(yf, -2.0, 3.0)), rtol=2 * np.finfo(np.float32).eps)
    assert "log₂" in "\n".join(m.value for m in at.markdown)


def test_svm_page_fits_the_laplace_kernel():
    at = run_page(SVM)
    at.selectbox(key="p_svm_kernel").set_value("laplacian").run()
    assert_clean(at)
    assert at.selectbox(key="p_svm_kernel").value == "laplacian"
    assert any("SVs (" in (t.get("name") or "")
               for c in at.get("plotly_chart") for t in json.loads(c.proto.spec)["data"])
    assert any(s.key == "p_svm_gamma" for s in at.select_slider)    # gamma applies to the Laplace kernel
