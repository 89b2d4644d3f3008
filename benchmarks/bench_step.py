"""One slider step -> the chart changed, on the Playground, for every model's own slider:
two checkouts side by side (before and after a change), in headless Chromium at 1280x720.

    python -m benchmarks.bench_step --before /tmp/old                    # every model, 3 rounds
    python -m benchmarks.bench_step --before /tmp/old --rounds 5 knn svm  # some models
    python -m benchmarks.bench_step --before /tmp/old --pages svm tree    # a slider on some pages
    python -m benchmarks.bench_step --pages --rounds 3                    # every page, this checkout alone

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
      // a curve that moves without changing its first point (a learning curve's later sizes)
      if (t.y && t.y.length && t.y.length < 5000) {
        let sum = 0;
        for (const v of t.y) sum += Number(v) || 0;
        out.push(sum);
      }
    }
  }
  for (const im of (gd.layout.images || [])) { const s = String(im.source); out.push(s.length, s.slice(-400)); }
  // the tree's splits are shapes
  for (const s of (gd.layout.shapes || []).slice(0, 60)) out.push(s.x0, s.y0, s.x1, s.y1);
  // a drawn tree's nodes and the plane's labels are annotations
  for (const a of (gd.layout.annotations || []).slice(0, 60)) out.push(a.text, a.x, a.y);
  return out.join(",");
}"""


# With --pages: each page's main chart (tests/support/browser.py's MAIN_CHART), the slider on it a
# student moves first and the page's own link items (the page opens on moons, n = 500). The tree
# is shown whole, so that its growth settings change the plane; Multi-class has no slider of its
# own beside the plane, so the dataset's noise is stepped there (a full rerun). ID3 on a table's
# tree has no slider (a table drives it); the exercises' sliders give an answer, not a setting.
PAGES = {"playground": ("Playground", "playground_chart", "p_knn_k", {}),
         "svm": ("SVM_and_kernels", "svm_margin", "p_svm_C", {}),
         "tree": ("Decision_tree", "tree_plane", "tree_min_leaf", {"depth": 64}),
         "ensembles": ("Ensembles", "ens_main", "ens_m_random_forest", {}),
         "perceptron": ("Perceptron", "pc_main", "pc_step", {}),
         "multiclass": ("Multi-class", "mc_main", "ds_noise", {}),
         "learning": ("Learning_curves", "lc_chart", "lc_sizes", {}),
         "validation": ("Validation_curve", "vc_boundary", "p_knn_k", {}),
         "nn": ("Neural_network", "nn_main", "nn_epoch", {}),
         "features": ("Features", "feat_scaling", "feat_stretch", {}),
         "cv": ("Cross-validation", "cv_main", "cv_folds", {}),        # k moves only the charts below
         "search": ("Search", "search_chart", "search_values", {}),   # k is one of the searched axes
         "bias_variance": ("Bias-variance", "bv_overlay", "p_knn_k", {}),
         "compare": ("Compare_models", "compare_grid", "compare_folds", {}),
         "theory": ("Learning_theory", "theory_pac", "th_eps", {})}


def open_page(page, url, sel=CHART):
    page.goto(url)
    settle(page)
    page.wait_for_selector(sel, timeout=120_000)
    page.wait_for_function(f"({PRINT})({sel!r}) !== null", timeout=120_000)
    settle(page)


def step(page, thumb, key, sel=CHART) -> tuple[float, float | None] | None:
    """One key press; ms until the plane changed and until the run ended (the page finished),
    None if the plane did not change within 5 s of the run's end."""
    timed = press_and_time(page, thumb, key=key, shown=f"() => ({PRINT})({sel!r})")
    if timed is None:
        return None
    # the page has finished when its run has ended and its chart is drawn (a live chart draws after the run)
    return timed["ms"], None if timed["run_end"] is None else max(timed["ms"], timed["run_end"])


