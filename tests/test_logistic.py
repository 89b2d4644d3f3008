"""Logistic regression against scikit-learn (same objective, same optimum), analytic
optima, separable and degenerate data, the history and the validation messages."""

import warnings

import numpy as np
import pytest
from sklearn.datasets import make_blobs, make_classification, make_moons
from sklearn.linear_model import LogisticRegression as SkLogisticRegression
from sklearn.preprocessing import StandardScaler

from mlcore.base import NotFittedError, ValidationError
from mlcore.linear_model import LogisticRegression


def _standardised(X, y):
    return StandardScaler().fit_transform(X), y


DATASETS = {  # no two classes linearly separable, so every penalty has an optimum
    "moons": _standardised(*make_moons(200, noise=0.3, random_state=0)),
    "blobs3": _standardised(*make_blobs(150, centers=3, cluster_std=4.0, random_state=1)),
    "classification3": _standardised(*make_classification(
        200, n_features=4, n_informative=3, n_redundant=0, n_classes=3, n_clusters_per_class=1,
        flip_y=0.1, random_state=2)),
}


def sklearn_fit(X, y, penalty, C):
    """scikit-learn 1.9 spelling: l1_ratio chooses the penalty, C = inf means none."""
    if penalty == "l2":
        ref = SkLogisticRegression(C=C, l1_ratio=0.0, solver="lbfgs", tol=1e-10, max_iter=10_000)
    elif penalty == "l1":
        ref = SkLogisticRegression(C=C, l1_ratio=1.0, solver="saga", tol=1e-10, max_iter=20_000)
    else:
        ref = SkLogisticRegression(C=np.inf, solver="lbfgs", tol=1e-10, max_iter=10_000)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a ConvergenceWarning would make the reference worthless
        return ref.fit(X, y)


def objective(X, y, coef, intercept, penalty, C):
    """C · sum_i loss_i + penalty(w), written independently of mlcore (log-sum-exp form)."""
    classes = np.unique(y)
    Z = X @ coef.T + intercept
    if len(classes) == 2:
        Z = np.column_stack([np.zeros(len(X)), Z[:, 0]])
    codes = np.searchsorted(classes, y)
    top = Z.max(axis=1)
    lse = top + np.log(np.exp(Z - top[:, None]).sum(axis=1))
    data = np.sum(lse - Z[np.arange(len(X)), codes])
    if penalty == "none":
        return data
    pen = 0.5 * np.sum(coef ** 2) if penalty == "l2" else np.sum(np.abs(coef))
    return C * data + pen


EPS = np.finfo(np.float64).eps


def scaled_gradient(X, y, model, penalty, C):
    """The largest entry of the (minimum-norm sub)gradient of f = objective / (C n) in mlcore's
    standardised variables u_j = w_j s_j, b' = b + w·m (m, s the column means and standard
    deviations): exactly the quantity whose bound ``tol`` ends mlcore's solver (see the
    docstring of mlcore.linear_model._logistic). Written here from the objective's gradient
    G_w = C X'(P - Y) + penalty'(w), G_b = C 1'(P - Y), independently of mlcore: with
    w = u / s and b = b' - w·m the chain rule gives g_u = (G_w - m G_b) / s, g_b' = G_b."""
    classes = np.unique(y)
    Y = (y[:, None] == classes).astype(float)
    P = model.predict_proba(X)
    residual = (P - Y)[:, 1:] if len(classes) == 2 else P - Y
    scale = 1.0 if penalty == "none" else C
    G_w = scale * residual.T @ X
    G_b = scale * residual.sum(axis=0)
    W = model.coef_
    if penalty == "l2":
        G_w = G_w + W
    s = np.where(np.ptp(X, axis=0) > 0, X.std(axis=0), 1.0)
    m = X.mean(axis=0)
    g_u = (G_w - G_b[:, None] * m) / s
    if penalty == "l1":  # |w_j| = |u_j| / s_j: the subgradient of the penalty in u_j is sign(u_j) / s_j
        slope = np.broadcast_to(1.0 / s, W.shape)
        g_u = np.where(W != 0, g_u + np.sign(W) * slope, np.maximum(np.abs(g_u) - slope, 0.0))
    return max(np.abs(g_u).max(), np.abs(G_b).max()) / (scale * len(X))


