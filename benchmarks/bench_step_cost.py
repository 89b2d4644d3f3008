"""Server CPU of one distinct Playground step, one step at a time (no other session running).

Starts ``streamlit run app.py`` (or uses ``--port``/``--pid``), opens one protocol session per model
of the explore scenario's mix (benchmarks/bench_loadgen.py: each on its own dataset and seed, so
nothing is shared), and steps each session's noise slider ``--steps`` times to values it has not
had, one step at a time, reading the server process's CPU seconds (/proc) before and after each.
What a student who keeps the plane in view costs the server, without the contention of a full
hall (which ``bench_loadgen explore`` measures). With ``--before ROOT`` a server of that checkout
runs beside it, each model measured on both in turn, so the two columns share the machine's load.
Prints a markdown table: per model the mean CPU ms per step (/proc counts in 10 ms ticks: a mean over
many steps, not a median, sees what a change of a few ms does), and the mean and median over the mix.

    python -m benchmarks.bench_step_cost                              # compute-ahead on, as served
    CP_AHEAD=0 python -m benchmarks.bench_step_cost --before /tmp/old   # what is on a step's path
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import os
import pathlib
import platform
import statistics
import sys

from benchmarks.bench_loadgen import EXPLORE_NOISE, MODELS, PAGE, ROOT, SLIDER, Server, distinct_link
from benchmarks.st_client import Session, cpu_seconds, health


async def measure(host: str, servers: list[Server], steps: int, settle: float,
                  only: list[str] | None = None) -> list[dict[str, list[float]]]:
    costs: list[dict[str, list[float]]] = [{} for _ in servers]
    for who, model in enumerate(dict.fromkeys(MODELS)):
        if only and model not in only:
            continue
        for server, cost in zip(servers, costs, strict=True):
            session = Session(host, server.port, run_timeout=120)
            await session.connect()
            await session.run(page=PAGE, query=distinct_link(who) + "&noise=0.0")
            await asyncio.sleep(settle)   # compute-ahead after the first run (when on) ends before the step
            for position in range(1, steps + 1):
                before = cpu_seconds(server.pid)
                await session.set({SLIDER: EXPLORE_NOISE[position]})
                await asyncio.sleep(settle)
                cost.setdefault(model, []).append(cpu_seconds(server.pid) - before)
            await session.close()
    return costs


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--before", type=pathlib.Path, help="a checkout to measure beside this one")
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--model", action="append", help="only this model (default: the whole mix)")
    parser.add_argument("--settle", type=float, default=0.3,
                        help="seconds after each step before reading the CPU (work after the run counts)")
    args = parser.parse_args(argv)
    roots = [ROOT] + ([args.before] if args.before else [])
    servers = [Server(root, args.host, []) for root in roots]
    try:
        for server in servers:
            health(args.host, server.port)
        costs = asyncio.run(measure(args.host, servers, args.steps, args.settle, args.model))
    finally:
        for server in servers:
            server.stop()
    print(f"{datetime.datetime.now():%Y-%m-%d %H:%M}, 2-core shared VM, Python {platform.python_version()}, "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, CP_AHEAD={os.environ.get('CP_AHEAD', '1')}, "
          f"{args.steps} steps per model")
    print("| model | " + " | ".join(f"mean CPU ms per step, {r}" for r in roots) + " |\n|---|" + "---:|" * len(roots))
    means = [[statistics.fmean(c[m]) for m in c] for c in costs]   # means: see the docstring
    for i, model in enumerate(costs[0]):
        print(f"| {model} | " + " | ".join(f"{1000 * m[i]:.0f}" for m in means) + " |")
    print("| **mean / median over the mix** | " + " | ".join(
        f"**{1000 * statistics.fmean(m):.0f} / {1000 * statistics.median(m):.0f}**" for m in means) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
