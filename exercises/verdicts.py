"""What every checker returns, and the helpers checkers share: seeded instances, stated tolerances."""

from __future__ import annotations

import zlib
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Verdict:
    """The check of one answer.

    done: the task is complete (the page shows its success message).
    score: in [0, 1]; the page records the best score per exercise and level.
    message: one or two sentences for the student: on success what was learned, else what is off.
    """
    done: bool
    score: float
    message: str

    def __post_init__(self):
        if not 0.0 <= self.score <= 1.0:
            raise ValueError(f"a score is in [0, 1], not {self.score}")


def task_rng(kind: str, level: int, seed: int) -> np.random.Generator:
    """The random generator of one task: the same (kind, level, seed), the same numbers on every
    machine (PCG64 seeded with a CRC of the kind, so two kinds with one seed differ)."""
    return np.random.default_rng([zlib.crc32(kind.encode()), int(level), int(seed)])


def close_enough(answer: float, truth: float, tol: float) -> bool:
    """|answer - truth| <= tol, with the edge itself accepted: a tolerance stated as 0.01 accepts
    an answer 0.01 away. The 1e-12 keeps a decimal edge (0.1 + 0.01) from failing on rounding."""
    return abs(float(answer) - float(truth)) <= tol + 1e-12


def ratio_score(achieved: float, best: float) -> float:
    """achieved / best clipped to [0, 1]; 1 when the best is 0 (nothing to achieve)."""
    if best <= 0:
        return 1.0
    return float(min(1.0, max(0.0, achieved / best)))