def evaluation_rounding(X, coef, intercept, C):
    """How far two evaluations of the objective at the same point can differ by rounding alone
    (different order of operations, standardised or raw data, another BLAS kernel): each score
    z = w·x + b is off by at most (d + 1) eps (|w|·|x| + |b|), each loss term is 2-Lipschitz in
    the scores and adds a few roundings of its own (log, exp), and summing n terms adds n eps of
    their total. Loose by design: it bounds rounding, it does not tune to today's last bits."""
    n, d = X.shape
    size = (np.abs(X) @ np.abs(coef).T + np.abs(intercept)).max(axis=1) + 1.0
    return C * (n + 2 * d + 16) * EPS * float(size.sum())


def relative_error(ours, ref):
    a = np.column_stack([ours.coef_, ours.intercept_])
    b = np.column_stack([ref.coef_, ref.intercept_])
    return np.max(np.abs(a - b)) / np.max(np.abs(b))


CASES = [(name, "l2", C) for name in DATASETS for C in (0.05, 1.0, 100.0)]
CASES += [(name, "l1", C) for name in DATASETS for C in (0.1, 1.0)] + [("moons", "l1", 100.0)]
CASES += [(name, "none", 1.0) for name in DATASETS]


@pytest.mark.parametrize("name, penalty, C", CASES)
def test_same_optimum_as_scikit_learn(name, penalty, C):
    X, y = DATASETS[name]
    ours = LogisticRegression(C=C, penalty=penalty).fit(X, y)
    ref = sklearn_fit(X, y, penalty, C)
    assert ours.coef_.shape == ref.coef_.shape and ours.intercept_.shape == ref.intercept_.shape
    assert relative_error(ours, ref) <= 1e-4
    np.testing.assert_allclose(ours.predict_proba(X), ref.predict_proba(X), atol=1e-6)
    grid = np.random.default_rng(0).uniform(-3, 3, size=(500, X.shape[1]))
    np.testing.assert_allclose(ours.predict_proba(grid), ref.predict_proba(grid), atol=1e-5)
    np.testing.assert_allclose(ours.decision_function(grid), ref.decision_function(grid), atol=1e-4)
    # Optimality as the solver promises it: it stopped by its own rule (not max_iter), and the
    # (sub)gradient it stops on, recomputed here from the objective's formula, is within tol.
    assert ours.n_iter_ < ours.max_iter
    assert scaled_gradient(X, y, ours, penalty, C) <= ours.tol
    # the recorded loss is the very objective scikit-learn minimises, up to rounding
    ours_obj = objective(X, y, ours.coef_, ours.intercept_, penalty, C)
    scale = 1.0 if penalty == "none" else C
    assert abs(ours.history_["loss"][-1] - ours_obj) <= evaluation_rounding(X, ours.coef_, ours.intercept_, scale)


@pytest.mark.parametrize("C", [0.05, 10.0])
def test_same_optimum_on_raw_unscaled_data(C):
    X, y = make_blobs(120, centers=3, cluster_std=3.0, random_state=4)
    X = X * np.array([1.0, 30.0]) + np.array([0.0, 200.0])
    ours = LogisticRegression(C=C).fit(X, y)
    ref = sklearn_fit(X, y, "l2", C)
    assert relative_error(ours, ref) <= 1e-4
    np.testing.assert_allclose(ours.predict_proba(X), ref.predict_proba(X), atol=1e-6)


def test_four_classes_with_l1_reach_the_optimal_objective():
    """For even K the l1 optimum may not be unique in w; its value is. Ours is certified by its
    subgradient (within tol, the solver's stopping rule); saga's value, stopped when its
    coefficients move less than 1e-10, agrees to far better than the 1e-7 asked here."""
    X, y = _standardised(*make_blobs(160, centers=4, cluster_std=2.5, random_state=5))
    ours = LogisticRegression(C=1.0, penalty="l1").fit(X, y)
    ref = sklearn_fit(X, y, "l1", 1.0)
    assert ours.n_iter_ < ours.max_iter
    assert scaled_gradient(X, y, ours, "l1", 1.0) <= ours.tol
    ours_obj = objective(X, y, ours.coef_, ours.intercept_, "l1", 1.0)
    ref_obj = objective(X, y, ref.coef_, ref.intercept_, "l1", 1.0)
    assert ours_obj == pytest.approx(ref_obj, rel=1e-7)


