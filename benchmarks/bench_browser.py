"""Slider step -> redrawn chart, in headless Chromium, for every registered model.

Starts ``streamlit run app.py`` (and a bare one-heatmap page as the floor), opens the
Playground at n = 500 for each model of ``catalog.MODELS``, presses an
arrow key on a slider that refits the model, and times from the key press to the
moment the regions heatmap in the browser holds new values. A slider with fewer
steps above its default than the run needs starts at its low end (through the
URL), so every step fits a new value; at either end the steps turn round. Prints a
markdown table (median, min, max over the steps) with the date and the machine.

    python -m benchmarks.bench_browser                 # every model, 10 steps each
    python -m benchmarks.bench_browser knn logistic    # some models
    python -m benchmarks.bench_browser --steps 6 --root /tmp/old   # another checkout
    python -m benchmarks.bench_browser --detail knn    # also websocket bytes and run end
    python -m benchmarks.bench_browser --live          # the plane by st.plotly_chart vs live chart
    python -m benchmarks.bench_browser --open          # every page: navigation -> main chart drawn
    python -m benchmarks.bench_browser --open --against /tmp/old   # and the checkout before, same run

With ``--live`` two servers run the same checkout, one with the Playground's plane drawn by
``st.plotly_chart`` (``CP_LIVE_CHART=0``) and one by the live chart (``ui/live/live_chart.py``,
Plotly.react in place); each model is measured on both, alternating which goes first, and the
table gives the median ms and the websocket kB per rerun of each, and the time from opening the
page to its settled chart (open ms; the browser's HTTP cache is shared by the pages of one run).
Its first row (unless ``--no-floor``) is the plane alone on a bare page (kNN on moons, a noise
slider), drawn both ways: the floor of each, without the Playground's other elements.

With ``--open`` the same server (``--root``'s checkout) is opened once, then each page of the
menu is reached from the one before it by its link in the sidebar, as a student moves on: the
time from the click to the page's main chart (``MAIN_CHART`` of ``tests/support/browser.py``)
drawn (its plotly SVG in the page), and to the page's run finished (no skeleton left). A
warm-up round, then ``--rounds`` rounds at 1280x720; the table gives the median of each.

The machine may be shared: compare versions in alternating runs, not one after another.
"""

from __future__ import annotations

import argparse
import datetime
import os
import pathlib
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
import urllib.request
from urllib.parse import urlencode

ROOT = pathlib.Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
CHART = ".st-key-playground_chart .js-plotly-plot"
FALLBACK = "ds_noise"   # a dataset slider: every model refits when the data changes

# A fingerprint of the regions: a few z values spread over the heatmap's grid and, where the live
# chart draws them as one image (its heatmap then the coarser hover layer), a hash of the image.
Z_PRINT = """() => {
  const gd = document.querySelector(".st-key-playground_chart .js-plotly-plot");
  const t = gd && gd._fullData && gd._fullData.find(d => d.type === "heatmap");
  if (!t) return null;
  const z = t.z, out = [];
  const dj = Math.max(1, Math.floor(z.length / 16)), di = Math.max(1, Math.floor(z[0].length / 12));
  for (let j = 0; j < z.length; j += dj) for (let i = 0; i < z[j].length; i += di) out.push(z[j][i]);
  const image = (gd._fullLayout.images || []).find(im => im.name === "regions");
  if (image) {
    let hash = 2166136261;
    for (let c = 0; c < image.source.length; c++) hash = Math.imul(hash ^ image.source.charCodeAt(c), 16777619);
    out.push(`image ${image.source.length} ${(hash >>> 0).toString(16)}`);
  }
  return out.join(",");
}"""

# Marks when the script starts and stops running, as the browser sees it.
RUN_WATCH = """() => {
  if (window.__runWatch) return;
  window.__runWatch = true;
  const app = document.querySelector("[data-testid='stApp']");
  new MutationObserver(() => {
    const s = app.getAttribute("data-test-script-state");
    if (s === "running" && window.__runStart === null) window.__runStart = performance.now();
    if (s === "notRunning" && window.__runStart !== null && window.__runEnd === null)
      window.__runEnd = performance.now();
  }).observe(app, { attributes: true, attributeFilter: ["data-test-script-state"] });
}"""

