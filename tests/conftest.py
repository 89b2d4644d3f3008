"""Shared fixtures for the app tests. Shared helpers that are not fixtures (constants, the
AppTest opener, the Playwright helpers) are in tests/support; no test module imports another."""

import os
import pathlib
import tempfile

import pytest
from hypothesis import settings

# The same examples on every run and every machine: a property test that fails does so for
# everyone, with the example in its report, instead of now and then in CI.
settings.register_profile("reproducible", derandomize=True)
settings.load_profile("reproducible")

ROOT = pathlib.Path(__file__).resolve().parents[1]

# Polls opened by the tests (in-process and in the app servers they start, which inherit the
# environment) go to a folder of their own, never to the checkout's data/ folder.
os.environ.setdefault("PLAYGROUND_DATA_DIR", tempfile.mkdtemp(prefix="playground-test-data-"))


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


# --- the poll stores ----------------------------------------------------------------------------

@pytest.fixture(scope="session")
def postgres_server():
    """A real PostgreSQL server (Debian's package) for this test process; skipped only when the
    package is missing (`.ci/run` installs it)."""
    from support import postgres

    if postgres.binaries() is None:
        pytest.skip("PostgreSQL is not installed: `apt-get install postgresql` (.ci/run does)")
    with postgres.server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def poll_store(request, tmp_path):
    """An empty poll store, once on SQLite and once on PostgreSQL: the same tests run on both."""
    from polls.store import PostgresStore, SQLiteStore

    if request.param == "sqlite":
        yield SQLiteStore(tmp_path / "polls.sqlite3")
        return
    from support.postgres import fresh_database

    store = PostgresStore(fresh_database(request.getfixturevalue("postgres_server")))
    yield store
    store.close()
