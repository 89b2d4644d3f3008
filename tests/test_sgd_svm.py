"""Pegasos against the exact soft-margin optimum (scikit-learn's SVC with C = 1 / (lambda n))."""

import numpy as np
import pytest
from sklearn.datasets import make_blobs, make_moons
from sklearn.svm import SVC as SkSVC

from mlcore import ValidationError
from mlcore.svm import LinearSVMSGD, primal_objective


def score_rounding(X, w, b):
    """Per point, how far two evaluations of w.x + b can differ by rounding alone (another
    order of operations, raw or centred data): (d + 2) eps (|w|.|x| + |b|), twice for safety
    of the centring's own rounding."""
    eps = np.finfo(np.float64).eps
    return 2 * (X.shape[1] + 2) * eps * (np.abs(X) @ np.abs(w) + abs(b))


# Pegasos's gap shrinks like 1 / (lambda T) over T steps: the slider's smallest lambda, 1e-4
# (C = 50 here), needs about ten times the epochs of lambda = 1e-3 to come within 1%.
@pytest.mark.parametrize("lam, epochs", [(1e-4, 1000), (1e-3, 100), (1e-2, 100), (1e-1, 100), (1.0, 100)])
def test_pegasos_reaches_within_one_percent_of_the_primal_optimum(lam, epochs):
    X, y = make_moons(200, noise=0.25, random_state=0)
    ys = np.where(y == 1, 1.0, -1.0)
    sk = SkSVC(C=1.0 / (lam * len(y)), kernel="linear", tol=1e-6).fit(X, y)
    best = primal_objective(sk.coef_[0], sk.intercept_[0], X, ys, lam)
    m = LinearSVMSGD(lam=lam, max_epochs=epochs, random_state=0).fit(X, y)
    reached = primal_objective(m.coef_[0], m.intercept_[0], X, ys, lam)
    assert best <= reached <= 1.01 * best
    # The history's objective is the same number computed on the centred data: the hinge is
    # 1-Lipschitz in the score, and the mean of n terms adds n eps of it.
    w, b = m.coef_[0], m.intercept_[0]
    rounding = score_rounding(X, w, b).mean() + len(y) * np.finfo(np.float64).eps * reached
    assert abs(m.history_[-1]["objective"] - reached) <= rounding


def test_history_and_determinism():
    X, y = make_moons(100, noise=0.2, random_state=1)
    a = LinearSVMSGD(max_epochs=12, random_state=3).fit(X, y)
    b = LinearSVMSGD(max_epochs=12, random_state=3).fit(X, y)
    assert len(a.history_) == 12 and a.history_[0]["epoch"] == 1
    np.testing.assert_array_equal(a.coef_, b.coef_)  # the same operations in one process: bit for bit
    h = a.history_[-1]
    f = X @ h["w"] + h["b"]
    assert np.all(np.abs(f - a.decision_function(X)) <= score_rounding(X, h["w"], h["b"]))


def test_multiclass_one_vs_rest_and_string_labels():
    X, y = make_blobs(120, centers=3, random_state=0)
    labels = np.array(["r", "g", "b"])[y]
    m = LinearSVMSGD(random_state=0).fit(X, labels)
    assert m.decision_function(X).shape == (120, 3) and m.coef_.shape == (3, 2)
    assert m.score(X, labels) > 0.9


@pytest.mark.parametrize("scale", [1e-9, 1e9])
def test_extreme_scales_stay_finite(scale):
    X, y = make_moons(60, noise=0.2, random_state=0)
    m = LinearSVMSGD(max_epochs=5, random_state=0).fit(X * scale, y)
    assert np.isfinite(m.decision_function(X * scale)).all()


def test_bad_parameters():
    X, y = make_moons(20, random_state=0)
    for bad in (dict(lam=0.0), dict(max_epochs=0), dict(batch_size=0)):
        with pytest.raises(ValidationError):
            LinearSVMSGD(**bad).fit(X, y)


def test_registry_bounds_give_finite_results():
    from catalog.models import MODELS
    spec = MODELS["linear_svm_sgd"]
    X, y = make_moons(60, noise=0.3, random_state=0)
    for lam in (spec.param("lam").low, spec.param("lam").high):
        for batch in (spec.param("batch_size").low, spec.param("batch_size").high):
            m = spec.make(lam=lam, batch_size=batch, max_epochs=spec.param("max_epochs").high).fit(X, y)
            assert np.isfinite(m.decision_function(X)).all() and len(m.history_) == spec.param("max_epochs").high
