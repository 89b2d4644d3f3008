"""Layout on a 1280x720 projector: each page's main chart is whole on the first screen and wide.

Uses the helpers of tests/test_browser.py (server, browser, goto, settle)."""

import pytest

from tests.test_browser import COUNT_RUNS, browser, goto, server, settle  # noqa: F401

pytestmark = pytest.mark.browser

VIEWPORT = {"width": 1280, "height": 720}
# Each page and the key of its main chart (the one a lecturer projects).
MAIN_CHART = {"Playground": "playground_chart", "SVM_and_kernels": "svm_margin",
              "Decision_tree": "tree_plane", "ID3_on_a_table": "id3_tree", "Ensembles": "ens_main",
              "Learning_theory": "theory_pac"}
MIN_WIDTH = 450

BOX = """(sel) => {
  const svg = document.querySelector(sel + " .js-plotly-plot .main-svg");
  if (!svg) return null;
  const r = svg.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width};
}"""


@pytest.fixture
def small_page(browser):  # noqa: F811
    pg = browser.new_page(viewport=VIEWPORT)
    pg.add_init_script(COUNT_RUNS)
    yield pg
    pg.close()


@pytest.mark.parametrize("path", list(MAIN_CHART))
def test_main_chart_fits_a_1280x720_screen(small_page, server, path):  # noqa: F811
    goto(small_page, f"{server}/{path}")
    sel = f".st-key-{MAIN_CHART[path]}"
    small_page.wait_for_selector(f"{sel} .js-plotly-plot .main-svg", timeout=60_000)
    settle(small_page)
    box = small_page.evaluate(BOX, sel)
    assert box is not None, f"{path}: no main chart"
    assert box["top"] >= 0 and box["bottom"] <= VIEWPORT["height"], f"{path}: chart at {box}, below the fold"
    assert box["right"] <= VIEWPORT["width"], f"{path}: chart at {box}, cut on the right"
    assert box["width"] >= MIN_WIDTH, f"{path}: chart only {box['width']:.0f} px wide"
