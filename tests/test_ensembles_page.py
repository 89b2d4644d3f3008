"""The Ensembles page under AppTest: every ensemble draws, the member/round slider redraws."""

import json
import re

import numpy as np
import pytest
from support.apptest import assert_clean, decode, run_page

pytestmark = pytest.mark.app

PAGE = "pages/5_Ensembles.py"


def _page(query):
    return run_page(PAGE, query)


def _regions(at):
    fig = json.loads(at.get("plotly_chart")[0].proto.spec)
    heat = [t for t in fig["data"] if t.get("type") == "heatmap"][0]
    return decode(heat["z"]).ravel(), fig


@pytest.mark.parametrize("key", ["random_forest", "extra_trees", "bagging", "adaboost"])
def test_each_ensemble_draws_and_its_slider_redraws(key):
    at = _page({"data": "moons", "n": "80", "model": key})
    assert_clean(at)
    shares = [re.findall(r"x[₁₂] (\d+)%", c.value) for c in at.caption if "Feature importance" in c.value]
    assert shares and len(shares[0]) == 2 and 99 <= sum(map(int, shares[0])) <= 101
    before, fig = _regions(at)
    assert before.size == 200 * 200
    slider = [s for s in at.slider if s.label in ("members in the vote", "round")]
    assert slider, "no member / round slider"
    slider[0].set_value(1).run()
    assert_clean(at)
    after, fig = _regions(at)
    assert not np.array_equal(before, after), "one member should vote differently from all of them"
    if key == "adaboost":
        names = [t.get("name", "") for t in fig["data"]]
        assert any("split" in n for n in names)
        assert len(at.get("plotly_chart")) == 2        # regions and the round-by-round history
    else:
        assert len(at.get("plotly_chart")) == 3        # vote, members, accuracy curve


@pytest.mark.parametrize("query, widget, value", [
    ({"model": "bagging", "base": "logistic"}, "base model", "logistic"),
    ({"model": "adaboost", "max_depth": "3"}, "tree depth", 3),
])
def test_a_link_names_the_base_model_or_the_tree_depth(query, widget, value):
    at = _page({"data": "moons", "n": "80", **query})
    assert_clean(at)
    shown = [w for w in [*at.selectbox, *at.slider, *at.number_input] if w.label == widget]
    assert shown and shown[0].value == value


def test_a_bad_model_in_the_link_warns_and_falls_back():
    at = _page({"model": "svm", "n_estimators": "many"})
    assert_clean(at)
    assert at.warning and "could not be used" in at.warning[0].value
    assert at.radio(key="ens_model").value == "random_forest"
