"""In the real browser, the dataset chosen on one page is the dataset on the next.

AppTest cannot see this: the bug it guards against (a page switch gave every
dataset slider its minimum and the generator its default) lives in how the
browser binds widgets to a new page.
"""

import pytest
from test_browser import browser, page, server, settle  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

THUMB = ".st-key-ds_n [data-testid='stSliderThumbValue']"


def _shows(pg, selector, wanted):
    """Wait (the page may still be settling) until the element's text contains ``wanted``."""
    try:
        pg.wait_for_function(
            "([s, w]) => { const e = document.querySelector(s);"
            " return ((e?.value ?? e?.innerText) || '').toLowerCase().includes(w); }",
            arg=[selector, wanted], timeout=20_000)
        return True
    except Exception:  # noqa: BLE001  (a timeout means it never showed)
        return False


def test_dataset_follows_a_click_on_another_page_link(page, server):  # noqa: F811
    page.goto(f"{server}/Playground?data=moons&n=300")
    settle(page)
    page.wait_for_selector(THUMB, timeout=60_000)
    assert page.locator(THUMB).inner_text() == "300"
    links = page.locator("[data-testid='stSidebarNavLink']")
    hrefs = [links.nth(i).get_attribute("href") or "" for i in range(links.count())]
    checked = 0
    for href in hrefs:
        if "Playground" in href or href.rstrip("/").endswith(":" + server.rsplit(":", 1)[1]):
            continue
        page.locator(f"[data-testid='stSidebarNavLink'][href='{href}']").click()
        settle(page)
        page.wait_for_timeout(500)
        settle(page)
        if page.locator(".st-key-ds_n").count():
            checked += 1
            assert _shows(page, THUMB, "300"), f"{href} lost the number of points"
            assert _shows(page, ".st-key-ds_data input", "moons"), f"{href} lost the generator"
    assert checked >= 2, "expected several pages with the dataset panel"
