"""CPU time of the Playground's learning-curve panel for every model, before and after a change.

The panel (``ui.model_selection.curve_runs.learning`` and ``_panel_figure``) fits each model
5 folds x 8 sizes = 40 times on the training set and draws the curve. Here the same work runs
without Streamlit: ``learning_curve`` with the panel's sizes, folds and shuffles on the 350
training points of a 500-point moons dataset (every model with its catalog defaults), then the
figure's JSON. Every measurement starts cold (nothing is cached) and counts the process's
CPU time (``time.process_time``), median of ``--runs`` runs after one warm-up.

The machine is shared, so each row also gives the time of a fast reference model (the
decision tree) measured in the same process just before, and the ratio to it.

``--before DIR`` measures an older version of the code in the same run: DIR holds its files
(``git archive <commit> | tar -x -C DIR``). Two worker processes, one per version, take the
models in turn, so load on the machine falls on both columns alike.

    python -m benchmarks.bench_learning_panel [--runs 5] [--before DIR] [--only mlp adaboost]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

REFERENCE = "tree"
ROOT = Path(__file__).resolve().parent.parent


def _panel_job():
    """A function running one cold panel for a model key (imports the code on ``sys.path``)."""
    import numpy as np

    from catalog.models import MODELS
    from mlcore.datasets import make_dataset, train_test_split
    from mlcore.model_selection import StratifiedKFold, learning_curve
    from viz.curves import learning_curve_figure

    X, y = make_dataset("moons", n=500, noise=0.3, seed=0)
    X_train, _, y_train, _ = train_test_split(X, y, test_size=0.3, random_state=0, stratify=y)
    sizes = np.linspace(0.1, 1.0, 8)

    def panel(key):
        curve = learning_curve(MODELS[key].make(), X_train, y_train, train_sizes=sizes,
                               cv=StratifiedKFold(5, shuffle=True, random_state=0), shuffle=True, random_state=0)
        return len(learning_curve_figure(*curve, target=0.9, height=250).to_json())

    return panel, list(MODELS)


def _cpu(panel, key, runs: int) -> float:
    panel(key)  # warm-up: imports and numpy's first calls
    times = []
    for _ in range(runs):
        start = time.process_time()
        panel(key)
        times.append(time.process_time() - start)
    return statistics.median(times)


def worker(runs: int) -> None:
    """Read model keys from stdin; answer each with a JSON line of CPU seconds (model, reference)."""
    panel, keys = _panel_job()
    print(json.dumps(keys), flush=True)
    for line in sys.stdin:
        key = line.strip()
        print(json.dumps([_cpu(panel, key, runs), _cpu(panel, REFERENCE, runs)]), flush=True)


class _Worker:
    def __init__(self, code_dir: Path, runs: int):
        env = dict(os.environ, PYTHONPATH=str(code_dir))
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--worker", "--runs", str(runs)],
            cwd=code_dir, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.keys = json.loads(self.process.stdout.readline())

    def measure(self, key: str):
        self.process.stdin.write(key + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--before", type=Path, help="a directory holding the older code")
    parser.add_argument("--only", nargs="*", help="these model keys only")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.runs)
        return
    import numpy as np

    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    load = ", ".join(f"{v:.1f}" for v in os.getloadavg())
    print(f"{now}, {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"numpy {np.__version__}, load {load}; CPU ms, median of {args.runs} cold runs\n")
    after = _Worker(ROOT, args.runs)
    before = _Worker(args.before.resolve(), args.runs) if args.before else None
    keys = args.only or after.keys
    if before:
        print("| model | before ms | (tree ms) | after ms | (tree ms) | after / before |")
        print("|---|---:|---:|---:|---:|---:|")
    else:
        print(f"| model | CPU ms | {REFERENCE} ms, same process | ratio to {REFERENCE} |")
        print("|---|---:|---:|---:|")
    for key in keys:
        new, new_ref = after.measure(key)
        if before:
            old, old_ref = before.measure(key)
            print(f"| {key} | {old * 1e3:.0f} | {old_ref * 1e3:.0f} | {new * 1e3:.0f} | {new_ref * 1e3:.0f} "
                  f"| {new / old:.2f} |", flush=True)
        else:
            print(f"| {key} | {new * 1e3:.0f} | {new_ref * 1e3:.0f} | {new / new_ref:.1f} |", flush=True)
    after.close()
    if before:
        before.close()


if __name__ == "__main__":
    main()
