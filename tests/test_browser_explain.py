"""The "explain the model" switch in the real browser: switching it on draws the overlays,
goes into the link, and the tree's leaf mix shows when hovering the plane (AppTest cannot hover)."""

import pytest
from support.browser import assert_no_errors, finished_runs, goto, wait_for_run_after

pytestmark = pytest.mark.browser

PLANE = ".st-key-playground_chart .js-plotly-plot"
SWITCH = "document.querySelector('.st-key-explain input')"


def _trace_names(pg):
    return pg.evaluate(f"""() => {{ const gd = document.querySelector('{PLANE}');
        return gd && gd._fullData ? gd._fullData.map(d => d.name) : []; }}""")


def _switch_on(pg):
    runs = finished_runs(pg)
    pg.locator(".st-key-explain label").click()
    wait_for_run_after(pg, runs, "switching explain on", until=f"() => {SWITCH}?.checked")
    pg.wait_for_function("() => location.search.includes('explain=true')", timeout=30_000)


def _hover_at(pg, x, y):
    px, py = pg.evaluate(
        """([sel, x, y]) => { const gd = document.querySelector(sel);
             const fl = gd._fullLayout, r = gd.getBoundingClientRect();
             return [r.left + fl.xaxis._offset + fl.xaxis.d2p(x), r.top + fl.yaxis._offset + fl.yaxis.d2p(y)]; }""",
        [PLANE, x, y])
    pg.mouse.move(px, py)


def test_switch_draws_w_and_the_sigmoid_for_logistic_regression(page, server):
    goto(page, f"{server}/Playground?model=logistic&data=moons")
    assert "w (normal vector)" not in _trace_names(page)
    # The sigmoid is a chart of its own (key explain_sigmoid), there only with the switch on. (A
    # count of all charts raced the learning panel, which arrives after the plane.)
    sigmoid = page.locator(".st-key-explain_sigmoid [data-testid='stPlotlyChart']")
    assert sigmoid.count() == 0
    _switch_on(page)
    page.wait_for_function(f"() => {{ const gd = document.querySelector('{PLANE}');"
                           " return gd && gd._fullData.some(d => d.name === 'w (normal vector)'); }",
                           timeout=30_000)
    sigmoid.wait_for(timeout=30_000)
    assert_no_errors(page, "the Playground with logistic regression explained")


def test_hovering_the_tree_plane_shows_the_leaf_mix(page, server):
    goto(page, f"{server}/Playground?model=tree&data=moons&noise=0.3&max_depth=2")
    _switch_on(page)
    page.wait_for_function(f"() => {{ const gd = document.querySelector('{PLANE}');"
                           " return gd && gd._fullData.some(d => d.name === 'leaf mix'); }", timeout=30_000)
    # a spot of the plane far from every point: the hover is the region's, not a point's
    _hover_at(page, -2.8, -2.8)
    label = page.locator(f"{PLANE} .hoverlayer .hovertext")
    label.first.wait_for(timeout=10_000)
    text = label.first.text_content()
    assert "predicted" in text and "training points" in text and "class 0:" in text and "class 1:" in text
    # on a point, the point's own hover, with its leaf's mix
    first = page.evaluate(f"""() => {{ const gd = document.querySelector('{PLANE}');
        const t = gd._fullData.find(d => d.name === 'class 0 (train)'); return [t.x[0], t.y[0]]; }}""")
    _hover_at(page, *first)
    page.wait_for_function(f"() => [...document.querySelectorAll('{PLANE} .hoverlayer .hovertext')]"
                           ".some(e => e.textContent.includes('(train)'))", timeout=10_000)
    texts = [e.text_content() for e in label.all()]
    assert any("(train)" in t and "leaf" in t and "training points" in t for t in texts), texts
    assert_no_errors(page, "the Playground with the tree explained")
