"""Drawn ahead on the model-selection pages (ui/live/live_chart.js): on Learning curves (the number of
training sizes -> the curve), Validation curve (the varied setting -> the boundary beside the
curve) and Cross-validation (the folds -> the points coloured by fold), a slider step reruns only
the page's part (the sidebar's dataset panel is not redrawn), is drawn from the figure the browser
got ahead, the run for that step then finds it drawn (the chart's last draw is still the ahead
one), and the chart equals the one a fresh page opens on the step's link.
"""

import re

import pytest
from support.browser import LIVE_AHEAD, LIVE_TIMING, assert_no_errors, goto, link_of, new_page, settle, step_slider

pytestmark = pytest.mark.browser

TIMING = LIVE_TIMING
AHEAD = LIVE_AHEAD
# What the chart shows: every trace's kind, length and values, its shapes, annotations and images.
PRINT = """(sel) => { const gd = document.querySelector(sel);
  if (!gd || !gd._fullData) return null;
  const out = gd._fullData.map(t => [t.type, t.name, t._length, JSON.stringify(t.x), JSON.stringify(t.y),
                                     t.z ? JSON.stringify(t.z).length : 0]);
  const fl = gd._fullLayout;
  out.push((fl.shapes || []).map(s => [s.x0, s.x1, s.y0, s.y1]));
  out.push((fl.annotations || []).map(a => a.text));
  out.push((fl.images || []).map(i => String(i.source).length + String(i.source).slice(-200)));
  return JSON.stringify(out); }"""

# Counts the times the sidebar's dataset panel (drawn by the page's full run, never by a part) is
# marked stale: Streamlit marks every element stale while a full run redraws the page.
WATCH_DATASET = """() => { window.__datasetStale = 0; const SEL = '.st-key-ds_data, .st-key-ds_n';
  new MutationObserver(records => { for (const r of records)
      if (r.target.getAttribute('data-stale') === 'true' && (r.target.matches(SEL) || r.target.querySelector(SEL)))
        window.__datasetStale += 1; })
    .observe(document, {attributes: true, subtree: true, attributeFilter: ['data-stale']}); }"""

# page, its query, the chart drawn ahead, the slider and the link item after one step right
CASES = [("Learning_curves", "data=moons&n=300&seed=21&model=knn", "lc_chart", "lc_sizes", "sizes=9"),
         ("Validation_curve", "data=moons&n=300&seed=22&model=knn&vary=k", "vc_boundary", "p_knn_k", "k=6"),
         ("Cross-validation", "data=moons&n=300&seed=23&model=knn", "cv_main", "cv_folds", "folds=6")]


def _print(page, chart):
    return page.evaluate(PRINT, f".st-key-{chart} .js-plotly-plot")


def _fresh(browser, url, chart) -> str:
    other = new_page(browser)
    try:
        goto(other, url)
        other.wait_for_function(f"({PRINT})('.st-key-{chart} .js-plotly-plot') !== null", timeout=60_000)
        settle(other)
        return _print(other, chart)
    finally:
        other.close()


@pytest.mark.parametrize(("path", "query", "chart", "slider", "item"), CASES, ids=[c[0] for c in CASES])
def test_a_step_is_drawn_ahead_and_is_the_runs_figure(page, browser, server, path, query, chart, slider, item):
    goto(page, f"{server}/{path}?{query}")
    page.wait_for_function(f"({PRINT})('.st-key-{chart} .js-plotly-plot') !== null", timeout=60_000)
    settle(page)
    page.wait_for_function(f"({AHEAD})({chart!r}) > 0", timeout=30_000)
    before = _print(page, chart)
    assert page.locator(".st-key-ds_data, .st-key-ds_n").count() > 0, "no dataset panel to watch"
    page.evaluate(WATCH_DATASET)
    name = item.split("=")[0]
    for step in (1, 2):   # the first slider before any moved, then the way it moved
        step_slider(page, slider)
        # the run writes the link at its end; the chart drawn ahead came before the run started
        value = page.locator(f".st-key-{slider} input[type='range']").input_value()
        url = link_of(page, f"{name}={value}")
        assert re.search(rf"[?&]{name}={value}(&|$)", url), f"step {step}: the run did not write {name}={value}: {url}"
        assert step > 1 or item in url, url
        timing = page.evaluate(TIMING, chart)
        assert timing and timing.get("ahead"), f"step {step} of {slider} was not drawn ahead, or the run drew again: " \
                                               f"{timing}"
        now = _print(page, chart)
        assert now != before, f"{chart} did not change on step {step} of {slider}"
        assert now == _fresh(browser, url, chart), f"{chart} drawn ahead differs from a fresh page at {url}"
        assert_no_errors(page, url)
        assert page.evaluate("() => window.__datasetStale") == 0, f"step {step} of {slider} reran the whole page"
        before = now
        page.wait_for_function(f"({AHEAD})({chart!r}) > 0", timeout=30_000)
