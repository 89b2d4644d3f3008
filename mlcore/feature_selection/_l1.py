"""The ℓ1 path of logistic regression: which coefficients are nonzero as the penalty weakens."""

from __future__ import annotations

import numpy as np

from ..base import ValidationError, check_X_y
from ..linear_model import LogisticRegression


def logistic_l1_path(X, y, Cs, *, tol: float = 1e-6, max_iter: int = 200):
    """Coefficients of ℓ1-penalised logistic regression for each C in ``Cs``.

    Each fit minimises C · Σ_i loss_i + ||w||_1. The ℓ1 ball's corners lie on the axes,
    so the optimum often has w_j = 0 exactly: small C (strong penalty) keeps few features,
    and features enter the model one after another as C grows. Standardise X first, or the
    penalty favours features measured in large units.

    Returns ``coefs`` of shape (len(Cs), rows, d) (rows = 1 for two classes, else K) and the
    intercepts (len(Cs), rows).
    """
    X, y_enc, classes = check_X_y(X, y)
    Cs = np.asarray(Cs, dtype=np.float64).ravel()
    if Cs.size == 0 or not np.all(np.isfinite(Cs)) or np.any(Cs <= 0):
        raise ValidationError("Cs must be positive finite numbers, e.g. np.logspace(-3, 1, 20)")
    coefs, intercepts = [], []
    for C in Cs:
        model = LogisticRegression(C=float(C), penalty="l1", tol=tol, max_iter=max_iter).fit(X, y_enc)
        coefs.append(model.coef_.copy())
        intercepts.append(model.intercept_.copy())
    return np.array(coefs), np.array(intercepts)
