"""Presenter mode on a 1280x720 projector: every model page's plane is large enough to read from
the back row, and the menu, the dataset and the model can be changed without leaving it.

Uses the fixtures of tests/conftest.py (server, browser) and tests/support/browser.py's helpers."""

import pytest
from support.browser import COUNT_RUNS, MAIN_CHART, STILL, goto, link_of, settle, wait_for_run_after

pytestmark = pytest.mark.browser

VIEWPORT = {"width": 1280, "height": 720}
MODEL_PAGES = ["Playground", "SVM_and_kernels", "Decision_tree", "Ensembles", "Perceptron", "Neural_network",
               "Multi-class"]
SHORT_SIDE = 520   # px: issue 24's floor for the plot on a 720 px high screen

# The plot rectangle on the page, as drawn: the axes' own lengths and offsets (with an equal aspect
# and constrain="domain" the plot can be narrower than the domain, _fullLayout._size), and the
# legend's box.
PLOT = """(sel) => { const gd = document.querySelector(sel + " .js-plotly-plot");
  if (!gd || !gd._fullLayout || !gd._fullLayout.xaxis) return null;
  const fl = gd._fullLayout, r = gd.getBoundingClientRect(), x = fl.xaxis, y = fl.yaxis;
  const legend = gd.querySelector(".legend"), box = legend && legend.getBoundingClientRect();
  return {left: r.left + x._offset, right: r.left + x._offset + x._length,
          top: r.top + y._offset, bottom: r.top + y._offset + y._length,
          legend: box && box.width > 0
            ? {left: box.left, right: box.right, top: box.top, bottom: box.bottom} : null}; }"""
# Resolves once the plot's short side reaches `low` px, or after 20 s (the test then reports it):
# the plane takes the screen's height after the run, when presenter mode's script has measured it.
UNTIL_LARGE = f"""async ([sel, low]) => {{ const plot = {PLOT};
  const side = () => {{ const p = plot(sel); return p ? Math.min(p.right - p.left, p.bottom - p.top) : 0; }};
  for (let i = 0; i < 100 && side() < low; i++) await new Promise(r => setTimeout(r, 200)); }}"""
VISIBLE = """(sel) => { const e = document.querySelector(sel);
  if (!e) return false; const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; }"""


@pytest.fixture
def projector(browser):
    context = browser.new_context(viewport=VIEWPORT)
    pg = context.new_page()
    pg.add_init_script(COUNT_RUNS)
    yield pg
    context.close()


def _plane(pg, path):
    sel = f".st-key-{MAIN_CHART[path]}"
    pg.wait_for_selector(f"{sel} .js-plotly-plot .main-svg", timeout=60_000)
    settle(pg)
    pg.evaluate(UNTIL_LARGE, [sel, SHORT_SIDE])
    assert pg.evaluate(STILL, f"{sel} .js-plotly-plot"), f"{path}: the chart kept changing size for 15 s"
    return sel


def _overlap(a, b) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


@pytest.mark.parametrize("path", MODEL_PAGES)
def test_presenter_mode_gives_the_plane_520_px_inside_the_screen_with_the_legend_outside(projector, server, path):
    goto(projector, f"{server}/{path}?present=1")
    plot = projector.evaluate(PLOT, _plane(projector, path))
    width, height = plot["right"] - plot["left"], plot["bottom"] - plot["top"]
    assert min(width, height) >= SHORT_SIDE, f"{path}: plot area {width:.0f} x {height:.0f} px"
    assert plot["left"] >= 0 and plot["top"] >= 0, f"{path}: plot at {plot}"
    assert plot["right"] <= VIEWPORT["width"] and plot["bottom"] <= VIEWPORT["height"], f"{path}: plot at {plot}"
    assert projector.evaluate("() => document.scrollingElement.scrollTop") == 0
    assert plot["legend"] is not None, f"{path}: no legend drawn"
    assert not _overlap(plot, plot["legend"]), f"{path}: the legend {plot['legend']} covers the plot {plot}"
    assert plot["legend"]["right"] <= VIEWPORT["width"], f"{path}: the legend is cut at {plot['legend']}"


def _choose(pg, key, option, item):
    """Pick ``option`` in the select box ``key`` (inside an open popover) and wait for its run,
    whose effect is the link ``item`` in the address bar (a fast run can end unseen by the run counter)."""
    runs = pg.evaluate("() => window.__stRuns")
    pg.locator(f".st-key-{key} input").click()
    pg.get_by_role("option", name=option, exact=True).click()
    wait_for_run_after(pg, runs, f"choosing {option}", until=f"() => location.href.includes({item!r})")


def _presenting(pg, where):
    assert pg.evaluate(VISIBLE, ".st-key-present_bar"), f"{where}: presenter mode's bar is gone"
    assert not pg.evaluate(VISIBLE, "[data-testid='stSidebar']"), f"{where}: the sidebar came back"


def test_the_bar_changes_dataset_model_and_page_without_leaving_presenter_mode(projector, server):
    goto(projector, f"{server}/Playground?present=1")
    _plane(projector, "Playground")

    projector.get_by_role("button", name="Pages & data").click()
    _choose(projector, "ds_data", "Two moons", "data=moons")
    _presenting(projector, "after choosing the dataset")
    assert "data=moons" in link_of(projector, "data=moons", "present=1")

    projector.keyboard.press("Escape")   # the popover closes; the Settings one opens
    projector.get_by_role("button", name="Settings").click()
    _choose(projector, "model", "Decision tree (CART)", "model=tree")
    _presenting(projector, "after choosing the model")
    assert "model=tree" in link_of(projector, "model=tree", "present=1")

    projector.keyboard.press("Escape")
    projector.get_by_role("button", name="Pages & data").click()
    runs = projector.evaluate("() => window.__stRuns")
    projector.locator("[data-testid='stPopoverBody'] [data-testid='stPageLink-NavLink']",
                      has_text="Decision tree").click()
    wait_for_run_after(projector, runs, "the Decision tree page link",
                       until="() => document.querySelector('.st-key-tree_plane .js-plotly-plot')")
    _presenting(projector, "on the Decision tree page")
    # the dataset chosen on the Playground is the session's: the tree grows on the moons
    url = link_of(projector, "/Decision_tree", "present=1", "data=moons")
    assert "/Decision_tree" in url and "present=1" in url and "data=moons" in url, url
    plot = projector.evaluate(PLOT, _plane(projector, "Decision_tree"))
    assert min(plot["right"] - plot["left"], plot["bottom"] - plot["top"]) >= SHORT_SIDE
