"""Hypothesis-generated awkward datasets never crash a model or give NaN.

Every registry model either fits and returns finite outputs, or refuses with a
ValidationError that says something a student can act on.
"""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catalog.models import MODELS
from mlcore import ValidationError

KEYS = sorted(MODELS)


@st.composite
def awkward_data(draw):
    n = draw(st.integers(2, 40))
    kind = draw(st.sampled_from(["random", "duplicates", "collinear", "one_point_class", "constant"]))
    scale = draw(st.sampled_from([1e-9, 1e-3, 1.0, 1e3, 1e9]))
    seed = draw(st.integers(0, 2**16))
    rng = np.random.default_rng(seed)
    if kind == "random":
        X = rng.normal(size=(n, 2))
    elif kind == "duplicates":
        X = np.repeat(rng.normal(size=(max(1, n // 4), 2)), 4, axis=0)[:n]
        if len(X) < n:
            X = np.vstack([X, X[: n - len(X)]])
    elif kind == "collinear":
        t = rng.normal(size=n)
        X = np.column_stack([t, 2 * t + 1])
    elif kind == "constant":
        X = np.ones((n, 2))
    else:
        X = rng.normal(size=(n, 2))
    X = X * scale
    n_classes = draw(st.integers(2, 3))
    y = rng.integers(0, n_classes, size=n)
    if kind == "one_point_class":
        y[:] = 0
        y[0] = 1
    return X, y


def _check(key, X, y):
    spec = MODELS[key]
    if not spec.has("multiclass") and len(np.unique(y)) > 2:
        y = (y > 0).astype(int)
    model = spec.make()
    try:
        model.fit(X, y)
    except ValidationError as err:
        message = str(err)
        assert len(message) > 10 and "Traceback" not in message
        return
    queries = np.vstack([X, X.mean(axis=0) + np.abs(X).max() * np.array([[1.5, -1.5], [0.0, 0.0]])])
    pred = model.predict(queries)
    assert set(pred) <= set(model.classes_)
    for method in ("predict_proba", "decision_function"):
        if hasattr(model, method):
            out = getattr(model, method)(queries)
            assert np.all(np.isfinite(out)), f"{key}.{method} returned NaN or inf"


@pytest.mark.parametrize("key", KEYS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=awkward_data())
def test_awkward_data_never_crashes(key, data):
    X, y = data
    _check(key, X, y)
