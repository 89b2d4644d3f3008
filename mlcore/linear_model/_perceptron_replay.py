"""Replaying a perceptron's training one example at a time, from its ``history_``.

``Perceptron.history_`` holds, per binary problem, the order each epoch visited the
points (``order``, n_epochs x n) and every update (its epoch, its position in that
order, the weights right after it). Step s = 1 .. n_epochs·n is the s-th example
looked at: epoch e = (s - 1) // n, position p = (s - 1) % n, point order[e, p]. It
was a mistake, y (w·x + b) <= 0 with the weights w, b held just before it, exactly
when an update was recorded at (e, p); the weights after step s are those of the
last update at or before it (the initial weights if none). Nothing is refitted or
recomputed: the replay only indexes the recorded arrays.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..base import ValidationError


@dataclass(frozen=True)
class Step:
    """Example ``step`` (1-based): the point looked at and the weights around it."""
    step: int
    epoch: int             # 0-based
    position: int          # place in the epoch's visiting order
    index: int             # row of X
    mistake: bool          # y (w_before·x + b_before) <= 0, so w <- w + eta0·y·x happened
    updates_before: int    # updates made before this step
    coef_before: np.ndarray
    intercept_before: float
    coef_after: np.ndarray
    intercept_after: float


class PerceptronReplay:
    """Index a perceptron's recorded training by example: ``replay.step(s)``, ``replay.weights(s)``.

    ``history`` is one entry of ``Perceptron.history_`` (a binary problem).
    """

    def __init__(self, history: dict):
        missing = {"order", "position", "epoch", "coef", "intercept", "initial_coef"} - set(history)
        if missing:
            raise ValidationError(f"this history has no {', '.join(sorted(missing))}: refit with the current "
                                  "Perceptron, which records every example it looks at")
        self.history = history
        order = np.asarray(history["order"])
        self.n_epochs, self.n = order.shape
        self.n_steps = self.n_epochs * self.n
        # Step number (1-based) of each update: they increase, so a search finds the weights of any step.
        self.update_steps = np.asarray(history["epoch"]) * self.n + np.asarray(history["position"]) + 1

    def weights(self, s: int) -> tuple[np.ndarray, float]:
        """(w, b) after the first ``s`` examples (s = 0: the initial weights)."""
        return self._after(int(np.searchsorted(self.update_steps, s, side="right")))

    def _after(self, updates: int) -> tuple[np.ndarray, float]:
        h = self.history
        if updates == 0:
            return np.asarray(h["initial_coef"]), float(h["initial_intercept"])
        return np.asarray(h["coef"][updates - 1]), float(h["intercept"][updates - 1])

    def step(self, s: int) -> Step:
        if not 1 <= s <= self.n_steps:
            raise ValidationError(f"step {s} is outside 1..{self.n_steps}")
        epoch, position = divmod(s - 1, self.n)
        before = int(np.searchsorted(self.update_steps, s, side="left"))
        mistake = before < len(self.update_steps) and self.update_steps[before] == s
        w0, b0 = self._after(before)
        w1, b1 = self._after(before + 1) if mistake else (w0, b0)
        return Step(s, epoch, position, int(self.history["order"][epoch, position]), bool(mistake), before,
                    w0, b0, w1, b1)

    def next_mistake(self, s: int) -> int | None:
        """The first step after ``s`` that is a mistake, or None."""
        k = int(np.searchsorted(self.update_steps, s, side="right"))
        return int(self.update_steps[k]) if k < len(self.update_steps) else None

    def previous_mistake(self, s: int) -> int | None:
        """The last step before ``s`` that is a mistake, or None."""
        k = int(np.searchsorted(self.update_steps, s, side="left"))
        return int(self.update_steps[k - 1]) if k > 0 else None


def pocket_curve(history: dict, initial_mistakes: int) -> np.ndarray:
    """Training mistakes of the pocket's weights at the end of each epoch.

    The pocket holds the weights with the fewest training mistakes seen so far (the
    initial weights, with ``initial_mistakes``, first), so its count is the running
    minimum of ``history["train_mistakes"]`` (recorded with ``pocket=True``) taken at
    the last update of each epoch; an epoch without an update keeps the count before it.
    """
    if "train_mistakes" not in history:
        raise ValidationError("the pocket's mistakes are recorded only when the perceptron is fitted with pocket=True")
    running = np.minimum.accumulate(np.concatenate([[initial_mistakes], history["train_mistakes"]]))
    updates_by_epoch_end = np.cumsum(history["mistakes"])
    return running[updates_by_epoch_end]
