"""Your own data on the plane in headless Chromium (issue 12): an uploaded CSV appears on the
chart, an erased point comes back with Undo and goes again with Redo, and the link of an upload
reopens the same figure in a fresh browser context; an iris-like file after generated data is
drawn with regions that fill its axes, the axes named after its columns, and the column pickers
one under the other with their names whole (issue 24)."""

from itertools import pairwise

import pytest
from support.apptest import GOOD
from support.browser import (
    CHART,
    CLASS_TRACES,
    COUNT_RUNS,
    SHOTS,
    Z_PRINT,
    assert_no_errors,
    click_playground,
    finished_runs,
    link_of,
    new_page,
    open_playground,
    settle,
    wait_for_run_after,
)

pytestmark = pytest.mark.browser

TEST_POINTS = """() => { const gd = document.querySelector(".st-key-playground_chart .js-plotly-plot");
  const t = gd._fullData.find(d => d.name === "test points" && d._length);
  return t ? t._length : 0; }"""
# The first training point of class 0 on the chart, in data coordinates.
FIRST_POINT = """() => { const gd = document.querySelector(".st-key-playground_chart .js-plotly-plot");
  const t = gd._fullData.find(d => /^class 0 \\(train\\)$/.test(d.name || ""));
  return [t.x[0], t.y[0]]; }"""


def _upload(page, tmp_path):
    path = tmp_path / "pets.csv"
    path.write_bytes(GOOD)
    runs = finished_runs(page)
    page.locator(".st-key-own_file input[type='file']").set_input_files(str(path))
    # 12 rows, test fraction 0.3: 8 training points (two classes of 4) and 4 test points
    until = f"() => ({CLASS_TRACES})().reduce((a, b) => a + b, 0) === 8 && ({TEST_POINTS})() === 4"
    wait_for_run_after(page, runs, "uploading pets.csv", until=until)
    page.wait_for_function(until, timeout=60_000)


def test_an_uploaded_csv_is_drawn_on_the_chart(page, server, tmp_path):
    open_playground(page, server, "?n=300")
    assert sum(page.evaluate(CLASS_TRACES)) > 100
    _upload(page, tmp_path)
    settle(page)
    sidebar = page.locator("[data-testid='stSidebar']")
    assert sidebar.get_by_text("12 rows, classes 0 = cat, 1 = dog").count() == 1
    url = link_of(page, "own=", "own_names=cat%7Cdog")
    assert "own=" in url and "own_names=cat%7Cdog" in url
    assert_no_errors(page, "the playground after an upload")


def test_a_link_with_uploaded_points_reopens_the_same_figure(browser, server, tmp_path):
    first = new_page(browser)
    open_playground(first, server)
    _upload(first, tmp_path)
    settle(first)
    url, regions, counts = link_of(first, "own="), first.evaluate(Z_PRINT), first.evaluate(CLASS_TRACES)
    first.close()
    context = browser.new_context(viewport={"width": 1400, "height": 900})  # no session, no cookies
    try:
        fresh = context.new_page()
        fresh.add_init_script(COUNT_RUNS)
        fresh.goto(url)
        fresh.wait_for_selector(CHART, timeout=60_000)
        fresh.wait_for_function(f"({Z_PRINT})() !== null", timeout=60_000)
        settle(fresh)
        assert fresh.evaluate(CLASS_TRACES) == counts
        assert fresh.evaluate(Z_PRINT) == regions
        assert fresh.locator("[data-testid='stSidebar']").get_by_text("0 = cat, 1 = dog").count() == 1
    finally:
        context.close()


