"""The real app under `streamlit run`, driven in headless Chromium by Playwright.

No timing here: benchmarks/bench_browser.py measures slider step -> redrawn chart."""

import contextlib
import os
import pathlib
import re
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError

pytestmark = pytest.mark.browser

ROOT = pathlib.Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
SHOTS = ROOT / "artifacts" / "screenshots"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
CHART = ".st-key-playground_chart .js-plotly-plot"

# A fingerprint of the regions heatmap: a few z values spread over the grid.
Z_PRINT = """() => {
  const gd = document.querySelector(".st-key-playground_chart .js-plotly-plot");
  const t = gd && gd._fullData && gd._fullData.find(d => d.type === "heatmap");
  if (!t) return null;
  const z = t.z, out = [];
  for (let j = 0; j < z.length; j += 13) for (let i = 0; i < z[j].length; i += 17) out.push(z[j][i]);
  return out.join(",");
}"""
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


@pytest.fixture(scope="module")
def server():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is missing: the browser tests need Debian's chromium")
    with serve() as url:
        yield url


@pytest.fixture(scope="module")
def browser(server):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def new_page(browser):
    pg = browser.new_page(viewport={"width": 1400, "height": 900})
    pg.add_init_script(COUNT_RUNS)
    return pg


@pytest.fixture
def page(browser):
    pg = new_page(browser)
    yield pg
    pg.close()


# Resolves once the chart's box and axis ranges have held still for three looks 150 ms apart
# (a scrollbar or a panel appearing below resizes the plane and moves every data point's pixel).
STILL = """async (sel) => { const gd = document.querySelector(sel || ".st-key-playground_chart .js-plotly-plot");
  const look = () => JSON.stringify([gd.getBoundingClientRect(), gd._fullLayout.xaxis.range, gd._fullLayout.yaxis.range]);
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
            raise AssertionError(f"slider {key} stayed at {before} after {arrow}: the key press was not received") from err
    settle(page)


def assert_no_errors(page, where):
    assert page.locator("[data-testid='stException']").count() == 0, f"exception on {where}"
    assert page.locator("[data-testid='stAlertContentError']").count() == 0, f"error alert on {where}"


def test_every_page_loads(page, server):
    goto(page, server)
    assert_no_errors(page, "the landing page")
    links = page.locator("[data-testid='stSidebarNavLink']")
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    assert len(hrefs) >= 2
    for href in hrefs:
        goto(page, href if href.startswith("http") else server + href)
        assert_no_errors(page, href)


MENU = [("Home", ""), ("Playground", "Playground"), ("SVM and kernels", "SVM_and_kernels"),
        ("Decision tree", "Decision_tree"), ("ID3 on a table", "ID3_on_a_table"), ("Ensembles", "Ensembles")]
HEADINGS = {"Home": "Classifier Playground", "SVM and kernels": "SVM and kernels"}


def test_menu_labels_from_a_fresh_server_and_every_menu_click(browser):
    """The menu reads Home + the five pages even when a page, not the root, is a new server's
    first request (a pages/ folder makes Streamlit start without the router), and a click on
    each entry renders that page."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    with serve() as url:
        page = new_page(browser)
        try:
            goto(page, f"{url}/Decision_tree")
            page.wait_for_selector("[data-testid='stSidebarNavLink']", timeout=60_000)
            settle(page)  # the menu appears after the router's own rerun: let that run end too
            links = page.locator("[data-testid='stSidebarNavLink']")
            got = [(links.nth(i).inner_text().strip(), (links.nth(i).get_attribute("href") or "").split(url)[-1])
                   for i in range(links.count())]
            # The old entries keep their place; pages added since follow them (the count is not fixed).
            assert got[:len(MENU)] == [(label, f"/{path}") for label, path in MENU]
            assert page.title() == "Decision tree · Classifier Playground"
            for label, path in [*MENU[1:], MENU[0]]:
                runs = finished_runs(page)
                page.locator("[data-testid='stSidebarNavLink']", has_text=re.compile(f"^{label}$")).click()
                page.wait_for_url(f"{url}/{path}", timeout=30_000)
                shown = ("() => document.querySelector('.st-key-playground_chart .js-plotly-plot')" if label == "Playground"
                         else f"() => document.querySelector('h1')?.innerText === {HEADINGS.get(label, label)!r}")
                wait_for_run_after(page, runs, f"a click on {label} in the menu", until=shown)
                assert_no_errors(page, label)
                if label == "Playground":  # no title: the chart is the page
                    page.wait_for_selector(CHART, timeout=60_000)
                else:
                    heading = HEADINGS.get(label, label)
                    try:
                        page.wait_for_function("(h) => document.querySelector('h1')?.innerText === h",
                                               arg=heading, timeout=30_000)
                    except PlaywrightTimeout as err:
                        shown = page.evaluate("() => document.querySelector('h1')?.innerText ?? null")
                        raise AssertionError(f"menu entry {label} shows the heading {shown!r}, not {heading!r}") from err
                page.screenshot(path=str(SHOTS / f"menu_{path or 'home'}.png"))
        finally:
            page.close()


