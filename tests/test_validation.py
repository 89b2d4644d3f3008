"""The shared input validation (mlcore.base.check_array / check_X_y), through every registered model.

The conventions a scikit-learn user relies on: a continuous target is refused, whole-number
float labels are classes, complex input is refused, a column-vector y is used with a warning.
"""

import warnings

import numpy as np
import pytest

from catalog.models import MODELS
from mlcore import ValidationError
from mlcore.base import DataConversionWarning

KEYS = sorted(MODELS)


def _blobs(seed=0, n_per=15):
    rng = np.random.default_rng(seed)
    X = np.vstack([c + rng.normal(scale=0.8, size=(n_per, 2)) for c in ([-2.0, -1.0], [2.0, 1.0])])
    return X, np.repeat([0, 1], n_per)


@pytest.mark.parametrize("key", KEYS)
def test_continuous_target_is_refused(key):
    X, y = _blobs()
    target = y + np.linspace(0.01, 0.5, len(y))
    with pytest.raises(ValidationError, match="continuous") as err:
        MODELS[key].make().fit(X, target)
    assert "not a whole number" in str(err.value)


@pytest.mark.parametrize("key", KEYS)
def test_whole_number_float_labels_are_classes(key):
    X, y = _blobs()
    as_float = MODELS[key].make().fit(X, y.astype(float))
    as_int = MODELS[key].make().fit(X, y)
    assert as_float.classes_.tolist() == [0.0, 1.0]
    assert np.array_equal(as_float.predict(X), as_int.predict(X))


@pytest.mark.parametrize("key", KEYS)
def test_complex_input_is_refused(key):
    X, y = _blobs()
    with pytest.raises(ValidationError, match="complex"):
        MODELS[key].make().fit(X + 1j, y)
    with pytest.raises(ValidationError, match="complex"):
        MODELS[key].make().fit(X, y + 1j)


@pytest.mark.parametrize("key", KEYS)
def test_column_vector_y_warns_and_fits_as_1d(key):
    X, y = _blobs()
    with pytest.warns(DataConversionWarning, match="A column-vector y was passed when a 1d array was expected"):
        column = MODELS[key].make().fit(X, y[:, None])
    flat = MODELS[key].make().fit(X, y)
    assert np.array_equal(column.predict(X), flat.predict(X))


def test_column_vector_warning_is_a_user_warning_not_an_error():
    """pyproject turns mlcore's RuntimeWarnings into errors; this one is advice, a UserWarning."""
    assert issubclass(DataConversionWarning, UserWarning)
    assert not issubclass(DataConversionWarning, RuntimeWarning)
    X, y = _blobs()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        MODELS["knn"].make().fit(X, y[:, None])
    assert [w.category for w in caught] == [DataConversionWarning]


@pytest.mark.parametrize("key", KEYS)
def test_missing_y_is_refused(key):
    X, _ = _blobs()
    with pytest.raises(ValidationError, match="requires y"):
        MODELS[key].make().fit(X, None)


def test_non_numeric_cell_is_a_validation_error_and_a_type_error():
    X, y = _blobs()
    X = X.astype(object)
    X[0, 0] = {"a": 1}
    with pytest.raises(ValidationError, match="numbers only") as err:
        MODELS["knn"].make().fit(X, y)
    assert isinstance(err.value, TypeError)


@pytest.mark.parametrize("X, phrase", [
    (np.ones(5), "Reshape your data"),
    (np.ones((4, 0)), r"no features: found array with 0 feature\(s\)"),
    (np.ones((0, 2)), r"no points: found array with 0 sample\(s\)"),
])
def test_shape_messages_keep_the_plain_words_and_scikit_learns_phrase(X, phrase):
    with pytest.raises(ValidationError, match=phrase):
        MODELS["knn"].make().fit(X, np.zeros(len(X)))


def test_one_class_message_shows_the_label_as_typed():
    X, _ = _blobs()
    with pytest.raises(ValidationError, match=r"got 1 class \(every point is 7\)"):
        MODELS["knn"].make().fit(X, np.full(len(X), 7))
