"""Ask the room in headless Chromium: a lecturer opens a line poll on the page (presenter mode,
1280x720), three students join by the link (two with a mouse, one on a 390x844 touch screen)
and answer by two clicks or taps on the plane; the lecturer's view shows three lines, then the
reveal (the algorithm's line and the scores) reaches the lecturer and every student.

The students' points are placed by the plane's own axes (support.browser.TO_PIXEL), on three
different lines through the middle of the poll's plane (polls.questions.bounds)."""

import math
import re

import pytest
from support.browser import COUNT_RUNS, STILL, TO_PIXEL, goto, link_of, plane_ready, settle

from polls import questions

pytestmark = pytest.mark.browser

STUDENT_PLANE = ".st-key-poll_plane .js-plotly-plot"
ROOM_PLANE = ".st-key-poll_room_plane .js-plotly-plot"
PHONE = {"width": 390, "height": 844}
LINES_ON = """([sel, name]) => { const gd = document.querySelector(sel);
  const t = gd && gd._fullData && gd._fullData.find(d => d.name === name);
  return t ? Array.from(t.x).filter(x => x === null || x === undefined).length : 0; }"""
HAS_TRACE = """([sel, name]) => { const gd = document.querySelector(sel);
  return Boolean(gd && gd._fullData && gd._fullData.some(d => d.name === name)); }"""


def says(text):
    return f"() => document.body.innerText.includes({text!r})"


def fresh(browser, **options):
    context = browser.new_context(**options)
    context.add_init_script(COUNT_RUNS)
    return context, context.new_page()


def two_points(task, turn):
    """Two points of a line through the plane's middle, turned by ``turn`` degrees."""
    x0, x1, y0, y1 = questions.bounds(task)
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, min(x1 - x0, y1 - y0) / 4
    dx, dy = r * math.cos(math.radians(turn)), r * math.sin(math.radians(turn))
    return (cx - dx, cy - dy), (cx + dx, cy + dy)


def draw_line(page, points, touch):
    """Click (or tap) the two points on the student's plane, each once it holds still."""
    for i, (x, y) in enumerate(points):
        page.locator(STUDENT_PLANE).scroll_into_view_if_needed()
        assert page.evaluate(STILL, STUDENT_PLANE), "the plane kept moving for 15 s"
        px, py = page.evaluate(TO_PIXEL, [STUDENT_PLANE, x, y])
        (page.touchscreen.tap if touch else page.mouse.click)(px, py)
        if i == 0:
            page.wait_for_function(HAS_TRACE, arg=[STUDENT_PLANE, "first tap"], timeout=60_000)
            settle(page)
    page.wait_for_function(says("Answer received"), timeout=60_000)
    settle(page)


def test_three_students_answer_a_line_poll_and_the_lecturer_sees_their_lines_then_the_reveal(browser, server):
    lecturer_context, lecturer = fresh(browser, viewport={"width": 1280, "height": 720})
    contexts = [lecturer_context]
    try:
        goto(lecturer, f"{server}/Ask_the_room")
        lecturer.get_by_role("button", name="Open the poll").click()
        lecturer.wait_for_selector(".st-key-poll_count", timeout=60_000)
        url = link_of(lecturer, "poll=", "key=", "present=1")
        code = re.search(r"poll=([A-Z0-9]+)", url).group(1)
        plane_ready(lecturer, ROOM_PLANE)
        task = questions.task("line", 1, 1)   # the page's defaults: level 1, task 1
        for turn, options in ((20, {"viewport": {"width": 1280, "height": 720}}),
                              (75, {"viewport": {"width": 1280, "height": 720}}),
                              (140, {"viewport": PHONE, "has_touch": True, "is_mobile": True})):
            context, page = fresh(browser, **options)
            contexts.append(context)
            goto(page, f"{server}/Ask_the_room?poll={code}")
            plane_ready(page, STUDENT_PLANE)
            assert "me=" in link_of(page, "me=")
            assert page.evaluate(LINES_ON, [STUDENT_PLANE, "students' lines"]) == 0   # no one else's, yet
            draw_line(page, two_points(task, turn), touch=options.get("has_touch", False))
        lecturer.wait_for_function(f"(a) => ({LINES_ON})(a) === 3", arg=[ROOM_PLANE, "students' lines"],
                                   timeout=30_000)
        assert lecturer.evaluate(HAS_TRACE, [ROOM_PLANE, "median line"])
        # the count is drawn by the same fragment run as the lines, a moment apart: wait for it too
        lecturer.wait_for_function("() => (document.querySelector('.st-key-poll_count')?.innerText ?? '')"
                                   ".trim().split(/\\s+/)[0] === '3'", timeout=30_000)

        lecturer.get_by_role("button", name="Reveal").click()
        lecturer.wait_for_function(HAS_TRACE, arg=[ROOM_PLANE, "the algorithm's line"], timeout=30_000)
        lecturer.wait_for_function(says("The room's scores"), timeout=30_000)
        for context in contexts[1:]:
            page = context.pages[0]
            page.wait_for_function(says("Your score:"), timeout=60_000)   # the light fragment's next look
            settle(page)
            assert page.evaluate(HAS_TRACE, [STUDENT_PLANE, "the algorithm's line"])
            assert page.evaluate(LINES_ON, [STUDENT_PLANE, "students' lines"]) == 3
    finally:
        for context in contexts:
            context.close()
