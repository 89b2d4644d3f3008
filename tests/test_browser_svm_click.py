"""SVM page in the real browser: its plane is a live chart (updated in place), and a click on it
takes a point's f(x) apart: the nearest data point when the click is on one, else the spot."""

import pytest
from support.browser import assert_no_errors, click_data, finished_runs, goto, plane_ready, wait_for_run_after

pytestmark = pytest.mark.browser

PLANE = ".st-key-svm_margin .js-plotly-plot"
# a training point of class 0 as plotly drew it, and the axes' spans
FIRST_POINT = """(sel) => { const gd = document.querySelector(sel);
  const t = gd._fullData.find(d => d.type === 'scatter' && d.mode === 'markers' && d._length > 10);
  const xr = gd._fullLayout.xaxis.range, yr = gd._fullLayout.yaxis.range;
  return [t.x[0], t.y[0], xr[1] - xr[0], yr[1] - yr[0]]; }"""
EMPTY_CORNER = """(sel) => { const fl = document.querySelector(sel)._fullLayout;
  const xr = fl.xaxis.range, yr = fl.yaxis.range;
  return [xr[0] + 0.03 * (xr[1] - xr[0]), yr[1] - 0.03 * (yr[1] - yr[0])]; }"""


def _boxes(pg):
    return [float(pg.locator(f".st-key-svm_{axis} input").input_value()) for axis in ("px", "py")]


def _click(pg, x, y, until, what):
    runs = finished_runs(pg)
    click_data(pg, PLANE, x, y)
    wait_for_run_after(pg, runs, what, until=until)
    pg.wait_for_function(until, timeout=30_000)


def test_a_click_on_the_svm_plane_takes_the_nearest_point_apart(page, server):
    goto(page, f"{server}/SVM_and_kernels?data=moons&n=120")
    plane_ready(page, PLANE)
    assert page.locator(".st-key-svm_margin [data-testid='stPlotlyChart']").count() == 0, \
        "the plane is drawn by st.plotly_chart, not the live chart"
    x, y, sx, sy = page.evaluate(FIRST_POINT, PLANE)
    want = [round(x, 2), round(y, 2)]
    assert _boxes(page) != want
    # a click 1% of the plane away from the point picks the point itself
    _click(page, x + 0.01 * sx, y - 0.01 * sy,
           f"() => document.querySelector('.st-key-svm_px input')?.value === '{want[0]:.2f}'",
           "a click next to a training point")
    assert _boxes(page) == want
    # a click in an empty corner takes the spot itself (to the box's 2 decimals and a pixel)
    plane_ready(page, PLANE)
    cx, cy = page.evaluate(EMPTY_CORNER, PLANE)
    _click(page, cx, cy, f"() => document.querySelector('.st-key-svm_px input')?.value !== '{want[0]:.2f}'",
           "a click in an empty corner")
    bx, by = _boxes(page)
    assert abs(bx - cx) <= 0.02 * sx and abs(by - cy) <= 0.02 * sy, ((bx, by), (cx, cy))
    assert_no_errors(page, "the SVM page after clicking the plane")
