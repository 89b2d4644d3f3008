"""The real app under `streamlit run`, driven in headless Chromium by Playwright: starting a
server, opening a page, waiting for the script run an action caused, reading the chart.
tests/conftest.py makes the fixtures (server, browser, page) from these."""

import contextlib
import json
import pathlib
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError

ROOT = pathlib.Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
SHOTS = ROOT / "artifacts" / "screenshots"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
CHART = ".st-key-playground_chart .js-plotly-plot"



def z_print(chart: str) -> str:
    """A fingerprint of the decision regions of the plotly chart at ``chart`` (a CSS selector), as
    a JavaScript function, or null before they are drawn: about 16 x 12 z values of the regions
    heatmap (``k + 0.001 + 0.998 c``) spread over its grid and, where the live chart draws the
    regions as one image (ui/live/live_chart.js, the heatmap then the coarser hover layer), the
    image's length and a hash of its pixels (a BMP data URL): any cell that changes changes it."""
    return """() => {
  const gd = document.querySelector(""" + json.dumps(chart) + """);
  const t = gd && gd._fullData && gd._fullData.find(d => d.type === "heatmap");
  if (!t) return null;
  const z = t.z, out = [];
  const dj = Math.max(1, Math.floor(z.length / 16)), di = Math.max(1, Math.floor(z[0].length / 12));
  for (let j = 0; j < z.length; j += dj) for (let i = 0; i < z[j].length; i += di) out.push(z[j][i]);
  const image = (gd._fullLayout.images || []).find(im => im.name === "regions");
  if (image) {
    let hash = 2166136261;   // FNV-1a over the data URL
    for (let c = 0; c < image.source.length; c++) hash = Math.imul(hash ^ image.source.charCodeAt(c), 16777619);
    out.push(`image ${image.source.length} ${(hash >>> 0).toString(16)}`);
  }
  return out.join(",");
}"""


Z_PRINT = z_print(CHART)   # the Playground's plane
# A live chart's (ui/live/live_chart.js) last draw: {ahead: true, ...} when drawn ahead, else null.
LIVE_TIMING = "(k) => { const s = window.__cpLive && window.__cpLive[k]; return s && s.timing ? s.timing : null; }"
# How many positions the live chart ``k`` holds drawn ahead of the figure it shows now: 0 while
# those it holds neighbour another figure (the run of the step just drawn has not sent the new ones).
LIVE_AHEAD = """(k) => { const s = window.__cpLive && window.__cpLive[k];
  return s && s.ahead && s.aheadBase === s.sig ? s.ahead.length : 0; }"""
# Counts finished script runs (the app's script state turning to notRunning) on every new
# document, so a test can wait for the run that ITS action caused: right after a click or a key
# press the state still reads notRunning from the previous run for a few hundred ms.
COUNT_RUNS = """
window.__stRuns = 0;
new MutationObserver(records => {
  for (const r of records)
    if (r.target.getAttribute("data-test-script-state") === "notRunning" && r.oldValue !== "notRunning")
      window.__stRuns += 1;
}).observe(document, {attributes: true, attributeOldValue: true, subtree: true,
                      attributeFilter: ["data-test-script-state"]});
"""
CLASS_TRACES = """() => {
  const gd = document.querySelector(".st-key-playground_chart .js-plotly-plot");
  return gd._fullData.filter(d => /^class .* \\(train\\)$/.test(d.name || "")).map(d => d._length);
}"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve():
    """`streamlit run app.py` on a free port, as long as the block runs."""
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
         "--server.port", str(port), "--browser.gatherUsageStats", "false"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://localhost:{port}"
    try:
        deadline = time.time() + 60
        while True:
            try:
                if urllib.request.urlopen(f"{url}/_stcore/health", timeout=2).read().decode() == "ok":
                    break
            except OSError:
                pass
            if time.time() > deadline or proc.poll() is not None:
                raise RuntimeError("streamlit did not come up")
            time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


def new_page(browser):
    pg = browser.new_page(viewport={"width": 1400, "height": 900})
    pg.add_init_script(COUNT_RUNS)
    return pg


# Resolves once the chart's box and axis ranges have held still for three looks 150 ms apart
# (a scrollbar or a panel appearing below resizes the plane and moves every data point's pixel).
STILL = """async (sel) => { const gd = document.querySelector(sel || ".st-key-playground_chart .js-plotly-plot");
  const look = () => JSON.stringify([gd.getBoundingClientRect(), gd._fullLayout.xaxis.range,
                                     gd._fullLayout.yaxis.range]);
  let last = look(), same = 0;
  for (let i = 0; i < 100 && same < 3; i++) {
    await new Promise(r => setTimeout(r, 150)); const now = look(); same = now === last ? same + 1 : 0; last = now; }
  return same >= 3; }"""


# The page pixel of data coordinates (x, y) on the plotly chart ``sel``, by the chart's own axes.
TO_PIXEL = """([sel, x, y]) => { const gd = document.querySelector(sel);
  const fl = gd._fullLayout, r = gd.getBoundingClientRect();
  return [r.left + fl.xaxis._offset + fl.xaxis.d2p(x), r.top + fl.yaxis._offset + fl.yaxis.d2p(y)]; }"""


def click_data(page, sel, x, y):
    """Click the plotly chart ``sel`` at data coordinates (x, y)."""
    page.mouse.click(*page.evaluate(TO_PIXEL, [sel, x, y]))


def click_playground(page, x, y):
    """Click the Playground's chart at data coordinates (x, y) once it holds still."""
    assert page.evaluate(STILL), "the chart kept moving for 15 s"
    click_data(page, CHART, x, y)


