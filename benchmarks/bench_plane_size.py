"""How much of the first screen each model page's plane takes, in headless Chromium.

Starts ``streamlit run app.py``, opens each model page in a fresh browser context at the
given screen size (on its first load, default settings), waits until the main chart holds
still and measures its plot area: the rectangle plotly drags in (``.nsewdrag``), axes, ticks
and legend excluded. Prints a markdown table, with the date and the machine: the plot's width
and height, its top and bottom on the screen, and the main chart's box (the element
``ui.core.layout.fit_screen`` sizes) with its bottom, so blank space under it shows.

    python -m benchmarks.bench_plane_size                     # 1280x720, outside presenter mode
    python -m benchmarks.bench_plane_size --present           # 1280x720, presenter mode
    python -m benchmarks.bench_plane_size --size 1920x1080 --shots /tmp/shots   # also screenshots
"""

from __future__ import annotations

import argparse
import datetime
import pathlib
import platform

from benchmarks.bench_browser import ARGS, CHROMIUM, ROOT, Server, settle

# Each model page and the key of its main chart (tests/support/browser.py's MAIN_CHART).
PAGES = {"Playground": "playground_chart", "SVM_and_kernels": "svm_margin", "Decision_tree": "tree_plane",
         "Ensembles": "ens_main", "Perceptron": "pc_main", "Neural_network": "nn_main",
         "Multi-class": "mc_main"}
MEASURE = """(key) => { const box = document.querySelector(".st-key-" + key);
  const drag = box && box.querySelector(".js-plotly-plot .nsewdrag");
  if (!drag) return null;
  const p = drag.getBoundingClientRect(), b = box.getBoundingClientRect();
  return {w: p.width, h: p.height, top: p.top, bottom: p.bottom, box_w: b.width, box_h: b.height,
          box_bottom: b.bottom}; }"""
# Resolves once the plot area has kept its size for three looks 200 ms apart (presenter mode's
# script and plotly's resize change it after the run).
STILL = """async (key) => { const look = () => JSON.stringify((""" + MEASURE + """)(key));
  let last = look(), same = 0;
  for (let i = 0; i < 150 && same < 3; i++) {
    await new Promise(r => setTimeout(r, 200)); const now = look(); same = now === last ? same + 1 : 0; last = now; }
  return same >= 3; }"""


def measure(browser, base: str, path: str, key: str, size: tuple[int, int], present: bool,
            shots: pathlib.Path | None) -> dict:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.goto(f"{base}/{path}" + ("?present=1" if present else ""))
    settle(page)
    page.wait_for_selector(f".st-key-{key} .js-plotly-plot .nsewdrag", timeout=120_000)
    settle(page)
    page.evaluate(STILL, key)
    drawn = page.evaluate(MEASURE, key)
    if shots:
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=shots / f"{path}_{size[0]}x{size[1]}{'_present' if present else ''}.png")
    context.close()
    return drawn


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x720", help="screen width x height, px")
    parser.add_argument("--present", action="store_true", help="presenter mode (?present=1)")
    parser.add_argument("--shots", type=pathlib.Path, help="a folder for a screenshot of each page")
    parser.add_argument("--root", type=pathlib.Path, default=ROOT, help="the checkout to serve")
    args = parser.parse_args(argv)
    size = tuple(int(v) for v in args.size.split("x"))

    from playwright.sync_api import sync_playwright

    server = Server("app.py", args.root)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            rows = [(path, measure(browser, server.url, path, key, size, args.present, args.shots))
                    for path, key in PAGES.items()]
            browser.close()
    finally:
        server.stop()
    print(f"{size[0]}x{size[1]}, {'presenter mode' if args.present else 'outside presenter mode'}, first load, "
          f"{datetime.datetime.now():%Y-%m-%d %H:%M}, {platform.node()} ({platform.machine()})\n")
    print("| page | plot area w × h (px) | plot top–bottom | chart box w × h | box bottom |")
    print("|---|---|---|---|---|")
    for path, d in rows:
        print(f"| {path.replace('_', ' ')} | {d['w']:.0f} × {d['h']:.0f} | {d['top']:.0f}–{d['bottom']:.0f} | "
              f"{d['box_w']:.0f} × {d['box_h']:.0f} | {d['box_bottom']:.0f} |")


if __name__ == "__main__":
    main()
