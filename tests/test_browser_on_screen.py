"""What is under the Playground's plane (the reading, the test set) is computed once the student
scrolls to it (ui.core.on_screen), in a real browser at a projector's 1280x720."""

import pytest
from support.browser import assert_no_errors, goto, settle, step_slider

pytestmark = pytest.mark.browser

BELOW = ".st-key-playground_below_chart"
READING = ".st-key-what_you_see"
CONFUSION = ".st-key-playground_confusion .js-plotly-plot"


def test_the_reading_and_the_test_set_come_when_scrolled_to(page, server):
    page.set_viewport_size({"width": 1280, "height": 720})
    goto(page, f"{server}/Playground?data=moons&n=300&noise=0.3&model=svm")
    page.wait_for_selector(".st-key-playground_chart .js-plotly-plot", timeout=120_000)
    settle(page)
    # below the first screen: a line says what comes, nothing of it is built
    assert page.evaluate(f"() => document.querySelector('{BELOW}').getBoundingClientRect().top") > 720
    assert "reading the chart" in page.locator(BELOW).inner_text()
    assert page.locator(READING).count() == 0 and page.locator(CONFUSION).count() == 0

    page.locator(BELOW).scroll_into_view_if_needed()
    page.wait_for_selector(READING, timeout=60_000)
    text = page.locator(READING).inner_text()
    assert "Train" in text and any(w in text for w in ("overfitting", "underfitting", "A good fit"))
    page.wait_for_selector(CONFUSION, timeout=60_000)

    # shown once, shown for the session: back at the top, a step still reads the chart
    page.evaluate("() => window.scrollTo(0, 0)")
    settle(page)
    step_slider(page, "p_svm_C")
    # the run counter can miss a fast run: wait for what the step writes, the link's C
    page.wait_for_function("() => /[?&]C=/.test(location.search)", timeout=60_000)
    settle(page)
    assert "Train" in page.locator(READING).inner_text()
    assert_no_errors(page, "the Playground scrolled to its reading")


def test_a_part_at_the_screens_edge_does_not_rerun_the_page_again_and_again(page, server):
    """Presenter mode's plane reaches down to the screen's edge, right above the part: the part
    is reported once, and the page comes to rest."""
    page.set_viewport_size({"width": 1280, "height": 720})
    goto(page, f"{server}/Playground?present=1")
    page.wait_for_selector(".st-key-playground_chart .js-plotly-plot", timeout=120_000)
    settle(page)
    page.wait_for_timeout(3000)
    runs = page.evaluate("() => window.__stRuns")
    page.wait_for_timeout(3000)
    assert page.evaluate("() => window.__stRuns") == runs   # no run in 3 s without a student's input
