"""Classification by least squares: regress ±1 targets, predict the sign.

Targets: two classes give one column t_i = +1 for classes_[1], -1 for classes_[0];
K > 2 classes give a target matrix T (n, K) with T_ik = +1 if y_i = k else -1
(one-vs-all). With the augmented design matrix A = [X, 1] the weights are

    [W; b] = A^+ T        (A^+ the Moore–Penrose pseudo-inverse),

the minimiser of ||A [W; b] - T||^2 (the one of least norm when A has
dependent columns). Predict sign(x·w + b) for two classes and
argmax_k (x·w_k + b_k) otherwise.

How it is computed: the intercept is eliminated first. At the optimum
b = t_mean - x_mean·W, so W is the least-squares solution of the centred problem
(X - x_mean) W = T - t_mean, solved with an SVD (np.linalg.lstsq). This gives
exactly A^+ T whenever A has independent columns, and is much better
conditioned when the data sit far from the origin (x around 1e9). With
dependent (collinear or constant) columns it returns the W of least norm,
the same choice as scikit-learn's LinearRegression; the fitted scores on the
training points are the same for every least-squares solution.
"""

from __future__ import annotations

import numpy as np

from ..base import (
    BaseEstimator,
    ClassifierMixin,
    LinearClassifierMixin,
    check_X_y,
)


class LeastSquaresClassifier(LinearClassifierMixin, ClassifierMixin, BaseEstimator):
    """Linear regression on ±1 targets (one-vs-all for K > 2); no hyperparameters.

    Learned attributes: classes_, n_features_in_, coef_ ((1, d) for two classes,
    (K, d) otherwise), intercept_ ((1,) or (K,)).
    """

    def __init__(self):
        pass

    def fit(self, X, y):
        X, y_enc, classes = check_X_y(X, y)
        if len(classes) == 2:
            T = np.where(y_enc == 1, 1.0, -1.0)[:, None]
        else:
            T = np.where(y_enc[:, None] == np.arange(len(classes)), 1.0, -1.0)
        x_mean, t_mean = X.mean(axis=0), T.mean(axis=0)
        W, *_ = np.linalg.lstsq(X - x_mean, T - t_mean, rcond=None)
        self.classes_ = classes
        self.n_features_in_ = X.shape[1]
        self.coef_ = W.T.copy()
        self.intercept_ = t_mean - x_mean @ W
        return self