# ---- analytic optima ----

def test_two_symmetric_points_l2_solves_the_scalar_equation():
    """Points x = -1 (class 0) and x = +1 (class 1): by symmetry b = 0 and the objective is
    2 C log(1 + e^-w) + w^2 / 2, stationary where w = 2 C sigmoid(-w); solved by bisection.

    How close the solver must come: it stops (one Newton step later, which only lowers f) once
    max |grad f| <= tol, f = objective / (C n) in standardised variables, which here are w and b
    themselves (mean 0, standard deviation 1). Near the optimum f is mu-strongly convex with
    mu = sigma(w*) sigma(-w*), the curvature along b (along w it is larger by 1 / (2 C)), so
    |(w, b) - (w*, 0)| <= |grad f| / mu <= sqrt(2) tol / mu."""
    X = np.array([[-1.0], [1.0]])
    for C in (0.1, 1.0, 7.0):
        lo, hi = 0.0, 2 * C
        for _ in range(200):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if mid < 2 * C / (1 + np.exp(mid)) else (lo, mid)
        model = LogisticRegression(C=C).fit(X, [0, 1])
        mu = 1 / (1 + np.exp(lo)) / (1 + np.exp(-lo))
        reach = np.sqrt(2) * model.tol / mu
        assert abs(model.coef_[0, 0] - lo) <= reach
        assert abs(model.intercept_[0]) <= reach


def test_l1_sets_every_weight_to_zero_below_the_critical_C():
    """At w = 0 the best intercept is the log-odds of the class frequencies, and w = 0 stays
    optimal exactly while C · max_j |sum_i x_ij (t_i - mean t)| <= 1 (the subgradient condition)."""
    X, y = DATASETS["moons"]
    y = y.copy()
    y[:30] = 1  # unbalanced, so the intercept is not zero
    t = y.astype(float)
    C_critical = 1.0 / np.max(np.abs(X.T @ (t - t.mean())))
    below = LogisticRegression(C=0.99 * C_critical, penalty="l1").fit(X, y)
    assert np.all(below.coef_ == 0.0)  # soft-thresholding gives exact zeros
    # With w = 0 the problem is one-dimensional in b, with curvature mu = mean t (1 - mean t) at
    # the optimum; the solver stops once |df/db| <= tol (f = objective / (C n)), so |b - b*| <= tol / mu.
    mu = t.mean() * (1 - t.mean())
    assert abs(below.intercept_[0] - np.log(t.mean() / (1 - t.mean()))) <= below.tol / mu
    above = LogisticRegression(C=1.05 * C_critical, penalty="l1").fit(X, y)
    assert np.count_nonzero(above.coef_) == 1


@pytest.mark.parametrize("name", DATASETS)
def test_optimality_conditions_hold(name):
    """Gradient of C sum loss + 1/2 ||w||^2: C X'(P - Y) + W = 0 and 1'(P - Y) = 0, to within
    the solver's tol on the scale it stops on (see scaled_gradient). On raw data too: there
    the standardisation is not the identity and the chain rule matters."""
    X, y = DATASETS[name]
    raw = X * np.array([3.0, 0.5] + [1.0] * (X.shape[1] - 2)) + 4.0
    for data in (X, raw):
        for penalty, C in (("l2", 0.3), ("none", 1.0)):
            model = LogisticRegression(C=C, penalty=penalty).fit(data, y)
            assert model.n_iter_ < model.max_iter
            assert scaled_gradient(data, y, model, penalty, C) <= model.tol


