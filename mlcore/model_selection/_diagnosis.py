"""Reading a learning curve: high bias, high variance, or fine.

At the largest training size, with T the mean training score and V the mean validation score
over the folds (failed fits left out), the gap is G = T - V and the rule is

* high bias (underfitting): T < ``target``; the model cannot even fit its own training points
  as well as the task needs. More data will not help; a more flexible model (or better
  features) might. (A large gap may come with it; the bias is the first thing to fix.)
* high variance (overfitting): T >= ``target`` and G > ``max_gap``; the model fits its training
  points much better than new ones. More data, a simpler model or more regularisation close
  the gap.
* fine: T >= ``target`` and G <= ``max_gap``, so V >= target - max_gap as well.

``target`` is the accuracy the task asks for (the "desired performance" line); with noisy
labels no model reaches 1 on new points, so a target above the best achievable accuracy
calls every model that does not memorise its training set biased. The thresholds are a teaching
rule of thumb, not a statistical test.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..base import ValidationError

__all__ = ["Regime", "learning_curve_regime", "fold_mean_sd"]


class Regime(NamedTuple):
    name: str              # "high bias", "high variance" or "fine"
    train: float           # mean training score at the largest size
    validation: float      # mean validation score at the largest size
    gap: float             # train - validation


def fold_mean_sd(scores) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per row (one size or one parameter value): mean and standard deviation over the folds
    that were scored (NaN entries are failed fits, left out), and how many were scored.
    A row with no scored fold has mean and sd NaN; its count 0 says why."""
    scores = np.asarray(scores, dtype=np.float64)
    ok = np.isfinite(scores)
    count = ok.sum(axis=1)
    total = np.where(ok, scores, 0.0).sum(axis=1)
    mean = np.full(scores.shape[0], np.nan)
    np.divide(total, count, out=mean, where=count > 0)
    squares = np.where(ok, (scores - mean[:, None]) ** 2, 0.0).sum(axis=1)
    sd = np.full(scores.shape[0], np.nan)
    np.divide(squares, count, out=sd, where=count > 0)
    return mean, np.sqrt(sd), count


def learning_curve_regime(train_scores, test_scores, *, target: float = 0.9, max_gap: float = 0.05) -> Regime:
    """Name the regime from the last size with a scored fold (see the module's rule)."""
    train_mean, _, train_count = fold_mean_sd(train_scores)
    test_mean, _, test_count = fold_mean_sd(test_scores)
    scored = np.flatnonzero((train_count > 0) & (test_count > 0))
    if scored.size == 0:
        raise ValidationError("no training size was scored: every fit failed")
    last = scored[-1]
    train, validation = float(train_mean[last]), float(test_mean[last])
    gap = train - validation
    if train < target:
        name = "high bias"
    elif gap > max_gap:
        name = "high variance"
    else:
        name = "fine"
    return Regime(name, train, validation, gap)
