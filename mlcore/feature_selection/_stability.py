"""How stable a selection is: refit the selector on bootstrap samples and compare the sets."""

from __future__ import annotations

import numbers
from itertools import combinations

import numpy as np

from ..base import check_random_state, check_scalar, check_X_y, clone


def selection_stability(selector, X, y, n_bootstrap: int = 20, random_state=None, progress=None):
    """Fit clones of ``selector`` (anything with fit and get_support) on B bootstrap samples.

    Returns (frequency, jaccard, supports): frequency_j = share of the B samples whose
    selection holds feature j; jaccard = the mean over pairs of samples of |S_a ∩ S_b| /
    |S_a ∪ S_b| (1: the same set every time; small: the selection is mostly chance);
    supports the (B, d) boolean selections. ``progress(done, total)`` is called after each fit.
    """
    X, y_enc, classes = check_X_y(X, y)
    n_bootstrap = check_scalar(n_bootstrap, "n_bootstrap", kind=numbers.Integral, low=2, high=1000)
    rng = check_random_state(random_state)
    n = len(y_enc)
    supports = []
    for b in range(n_bootstrap):
        rows = rng.integers(0, n, n)
        while len(np.unique(y_enc[rows])) < 2:  # a sample with one class cannot be fitted
            rows = rng.integers(0, n, n)
        supports.append(clone(selector).fit(X[rows], classes[y_enc[rows]]).get_support())
        if progress is not None:
            progress(b + 1, n_bootstrap)
    supports = np.array(supports, dtype=bool)
    pairs = [(a, b) for a, b in combinations(range(n_bootstrap), 2)]
    overlaps = [np.sum(supports[a] & supports[b]) / max(np.sum(supports[a] | supports[b]), 1) for a, b in pairs]
    return supports.mean(axis=0), float(np.mean(overlaps)), supports