def test_slider_redraws_the_chart(page, server):
    open_playground(page, server)
    before = page.evaluate(Z_PRINT)
    step_slider(page, "p_knn_k", 6)
    page.wait_for_url(re.compile(r"[?&]k=11(&|$)"), timeout=30_000)
    settle(page)
    page.wait_for_function(f"({Z_PRINT})() !== null", timeout=30_000)
    assert page.evaluate(Z_PRINT) != before
    assert_no_errors(page, "the playground after moving k")


def test_two_and_five_classes(page, server):
    SHOTS.mkdir(parents=True, exist_ok=True)
    open_playground(page, server, "?data=moons")
    assert len(page.evaluate(CLASS_TRACES)) == 2
    page.screenshot(path=str(SHOTS / "playground_2_classes.png"))
    open_playground(page, server, "?classes=5")
    counts = page.evaluate(CLASS_TRACES)
    assert len(counts) == 5 and all(c > 0 for c in counts)
    page.screenshot(path=str(SHOTS / "playground_5_classes.png"))
    assert_no_errors(page, "the playground with 5 classes")


def _click_at(page, x, y):
    assert page.evaluate(STILL), "the chart kept moving for 15 s"
    click_data(page, CHART, x, y)


def test_clicking_the_plot_adds_a_point_and_undo_removes_it(page, server):
    open_playground(page, server)
    before = page.evaluate(CLASS_TRACES)
    first_added = f"() => ({CLASS_TRACES})()[0] === {before[0] + 1}"
    second_added = f"() => ({CLASS_TRACES})()[1] === {before[1] + 1}"
    runs = finished_runs(page)
    _click_at(page, 1.0, -2.0)
    page.wait_for_function("() => location.search.includes('pts=')", timeout=30_000)
    wait_for_run_after(page, runs, "a click on the plot", until=first_added)
    page.wait_for_function(first_added, timeout=30_000)
    assert "pts=1%2C-2%2C0" in link_of(page, "pts=1%2C-2%2C0")  # exactly the clicked data coordinate, class 0
    # a second point of class 1, chosen in the sidebar
    runs = finished_runs(page)
    page.locator(".st-key-draw_class button", has_text="1 orange").click()
    wait_for_run_after(page, runs, "choosing class 1",
                       until="() => document.querySelector(\".st-key-draw_class [aria-checked='true']\")"
                             "?.innerText.includes('1')")
    runs = finished_runs(page)
    _click_at(page, -2.0, 2.0)
    wait_for_run_after(page, runs, "a second click on the plot", until=second_added)
    page.wait_for_function(second_added, timeout=30_000)
    runs = finished_runs(page)
    page.locator(".st-key-draw_undo").get_by_role("button", name="Undo").click()
    undone = f"() => ({CLASS_TRACES})()[1] === {before[1]}"
    wait_for_run_after(page, runs, "Undo", until=undone)
    page.wait_for_function(undone, timeout=30_000)
    assert page.evaluate(CLASS_TRACES)[0] == before[0] + 1
    assert_no_errors(page, "the playground after drawing")
