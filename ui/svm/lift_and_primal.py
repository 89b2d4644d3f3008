"""The SVM page's other fits: the SVM with the kernel (x·z)² that the kernel trick lifts to 3-D,
and the primal route (Pegasos against SMO's optimum of the same objective)."""

from __future__ import annotations

from catalog.models import MODELS
from mlcore import ValidationError
from mlcore.svm import LinearSVMSGD
from ui.serving import fits
from ui.serving.cache import sharable

SPEC = MODELS["svm"]


@sharable(max_entries=16)
def lifted_model(recipe, drawn, C: float):
    """An SVM with the homogeneous degree-2 kernel (x·z)², whose feature map is 3-D."""
    data = fits.dataset(recipe, drawn)
    try:
        return SPEC.make(C=C, kernel="poly", degree=2, gamma=1.0, coef0=0.0).fit(data.X_train, data.y_train), None
    except ValidationError as err:
        return None, str(err)


@sharable(max_entries=16)
def primal_route(recipe, drawn, C: float, epochs: int):
    """Pegasos on the soft-margin problem of a linear SVM with this C (lambda = 1 / (C n)), and
    the exact optimum of the same objective from SMO; or an error message."""
    data = fits.dataset(recipe, drawn)
    X, y = data.X_train, data.y_train
    lam = 1.0 / (C * len(y))
    try:
        sgd = LinearSVMSGD(lam=lam, max_epochs=epochs, random_state=0).fit(X, y)
        exact = SPEC.make(C=C, kernel="linear", tol=1e-5).fit(X, y)
    except ValidationError as err:
        return None, None, None, str(err)
    return sgd.history_, exact.primal_objective(X, y, lam), lam, None
