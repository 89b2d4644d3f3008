"""Scalers and a clipper: per-feature affine maps (and winsorising) learned from the training set.

Each learns its numbers from the *training* points only; applying the same numbers to
test points is what keeps test data unseen (fitting on all data leaks the test set's
mean or range into the model).
"""

from __future__ import annotations

import numpy as np

from ..base import BaseEstimator, ValidationError, check_array, check_choice, check_scalar
from ._base import TransformerMixin

# A spread at or below this (relative to float resolution) is treated as zero: the feature is
# constant, and scaling it by 1 / spread would blow rounding noise up to O(1) values.
_TINY = 10 * np.finfo(np.float64).eps


def _nonzero(scale: np.ndarray) -> np.ndarray:
    """A spread of (numerically) zero becomes 1, as scikit-learn does: a constant column stays put."""
    return np.where(scale < _TINY, 1.0, scale)


class StandardScaler(TransformerMixin, BaseEstimator):
    """z-score: z_j = (x_j − μ_j) / σ_j with μ_j, σ_j the training mean and standard deviation.

    σ_j = sqrt((1/n) Σ_i (x_ij − μ_j)²) (the population deviation, ddof = 0, as scikit-learn).
    ``with_mean=False`` skips the centring, ``with_std=False`` the division (centring only).
    Fitted: ``mean_``, ``var_`` and ``scale_`` (σ_j, 1 where σ_j is 0; both None without
    ``with_std``), ``n_features_in_``.
    """

    def __init__(self, with_mean=True, with_std=True):
        self.with_mean = with_mean
        self.with_std = with_std

    def fit(self, X, y=None):
        X = check_array(X)
        self.mean_ = X.mean(axis=0)
        var = X.var(axis=0)
        # A variance within the rounding error of its own computation, n·eps·var + (n·eps·μ)²,
        # is a constant column (scikit-learn's test): it is divided by 1, not by noise.
        n, eps = X.shape[0], np.finfo(np.float64).eps
        constant = var <= n * eps * var + (n * self.mean_ * eps) ** 2
        self.var_ = var if self.with_std else None
        self.scale_ = np.where(constant, 1.0, np.sqrt(var)) if self.with_std else None
        self.n_features_in_ = X.shape[1]
        return self

    def transform(self, X):
        Z = self._checked(X).copy()
        if self.with_mean:
            Z -= self.mean_
        if self.with_std:
            Z /= self.scale_
        return Z

    def inverse_transform(self, X):
        X = self._checked(X, "X").copy()
        if self.with_std:
            X *= self.scale_
        if self.with_mean:
            X += self.mean_
        return X


class MinMaxScaler(TransformerMixin, BaseEstimator):
    """z_j = a + (x_j − min_j) (b − a) / (max_j − min_j), mapping the training range onto [a, b].

    Stored as scikit-learn does, z = x · scale_ + min_ with scale_ = (b − a) / (max − min)
    (1 / 1 on a constant column) and min_ = a − min_j · scale_; test points outside the
    training range land outside [a, b] unless ``clip=True``.
    """

    def __init__(self, feature_range=(0, 1), clip=False):
        self.feature_range = feature_range
        self.clip = clip

    def fit(self, X, y=None):
        X = check_array(X)
        low, high = self._range()
        self.data_min_ = X.min(axis=0)
        self.data_max_ = X.max(axis=0)
        self.data_range_ = self.data_max_ - self.data_min_
        self.scale_ = (high - low) / _nonzero(self.data_range_)
        self.min_ = low - self.data_min_ * self.scale_
        self.n_features_in_ = X.shape[1]
        return self

    def _range(self):
        try:
            low, high = (float(v) for v in self.feature_range)
        except (TypeError, ValueError):
            raise ValidationError(f"feature_range={self.feature_range!r} must be two numbers (low, high)") from None
        if not low < high:
            raise ValidationError(f"feature_range={self.feature_range!r}: the low end must be below the high end")
        return low, high

    def transform(self, X):
        Z = self._checked(X) * self.scale_ + self.min_
        if self.clip:
            np.clip(Z, *self._range(), out=Z)
        return Z

    def inverse_transform(self, X):
        return (self._checked(X, "X") - self.min_) / self.scale_


class QuantileClipper(TransformerMixin, BaseEstimator):
    """Winsorise: x_j -> min(max(x_j, q_j(lower)), q_j(upper)), q_j the training quantiles.

    Quantiles are numpy's default (linear interpolation between order statistics). An
    outlier keeps its side but loses its distance, so it can no longer dominate a mean,
    a range or a distance. Not invertible (clipped values are gone).
    """

    def __init__(self, lower=0.05, upper=0.95):
        self.lower = lower
        self.upper = upper

    def fit(self, X, y=None):
        X = check_array(X)
        lower = check_scalar(self.lower, "lower", low=0.0, high=1.0, model="QuantileClipper")
        upper = check_scalar(self.upper, "upper", low=0.0, high=1.0, model="QuantileClipper")
        if lower >= upper:
            raise ValidationError(f"lower={lower:g} must be below upper={upper:g}: they are the quantiles "
                                  "kept, e.g. lower=0.05, upper=0.95")
        self.lower_bound_ = np.quantile(X, lower, axis=0)
        self.upper_bound_ = np.quantile(X, upper, axis=0)
        self.n_features_in_ = X.shape[1]
        return self

    def transform(self, X):
        return np.clip(self._checked(X), self.lower_bound_, self.upper_bound_)


class Normalizer(TransformerMixin, BaseEstimator):
    """Each *row* to unit length: z = x / ||x||_p, p in {"l2", "l1", "max"} (a zero row stays 0).

    It learns nothing (each point is scaled by its own norm), so ``fit`` only records the width.
    All points end on the unit sphere: only their direction is kept.
    """

    def __init__(self, norm="l2"):
        self.norm = norm

    def fit(self, X, y=None):
        check_choice(self.norm, "norm", ("l2", "l1", "max"), model="Normalizer")
        self.n_features_in_ = check_array(X).shape[1]
        return self

    def transform(self, X):
        X = self._checked(X)
        if self.norm == "l2":
            norms = np.sqrt(np.einsum("ij,ij->i", X, X))
        elif self.norm == "l1":
            norms = np.abs(X).sum(axis=1)
        else:
            norms = np.abs(X).max(axis=1)
        return X / np.where(norms == 0.0, 1.0, norms)[:, None]
