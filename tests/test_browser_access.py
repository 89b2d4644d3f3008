"""Keyboard, screen reader and reduced motion in the real app (issue 24, part 4): a point added
with the keyboard alone, the main charts' text summaries in the accessibility tree, and no
auto-play when the browser asks for reduced motion."""

import pytest
from support.browser import (
    CHART,
    COUNT_RUNS,
    finished_runs,
    goto,
    link_of,
    open_playground,
    settle,
    wait_for_run_after,
)

pytestmark = pytest.mark.browser

EPOCH_VALUE = "() => document.querySelector('.st-key-nn_epoch input[type=range]')?.value"
FOCUSED_IN = "(key) => Boolean(document.activeElement?.closest('.st-key-' + key))"


def _tab_to(page, key, limit=400):
    """Press Tab until the keyboard focus is inside the element ``key``, as a keyboard user does."""
    for _ in range(limit):
        if page.evaluate(FOCUSED_IN, key):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{limit} presses of Tab never reached {key}")


def test_a_point_typed_with_the_keyboard_alone_is_in_the_link_and_on_the_plane(page, server):
    open_playground(page, server, "?data=blobs&pts=0.5,0.5,1")
    page.locator("body").focus()
    _tab_to(page, "typed_open")        # the "Type a point" box's header: Enter opens it
    runs = finished_runs(page)
    page.keyboard.press("Enter")
    wait_for_run_after(page, runs, "Enter on the Type a point box",
                       until="() => Boolean(document.querySelector('.st-key-typed_x1 input'))")
    page.wait_for_selector(".st-key-typed_x1 input", timeout=30_000)
    _tab_to(page, "typed_x1")
    page.keyboard.press("Control+A")
    page.keyboard.type("1.25")
    _tab_to(page, "typed_x2")
    page.keyboard.press("Control+A")
    page.keyboard.type("-2.5")
    runs = finished_runs(page)
    page.keyboard.press("Enter")   # Enter in a form's box submits the form
    wait_for_run_after(page, runs, "Enter in the typed point's x₂")
    assert "pts=0.5%2C0.5%2C1%3B1.25%2C-2.5%2C0" in link_of(page, "1.25%2C-2.5%2C0")
    plotted = page.evaluate("""(sel) => { const gd = document.querySelector(sel);
        return gd._fullData.filter(d => /^class 0 /.test(d.name || ""))
                 .some(d => Array.from(d.x).some((x, i) => Math.abs(x - 1.25) < 1e-9
                                                             && Math.abs(d.y[i] + 2.5) < 1e-9)); }""", CHART)
    assert plotted, "the typed point is not among class 0's points on the plane"


@pytest.mark.parametrize("path, key, says", [("Playground", "playground_chart", "Decision regions of"),
                                            ("Decision_tree", "tree_plane", "The splits and leaf regions of a"),
                                            ("Learning_curves", "lc_chart", "Learning curve of")])
def test_the_main_charts_summary_is_in_the_accessibility_tree_and_hidden_from_sight(page, server, path, key, says):
    goto(page, f"{server}/{path}")
    page.wait_for_selector(f".st-key-{key} .js-plotly-plot", timeout=60_000)
    tree = page.locator("[data-testid='stMain']").aria_snapshot()
    assert f"Chart summary: {says}" in tree, tree[:2000]
    box = page.locator(f"#summary-{key}").bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1, box   # read aloud, not seen


def test_reduced_motion_in_the_browser_stops_auto_play_and_says_why(browser, server):
    context = browser.new_context(reduced_motion="reduce", viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.add_init_script(COUNT_RUNS)
    try:
        goto(page, f"{server}/Neural_network?epoch=3")
        page.wait_for_selector("text=Play is off because motion is reduced (this browser asks)", timeout=60_000)
        assert page.locator(".st-key-nn_play input").is_disabled()
        assert page.locator(".st-key-reduce_motion input").is_checked()
        page.locator(".st-key-nn_play label").click(force=True)   # a click on the switch does nothing
        settle(page)
        assert not page.locator(".st-key-nn_play input").is_checked()
        assert page.evaluate(EPOCH_VALUE) == "3"

        goto(page, f"{server}/Perceptron")
        page.wait_for_selector("text=Play is off because motion is reduced", timeout=60_000)
        settle(page)
        assert page.locator(".st-key-pc_play").count() == 0        # the step buttons instead
        assert page.locator(".st-key-pc_next").get_by_role("button", name="step", exact=True).is_enabled()
    finally:
        context.close()
