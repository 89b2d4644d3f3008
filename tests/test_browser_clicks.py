"""Fast clicks on the blank canvas under `streamlit run` in Chromium (issue 14, defect 7): clicks
made while the app reruns are queued by the listener and every one becomes a point where it was
clicked."""

import pytest
from support.browser import CHART, STILL, goto, settle

pytestmark = pytest.mark.browser

# Client pixels of data coordinates on the settled chart (as support.browser.click_data computes them).
PIXELS = """(spots) => { const gd = document.querySelector(".st-key-playground_chart .js-plotly-plot");
  const fl = gd._fullLayout, r = gd.getBoundingClientRect();
  return spots.map(([x, y]) => [r.left + fl.xaxis._offset + fl.xaxis.d2p(x),
                                r.top + fl.yaxis._offset + fl.yaxis.d2p(y)]); }"""
# The graph is drawn whole: a freshly mounted one has axes of length 0 for a moment.
WHOLE = """() => { const gd = document.querySelector(".st-key-playground_chart .js-plotly-plot");
  const fl = gd && gd._fullLayout;
  return !!(fl && fl.xaxis && fl.xaxis._length > 200 && fl.yaxis._length > 200); }"""
DRAWN = """() => { const pts = new URLSearchParams(location.search).get("pts");
  return pts ? pts.split(";").map(p => p.split(",").map(Number)) : []; }"""


def test_ten_fast_clicks_add_ten_points_where_they_were_clicked(page, server):
    goto(page, f"{server}/Playground?data=blank")  # no regions yet: wait for the empty plane
    page.wait_for_selector(CHART, timeout=60_000)
    page.wait_for_function(WHOLE, timeout=60_000)
    settle(page)
    # and held still: the plane can still take its size or ranges after the run ends
    assert page.evaluate(STILL), "the chart kept moving for 15 s"
    spots = [(-2.0 + 0.4 * i, 1.5 - 0.3 * i) for i in range(10)]
    # Pixels measured once, on the settled chart: during the reruns the clicks start, the graph
    # is being redrawn, which is exactly when the clicks must still land.
    for px, py in page.evaluate(PIXELS, spots):
        page.mouse.click(px, py)
        page.wait_for_timeout(150)  # a student clicking quickly: most clicks land during a rerun
    try:
        page.wait_for_function(f"() => ({DRAWN})().length >= {len(spots)}", timeout=60_000)
    except Exception:  # noqa: BLE001 - the assert below says how many arrived
        pass
    settle(page)
    page.wait_for_timeout(1000)  # a late duplicate would show up as an eleventh point
    settle(page)
    drawn = page.evaluate(DRAWN)
    heard = page.evaluate("() => window.__cpDrawCount")
    assert len(drawn) == len(spots), (f"{len(drawn)} of {len(spots)} clicks became points; "
                                      f"the listener heard {heard} clicks")
    # 0.02: a pixel of the ~530 px plane is about 0.011 in data units; points are rounded to 0.001
    for (x, y, c), (sx, sy) in zip(drawn, spots, strict=True):
        assert abs(x - sx) < 0.02 and abs(y - sy) < 0.02 and c == 0, (x, y, sx, sy, drawn, heard)
    caption = page.locator("[data-testid='stSidebar']").get_by_text("drawn points").inner_text()
    assert caption.startswith(f"{len(spots)} drawn points")
