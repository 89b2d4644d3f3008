"""Time ``Plotly.react`` on a live chart's slider step, in headless Chromium at 1280 x 720.

What the browser spends drawing the decision regions: every ``Plotly.react`` call is wrapped in
the page (an init script catches ``window.Plotly`` when the live chart loads it,
``ui/live/live_chart.js``) and timed from the call until its promise resolves, per chart. Each
case opens a page, presses an arrow key on one slider ``--steps`` times (each press once the page
has settled) and keeps the react times of the main chart; a step that draws no new figure (a
press past the slider's end) is not counted.

Two checkouts run side by side, each on its own server and in its own page, stepped in turn
(alternating which goes first): on a shared machine both see the same moments of its load, and
the ratio within one run is what to quote.

    python -m benchmarks.bench_regions_draw --before /tmp/base --after .    # before vs after
    python -m benchmarks.bench_regions_draw --after . --steps 12           # one checkout

Cases: the Playground with kNN (k), SVM (RBF kernel, C) and a decision tree
(min_samples_split) on moons with n = 500, and the SVM and kernels page (C). Prints a markdown
table: median, min and max ms per case and checkout, the number of steps, the median ms the live
chart spent decoding its message before the call (inflating, parsing, and since the regions
image, colouring and encoding it: ``timing.decode`` in ui/live/live_chart.js), and the ratio
after / before of the react medians.
"""

from __future__ import annotations

import argparse
import datetime
import os
import pathlib
import platform
import statistics
import sys

from benchmarks.bench_browser import ARGS, CHROMIUM, Server, settle, turn

ROOT = pathlib.Path(__file__).resolve().parents[1]
VIEWPORT = {"width": 1280, "height": 720}

# Wraps Plotly.react the moment the live chart's plotly.js module assigns window.Plotly: each
# call's ms go to window.__reactMs[key] for the key of every keyed container round the chart.
WRAP_REACT = """
(() => {
  let held;
  window.__reactMs = {};
  Object.defineProperty(window, "Plotly", {
    configurable: true,
    get() { return held; },
    set(value) {
      held = value;
      if (!value || !value.react || value.react.__timed) return;
      const react = value.react;
      const timed = async function (gd, ...rest) {
        const t0 = performance.now();
        try { return await react.call(this, gd, ...rest); } finally {
          const ms = performance.now() - t0;
          for (let box = gd; box; box = box.parentElement)   // every keyed container round the chart
            for (const c of box.classList || [])
              if (c.startsWith("st-key-")) (window.__reactMs[c.slice(7)] = window.__reactMs[c.slice(7)] || []).push(ms);
        }
      };
      timed.__timed = true;
      value.react = timed;
    },
  });
})();
"""

# (name, page path and query, slider widget key, chart key)
CASES = [
    ("Playground, kNN (k)", "Playground?data=moons&n=500&model=knn", "p_knn_k", "playground_chart"),
    ("Playground, SVM RBF (C)", "Playground?data=moons&n=500&model=svm&kernel=rbf&C=0.01", "p_svm_C",
     "playground_chart"),
    ("Playground, tree (min_samples_split)", "Playground?data=moons&n=500&model=tree",
     "p_tree_min_samples_split", "playground_chart"),
    ("SVM and kernels (C)", "SVM_and_kernels?data=moons&n=500&kernel=rbf&C=0.01", "p_svm_C", "svm_margin"),
]


def react_count(page, chart: str) -> int:
    return page.evaluate("(k) => (window.__reactMs[k] || []).length", chart)


