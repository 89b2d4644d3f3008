"""Compute it in a browser: on a phone (390x844, touch) a student taps the box, types the gain,
taps Check and sees it solved; the page's link then carries the progress, and a fresh browser
opened on it shows the same task and the progress."""

import pytest
from support.browser import COUNT_RUNS, goto, link_of

from exercises import compute_it as rules

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
ALERTS = "[data-testid='stMain'] [data-testid='stAlert']"


def _phone(browser):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.add_init_script(COUNT_RUNS)
    return context, page


def test_a_gain_typed_on_a_phone_is_solved_and_the_link_keeps_it(browser, server):
    task = rules.make(1, 7, "gain")
    answer = f"{rules.reveal(task)['gain']:.3f}"   # as a student rounds it
    context, page = _phone(browser)
    try:
        goto(page, f"{server}/Compute_it?level=1&seed=7")
        # the answer box, not the task number in the row above the task
        box = page.locator("[data-testid='stMain'] input[type='number']:not(.st-key-exercise_task input)").first
        box.tap()
        box.fill(answer)
        page.get_by_role("button", name="Check").tap()
        page.wait_for_selector(f"{ALERTS}:has-text('Solved')", timeout=30_000)
        url = link_of(page, "done=compute%3A1%3A100")
        assert "done=compute%3A1%3A100" in url and "seed=7" in url
        statement = page.locator("[data-testid='stMain'] table").first.inner_text()
    finally:
        context.close()

    context, page = _phone(browser)   # a fresh browser: nothing but the link
    try:
        goto(page, url)
        assert page.locator("[data-testid='stMain'] table").first.inner_text() == statement
        page.wait_for_selector("text=Progress 1/27", timeout=30_000)
    finally:
        context.close()
