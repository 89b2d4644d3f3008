"""Learning curves and Validation curve pages in the real browser: both load clean, and a click
on a value of the validation curve draws that value's boundary beside it."""

import pytest
from support.browser import assert_no_errors, click_data, finished_runs, goto, settle, wait_for_run_after

pytestmark = pytest.mark.browser

CURVE = ".st-key-vc_chart .js-plotly-plot"
BOUNDARY = ".st-key-vc_boundary .js-plotly-plot"
TITLE = f"() => document.querySelector('{BOUNDARY}')?._fullLayout?.title?.text || ''"
HEAT = f"""() => {{ const gd = document.querySelector('{BOUNDARY}');
  const t = gd && gd._fullData.find(d => d.type === 'heatmap'); if (!t) return null;
  const out = [];
  for (let j = 0; j < t.z.length; j += 11) for (let i = 0; i < t.z[j].length; i += 13) out.push(t.z[j][i]);
  return out.join(','); }}"""


def _ready(pg, selector):
    pg.wait_for_function(f"() => {{ const gd = document.querySelector('{selector}'); return gd && gd._fullLayout "
                         "&& gd._fullLayout.xaxis && gd._fullLayout.xaxis._length > 0; }", timeout=120_000)


def test_clicking_a_value_on_the_validation_curve_draws_its_boundary(page, server):
    goto(page, f"{server}/Validation_curve?data=moons&noise=0.35&model=knn&vary=k")
    _ready(page, CURVE)
    _ready(page, BOUNDARY)
    assert page.evaluate(TITLE).startswith("k (neighbours) = 5:")
    heat_before = page.evaluate(HEAT)
    ks = page.evaluate(f"() => document.querySelector('{CURVE}')._fullData.find(d => d.name === 'validation').x")
    assert 25 in [round(k) for k in ks]
    runs = finished_runs(page)
    click_data(page, CURVE, 25, 0.8)  # x is k on this linear axis; any height on the plot
    shows_25 = f"() => ({TITLE})().startsWith('k (neighbours) = 25:')"
    wait_for_run_after(page, runs, "a click at k = 25 on the validation curve", until=shows_25)
    page.wait_for_function(shows_25, timeout=60_000)
    _ready(page, BOUNDARY)
    assert page.evaluate(HEAT) != heat_before, "the boundary's regions did not change"
    # the curve marks the chosen value and the link holds it
    marked = page.evaluate(f"() => document.querySelector('{CURVE}')._fullLayout.shapes.map(s => s.x0)")
    assert 25 in [round(x) for x in marked]
    page.wait_for_function("() => location.search.includes('k=25')", timeout=30_000)
    assert_no_errors(page, "the Validation curve page after a click on the curve")


def test_clicking_a_log_scaled_value_sets_it(page, server):
    goto(page, f"{server}/Validation_curve?data=moons&noise=0.35&model=svm&vary=gamma")
    _ready(page, CURVE)
    _ready(page, BOUNDARY)
    runs = finished_runs(page)
    click_data(page, CURVE, 1.0, 0.8)  # the axis holds log10(gamma): x = 1 is gamma = 10
    shows_10 = f"() => ({TITLE})().startsWith('gamma = 10:')"
    wait_for_run_after(page, runs, "a click at gamma = 10", until=shows_10)
    page.wait_for_function(shows_10, timeout=60_000)
    assert_no_errors(page, "the Validation curve page after a click at gamma = 10")


def test_learning_curves_page_and_the_playground_panel_load_clean(page, server):
    goto(page, f"{server}/Learning_curves?data=moons&noise=0.35&model=tree")
    _ready(page, ".st-key-lc_chart .js-plotly-plot")
    _ready(page, ".st-key-lc_boundary .js-plotly-plot")
    assert "high variance" in page.locator(".st-key-what_you_see").inner_text()
    assert_no_errors(page, "the Learning curves page")
    goto(page, f"{server}/Playground?data=moons&noise=0.35&model=tree&section=learning")
    # built once scrolled to (ui.core.on_screen)
    page.locator(".st-key-playground_below_chart").scroll_into_view_if_needed(timeout=60_000)
    _ready(page, ".st-key-playground_learning .js-plotly-plot")
    settle(page)
    assert_no_errors(page, "the Playground with its learning-curve panel")
