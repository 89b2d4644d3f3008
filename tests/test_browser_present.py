"""Lecture tools in a real browser: presenter mode on a 1280x720 projector, the chart's image
download (PNG and SVG), and figures that follow the dark theme.

Uses the fixtures of tests/conftest.py (server, browser) and tests/support/browser.py's helpers."""

import pytest
from support.browser import BOX, COUNT_RUNS, MAIN_CHART, STILL, goto, link_of, settle, wait_for_run_after

from viz.present import MIN_FONT, PAPER

pytestmark = pytest.mark.browser

VIEWPORT = {"width": 1280, "height": 720}
PRESENTED = ["Playground", "SVM_and_kernels", "Decision_tree", "Learning_curves", "Perceptron"]
LAYOUT = """(sel) => { const gd = document.querySelector(sel + " .js-plotly-plot");
  return gd && gd._fullLayout ? {paper: gd._fullLayout.paper_bgcolor, font: gd._fullLayout.font.size} : null; }"""
# the plot area, axes and legend excluded: what presenter mode must not shrink
PLOT_AREA = """(sel) => { const gd = document.querySelector(sel + " .js-plotly-plot");
  const size = gd && gd._fullLayout && gd._fullLayout._size; return size ? {w: size.w, h: size.h} : null; }"""
# px a chart that fills the screen may leave under it (ui.core.presenter.BOTTOM_GAP and rounding)
FILLED_WITHIN = 20
# Resolves once the chart's bottom is at least `low` px down, or after 20 s (the test then reports it).
UNTIL_FILLED = f"""async ([sel, low]) => {{ const box = {BOX};
  for (let i = 0; i < 100 && !(box(sel) && box(sel).bottom >= low); i++)
    await new Promise(r => setTimeout(r, 200)); }}"""
VISIBLE = """(sel) => { const e = document.querySelector(sel);
  if (!e) return false; const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; }"""


def _page(browser, scheme="light"):
    context = browser.new_context(viewport=VIEWPORT, color_scheme=scheme, accept_downloads=True)
    pg = context.new_page()
    pg.add_init_script(COUNT_RUNS)
    return context, pg


@pytest.fixture
def projector(browser):
    context, pg = _page(browser)
    yield pg
    context.close()


@pytest.fixture
def dark_projector(browser):
    context, pg = _page(browser, "dark")
    yield pg
    context.close()


def _open_chart(pg, url, key):
    goto(pg, url)
    sel = f".st-key-{key}"
    pg.wait_for_selector(f"{sel} .js-plotly-plot .main-svg", timeout=60_000)
    settle(pg)
    # the screen-high chart takes its height after the run ends (CSS, then Plotly's resize)
    assert pg.evaluate(STILL, f"{sel} .js-plotly-plot"), f"{url}: the chart kept changing size for 15 s"
    return sel


@pytest.mark.parametrize("path", PRESENTED)
def test_presenter_mode_shows_the_whole_main_chart_larger_without_scrolling(projector, server, path):
    sel = _open_chart(projector, f"{server}/{path}", MAIN_CHART[path])
    normal, normal_plot = projector.evaluate(BOX, sel), projector.evaluate(PLOT_AREA, sel)
    sel = _open_chart(projector, f"{server}/{path}?present=1", MAIN_CHART[path])
    # the script that fills the screen runs when Streamlit mounts it, on the SVM page up to 4 s
    # after the run: wait for its effect (or time out and report the box below)
    projector.evaluate(UNTIL_FILLED, [sel, VIEWPORT["height"] - FILLED_WITHIN])
    assert projector.evaluate(STILL, f"{sel} .js-plotly-plot"), f"{path}: the chart kept changing size for 15 s"
    box, plot = projector.evaluate(BOX, sel), projector.evaluate(PLOT_AREA, sel)
    assert box["top"] >= 0 and box["bottom"] <= VIEWPORT["height"], f"{path}: chart at {box}, below the fold"
    assert box["right"] <= VIEWPORT["width"], f"{path}: chart at {box}, cut on the right"
    assert projector.evaluate("() => document.scrollingElement.scrollTop") == 0
    # the chart reaches down to the bottom of the screen, and its larger type and margins cost
    # the plot itself little: its plot area keeps 95% of its height outside presenter mode (the
    # SVM plane's legend, half as large again, takes a third row; before the chart filled the
    # screen, the Perceptron's plane shrank from 341 to 308 px)
    assert box["bottom"] >= VIEWPORT["height"] - FILLED_WITHIN, f"{path}: chart ends at {box['bottom']:.0f} px"
    assert box["bottom"] - box["top"] >= normal["bottom"] - normal["top"], (normal, box)
    assert plot["h"] >= 0.95 * normal_plot["h"], (path, normal_plot, plot)
    assert projector.evaluate(LAYOUT, sel)["font"] >= MIN_FONT
    assert not projector.evaluate(VISIBLE, "[data-testid='stSidebar']"), "the sidebar is still shown"
    assert projector.evaluate(VISIBLE, ".st-key-present_exit"), "no way out of presenter mode on screen"
    assert "present=1" in link_of(projector, "present=1")


def test_exit_button_brings_the_sidebar_back(projector, server):
    _open_chart(projector, f"{server}/Playground?present=1", MAIN_CHART["Playground"])
    runs = projector.evaluate("() => window.__stRuns")
    projector.get_by_role("button", name="exit presenter mode").click()
    wait_for_run_after(projector, runs, "exit presenter mode",
                       until="() => !document.querySelector('.st-key-present_exit')")
    assert projector.evaluate(VISIBLE, "[data-testid='stSidebar']")
    assert "present" not in link_of(projector, absent=["present"])


def _download(pg, sel):
    pg.hover(f"{sel} .js-plotly-plot .nsewdrag")  # the modebar shows while the pointer is on the chart
    button = pg.locator(f"{sel} .modebar-btn[data-title^='Download plot']")
    button.wait_for(state="visible", timeout=10_000)
    with pg.expect_download(timeout=30_000) as info:
        button.click()
    download = info.value
    return download.suggested_filename, download.path().read_bytes()


def test_modebar_downloads_a_png_named_after_the_view(projector, server):
    sel = _open_chart(projector, f"{server}/Playground?data=moons", MAIN_CHART["Playground"])
    name, content = _download(projector, sel)
    assert name == "playground_knn_moons.png"
    assert content[:8] == b"\x89PNG\r\n\x1a\n" and len(content) > 10_000


def test_the_sidebar_switches_the_download_to_svg(projector, server):
    sel = _open_chart(projector, f"{server}/Playground?data=blobs", MAIN_CHART["Playground"])
    runs = projector.evaluate("() => window.__stRuns")
    projector.locator("[data-testid='stSidebar'] .st-key-chart_format button", has_text="SVG").click()
    # until: a fast run can end unseen by the run counter; the run's effect is the chart's
    # download format
    wait_for_run_after(projector, runs, "choosing SVG",
                       until=f"() => document.querySelector({sel + ' .js-plotly-plot'!r})"
                             "?._context?.toImageButtonOptions?.format === 'svg'")
    name, content = _download(projector, sel)
    assert name == "playground_knn_blobs.svg"
    assert b"<svg" in content[:500]


def test_dark_theme_draws_dark_figures(dark_projector, server):
    for path in ("Playground", "Decision_tree"):
        sel = _open_chart(dark_projector, f"{server}/{path}", MAIN_CHART[path])
        layout = dark_projector.evaluate(LAYOUT, sel)
        assert layout["paper"].upper() == PAPER.upper(), (path, layout)