# A page that only redraws a 200x200 random heatmap: what any chart update costs here.
BARE_APP = textwrap.dedent("""\
    import numpy as np
    import plotly.graph_objects as go
    import streamlit as st

    seed = st.slider("seed", 0, 100, 0, key="seed")
    z = np.random.default_rng(seed).random((200, 200)).astype(np.float32)
    with st.container(key="playground_chart"):
        st.plotly_chart(go.Figure(go.Heatmap(z=z), layout=dict(height=640)), width="stretch",
                        config={"displayModeBar": False})
    """)

# The Playground's plane alone: kNN on 500 moons, its 200x200 regions, one slider (the data's
# noise, so every step fits and draws anew). With --live it runs on both servers: the floor of
# each way of drawing the plane, without the page's other elements.
BARE_PLANE_APP = textwrap.dedent("""\
    import sys
    sys.path.insert(0, {root!r})
    import streamlit as st
    from mlcore.datasets import make_dataset
    from mlcore.neighbors import KNeighborsClassifier
    from ui.core.charts import config
    from ui.live.live_chart import shared_chart
    from viz import decision_figure
    from viz.grid import evaluate_grid, make_bounds

    noise = st.slider("noise", 0.0, 0.5, 0.1, 0.01, key="noise")


    def plane(noise):
        X, y = make_dataset("moons", n={n}, noise=noise, seed=0)
        model = KNeighborsClassifier(n_neighbors=15).fit(X, y)
        grid = evaluate_grid(model, make_bounds(X), 200)
        fig = decision_figure(model, X, y, grid=grid, height=530)
        fig.layout.height = None
        return fig, grid, None


    with st.container(key="playground_chart", height=530):
        shared_chart("playground_chart", config("playground"), plane, noise)
    """)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``streamlit run <script>`` in ``cwd`` on a free port, until ``stop``."""

    def __init__(self, script: str, cwd: pathlib.Path, env: dict | None = None):
        self.port = free_port()
        self.url = f"http://localhost:{self.port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", script, "--server.headless", "true",
             "--server.port", str(self.port), "--browser.gatherUsageStats", "false"],
            cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=os.environ | (env or {}))
        deadline = time.time() + 90
        while True:
            try:
                if urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=2).read().decode() == "ok":
                    return
            except OSError:
                pass
            if time.time() > deadline or self.proc.poll() is not None:
                self.stop()
                raise RuntimeError(f"streamlit did not come up for {cwd / script}")
            time.sleep(0.3)

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def settle(page, timeout=120_000):
    page.wait_for_selector("[data-testid='stApp'][data-test-script-state='notRunning']", timeout=timeout)
    page.wait_for_function("!document.querySelector(\"[data-testid='stSkeleton']\")", timeout=timeout)


def open_chart(page, url):
    page.goto(url)
    settle(page)
    page.wait_for_selector(CHART, timeout=120_000)
    page.wait_for_function(f"({Z_PRINT})() !== null", timeout=120_000)
    settle(page)
    page.wait_for_timeout(300)
    settle(page)


class Frames:
    """Bytes the browser receives over Streamlit's websocket."""

    def __init__(self, page):
        self.bytes = 0
        self.count = 0
        page.on("websocket", lambda ws: ws.on("framereceived", self._add))

    def _add(self, payload):
        self.count += 1
        self.bytes += len(payload)


def turn(thumb, key: str) -> str:
    """The arrow key for the next step: the same way, or the other way at the slider's end."""
    value, low, high = thumb.evaluate("e => [Number(e.value), Number(e.min), Number(e.max)]")
    if (key == "ArrowRight" and value >= high) or (key == "ArrowLeft" and value <= low):
        return "ArrowLeft" if key == "ArrowRight" else "ArrowRight"
    return key


