"""A link's values that cannot be used as given are each named in the page's one warning: a value
past a clamped setting's end (a depth past the full tree), and a key given twice (the last wins)."""

import pytest
from support.apptest import PLAYGROUND, run_page

pytestmark = pytest.mark.app


def warning_text(at) -> str:
    assert not at.exception, [e.message for e in at.exception]
    assert len(at.warning) == 1, [w.value for w in at.warning]
    return at.warning[0].value


def test_a_depth_past_the_full_tree_warns_and_shows_the_full_tree():
    at = run_page("pages/3_Decision_tree.py", {"data": "moons", "depth": "1000"})
    text = warning_text(at)
    full = at.session_state["tree_depth"]
    assert "depth" in text.lower() and "`1000`" in text and f"using {full}" in text
    assert 1 <= full < 1000


def test_a_repeated_key_warns_and_takes_the_last_value():
    at = run_page(PLAYGROUND, {"data": "moons", "model": "knn", "k": ["5", "7"]})
    text = warning_text(at)
    assert "**k**" in text and "more than once" in text and "`7`" in text
    assert at.session_state["p_knn_k"] == 7


def test_a_link_without_repeats_or_overflow_warns_nothing():
    at = run_page(PLAYGROUND, {"data": "moons", "model": "knn", "k": "7"})
    assert not at.warning
