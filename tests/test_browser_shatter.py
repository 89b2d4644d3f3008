"""The Shatter exercise in the real browser: points placed by clicks on the plane (1280x720) and by
taps on a phone (390x844, touch) complete level 1 and 2 tasks, and the link keeps them."""

import numpy as np
import pytest
from support.browser import COUNT_RUNS, STILL, TO_PIXEL, assert_no_errors, goto, plane_ready, wait_for_run_after

from exercises import shatter as rules

pytestmark = pytest.mark.browser

PLANE = ".st-key-shatter_plane .js-plotly-plot"
PLACED = """() => { const pts = new URLSearchParams(location.search).get("spts");
  return pts ? pts.split(";").map(p => p.split(",").map(Number)) : []; }"""
SOLVED = "() => [...document.querySelectorAll('[data-testid=stAlert]')].some(a => a.innerText.includes('Solved'))"


def place(page, spots, how):
    """Click or tap the plane at each data point in turn, each time until the link holds it."""
    for i, (x, y) in enumerate(spots, 1):
        plane_ready(page, PLANE)
        page.locator(PLANE).scroll_into_view_if_needed()
        assert page.evaluate(STILL, PLANE), "the plane kept moving for 15 s"
        px, py = page.evaluate(TO_PIXEL, [PLANE, x, y])
        runs = page.evaluate("() => window.__stRuns")
        page.touchscreen.tap(px, py) if how == "tap" else page.mouse.click(px, py)
        wait_for_run_after(page, runs, f"{how} {i} on the plane", until=f"() => ({PLACED})().length === {i}")


def open_context(browser, phone: bool):
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 720}
    context = browser.new_context(viewport=size, has_touch=phone, is_mobile=phone)
    context.add_init_script(COUNT_RUNS)
    return context, context.new_page()


@pytest.mark.parametrize("level, seed, how", [(1, 1, "click"), (2, 1, "tap")])
def test_placing_the_points_on_the_plane_solves_the_task(browser, server, level, seed, how):
    task = rules.make(level, seed)
    assert task.cls in ("lines", "rectangles")          # a plane, not the intervals' line
    spots = rules.solve(task).points
    context, page = open_context(browser, phone=how == "tap")
    try:
        goto(page, f"{server}/Shatter?level={level}&seed={seed}")
        place(page, spots, how)
        page.wait_for_function(SOLVED, timeout=30_000)
        # a pixel of the plane is at most ~0.03 data units; points are rounded to 0.001
        assert np.allclose(page.evaluate(PLACED), spots, atol=0.05), (page.evaluate(PLACED), spots)
        assert_no_errors(page, f"the Shatter page after {len(spots)} {how}s")
    finally:
        context.close()
