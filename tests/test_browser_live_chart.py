"""The Playground's plane as a live chart (ui/live/live_chart.py) in Chromium: a rerun updates the
same Plotly element (Plotly.react) instead of building a new one, a legend toggle survives the
rerun, the hover names the class, and a click on the plane still adds a point."""

import re

import pytest
from support.browser import (
    CHART,
    CLASS_TRACES,
    STILL,
    Z_PRINT,
    finished_runs,
    link_of,
    open_playground,
    settle,
    step_slider,
    wait_for_run_after,
)

pytestmark = pytest.mark.browser

LIVE = ".st-key-playground_chart [data-testid='stBidiComponentRegular'] .js-plotly-plot"
# Marks the chart element, so a later look can tell whether it is still the same node.
MARK = f"() => {{ document.querySelector({CHART!r}).__liveMark = 'first'; }}"
SAME = f"() => document.querySelector({CHART!r})?.__liveMark === 'first'"
PIXEL = """([x, y]) => { const gd = document.querySelector(".st-key-playground_chart .js-plotly-plot");
  const fl = gd._fullLayout, r = gd.getBoundingClientRect();
  return [r.left + fl.xaxis._offset + fl.xaxis.d2p(x), r.top + fl.yaxis._offset + fl.yaxis.d2p(y)]; }"""
VISIBLE = """(name) => { const gd = document.querySelector(".st-key-playground_chart .js-plotly-plot");
  return gd._fullData.find(d => d.name === name).visible; }"""


def _changed(before):
    return f"() => {{ const z = ({Z_PRINT})(); return z !== null && z !== {before!r}; }}"


def test_a_slider_rerun_updates_the_same_chart_element(page, server):
    open_playground(page, server, "?data=moons&n=500&model=knn")
    assert page.locator(LIVE).count() == 1, "the plane is not drawn by the live chart"
    # the page's Plotly config reaches the chart untouched
    context = page.evaluate(f"() => {{ const c = document.querySelector({CHART!r})._context;"
                            " return [c.displayModeBar, c.toImageButtonOptions.filename]; }")
    assert context[0] == "hover" and context[1].startswith("playground"), context
    page.evaluate(MARK)
    before = page.evaluate(Z_PRINT)
    step_slider(page, "p_knn_k", 2)
    page.wait_for_function(_changed(before), timeout=60_000)
    settle(page)
    assert page.evaluate(SAME), "the rerun built a new chart element instead of Plotly.react on the old one"
    assert page.locator(CHART).count() == 1


def test_a_legend_toggle_survives_a_rerun(page, server):
    open_playground(page, server, "?data=moons&n=500&model=knn")
    toggle = page.locator(".st-key-playground_chart .legend .traces",
                          has_text="class 0 (train)").locator(".legendtoggle")
    toggle.click()
    page.wait_for_function(f"() => ({VISIBLE})('class 0 (train)') === 'legendonly'", timeout=30_000)
    before = page.evaluate(Z_PRINT)
    step_slider(page, "p_knn_k", 1)
    page.wait_for_function(_changed(before), timeout=60_000)
    settle(page)
    assert page.evaluate(VISIBLE, "class 0 (train)") == "legendonly"
    assert page.evaluate(VISIBLE, "class 1 (train)") is True


def test_the_hover_names_the_predicted_class(page, server):
    open_playground(page, server, "?data=moons&n=500&model=knn")
    px, py = page.evaluate(PIXEL, [-2.5, 2.5])   # far from every point: the regions answer
    page.mouse.move(px - 20, py - 20)
    page.mouse.move(px, py, steps=5)
    hover = page.locator(".st-key-playground_chart .hoverlayer .hovertext")
    hover.first.wait_for(timeout=30_000)
    text = hover.first.text_content()   # SVG text: no innerText
    assert re.search(r"predicted: \d", text) and re.search(r"confidence: \d+%", text), text


def test_a_click_on_the_live_chart_adds_a_point(page, server):
    open_playground(page, server, "?data=moons&n=500&model=knn")
    page.evaluate(MARK)
    before = page.evaluate(CLASS_TRACES)
    added = f"() => ({CLASS_TRACES})()[0] === {before[0] + 1}"
    runs = finished_runs(page)
    assert page.evaluate(STILL), "the chart kept moving for 15 s"
    clicked = page.evaluate(PIXEL, [1.0, -2.0])
    page.mouse.click(*clicked)
    wait_for_run_after(page, runs, "a click on the plane", until=added)
    page.wait_for_function(added, timeout=30_000)
    # the link holds the clicked data coordinate (2 decimals) and class 0: it lands where the
    # mouse was, to within the rounding and a pixel
    url = link_of(page, "pts=")
    found = re.search(r"pts=(-?[\d.]+)%2C(-?[\d.]+)%2C0$", url)
    assert found, url
    at = page.evaluate(PIXEL, [float(found[1]), float(found[2])])
    assert abs(at[0] - clicked[0]) <= 2 and abs(at[1] - clicked[1]) <= 2, (url, at, clicked)
    assert page.evaluate(SAME), "the click's rerun built a new chart element"


def test_a_browser_that_lost_the_figure_parts_gets_them_again(page, server):
    """The app sends the parts the browser holds as hashes only; a browser without them (a
    message it never got) asks again, and the next run sends every part in full."""
    open_playground(page, server, "?data=moons&n=500&model=knn")
    page.evaluate(MARK)
    page.evaluate("() => window.__cpLive.playground_chart.parts.clear()")
    before = page.evaluate(Z_PRINT)
    step_slider(page, "p_knn_k", 1)
    page.wait_for_function(_changed(before), timeout=60_000)
    settle(page)
    assert page.evaluate("() => window.__cpLive.playground_chart.parts.size") >= 7  # layout + 6 traces
    assert page.evaluate(SAME)
