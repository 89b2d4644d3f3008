"""The MLP against scikit-learn's MLPClassifier: fit + 200x200 grid + figure JSON, and the
page's epoch replay.

Both train the same network (2 hidden layers of 16 relu units, softmax / logistic output,
Adam, learning rate 1e-3, alpha 1e-4, batches of min(200, n)) for exactly 200 epochs (the
early stop is switched off in both), on moons (noise 0.3). mlcore also records what the page
replays: the training accuracy after every epoch and the weights after every epoch
(max_snapshots=200). Runs alternate so machine noise hits both alike; medians of the times
and of the per-run ratios.

Replay: what one step of the page's epoch slider costs, ``at_epoch(e)`` (a copy of the kept
weights) + the 200x200 grid + the figure JSON, against refitting for e epochs.

    python -m benchmarks.bench_mlp [--runs 7] [--n 500 2000]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
import warnings
from datetime import date

import numpy as np
from sklearn.datasets import make_moons
from sklearn.exceptions import ConvergenceWarning
from sklearn.neural_network import MLPClassifier as SkMLP

from mlcore.neural_network import MLPClassifier
from viz.decision import decision_figure

EPOCHS = 200
SETTINGS = dict(hidden_layer_sizes=(16, 16), activation="relu", solver="adam", learning_rate_init=1e-3,
                alpha=1e-4, batch_size="auto", max_iter=EPOCHS, tol=0.0, n_iter_no_change=EPOCHS + 1,
                random_state=0)


def ours():
    return MLPClassifier(max_snapshots=EPOCHS, **SETTINGS)


def theirs():
    return SkMLP(**SETTINGS)


def pipeline(model, X, y) -> float:
    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)   # 200 epochs, by design
        model.fit(X, y)
    decision_figure(model, X, y, resolution=200).to_json()
    return time.perf_counter() - start


def replay(model, X, y, epoch) -> float:
    start = time.perf_counter()
    decision_figure(model.at_epoch(epoch), X, y, resolution=200).to_json()
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--n", type=int, nargs="+", default=[500, 2000])
    args = parser.parse_args()
    rows = []
    for n in args.n:
        X, y = make_moons(n_samples=n, noise=0.3, random_state=0)
        pipeline(ours(), X, y), pipeline(theirs(), X, y)   # warm up
        t_ours, t_ref, ratios = [], [], []
        for _ in range(args.runs):
            a, b = pipeline(ours(), X, y), pipeline(theirs(), X, y)
            t_ours.append(a), t_ref.append(b), ratios.append(a / b)
        model, reference = ours(), theirs()
        pipeline(model, X, y), pipeline(reference, X, y)
        replays = [replay(model, X, y, e) for e in range(0, EPOCHS + 1, EPOCHS // 10)]
        rows.append((n, statistics.median(t_ours), statistics.median(t_ref), statistics.median(ratios),
                     statistics.median(replays), model.score(X, y), reference.score(X, y),
                     np.mean(model.predict(X) == reference.predict(X))))
    print(f"MLP 2 x 16 relu, adam, {EPOCHS} epochs, fit + 200x200 grid + figure JSON, moons noise 0.3; "
          f"median of {args.runs} alternating runs; {date.today()}, {platform.machine()}, "
          f"Python {platform.python_version()}, numpy {np.__version__}\n")
    print("| n | mlcore ms | scikit-learn ms | ratio | replay one epoch ms | train accuracy mlcore / sklearn "
          "| predictions agree |")
    print("|---:|---:|---:|---:|---:|---|---:|")
    for n, a, b, r, rep, acc_a, acc_b, agree in rows:
        print(f"| {n} | {a * 1e3:.0f} | {b * 1e3:.0f} | {r:.2f} | {rep * 1e3:.0f} | {acc_a:.1%} / {acc_b:.1%} "
              f"| {agree:.1%} |")


if __name__ == "__main__":
    main()
