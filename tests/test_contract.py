"""The estimator contract, checked for every model in the registry.

Adding a model to mlcore.registry enrolls it here automatically.
"""

import numpy as np
import pytest

from catalog.models import MODELS
from mlcore import BaseEstimator, NotFittedError, ValidationError, clone

KEYS = sorted(MODELS)


def _blobs(n_classes=2, n_per=15, seed=0):
    rng = np.random.default_rng(seed)
    centres = np.array([[-2.0, -1.0], [2.0, 1.0], [0.0, 3.0], [3.0, -3.0]])[:n_classes]
    X = np.vstack([c + rng.normal(scale=0.8, size=(n_per, 2)) for c in centres])
    y = np.repeat(np.arange(n_classes), n_per)
    return X, y


def _model(key):
    return MODELS[key].make()


def _fitted_attrs(model):
    return sorted(a for a in vars(model) if a.endswith("_") and not a.startswith("__"))


@pytest.mark.parametrize("key", KEYS)
def test_spec_is_complete(key):
    spec = MODELS[key]
    assert spec.key == key and spec.label and spec.family and spec.summary
    names = spec.cls._param_names()
    for p in spec.params:
        # a setting is an __init__ argument, or the spec's build turns it into one (a
        # base-model key into estimator=, a tree depth into estimator__max_depth)
        assert p.name in names or _wired_through_build(spec, p), \
            f"{key}: ParamSpec {p.name} is not an __init__ argument and does not change the model"
        assert p.help, f"{key}.{p.name} has no help text"
        if p.kind == "choice":
            assert p.default in p.choices
        elif p.kind in ("int", "float"):
            assert p.low <= p.default <= p.high
        for other in p.when:
            assert other in {q.name for q in spec.params}
    for cap in spec.capabilities:
        assert cap in {"proba", "decision", "history", "multiclass"}


def _comparable(params):
    """Deep params with every estimator replaced by (its class, its own params), for ==."""
    return {k: (type(v), _comparable(v.get_params())) if isinstance(v, BaseEstimator) else v
            for k, v in params.items()}


def _wired_through_build(spec, p):
    """Does another value of this setting (consumed by the spec's build) make another model?"""
    if spec.build is None or p.name in spec.arguments():
        return False
    other = next(v for v in (p.choices if p.kind == "choice" else (p.low, p.high)) if v != p.default)
    return _comparable(spec.make(**{p.name: other}).get_params()) != _comparable(spec.make().get_params())


@pytest.mark.parametrize("key", KEYS)
def test_init_stores_params_and_clone_round_trips(key):
    model = _model(key)
    params = model.get_params()
    spec = MODELS[key]
    for name, value in spec.arguments().items():
        if isinstance(value, BaseEstimator):      # its settings are checked by their nested names
            assert type(params[name]) is type(value)
        else:
            assert params[name] == value, f"__init__ must store {name} unchanged"
    twin = clone(model)
    assert twin is not model and _comparable(twin.get_params()) == _comparable(params)
    for name, value in params.items():
        if isinstance(value, BaseEstimator):
            assert twin.get_params()[name] is not value, f"clone must copy {name}, not share it"
    assert _fitted_attrs(model) == [], "no learned attribute may exist before fit"
    assert type(model).__name__ in repr(model)


@pytest.mark.parametrize("key", KEYS)
def test_set_params_rejects_unknown_names(key):
    with pytest.raises(ValidationError, match="no hyperparameter"):
        _model(key).set_params(not_a_param=1)


@pytest.mark.parametrize("key", KEYS)
def test_unfitted_use_raises(key):
    X, _ = _blobs()
    model = _model(key)
    for method in ("predict", "predict_proba", "decision_function"):
        if hasattr(model, method):
            with pytest.raises(NotFittedError, match="fit"):
                getattr(model, method)(X)


