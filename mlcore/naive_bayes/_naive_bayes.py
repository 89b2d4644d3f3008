"""Naive Bayes: features independent given the class.

    P(c | x) proportional to P(c) prod_j P(x_j | c)

Products of many small numbers underflow, so everything is summed in log space:

    jll_c(x) = log P(c) + sum_j log P(x_j | c)            (joint log-likelihood)
    log P(c | x) = jll_c(x) - logsumexp_c' jll_c'(x)
    logsumexp(a) = max(a) + log sum exp(a - max(a))
"""

from __future__ import annotations

import numbers

import numpy as np

from ..base import (
    BaseEstimator,
    ClassifierMixin,
    ValidationError,
    check_array,
    check_is_fitted,
    check_scalar,
    check_X_y,
)


def _log_posterior(jll):
    """Rows of jll normalised in log space: jll - logsumexp(jll)."""
    # Column by column: for few classes numpy's row-wise reductions are ~30x slower.
    # Shift first: with |jll| ~ 1e10, jll - (top + log s) would lose the small log s.
    top = jll[:, 0].copy()
    for c in range(1, jll.shape[1]):
        np.maximum(top, jll[:, c], out=top)
    shifted = jll - top[:, None]
    total = np.zeros(jll.shape[0])
    for c in range(jll.shape[1]):
        total += np.exp(shifted[:, c])
    shifted -= np.log(total)[:, None]
    return shifted


class GaussianNB(ClassifierMixin, BaseEstimator):
    """Each feature is normal within each class:

        log P(x_j | c) = -1/2 log(2 pi var_cj) - (x_j - theta_cj)^2 / (2 var_cj)

    theta_cj and var_cj are the class's mean and (biased, / n_c) variance, plus
    epsilon_ = var_smoothing * max_j Var(X_j) added to every variance (as in
    scikit-learn), so a feature that is constant within a class cannot divide
    by zero.  If every feature of X is constant, epsilon_ = var_smoothing.

    Learned: ``classes_``, ``theta_`` (K, d), ``var_`` (K, d), ``class_count_``,
    ``class_prior_`` = n_c / n, ``epsilon_``, ``n_features_in_``.
    """

    def __init__(self, var_smoothing=1e-9):
        self.var_smoothing = var_smoothing

    def fit(self, X, y):
        X, y_enc, classes = check_X_y(X, y)
        smoothing = check_scalar(self.var_smoothing, "var_smoothing", low=0.0,
                                 low_inclusive=False, model=type(self).__name__)
        if not np.isfinite(smoothing):
            raise ValidationError(f"var_smoothing={self.var_smoothing!r} must be a finite number")
        K = len(classes)
        top_var = float(np.var(X, axis=0).max())
        self.epsilon_ = smoothing * (top_var if top_var > 0 else 1.0)
        self.theta_ = np.stack([X[y_enc == c].mean(axis=0) for c in range(K)])
        self.var_ = np.stack([X[y_enc == c].var(axis=0) for c in range(K)]) + self.epsilon_
        self.class_count_ = np.bincount(y_enc, minlength=K).astype(np.float64)
        self.class_prior_ = self.class_count_ / self.class_count_.sum()
        self.classes_ = classes
        self.n_features_in_ = X.shape[1]
        return self

    def joint_log_likelihood(self, X):
        """(n, K): log P(c) + sum_j log N(x_j; theta_cj, var_cj)."""
        check_is_fitted(self)
        X = check_array(X, n_features=self.n_features_in_)
        columns = np.ascontiguousarray(X.T)  # feature by feature: fast 1-D passes on a tall grid
        jll = np.empty((X.shape[0], len(self.classes_)))
        for c in range(len(self.classes_)):
            quad = np.zeros(X.shape[0])
            for j, col in enumerate(columns):
                diff = col - self.theta_[c, j]
                diff *= diff
                diff /= self.var_[c, j]
                quad += diff
            norm = -0.5 * np.sum(np.log(2.0 * np.pi * self.var_[c]))
            jll[:, c] = (np.log(self.class_prior_[c]) + norm) - 0.5 * quad
        return jll

    def predict_log_proba(self, X):
        return _log_posterior(self.joint_log_likelihood(X))

    def predict_proba(self, X):
        return np.exp(self.predict_log_proba(X))

    def decision_function(self, X):
        """Binary: log P(c1 | x) - log P(c0 | x) = jll_1 - jll_0 (the evidence cancels).
        K > 2: (n, K) log posteriors log P(c | x)."""
        jll = self.joint_log_likelihood(X)
        if jll.shape[1] == 2:
            return jll[:, 1] - jll[:, 0]
        return _log_posterior(jll)

    def predict(self, X):
        jll = self.joint_log_likelihood(X)
        return self.classes_[np.argmax(jll, axis=1)]