def press_and_time(page, thumb, frames=None, key="ArrowRight", shown=Z_PRINT) -> dict | None:
    """One key press; None if what ``shown`` prints (by default the heatmap) did not change (the
    step made no difference, or started no run at all: a key that moves the slider past its end
    does nothing). ``frames``: a Frames counting the websocket's bytes, or None."""
    before = page.evaluate(shown)
    page.evaluate(RUN_WATCH)
    # The page itself looks at the chart on every animation frame (Playwright's own polling can
    # lag the frames by tens of ms while the page is busy): __t1 is the first frame that shows
    # the change.
    page.evaluate(f"""(before) => {{ window.__t0 = performance.now(); window.__t1 = null;
        window.__runStart = null; window.__runEnd = null;
        const look = () => {{ const now = ({shown})();
          if (now !== null && now !== before) {{ window.__t1 = performance.now(); return; }}
          if (performance.now() - window.__t0 < 60000) requestAnimationFrame(look); }};
        requestAnimationFrame(look); }}""", before)
    b0 = frames.bytes if frames else 0
    thumb.press(key)
    try:
        page.wait_for_function(
            """() => window.__t1 !== null ||
                     (window.__runEnd !== null && performance.now() - window.__runEnd > 3000) ||
                     (window.__runStart === null && performance.now() - window.__t0 > 5000)""",
            timeout=60_000)
    finally:
        settle(page)
    t = page.evaluate("() => [window.__t0, window.__t1, window.__runStart, window.__runEnd]")
    if t[1] is None:
        return None
    return {"ms": t[1] - t[0], "run_end": None if t[3] is None else t[3] - t[0],
            "kB": (frames.bytes - b0) / 1000 if frames else None}


