"""Drawn ahead (ui/live/live_chart.js): the browser holds the figures at the positions next to the
slider last moved, draws one the moment the slider shows its value, and the run for that step
then finds it drawn. What must hold, whatever the timing: the figure drawn ahead IS the figure the
run makes (the run's message carries the same signature and draws nothing, so the chart's last
draw is still the ahead one), and the plane then equals the plane a fresh page opens on the same
link, for a plain slider, a log slider (a select slider: its index), the data's noise slider in
the sidebar (the step of a model without a slider) and after the data changed.
"""

import pytest
from support.browser import (
    CHART,
    LIVE_AHEAD,
    LIVE_TIMING,
    Z_PRINT,
    assert_no_errors,
    goto,
    link_of,
    new_page,
    open_playground,
    settle,
    step_slider,
)

pytestmark = pytest.mark.browser

TIMING = LIVE_TIMING
AHEAD = LIVE_AHEAD


def _wait_for_positions(page):
    """The run's drawn-ahead message has come (it is sent at the end of the run)."""
    settle(page)
    page.wait_for_function(f"({AHEAD})('playground_chart') > 0", timeout=30_000)


def _fresh_plane(browser, url) -> str:
    other = new_page(browser)
    try:
        goto(other, url)
        other.wait_for_selector(CHART, timeout=60_000)
        other.wait_for_function(f"({Z_PRINT})() !== null", timeout=60_000)
        return other.evaluate(Z_PRINT)
    finally:
        other.close()


def _step_drawn_ahead(page, browser, slider, item):
    _wait_for_positions(page)
    before = page.evaluate(Z_PRINT)
    step_slider(page, slider)
    url = link_of(page, item)
    assert item in url, url
    timing = page.evaluate(TIMING, "playground_chart")
    # the last draw is the one made ahead: the run's figure had the same signature
    assert timing and timing.get("ahead"), f"the step to {item} was not drawn ahead, or the run drew again: {timing}"
    now = page.evaluate(Z_PRINT)
    assert now != before, f"the plane did not change on the step to {item}"
    assert now == _fresh_plane(browser, url), f"the plane drawn ahead differs from a fresh page at {url}"
    assert_no_errors(page, url)


def test_a_k_step_is_drawn_ahead_and_is_the_runs_figure(page, browser, server):
    open_playground(page, server, "?data=moons&n=300&seed=21&model=knn")
    _step_drawn_ahead(page, browser, "p_knn_k", "k=6")        # the first slider, before any moved
    _step_drawn_ahead(page, browser, "p_knn_k", "k=7")        # the way it moved


def test_a_log_slider_step_is_drawn_ahead(page, browser, server):
    open_playground(page, server, "?data=moons&n=300&seed=22&model=svm&kernel=rbf&C=0.1")
    _step_drawn_ahead(page, browser, "p_svm_C", "C=0.2")


def test_after_the_data_changed_the_positions_are_the_new_datas(page, browser, server):
    open_playground(page, server, "?data=moons&n=300&seed=23&noise=0.3&model=knn")
    _wait_for_positions(page)
    step_slider(page, "ds_noise")   # a full run: new data, new positions, the noise's own first
    _step_drawn_ahead(page, browser, "ds_noise", "noise=0.4")


def test_the_data_noise_of_a_model_without_a_slider_is_drawn_ahead(page, browser, server):
    # the nearest-centroid classifier has no setting of its own: its step is the data's noise
    open_playground(page, server, "?data=moons&n=300&seed=24&noise=0.3&model=prototype")
    _step_drawn_ahead(page, browser, "ds_noise", "noise=0.35")
