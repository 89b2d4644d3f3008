"""Drawn ahead on the lesson pages whose main chart was a full redraw (Compare models' folds, the
Features stretch, Multi-class's data noise): the browser holds the chart at the slider positions
next to the one shown and draws one the moment the slider shows it; the run for that step then
brings the same figure and draws nothing (the chart's last draw is still the ahead one), and the
chart equals the chart a fresh page opens on the same link.

Compare models sends a position only once every model is cross-validated there: the folds the
student came from always are, so the step back is the one asserted.
"""

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from support.browser import LIVE_AHEAD, LIVE_TIMING, assert_no_errors, goto, link_of, new_page, settle, step_slider

pytestmark = pytest.mark.browser

TIMING = LIVE_TIMING
AHEAD = LIVE_AHEAD


def chart_print(key: str) -> str:
    """What the chart ``key`` shows, as a string (null before it is drawn): samples of every heatmap's
    cells, every other trace's length and first point, the titles and labels (annotations)."""
    return """() => {
  const gd = document.querySelector(".st-key-""" + key + """ .js-plotly-plot");
  if (!gd || !gd._fullData) return null;
  const out = [];
  for (const t of gd._fullData) {
    if (t.type === "heatmap") {
      for (let j = 0; j < t.z.length; j += 7) for (let i = 0; i < t.z[j].length; i += 5) out.push(t.z[j][i]);
    } else {
      out.push(t.type, t._length, String(t.x && t.x[0]), String(t.y && t.y[0]));
    }
  }
  for (const a of gd._fullLayout.annotations || []) out.push(a.text);
  for (const im of gd._fullLayout.images || []) out.push(String(im.source).length);
  return out.join(",");
}"""


# page, its chart, the slider, the link it opens on, the steps before the one drawn ahead, and that step
# (its arrow key and the link item it leads to)
CASES = {
    "compare": ("Compare_models", "compare_grid", "compare_folds",
                "data=moons&n=200&seed=31&models=knn,tree,logistic&compare_folds=3", ["ArrowRight"],
                ("ArrowLeft", "compare_folds=3")),
    "features": ("Features", "feat_scaling", "feat_stretch", "data=moons&n=300&seed=32&stretch=1", [],
                 ("ArrowRight", "stretch=2")),
    "multiclass": ("Multi-class", "mc_main", "ds_noise", "data=blobs&classes=3&n=300&seed=33&noise=0.5", [],
                   ("ArrowRight", "noise=0.55")),
}


def _fresh(browser, url, shown) -> str:
    other = new_page(browser)
    try:
        goto(other, url)
        other.wait_for_function(f"({shown})() !== null", timeout=60_000)
        settle(other)
        return other.evaluate(shown)
    finally:
        other.close()


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_step_is_drawn_ahead_and_is_the_runs_chart(page, browser, server, case):
    path, key, slider, link, before, (arrow, item) = CASES[case]
    shown = chart_print(key)
    goto(page, f"{server}/{path}?{link}")
    page.wait_for_function(f"({shown})() !== null", timeout=60_000)
    for press in before:
        step_slider(page, slider, arrow=press)
        # the run writes the link at its end: until then the page is not at its new position
        value = page.locator(f".st-key-{slider} input[type='range']").input_value()
        link_of(page, f"{item.split('=')[0]}={value}")
    settle(page)
    try:
        page.wait_for_function(f"({AHEAD})({key!r}) > 0", timeout=60_000)
    except PlaywrightTimeout as err:
        raise AssertionError(f"no chart drawn ahead of a {slider} step reached the browser within 60 s") from err
    was = page.evaluate(shown)
    step_slider(page, slider, arrow=arrow)
    url = link_of(page, item)
    assert item in url, url
    timing = page.evaluate(TIMING, key)
    assert timing and timing.get("ahead"), f"the step to {item} was not drawn ahead, or the run drew again: {timing}"
    now = page.evaluate(shown)
    assert now != was, f"the chart did not change on the step to {item}"
    assert now == _fresh(browser, url, shown), f"the chart drawn ahead differs from a fresh page at {url}"
    assert_no_errors(page, url)
