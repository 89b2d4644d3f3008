"""An epoch step on the Neural network page against a slider step on the Playground, in
headless Chromium: time from the key press to the regions heatmap holding new values.

The Neural network page's epoch slider replays kept weights (a forward pass on the grid, no
refit); the Playground's kNN k slider refits and redraws. Both on moons at n = 500, in one
server, measured in alternating blocks; reuses benchmarks/bench_browser.py's timing.

    python -m benchmarks.bench_mlp_browser [--steps 7] [--rounds 2]
"""

from __future__ import annotations

import argparse
import datetime
import platform
import statistics

from benchmarks import bench_browser

_Z_PRINT = bench_browser.Z_PRINT.replace(".st-key-playground_chart", "CHART")

CASES = {
    "Playground, kNN k (refit)": ("/Playground?model=knn&data=moons&n=500", ".st-key-playground_chart", "p_knn_k"),
    "Neural network, epoch (replay)": ("/Neural_network?data=moons&n=500&max_iter=200", ".st-key-nn_main",
                                       "nn_epoch"),
}


def _point_at(chart: str) -> None:
    """bench_browser times the chart in its module globals: aim them at this chart."""
    bench_browser.CHART = f"{chart} .js-plotly-plot"
    bench_browser.Z_PRINT = _Z_PRINT.replace("CHART", chart)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server = bench_browser.Server("app.py", bench_browser.ROOT)
    times: dict[str, list[float]] = {name: [] for name in CASES}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=bench_browser.CHROMIUM, args=bench_browser.ARGS)
            for _ in range(args.rounds):
                for name, (path, chart, slider) in CASES.items():
                    page = browser.new_page(viewport={"width": 1400, "height": 900})
                    frames = bench_browser.Frames(page)
                    _point_at(chart)
                    result = bench_browser.measure(page, server.url + path, [slider], args.steps, frames)
                    times[name] += [r["ms"] for r in result["runs"]]
                    page.close()
            browser.close()
    finally:
        server.stop()
    print(f"Key press -> new heatmap in headless Chromium, moons n = 500, {args.rounds} alternating blocks of "
          f"{args.steps} steps; {datetime.date.today()}, {platform.machine()}, Python {platform.python_version()}\n")
    print("| slider | median ms | min ms | max ms | steps |")
    print("|---|---:|---:|---:|---:|")
    for name, ms in times.items():
        print(f"| {name} | {statistics.median(ms):.0f} | {min(ms):.0f} | {max(ms):.0f} | {len(ms)} |")


if __name__ == "__main__":
    main()
