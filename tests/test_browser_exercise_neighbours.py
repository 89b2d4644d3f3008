"""Nearest neighbours by hand in the real app: points picked by clicks at 1280x720 and by finger
taps at 390x844; a second tap drops a point; a tap on the vote right after scrolling to it picks
the class and leaves the points alone (the plane stood there before the scroll)."""

import json
import re

import pytest
from support.browser import COUNT_RUNS, STILL, TO_PIXEL, goto, plane_ready, settle, wait_for_run_after

from exercises import neighbours as nn

pytestmark = pytest.mark.browser
PLANE = ".st-key-ex_nn_plane .js-plotly-plot"
LEVEL, SEED = 2, 17


def picked(page) -> list[int]:
    text = page.locator(f".st-key-ex_neighbours-{LEVEL}-{SEED}_picks").inner_text()
    return sorted(int(n) for n in re.findall(r"^\s*(\d+)\s*$", text, re.M))


def open_task(context, server):
    page = context.new_page()
    goto(page, f"{server}/Nearest_neighbours?level={LEVEL}&seed={SEED}")
    plane_ready(page, PLANE)
    return page


def tap_point(page, xy, touch: bool, expect: list[int]):
    """Tap the plane at ``xy`` and require the picks to become ``expect``. A tap that changed
    nothing (a loaded machine's browser can take it for the start of a scroll) is tapped again,
    once; a tap that toggled twice or picked another point fails."""
    before = picked(page)
    want = json.dumps(sorted(expect), separators=(",", ":"))
    shown = (f"() => {{ const e = document.querySelector('.st-key-ex_neighbours-{LEVEL}-{SEED}_picks'); "
             "return Boolean(e) && JSON.stringify((e.innerText.match(/^\\s*\\d+\\s*$/gm) || [])"
             f".map(s => +s.trim()).sort((a, b) => a - b)) === '{want}'; }}")
    for attempt in range(2):
        page.locator(PLANE).scroll_into_view_if_needed()
        assert page.evaluate(STILL, PLANE), "the plane kept moving"
        runs = page.evaluate("() => window.__stRuns")
        x, y = page.evaluate(TO_PIXEL, [PLANE, *xy])
        page.touchscreen.tap(x, y) if touch else page.mouse.click(x, y)
        wait_for_run_after(page, runs, f"a tap at {xy}", until=shown)
        page.wait_for_timeout(800)  # a second toggle from the same tap would show by now
        settle(page)
        if picked(page) != before or attempt:
            break
    assert picked(page) == expect


@pytest.mark.parametrize("touch", [False, True], ids=["clicks at 1280x720", "taps at 390x844"])
def test_taps_pick_and_drop_points_and_the_vote_solves_the_task(browser, server, touch):
    size = {"width": 390, "height": 844} if touch else {"width": 1280, "height": 720}
    context = browser.new_context(viewport=size, has_touch=touch, is_mobile=touch)
    context.add_init_script(COUNT_RUNS)
    try:
        page = open_task(context, server)
        t = nn.make(LEVEL, SEED)
        answer = nn.solve(t)
        far = max(range(len(t.points)), key=lambda i: nn.distances(t)[i])
        tap_point(page, t.points[far], touch, [far + 1])
        tap_point(page, t.points[far], touch, [])           # a second tap drops it
        chosen = []
        for i in sorted(answer.picked):
            chosen.append(i + 1)
            tap_point(page, t.points[i], touch, chosen)
        vote = page.locator("[data-testid='stRadio']").get_by_text(f"class {answer.vote} (")
        vote.scroll_into_view_if_needed()
        runs = page.evaluate("() => window.__stRuns")
        vote.tap() if touch else vote.click()              # at once: no wait for the scroll to settle
        wait_for_run_after(page, runs, "the vote", until="() => document.body.innerText.includes('Solved')")
        settle(page)
        assert picked(page) == chosen
        assert "Solved" in page.inner_text("[data-testid='stMain']")
    finally:
        context.close()
