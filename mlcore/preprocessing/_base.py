"""What every transformer shares: fit_transform, the fitted check, the width check."""

from __future__ import annotations

import numpy as np

from ..base import check_array, check_is_fitted


class TransformerMixin:
    """``fit_transform(X) = fit(X).transform(X)``; transformers learn ``n_features_in_`` in fit."""

    def fit_transform(self, X, y=None):
        return self.fit(X, y).transform(X)

    def _checked(self, X, name: str = "X") -> np.ndarray:
        """X validated against the width seen in fit (after the fitted check)."""
        check_is_fitted(self, "n_features_in_")
        return check_array(X, name=name, n_features=self.n_features_in_)
