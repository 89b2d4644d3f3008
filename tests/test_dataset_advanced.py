"""The dataset panel's advanced fields (imbalance, label noise, outliers, margin) are drawn only
when their box is open or one of them is away from its default: four sliders fewer on every full
run of every page, with nothing lost from a link, a preset or an earlier change."""

import pytest
from support.apptest import PLAYGROUND, assert_clean, link, run_page

pytestmark = pytest.mark.app

ADVANCED = ("ds_imbalance", "ds_label_noise", "ds_outliers", "ds_margin")


def _drawn(at) -> set[str]:
    return {s.key for s in at.slider if s.key in ADVANCED}


def test_at_their_defaults_and_closed_they_are_not_drawn():
    at = run_page(PLAYGROUND, {"data": "moons", "n": "200"})
    assert_clean(at)
    assert _drawn(at) == set()
    assert not any(k in link(at) for k in ("imbalance", "label_noise", "outliers", "margin"))


def test_a_link_that_asks_for_one_draws_them_and_keeps_it():
    at = run_page(PLAYGROUND, {"data": "moons", "n": "200", "label_noise": "0.1"})
    assert_clean(at)
    assert _drawn(at) == {"ds_imbalance", "ds_label_noise", "ds_outliers"}   # moons has no margin
    assert at.slider(key="ds_label_noise").value == pytest.approx(0.1)
    assert link(at)["label_noise"] == "0.1"
    at.slider(key="ds_n").set_value(250).run()   # another run: still drawn, still in the link
    assert at.slider(key="ds_label_noise").value == pytest.approx(0.1)
    assert link(at)["label_noise"] == "0.1"


def test_the_margin_is_drawn_for_a_generator_that_uses_it():
    at = run_page(PLAYGROUND, {"data": "linear", "margin": "1"})
    assert_clean(at)
    assert "ds_margin" in _drawn(at)
    assert link(at)["margin"] == "1"


def test_set_back_to_its_default_it_leaves_the_link():
    at = run_page(PLAYGROUND, {"data": "moons", "n": "200", "outliers": "0.05"})
    at.slider(key="ds_outliers").set_value(0.0).run()
    assert_clean(at)
    assert "outliers" not in link(at)
    at.slider(key="ds_n").set_value(250).run()
    assert _drawn(at) == set()
