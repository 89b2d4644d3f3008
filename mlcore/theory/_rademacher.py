"""The empirical Rademacher complexity of a learner, estimated by fitting random labels.

The notes define, for a sample S of m points and the 0/1 loss,

    R̂_S(H) = ½ − E_σ [ inf_{h∈H} ε̂_σ(h) ],

where σ ∈ {−1, +1}^m are independent fair coin flips used as labels and ε̂_σ(h) is the
training error of h on (x_i, σ_i). A class that can fit any labels has R̂ = ½; a class that
cannot follow the coins at all (a constant) has R̂ ≈ 0.

The estimate replaces the infimum by what the learner finds when it is fitted on the random
labels (with fixed hyperparameters), and the expectation by the mean over ``n_draws`` draws:

    R̂ ≈ ½ − (1/T) Σ_t ε̂_t,   ε̂_t = (1/m) Σ_i [h_t(x_i) ≠ σ_i^(t)],   h_t = fit(S, σ^(t)).

A learner that does not reach the infimum (a regularised or early-stopped fit) gives a lower
value: the estimate describes the learner as used, not an abstract class. The spread is the
standard deviation of ½ − ε̂_t over the draws. A draw whose coins all fall the same way is
fitted by a constant with no error (every learner here can output one label), so it is not
passed to the learner, which would refuse a single class.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..base import ValidationError, clone

__all__ = ["RademacherEstimate", "empirical_rademacher"]


@dataclass(frozen=True)
class RademacherEstimate:
    """value: ½ − mean training error; std: spread of ½ − ε̂_t over the draws; per_draw: ½ − ε̂_t;
    signs: the (T, m) ±1 labels; models: the fits (None for a constant draw) when kept."""

    value: float
    std: float
    per_draw: np.ndarray
    signs: np.ndarray
    models: list = field(default_factory=list)

    @property
    def stderr(self) -> float:
        """Standard error of the mean over the draws: std / √T."""
        return self.std / math.sqrt(len(self.per_draw))


def empirical_rademacher(estimator, X, n_draws: int = 20, random_state=None, progress=None,
                         keep_models: bool = False) -> RademacherEstimate:
    """Estimate R̂_S(H) of ``estimator`` (hyperparameters fixed) on the points X.

    Each draw fits a clone of ``estimator`` on (X, σ) with σ uniform in {−1, +1}^m and records
    ½ − ε̂. ``progress(done, total)`` is called after every draw. ``random_state`` (an int or
    None) seeds the coins; the estimator keeps its own ``random_state``.
    """
    try:
        X = np.asarray(X, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValidationError("X must be numbers: one row per point") from None
    if X.ndim != 2 or X.shape[0] < 2:
        raise ValidationError(f"X must be an (m, d) array with at least 2 points; got shape {X.shape}. "
                              "Reshape your data to one row per point")
    if not np.isfinite(X).all():
        raise ValidationError("X contains NaN or infinite values")
    if isinstance(n_draws, bool) or not isinstance(n_draws, int) or n_draws < 1:
        raise ValidationError(f"n_draws={n_draws!r} must be a whole number of at least 1")
    rng = np.random.default_rng(random_state)
    m = X.shape[0]
    signs = rng.choice(np.array([-1, 1]), size=(n_draws, m))
    per_draw = np.empty(n_draws)
    models = []
    for t, sigma in enumerate(signs):
        if np.all(sigma == sigma[0]):
            error, model = 0.0, None
        else:
            model = clone(estimator).fit(X, sigma)
            error = float(np.mean(model.predict(X) != sigma))
        per_draw[t] = 0.5 - error
        if keep_models:
            models.append(model)
        if progress is not None:
            progress(t + 1, n_draws)
    std = float(per_draw.std(ddof=1)) if n_draws > 1 else 0.0
    return RademacherEstimate(float(per_draw.mean()), std, per_draw, signs, models)
