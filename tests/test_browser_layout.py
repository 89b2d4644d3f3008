"""Layout on a 1280x720 projector: each page's main chart is whole on the first screen and wide.

Uses the fixtures of tests/conftest.py (server, browser) and tests/support/browser.py's helpers."""

import pytest
from support.browser import BOX, COUNT_RUNS, MAIN_CHART, goto, settle

pytestmark = pytest.mark.browser

VIEWPORT = {"width": 1280, "height": 720}
MIN_WIDTH = 450

# Resolves once the chart's box has kept its place and size for 0.45 s (a live chart takes its
# container's height a moment after the run ends; a resize reflows it over several frames).
HOLDS_STILL = f"""async (sel) => {{ const box = {BOX}; let last = JSON.stringify(box(sel)), same = 0;
  for (let i = 0; i < 100 && same < 3; i++) {{
    await new Promise(r => setTimeout(r, 150)); const now = JSON.stringify(box(sel));
    same = now === last ? same + 1 : 0; last = now; }}
  return same >= 3; }}"""


@pytest.fixture
def small_page(browser):
    pg = browser.new_page(viewport=VIEWPORT)
    pg.add_init_script(COUNT_RUNS)
    yield pg
    pg.close()


@pytest.mark.parametrize("path", list(MAIN_CHART))
def test_main_chart_fits_a_1280x720_screen(small_page, server, path):
    goto(small_page, f"{server}/{path}")
    sel = f".st-key-{MAIN_CHART[path]}"
    small_page.wait_for_selector(f"{sel} .js-plotly-plot .main-svg", timeout=60_000)
    settle(small_page)
    assert small_page.evaluate(HOLDS_STILL, sel), f"{path}: the chart kept moving for 15 s"
    box = small_page.evaluate(BOX, sel)
    assert box is not None, f"{path}: no main chart"
    assert box["top"] >= 0 and box["bottom"] <= VIEWPORT["height"], f"{path}: chart at {box}, below the fold"
    assert box["right"] <= VIEWPORT["width"], f"{path}: chart at {box}, cut on the right"
    assert box["width"] >= MIN_WIDTH, f"{path}: chart only {box['width']:.0f} px wide"


LARGE = {"width": 1920, "height": 1080}


@pytest.mark.parametrize("path", list(MAIN_CHART))
def test_main_chart_grows_with_a_larger_screen(small_page, server, path):
    """At 1920x1080 the main chart takes the extra height (and so, for an equal-aspect plane,
    the extra width too) and still ends on the first screen: resizing the window is enough."""
    goto(small_page, f"{server}/{path}")
    sel = f".st-key-{MAIN_CHART[path]}"
    small_page.wait_for_selector(f"{sel} .js-plotly-plot .main-svg", timeout=60_000)
    settle(small_page)
    assert small_page.evaluate(HOLDS_STILL, sel), f"{path}: the chart kept moving for 15 s"
    small = small_page.evaluate(BOX, sel)
    small_page.set_viewport_size(LARGE)
    small_page.wait_for_function(f"() => ({BOX})({sel!r}).bottom - ({BOX})({sel!r}).top > "
                                 f"{small['bottom'] - small['top'] + 300}",
                                 timeout=30_000)
    assert small_page.evaluate(HOLDS_STILL, sel), f"{path}: the chart kept moving for 15 s at 1920x1080"
    large = small_page.evaluate(BOX, sel)
    grown = LARGE["height"] - VIEWPORT["height"]
    assert large["bottom"] - large["top"] >= small["bottom"] - small["top"] + grown - 20, (small, large)
    assert large["top"] >= 0 and large["bottom"] <= LARGE["height"], f"{path}: chart at {large}, below the fold"
    assert large["width"] >= 700, f"{path}: chart only {large['width']:.0f} px wide at 1920"


SVM_CHART = """() => { for (const key of ["svm_margin", "svm_points"]) {
  const svg = document.querySelector(".st-key-" + key + " .js-plotly-plot .main-svg");
  if (svg) { const r = svg.getBoundingClientRect(); return {key, top: r.top, bottom: r.bottom}; } }
  return null; }"""


def test_every_svm_lecture_step_keeps_the_chart_on_a_1280x720_screen(small_page, server):
    """A lecture step loads data and settings and adds its text: the chart (or, for the step whose
    hard margin has no solution, the points beside the message) must still be whole on screen."""
    goto(small_page, f"{server}/SVM_and_kernels")
    small_page.wait_for_selector(".st-key-svm_margin .js-plotly-plot .main-svg", timeout=60_000)
    settle(small_page)
    for i in range(5):
        label = small_page.locator(f".st-key-preset_svm_{i} button").inner_text().strip()
        small_page.locator(f".st-key-preset_svm_{i} button").click()
        small_page.wait_for_function(
            "(label) => [...document.querySelectorAll('[data-testid=stCaptionContainer]')]"
            ".some(c => c.innerText.includes(label + '.'))", arg=label, timeout=60_000)
        settle(small_page)
        small_page.wait_for_function(f"() => ({SVM_CHART})() !== null", timeout=60_000)
        box = small_page.evaluate(SVM_CHART)
        assert box["top"] >= 0 and box["bottom"] <= VIEWPORT["height"], f"step {label}: chart at {box}"
