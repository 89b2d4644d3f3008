"""Decision tree page in the real browser (issue 14, defect 12): a click on the plane moves
the followed point there; its number boxes and the link follow."""

import pytest
from support.browser import (
    assert_no_errors,
    click_data,
    finished_runs,
    goto,
    link_of,
    plane_ready,
    wait_for_run_after,
)

pytestmark = pytest.mark.browser

PLANE = ".st-key-tree_plane .js-plotly-plot"
FOLLOW = "document.querySelector('.st-key-tree_follow input')"


def _boxes(pg):
    return [float(pg.locator(f".st-key-tree_{axis} input").input_value()) for axis in ("px", "py")]


def test_clicking_the_tree_plane_moves_the_followed_point(page, server):
    goto(page, f"{server}/Decision_tree?data=moons&n=200")
    plane_ready(page, PLANE)
    assert _boxes(page) != [1.0, -0.5]
    runs = finished_runs(page)
    click_data(page, PLANE, 1.0, -0.5)
    page.wait_for_function("() => location.search.includes('x1=1&') || location.search.endsWith('x1=1')",
                           timeout=30_000)
    wait_for_run_after(page, runs, "a click on the tree plane",
                       until="() => document.querySelector('.st-key-tree_px input')?.value === '1.00'")
    assert _boxes(page) == [1.0, -0.5]
    url = link_of(page, "x1=1", "x2=-0.5")
    assert "x1=1" in url and "x2=-0.5" in url
    # the plane's marked point is the clicked one
    marked = page.evaluate(f"""() => {{ const gd = document.querySelector('{PLANE}');
        const t = gd._fullData.find(d => d.name === 'followed point'); return t && [t.x[0], t.y[0]]; }}""")
    assert marked == [1.0, -0.5]
    # with following off, a click changes nothing
    runs = finished_runs(page)
    page.locator(".st-key-tree_follow label").click()
    wait_for_run_after(page, runs, "switching follow off", until=f"() => !{FOLLOW}?.checked")
    plane_ready(page, PLANE)
    click_data(page, PLANE, -1.0, 1.0)
    # a rerun the click might start is handled before the toggle's, so the boxes show its effect
    runs = finished_runs(page)
    page.locator(".st-key-tree_follow label").click()
    wait_for_run_after(page, runs, "switching follow back on", until=f"() => {FOLLOW}?.checked")
    page.wait_for_selector(".st-key-tree_px input", timeout=60_000)
    assert _boxes(page) == [1.0, -0.5]
    assert_no_errors(page, "the Decision tree page after clicking the plane")
