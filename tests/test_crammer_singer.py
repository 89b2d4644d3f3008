"""LinearSVC: the Crammer–Singer machine and one-vs-rest (the default, as in scikit-learn), their
certificates, and scikit-learn's LinearSVC as an oracle."""

import warnings

import numpy as np
import pytest
from sklearn.svm import LinearSVC as SkLinearSVC

from mlcore import ValidationError
from mlcore.svm import LinearSVC


def _blobs(n_classes, n_per=40, seed=0, spread=1.5):
    rng = np.random.default_rng(seed)
    angles = 2 * np.pi * np.arange(n_classes) / n_classes
    centres = 2.5 * np.column_stack([np.cos(angles), np.sin(angles)]) + np.array([1.0, -0.5])
    X = np.vstack([c + rng.normal(scale=spread, size=(n_per, 2)) for c in centres])
    return X, np.repeat(np.arange(n_classes), n_per)


def objective(W, b, X, y, C):
    """P = 1/2 sum_k (||w_k||^2 + b_k^2) + C sum_i max_k (1 - [k = y_i] + s_ik - s_iy_i), s = X W' + b.

    One formula, written here, for both solvers (the intercept penalised, as LIBLINEAR)."""
    scores = X @ W.T + b
    rows = np.arange(len(X))
    violation = 1.0 - (np.arange(W.shape[0]) == y[:, None]) + scores - scores[rows, y][:, None]
    return 0.5 * (np.sum(W ** 2) + np.sum(b ** 2)) + C * np.sum(violation.max(axis=1))


def dual(model, X, y, C):
    """D(lambda) = sum_ik lambda_ik e_ik - 1/2 ||W(lambda)||^2 from the reported dual_coef_."""
    K = len(model.classes_)
    onehot = (y[:, None] == np.arange(K)).astype(float)
    lam = C * onehot - model.dual_coef_
    Xb = np.hstack([X, np.ones((len(X), 1))])
    W = (C * onehot - lam).T @ Xb
    return lam, float(np.sum(lam * (1 - onehot))) - 0.5 * float(np.sum(W ** 2))


def sklearn_cs(X, y, C):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # LIBLINEAR's ConvergenceWarning; its objective is what we read
        return SkLinearSVC(C=C, multi_class="crammer_singer", tol=1e-8, max_iter=200_000).fit(X, y)


@pytest.mark.parametrize("K, C, seed", [(3, 0.1, 0), (3, 1.0, 1), (4, 1.0, 2), (5, 0.3, 3), (6, 1.0, 4)])
def test_reaches_sklearn_objective(K, C, seed):
    X, y = _blobs(K, seed=seed)
    tol = 1e-4
    model = LinearSVC(C=C, tol=tol, multi_class="crammer_singer").fit(X, y)
    ref = sklearn_cs(X, y, C)
    ours = objective(model.coef_, model.intercept_, X, y, C)
    theirs = objective(ref.coef_, ref.intercept_, X, y, C)
    # Certified: ours - min P <= gap <= tol * ours, and theirs >= min P, so ours <= theirs + tol * ours
    # whatever LIBLINEAR reached; with LIBLINEAR at its optimum (tol 1e-8, enough passes) the two
    # agree within tol relative, well inside the 1e-3.
    assert ours <= theirs + tol * ours * (1 + 1e-9)
    assert abs(ours - theirs) <= 1e-3 * theirs
    assert np.mean(model.predict(X) == ref.predict(X)) >= 0.97


@pytest.mark.parametrize("K, C", [(3, 0.01), (3, 1.0), (4, 100.0), (6, 10.0)])
def test_duality_gap_is_certified_from_scratch(K, C):
    X, y = _blobs(K, n_per=50, seed=K)
    tol = 1e-5
    model = LinearSVC(C=C, tol=tol, multi_class="crammer_singer").fit(X, y)
    assert model.converged_
    lam, D = dual(model, X, y, C)
    # the multipliers are feasible: nonnegative, each row on the simplex scaled by C (its sum is
    # a rescaling of K floats, exact to a few ulps of C)
    assert np.all(lam >= 0)
    np.testing.assert_allclose(lam.sum(axis=1), C, rtol=1e-12)
    P = objective(model.weights_, model.class_intercepts_, X, y, C)
    # P and D recomputed here agree with the reported ones to the rounding of sums of n K terms
    # (D is a difference of two larger sums, so allow for some cancellation)
    np.testing.assert_allclose([P, D], [model.primal_objective_, model.dual_objective_], rtol=1e-7)
    assert 0 <= P - D <= tol * P * (1 + 1e-9)
    assert model.duality_gap_ == model.primal_objective_ - model.dual_objective_


def test_two_classes_report_the_difference_like_sklearn():
    X, y = _blobs(2, seed=7)
    model = LinearSVC(C=1.0, tol=1e-6, multi_class="crammer_singer").fit(X, y)
    ref = sklearn_cs(X, y, 1.0)
    assert model.coef_.shape == (1, 2) and model.weights_.shape == (2, 2)
    np.testing.assert_allclose(model.coef_[0], model.weights_[1] - model.weights_[0])
    assert model.decision_function(X).shape == (len(X),)
    assert np.mean(model.predict(X) == ref.predict(X)) >= 0.97