def plane_ready(page, sel, timeout=60_000):
    """Wait until the plotly chart ``sel`` has its axes, the page has settled and the chart holds
    still (a pixel measured before would not be where the user sees that point)."""
    page.wait_for_function(f"() => {{ const gd = document.querySelector('{sel}'); return gd && gd._fullLayout "
                           "&& gd._fullLayout.xaxis && gd._fullLayout.xaxis._length > 0; }", timeout=timeout)
    settle(page, timeout)
    assert page.evaluate(STILL, sel), f"{sel} kept moving for 15 s"


def settle(page, timeout=60_000):
    page.wait_for_selector("[data-testid='stApp'][data-test-script-state='notRunning']", timeout=timeout)
    page.wait_for_function("!document.querySelector(\"[data-testid='stSkeleton']\")", timeout=timeout)


def finished_runs(page):
    return page.evaluate("() => window.__stRuns")


def wait_for_run_after(page, runs_before, what, timeout=60_000, until=None):
    """Wait until a script run has finished since ``runs_before`` was read (the run the action
    ``what`` started), or until the JS condition ``until`` (what that run shows) holds, then
    until the page is settled. A fast run can go from running to notRunning within one React
    render, unseen by the run counter, so an action whose effect is visible passes ``until``."""
    check = f"(n) => window.__stRuns > n || Boolean(({until})())" if until else "(n) => window.__stRuns > n"
    try:
        page.wait_for_function(check, arg=runs_before, timeout=timeout)
    except PlaywrightTimeout as err:
        raise AssertionError(f"no script run finished within {timeout} ms after {what}") from err
    settle(page, timeout)


def link_of(page, *parts, absent=(), timeout=30_000):
    """The page's address once it holds every one of ``parts`` and none of ``absent`` (or after
    ``timeout``, for the caller's assert to show). The run publishes its link at its very end,
    after the chart it drew, and Playwright's ``page.url`` learns of history.replaceState a
    moment later still: a test that reads it right after seeing the chart can read the old one."""
    check = "([has, not]) => has.every(p => location.href.includes(p)) && !not.some(p => location.href.includes(p))"
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(check, arg=[list(parts), list(absent)], timeout=timeout)
    return page.evaluate("() => location.href")


def goto(page, url):
    """Open ``url`` in a new document and wait for its first script run to finish."""
    page.goto(url)
    wait_for_run_after(page, 0, f"opening {url}")


def open_playground(page, server, query=""):
    goto(page, f"{server}/Playground{query}")
    page.wait_for_selector(CHART, timeout=60_000)
    page.wait_for_function(f"({Z_PRINT})() !== null", timeout=60_000)


def step_slider(page, key, presses=1, arrow="ArrowRight"):
    """Press an arrow key on the slider ``key`` one step at a time, each press only once the
    page has settled, and each must move the slider's value (the press was received) or the
    test fails saying so. (A run counter cannot tell when the rerun a press starts has ended:
    a fast run may never show as running in the DOM.)"""
    selector = f".st-key-{key} input[type='range']"
    handle = page.locator(selector)
    for _ in range(presses):
        settle(page)
        before = handle.input_value()
        handle.focus()
        handle.press(arrow)
        try:
            page.wait_for_function("([s, v]) => { const e = document.querySelector(s); return e && e.value !== v; }",
                                   arg=[selector, before], timeout=30_000)
        except PlaywrightTimeout as err:
            raise AssertionError(f"slider {key} stayed at {before} after {arrow}: "
                                 "the key press was not received") from err
    settle(page)


def assert_no_errors(page, where):
    assert page.locator("[data-testid='stException']").count() == 0, f"exception on {where}"
    assert page.locator("[data-testid='stAlertContentError']").count() == 0, f"error alert on {where}"


# Each page and the key of its main chart (the one a lecturer projects).
MAIN_CHART = {"Playground": "playground_chart", "SVM_and_kernels": "svm_margin",
              "Decision_tree": "tree_plane", "ID3_on_a_table": "id3_tree", "Ensembles": "ens_main",
              "Perceptron": "pc_main", "Multi-class": "mc_main", "Learning_curves": "lc_chart",
              "Validation_curve": "vc_chart", "Neural_network": "nn_main", "Features": "feat_scaling",
              "Cross-validation": "cv_main", "Search": "search_chart", "Bias-variance": "bv_overlay",
              "Compare_models": "compare_grid",
              "Learning_theory": "theory_pac", "Shatter": "shatter_plane",
              "Place_the_line": "ex_line_plane", "Widest_street": "ex_street_plane",
              "Nearest_neighbours": "ex_nn_plane", "Which_model": "ex_which_plane",
              "Pick_the_setting": "ex_setting_plane", "Read_the_curve": "ex_curve_chart",
              "Build_the_tree": "ex_tree_plane"}

BOX = """(sel) => {
  const svg = document.querySelector(sel + " .js-plotly-plot .main-svg");
  if (!svg) return null;
  const r = svg.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width};
}"""
