"""Build the tree in the real browser: level 1, task 3 solved by clicking the plane (desktop) and by
tapping it (a 390x844 touch phone). A click picks the region under it and puts the cut through it;
the task's two greedy cuts are x₂ ≤ 1.6 on the whole plane, then x₁ ≤ -0.215 in the top region
(exercises.tree_by_hand.solve), and any cut in the same gap between points gains as much."""

import pytest
from support.browser import (
    COUNT_RUNS,
    TO_PIXEL,
    assert_no_errors,
    finished_runs,
    goto,
    plane_ready,
    wait_for_run_after,
)

from exercises import tree_by_hand as rules

pytestmark = pytest.mark.browser

PLANE = ".st-key-ex_tree_plane .js-plotly-plot"
AXIS = ".st-key-ex_tree-1-3_axis button"
THRESHOLD = "document.querySelector('.st-key-ex_tree-1-3_threshold input')?.value"
SOLVED = "[data-testid='stAlert']:has-text('Solved')"
# (axis button, a spot in the region to split on the cut's line, the threshold box then shows)
CUTS = ((1, (0.0, 1.6), "1.600"), (0, (-0.2, 2.5), "-0.200"))


def test_the_cuts_are_the_tasks_greedy_ones():
    task = rules.make(1, 3)
    assert [(s.region, s.feature) for s in rules.solve(task)] == [("", 1), ("R", 0)]
    played = [rules.Split("", 1, 1.6), rules.Split("R", 0, -0.2)]
    assert rules.check(task, played).done


def play(pg, touch: bool):
    for made, (axis, (x, y), shown) in enumerate(CUTS, 1):
        runs = finished_runs(pg)
        pg.locator(AXIS).nth(axis).click()
        label = "document.querySelector('.st-key-ex_tree-1-3_threshold label')?.innerText || ''"
        wait_for_run_after(pg, runs, "choosing the axis", until=f"() => ({label}).includes('{rules.FEATURES[axis]}')")
        pg.locator(PLANE).scroll_into_view_if_needed()
        plane_ready(pg, PLANE)
        px, py = pg.evaluate(TO_PIXEL, [PLANE, x, y])
        runs = finished_runs(pg)
        if touch:
            pg.touchscreen.tap(px, py)
        else:
            pg.mouse.click(px, py)
        wait_for_run_after(pg, runs, "a click on the plane", until=f"() => {THRESHOLD} === '{shown}'")
        runs = finished_runs(pg)
        pg.locator(".st-key-ex_tree_split button").click()
        wait_for_run_after(pg, runs, "making the split",
                           until=f"() => document.body.innerText.includes('{made} of 2 splits made')")
        plane_ready(pg, PLANE)
    pg.wait_for_selector(SOLVED, timeout=30_000)
    pg.wait_for_function("() => location.search.includes('done=tree%3A1%3A100')", timeout=30_000)
    assert_no_errors(pg, "Build the tree after two cuts")


def test_two_clicks_on_the_plane_solve_level_1(page, server):
    goto(page, f"{server}/Build_the_tree?seed=3")
    plane_ready(page, PLANE)
    play(page, touch=False)


def test_two_taps_on_a_phone_solve_level_1(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    context.add_init_script(COUNT_RUNS)
    pg = context.new_page()
    try:
        goto(pg, f"{server}/Build_the_tree?seed=3")
        plane_ready(pg, PLANE)
        play(pg, touch=True)
    finally:
        context.close()
