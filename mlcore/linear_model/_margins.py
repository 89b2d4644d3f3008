"""The geometric margin of each point under a two-class linear model.

For f(x) = w·x + b and a label y in {-1, +1} (+1 for ``classes_[1]``):

    gamma_i = y_i f(x_i) / ||w||

|gamma_i| is the Euclidean distance from x_i to the hyperplane f = 0 (the distance
from x to {z : w·z + b = 0} is |w·x + b| / ||w||); the sign says whether x_i is on
its own class's side (> 0) or on the wrong side (< 0). The smallest gamma_i over a
separable training set is the margin gamma of the perceptron's mistake bound and of
the hard-margin SVM.
"""

from __future__ import annotations

import numpy as np

from ..base import ValidationError, check_array, check_is_fitted

__all__ = ["geometric_margins", "hyperplane_margins"]


def geometric_margins(model, X, y) -> np.ndarray:
    """gamma_i = y_i (w·x_i + b) / ||w|| for a fitted two-class linear ``model``.

    ``model`` has ``coef_`` of shape (1, d), ``classes_`` of two labels and
    ``decision_function`` = w·x + b (positive means ``classes_[1]``): the perceptron, the
    least-squares classifier, logistic regression, the linear SVMs. ``y`` holds labels
    from ``classes_``; y_i = +1 for ``classes_[1]``, -1 for ``classes_[0]``.
    """
    check_is_fitted(model, "coef_")
    classes = np.asarray(model.classes_)
    coef = np.asarray(model.coef_, dtype=np.float64)
    if len(classes) != 2 or coef.ndim != 2 or coef.shape[0] != 1:
        raise ValidationError("the geometric margin y·f(x)/||w|| needs a two-class linear model "
                              f"(one weight vector); this one has {coef.shape[0]} for {len(classes)} classes")
    X = check_array(X, n_features=coef.shape[1])
    y = np.asarray(y).ravel()
    if y.shape[0] != X.shape[0]:
        raise ValidationError(f"X has {X.shape[0]} points but y has {y.shape[0]} labels")
    known = np.isin(y, classes)
    if not known.all():
        raise ValidationError(f"label {y[~known][0]!r} is not one of the model's classes "
                              f"{', '.join(map(str, classes.tolist()))}")
    norm = float(np.linalg.norm(coef[0]))
    if norm == 0.0:
        raise ValidationError("w = 0: the model has no hyperplane, so no point has a geometric margin")
    signs = np.where(y == classes[1], 1.0, -1.0)
    return signs * np.asarray(model.decision_function(X), dtype=np.float64) / norm


def hyperplane_margins(X, t, coef, intercept) -> np.ndarray:
    """gamma_i = t_i (w·x_i + b) / ||w|| for given weights (a perceptron's at one step of
    its training), with ``t`` in {-1, +1}; ``coef`` is w, (d,), ``intercept`` is b."""
    w = np.asarray(coef, dtype=np.float64).ravel()
    X = check_array(X, n_features=w.shape[0])
    t = np.asarray(t, dtype=np.float64).ravel()
    if t.shape[0] != X.shape[0] or not np.all(np.abs(t) == 1):
        raise ValidationError(f"t must hold one label -1 or +1 per point ({X.shape[0]} points)")
    norm = float(np.linalg.norm(w))
    if norm == 0.0:
        raise ValidationError("w = 0: the model has no hyperplane, so no point has a geometric margin")
    return t * (X @ w + float(intercept)) / norm
