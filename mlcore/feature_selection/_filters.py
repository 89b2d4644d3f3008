"""Filter rankings: each feature scored on its own against the label (cheap: d scores, no model).

A filter cannot see features that only help together (XOR's two axes each score ~0) nor
redundancy (two copies of one good feature both score high).
"""

from __future__ import annotations

import numbers

import numpy as np

from ..base import BaseEstimator, ValidationError, check_is_fitted, check_scalar, check_X_y


def _onehot(y_enc: np.ndarray, K: int) -> np.ndarray:
    return (y_enc[:, None] == np.arange(K)).astype(np.float64)


def pearson_scores(X, y) -> np.ndarray:
    """|r_j|, Pearson's correlation of feature j with the label.

    r_j = Σ_i (x_ij − x̄_j)(t_i − t̄) / sqrt(Σ_i (x_ij − x̄_j)² Σ_i (t_i − t̄)²) with t_i = [y_i = c].
    Two classes: t is the indicator of classes_[1] (the sign of r only says which class has the
    larger values, so its absolute value ranks). K classes: the largest |r| over the K
    one-vs-rest indicators. A constant feature scores 0.
    """
    X, y_enc, classes = check_X_y(X, y)
    T = _onehot(y_enc, len(classes))
    if len(classes) == 2:
        T = T[:, 1:]
    Xc = X - X.mean(axis=0)
    Tc = T - T.mean(axis=0)
    spread = np.sqrt((Xc ** 2).sum(axis=0))[:, None] * np.sqrt((Tc ** 2).sum(axis=0))[None, :]
    r = np.divide(Xc.T @ Tc, spread, out=np.zeros_like(spread), where=spread > 0)
    return np.abs(r).max(axis=1)


def discretise(X, n_bins: int = 8) -> np.ndarray:
    """Each feature cut into ``n_bins`` equal-frequency bins (training quantiles): codes 0..n_bins−1."""
    edges = np.quantile(X, np.linspace(0, 1, n_bins + 1)[1:-1], axis=0)
    return np.stack([np.searchsorted(edges[:, j], X[:, j], side="right") for j in range(X.shape[1])], axis=1)


def mutual_info_scores(X, y, n_bins: int = 8) -> np.ndarray:
    """I(X_j; Y) in nats, X_j discretised into ``n_bins`` equal-frequency bins.

    I = Σ_b Σ_c p(b, c) ln(p(b, c) / (p(b) p(c))), with p the frequencies in the training set.
    0 when bin and class are independent; at most ln K. With few points per cell the plug-in
    estimate is biased upwards (a noise feature scores a little above 0).
    """
    X, y_enc, classes = check_X_y(X, y)
    n_bins = check_scalar(n_bins, "n_bins", kind=numbers.Integral, low=2, high=100)
    codes = discretise(X, n_bins)
    K, n = len(classes), len(y_enc)
    scores = np.empty(X.shape[1])
    for j in range(X.shape[1]):
        joint = np.zeros((n_bins, K))
        np.add.at(joint, (codes[:, j], y_enc), 1.0)
        joint /= n
        outer = joint.sum(axis=1, keepdims=True) * joint.sum(axis=0, keepdims=True)
        nz = joint > 0
        scores[j] = float(np.sum(joint[nz] * np.log(joint[nz] / outer[nz])))
    return scores


def stump_scores(X, y) -> np.ndarray:
    """Training accuracy of the best decision stump on feature j alone.

    A stump x_j <= θ predicts the majority class on each side; over every θ between two
    distinct sorted values, accuracy = (max_c n_left,c + max_c n_right,c) / n. A useless
    feature scores the majority-class share (no cut beats predicting one class everywhere).
    """
    X, y_enc, classes = check_X_y(X, y)
    K, n = len(classes), len(y_enc)
    onehot = _onehot(y_enc, K)
    total = onehot.sum(axis=0)
    scores = np.empty(X.shape[1])
    for j in range(X.shape[1]):
        order = np.argsort(X[:, j], kind="stable")
        left = np.cumsum(onehot[order], axis=0)[:-1]   # class counts of the first i + 1 sorted points
        values = X[order, j]
        cuttable = values[1:] > values[:-1]             # a threshold can only fall between distinct values
        correct = left.max(axis=1) + (total - left).max(axis=1)
        best = correct[cuttable].max() if cuttable.any() else 0.0
        scores[j] = max(best, total.max()) / n
    return scores


SCORES = {"pearson": pearson_scores, "mutual_info": mutual_info_scores, "stump": stump_scores}


class SelectKBest(BaseEstimator):
    """Keep the k features with the highest filter score (``score_func`` a name of SCORES or a function)."""

    def __init__(self, score_func="pearson", k=2):
        self.score_func = score_func
        self.k = k

    def fit(self, X, y):
        func = SCORES.get(self.score_func) if isinstance(self.score_func, str) else self.score_func
        if not callable(func):
            raise ValidationError(f"score_func={self.score_func!r} must be a function or one of {', '.join(SCORES)}")
        X = np.asarray(X, dtype=np.float64)
        self.scores_ = np.asarray(func(X, y), dtype=np.float64)
        k = check_scalar(self.k, "k", kind=numbers.Integral, low=1, high=X.shape[1], model="SelectKBest")
        # Highest scores first; ties go to the lower feature index (stable sort).
        keep = np.argsort(-self.scores_, kind="stable")[:k]
        self.support_ = np.zeros(X.shape[1], dtype=bool)
        self.support_[keep] = True
        self.n_features_in_ = X.shape[1]
        return self

    def get_support(self, indices: bool = False):
        check_is_fitted(self, "support_")
        return np.flatnonzero(self.support_) if indices else self.support_.copy()

    def transform(self, X):
        check_is_fitted(self, "support_")
        return np.asarray(X, dtype=np.float64)[:, self.support_]
