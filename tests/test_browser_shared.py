"""In the real browser, the dataset chosen on one page is the dataset on the next.

AppTest cannot see this: the bug it guards against (a page switch gave every
dataset slider its minimum and the generator its default) lives in how the
browser binds widgets to a new page.
"""

import pytest
from support.browser import PlaywrightTimeout, finished_runs, goto, wait_for_run_after

pytestmark = pytest.mark.browser

THUMB = ".st-key-ds_n [data-testid='stSliderThumbValue']"


def _expect_shows(pg, selector, wanted, failure):
    """Wait until the element's value (or text) contains ``wanted``; fail with ``failure`` if it never does."""
    try:
        pg.wait_for_function(
            "([s, w]) => { const e = document.querySelector(s);"
            " return ((e?.value ?? e?.innerText) || '').toLowerCase().includes(w); }",
            arg=[selector, wanted], timeout=20_000)
    except PlaywrightTimeout as err:
        raise AssertionError(failure) from err


def test_dataset_follows_a_click_on_another_page_link(page, server):
    goto(page, f"{server}/Playground?data=moons&n=300")
    page.wait_for_selector(THUMB, timeout=60_000)
    assert page.locator(THUMB).inner_text() == "300"
    links = page.locator("[data-testid='stSidebarNavLink']")
    hrefs = [links.nth(i).get_attribute("href") or "" for i in range(links.count())]
    checked = 0
    for href in hrefs:
        if "Playground" in href or href.rstrip("/").endswith(":" + server.rsplit(":", 1)[1]):
            continue
        runs = finished_runs(page)
        page.locator(f"[data-testid='stSidebarNavLink'][href='{href}']").click()
        heading = href.rstrip("/").rsplit("/", 1)[-1].replace("_", " ")   # each page's title is its menu label
        wait_for_run_after(page, runs, f"a click on {href}",
                           until=f"() => document.querySelector('h1')?.innerText === {heading!r}")
        if page.locator(".st-key-ds_n").count():
            checked += 1
            _expect_shows(page, THUMB, "300", f"{href} lost the number of points")
            _expect_shows(page, ".st-key-ds_data input", "moons", f"{href} lost the generator")
    assert checked >= 2, "expected several pages with the dataset panel"
