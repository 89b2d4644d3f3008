"""Pick the setting and Read the curve in a real browser: answered by taps on a 390x844 touch
screen and by the keyboard alone on a desktop, and solved (the answer is the checker's own
solve(), tested in tests/test_exercise_setting.py and tests/test_exercise_curve.py)."""

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from support.browser import COUNT_RUNS, goto, settle, wait_for_run_after

from exercises import curve, setting

pytestmark = pytest.mark.browser

SOLVED = "() => [...document.querySelectorAll(\"[data-testid='stAlert']\")].some(a => a.innerText.includes('Solved'))"


def touch_page(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.add_init_script(COUNT_RUNS)
    return context, page


def option(page, text):
    return page.locator("[data-testid='stRadio'] label").filter(has_text=text).first


def test_read_the_curve_solved_by_taps_on_a_phone(browser, server):
    task = curve.make(1, 2)
    context, page = touch_page(browser)
    try:
        goto(page, f"{server}/Read_the_curve?seed=2")
        label = {"high bias": "High bias", "high variance": "High variance", "fine": "Fine"}[curve.solve(task)]
        runs = page.evaluate("() => window.__stRuns")
        option(page, label).tap()
        chosen = "() => document.querySelectorAll(\"[data-testid='stRadio'] input:checked\").length > 0"
        wait_for_run_after(page, runs, "tapping the answer", until=chosen)   # a fast run passes the counter unseen
        button = page.get_by_role("button", name="Check my reading")
        button.scroll_into_view_if_needed()
        button.tap()
        page.wait_for_function(SOLVED, timeout=60_000)
        settle(page)
    finally:
        context.close()


def test_pick_the_setting_solved_by_the_keyboard_alone(page, server):
    task = setting.make(2, 4)
    goto(page, f"{server}/Pick_the_setting?level=2&seed=4")
    radios = page.locator("[data-testid='stRadio'] input[type='radio']")
    # space takes the focused value, then each arrow key moves the choice to the next one; a rerun
    # can draw the group anew and drop the focus, so it is put back on the chosen value (a keyboard
    # user tabs back to it) before each key
    keys = ["Space"] + ["ArrowRight"] * task.values.index(setting.solve(task))
    # each key must move the choice (the press was received), then the page settles: a run counter
    # cannot tell when a fast rerun has ended (support.browser.step_slider says why)
    checked_at = ("() => [...document.querySelectorAll(\"[data-testid='stRadio'] input[type='radio']\")]"
                  ".findIndex(r => r.checked)")
    for want, key in enumerate(keys):
        for attempt in range(3):   # a key pressed while a run redraws the group can land on no element
            settle(page)
            checked = page.locator("[data-testid='stRadio'] input[type='radio']:checked")
            (checked if checked.count() else radios).first.focus()
            page.keyboard.press(key)
            try:
                page.wait_for_function(f"() => ({checked_at})() === {want}", timeout=10_000)
                break
            except PlaywrightTimeout:
                assert attempt < 2, f"{key} did not move the choice to value {want}"
    settle(page)
    assert page.locator("[data-testid='stRadio'] input[type='radio']:checked").count() == 1
    page.get_by_role("button", name="Check my pick").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(SOLVED, timeout=60_000)
