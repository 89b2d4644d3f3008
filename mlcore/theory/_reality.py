"""The bounds against the error they bound: training error, test error and both bounds for growing m."""

from __future__ import annotations

import numpy as np

from ..base import ValidationError, clone
from ._bounds import rademacher_bound, vc_bound
from ._rademacher import empirical_rademacher

__all__ = ["bounds_against_reality"]


def bounds_against_reality(estimator, sample, sizes, *, vc_dim: int, n_resamples: int = 10, n_test: int = 2000,
                           delta: float = 0.05, rademacher_draws: int = 10, random_state: int = 0,
                           progress=None) -> dict:
    """For each training size m in ``sizes``: fit ``estimator`` on ``n_resamples`` fresh samples
    ``sample(m, seed)`` and score each fit on a fresh test sample ``sample(n_test, seed')``.

    Returns arrays over the sizes: ``train`` (mean training error R̂), ``test`` (mean test error,
    the estimate of R(h)), ``test_low`` / ``test_high`` (2.5 and 97.5 percentiles over the
    resamples: the 95% band), ``vc`` (the VC bound at the mean R̂ with d = ``vc_dim``),
    ``rademacher`` (R̂_S(H) estimated by ``rademacher_draws`` random-label fits on the first
    resample) and ``rad_bound`` (the Rademacher bound at the mean R̂). ``progress(done, total)``
    is called after every fit.
    """
    sizes = [int(m) for m in sizes]
    if not sizes or min(sizes) < max(2, vc_dim):
        raise ValidationError(f"every training size must be at least the VC dimension {vc_dim} (and 2)")
    total = len(sizes) * (n_resamples + rademacher_draws)
    done = 0
    seeds = np.random.SeedSequence(random_state).generate_state(2 * n_resamples * len(sizes))
    out = {k: np.empty(len(sizes)) for k in ("train", "test", "test_low", "test_high", "vc", "rademacher",
                                             "rad_bound")}
    for s, m in enumerate(sizes):
        train_err, test_err, first_X = [], [], None
        for r in range(n_resamples):
            base = 2 * (s * n_resamples + r)
            X, y = sample(m, int(seeds[base]))
            X_test, y_test = sample(n_test, int(seeds[base + 1]))
            model = clone(estimator).fit(X, y)
            train_err.append(float(np.mean(model.predict(X) != y)))
            test_err.append(float(np.mean(model.predict(X_test) != y_test)))
            first_X = X if first_X is None else first_X
            done += 1
            if progress is not None:
                progress(done, total)

        def step(t, _total, offset=done):
            if progress is not None:
                progress(offset + t, total)

        rad = empirical_rademacher(estimator, first_X, rademacher_draws, random_state=int(seeds[2 * s]),
                                   progress=step).value
        done += rademacher_draws
        out["train"][s] = np.mean(train_err)
        out["test"][s] = np.mean(test_err)
        out["test_low"][s], out["test_high"][s] = np.percentile(test_err, [2.5, 97.5])
        out["vc"][s] = vc_bound(out["train"][s], m, vc_dim, delta)
        out["rademacher"][s] = rad
        out["rad_bound"][s] = rademacher_bound(out["train"][s], rad, m, delta)
    out["sizes"] = np.array(sizes)
    return out
