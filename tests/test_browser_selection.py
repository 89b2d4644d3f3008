"""Cross-validation, Search, Bias-variance and Compare models in the real browser: each loads clean,
and a click on a grid-search cell draws that cell's boundary beside the heatmap."""

import pytest
from support.browser import assert_no_errors, finished_runs, goto, wait_for_run_after

pytestmark = pytest.mark.browser

DATA = "data=moons&noise=0.35&n=200"
HEAT = ".st-key-search_chart .js-plotly-plot"
CELL = ".st-key-search_cell .js-plotly-plot"
CELL_TITLE = "() => document.querySelector('.st-key-search_cell')?.innerText || ''"
REGIONS = f"""() => {{ const gd = document.querySelector('{CELL}');
  const t = gd && gd._fullData.find(d => d.type === 'heatmap'); if (!t) return null;
  const out = [];
  for (let j = 0; j < t.z.length; j += 7) for (let i = 0; i < t.z[j].length; i += 9) out.push(t.z[j][i]);
  return out.join(','); }}"""
MAIN = {"Cross-validation": "cv_main", "Search": "search_chart", "Bias-variance": "bv_overlay",
        "Compare_models": "compare_grid"}


def _ready(pg, selector):
    pg.wait_for_function(f"() => {{ const gd = document.querySelector('{selector}'); return gd && gd._fullLayout "
                         "&& gd._fullLayout.xaxis && gd._fullLayout.xaxis._length > 0; }", timeout=180_000)


@pytest.mark.parametrize("path", list(MAIN))
def test_page_loads_clean(page, server, path):
    goto(page, f"{server}/{path}?{DATA}")
    _ready(page, f".st-key-{MAIN[path]} .js-plotly-plot")
    assert_no_errors(page, f"the {path} page")
    assert page.locator("[data-testid='stAlertContentWarning']").count() == 0, f"a warning on {path}"


def test_clicking_a_grid_search_cell_shows_its_boundary(page, server):
    goto(page, f"{server}/Search?{DATA}&model=knn&values=3&random=false")
    _ready(page, HEAT)
    _ready(page, CELL)
    best = page.evaluate(f"() => document.querySelector('{HEAT}')._fullLayout.shapes[0].x0")
    column = 0 if round(best + 0.5) != 0 else 1  # a cell in the bottom row that is not the best
    ticks = page.evaluate(f"() => document.querySelector('{HEAT}')._fullLayout.xaxis.ticktext")
    rows = page.evaluate(f"() => document.querySelector('{HEAT}')._fullLayout.yaxis.ticktext")
    wanted = f"k (neighbours) = {ticks[column]}, weights = {rows[0]}"
    assert wanted not in page.evaluate(CELL_TITLE), "the cell shown first is the best one"
    regions_before = page.evaluate(REGIONS)
    x, y = page.evaluate(
        """([sel, x, y]) => { const gd = document.querySelector(sel);
             const fl = gd._fullLayout, r = gd.getBoundingClientRect();
             return [r.left + fl.xaxis._offset + fl.xaxis.d2p(x), r.top + fl.yaxis._offset + fl.yaxis.d2p(y)]; }""",
        [HEAT, column, 0])
    runs = finished_runs(page)
    page.mouse.click(x, y)
    shows = f"() => ({CELL_TITLE})().includes('{wanted}')"
    wait_for_run_after(page, runs, f"a click on the cell {wanted}", until=shows)
    page.wait_for_function(shows, timeout=60_000)
    page.wait_for_function(f"(before) => ({REGIONS})() !== before", arg=regions_before, timeout=60_000)
    dashed = page.evaluate(f"() => document.querySelector('{HEAT}')._fullLayout.shapes.map(s => s.line.dash)")
    assert "dash" in dashed, "the clicked cell is framed"
    assert_no_errors(page, "the Search page after a click on a cell")
