"""The link a page writes after a sequence of widget changes reopens the same view in a fresh
session (issue 14, defect 9), and settings that do nothing on the blank canvas stay out of it."""

import contextlib
import io

import pytest
from support.apptest import PLAYGROUND, assert_clean, assert_reopens, link, run_page, values

pytestmark = pytest.mark.app

ENSEMBLES = "pages/5_Ensembles.py"


def test_playground_link_carries_the_toggles_and_reopens_the_same_figure():
    at = run_page(PLAYGROUND)
    at.selectbox(key="ds_data").set_value("moons").run()
    at.slider(key="ds_n").set_value(150).run()
    at.selectbox(key="model").set_value("logistic").run()
    at.toggle(key="show_test").set_value(False).run()
    at.toggle(key="show_conf").set_value(False).run()
    assert link(at)["show_test"] == "false" and link(at)["show_conf"] == "false"
    assert_reopens(at, PLAYGROUND)


@pytest.mark.parametrize("model, slider, name, position", [("adaboost", "ens_m_adaboost", "round", 7),
                                                           ("bagging", "ens_m_bagging", "members", 4)])
def test_ensembles_link_carries_the_position_and_shading(model, slider, name, position):
    at = run_page(ENSEMBLES, {"data": "moons", "n": "120"})
    at.radio(key="ens_model").set_value(model).run()
    at.slider(key=f"p_{model}_n_estimators").set_value(20).run()
    at.slider(key=slider).set_value(position).run()
    at.toggle(key="ens_conf").set_value(False).run()
    assert link(at)[name] == str(position) and link(at)["show_conf"] == "false"
    assert_reopens(at, ENSEMBLES)


def test_changing_the_number_of_rounds_keeps_the_round():
    at = run_page(ENSEMBLES, {"data": "moons", "model": "adaboost", "n_estimators": "20"})
    at.slider(key="ens_m_adaboost").set_value(5).run()
    at.slider(key="p_adaboost_n_estimators").set_value(49).run()
    assert_clean(at)
    assert at.slider(key="ens_m_adaboost").value == 5
    assert at.slider(key="ens_m_adaboost").max == 49
    at.slider(key="p_adaboost_n_estimators").set_value(3).run()  # past the end: clamped, and said
    assert at.slider(key="ens_m_adaboost").value == 3
    assert any("round was 5" in c.value for c in at.caption)


def test_blank_canvas_link_has_no_class_count_size_or_noise():
    at = run_page(PLAYGROUND, {"data": "blobs"})  # blobs: a class count to set (a bare link opens on moons)
    at.slider(key="ds_classes").set_value(4).run()
    at.slider(key="ds_n").set_value(100).run()
    at.selectbox(key="ds_data").set_value("blank").run()
    assert link(at) == {"data": "blank"}
    assert not [s for s in at.slider if s.key in ("ds_classes", "ds_n", "ds_noise")]
    # a link from before, with the settings that do nothing, still opens without a warning
    at = run_page(PLAYGROUND, {"data": "blank", "classes": "6", "n": "0", "noise": "0"})
    assert not at.warning
    assert link(at) == {"data": "blank"}


def _show_code_model(at):
    """The model the page's "Show code" builds (the snippet's ``model``, executed)."""
    from ui.core.show_code import LABEL

    [box] = [e for e in at.expander if e.label == LABEL]
    [text] = [c.value for c in box.code if c.language == "python"]
    namespace: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(text, "<show code>", "exec"), namespace)
    return namespace["model"]


@pytest.mark.parametrize("query, slider, params", [
    ({"model": "knn", "k": "7"}, {"p_knn_k": 7}, {"n_neighbors": 7}),
    ({"model": "perceptron", "lr": "0.1", "max_epochs": "5"},
     {"p_perceptron_lr": 0.1, "p_perceptron_max_epochs": 5}, {"eta0": 0.1, "max_iter": 5}),
])
def test_a_link_written_before_the_scikit_learn_names_sets_the_same_parameters(query, slider, params):
    """Issue 21: the estimators take scikit-learn's names (n_neighbors, eta0, max_iter), links keep
    their keys (k, lr, max_epochs): an old link reopens the same view and writes the same link."""
    at = run_page(PLAYGROUND, {"data": "moons", "n": "80", **query})
    assert_clean(at)
    assert not at.warning, [w.value for w in at.warning]
    shown = {k: v for k, v in values(at).items() if k in slider}
    assert shown == slider
    model = _show_code_model(at)
    assert {name: getattr(model, name) for name in params} == params
    assert {k: link(at).get(k) for k in query if k != "model"} == {k: v for k, v in query.items() if k != "model"}
