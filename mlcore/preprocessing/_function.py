"""Elementwise transforms by name: the signed log and the sigmoid (and any function pair)."""

from __future__ import annotations

import numpy as np

from ..base import BaseEstimator, ValidationError, check_array
from ._base import TransformerMixin


def signed_log(X):
    """sign(x) · ln(1 + |x|): the log's compression of large values, defined for every real x."""
    return np.sign(X) * np.log1p(np.abs(X))


def signed_exp(Z):
    """The inverse of ``signed_log``: sign(z) · (e^|z| − 1)."""
    return np.sign(Z) * np.expm1(np.abs(Z))


def sigmoid(X):
    """1 / (1 + e^(−x)), written so that no exp overflows."""
    out = np.empty_like(X)
    pos = X >= 0
    out[pos] = 1.0 / (1.0 + np.exp(-X[pos]))
    e = np.exp(X[~pos])
    out[~pos] = e / (1.0 + e)
    return out


def logit(Z):
    """ln(z / (1 − z)), the inverse of the sigmoid on (0, 1)."""
    if np.any((Z <= 0) | (Z >= 1)):
        raise ValidationError("the sigmoid's inverse needs values strictly between 0 and 1")
    return np.log(Z) - np.log1p(-Z)


NAMED = {"log": (signed_log, signed_exp), "sigmoid": (sigmoid, logit)}


class FunctionTransformer(TransformerMixin, BaseEstimator):
    """z = f(x) elementwise; learns nothing (scikit-learn's ``FunctionTransformer``).

    ``func`` is a callable, None (the identity) or a name: "log" is
    f(x) = sign(x) ln(1 + |x|) (the log of the notes, made defined for negative values:
    it squashes large magnitudes and keeps the order), "sigmoid" is
    f(x) = 1 / (1 + e^(−x)) (squashes every value into (0, 1)). A name brings its inverse;
    with a callable pass ``inverse_func`` to use ``inverse_transform``.
    """

    def __init__(self, func=None, inverse_func=None):
        self.func = func
        self.inverse_func = inverse_func

    def _pair(self):
        if self.func is None:
            return (lambda X: X), (self.inverse_func or (lambda Z: Z))
        if isinstance(self.func, str):
            if self.func not in NAMED:
                raise ValidationError(f"func={self.func!r} must be a function or one of {', '.join(NAMED)}")
            forward, inverse = NAMED[self.func]
            return forward, self.inverse_func or inverse
        if not callable(self.func):
            raise ValidationError(f"func={self.func!r} must be a function or one of {', '.join(NAMED)}")
        return self.func, self.inverse_func

    def fit(self, X, y=None):
        self._pair()
        self.n_features_in_ = check_array(X).shape[1]
        return self

    def transform(self, X):
        return np.asarray(self._pair()[0](self._checked(X)), dtype=np.float64)

    def inverse_transform(self, X):
        inverse = self._pair()[1]
        if inverse is None:
            raise ValidationError("this FunctionTransformer has no inverse_func: pass one to invert it")
        return np.asarray(inverse(self._checked(X, "X")), dtype=np.float64)
