"""Polynomial features: the explicit feature map Φ of a polynomial kernel."""

from __future__ import annotations

import numbers
from itertools import combinations, combinations_with_replacement

import numpy as np

from ..base import BaseEstimator, check_array, check_scalar
from ._base import TransformerMixin


class PolynomialFeatures(TransformerMixin, BaseEstimator):
    """Φ(x) = every monomial x_1^a_1 ··· x_d^a_d with 1 <= a_1 + ... + a_d <= degree (plus 1).

    In scikit-learn's order: the bias 1 (``include_bias``), then degree 1, 2, ... and within
    a degree the index tuples of ``combinations_with_replacement`` (x0², x0x1, x1², ...).
    With ``interaction_only`` only products of distinct features. There are
    C(d + degree, degree) columns with the bias. A linear model on Φ(x) is a polynomial
    model on x: the boundary w·Φ(x) + b = 0 is a curve of that degree in the plane.
    Fitted: ``powers_`` (n_output, d), ``n_output_features_``, ``n_features_in_``.
    """

    def __init__(self, degree=2, interaction_only=False, include_bias=True):
        self.degree = degree
        self.interaction_only = interaction_only
        self.include_bias = include_bias

    def fit(self, X, y=None):
        d = check_array(X).shape[1]
        degree = check_scalar(self.degree, "degree", kind=numbers.Integral, low=0, high=10, model="PolynomialFeatures")
        combine = self._combinations()
        start = 0 if self.include_bias else 1
        powers = []
        for k in range(start, degree + 1):
            for combo in combine(range(d), k):
                row = np.zeros(d, dtype=np.int64)
                np.add.at(row, list(combo), 1)
                powers.append(row)
        self.powers_ = np.array(powers, dtype=np.int64).reshape(-1, d)
        self.n_output_features_ = len(self.powers_)
        self.n_features_in_ = d
        return self

    def _combinations(self):
        return combinations if self.interaction_only else combinations_with_replacement

    def transform(self, X):
        X = self._checked(X)
        # A column is its factors multiplied from the last one backwards, x0·(x1·x2): scikit-learn
        # builds degree k as one feature times a degree k − 1 column, so both round the same way.
        Z = np.ones((X.shape[0], self.n_output_features_))
        for col, powers in enumerate(self.powers_):
            factors = np.repeat(np.arange(len(powers)), powers)
            if len(factors):
                out = X[:, factors[-1]]
                for feature in factors[-2::-1]:
                    out = X[:, feature] * out
                Z[:, col] = out
        return Z

    def get_feature_names_out(self, input_features=None):
        names = input_features if input_features is not None else [f"x{j}" for j in range(self.n_features_in_)]
        out = []
        for powers in self.powers_:
            terms = [names[j] if p == 1 else f"{names[j]}^{p}" for j, p in enumerate(powers) if p]
            out.append(" ".join(terms) if terms else "1")
        return np.array(out, dtype=object)
