"""Server CPU seconds of one distinct run: a step of the data's noise slider on a dataset no other
session shares, so every cache misses (what a hall of students exploring on their own data asks
of the server, benchmarks/bench_loadgen.py's ``explore``).

In-process, under ``streamlit.testing.v1.AppTest``: each page opened on a link with its own
seed, one warm-up step (imports, first compilations), then ``--steps`` steps of the noise slider
to values not seen before, each timed with ``time.process_time`` (this process's CPU, every
thread: the script run and AppTest's reading of what it drew, a few ms). Prints a markdown
table: the median CPU s per step for each page with a noise slider (on its default model), and
with ``--models`` for each Playground model. ``--profile`` prints where the last step of one page
went (cProfile of the script's thread, by cumulative time).

    python -m benchmarks.bench_run_cost                       # every page with a noise slider
    python -m benchmarks.bench_run_cost --models              # and every Playground model
    python -m benchmarks.bench_run_cost --page 1_Playground --models --profile 30
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import logging
import os
import pathlib
import platform
import pstats
import statistics
import sys
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOISE = [round(0.05 * i, 2) for i in range(1, 21)]   # the noise slider's positions, 0.05 .. 1.0
TIMEOUT = 300
LINK = "data=moons&n=500"   # the lecture's data (benchmarks/bench_loadgen.py), each page on its own seed


class ScriptProfile:
    """cProfile of the next script run (it runs in AppTest's script thread, not the caller's)."""

    def __init__(self):
        from streamlit.runtime.scriptrunner import script_runner

        self.profile, self.armed, self._runner = None, False, script_runner.ScriptRunner
        original = self._runner._run_script

        def run_script(runner, *args, **kwargs):
            if not self.armed:
                return original(runner, *args, **kwargs)
            self.armed, self.profile = False, cProfile.Profile()
            self.profile.enable()
            try:
                return original(runner, *args, **kwargs)
            finally:
                self.profile.disable()
        self._runner._run_script = run_script


def noise_slider(at):
    return next((s for s in at.slider if s.key == "ds_noise"), None)


def step_costs(page: str, seed: int, steps: int, model: str | None = None, profile: ScriptProfile | None = None,
               link: str = LINK):
    """CPU s of ``steps`` noise steps on ``page`` (None: no noise slider there)."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    query = {**dict(urllib.parse.parse_qsl(link)), "seed": str(seed)}
    at.query_params.update({**query, "model": model} if model else query)
    at.run()
    at.switch_page(f"pages/{page}.py").run()
    if noise_slider(at) is None:
        return None
    positions = iter(NOISE)
    costs = []
    for i in range(steps + 1):
        slider = noise_slider(at)
        value = next(v for v in positions if v != slider.value)
        slider.set_value(value)
        if profile is not None and i == steps:
            profile.armed = True
        start = time.process_time()
        at.run()
        if i:   # the first step is the warm-up
            costs.append(time.process_time() - start)
        if at.exception:
            raise RuntimeError(f"{page} {model or ''}: {at.exception[0].message}")
    return costs


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--page", action="append", help="a page's file name without .py (default: every page)")
    parser.add_argument("--models", action="store_true", help="also every model on the Playground")
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--link", default=LINK,
                        help="the link every page opens on, with its own seed (default %(default)s)")
    parser.add_argument("--profile", type=int, metavar="N", help="print the N top entries of the last step's profile")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    os.chdir(ROOT)
    logging.disable(logging.WARNING)
    from catalog.models import MODELS

    pages = args.page or sorted(p.stem for p in (ROOT / "pages").glob("*.py"))
    profile = ScriptProfile() if args.profile else None
    print(f"{datetime.date.today()}, 2-core shared VM, Python {platform.python_version()}, "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"link: {args.link}&seed=<own>")
    print("| page | model | CPU s per distinct step (median) | steps |\n|---|---|---:|---:|")
    runs = [(page, None) for page in pages]
    if args.models:
        runs += [("1_Playground", key) for key in MODELS]
    all_costs = []
    for seed, (page, model) in enumerate(runs, start=7001):
        costs = step_costs(page, seed, args.steps, model, profile, args.link)
        if costs is None:
            continue
        all_costs += costs if model else []
        print(f"| {page} | {model or 'default'} | {statistics.median(costs):.3f} | {len(costs)} |", flush=True)
        if profile is not None and profile.profile is not None:
            pstats.Stats(profile.profile, stream=sys.stderr).sort_stats("cumulative").print_stats(args.profile)
            profile.profile = None
    if all_costs:
        print(f"\nPlayground, every model: mean {statistics.fmean(all_costs):.3f}, "
              f"median {statistics.median(all_costs):.3f} CPU s per distinct step")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
