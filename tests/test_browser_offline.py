"""Nothing leaves the room: a lecture hall may have no internet, so every page, opened in Chromium
with every request not to the app's own address blocked, must make no such request (the
browser-tab icon once came from a font host)."""

import pathlib

import pytest
from support.apptest import PAGES
from support.browser import COUNT_RUNS, goto

from ui.core.layout import page_url_path

pytestmark = pytest.mark.browser


def test_no_page_asks_anything_of_another_host(browser, server):
    blocked = []
    context = browser.new_context(viewport={"width": 1280, "height": 720})

    def route(r):
        url = r.request.url
        if url.startswith((server, server.replace("http", "ws", 1), "data:", "blob:")):
            r.continue_()
        else:
            blocked.append(url)
            r.abort()

    context.route("**/*", route)
    context.add_init_script(COUNT_RUNS)  # goto waits for the page's script run
    page = context.new_page()
    try:
        for path in ["", *(page_url_path(pathlib.Path(p)) for p in PAGES)]:
            goto(page, f"{server}/{path}")
            page.wait_for_timeout(1500)  # late requests: icons, fonts, images drawn after the run
    finally:
        context.close()
    assert not blocked, sorted(set(blocked))
