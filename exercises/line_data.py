"""The points of the line exercises: two classes on the square [-BOX, BOX]², split by a hidden
line, either with an empty gap around it (separable) or with labels flipped near it (overlapping).

Labels are t in {-1, +1} (shown as class 0 and class 1). Every random choice comes from the
task's generator (``exercises.verdicts.task_rng``), so a task is the same on every machine.
Coordinates are rounded to 2 decimals (what a student can read off and type back); the gap is
measured on the rounded points.
"""

from __future__ import annotations

import numpy as np

BOX = 3.0
BOUNDS = (-BOX - 0.5, BOX + 0.5, -BOX - 0.5, BOX + 0.5)   # the plane shown (x0, x1, y0, y1)


def _hidden_line(rng: np.random.Generator) -> tuple[np.ndarray, float]:
    angle = rng.uniform(0.0, np.pi)
    return np.array([np.cos(angle), np.sin(angle)]), float(rng.uniform(-0.8, 0.8))


def _balanced(t: np.ndarray) -> bool:
    return min((t > 0).sum(), (t < 0).sum()) >= max(2, len(t) // 4)


def separated(rng: np.random.Generator, n: int, gap: float) -> tuple[np.ndarray, np.ndarray]:
    """n points, none closer than gap/2 to a hidden line: a street at least ``gap`` wide is empty."""
    while True:
        normal, offset = _hidden_line(rng)
        X = np.empty((0, 2))
        while len(X) < n:
            cand = np.round(rng.uniform(-BOX, BOX, size=(4 * n, 2)), 2)
            X = np.vstack([X, cand[np.abs(cand @ normal - offset) >= gap / 2]])[:n]
        t = np.where(X @ normal - offset > 0, 1.0, -1.0)
        if _balanced(t):
            return X, t


def overlapping(rng: np.random.Generator, n: int, noise: float) -> tuple[np.ndarray, np.ndarray]:
    """n points labelled by the side of a hidden line after a Gaussian shift of sd ``noise``: points
    near the line land on either side, so no line separates them all (usually)."""
    while True:
        normal, offset = _hidden_line(rng)
        X = np.round(rng.uniform(-BOX, BOX, size=(n, 2)), 2)
        t = np.where(X @ normal - offset + rng.normal(0.0, noise, size=n) > 0, 1.0, -1.0)
        if _balanced(t):
            return X, t
