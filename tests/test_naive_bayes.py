"""Naive Bayes: scikit-learn as the oracle, the play-tennis worked example, degenerate data."""

import numpy as np
import pytest
from sklearn.datasets import make_blobs, make_moons
from sklearn.naive_bayes import CategoricalNB as SkCategoricalNB
from sklearn.naive_bayes import GaussianNB as SkGaussianNB
from sklearn.preprocessing import OrdinalEncoder

from mlcore import NotFittedError, ValidationError
from mlcore.naive_bayes import CategoricalNB, GaussianNB

DATASETS = {
    "moons": make_moons(200, noise=0.3, random_state=0),
    "blobs3": make_blobs(300, centers=3, cluster_std=2.0, random_state=1),
    "blobs4_5d": make_blobs(250, n_features=5, centers=4, random_state=2),
}


EPS = np.finfo(np.float64).eps


def fit_rounding(X, smoothing=0.0):
    """Gaussian NB is closed forms with no BLAS and no iteration: a mean of n values is within
    2 n eps max|x| whatever the order of summation, a (two-pass) variance within 8 n eps max|x|^2
    (its error in the mean enters only to second order), and the smoothing adds s times that."""
    n, top = len(X), np.abs(X).max()
    return 2 * n * EPS * top, 8 * n * EPS * top ** 2 * (1 + smoothing)


def jll_rounding(model, Q, mean_rounding, var_rounding):
    """How far two evaluations of log P(c) + sum_j log N(x_j; theta_cj, var_cj) can be apart:
    the parameters' rounding carried by the slopes d/dtheta = (x - theta) / var and
    d/dvar = ((x - theta)^2 / var - 1) / (2 var), plus (d + 8) eps of the terms' magnitudes."""
    diff = Q[:, None, :] - model.theta_[None]
    var = model.var_[None]
    slope = np.abs(diff) / var * mean_rounding + np.abs(diff ** 2 / var - 1) / (2 * var) * var_rounding
    size = (np.abs(np.log(model.class_prior_)) + np.sum(np.abs(np.log(2 * np.pi * model.var_)), axis=1))[None]
    size = size + 0.5 * np.sum(diff ** 2 / var, axis=2)
    return slope.sum(axis=2) + (Q.shape[1] + 8) * EPS * size


@pytest.mark.parametrize("data", sorted(DATASETS))
@pytest.mark.parametrize("smoothing", [1e-9, 1e-3, 0.5])
def test_gaussian_matches_sklearn(data, smoothing):
    X, y = DATASETS[data]
    Q = np.random.default_rng(0).uniform(X.min() - 2, X.max() + 2, size=(1000, X.shape[1]))
    ours = GaussianNB(var_smoothing=smoothing).fit(X, y)
    ref = SkGaussianNB(var_smoothing=smoothing).fit(X, y)
    mean_rounding, var_rounding = fit_rounding(X, smoothing)
    np.testing.assert_allclose(ours.theta_, ref.theta_, rtol=0, atol=mean_rounding)
    np.testing.assert_allclose(ours.var_, ref.var_, rtol=0, atol=var_rounding)
    np.testing.assert_allclose(ours.class_prior_, ref.class_prior_, rtol=EPS)  # n_c / n: one rounding
    np.testing.assert_array_equal(ours.class_count_, ref.class_count_)  # integer counts
    np.testing.assert_allclose(ours.epsilon_, ref.epsilon_, rtol=0, atol=smoothing * var_rounding)
    jll = jll_rounding(ours, Q, mean_rounding, var_rounding)
    assert np.all(np.abs(ours.joint_log_likelihood(Q) - ref.predict_joint_log_proba(Q)) <= jll)
    # the posterior is a softmax of the jll: 1-Lipschitz per entry in the largest jll error, twice
    np.testing.assert_allclose(ours.predict_proba(Q), ref.predict_proba(Q), rtol=0,
                               atol=2 * jll.max() + 8 * len(ours.classes_) * EPS)
    np.testing.assert_array_equal(ours.predict(Q), ref.predict(Q))
    log_post = ref.predict_log_proba(Q)
    if len(ours.classes_) == 2:
        np.testing.assert_allclose(ours.decision_function(Q), log_post[:, 1] - log_post[:, 0],
                                   rtol=1e-8, atol=1e-8)
    else:
        np.testing.assert_allclose(ours.decision_function(Q), log_post, rtol=1e-8, atol=1e-8)


