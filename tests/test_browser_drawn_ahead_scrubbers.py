"""Drawn ahead on the pages whose slider scrubs through one computed history (the Perceptron's
replay step, the Neural network's epoch): the browser holds the chart at the slider's
neighbouring positions, draws one the moment the slider shows it, and the run of that step
brings the same figure (it draws nothing, so the chart's last draw is still the one made ahead).
The chart then equals the chart a fresh page opens on the same link.
"""

import pytest
from support.browser import LIVE_AHEAD, LIVE_TIMING, assert_no_errors, goto, link_of, new_page, settle, step_slider

pytestmark = pytest.mark.browser

TIMING = LIVE_TIMING
AHEAD = LIVE_AHEAD
# What the chart shows, as a string: every trace's kind, name and points (a heatmap's values), the
# regions image (a hash of its data URL) and the annotations; null before the chart is drawn.
PRINT = """(key) => {
  const gd = document.querySelector(`.st-key-${key} .js-plotly-plot`);
  if (!gd || !gd._fullData) return null;
  const hash = (s) => {   // FNV-1a
    let h = 2166136261;
    for (let c = 0; c < s.length; c++) h = Math.imul(h ^ s.charCodeAt(c), 16777619);
    return (h >>> 0).toString(16);
  };
  const out = [];
  for (const t of gd._fullData) {
    const z = t.z ? Array.from(t.z, row => Array.from(row).join(" ")).join(";") : "";
    out.push([t.type, t.name, Array.from(t.x || []).join(" "), Array.from(t.y || []).join(" "), hash(z)].join("/"));
  }
  for (const im of (gd._fullLayout.images || [])) out.push(`image ${hash(String(im.source))}`);
  for (const a of (gd._fullLayout.annotations || [])) out.push(`${a.text} ${a.x} ${a.y} ${a.ax} ${a.ay}`);
  return out.join("|");
}"""

# (page and link, the chart's key, the slider's key, the link item after one step right and after two)
CASES = {
    "perceptron": ("Perceptron?data=moons&n=200&seed=31&epochs=3", "pc_main", "pc_step", "step=1", "step=2"),
    "nn": ("Neural_network?data=moons&n=200&seed=32&max_iter=30&epoch=10", "nn_main", "nn_epoch",
           "epoch=11", "epoch=12"),
}


def _chart(page, key):
    page.wait_for_function(f"({PRINT})({key!r}) !== null", timeout=60_000)
    return page.evaluate(PRINT, key)


def _fresh_chart(browser, url, key) -> str:
    other = new_page(browser)
    try:
        goto(other, url)
        return _chart(other, key)
    finally:
        other.close()


def _step_drawn_ahead(page, browser, chart, slider, item):
    settle(page)
    # the run's drawn-ahead message has come (it is sent at the end of the run)
    page.wait_for_function(f"({AHEAD})({chart!r}) > 0", timeout=30_000)
    before = _chart(page, chart)
    step_slider(page, slider)
    url = link_of(page, item)
    assert item in url, url
    timing = page.evaluate(TIMING, chart)
    assert timing and timing.get("ahead"), f"the step to {item} was not drawn ahead, or the run drew again: {timing}"
    now = _chart(page, chart)
    assert now != before, f"the chart did not change on the step to {item}"
    assert now == _fresh_chart(browser, url, chart), f"the chart drawn ahead differs from a fresh page at {url}"
    assert_no_errors(page, url)


@pytest.mark.parametrize("name", CASES)
def test_a_step_is_drawn_ahead_and_is_the_runs_chart(page, browser, server, name):
    link, chart, slider, first, second = CASES[name]
    goto(page, f"{server}/{link}")
    _chart(page, chart)
    _step_drawn_ahead(page, browser, chart, slider, first)    # before any slider moved: the first slider's
    _step_drawn_ahead(page, browser, chart, slider, second)   # the way it moved
