"""One slider step -> the chart changed, on the Playground, for every model's own slider:
two checkouts side by side (before and after a change), in headless Chromium at 1280x720.

    python -m benchmarks.bench_step --before /tmp/old                    # every model, 3 rounds
    python -m benchmarks.bench_step --before /tmp/old --rounds 5 knn svm  # some models
    python -m benchmarks.bench_step --before /tmp/old --pages svm tree    # a model slider on pages

Each checkout runs its own ``streamlit run app.py``. For each round and model, both are measured
one after the other (which goes first alternates by round): the Playground opens on moons
(n = 500) with the model, and the model's first int or float slider (the one
``benchmarks.bench_browser`` steps; a short one starts at its low end) is pressed ``--steps``
times with the arrow key, each time after ``--look`` seconds of looking at the chart, as a
student does. A step is timed from the key press to the moment the plane in the browser
differs from before (its regions heatmap, or its image layer, or its traces). Each round uses
another dataset seed, so no round finds the positions of an earlier one in the server's cache;
within a round a step finds what the app computed ahead, if it does. Prints a markdown table:
per model and checkout, the median ms over every step of every round, and the median of the
rounds' medians.

The machine may be shared: read the ratio of the two columns, measured in the same run.
"""

from __future__ import annotations

import argparse
import datetime
import os
import pathlib
import platform
import statistics
import sys
from urllib.parse import urlencode

from benchmarks.bench_browser import (
    ARGS,
    CHART,
    CHROMIUM,
    ROOT,
    Server,
    low_start,
    press_and_time,
    settle,
    slider_for,
    turn,
)

VIEWPORT = {"width": 1280, "height": 720}
# What the plane shows, as a string: a sample of the regions (a heatmap's z or an image layer's
# source), the traces' lengths and first points, and the shapes' corners; null before the plane is drawn.
PRINT = """(sel) => {
  const gd = document.querySelector(sel || ".st-key-playground_chart .js-plotly-plot");
  if (!gd || !gd._fullData) return null;
  const out = [];
  for (const t of gd._fullData) {
    if (t.type === "heatmap" && t.z) {
      for (let j = 0; j < t.z.length; j += 13) for (let i = 0; i < t.z[j].length; i += 17) out.push(t.z[j][i]);
    } else {
      out.push(t.type, t._length, String(t.x && t.x[0]), String(t.y && t.y[0]));
    }
  }
  for (const im of (gd.layout.images || [])) { const s = String(im.source); out.push(s.length, s.slice(-400)); }
  // the tree's splits are shapes
  for (const s of (gd.layout.shapes || []).slice(0, 60)) out.push(s.x0, s.y0, s.x1, s.y1);
  return out.join(",");
}"""


# With --pages: a page's main chart, a model slider on it and the page's own link items (the page
# opens on moons, n = 500); the tree is shown whole, so that its growth settings change the plane.
PAGES = {"svm": ("SVM_and_kernels", "svm_margin", "p_svm_C", {}),
         "tree": ("Decision_tree", "tree_plane", "tree_min_leaf", {"depth": 64}),
         "validation": ("Validation_curve", "vc_boundary", "p_knn_k", {})}


def open_page(page, url, sel=CHART):
    page.goto(url)
    settle(page)
    page.wait_for_selector(sel, timeout=120_000)
    page.wait_for_function(f"({PRINT})({sel!r}) !== null", timeout=120_000)
    settle(page)


def step(page, thumb, key, sel=CHART) -> float | None:
    """One key press; ms until the plane changed, None if it did not within 5 s of the run's end."""
    timed = press_and_time(page, thumb, key=key, shown=f"() => ({PRINT})({sel!r})")
    return None if timed is None else timed["ms"]