@pytest.mark.parametrize("n_classes", [2, 3, 4])
@pytest.mark.parametrize("C", [1.0, 100.0])
def test_l1_subgradient_conditions_hold_on_nearly_separable_blobs(n_classes, C):
    """With G = X'(P - Y) (gradient of the summed loss): C G_kj + sign(w_kj) = 0 where
    w_kj != 0, |C G_kj| <= 1 where w_kj = 0, and the intercept gradient is 0."""
    X, y = make_blobs(300, centers=n_classes, cluster_std=0.8, random_state=0)
    model = LogisticRegression(C=C, penalty="l1").fit(X, y)
    assert model.n_iter_ < 40
    Y = (y[:, None] == np.unique(y)).astype(float)
    P = model.predict_proba(X)
    residual = (P - Y)[:, 1:] if n_classes == 2 else P - Y
    G = C * (residual.T @ X)
    W = model.coef_
    # the stopping rule bounds each (sub)gradient entry of f = objective / (C n) by tol in the
    # standardised variables (scaled_gradient); in these units that is C n (s_j + |m_j|) tol
    assert model.n_iter_ < model.max_iter
    assert scaled_gradient(X, y, model, "l1", C) <= model.tol
    slack = C * len(X) * model.tol * (X.std(axis=0) + np.abs(X.mean(axis=0)))
    assert np.all(np.abs(G + np.sign(W))[W != 0] <= np.broadcast_to(slack, W.shape)[W != 0])
    assert np.all(np.abs(G)[W == 0] <= 1 + np.broadcast_to(slack, W.shape)[W == 0])
    np.testing.assert_allclose(residual.sum(axis=0), 0.0, rtol=0, atol=len(X) * model.tol)


@pytest.mark.parametrize("C", [1.0, 1e4])
def test_l1_with_collinear_features_puts_the_weight_on_the_larger_column(C):
    """With columns x and 2x the scores depend on w1 + 2 w2 only, and |w1| + |w2| is
    smallest at w1 = 0: the optimum is the one-column fit on 2x, with w1 = 0."""
    rng = np.random.default_rng(7)
    x = rng.normal(size=40)
    y = (x + 0.5 * rng.normal(size=40) > 0).astype(int)
    both = LogisticRegression(C=C, penalty="l1").fit(np.column_stack([x, 2 * x]), y)
    single = LogisticRegression(C=C, penalty="l1").fit(2 * x[:, None], y)
    assert both.coef_[0, 0] == 0.0  # the l1 step sets entries to exactly zero
    assert both.n_iter_ < 30
    # With w1 = 0 both fits solve the same problem in the same standardised variables
    # (x and 2x standardise to the same column z): (u, b') with u = w s, b' = b + w m.
    # Each stops with max |subgradient of f| <= tol, and f's smooth part is mu-strongly
    # convex, mu the smallest eigenvalue of A' diag(p (1 - p)) A / n, A = [z, 1]; so each
    # lies within sqrt(2) tol / mu of the optimum (times 2 for the curvature moving between
    # the two points, which are that close), and the two within twice that.
    m, s = 2 * x.mean(), (2 * x).std()
    A = np.column_stack([(2 * x - m) / s, np.ones(len(x))])
    p = single.predict_proba(2 * x[:, None])[:, 1]
    mu = np.linalg.eigvalsh((A.T * (p * (1 - p))) @ A / len(x)).min()
    reach = 2 * 2 * np.sqrt(2) * single.tol / mu  # in (u, b')
    assert abs(both.coef_[0, 1] - single.coef_[0, 0]) <= reach / s
    assert abs(both.intercept_[0] - single.intercept_[0]) <= reach * (1 + abs(m) / s)


def test_multinomial_parameters_are_centred():
    X, y = DATASETS["blobs3"]
    n, K = len(X), 3
    for penalty in ("l2", "none", "l1"):
        model = LogisticRegression(penalty=penalty).fit(X, y)
        assert model.coef_.shape == (3, 2) and model.intercept_.shape == (3,)
        # the intercepts are centred explicitly: only the rounding of a mean of K numbers is left
        assert abs(model.intercept_.sum()) <= 4 * K * EPS * np.abs(model.intercept_).max()
        if penalty == "none":  # centred explicitly after every step, then divided by s
            np.testing.assert_allclose(model.coef_.sum(axis=0), 0.0, atol=4 * K * EPS * np.abs(model.coef_).max())
        elif penalty == "l2":
            # Not imposed but optimal: sum_k of the gradient rows is sum_k w_k (the P - Y rows
            # sum to 0), and each gradient entry is at most C n (s_j + |m_j|) tol at the stop.
            spread = np.abs(X.mean(axis=0)) + X.std(axis=0)
            np.testing.assert_allclose(model.coef_.sum(axis=0), 0.0, atol=K * n * model.tol * spread.max())
        else:  # the l1 penalty is smallest when each column's median over the classes is 0
            # (for odd K an entry, which the l1 step holds at exactly 0)
            assert np.all(np.median(model.coef_, axis=0) == 0.0)


