"""Neural network page in the real browser: the epoch slider redraws the boundary of that
epoch (a forward pass of the kept weights), and play steps through the epochs on its own."""

import pytest
from support.browser import assert_no_errors, finished_runs, goto, settle, step_slider, wait_for_run_after, z_print

pytestmark = pytest.mark.browser

MAIN = ".st-key-nn_main .js-plotly-plot"
Z_PRINT = z_print(MAIN)   # the main chart's regions
EPOCH_VALUE = "() => document.querySelector('.st-key-nn_epoch input[type=range]')?.value"


def _open(pg, url):
    goto(pg, f"{url}/Neural_network?data=moons&n=150&epoch=3")
    pg.wait_for_selector(MAIN, timeout=60_000)
    pg.wait_for_function(f"({Z_PRINT})() !== null", timeout=60_000)


def test_epoch_slider_redraws_the_boundary_of_that_epoch(page, server):
    _open(page, server)
    assert page.evaluate(EPOCH_VALUE) == "3"
    before = page.evaluate(Z_PRINT)
    step_slider(page, "nn_epoch", presses=1, arrow="ArrowLeft")
    page.wait_for_function(f"(b) => ({Z_PRINT})() !== b", arg=before, timeout=30_000)
    assert page.evaluate(EPOCH_VALUE) == "2"
    page.wait_for_function("() => location.search.includes('epoch=2')", timeout=30_000)
    metric = page.locator("[data-testid='stMetricValue']").first.inner_text()
    assert metric.startswith("2 / ")
    assert_no_errors(page, "the Neural network page after an epoch step")


def test_play_steps_through_the_epochs(page, server):
    _open(page, server)
    before = page.evaluate(Z_PRINT)
    page.locator(".st-key-nn_play label").click()
    # the timer moves the slider on at least twice without any input, redrawing the regions
    page.wait_for_function(f"() => Number(({EPOCH_VALUE})()) >= 5", timeout=60_000)
    # the slider's new value shows before the chart the same run sends is decoded and drawn
    page.wait_for_function(f"(b) => ({Z_PRINT})() !== b", arg=before, timeout=30_000)
    runs = finished_runs(page)
    page.locator(".st-key-nn_play label").click()
    wait_for_run_after(page, runs, "stopping play",
                       until="() => !document.querySelector('.st-key-nn_play input')?.checked")
    stopped_at = page.evaluate(EPOCH_VALUE)
    settle(page)
    assert page.evaluate(EPOCH_VALUE) == stopped_at
    assert_no_errors(page, "the Neural network page after play")
