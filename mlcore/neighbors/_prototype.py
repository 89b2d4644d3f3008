"""Learning with prototypes: each class is its mean; predict the nearest mean.

    mu_c = (1/n_c) sum_{i: y_i = c} x_i                     (``prototypes_``, (K, d))
    predict(x) = argmin_c dist(x, mu_c)   (ties go to the smallest class index)

Distances (``distances(X)`` returns these, (n, K)):

    euclidean    ||x - mu_c||^2               (squared: same argmin, no square root)
    manhattan    sum_j |x_j - mu_cj|
    mahalanobis  (x - mu_c)^T S_c^-1 (x - mu_c),  S_c = Sigma_c + lambda I

Sigma_c is class c's own covariance (divided by n_c), so the boundary bends to
each class's spread.  lambda = 1e-3 * (mean variance of the features over all of
X) keeps S_c invertible for a class of one point or of collinear points.

With two classes and the Euclidean metric the rule "predict classes_[1] when
||mu_0 - x||^2 - ||mu_1 - x||^2 > 0" is linear in x: the boundary is the
perpendicular bisector of the two means.
"""

from __future__ import annotations

import numpy as np

from ..base import BaseEstimator, ClassifierMixin, check_array, check_choice, check_is_fitted, check_X_y

METRICS = ("euclidean", "manhattan", "mahalanobis")


class PrototypeClassifier(ClassifierMixin, BaseEstimator):
    """Nearest class mean.

    Learned attributes: ``classes_``, ``prototypes_`` (K, d), ``class_count_``,
    ``n_features_in_``; with ``metric="mahalanobis"`` also ``covariances_`` (K, d, d),
    the regularised S_c, and ``precisions_`` = S_c^-1.
    """

    def __init__(self, metric="euclidean"):
        self.metric = metric

    def fit(self, X, y):
        X, y_enc, classes = check_X_y(X, y)
        check_choice(self.metric, "metric", METRICS, model=type(self).__name__)
        K, d = len(classes), X.shape[1]
        counts = np.bincount(y_enc, minlength=K)
        means = np.stack([X[y_enc == c].mean(axis=0) for c in range(K)])
        if self.metric == "mahalanobis":
            overall = float(np.mean(np.var(X, axis=0)))
            # all points identical: any positive ridge gives the same (zero) distances
            ridge = 1e-3 * overall if overall > 0 else 1.0
            covs = np.empty((K, d, d))
            precs = np.empty((K, d, d))
            for c in range(K):
                centred = X[y_enc == c] - means[c]
                covs[c] = centred.T @ centred / counts[c] + ridge * np.eye(d)
                # eigh of a symmetric matrix: an inverse that stays symmetric and finite
                vals, vecs = np.linalg.eigh(covs[c])
                vals = np.maximum(vals, ridge)
                precs[c] = (vecs / vals) @ vecs.T
            self.covariances_ = covs
            self.precisions_ = precs
        self.classes_ = classes
        self.prototypes_ = means
        self.class_count_ = counts
        self.n_features_in_ = d
        return self

    def distances(self, X):
        """(n, K) distance of each point to each prototype (see the module docstring)."""
        check_is_fitted(self)
        X = check_array(X, n_features=self.n_features_in_)
        out = np.empty((X.shape[0], len(self.classes_)))
        for c, mu in enumerate(self.prototypes_):
            diff = X - mu
            if self.metric == "euclidean":
                out[:, c] = np.einsum("ij,ij->i", diff, diff)
            elif self.metric == "manhattan":
                out[:, c] = np.abs(diff).sum(axis=1)
            else:
                out[:, c] = np.einsum("ij,jk,ik->i", diff, self.precisions_[c], diff)
        # rounding can make a Mahalanobis form a hair below zero
        return np.maximum(out, 0.0)

    def decision_function(self, X):
        """Binary: dist(x, mu_0) - dist(x, mu_1), positive means classes_[1]
        (Euclidean: ||mu_0 - x||^2 - ||mu_1 - x||^2).  K > 2: (n, K) of -dist(x, mu_c)."""
        D = self.distances(X)
        if D.shape[1] == 2:
            return D[:, 0] - D[:, 1]
        return -D

    def predict(self, X):
        D = self.distances(X)
        return self.classes_[np.argmin(D, axis=1)]