# ---- separable data, extreme scales, degenerate points ----

@pytest.mark.parametrize("n_classes", [2, 3])
@pytest.mark.parametrize("max_iter", [3, 100])
def test_no_penalty_on_separable_data_stops_with_finite_weights(n_classes, max_iter):
    X, y = make_blobs(60, centers=n_classes, cluster_std=0.3, random_state=6)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model = LogisticRegression(penalty="none", max_iter=max_iter).fit(X, y)
        P = model.predict_proba(X)
        far = model.predict_proba(X * 1e6)
    assert model.n_iter_ <= max_iter
    for value in (model.coef_, model.intercept_, P, far, model.history_["loss"]):
        assert np.all(np.isfinite(value))
    assert model.score(X, y) == 1.0
    # every accepted step lowers the objective (Armijo); the history re-evaluates it, so a
    # flat step may show a rise of at most the rounding of two evaluations
    h = model.history_
    slack = [2 * evaluation_rounding(X, c, b, 1.0) for c, b in zip(h["coef"][1:], h["intercept"][1:], strict=True)]
    assert np.all(np.diff(h["loss"]) <= slack)
    if max_iter == 100:
        assert model.history_["loss"][-1] < 1e-4  # the infimum is 0


def test_none_is_scikit_learns_spelling_of_no_penalty():
    X, y = DATASETS["blobs3"]
    words, none = LogisticRegression(penalty="none").fit(X, y), LogisticRegression(penalty=None).fit(X, y)
    np.testing.assert_array_equal(none.coef_, words.coef_)
    np.testing.assert_array_equal(none.intercept_, words.intercept_)


@pytest.mark.parametrize("scale", [1e-9, 1e9])
@pytest.mark.parametrize("name", ["moons", "blobs3"])
def test_without_penalty_scaling_the_data_scales_the_weights(scale, name):
    """With no penalty the optimum is equivariant: X -> sX gives w -> w / s, same probabilities."""
    X, y = DATASETS[name]
    plain = LogisticRegression(penalty="none").fit(X, y)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        scaled = LogisticRegression(penalty="none").fit(X * scale, y)
    np.testing.assert_allclose(scaled.coef_ * scale, plain.coef_, rtol=1e-6)
    np.testing.assert_allclose(scaled.predict_proba(X * scale), plain.predict_proba(X), atol=1e-8)


@pytest.mark.parametrize("penalty", ["l2", "l1", "none"])
@pytest.mark.parametrize("C", [1e-3, 1.0, 1e4])
def test_degenerate_data_never_gives_nan(penalty, C):
    rng = np.random.default_rng(7)
    x = rng.normal(size=30)
    y = (x + 0.5 * rng.normal(size=30) > 0).astype(int)
    y3 = np.digitize(x, [-0.5, 0.5])
    cases = [
        (np.column_stack([x, 2 * x]), y),  # collinear
        (np.column_stack([x, np.full(30, 5.0)]), y),  # constant column
        (np.repeat(np.array([[1.0, 2.0]]), 6, axis=0), np.array([0, 1, 0, 1, 1, 1])),  # one point, two labels
        (np.column_stack([x, -x]) * 1e9, y3),
        (np.column_stack([x, x ** 2]) * 1e-9, y3),
        (np.column_stack([x, x]) + 1e9, y),
        (np.vstack([np.column_stack([x, x ** 2])] * 3), np.concatenate([y3] * 3)),  # duplicates
    ]
    for X, labels in cases:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            model = LogisticRegression(C=C, penalty=penalty).fit(X, labels)
            outputs = [model.coef_, model.intercept_, model.predict_proba(X), model.decision_function(X),
                       model.history_["loss"], model.history_["coef"]]
        for value in outputs:
            assert np.all(np.isfinite(value))
        np.testing.assert_allclose(model.predict_proba(X).sum(axis=1), 1.0)