def measure(browser, base, spec, seed, steps, look) -> list[float]:
    """``spec``: a ModelSpec (its Playground slider) or a key of PAGES."""
    if isinstance(spec, str):
        path, chart, slider, own = PAGES[spec]
        sel, query = f".st-key-{chart} .js-plotly-plot", urlencode({"data": "moons", "n": 500, "seed": seed} | own)
    else:
        path, sel, slider = "Playground", CHART, slider_for(spec)[0]
        query = urlencode({"data": "moons", "n": 500, "seed": seed, "model": spec.key} | low_start(spec, steps + 2))
    page = browser.new_page(viewport=VIEWPORT)
    try:
        open_page(page, f"{base}/{path}?{query}", sel)
        thumb = page.locator(f".st-key-{slider} input[type='range']")
        if thumb.count() == 0:
            raise RuntimeError(f"no slider {slider}")
        out, key, misses = [], "ArrowRight", 0
        while len(out) < steps and misses < 3:
            page.wait_for_timeout(1000 * look)
            key = turn(thumb, key)
            thumb.focus()
            ms = step(page, thumb, key, sel)
            if ms is None:
                misses += 1
            else:
                out.append(ms)
        return out
    finally:
        page.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("models", nargs="*", help="model keys (default: every registered model)")
    ap.add_argument("--before", type=pathlib.Path, required=True, help="the checkout to compare with")
    ap.add_argument("--after", type=pathlib.Path, default=ROOT, help="the changed checkout (default: this one)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--steps", type=int, default=3, help="steps per model and round")
    ap.add_argument("--look", type=float, default=1.5, help="seconds between two steps")
    ap.add_argument("--pages", nargs="+", choices=sorted(PAGES), help="pages' sliders instead of the Playground's")
    args = ap.parse_args(argv)

    sys.path.insert(0, str(ROOT))
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    from catalog.models import MODELS  # noqa: PLC0415

    keys = args.pages or args.models or list(MODELS)
    spec_of = (lambda k: k) if args.pages else MODELS.__getitem__
    names = ("before", "after")
    got = {(k, n): [] for k in keys for n in names}
    servers = {n: Server("app.py", root) for n, root in zip(names, (args.before, args.after), strict=True)}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                for n in names:   # warm each server: imports, the first page's figures
                    measure(browser, servers[n].url, spec_of(keys[0]), 9999, 1, 0)
                for r in range(args.rounds):
                    order = names if r % 2 == 0 else names[::-1]
                    for k in keys:
                        for n in order:
                            try:
                                ms = measure(browser, servers[n].url, spec_of(k), 100 + r, args.steps, args.look)
                            except Exception as err:  # noqa: BLE001 (one failure is a gap, not the end)
                                print(f"{k} {n} round {r}: {type(err).__name__}: {err}", file=sys.stderr)
                                ms = []
                            got[k, n].append(ms)
                            print(f"round {r} {k} {n}: {[round(m) for m in ms]}", file=sys.stderr, flush=True)
            finally:
                browser.close()
    finally:
        for s in servers.values():
            s.stop()

    load = os.getloadavg()
    what = "Pages, one step of a model slider" if args.pages else "Playground, one step of each model's own slider"
    print(f"\n{what} -> chart changed (headless Chromium, 1280x720), "
          f"{args.rounds} rounds x {args.steps} steps, {args.look} s between steps, "
          f"{datetime.datetime.now():%Y-%m-%d %H:%M}, {platform.node()} ({os.cpu_count()} CPUs, load {load[0]:.1f})\n")
    print("| model | slider | before: median ms | after: median ms | after / before | before: rounds' medians "
          "| after: rounds' medians |")
    print("|---|---|---:|---:|---:|---|---|")
    for k in keys:
        cells = []
        for n in names:
            flat = [m for run in got[k, n] for m in run]
            cells.append(statistics.median(flat) if flat else float("nan"))
        rounds = [" / ".join(f"{statistics.median(run):.0f}" if run else "–" for run in got[k, n]) for n in names]
        slider = PAGES[k][2] if args.pages else slider_for(MODELS[k])[0]
        print(f"| {k} | `{slider}` | {cells[0]:.0f} | {cells[1]:.0f} | {cells[1] / cells[0]:.2f} "
              f"| {rounds[0]} | {rounds[1]} |")


if __name__ == "__main__":
    main()
