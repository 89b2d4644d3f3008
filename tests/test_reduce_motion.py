"""Reduce motion (issue 24, part 4: "a 'reduce motion' setting, or the browser's own, stops
auto-play"): the sidebar's switch stops the Perceptron's and the Neural network's play and puts
the reason where the play control was. The browser's own preference: tests/test_browser_access.py."""

import pytest
from support.apptest import assert_clean, run_page

pytestmark = pytest.mark.app

WHY = "Play is off because motion is reduced (the sidebar's switch is on)"


def _captions(at) -> str:
    return " ".join(c.value for c in at.caption)


def test_the_switch_stops_the_perceptrons_play_and_leaves_the_step_buttons():
    at = run_page("pages/6_Perceptron.py")
    at.button(key="pc_play").click().run()
    assert at.session_state["pc_playing"]
    at.toggle(key="reduce_motion").set_value(True).run()
    assert_clean(at)
    assert not at.session_state["pc_playing"]
    assert not [b for b in at.button if b.key == "pc_play"]
    assert not at.button(key="pc_next").disabled
    assert WHY in _captions(at)


def test_the_switch_stops_the_networks_play_and_disables_it():
    at = run_page("pages/7_Neural_network.py")
    at.toggle(key="nn_play").set_value(True).run()
    at.toggle(key="reduce_motion").set_value(True).run()
    assert_clean(at)
    assert at.toggle(key="nn_play").value is False and at.toggle(key="nn_play").disabled
    assert WHY in _captions(at)