def test_identical_points_give_the_class_frequencies():
    X = np.ones((8, 2))
    y = np.array([0, 0, 0, 1, 1, 1, 1, 1])
    model = LogisticRegression(penalty="none").fit(X, y)
    # Only b matters, and df/db = p - 5/8 exactly: the stopping rule |df/db| <= tol bounds p's error.
    np.testing.assert_allclose(model.predict_proba(X[:1]), [[3 / 8, 5 / 8]], rtol=0, atol=model.tol)


def test_extreme_scores_give_exact_probabilities_without_warnings():
    X, y = DATASETS["moons"]
    model = LogisticRegression().fit(X, y)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        P = model.predict_proba(np.array([[0.0, 1e6], [0.0, -1e6]]))
    # |z| ~ 1e6: exp(-|z|) underflows to exactly 0, so the probabilities are exactly 0 and 1
    assert set(P.ravel().tolist()) == {0.0, 1.0}


# ---- prediction rule, history, validation ----

def test_binary_outputs_follow_the_sigmoid_and_classes():
    X, y = DATASETS["moons"]
    names = np.array(["red", "blue"])[y]  # classes_ sorted: blue, red
    model = LogisticRegression().fit(X, names)
    assert list(model.classes_) == ["blue", "red"]
    z = model.decision_function(X)
    assert z.shape == (len(X),)
    P = model.predict_proba(X)
    # the same closed form on the same z, no BLAS: a few roundings (and exp's few ulp) apart
    np.testing.assert_allclose(P[:, 1], 1 / (1 + np.exp(-z)), rtol=16 * EPS, atol=0)
    assert np.array_equal(model.predict(X), np.where(z > 0, "red", "blue"))


def test_history_records_every_iterate():
    X, y = DATASETS["blobs3"]
    model = LogisticRegression(C=2.0).fit(X, y)
    h = model.history_
    rows = model.n_iter_ + 1
    assert set(h) == {"loss", "log_loss", "coef", "intercept"}
    assert h["loss"].shape == (rows,) and h["log_loss"].shape == (rows,)
    assert h["coef"].shape == (rows, 3, 2) and h["intercept"].shape == (rows, 3)
    assert np.all(h["coef"][0] == 0) and np.all(h["intercept"][0] == 0)
    assert h["log_loss"][0] == pytest.approx(np.log(3))
    assert np.array_equal(h["coef"][-1], model.coef_) and np.array_equal(h["intercept"][-1], model.intercept_)
    rounding = [evaluation_rounding(X, c, b, 2.0) for c, b in zip(h["coef"], h["intercept"], strict=True)]
    assert np.all(np.diff(h["loss"]) <= 2 * np.array(rounding[1:]))  # Armijo: never up, but for rounding
    for coef, intercept, loss, slack in zip(h["coef"], h["intercept"], h["loss"], rounding, strict=True):
        assert abs(loss - objective(X, y, coef, intercept, "l2", 2.0)) <= slack
    short = LogisticRegression(C=2.0, max_iter=2).fit(X, y)
    assert short.n_iter_ == 2 and short.history_["loss"].shape == (3,)
    np.testing.assert_allclose(short.history_["coef"], h["coef"][:3])


@pytest.mark.parametrize("params, message", [
    (dict(C=0), "C=0 .* must be > 0"),
    (dict(C=-1.0), "C=-1.0 .* must be > 0"),
    (dict(C=float("inf")), "C=inf .* finite"),
    (dict(C=float("nan")), "C=nan .* finite"),
    (dict(C="big"), "C='big' .* a number"),
    (dict(penalty="l3"), "penalty='l3' .* one of 'l2', 'l1', 'none'"),
    (dict(max_iter=0), "max_iter=0 .* >= 1"),
    (dict(max_iter=2.5), "max_iter=2.5 .* whole number"),
    (dict(tol=-1e-3), "tol=-0.001 .* >= 0"),
])
def test_bad_hyperparameters_are_explained(params, message):
    X, y = DATASETS["moons"]
    with pytest.raises(ValidationError, match=message):
        LogisticRegression(**params).fit(X, y)


def test_unfitted_and_wrong_feature_count():
    X, y = DATASETS["moons"]
    with pytest.raises(NotFittedError):
        LogisticRegression().predict_proba(X)
    model = LogisticRegression().fit(X, y)
    with pytest.raises(ValidationError, match="3 features, but .* the model was trained on 2"):
        model.predict_proba(np.ones((2, 3)))