def test_string_labels_and_no_intercept():
    X, y = _blobs(3, seed=8)
    names = np.array(["c", "a", "b"])[y]
    model = LinearSVC(fit_intercept=False, multi_class="crammer_singer").fit(X, names)
    assert list(model.classes_) == ["a", "b", "c"] and np.all(model.intercept_ == 0)
    assert model.score(X, names) > 0.7


@pytest.mark.parametrize("params, phrase", [
    ({"C": 0}, "C=0"), ({"C": -1.0}, "C=-1"), ({"multi_class": "weston_watkins"}, "multi_class"),
    ({"tol": 0}, "tol"), ({"max_iter": 0}, "max_iter"), ({"fit_intercept": "yes"}, "True or False"),
])
def test_bad_hyperparameters_are_explained(params, phrase):
    X, y = _blobs(3)
    with pytest.raises(ValidationError, match=phrase):
        LinearSVC(**params).fit(X, y)


@pytest.mark.parametrize("scale", [1e-9, 1e9])
def test_extreme_scales_stay_finite(scale):
    X, y = _blobs(3, seed=9)
    model = LinearSVC(multi_class="crammer_singer").fit(X * scale, y)
    assert np.all(np.isfinite(model.coef_)) and np.isfinite(model.duality_gap_)
    assert model.duality_gap_ >= 0


def test_stops_at_max_iter_with_an_honest_gap():
    X, y = _blobs(4, seed=10)
    model = LinearSVC(C=100.0, tol=1e-12, max_iter=3, multi_class="crammer_singer").fit(X, y)
    assert model.n_iter_ == 3 and not model.converged_
    P = objective(model.weights_, model.class_intercepts_, X, y, 100.0)
    _, D = dual(model, X, y, 100.0)
    assert P - D > 1e-12 * P
    np.testing.assert_allclose(P - D, model.duality_gap_, rtol=1e-6)


# ---- one-vs-rest, the default ----

def ovr_objective(coef, intercept, X, y, C):
    """sum_k 1/2 (||v_k||^2 + b_k^2) + C sum_i max(0, 1 - t_ik (v_k·x_i + b_k)), t_ik = +1 for class k
    (two classes: one machine, class 1 against class 0): LIBLINEAR's hinge-loss problems."""
    targets = [y == 1] if coef.shape[0] == 1 else [y == k for k in range(coef.shape[0])]
    total = 0.0
    for v, b, positive in zip(coef, intercept, targets, strict=True):
        t = np.where(positive, 1.0, -1.0)
        total += 0.5 * (v @ v + b * b) + C * np.sum(np.maximum(0.0, 1.0 - t * (X @ v + b)))
    return total


def sklearn_ovr(X, y, C):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return SkLinearSVC(C=C, loss="hinge", tol=1e-10, max_iter=500_000).fit(X, y)


@pytest.mark.parametrize("K, C, seed", [(2, 1.0, 0), (3, 0.1, 1), (3, 1.0, 2), (4, 10.0, 3)])
def test_default_is_one_vs_rest_and_reaches_sklearn_objective(K, C, seed):
    X, y = _blobs(K, seed=seed)
    tol = 1e-4
    model = LinearSVC(C=C, tol=tol).fit(X, y)
    ref = sklearn_ovr(X, y, C)
    assert model.multi_class == "ovr" and model.coef_.shape == ref.coef_.shape
    ours = ovr_objective(model.coef_, model.intercept_, X, y, C)
    theirs = ovr_objective(ref.coef_, ref.intercept_, X, y, C)
    # each machine is certified to within tol of its optimum (its gap bounds it), so the sum is
    # within tol of the summed optimum, which LIBLINEAR at tol 1e-10 reaches too
    assert ours <= theirs + tol * ours * (1 + 1e-9)
    assert abs(ours - theirs) <= 1e-3 * theirs
    assert np.mean(model.predict(X) == ref.predict(X)) >= 0.97


@pytest.mark.parametrize("K, C", [(2, 0.01), (3, 1.0), (5, 100.0)])
def test_one_vs_rest_gap_is_certified(K, C):
    X, y = _blobs(K, n_per=50, seed=K)
    tol = 1e-6
    model = LinearSVC(C=C, tol=tol).fit(X, y)
    assert model.converged_
    P = ovr_objective(model.coef_, model.intercept_, X, y, C)
    np.testing.assert_allclose(P, model.primal_objective_, rtol=1e-9)
    assert model.duality_gap_ == model.primal_objective_ - model.dual_objective_
    # each machine stopped when its two-class problem at C/2 had P - D <= tol P; there P_k(v) <= 2 P
    # and 2 D <= min P_k, so its gap P_k - 2 D <= 2 tol P <= tol / (1 - tol) P_k; the sums obey it too
    assert 0 <= model.duality_gap_ <= tol * P * (1 + 1e-6)


def test_crammer_singer_on_request_differs_from_one_vs_rest():
    X, y = _blobs(4, seed=5)
    ovr, cs = LinearSVC().fit(X, y), LinearSVC(multi_class="crammer_singer").fit(X, y)
    assert not hasattr(ovr, "weights_") and cs.weights_.shape == (4, 2)
    assert not np.allclose(ovr.coef_, cs.coef_, atol=1e-3)
