"""The teaching glitches of issue 22 on the pages themselves (AppTest): the Perceptron's own words on
data no line separates, a gate link that reopens the Logic gates tab, tree steps whose difference the
page states, and the crosses of a network that learned nothing."""

import json
import re

import numpy as np
import pytest
from support.apptest import assert_clean, decode, keyed_figure, link, run_page

from mlcore.tree import DecisionTreeClassifier
from ui.core import lectures
from ui.core.presets import recipe_of
from ui.serving import fits

pytestmark = pytest.mark.app

PERCEPTRON, NN, TREE = "pages/6_Perceptron.py", "pages/7_Neural_network.py", "pages/3_Decision_tree.py"


def _step(at, name: str, i: int):
    at.button(key=f"preset_{name}_{i}").click().run()
    assert_clean(at)
    return at


def _chart(at, key: str) -> dict:
    return keyed_figure(at, key)


@pytest.mark.parametrize("i", [1, 2], ids=["overlapping", "outlier"])
def test_the_perceptron_explains_non_separable_data_in_its_own_words(i):
    at = _step(run_page(PERCEPTRON), "perceptron", i)
    said = " ".join(info.value for info in at.info)
    assert "not linearly separable" in said
    # no C on this page, and its classes are the data's 0 and 1, not the SVM's -1.0 and 1.0
    for svm_words in ("C = inf", "finite C", "-1.0", "hard margin (C"):
        assert svm_words not in said, svm_words
    assert "class 0" in said and "class 1" in said
    assert "perceptron never finishes an epoch without a mistake" in said


@pytest.mark.parametrize("query", [{"gate": "XOR"}, {"gate": "AND"}, {"tab": "gates"}])
def test_a_gate_link_reopens_the_logic_gates_tab(query):
    at = run_page(NN, query=query)
    assert_clean(at)
    assert at.session_state["nn_tab"] == "Logic gates"
    # the link it writes says the tab too, so it reopens there again
    again = run_page(NN, query=link(at))
    assert again.session_state["nn_tab"] == "Logic gates"


def test_a_plain_link_opens_the_training_tab_and_leaves_the_tab_out():
    at = run_page(NN, query={"data": "moons", "n": "100"})
    assert_clean(at)
    assert at.session_state["nn_tab"] == "Train and replay"
    assert "tab" not in link(at)


def _lonely(model) -> int:
    t = model.tree_
    return int(np.sum(t.n_node_samples[t.children_left == -1] == 1))


def _step_tree(values) -> DecisionTreeClassifier:
    data = fits.dataset(recipe_of(values), ())
    return DecisionTreeClassifier(min_impurity_decrease=values["tree_min_dec"]).fit(data.X_train, data.y_train)


def test_the_full_and_pruned_steps_say_and_show_how_they_differ():
    at = run_page(TREE)
    counts = {}
    for i, name in ((2, "full"), (3, "pruned")):
        _step(at, "tree", i)
        captions = " ".join(c.value for c in at.caption)
        found = re.search(r"(\d+) leaves, (\d+|none) (?:of them )?around a single training point", captions)
        assert found, captions
        model = _step_tree(lectures.TREE[i].values)
        said = (int(found.group(1)), 0 if found.group(2) == "none" else int(found.group(2)))
        assert said == (model.get_n_leaves(), _lonely(model)), name
        plane = next(json.loads(c.proto.spec) for c in at.get("plotly_chart")   # the plane follows a point
                     if '"followed point"' in c.proto.spec or '"selected point"' in c.proto.spec)
        boxes = [t for t in plane["data"] if t.get("name") == "alone in its leaf"]
        assert sum(len(decode(t["x"])) for t in boxes) == said[1]
        counts[name] = said
    # the pruned step's line: fewer leaves, and all but one of the boxes around single points go
    assert counts["pruned"][0] < counts["full"][0]
    assert counts["full"][1] > 1 and counts["pruned"][1] == 1
    assert "all but one of the boxes" in lectures.TREE[3].text


def test_a_network_that_learned_nothing_draws_thin_crosses():
    at = _step(run_page(NN), "nn", 3)   # "rate 1": about half the points wrong
    wrong = next(t for t in _chart(at, "nn_main")["data"] if t.get("name") == "misclassified")
    n = len(decode(wrong["x"]))
    assert n > 50
    assert wrong["marker"]["size"] < 20 and wrong["marker"]["line"]["width"] < 2