def measure(page, url, sliders, steps, frames) -> dict:
    """Open ``url`` and step the first slider that changes the heatmap, ``steps`` times.
    ``open_ms``: from the request for the page to its settled chart."""
    start = time.perf_counter()
    open_chart(page, url)
    open_ms = 1000 * (time.perf_counter() - start)
    for slider in sliders:
        thumb = page.locator(f".st-key-{slider} input[type='range']")
        if thumb.count() == 0:
            continue
        thumb.focus()
        got, misses, key = [], 0, "ArrowRight"
        while len(got) < steps and misses < 3:
            key = turn(thumb, key)
            r = press_and_time(page, thumb, frames, key)
            if r is None:
                misses += 1
            else:
                got.append(r)
        if len(got) >= max(3, steps // 2):
            return {"slider": slider, "runs": got, "open_ms": open_ms}
    raise RuntimeError(f"no slider of {sliders} changed the chart at {url}")


def slider_for(spec) -> list[str]:
    """Widget keys to try: the first relevant int/float hyperparameter, then the data noise."""
    from ui.core.params import widget_key  # noqa: PLC0415 (needs ROOT on sys.path)

    defaults = {p.name: p.default for p in spec.params}
    keys = [widget_key(spec, p) for p in spec.params
            if p.kind in ("int", "float") and p.relevant(defaults)]
    return keys[:1] + [FALLBACK]


def low_start(spec, steps: int) -> dict[str, str]:
    """URL items that start the model's first slider at its low end, if it has fewer than
    ``steps`` steps above its default (a log slider has only a few values per decade:
    lambda 0.01 -> 1 and gamma 1 -> 100 are 6 steps); otherwise none."""
    from ui.core.params import url_name, widget_key  # noqa: PLC0415 (needs ROOT on sys.path)
    from ui.core.settings import log_grid, snap, url_value  # noqa: PLC0415

    first = slider_for(spec)[0]
    p = next((p for p in spec.params if widget_key(spec, p) == first), None)
    if p is None:
        return {}
    if p.log:
        grid = [g for g in log_grid(p) if g != float("inf")]
        room, low = len(grid) - 1 - grid.index(snap(p, p.default)), grid[0]
    else:
        step = p.step or (1 if p.kind == "int" else (p.high - p.low) / 100)
        room, low = (p.high - p.default) / step, p.low
    if room >= steps:
        return {}
    return {url_name(spec, p): url_value(low)}


def row(name, res, detail) -> str:
    ms = [r["ms"] for r in res["runs"]]
    line = (f"| {name} | `{res['slider']}` | {statistics.median(ms):.0f} | {min(ms):.0f} | "
            f"{max(ms):.0f} | {len(ms)} |")
    if detail:
        ends = [r["run_end"] for r in res["runs"] if r["run_end"] is not None]
        kb = [r["kB"] for r in res["runs"]]
        line += (f" {statistics.median(ends):.0f} |" if ends else " – |") + f" {statistics.median(kb):.0f} |"
    return line


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("models", nargs="*", help="model keys (default: every registered model)")
    ap.add_argument("--steps", type=int, default=10, help="slider steps per model")
    ap.add_argument("--n", type=int, default=500, help="dataset size")
    ap.add_argument("--root", type=pathlib.Path, default=ROOT, help="checkout whose app.py to run")
    ap.add_argument("--no-floor", action="store_true", help="skip the bare-page floor")
    ap.add_argument("--live", action="store_true",
                    help="compare st.plotly_chart and the live chart (ms and kB per rerun), same run")
    ap.add_argument("--open", action="store_true",
                    help="every page: navigation from the page before it -> main chart drawn, and -> run finished")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of --open after its warm-up round")
    ap.add_argument("--against", type=pathlib.Path,
                    help="with --open: another checkout (the version before), measured in the same run")
    ap.add_argument("--detail", action="store_true",
                    help="add the time the browser sees the run end and the websocket kB per step")
    args = ap.parse_args(argv)

    sys.path.insert(0, str(args.root))
    if args.open:   # its positional arguments, if any, are pages' paths (SVM_and_kernels)
        return open_main(args) if os.path.exists(CHROMIUM) else sys.exit(f"{CHROMIUM} is missing")
    from catalog.models import MODELS  # noqa: PLC0415

    keys = args.models or list(MODELS)
    unknown = [k for k in keys if k not in MODELS]
    if unknown:
        ap.error(f"unknown models {unknown}; choose from {', '.join(MODELS)}")
    if not os.path.exists(CHROMIUM):
        sys.exit(f"{CHROMIUM} is missing")

    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    if args.live:
        return live_main(args, keys, MODELS)
    lines = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            if not args.no_floor:
                with tempfile.TemporaryDirectory() as tmp:
                    pathlib.Path(tmp, "bare.py").write_text(BARE_APP)
                    server = Server("bare.py", pathlib.Path(tmp))
                    try:
                        page = browser.new_page(viewport={"width": 1400, "height": 900})
                        res = measure(page, server.url, ["seed"], args.steps, Frames(page))
                        lines.append(row("bare 200x200 heatmap (floor)", res, args.detail))
                        page.close()
                    finally:
                        server.stop()
            server = Server("app.py", args.root)
            try:
                for key in keys:
                    page = browser.new_page(viewport={"width": 1400, "height": 900})
                    try:
                        start = low_start(MODELS[key], args.steps)
                        query = urlencode({"data": "moons", "n": args.n, "model": key} | start)
                        res = measure(page, f"{server.url}/Playground?{query}", slider_for(MODELS[key]),
                                      args.steps, Frames(page))
                        name = key + (" (from " + ", ".join(f"{k}={v}" for k, v in start.items()) + ")"
                                      if start and res["slider"] != FALLBACK else "")
                        lines.append(row(name, res, args.detail))
                    except Exception as err:  # noqa: BLE001 (one model's failure is a row, not the end)
                        lines.append(f"| {key} | – | failed: {type(err).__name__}: {str(err).splitlines()[0][:80]} |")
                    finally:
                        page.close()
                    print(lines[-1], file=sys.stderr, flush=True)
            finally:
                server.stop()
        finally:
            browser.close()

    load = os.getloadavg()
    print(f"\nSlider step -> redrawn chart (headless Chromium), n = {args.n}, "
          f"{datetime.datetime.now():%Y-%m-%d %H:%M}, {platform.node()} "
          f"({os.cpu_count()} CPUs, load {load[0]:.1f}), {args.root}\n")
    head = "| model | slider | median ms | min ms | max ms | steps |"
    sep = "|---|---|---:|---:|---:|---:|"
    if args.detail:
        head += " run end seen, ms | ws kB/step |"
        sep += "---:|---:|"
    print(head)
    print(sep)
    print("\n".join(lines))


def model_url(base: str, key: str, spec, args) -> str:
    start = low_start(spec, args.steps)
    return f"{base}/Playground?" + urlencode({"data": "moons", "n": args.n, "model": key} | start)


BARE = "bare plane: kNN, `noise` (floor)"


def live_main(args, keys, models) -> None:
    """Each model on both servers (plane by st.plotly_chart, plane by the live chart), alternating."""
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    lines = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        tmp = tempfile.TemporaryDirectory()
        pathlib.Path(tmp.name, "bare.py").write_text(BARE_PLANE_APP.format(root=str(args.root), n=args.n))
        servers = {"before": Server("app.py", args.root, {"CP_LIVE_CHART": "0"}),
                   "after": Server("app.py", args.root, {"CP_LIVE_CHART": "1"})}
        if not args.no_floor:
            servers |= {"bare before": Server("bare.py", pathlib.Path(tmp.name), {"CP_LIVE_CHART": "0"}),
                        "bare after": Server("bare.py", pathlib.Path(tmp.name), {"CP_LIVE_CHART": "1"})}
            keys = [BARE, *keys]
        try:
            for i, key in enumerate(keys):
                got = {}
                for which in (("before", "after") if i % 2 == 0 else ("after", "before")):
                    page = browser.new_page(viewport={"width": 1400, "height": 900})
                    try:
                        if key == BARE:
                            server = servers[f"bare {which}"]
                            got[which] = measure(page, server.url, ["noise"], args.steps, Frames(page))
                            continue
                        got[which] = measure(page, model_url(servers[which].url, key, models[key], args),
                                             slider_for(models[key]), args.steps, Frames(page))
                    except Exception as err:  # noqa: BLE001 (one model's failure is a row, not the end)
                        got[which] = f"{type(err).__name__}: {str(err).splitlines()[0][:60]}"
                    finally:
                        page.close()
                cells = []
                for which in ("before", "after"):
                    res = got[which]
                    if isinstance(res, str):
                        cells.append(f"failed: {res} | – | – | –")
                        continue
                    ms = [r["ms"] for r in res["runs"]]
                    kb = [r["kB"] for r in res["runs"]]
                    cells.append(f"{statistics.median(ms):.0f} | {max(ms):.0f} | {statistics.median(kb):.1f} | "
                                 f"{res['open_ms']:.0f}")
                lines.append(f"| {key} | " + " | ".join(cells) + " |")
                print(lines[-1], file=sys.stderr, flush=True)
        finally:
            for server in servers.values():
                server.stop()
            browser.close()
            tmp.cleanup()
    load = os.getloadavg()
    print(f"\nSlider step -> redrawn chart (headless Chromium), n = {args.n}, st.plotly_chart (before) vs "
          f"live chart (after), {datetime.datetime.now():%Y-%m-%d %H:%M}, {platform.node()} "
          f"({os.cpu_count()} CPUs, load {load[0]:.1f}), {args.root}\n")
    print("| model | before median ms | before max ms | before kB/rerun | before open ms | after median ms "
          "| after max ms | after kB/rerun | after open ms |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    print("\n".join(lines))


# Clicks the menu's link to a page and resolves with the times (ms after the click) at which the
# page's main chart was first drawn and at which its run had finished with no skeleton left.
NAVIGATE = """async ([path, key]) => {
  const link = [...document.querySelectorAll("[data-testid='stSidebarNavLink']")]
    .find(a => new URL(a.href).pathname.replace(/^\\//, "") === path);
  if (!link) return {error: "no menu link to " + path};
  const app = document.querySelector("[data-testid='stApp']");
  const drawn = () => document.querySelector(".st-key-" + key + " .js-plotly-plot .main-svg");
  const done = () => app.getAttribute("data-test-script-state") === "notRunning"
    && !document.querySelector("[data-testid='stSkeleton']") && location.pathname.endsWith("/" + path);
  let chart = null, started = false;
  // a short run can start and end between two frames: an observer sees it start
  const watch = new MutationObserver(() => {
    started = started || app.getAttribute("data-test-script-state") === "running"; });
  watch.observe(app, {attributes: true, attributeFilter: ["data-test-script-state"]});
  const t0 = performance.now();
  link.click();
  return await new Promise(resolve => {
    const look = () => {
      const now = performance.now() - t0;
      if (chart === null && drawn() && location.pathname.endsWith("/" + path)) chart = now;
      if (chart !== null && started && done()) { watch.disconnect(); return resolve({chart, finished: now}); }
      // a run that is never seen to end (a timer of the page's own) still has its chart time
      if (chart !== null && now > chart + 30000) { watch.disconnect(); return resolve({chart, finished: null}); }
      if (now > 120000) { watch.disconnect(); return resolve({error: "timeout", chart}); }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}"""


def open_main(args) -> None:
    """Every page reached from the one before it in the menu: click -> main chart, -> run finished.
    With ``--against`` a second server runs that checkout, in its own browser page, and each page
    is opened on both in turn (which goes first alternates), so both see the same load."""
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    from tests.support.browser import MAIN_CHART  # noqa: PLC0415 (needs ROOT on sys.path)

    paths = [path for path in MAIN_CHART if not args.models or path in args.models]
    roots = {"after": args.root} | ({"before": args.against} if args.against else {})
    times = {which: {path: [] for path in paths} for which in roots}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        servers, pages = {}, {}
        try:
            for which, root in roots.items():
                servers[which] = Server("app.py", root)
                pages[which] = browser.new_page(viewport={"width": 1280, "height": 720})
                pages[which].goto(servers[which].url)
                settle(pages[which])
            for round_ in range(args.rounds + 1):   # the first round warms the server's caches up
                for i, path in enumerate(paths):
                    for which in (list(roots) if (round_ + i) % 2 else list(roots)[::-1]):
                        got = pages[which].evaluate(NAVIGATE, [path, MAIN_CHART[path]])
                        settle(pages[which])
                        if "error" in got:
                            print(f"{which} {path}: {got}", file=sys.stderr, flush=True)
                        elif round_:
                            times[which][path].append(got)
                print(f"round {round_} done", file=sys.stderr, flush=True)
        finally:
            for server in servers.values():
                server.stop()
            browser.close()
    load = os.getloadavg()
    print(f"\nNavigation -> main chart drawn (headless Chromium, 1280x720, warm server, median of "
          f"{args.rounds} rounds after a warm-up), {datetime.datetime.now():%Y-%m-%d %H:%M}, {platform.node()} "
          f"({os.cpu_count()} CPUs, load {load[0]:.1f}), " + ", ".join(f"{w}: {r}" for w, r in roots.items()) + "\n")
    whiches = list(roots)[::-1]
    print("| page | main chart | " + " | ".join(f"{w}: chart drawn, s | {w}: run finished, s" for w in whiches)
          + " | rounds |")
    print("|---|---|" + "---:|---:|" * len(whiches) + "---:|")
    charts = {which: [] for which in whiches}
    for path in paths:
        cells = []
        for which in whiches:
            got = times[which][path]
            if not got:
                cells.append("failed | –")
                continue
            chart = statistics.median(g["chart"] for g in got) / 1000
            charts[which].append(chart)
            finished = [g["finished"] for g in got if g["finished"] is not None]
            cells.append(f"{chart:.2f} | " + (f"{statistics.median(finished) / 1000:.2f}" if finished else "–"))
        rounds = min(len(times[which][path]) for which in whiches)
        print(f"| {path.replace('_', ' ')} | `{MAIN_CHART[path]}` | " + " | ".join(cells) + f" | {rounds} |")
    for which in whiches:
        if charts[which]:
            print(f"\n{which}: chart drawn {min(charts[which]):.2f}-{max(charts[which]):.2f} s, median over pages "
                  f"{statistics.median(charts[which]):.2f} s")


if __name__ == "__main__":
    main()
