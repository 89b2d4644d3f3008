"""The Multi-class page in the real browser: it loads clean, and a click on the plane inspects
that point (the number boxes, the star on the chart, and the votes or code word shown for it)."""

import pytest
from support.browser import (
    assert_no_errors,
    click_data,
    finished_runs,
    goto,
    link_of,
    plane_ready,
    wait_for_run_after,
)

pytestmark = pytest.mark.browser

PLANE = ".st-key-mc_main .js-plotly-plot"
HEADING = "At the inspected point"


def _star(pg):
    return pg.evaluate(f"""() => {{ const gd = document.querySelector('{PLANE}');
        const t = gd._fullData.find(d => d.name === 'inspected point'); return t && [t.x[0], t.y[0]]; }}""")


def _inspect(pg, x, y, what):
    plane_ready(pg, PLANE)
    runs = finished_runs(pg)
    click_data(pg, PLANE, x, y)
    text = f"{HEADING} ({x:.2f}, {y:.2f})"
    wait_for_run_after(pg, runs, what, until=f"() => [...document.querySelectorAll('h3')]"
                                             f".some(h => h.textContent.includes('{text}'))")
    plane_ready(pg, PLANE)
    assert _star(pg) == [x, y]


def test_page_loads_clean_and_a_click_shows_the_votes(page, server):
    goto(page, f"{server}/Multi-class?data=blobs&classes=4&n=120&strategy=ovo")
    plane_ready(page, PLANE)
    assert_no_errors(page, "the Multi-class page")
    _inspect(page, 1.5, 1.0, "a click on the one-vs-one plane")
    url = link_of(page, "x1=1.5", "x2=1")
    assert "x1=1.5" in url and "x2=1" in url
    # the votes table is drawn for the clicked point: a glide-data-grid canvas beside the machines'
    page.wait_for_function("() => document.querySelectorAll('[data-testid=\"stDataFrame\"]').length >= 3",
                           timeout=30_000)
    assert_no_errors(page, "the Multi-class page after a click")


def test_a_click_shows_the_code_word(page, server):
    goto(page, f"{server}/Multi-class?data=blobs&classes=4&n=120&strategy=ecoc&code=exhaustive")
    plane_ready(page, PLANE)
    _inspect(page, -1.0, -1.5, "a click on the output-code plane")
    word = page.locator("text=Code word of the machines' signs").first
    word.wait_for(timeout=30_000)
    # seven ±1 bits (the exhaustive code of 4 classes)
    assert word.inner_text().count("+1") + word.inner_text().count("-1") == 7
    assert_no_errors(page, "the Multi-class page after a click (output codes)")
