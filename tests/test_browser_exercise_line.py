"""Place the line in headless Chromium: a line set by two clicks on the plane completes level 1;
the same by two taps on a 390x844 touch screen; and a task link (level, seed, target, done)
opened in a fresh browser context shows the same points, the target and the progress.

The clicks land on two points of the SVM's line for the task (``exercises.line_placing.solve``),
placed by the plane's own axes (support.browser.TO_PIXEL), 2 data units either side of the
line's point nearest the origin: inside the plane of every task (its points lie in [-3, 3]²)."""

import numpy as np
import pytest
from support.browser import COUNT_RUNS, STILL, TO_PIXEL, goto, link_of, plane_ready, settle

from exercises import line_placing

pytestmark = pytest.mark.browser

PLANE = ".st-key-ex_line_plane .js-plotly-plot"
PHONE = {"width": 390, "height": 844}
SOLVED = "() => [...document.querySelectorAll(\"[data-testid='stAlert']\")].some(a => a.innerText.includes('Solved'))"
FIRST = "() => document.body.innerText.includes('now click the second')"
POINTS = """(sel) => { const gd = document.querySelector(sel);
  return gd._fullData.filter(d => /^class \\d \\(train\\)$/.test(d.name || ""))
    .flatMap(d => Array.from(d.x).map((x, i) => [Number(x), Number(d.y[i])])); }"""


def ends(level, seed):
    line = line_placing.solve(line_placing.make(level, seed))
    foot, along = -line.b * line.w, np.array([-line.w[1], line.w[0]])
    return foot - 2 * along, foot + 2 * along


def set_line(page, level, seed, touch=False):
    """Click (or tap) the two points of the task's line, each once the plane holds still."""
    for point, shows in zip(ends(level, seed), (FIRST, SOLVED), strict=True):
        page.locator(PLANE).scroll_into_view_if_needed()
        assert page.evaluate(STILL, PLANE), "the plane kept moving for 15 s"
        x, y = page.evaluate(TO_PIXEL, [PLANE, float(point[0]), float(point[1])])
        (page.touchscreen.tap if touch else page.mouse.click)(x, y)
        page.wait_for_function(shows, timeout=60_000)
        settle(page)


def open_task(page, server, query):
    goto(page, f"{server}/Place_the_line?{query}")
    plane_ready(page, PLANE)


def fresh(browser, **options):
    context = browser.new_context(**options)
    context.add_init_script(COUNT_RUNS)
    return context, context.new_page()


def test_two_clicks_on_the_plane_complete_level_1(browser, server):
    context, page = fresh(browser, viewport={"width": 1280, "height": 720})
    try:
        open_task(page, server, "level=1&seed=5")
        assert not page.evaluate(SOLVED)
        set_line(page, 1, 5)
        assert "done=line%3A1%3A100" in link_of(page, "done=line%3A1%3A100")
    finally:
        context.close()


def test_two_taps_complete_level_1_on_a_phone(browser, server):
    context, page = fresh(browser, viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        open_task(page, server, "level=1&seed=8")
        set_line(page, 1, 8, touch=True)
        assert "done=line%3A1%3A100" in link_of(page, "done=line%3A1%3A100")
    finally:
        context.close()


def test_a_task_link_reopens_the_task_and_the_progress_in_a_fresh_browser(browser, server):
    context, page = fresh(browser, viewport={"width": 1280, "height": 720})
    try:
        open_task(page, server, "level=2&seed=31&target=1")
        set_line(page, 2, 31)
        url = link_of(page, "done=line%3A2%3A100", "level=2", "seed=31", "target=1")
        shown = sorted(map(tuple, page.evaluate(POINTS, PLANE)))
    finally:
        context.close()
    assert "done=line%3A2%3A100" in url and "target=1" in url, url
    other, page = fresh(browser, viewport={"width": 1280, "height": 720})
    try:
        goto(page, url)
        plane_ready(page, PLANE)
        again = sorted(map(tuple, page.evaluate(POINTS, PLANE)))
        task = line_placing.make(2, 31)
        assert np.allclose(again, shown) and np.allclose(again, sorted(map(tuple, task.X)), atol=1e-5)
        text = page.locator("[data-testid='stMain']").inner_text()
        assert "Target: at most 1 error." in text
        assert page.get_by_text("Progress 1/").count() == 1
    finally:
        other.close()