def test_constant_feature_within_a_class_is_finite():
    X = np.array([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0], [3.0, 5.0], [4.0, 5.0], [5.0, 5.0]])
    y = np.array([0, 0, 0, 1, 1, 1])
    model = GaussianNB().fit(X, y)
    ref = SkGaussianNB().fit(X, y)
    Q = np.array([[1.0, 1.0], [2.0, 5.0], [1.0 + 1e-6, 3.0], [100.0, -100.0]])
    for out in (model.predict_proba(Q), model.decision_function(Q), model.joint_log_likelihood(Q)):
        assert np.all(np.isfinite(out))
    np.testing.assert_array_equal(model.predict(Q), ref.predict(Q))


@pytest.mark.parametrize("case", ["one_point_per_class", "collinear", "duplicates", "constant"])
def test_gaussian_degenerate_data(case):
    rng = np.random.default_rng(3)
    if case == "one_point_per_class":
        X, y = np.array([[0.0, 0.0], [1.0, 1.0], [4.0, 0.0]]), np.array(["a", "b", "c"])
    elif case == "collinear":
        t = rng.normal(size=40)
        X, y = np.c_[t, 3 * t + 1], (t > 0).astype(int)
    elif case == "duplicates":
        X, y = np.repeat([[1.0, 2.0], [3.0, 4.0]], 10, axis=0), np.repeat([0, 1], 10)
    else:
        X, y = np.ones((10, 2)), np.arange(10) % 2
    model = GaussianNB().fit(X, y)
    Q = rng.normal(scale=5, size=(50, 2))
    proba = model.predict_proba(Q)
    assert np.all(np.isfinite(proba)) and np.all(np.isfinite(model.decision_function(Q)))
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)
    if case in ("one_point_per_class", "duplicates"):
        np.testing.assert_array_equal(model.predict(X), y)
    if case != "constant":  # scikit-learn divides by zero when every feature is constant
        np.testing.assert_allclose(model.var_, SkGaussianNB().fit(X, y).var_, rtol=0, atol=fit_rounding(X, 1e-9)[1])


@pytest.mark.parametrize("scale", [1e-9, 1e9])
def test_gaussian_extreme_scales(scale):
    X, y = DATASETS["blobs3"]
    Q = np.random.default_rng(4).uniform(-15, 15, size=(500, 2))
    model = GaussianNB().fit(X * scale, y)
    ref = SkGaussianNB().fit(X * scale, y)
    proba = model.predict_proba(Q * scale)
    assert np.all(np.isfinite(proba))
    np.testing.assert_allclose(proba, ref.predict_proba(Q * scale), atol=1e-9)
    np.testing.assert_array_equal(model.predict(Q * scale), GaussianNB().fit(X, y).predict(Q))


@pytest.mark.parametrize("value,message", [
    (0.0, "var_smoothing=0.0"), (-1e-3, "var_smoothing=-0.001"), ("big", "must be a number"),
    (float("inf"), "finite"),
])
def test_var_smoothing_validation(value, message):
    X, y = DATASETS["moons"]
    with pytest.raises(ValidationError, match=message):
        GaussianNB(var_smoothing=value).fit(X, y)


def test_gaussian_contract():
    X, y = DATASETS["moons"]
    model = GaussianNB()
    assert not [a for a in vars(model) if a.endswith("_")]
    with pytest.raises(NotFittedError):
        model.predict(X)
    model.fit(X, y)
    with pytest.raises(ValidationError, match="3 features"):
        model.predict(np.zeros((1, 3)))


# -- the play-tennis table of shared/worked_examples.md ---------------------

TENNIS = """\
sunny hot high weak no
sunny hot high strong no
overcast hot high weak yes
rain mild high weak yes
rain cool normal weak yes
rain cool normal strong no
overcast cool normal strong yes
sunny mild high weak no
sunny cool normal weak yes
rain mild normal weak yes
sunny mild normal strong yes
overcast mild high strong yes
overcast hot normal weak yes
rain mild high strong no"""


def tennis():
    rows = np.array([line.split() for line in TENNIS.splitlines()], dtype=object)
    return rows[:, :4], rows[:, 4].astype(str)


NEW_DAY = [["sunny", "cool", "high", "strong"]]


def test_tennis_maximum_likelihood_worked_example():
    X, y = tennis()
    model = CategoricalNB(alpha=0).fit(X, y)
    assert list(model.classes_) == ["no", "yes"]
    np.testing.assert_allclose(model.class_prior_, [5 / 14, 9 / 14])
    np.testing.assert_allclose(model.category_probs_[0]["sunny"], [3 / 5, 2 / 9])
    np.testing.assert_allclose(model.category_probs_[0]["overcast"], [0.0, 4 / 9])
    score_no, score_yes = model.scores(NEW_DAY)[0]
    assert round(score_yes, 4) == 0.0053
    assert round(score_no, 4) == 0.0206
    assert model.predict(NEW_DAY)[0] == "no"
    assert round(model.predict_proba(NEW_DAY)[0, 0], 3) == 0.795


