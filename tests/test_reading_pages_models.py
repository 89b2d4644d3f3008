"""The model pages under AppTest: "What you see" names the regime and the setting to move on the
states issue 22 lists, each page links the pages that answer its next question, and a bare link
opens where the lesson shows (no 100% score, except on the Perceptron page, which is about data a
line separates)."""

import re
from urllib.parse import parse_qsl

import pytest
from support.apptest import assert_clean, run_page

pytestmark = pytest.mark.app

SVM, TREE, PERCEPTRON, NN = ("pages/2_SVM_and_kernels.py", "pages/3_Decision_tree.py", "pages/6_Perceptron.py",
                             "pages/7_Neural_network.py")


def seen(at) -> str:
    texts = [m.value for m in at.markdown if "What you see" in m.value]
    assert len(texts) == 1, texts
    return texts[0]


def targets(at) -> list[str]:
    return [pl.proto.page for pl in at.get("page_link")]


@pytest.mark.parametrize(("page", "query", "regime", "setting"), [
    (SVM, {"data": "moons", "noise": "0.35", "kernel": "rbf", "gamma": "100"}, "overfitting", "smaller gamma"),
    (TREE, {"data": "moons", "depth": "1"}, "underfitting", "larger depth"),
    (NN, {"data": "circles", "hidden_layers": "1", "hidden_units": "1"}, "underfitting",
     "larger number of hidden units"),
    (PERCEPTRON, {"data": "moons", "noise": "0.35"}, "underfitting", "straight line"),
])
def test_what_you_see_names_the_regime_and_the_setting(page, query, regime, setting):
    at = run_page(page, query)
    assert_clean(at)
    text = seen(at)
    assert f"**{regime}**" in text and setting in text.lower(), text


def test_the_svm_at_gamma_100_says_why_with_its_support_vectors():
    at = run_page(SVM, {"data": "moons", "noise": "0.35", "kernel": "rbf", "gamma": "100"})
    shown = int(next(m.value for m in at.metric if m.label == "support vectors"))
    assert f"{shown} of the" in seen(at)
    # the link under the reading opens the validation curve on gamma, with this SVM
    curve = next(dict(parse_qsl(pl.proto.query_string)) for pl in at.get("page_link")
                 if pl.proto.page == "Validation_curve")
    assert curve["vary"] == "gamma" and curve["gamma"] == "100" and curve["noise"] == "0.35"


def test_a_full_tree_on_noisy_moons_overfits_and_counts_its_lonely_leaves():
    at = run_page(TREE, {"data": "moons", "noise": "0.35", "depth": "30"})
    text = seen(at)
    assert "**overfitting**" in text and "leaves are pure" in text
    found = re.search(r"(\d+) of its (\d+) leaves hold a single training point", text)
    assert found and int(found.group(2)) == int(next(m.value for m in at.metric if m.label == "leaves"))


def test_a_separable_perceptron_says_it_converged():
    at = run_page(PERCEPTRON, {"source": "separable"})
    assert "without a mistake" in seen(at)


@pytest.mark.parametrize(("page", "expected"), [
    (SVM, {"Validation_curve", "Bias-variance", "Search", "Perceptron"}),
    (TREE, {"ID3_on_a_table", "Ensembles"}),
    (PERCEPTRON, {"SVM_and_kernels", "Neural_network"}),
    (NN, {"Multi-class", "Perceptron"}),
])
def test_each_page_links_the_pages_of_its_next_question(page, expected):
    at = run_page(page, {"data": "moons", "noise": "0.3"})
    assert_clean(at)
    assert expected <= set(targets(at)), targets(at)


@pytest.mark.parametrize("page", [SVM, TREE, NN])
def test_a_bare_link_opens_where_the_lesson_shows(page):
    at = run_page(page)
    assert_clean(at)
    assert at.session_state["ds_data"] == "moons"
    shown = [f"{m.label} {m.value}" for m in at.metric if "accuracy" in m.label]
    assert shown and not [s for s in shown if re.search(r"(?<![\d.])100(\.0)?%", s)], shown
    assert seen(at)
