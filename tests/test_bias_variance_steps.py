"""A step of the model's setting on the Bias-variance page refits only what depends on it: the
overlay at the new value. The curve along the complexity axis does not depend on where the slider
stands (every value of the axis is fitted, whatever the current one), so a step finds it computed.
And the overlay at the neighbouring values of the axis is computed ahead, from the page's opening
on, so the first step is ready too."""

import threading

import pytest
from support.apptest import assert_clean, charts, run_page, widget

from ui.model_selection import bias_variance_runs as runs
from ui.serving import ahead

PAGE = "pages/14_Bias-variance.py"
AHEAD = []   # the numbers of neighbours fitted by the threads computing ahead
# an uncommon dataset seed and 5 training sets: the server's cache holds nothing of it yet, and it is quick
QUERY = {"data": "moons", "n": "80", "seed": "811", "model": "knn", "k": "5", "rounds": "5"}


@pytest.fixture
def fitted(monkeypatch):
    """The number of neighbours of every model a page run fits a decomposition for, in order (what
    is computed ahead, in its own threads, goes to ``AHEAD``)."""
    seen = []
    run = runs._run
    AHEAD.clear()

    def counting(model, *args, **kwargs):
        (AHEAD if threading.current_thread().name.startswith("ahead-") else seen).append(model.n_neighbors)
        return run(model, *args, **kwargs)

    monkeypatch.setattr(runs, "_run", counting)
    monkeypatch.setattr(ahead, "ENABLED", False)   # only what the step's own run fits
    return seen


@pytest.mark.app
def test_a_k_step_fits_the_new_k_only_and_keeps_the_curve(fitted):
    at = run_page(PAGE, QUERY)
    assert_clean(at)
    curve_before = charts(at)[1]
    values = runs.curve_values("knn", runs.sweeps.MODELS["knn"].param("n_neighbors"))
    assert set(values) <= set(fitted)   # the first run swept the axis
    fitted.clear()
    widget(at, "p_knn_k").set_value(6).run()
    assert_clean(at)
    assert fitted == [6]   # the overlay at k = 6, once; no value of the curve refitted
    after = charts(at)[1]
    # the same curve, its marker gone (6 is not on the axis)
    assert [t["y"] for t in after["data"] if t.get("name") == "expected loss"] == \
           [t["y"] for t in curve_before["data"] if t.get("name") == "expected loss"]
    fitted.clear()
    widget(at, "p_knn_k").set_value(5).run()
    assert_clean(at)
    assert fitted == []    # a step back: the overlay at k = 5 is kept for the server


def _join_ahead():
    """Wait for every thread computing ahead (an earlier test's too: they hold the server's threads)."""
    for thread in threading.enumerate():
        if thread.name.startswith("ahead-"):
            thread.join(120)
            assert not thread.is_alive(), "a thread computing ahead did not end"


@pytest.mark.app
def test_the_first_step_of_the_axis_and_the_next_find_their_positions_computed_ahead(fitted, monkeypatch):
    monkeypatch.setattr(ahead, "ENABLED", True)
    _join_ahead()
    at = run_page(PAGE, {**QUERY, "seed": "812"})
    assert_clean(at)
    _join_ahead()   # opened: k = 4 and 6 computed while the student reads the page
    assert {4, 6} <= set(AHEAD)
    fitted.clear()
    widget(at, "p_knn_k").set_value(6).run()
    assert_clean(at)
    assert fitted == [], fitted   # the main thread fitted nothing: the overlay at k = 6 was ready
    _join_ahead()   # k = 7 (and 5) computed after the step
    assert 7 in AHEAD
    fitted.clear()
    widget(at, "p_knn_k").set_value(7).run()
    assert_clean(at)
    assert fitted == []