def test_zero_likelihood_with_alpha_zero_is_not_nan():
    X, y = tennis()
    model = CategoricalNB(alpha=0).fit(X, y)
    day = [["overcast", "hot", "high", "strong"]]  # overcast never happened on a "no" day
    np.testing.assert_array_equal(model.predict_proba(day), [[0.0, 1.0]])
    assert model.scores(day)[0, 0] == 0.0
    assert model.predict(day)[0] == "yes"


def test_alpha_zero_and_every_class_impossible_says_so():
    X, y = tennis()
    model = CategoricalNB(alpha=0).fit(X, y)
    day = [["foggy", "cool", "high", "strong"]]  # a value never seen in training
    np.testing.assert_array_equal(model.scores(day), [[0.0, 0.0]])
    with pytest.raises(ValidationError, match="probability 0 under every class.*alpha > 0"):
        model.predict_proba(day)


def test_laplace_matches_sklearn_on_tennis():
    X, y = tennis()
    encoder = OrdinalEncoder().fit(X)
    days = np.array([NEW_DAY[0], ["overcast", "hot", "normal", "weak"], ["rain", "mild", "high", "strong"]],
                    dtype=object)
    for alpha in (1.0, 0.5, 3.0):
        ours = CategoricalNB(alpha=alpha).fit(X, y)
        ref = SkCategoricalNB(alpha=alpha).fit(encoder.transform(X), y)
        np.testing.assert_allclose(ours.predict_proba(days), ref.predict_proba(encoder.transform(days)),
                                   rtol=1e-12)
        np.testing.assert_allclose(ours.predict_proba(X), ref.predict_proba(encoder.transform(X)), rtol=1e-12)


def test_laplace_matches_sklearn_on_generated_tables():
    rng = np.random.default_rng(5)
    X = np.column_stack([rng.choice(list("abcde")[:v], size=120) for v in (2, 3, 5)]).astype(object)
    y = rng.choice(["p", "q", "r"], size=120)
    encoder = OrdinalEncoder().fit(X)
    ours = CategoricalNB(alpha=1.0).fit(X, y)
    ref = SkCategoricalNB(alpha=1.0).fit(encoder.transform(X), y)
    np.testing.assert_allclose(ours.predict_proba(X), ref.predict_proba(encoder.transform(X)), rtol=1e-12)
    np.testing.assert_array_equal(ours.predict(X), ref.predict(encoder.transform(X)))


def test_unseen_value_with_laplace():
    X, y = tennis()
    model = CategoricalNB(alpha=1.0).fit(X, y)
    seen = model.scores(NEW_DAY)[0]
    foggy = model.scores([["foggy", "cool", "high", "strong"]])[0]
    # sunny: (N_c,sunny + 1) / (N_c + 3);  foggy: 1 / (N_c + 1 * (3 + 1))
    sunny = np.array([(3 + 1) / (5 + 3), (2 + 1) / (9 + 3)])
    unseen = np.array([1 / (5 + 4), 1 / (9 + 4)])
    np.testing.assert_allclose(foggy / seen, unseen / sunny, rtol=1e-12)
    assert np.all(np.isfinite(model.predict_proba([["foggy", "freezing", "dry", "calm"]])))


def test_categorical_validation_and_contract():
    X, y = tennis()
    with pytest.raises(ValidationError, match="alpha=-1"):
        CategoricalNB(alpha=-1).fit(X, y)
    with pytest.raises(ValidationError, match="alpha"):
        CategoricalNB(alpha="one").fit(X, y)
    model = CategoricalNB()
    assert not [a for a in vars(model) if a.endswith("_")]
    with pytest.raises(NotFittedError):
        model.predict(X)
    model.fit(X, y)
    with pytest.raises(ValidationError, match="3 features"):
        model.predict(X[:, :3])
    with pytest.raises(ValidationError, match="missing"):
        CategoricalNB().fit(np.array([["a", None], ["b", "c"]], dtype=object), ["x", "y"])
    with pytest.raises(ValidationError, match="at least 2 classes"):
        CategoricalNB().fit(X, ["yes"] * len(X))
    first = model.predict_proba(X)
    np.testing.assert_array_equal(model.fit(X, y).predict_proba(X), first)
    assert model.get_params() == {"alpha": 1.0}
