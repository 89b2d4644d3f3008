"""Scalers, the clipper, the elementwise transforms and PolynomialFeatures, against scikit-learn.

Tolerances: MinMaxScaler and PolynomialFeatures do the same floating-point
operations in the same order as scikit-learn, so they agree to the last bit; Normalizer divides
by a norm whose sum of d terms may be ordered differently (a few eps). StandardScaler's
mean and variance are sums whose order may differ between the two: each sum of n terms carries
a relative error of at most about n·eps (a few 1e-14 here), so they are compared at 1e-12.
"""

import numpy as np
import pytest
from sklearn import preprocessing as skp

from mlcore import NotFittedError, ValidationError, clone
from mlcore.preprocessing import (
    FunctionTransformer,
    MinMaxScaler,
    Normalizer,
    PolynomialFeatures,
    QuantileClipper,
    StandardScaler,
)


def _data(seed=0, n=60, d=3):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) * np.array([1.0, 50.0, 1e-3][:d]) + np.array([3.0, -7.0, 0.5][:d])
    X_test = rng.normal(size=(20, d)) * 2.0
    return X, X_test


SUM_RTOL = 1e-12  # see the module docstring: n·eps for n = 60 is ~1.3e-14


@pytest.mark.parametrize("with_mean, with_std", [(True, True), (False, True), (True, False)])
def test_standard_scaler_equals_sklearn(with_mean, with_std):
    X, X_test = _data()
    ours = StandardScaler(with_mean=with_mean, with_std=with_std).fit(X)
    ref = skp.StandardScaler(with_mean=with_mean, with_std=with_std).fit(X)
    np.testing.assert_allclose(ours.mean_, ref.mean_, rtol=SUM_RTOL)
    if with_std:
        np.testing.assert_allclose(ours.var_, ref.var_, rtol=SUM_RTOL)
    else:
        assert ours.var_ is None and ref.var_ is None  # scikit-learn keeps no variance then
    np.testing.assert_allclose(ours.transform(X_test), ref.transform(X_test), rtol=SUM_RTOL, atol=1e-12)
    np.testing.assert_allclose(ours.inverse_transform(ours.transform(X_test)), X_test, rtol=1e-12, atol=1e-12)


def test_standard_scaler_fits_on_training_data_only():
    X, X_test = _data()
    Z = StandardScaler().fit(X).transform(X_test)
    # Test data scaled with the training mean and spread: not itself mean 0 / sd 1.
    assert np.abs(Z.mean(axis=0)).max() > 0.1
    Z_train = StandardScaler().fit_transform(X)
    np.testing.assert_allclose(Z_train.mean(axis=0), 0, atol=1e-12)
    np.testing.assert_allclose(Z_train.std(axis=0), 1, rtol=1e-12)


def test_constant_column_is_left_unscaled_as_in_sklearn():
    X = np.column_stack([np.full(10, 0.1), np.arange(10.0)])
    ours, ref = StandardScaler().fit(X), skp.StandardScaler().fit(X)
    np.testing.assert_array_equal(ours.scale_, ref.scale_)
    assert np.all(np.isfinite(ours.transform(X)))
    m = MinMaxScaler().fit(X)
    np.testing.assert_array_equal(m.transform(X), skp.MinMaxScaler().fit_transform(X))


@pytest.mark.parametrize("feature_range, clip", [((0, 1), False), ((-1, 1), False), ((0, 1), True)])
def test_minmax_scaler_equals_sklearn_bit_for_bit(feature_range, clip):
    X, X_test = _data(1)
    ours = MinMaxScaler(feature_range=feature_range, clip=clip).fit(X)
    ref = skp.MinMaxScaler(feature_range=feature_range, clip=clip).fit(X)
    for attr in ("data_min_", "data_max_", "data_range_", "scale_", "min_"):
        np.testing.assert_array_equal(getattr(ours, attr), getattr(ref, attr))
    np.testing.assert_array_equal(ours.transform(X_test), ref.transform(X_test))
    if not clip:
        np.testing.assert_array_equal(ours.inverse_transform(X_test), ref.inverse_transform(X_test))


def test_minmax_refuses_an_empty_range():
    with pytest.raises(ValidationError, match="low end"):
        MinMaxScaler(feature_range=(1, 1)).fit(np.eye(3))


