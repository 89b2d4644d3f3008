"""Feature transforms, fitted on training data only (scikit-learn's names and meanings).

``fit(X)`` learns what the transform needs from the training set (means, ranges,
quantiles), ``transform(X)`` applies it to any set, ``fit_transform`` does both, and
``inverse_transform`` undoes it where the map is invertible.
"""

from ._function import FunctionTransformer
from ._polynomial import PolynomialFeatures
from ._scalers import MinMaxScaler, Normalizer, QuantileClipper, StandardScaler

__all__ = ["StandardScaler", "MinMaxScaler", "QuantileClipper", "Normalizer", "FunctionTransformer",
           "PolynomialFeatures"]
