"""Learning theory page in the real browser: clicking points on the shattering plane."""

import pytest
from support.browser import assert_no_errors, finished_runs, goto, link_of, wait_for_run_after

pytestmark = pytest.mark.browser

PLANE = ".st-key-theory_shatter .js-plotly-plot"
VERDICT = "document.querySelector('.st-key-theory_verdict')?.innerText.trim()"
COUNT = f"""() => {{ const gd = document.querySelector('{PLANE}');
    return gd && gd._fullData && gd._fullData[0] ? gd._fullData[0].x.length : null; }}"""


PIXELS = f"""(spots) => {{ const gd = document.querySelector('{PLANE}');
  const fl = gd._fullLayout, r = gd.getBoundingClientRect();
  return spots.map(([x, y]) => [r.left + fl.xaxis._offset + fl.xaxis.d2p(x),
                                r.top + fl.yaxis._offset + fl.yaxis.d2p(y)]); }}"""


def _plane_ready(pg):
    """The plane is drawn whole and the click listener is mounted on it (before that, a click is lost)."""
    pg.wait_for_function(f"() => {{ const gd = document.querySelector('{PLANE}'); return gd && gd._fullLayout "
                         "&& gd._fullLayout.xaxis && gd._fullLayout.xaxis._length > 0; }", timeout=60_000)
    pg.wait_for_function("() => window.__cpDrawListening && window.__cpDrawLast?.enabled "
                         "&& window.__cpDrawLast.target === 'st-key-theory_shatter'", timeout=60_000)


def _click_at(pg, x, y):
    """Click the plane at data coordinates (x, y), converted by the plot's own axes."""
    px, py = pg.evaluate(
        """([sel, x, y]) => { const gd = document.querySelector(sel);
             const fl = gd._fullLayout, r = gd.getBoundingClientRect();
             return [r.left + fl.xaxis._offset + fl.xaxis.d2p(x), r.top + fl.yaxis._offset + fl.yaxis.d2p(y)]; }""",
        [PLANE, x, y])
    pg.mouse.click(px, py)


def _add(pg, x, y, count_after):
    _plane_ready(pg)
    runs = finished_runs(pg)
    _click_at(pg, x, y)
    wait_for_run_after(pg, runs, f"a click at ({x}, {y}) on the shattering plane",
                       until=f"() => ({COUNT})() === {count_after}")


def test_clicking_three_points_shows_shattered_and_a_fourth_not(page, server):
    goto(page, f"{server}/Learning_theory?tab=shattering")
    _plane_ready(page)
    assert page.evaluate(COUNT) == 0
    # three quick clicks, no wait between them: every one becomes a point (the page's own set)
    # Pixels measured once, on the settled chart: during the reruns the clicks start, the graph is
    # being redrawn and its layout read then is not where the user sees it.
    spots = page.evaluate(PIXELS, [[-1.5, -1.0], [1.5, -1.0], [0.0, 1.5]])
    runs = finished_runs(page)
    for px, py in spots:
        page.mouse.click(px, py)
        page.wait_for_timeout(150)
    wait_for_run_after(page, runs, "three clicks on the shattering plane", until=f"() => ({COUNT})() === 3")
    # the run that finished may be the first click's (two points are shattered too): wait for all three
    page.wait_for_function(f"() => ({COUNT})() === 3", timeout=30_000)
    page.wait_for_function(f"() => ({VERDICT} || '').includes('all 8 labelings')", timeout=30_000)
    placed = page.evaluate(f"() => {{ const d = document.querySelector('{PLANE}')._fullData[0];"
                           " return Array.from(d.x).map((x, i) => [x, d.y[i]]); }")
    assert [(round(x, 1), round(y, 1)) for x, y in placed] == [(-1.5, -1.0), (1.5, -1.0), (0.0, 1.5)]
    assert page.evaluate(VERDICT).startswith("Shattered: lines (half-planes) realise all 8 labelings")
    assert "spts=" in link_of(page, "spts=")
    _add(page, 0.2, 0.1, 4)
    page.wait_for_function(f"() => ({VERDICT} || '').startsWith('Not shattered')", timeout=30_000)
    assert "14 of the 16" in page.evaluate(VERDICT)
    assert_no_errors(page, "the Learning theory page after clicking four points")