def measure(browser, base, spec, seed, steps, look) -> list[tuple[float, float | None]]:
    """``spec``: a ModelSpec (its Playground slider) or a key of PAGES; per step (chart ms, run end ms)."""
    if isinstance(spec, str):
        path, chart, slider, own = PAGES[spec]
        sel, query = f".st-key-{chart} .js-plotly-plot", urlencode({"data": "moons", "n": 500, "seed": seed} | own)
    else:
        path, sel, slider = "Playground", CHART, slider_for(spec)[0]
        query = urlencode({"data": "moons", "n": 500, "seed": seed, "model": spec.key} | low_start(spec, steps + 2))
    page = browser.new_page(viewport=VIEWPORT)
    try:
        open_page(page, f"{base}/{path}?{query}", sel)
        box = slider if slider.startswith("[") else f".st-key-{slider}"
        thumb = page.locator(f"{box} input[type='range']").first
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


def _median(values) -> float:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else float("nan")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("models", nargs="*", help="model keys (default: every registered model)")
    ap.add_argument("--before", type=pathlib.Path, help="the checkout to compare with (default: none)")
    ap.add_argument("--after", type=pathlib.Path, default=ROOT, help="the changed checkout (default: this one)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--steps", type=int, default=3, help="steps per model and round")
    ap.add_argument("--look", type=float, default=1.5, help="seconds between two steps")
    ap.add_argument("--pages", nargs="*", choices=sorted(PAGES),
                    help="pages' sliders instead of the Playground's (no name: every page)")
    args = ap.parse_args(argv)

    sys.path.insert(0, str(ROOT))
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    from catalog.models import MODELS  # noqa: PLC0415

    pages = args.pages is not None
    keys = (args.pages or list(PAGES)) if pages else (args.models or list(MODELS))
    spec_of = (lambda k: k) if pages else MODELS.__getitem__
    roots = {"before": args.before, "after": args.after} if args.before else {"after": args.after}
    names = tuple(roots)
    got = {(k, n): [] for k in keys for n in names}
    servers = {n: Server("app.py", root) for n, root in roots.items()}
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
                            print(f"round {r} {k} {n}: {[(round(c), r and round(r)) for c, r in ms]}",
                                  file=sys.stderr, flush=True)
            finally:
                browser.close()
    finally:
        for s in servers.values():
            s.stop()

    load = os.getloadavg()
    what = "Pages, one step of a slider" if pages else "Playground, one step of each model's own slider"
    print(f"\n{what} -> chart changed and run finished (headless Chromium, 1280x720), "
          f"{args.rounds} rounds x {args.steps} steps, {args.look} s between steps, "
          f"{datetime.datetime.now():%Y-%m-%d %H:%M}, {platform.node()} ({os.cpu_count()} CPUs, load {load[0]:.1f}); "
          + ", ".join(f"{n}: {root}" for n, root in roots.items()) + "\n")
    head = " | ".join(f"{n}: chart ms | {n}: finished ms | {n}: rounds' chart medians" for n in names)
    ratio_head = " after / before (chart) |" if args.before else ""
    print(f"| {'page' if pages else 'model'} | slider | {head} |{ratio_head}")
    print("|---|---|" + "---:|---:|---|" * len(names) + ("---:|" if args.before else ""))
    charts = {n: [] for n in names}
    for k in keys:
        cells = []
        for n in names:
            flat = [m for run in got[k, n] for m in run]
            chart, end = _median([c for c, _ in flat]), _median([e for _, e in flat])
            charts[n].append(chart)
            rounds = " / ".join(f"{_median([c for c, _ in run]):.0f}" if run else "–" for run in got[k, n])
            cells.append(f"{chart:.0f} | {end:.0f} | {rounds}")
        slider = PAGES[k][2] if pages else slider_for(MODELS[k])[0]
        ratio = f" {charts['after'][-1] / charts['before'][-1]:.2f} |" if args.before else ""
        print(f"| {k} | `{slider}` | {' | '.join(cells)} |{ratio}")
    for n in names:
        print(f"\n{n}: chart ms median over the rows {_median(charts[n]):.0f}, largest {max(charts[n]):.0f}")


if __name__ == "__main__":
    main()