@pytest.mark.parametrize("key", KEYS)
def test_fit_returns_self_and_shapes(key):
    spec = MODELS[key]
    for n_classes in (2, 3) if spec.has("multiclass") else (2,):
        X, y = _blobs(n_classes)
        model = _model(key)
        assert model.fit(X, y) is model
        assert list(model.classes_) == list(range(n_classes))
        pred = model.predict(X)
        assert pred.shape == (len(X),) and set(pred) <= set(range(n_classes))
        assert model.score(X, y) >= 0.8, "well separated blobs should be learned"
        if spec.has("proba"):
            P = model.predict_proba(X)
            assert P.shape == (len(X), n_classes)
            assert np.all(np.isfinite(P)) and np.allclose(P.sum(axis=1), 1)
            assert np.array_equal(model.classes_[P.argmax(axis=1)], pred)
        else:
            assert not hasattr(model, "predict_proba")
        if spec.has("decision"):
            D = model.decision_function(X)
            assert D.shape == ((len(X),) if n_classes == 2 else (len(X), n_classes))
            assert np.all(np.isfinite(D))
        if spec.has("history"):
            assert len(model.history_) > 0


@pytest.mark.parametrize("key", KEYS)
def test_string_labels(key):
    X, y = _blobs(2)
    vocabulary = np.array(["spam", "ham"])  # deliberately not in sorted order
    names = vocabulary[y]
    model = _model(key).fit(X, names)
    assert set(model.classes_) == {"spam", "ham"}
    assert set(model.predict(X)) <= {"spam", "ham"}
    ints = _model(key).fit(X, y)
    assert np.array_equal(model.predict(X), vocabulary[ints.predict(X)])


@pytest.mark.parametrize("key", KEYS)
def test_idempotent_and_deterministic(key):
    X, y = _blobs(2, seed=3)
    rng = np.random.default_rng(1)
    grid = rng.uniform(-4, 4, size=(200, 2))
    a = _model(key).fit(X, y)
    first = a.predict(grid)
    a.fit(X, y)
    b = _model(key).fit(X, y)
    assert np.array_equal(a.predict(grid), first)
    assert np.array_equal(b.predict(grid), first)
    if MODELS[key].has("proba"):
        assert np.allclose(a.predict_proba(grid), b.predict_proba(grid))


@pytest.mark.parametrize("key", KEYS)
def test_fit_does_not_change_hyperparameters_or_inputs(key):
    X, y = _blobs(2)
    X0, y0 = X.copy(), y.copy()
    model = _model(key)
    before = model.get_params()
    model.fit(X, y)
    assert model.get_params() == before
    assert np.array_equal(X, X0) and np.array_equal(y, y0)


@pytest.mark.parametrize("key", KEYS)
def test_one_class_is_refused_clearly(key):
    X, _ = _blobs(2)
    with pytest.raises(ValidationError, match="at least 2 classes"):
        _model(key).fit(X, np.zeros(len(X), dtype=int))


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("bad", ["nan", "1d", "mismatch", "empty"])
def test_bad_input_is_refused_clearly(key, bad):
    X, y = _blobs(2)
    if bad == "nan":
        X = X.copy()
        X[3, 1] = np.nan
    elif bad == "1d":
        X = X[:, 0]
    elif bad == "mismatch":
        y = y[:-1]
    else:
        X, y = X[:0], y[:0]
    with pytest.raises(ValidationError) as err:
        _model(key).fit(X, y)
    assert len(str(err.value)) > 10


@pytest.mark.parametrize("key", KEYS)
def test_predict_checks_feature_count(key):
    X, y = _blobs(2)
    model = _model(key).fit(X, y)
    with pytest.raises(ValidationError, match="features"):
        model.predict(np.ones((3, 5)))


@pytest.mark.parametrize("key", KEYS)
def test_every_choice_and_extreme_value_fits_or_explains(key):
    """Each value a widget can produce gives a model or a readable ValidationError."""
    spec = MODELS[key]
    X, y = _blobs(2, n_per=12)
    for p in spec.params:
        values = list(p.choices) if p.kind == "choice" else (
            [True, False] if p.kind == "bool" else [p.low, p.high])
        for v in values:
            params = {p.name: v}
            # satisfy the conditions under which this parameter matters
            for other, allowed in p.when.items():
                params[other] = allowed[0]
            model = spec.make(**params)
            try:
                model.fit(X, y)
            except ValidationError as err:
                assert len(str(err)) > 10
                continue
            out = model.predict_proba(X) if spec.has("proba") else model.predict(X)
            assert np.all(np.isfinite(np.asarray(out, dtype=float)))
