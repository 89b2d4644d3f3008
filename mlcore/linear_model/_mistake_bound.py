"""The perceptron's mistake bound (Novikoff), with the bias handled three ways.

Theorem. If ||z_i|| <= R for every example and some unit vector u has
y_i u·z_i >= gamma > 0 for all i, the perceptron z-space update v <- v + y z
started at v = 0 makes at most (R / gamma)^2 mistakes, whatever the order and
however many epochs. (u·v grows by at least gamma per mistake and ||v||^2 by at
most R^2, so M gamma <= u·v <= ||v|| <= sqrt(M) R.) A learning rate only rescales
v and changes nothing.

How the bias enters decides what z, R and gamma are:

1. No bias (``fit_intercept=False``), z = x: R = max ||x||, gamma_0 = the largest
   margin of a separator through the origin. Bound (R / gamma_0)^2; it needs the
   data to be separable by a line through the origin.
2. Bias as a constant feature 1 (mlcore's Perceptron), z = (x, 1):
   R~ = max ||(x, 1)|| = sqrt(R^2 + 1), gamma~ = the largest margin of a separator
   through the origin of (x, 1)-space. Bound (R~ / gamma~)^2. Appending the 1
   changes R, and gamma~ <= gamma (a bias is now paid for in the norm). The notes'
   (R/gamma)^2 for the update w += y x, b += y is this one.
3. Bias as a constant feature R, z = (x, R) (the same as mlcore's Perceptron run
   on x / R): with gamma the usual hard-margin SVM margin (free bias b, and
   |b| / ||w|| <= R since the line passes between points inside the ball),
   u = (w, b / R) / ||w|| has norm <= sqrt(2) and ||z|| <= sqrt(2) R, so the
   bound is (2R / gamma)^2.

The margins come from mlcore's hard-margin SVM (``SVC(C=inf, kernel="linear")``).
A separator through the origin is the SVM on the symmetrised data {(z_i, y_i),
(-z_i, -y_i)}: its optimum is symmetric, so its bias is 0. Each gamma is measured
as min_i y_i f(z_i) / ||w|| of the hyperplane the solver returned, which is a true
margin of that hyperplane (so every bound below is valid even when the solver
stopped a little before the optimum, where it would equal 1 / ||w||).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..base import ValidationError, check_X_y
from ..svm import SVC

# SMO at C = inf can crawl on a thin margin (60 000+ steps at tol 1e-3 on 150 points with a
# gap of 0.05, where tol 1e-2 took 2000): try SVC's default tol, then 1e-2, then a large finite
# C, each with a step limit. The bounds use the margin measured on the returned hyperplane, so
# any of them gives valid bounds, about tol (relative) short of the widest margin.
_ATTEMPTS = ((math.inf, 1e-3), (math.inf, 1e-2), (1e4, 1e-3))
_MAX_ITER = 20_000


@dataclass(frozen=True)
class MistakeBounds:
    """R, the margins and the three bounds of the module docstring for one binary dataset."""
    R: float                    # max ||x||
    gamma: float                # margin of the hard-margin SVM (free bias)
    coef: np.ndarray            # its w (d,)
    intercept: float            # its b
    R_aug: float                # max ||(x, 1)||
    gamma_aug: float            # margin of the best separator through the origin of (x, 1)-space
    gamma_origin: float | None  # margin of the best separator through the origin of x-space (None: none)

    @property
    def bound_origin(self) -> float | None:
        """(R / gamma_0)^2: a perceptron without bias, separator through the origin."""
        return None if self.gamma_origin is None else (self.R / self.gamma_origin) ** 2

    @property
    def bound_augmented(self) -> float:
        """(R~ / gamma~)^2: mlcore's Perceptron (bias = weight of a constant 1)."""
        return (self.R_aug / self.gamma_aug) ** 2

    @property
    def bound_2R(self) -> float:
        """(2R / gamma)^2: the perceptron with the constant feature R (mlcore's on x / R)."""
        return (2.0 * self.R / self.gamma) ** 2


def _margin(Z, t, symmetric: bool):
    """(gamma, w, b) of the hard-margin linear SVM on Z, t in {-1, +1} (through the origin when
    ``symmetric``); gamma is the smallest y f(z) / ||w|| of the returned hyperplane. A
    ValidationError when the classes are not linearly separable (SMO's proof) or no attempt
    found a separating hyperplane."""
    if symmetric:
        Z, t = np.vstack([Z, -Z]), np.concatenate([t, -t])
    for C, tol in _ATTEMPTS:
        try:
            svm = SVC(C=C, kernel="linear", tol=tol, max_iter=_MAX_ITER).fit(Z, t)
        except ValidationError as err:
            if "not linearly separable" in str(err):  # SMO proved it: no margin exists
                raise
            continue  # SMO ran out of steps: try an easier attempt
        w, b = svm.coef_[0], (0.0 if symmetric else float(svm.intercept_[0]))
        norm = float(np.linalg.norm(w))
        # Labels are +1 = classes_[1] for the SVM too.
        gamma = float(np.min(t * (Z @ w + b)) / norm) if norm > 0 else 0.0
        if gamma > 0:
            return gamma, w, b
    raise ValidationError(f"SMO found no separating line within {_MAX_ITER} steps, so it is not known whether "
                          "the classes are linearly separable")


def mistake_bounds(X, y) -> MistakeBounds:
    """R, the three margins and bounds for two-class data; a ValidationError (with a reason a
    student can read) when the classes are not linearly separable."""
    X, y_enc, classes = check_X_y(X, y)
    if len(classes) != 2:
        raise ValidationError(f"the mistake bound is for two classes; these data have {len(classes)}")
    t = np.where(y_enc == 1, 1.0, -1.0)
    try:
        gamma, w, b = _margin(X, t, symmetric=False)
    except ValidationError as err:
        raise ValidationError(f"no mistake bound: {err}") from None
    Xa = np.column_stack([X, np.ones(len(X))])
    gamma_aug, _, _ = _margin(Xa, t, symmetric=True)
    try:
        gamma_origin, _, _ = _margin(X, t, symmetric=True)
        gamma_origin = gamma_origin if gamma_origin > 0 else None
    except ValidationError:  # no line through the origin separates them (or SMO could not tell)
        gamma_origin = None
    R = float(np.max(np.linalg.norm(X, axis=1)))
    return MistakeBounds(R, gamma, w, b, float(np.max(np.linalg.norm(Xa, axis=1))), gamma_aug, gamma_origin)