class CategoricalNB(ClassifierMixin, BaseEstimator):
    """Naive Bayes for tables of categories (strings), with Laplace smoothing alpha:

        P(x_j = v | c) = (N_cjv + alpha) / (N_c + alpha * V_j)

    N_cjv counts rows of class c whose feature j is v, N_c counts rows of class c,
    V_j is the number of values of feature j seen in training.  alpha = 0 is
    maximum likelihood; alpha = 1 is Laplace's rule (scikit-learn's CategoricalNB).

    A value never seen in training for feature j (only possible at predict time)
    gets alpha / (N_c + alpha * (V_j + 1)): the unseen value counts as one more
    category.  With alpha = 0 that is probability 0 for every class.

    Learned: ``classes_``, ``categories_`` (per feature, the sorted values seen),
    ``category_count_`` (per feature, (K, V_j) counts N_cjv), ``category_probs_``
    (per feature, a dict value -> array over ``classes_`` of P(x_j = value | c)),
    ``class_count_``, ``class_prior_`` = N_c / n, ``n_features_in_``.
    """

    def __init__(self, alpha=1.0):
        self.alpha = alpha

    def fit(self, X, y):
        X = _check_table(X)
        _, y_enc, classes = check_X_y(np.zeros((X.shape[0], 1)), y)
        alpha = check_scalar(self.alpha, "alpha", low=0.0, model=type(self).__name__)
        if not np.isfinite(alpha):
            raise ValidationError(f"alpha={self.alpha!r} must be a finite number")
        K = len(classes)
        class_count = np.bincount(y_enc, minlength=K).astype(np.float64)
        categories, counts, probs = [], [], []
        for j in range(X.shape[1]):
            try:
                values, codes = np.unique(X[:, j], return_inverse=True)
            except TypeError:
                raise ValidationError(
                    f"feature {j} mixes kinds of values (numbers and strings); "
                    "make every value of a column the same kind") from None
            table = np.zeros((K, len(values)))
            np.add.at(table, (y_enc, codes), 1.0)
            p = (table + alpha) / (class_count[:, None] + alpha * len(values))
            categories.append(values)
            counts.append(table)
            probs.append({v: p[:, i] for i, v in enumerate(values.tolist())})
        self.alpha_ = alpha
        self.classes_ = classes
        self.categories_ = categories
        self.category_count_ = counts
        self.category_probs_ = probs
        self.class_count_ = class_count
        self.class_prior_ = class_count / class_count.sum()
        self.n_features_in_ = X.shape[1]
        return self

    def _log_likelihoods(self, X):
        """(n, K) log P(c) + sum_j log P(x_j | c); -inf where a factor is 0 (alpha = 0)."""
        check_is_fitted(self)
        X = _check_table(X, n_features=self.n_features_in_)
        alpha, count = self.alpha_, self.class_count_
        with np.errstate(divide="ignore"):
            jll = np.tile(np.log(self.class_prior_), (X.shape[0], 1))
            for j, values in enumerate(self.categories_):
                V = len(values)
                log_p = np.log((self.category_count_[j] + alpha) / (count[:, None] + alpha * V))
                unseen = np.log(alpha / (count + alpha * (V + 1)))
                column = X[:, j]
                pos = np.searchsorted(values, column)
                pos_c = np.minimum(pos, V - 1)
                seen = values[pos_c] == column
                jll += np.where(seen[:, None], log_p[:, pos_c].T, unseen[None, :])
        return jll

    def scores(self, X):
        """(n, K) unnormalised scores P(c) prod_j P(x_j | c), computed as exp(sum of logs)."""
        return np.exp(self._log_likelihoods(X))

    def predict_log_proba(self, X):
        jll = self._log_likelihoods(X)
        dead = np.all(np.isneginf(jll), axis=1)
        if dead.any():
            i = int(np.flatnonzero(dead)[0])
            raise ValidationError(
                f"row {i} has probability 0 under every class: it holds a value that no class "
                f"showed with that feature in training and alpha={self.alpha_:g}; "
                "use alpha > 0 (Laplace smoothing) to classify it")
        return _log_posterior(jll)

    def predict_proba(self, X):
        return np.exp(self.predict_log_proba(X))

    def predict(self, X):
        log_proba = self.predict_log_proba(X)
        return self.classes_[np.argmax(log_proba, axis=1)]


def _check_table(X, n_features=None):
    """A 2-D object array of category values, or a ValidationError."""
    try:
        arr = np.asarray(X, dtype=object)
    except (TypeError, ValueError):
        raise ValidationError("X must be a table: one row per example, one column per feature") from None
    if arr.ndim != 2:
        raise ValidationError(f"X must be 2-D (one row per example); got {arr.ndim} dimensions")
    if arr.shape[0] == 0 or arr.shape[1] == 0:
        raise ValidationError("X has no rows or no columns")
    for v in arr.ravel():
        if v is None or (isinstance(v, numbers.Real) and not np.isfinite(v)):
            raise ValidationError("X contains missing values (None or NaN); fill them first")
    if n_features is not None and arr.shape[1] != n_features:
        raise ValidationError(f"X has {arr.shape[1]} features but the model was trained on {n_features}")
    return arr
