"""The legend rows viz.decision leaves room for, against plotly.js's own layout in Chromium.

A figure's top margin holds its legend: too few rows and plotly pushes the margin and draws the
figure twice, too many and the plane loses height. plotly.js wraps a horizontal legend that
does not fit in one row into columns as wide as its widest item, so one long name (the SVM's
support vectors) costs rows for every item."""

import os
from pathlib import Path

import plotly
import pytest
from support.browser import ARGS, CHROMIUM

from viz.decision import _legend_rows

pytestmark = pytest.mark.browser

LEGENDS = [
    ["class 0 (train)", "class 1 (train)", "test points"],
    ["class 0 (train)", "class 1 (train)", "test points", "misclassified"],
    ["class 0 (train)", "class 1 (train)", "test points", "misclassified", "query point"],
    ["class 0 (train)", "class 1 (train)", "class 2 (train)", "test points", "means", "1σ", "2σ"],
    [f"class {k} (train)" for k in range(6)] + ["test points"],
    ["margin  f(x) = ±1", "boundary  f(x) = 0", "class 0 (train)", "class 1 (train)", "free SVs (0 < α < C)"],
    ["margin  f(x) = ±1", "boundary  f(x) = 0", "class 0 (train)", "class 1 (train)", "misclassified",
     "free SVs (0 < α < C)", "bounded SVs (α = C)"],
    ["margin  f(x) = ±1", "boundary  f(x) = 0", "class 0 (train)", "class 1 (train)", "x" * 33],
]
# Distinct y offsets of the legend's items: its rows.
ROWS = """async ([data, layout]) => { const gd = document.getElementById('g'); await Plotly.newPlot(gd, data, layout);
  return new Set([...gd.querySelectorAll('.legend .traces')]
    .map(t => t.getAttribute('transform').split(',')[1])).size; }"""


@pytest.fixture(scope="module")
def plotly_page():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is missing: the browser tests need Debian's chromium")
    from playwright.sync_api import sync_playwright
    js = (Path(plotly.__file__).parent / "package_data" / "plotly.min.js").read_text()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        pg = b.new_page()
        pg.set_content(f"<html><body><div id='g'></div><script>{js}</script></body></html>")
        yield pg
        b.close()


@pytest.mark.parametrize("width", [500, 600, 700])
def test_legend_rows_match_plotly(plotly_page, width):
    wrong = []
    for names in LEGENDS:
        data = [{"x": [0], "y": [0], "mode": "markers", "name": name} for name in names]
        layout = {"width": width, "height": 500, "font": {"size": 13}, "margin": {"l": 55, "r": 15, "t": 30, "b": 60},
                  "legend": {"orientation": "h", "yanchor": "bottom", "y": 1.01, "xanchor": "left", "x": 0,
                             "font": {"size": 13}}}
        drawn = plotly_page.evaluate(ROWS, [data, layout])
        # a font a little wider or narrower than this machine's moves a boundary case by one row
        if abs(_legend_rows(names, width) - drawn) > 1:
            wrong.append((names[-1], drawn, _legend_rows(names, width)))
    assert not wrong, f"(last item, plotly's rows, estimated) at {width} px: {wrong}"
