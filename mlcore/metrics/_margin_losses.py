"""Losses of the margin m = y·f(x) (labels y = ±1, f the classifier's score), the curves the notes
draw side by side. Every one but the 0-1 loss is a convex surrogate: it upper-bounds the 0-1 loss,
so driving it down drives the training error down.

* 0-1          [m <= 0]               (a point on the boundary counts as a mistake)
* hinge        max(0, 1 - m)          (the SVM)
* logistic     log2(1 + e^-m)         (logistic regression; base 2 so that it is 1 at m = 0)
* exponential  e^-m                   (AdaBoost)
* squared      (1 - m)^2              (least squares on ±1 labels: (y - f)^2 = (1 - m)^2 as y² = 1)
"""

from __future__ import annotations

import numpy as np

__all__ = ["zero_one_margin_loss", "hinge_margin_loss", "logistic_margin_loss", "exponential_margin_loss",
           "squared_margin_loss", "MARGIN_LOSSES"]


def zero_one_margin_loss(margin) -> np.ndarray:
    """[m <= 0]: 1 for a mistake (or a point on the boundary), else 0."""
    return (np.asarray(margin, dtype=np.float64) <= 0).astype(np.float64)


def hinge_margin_loss(margin) -> np.ndarray:
    """max(0, 1 - m): zero only beyond the margin m >= 1, linear inside it."""
    return np.maximum(0.0, 1.0 - np.asarray(margin, dtype=np.float64))


def logistic_margin_loss(margin, base: float = 2.0) -> np.ndarray:
    """log_base(1 + e^-m) = ln(1 + e^-m) / ln(base), the negative log-likelihood of the sigmoid model.

    Base 2 (the default) makes it 1 at m = 0 and so an upper bound of the 0-1 loss everywhere;
    in base e it is ln 2 ≈ 0.693 at m = 0 and stays below 1 for m > -ln(e - 1) ≈ -0.541,
    so the natural-log loss does not bound the 0-1 loss on (-0.541, 0]. ln(1 + e^-m) is
    formed as logaddexp(0, -m), which neither overflows for m << 0 nor loses e^-m for m >> 0."""
    return np.logaddexp(0.0, -np.asarray(margin, dtype=np.float64)) / np.log(base)


def exponential_margin_loss(margin) -> np.ndarray:
    """e^-m, AdaBoost's loss: it grows exponentially with a mistake's depth."""
    with np.errstate(over="ignore"):
        return np.exp(-np.asarray(margin, dtype=np.float64))


def squared_margin_loss(margin) -> np.ndarray:
    """(1 - m)^2: with y = ±1, (y - f)^2 = y²(1 - y f)^2 = (1 - m)^2. It also charges points that
    are too right (m > 1), which is why least squares is a poor classifier near outliers."""
    return (1.0 - np.asarray(margin, dtype=np.float64)) ** 2


# name shown in a figure's legend -> the loss, in the order the notes draw them
MARGIN_LOSSES = {
    "0-1": zero_one_margin_loss,
    "hinge": hinge_margin_loss,
    "logistic": logistic_margin_loss,
    "exponential": exponential_margin_loss,
    "squared": squared_margin_loss,
}