class Stepper:
    """One page at ``url``, stepping ``slider`` and keeping the Plotly.react ms of ``chart``."""

    def __init__(self, page, url: str, slider: str, chart: str):
        self.page, self.chart, self.ms, self.decode, self.key = page, chart, [], [], "ArrowRight"
        page.goto(url)
        settle(page)
        page.wait_for_selector(f".st-key-{chart} .js-plotly-plot", timeout=120_000)
        settle(page)
        page.wait_for_timeout(500)
        self.thumb = page.locator(f".st-key-{slider} input[type='range']")

    def step(self) -> bool:
        """One arrow key (turning round at either end); False if no new figure was drawn."""
        page, thumb = self.page, self.thumb
        self.key = turn(thumb, self.key)
        before = react_count(page, self.chart)
        thumb.focus()
        thumb.press(self.key)
        try:
            page.wait_for_function("([k, n]) => (window.__reactMs[k] || []).length > n", arg=[self.chart, before],
                                   timeout=15_000)
        except Exception:  # noqa: BLE001 (a step that drew nothing new is not counted)
            settle(page)
            return False
        settle(page)
        page.wait_for_timeout(150)   # a later react of the same step lands before the next press
        self.ms.extend(page.evaluate("([k, n]) => window.__reactMs[k].slice(n)", [self.chart, before]))
        # the live chart's own decoding before Plotly.react (inflate, JSON, and the regions image)
        decode = page.evaluate("(k) => window.__cpLive && window.__cpLive[k] && window.__cpLive[k].timing", self.chart)
        if decode:
            self.decode.append(decode["decode"])
        return True


def measure(pages: dict, steps: int) -> dict[str, list[float]]:
    """Step every page in turn, ``steps`` times each, alternating which goes first: both
    checkouts see the same moments of a shared machine's load."""
    misses = 0
    for i in range(steps + 8):
        if min(len(s.ms) for s in pages.values()) >= steps or misses > 8:
            break
        for name in (list(pages)[::-1] if i % 2 else list(pages)):
            if len(pages[name].ms) < steps and not pages[name].step():
                misses += 1
    return {name: s.ms for name, s in pages.items()} | {f"{name} decode": s.decode for name, s in pages.items()}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", type=pathlib.Path, help="the checkout to compare against")
    ap.add_argument("--after", type=pathlib.Path, default=ROOT, help="the checkout measured (default: this one)")
    ap.add_argument("--steps", type=int, default=12, help="slider steps per case (at least 10 for a median)")
    args = ap.parse_args(argv)
    if not os.path.exists(CHROMIUM):
        sys.exit(f"{CHROMIUM} is missing")
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    roots = {"after": args.after.resolve()} | ({"before": args.before.resolve()} if args.before else {})
    servers = {name: Server("app.py", root) for name, root in roots.items()}
    results: dict[str, dict[str, list[float]]] = {name: {} for name, *_ in CASES}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                for name, path, slider, chart in CASES:
                    pages = {}
                    try:
                        for which, server in servers.items():
                            page = browser.new_page(viewport=VIEWPORT)
                            page.add_init_script(WRAP_REACT)
                            pages[which] = Stepper(page, f"{server.url}/{path}", slider, chart)
                        results[name] = measure(pages, args.steps)
                    finally:
                        for stepper in pages.values():
                            stepper.page.close()
                    print(name, {w: f"{statistics.median(v):.1f}" for w, v in results[name].items() if v},
                          file=sys.stderr, flush=True)
            finally:
                browser.close()
    finally:
        for server in servers.values():
            server.stop()

    load = os.getloadavg()
    print(f"\nPlotly.react per slider step (headless Chromium, 1280x720), {datetime.datetime.now():%Y-%m-%d %H:%M}, "
          f"{platform.node()} ({os.cpu_count()} CPUs, load {load[0]:.1f})")
    for which, root in roots.items():
        print(f"{which}: {root}")
    names = [w for w in ("before", "after") if w in roots]
    head = "| case | " + " | ".join(f"{w} median ms | {w} min–max | {w} steps | {w} decode ms" for w in names)
    print("\n" + head + (" | after / before |" if len(names) == 2 else " |"))
    print("|---|" + "---:|---|---:|---:|" * len(names) + ("---:|" if len(names) == 2 else ""))
    for name, *_ in CASES:
        cells = []
        for w in names:
            ms, decode = results[name][w], results[name][f"{w} decode"]
            cells.append(f"{statistics.median(ms):.1f} | {min(ms):.1f}–{max(ms):.1f} | {len(ms)} | "
                         + (f"{statistics.median(decode):.1f}" if decode else "–"))
        ratio = ""
        if len(names) == 2:
            ratio = f" {statistics.median(results[name]['after']) / statistics.median(results[name]['before']):.2f} |"
        print(f"| {name} | " + " | ".join(cells) + " |" + ratio)


if __name__ == "__main__":
    main()
