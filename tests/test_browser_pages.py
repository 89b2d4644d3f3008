"""The SVM, Decision tree and Ensembles pages in the real browser: what plotly actually
drew (its ``_fullData``), and that the page's own slider redraws it.

AppTest checks the figures Python builds; these check that they arrive and react in
Chromium under `streamlit run`.
"""

import re

import pytest
from support.browser import PlaywrightTimeout, assert_no_errors, goto, settle, step_slider

pytestmark = pytest.mark.browser

TRACES = """(key) => {
  const gd = document.querySelector(`.st-key-${key} .js-plotly-plot`);
  if (!gd || !gd._fullData) return null;
  return gd._fullData.map(d => ({
    type: d.type, name: d.name || "", n: d._length ?? null,
    start: d.contours ? d.contours.start : null, end: d.contours ? d.contours.end : null,
    nulls: d.type === "scatter" && d.x ? Array.from(d.x).filter(v => v === null || Number.isNaN(v)).length : null,
    // five cells down the diagonal (of the live chart's coarser hover layer too: ui/live/live_chart.js)
    z: d.type === "heatmap" ? [0, 37, 91, 143, 199].map(j => Math.floor(j * d.z.length / 200))
      .map(j => d.z[j] && d.z[j][j]).join(",") : null,
  }));
}"""


def _traces(pg, key):
    pg.wait_for_function(f"({TRACES})('{key}') !== null", timeout=60_000)
    return pg.evaluate(TRACES, key)


def _open(pg, url, key):
    goto(pg, url)
    return _traces(pg, key)


def _regions(traces):
    return next(t["z"] for t in traces if t["type"] == "heatmap")


def test_svm_margins_and_support_vectors_arrive_and_follow_C(page, server):
    traces = _open(page, f"{server}/SVM_and_kernels?data=moons&n=120", "svm_margin")
    levels = sorted((t["start"], t["end"]) for t in traces if t["type"] == "contour")
    assert (-1.0, 1.0) in levels and (0.0, 0.0) in levels, levels
    rings = [t for t in traces if "SVs (" in t["name"]]
    assert rings and sum(t["n"] for t in rings) > 0
    before = _regions(traces)
    step_slider(page, "p_svm_C", 2)
    page.wait_for_url(re.compile(r"[?&]C="), timeout=60_000)
    settle(page)
    page.wait_for_function(
        f"(() => {{ const t = ({TRACES})('svm_margin'); "
        f"return t && t.find(d => d.type === 'heatmap').z !== {before!r}; }})()",
        timeout=60_000)
    assert_no_errors(page, "the SVM page after moving C")


def test_svm_three_classes_draw_the_chosen_pair_machine(page, server):
    traces = _open(page, f"{server}/SVM_and_kernels?classes=3&n=150&pair=0-2", "svm_margin")
    names = [t["name"] for t in traces]
    assert any("0 vs 2" in n and "f(x) = 0" in n for n in names), names
    assert any("0 vs 2" in n and "±1" in n for n in names), names
    assert_no_errors(page, "the SVM page with three classes")


def test_tree_depth_slider_adds_splits_on_the_plane(page, server):
    def n_splits():
        t = next(t for t in _traces(page, "tree_plane") if t["name"] == "splits")
        return t["nulls"]   # one segment per split, each followed by a gap (NaN)

    _open(page, f"{server}/Decision_tree?data=moons&n=200&depth=1", "tree_plane")
    assert n_splits() == 1
    step_slider(page, "tree_depth", 3)
    page.wait_for_url(re.compile(r"[?&]depth=4(&|$)"), timeout=60_000)
    settle(page)
    page.wait_for_function(
        f"(() => {{ const t = ({TRACES})('tree_plane'); const s = t && t.find(d => d.name === 'splits');"
        f" return s && s.nulls > 3; }})()", timeout=60_000)
    assert 3 < n_splits() <= 15      # a depth-4 tree has at most 15 splits
    assert_no_errors(page, "the Decision tree page after growing it")


def test_ensemble_members_slider_changes_the_vote(page, server):
    traces = _open(page, f"{server}/Ensembles?data=moons&n=200&model=adaboost", "ens_main")
    before = _regions(traces)
    rounds = "[class*='st-key-ens_m_'] input[type='range']"
    slider = page.locator(rounds)
    assert slider.input_value() != "1"
    slider.focus()
    slider.press("Home")    # round 1: a single stump
    try:
        page.wait_for_function("(s) => document.querySelector(s).value === '1'", arg=rounds, timeout=10_000)
    except PlaywrightTimeout as err:
        raise AssertionError("the rounds slider did not receive the Home key") from err
    settle(page)
    page.wait_for_function(
        f"(() => {{ const t = ({TRACES})('ens_main'); "
        f"return t && t.find(d => d.type === 'heatmap').z !== {before!r}; }})()",
        timeout=60_000)
    assert_no_errors(page, "the Ensembles page after moving the rounds slider")
