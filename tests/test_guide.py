"""A page that teaches (ui.core.guide): "What you see" names the regime and the setting to move on
the states the issue lists; links to other pages carry the dataset and the model, and the page at
the other end opens on them; a bare link opens a page where its lesson shows."""

import pytest
from support.apptest import PLAYGROUND, assert_clean, page_links, run_page, seen

from ui.core.guide import PAGES
from ui.core.layout import menu

pytestmark = pytest.mark.app

NOISY_MOONS = {"data": "moons", "noise": "0.35"}


@pytest.mark.parametrize(("query", "regime", "setting"), [
    ({**NOISY_MOONS, "model": "svm", "kernel": "rbf", "gamma": "100"}, "overfitting", "smaller gamma"),
    ({**NOISY_MOONS, "model": "knn", "k": "1"}, "overfitting", "larger k"),
    ({"data": "moons", "model": "knn", "k": "50"}, "underfitting", "smaller k"),   # k at its maximum
    ({"data": "moons", "model": "tree", "max_depth": "1"}, "underfitting", "larger depth"),
    ({"data": "circles", "model": "mlp", "hidden_layers": "1", "hidden_units": "1"}, "underfitting",
     "larger number of hidden units"),
])
def test_the_playground_names_the_regime_and_the_setting_to_move(query, regime, setting):
    at = run_page(PLAYGROUND, query)
    assert_clean(at)
    text = seen(at)
    assert f"**{regime}**" in text and setting in text.lower()


def test_the_readings_links_open_the_curve_on_the_setting_it_names():
    at = run_page(PLAYGROUND, {**NOISY_MOONS, "model": "svm", "gamma": "100"})
    curve = dict(page_links(at))["Validation_curve"]
    assert curve["vary"] == "gamma" and curve["model"] == "svm" and curve["gamma"] == "100"
    target = run_page("pages/11_Validation_curve.py", curve)
    assert_clean(target)
    assert target.session_state["vc_vary_svm"] == "gamma"
    assert target.session_state["p_svm_gamma"] == 100.0 and target.session_state["ds_data"] == "moons"


def test_a_link_followed_in_the_same_session_carries_the_view():
    """The menu carries nothing; a guide link carries its query to the page it opens, even one this
    session has seen before with other settings (here the curve's axis, which only the link sets)."""
    at = run_page("pages/11_Validation_curve.py", {"data": "circles", "model": "svm", "vary": "C"})
    assert at.session_state["vc_vary_svm"] == "C"
    at.switch_page(PLAYGROUND)
    at.query_params.clear()
    at.query_params.update({**NOISY_MOONS, "model": "svm", "gamma": "100"})
    at.run()
    assert_clean(at)
    query = dict(page_links(at))["Validation_curve"]
    at.switch_page("pages/11_Validation_curve.py")
    at.query_params.clear()
    at.query_params.update(query)
    at.run()
    assert_clean(at)
    assert at.session_state["vc_vary_svm"] == "gamma"
    assert at.session_state["model"] == "svm" and at.session_state["p_svm_gamma"] == 100.0
    assert at.session_state["ds_data"] == "moons" and at.session_state["ds_noise"] == 0.35


def test_a_bare_link_opens_where_the_lesson_shows_and_a_written_link_keeps_its_meaning():
    bare = run_page(PLAYGROUND)
    assert bare.session_state["ds_data"] == "moons"
    assert not any(m.value == "100.0%" for m in bare.metric)
    written = run_page(PLAYGROUND, {"model": "knn", "k": "7"})  # items left out mean their defaults
    assert written.session_state["ds_data"] == "blobs" and written.session_state["p_knn_k"] == 7


def test_the_home_page_walks_the_course_in_the_order_of_the_notes():
    at = run_page()
    assert_clean(at)
    order = [path for path, _ in page_links(at)]
    first = [order.index(PAGES[n].url_path) for n in ("playground", "tree", "id3", "perceptron", "svm", "ensembles",
                                                      "nn", "multiclass", "learning_curves", "learning_theory",
                                                      "features")]
    assert first == sorted(first)
    assert {e.url_path for e in menu()[1:]} <= set(order)  # every page is a stop
    for _, query in page_links(at):
        if "model" in query:  # a link that names a model names data where models differ
            assert query["data"] == "moons"