@pytest.mark.parametrize("norm", ["l2", "l1", "max"])
def test_normalizer_equals_sklearn(norm):
    X, _ = _data(2)
    X[3] = 0.0  # a zero row stays zero
    np.testing.assert_allclose(Normalizer(norm=norm).fit_transform(X), skp.Normalizer(norm=norm).fit_transform(X),
                               rtol=4e-16 * 3, atol=0)  # one norm (d = 3 terms) and one division


@pytest.mark.parametrize("degree, include_bias, interaction_only",
                         [(1, True, False), (2, True, False), (3, False, False), (4, True, False),
                          (3, True, True)])
def test_polynomial_features_equal_sklearn(degree, include_bias, interaction_only):
    X, X_test = _data(3)
    ours = PolynomialFeatures(degree=degree, include_bias=include_bias, interaction_only=interaction_only).fit(X)
    ref = skp.PolynomialFeatures(degree=degree, include_bias=include_bias, interaction_only=interaction_only).fit(X)
    np.testing.assert_array_equal(ours.powers_, ref.powers_)
    assert ours.n_output_features_ == ref.n_output_features_
    # Same factors multiplied in the same order: the same floats.
    np.testing.assert_array_equal(ours.transform(X_test), ref.transform(X_test))
    names = ref.get_feature_names_out(["a", "b", "c"])
    assert list(ours.get_feature_names_out(["a", "b", "c"])) == list(names)


def test_quantile_clipper_winsorises_at_the_training_quantiles():
    rng = np.random.default_rng(4)
    X = rng.standard_normal((1000, 2))
    X[:5] = 40.0  # outliers
    clipper = QuantileClipper(lower=0.05, upper=0.95).fit(X)
    np.testing.assert_array_equal(clipper.lower_bound_, np.quantile(X, 0.05, axis=0))
    Z = clipper.transform(X)
    assert Z.max() == clipper.upper_bound_.max() < 2.5
    inside = (X >= clipper.lower_bound_) & (X <= clipper.upper_bound_)
    np.testing.assert_array_equal(Z[inside], X[inside])
    # About 5% of each column on each side was moved onto the bound.
    moved_up = (X > clipper.upper_bound_).mean(axis=0)
    assert np.all(np.abs(moved_up - 0.05) < 0.002)
    with pytest.raises(ValidationError, match="below upper"):
        QuantileClipper(lower=0.9, upper=0.1).fit(X)


def test_log_and_sigmoid_transforms_and_their_inverses():
    X = np.array([[-1e6, -1.0, 0.0], [0.5, 3.0, 800.0]])
    log = FunctionTransformer(func="log").fit(X)
    np.testing.assert_allclose(log.transform(X), np.sign(X) * np.log(1 + np.abs(X)), rtol=1e-15)
    np.testing.assert_allclose(log.inverse_transform(log.transform(X)), X, rtol=1e-12)
    sig = FunctionTransformer(func="sigmoid").fit(X)
    Z = sig.transform(X)
    assert np.all(np.isfinite(Z)) and Z.min() >= 0 and Z.max() <= 1
    np.testing.assert_allclose(Z[1, :2], 1 / (1 + np.exp(-X[1, :2])), rtol=1e-15)
    mid = np.array([[-3.0, 0.0, 2.0]])
    np.testing.assert_allclose(sig.inverse_transform(sig.transform(mid)), mid, atol=1e-12)
    with pytest.raises(ValidationError, match="func"):
        FunctionTransformer(func="sqrt").fit(X)


TRANSFORMERS = [StandardScaler(), MinMaxScaler(), QuantileClipper(), Normalizer(), FunctionTransformer("log"),
                PolynomialFeatures(degree=2)]


@pytest.mark.parametrize("transformer", TRANSFORMERS, ids=lambda t: type(t).__name__)
def test_transformer_contract(transformer):
    X, X_test = _data(5)
    t = clone(transformer)
    assert not [a for a in vars(t) if a.endswith("_")]
    with pytest.raises(NotFittedError):
        t.transform(X)
    assert t.fit(X) is t
    first = t.transform(X_test)
    np.testing.assert_array_equal(t.fit(X).transform(X_test), first)  # fitting twice = once
    np.testing.assert_array_equal(clone(transformer).fit_transform(X), t.transform(X))
    assert t.get_params() == clone(t).get_params()
    with pytest.raises(ValidationError, match="features"):
        t.transform(X[:, :2])
    with pytest.raises(ValidationError, match="NaN"):
        clone(transformer).fit(np.array([[1.0, np.nan, 2.0]]))
