"""Shared fixtures for the app tests. Shared helpers that are not fixtures (constants, the
AppTest opener, the Playwright helpers) are in tests/support; no test module imports another."""

import os
import pathlib

import pytest
from hypothesis import settings

# The same examples on every run and every machine: a property test that fails does so for
# everyone, with the example in its report, instead of now and then in CI.
settings.register_profile("reproducible", derandomize=True)
settings.load_profile("reproducible")

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.fixture
def root() -> pathlib.Path:
    return ROOT


# --- the browser tests ------------------------------------------------------------------------
# support.browser is imported inside the fixtures: it skips its importer when Playwright is
# missing, which must skip the browser tests, not every test.

@pytest.fixture(scope="session")
def server():
    """`streamlit run app.py`, started once per test process (each xdist worker) and shared by
    every browser test module it runs."""
    from support.browser import CHROMIUM, serve

    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is missing: the browser tests need Debian's chromium")
    with serve() as url:
        yield url


@pytest.fixture(scope="module")
def browser(server):
    """Chromium for one test module. Not for the session: Playwright's sync API cannot start
    while another instance runs in the same thread, and some modules start their own."""
    from playwright.sync_api import sync_playwright
    from support.browser import ARGS, CHROMIUM

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    from support.browser import new_page

    pg = new_page(browser)
    yield pg
    pg.close()
