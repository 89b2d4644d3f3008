"""The Features page in headless Chromium: it loads clean, and a step of the stretch slider moves
kNN's regions while the tree's stay as they were."""

import pytest
from support.browser import (
    SHOTS,
    assert_no_errors,
    finished_runs,
    goto,
    settle,
    step_slider,
    wait_for_run_after,
)

pytestmark = pytest.mark.browser

CHART = ".st-key-feat_scaling .js-plotly-plot"
# A fingerprint of the i-th heatmap of the scaling figure: z sampled over the grid.
PANEL_PRINT = """(i) => {
  const gd = document.querySelector(".st-key-feat_scaling .js-plotly-plot");
  const heat = gd && gd._fullData && gd._fullData.filter(d => d.type === "heatmap");
  if (!heat || heat.length < 8) return null;
  const z = heat[i].z, out = [];
  for (let j = 0; j < z.length; j += 7) for (let k = 0; k < z[j].length; k += 5) out.push(z[j][k]);
  return out.join(",");
}"""
KNN_AFTER, TREE_AFTER = 4, 7  # the bottom row: kNN, LwP, SVM, tree


def _print(pg, i):
    return pg.evaluate(PANEL_PRINT, i)


def test_features_page_loads_clean(page, server):
    goto(page, f"{server}/Features?section=select")   # the selection section, built only when its tab is open
    page.wait_for_selector(CHART, timeout=60_000)
    settle(page)
    assert_no_errors(page, "/Features")
    assert page.locator(".st-key-feat_paths .js-plotly-plot").count() == 1
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "features.png"))


def test_stretch_moves_knn_but_not_the_tree(page, server):
    goto(page, f"{server}/Features?data=moons&noise=0.3&stretch=1")
    page.wait_for_selector(CHART, timeout=60_000)
    page.wait_for_function(f"({PANEL_PRINT})({KNN_AFTER}) !== null", timeout=60_000)
    knn, tree = _print(page, KNN_AFTER), _print(page, TREE_AFTER)
    runs = finished_runs(page)
    step_slider(page, "feat_stretch", presses=3)  # 1 -> 2 -> 5 -> 10 on the slider's log grid
    wait_for_run_after(page, runs, "stretching x2",
                       until=f"() => ({PANEL_PRINT})({KNN_AFTER}) !== {knn!r}")
    assert_no_errors(page, "/Features after the stretch")
    assert _print(page, KNN_AFTER) != knn, "kNN's regions did not change when x2 was stretched"
    assert _print(page, TREE_AFTER) == tree, "the tree's regions changed when x2 was stretched"


def _code(pg) -> str:
    box = pg.locator("[data-testid='stExpander']", has_text="Show code")
    if not box.locator("code").is_visible():
        box.locator("summary").click()
    return box.locator("code").inner_text()


def test_a_stretch_step_rewrites_the_code_under_the_sections(page, server):
    """The stretch's part reruns alone and writes Show code, which lies below the sections: the
    code holds the new factor, once (the part's earlier code is replaced, not added to)."""
    goto(page, f"{server}/Features?data=moons&stretch=1")
    page.wait_for_selector(CHART, timeout=60_000)
    settle(page)
    assert "np.array([1.0, 1.0])" in _code(page)
    runs = finished_runs(page)
    step_slider(page, "feat_stretch")   # 1 -> 2 on the slider's log grid
    wait_for_run_after(page, runs, "stretching x2", until="() => location.href.includes('stretch=2')")
    settle(page)
    assert "np.array([1.0, 2.0])" in _code(page), _code(page)
    assert page.locator("[data-testid='stExpander']", has_text="Show code").count() == 1
    assert page.get_by_text("Where next", exact=True).count() == 1
    assert_no_errors(page, "/Features after a stretch step")