def test_erase_a_generated_point_then_undo_and_redo(page, server):
    open_playground(page, server, "?data=moons&n=100")
    before = sum(page.evaluate(CLASS_TRACES))
    runs = finished_runs(page)
    page.locator(".st-key-draw_mode button", has_text="erase").click()
    wait_for_run_after(page, runs, "choosing erase",
                       until="() => document.querySelector(\".st-key-draw_mode [aria-checked='true']\")"
                             "?.innerText.includes('erase')")
    settle(page)
    x, y = page.evaluate(FIRST_POINT)
    fewer = f"() => ({CLASS_TRACES})().reduce((a, b) => a + b, 0) === {before - 1}"
    same = f"() => ({CLASS_TRACES})().reduce((a, b) => a + b, 0) === {before}"
    runs = finished_runs(page)
    click_playground(page, x, y)
    wait_for_run_after(page, runs, "a click on a point in erase mode", until=fewer)
    page.wait_for_function(fewer, timeout=30_000)
    assert "erased=" in link_of(page, "erased=")
    for button, until in (("Undo", same), ("Redo", fewer)):
        settle(page)
        runs = finished_runs(page)
        page.locator(f".st-key-draw_{button.lower()}").get_by_role("button", name=button).click()
        wait_for_run_after(page, runs, button, until=until)
        page.wait_for_function(until, timeout=30_000)
    assert "erased=" in link_of(page, "erased=")
    assert_no_errors(page, "the playground after erase, undo and redo")


# The main chart's axis titles and ranges as plotly drew them, and how far its regions reach.
PLANE = """() => { const gd = document.querySelector(".st-key-playground_chart .js-plotly-plot");
  const L = gd._fullLayout, h = gd._fullData.find(d => d.type === "heatmap");
  const reach = (v) => [v[0] - (v[1] - v[0]) / 2, v[v.length - 1] + (v[1] - v[0]) / 2];
  const im = (L.images || []).find(i => i.name === "regions");   // the live chart's regions image
  return {titles: [L.xaxis.title.text, L.yaxis.title.text], x: L.xaxis.range, y: L.yaxis.range,
          hx: im ? [im.x, im.x + im.sizex] : reach(h.x), hy: im ? [im.y - im.sizey, im.y] : reach(h.y)}; }"""
PICKERS = """() => ["own_x1", "own_x2", "own_label"].map(k => {
  const box = document.querySelector(`.st-key-${k}`).getBoundingClientRect();
  const input = document.querySelector(`.st-key-${k} input`);
  return {top: box.top, bottom: box.bottom, left: box.left, value: input.value,
          cut: input.scrollWidth > input.clientWidth}; })"""


def test_an_iris_like_file_fills_its_axes_and_names_them(page, server, tmp_path):
    """The generated points are nearly square; sepal length by sepal width is wider than high.
    The live chart redrew the new figure over the old one's axis constraints, which widened the
    y range past the regions (white bands above and below) instead of narrowing the plot."""
    path = tmp_path / "iris.csv"
    path.write_text("sepal_length,sepal_width,species\n" + "\n".join(
        f"{4.4 + 0.1 * (i % 30) + 1.2 * (i % 3 == 2):.1f},{2.2 + 0.08 * ((7 * i) % 23):.2f},"
        f"{('setosa', 'versicolor', 'virginica')[i % 3]}" for i in range(45)) + "\n")
    open_playground(page, server)
    settle(page)
    page.locator("[data-testid='stSidebar'] summary", has_text="Your own data").click()
    runs = finished_runs(page)
    page.locator(".st-key-own_file input[type='file']").set_input_files(str(path))
    named = f"() => ({PLANE})().titles[0] === 'sepal_length'"
    wait_for_run_after(page, runs, "uploading iris.csv", until=named)
    page.wait_for_function(named, timeout=60_000)
    settle(page)
    plane = page.evaluate(PLANE)
    assert plane["titles"] == ["sepal_length", "sepal_width"]
    for axis in ("x", "y"):
        (lo, hi), (reach_lo, reach_hi) = plane[axis], plane["h" + axis]
        tol = 1e-4 * (hi - lo)
        assert reach_lo <= lo + tol and reach_hi >= hi - tol, f"{axis}: axis {lo:.3f}..{hi:.3f}, " \
            f"regions {reach_lo:.3f}..{reach_hi:.3f}"
    pickers = page.evaluate(PICKERS)
    assert [p["value"] for p in pickers] == ["sepal_length", "sepal_width", "species"]
    assert not any(p["cut"] for p in pickers), pickers
    assert all(a["bottom"] <= b["top"] and a["left"] == b["left"] for a, b in pairwise(pickers)), pickers
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "owndata_iris.png"))
    assert_no_errors(page, "the playground after an iris-like upload")
