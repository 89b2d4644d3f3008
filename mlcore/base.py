"""The estimator contract shared by every model (scikit-learn's conventions).

* ``__init__`` only stores keyword hyperparameters.
* ``fit(X, y)`` validates, learns, returns ``self``; learned state ends in ``_``.
* ``predict`` returns labels taken from ``classes_`` (ints, strings, anything hashable).
* Bad input raises :class:`ValidationError` with a message a student can act on.
"""

from __future__ import annotations

import copy
import inspect
import numbers
import warnings

import numpy as np


class ValidationError(ValueError):
    """Input a model cannot use; the message says what to change."""


class NotFittedError(ValidationError, AttributeError):
    """A model was asked to predict before ``fit`` was called."""


class BaseEstimator:
    """Hyperparameters are exactly the keyword arguments of ``__init__``."""

    @classmethod
    def _param_names(cls) -> list[str]:
        sig = inspect.signature(cls.__init__)
        names = []
        for p in sig.parameters.values():
            if p.name == "self":
                continue
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                raise TypeError(f"{cls.__name__}.__init__ must list its hyperparameters explicitly")
            names.append(p.name)
        return sorted(names)

    def get_params(self, deep: bool = True) -> dict:
        """The hyperparameters by name; with ``deep``, also those of every estimator among them.

        A hyperparameter that is itself an estimator (a meta-estimator's ``estimator``)
        adds its own as ``estimator__max_depth`` (scikit-learn's ``__`` convention), so a
        search or a link can reach inside it.
        """
        params = {}
        for name in self._param_names():
            value = getattr(self, name)
            params[name] = value
            if deep and isinstance(value, BaseEstimator):
                params.update((f"{name}__{inner}", v) for inner, v in value.get_params(deep=True).items())
        return params

    def set_params(self, **params):
        """Set hyperparameters; ``estimator__max_depth=3`` sets ``max_depth`` of ``self.estimator``.

        Plain names are set first, so ``set_params(estimator=tree, estimator__max_depth=3)``
        sets the depth of the new tree. Nested names are passed on grouped, one
        ``set_params`` call per inner estimator.
        """
        valid = self._param_names()
        nested: dict[str, dict] = {}
        for name, value in params.items():
            outer, _, inner = name.partition("__")
            if outer not in valid:
                raise ValidationError(
                    f"{type(self).__name__} has no hyperparameter {outer!r}; it has {', '.join(valid)}"
                )
            if inner:
                nested.setdefault(outer, {})[inner] = value
            else:
                setattr(self, outer, value)
        for outer, inner_params in nested.items():
            target = getattr(self, outer)
            if not isinstance(target, BaseEstimator):
                first = next(iter(inner_params))
                raise ValidationError(
                    f"{outer}__{first}: {type(self).__name__}'s {outer} is {target!r}, not an estimator "
                    f"with hyperparameters; set {outer}=... to an estimator first"
                )
            target.set_params(**inner_params)
        return self

    def __repr__(self) -> str:
        sig = inspect.signature(type(self).__init__)
        shown = []
        for name in self._param_names():
            default = sig.parameters[name].default
            value = getattr(self, name)
            if not _same(value, default):
                shown.append(f"{name}={value!r}")
        return f"{type(self).__name__}({', '.join(shown)})"


def _same(a, b) -> bool:
    try:
        return bool(a == b) and type(a) is type(b)
    except (TypeError, ValueError):
        return a is b


def clone(estimator):
    """A new unfitted estimator with the same hyperparameters.

    Estimators among the hyperparameters (also inside a list or tuple) are cloned in turn and
    everything else is deep-copied, so the clone never shares a model (or a mutable value) with the original.
    """
    if not isinstance(estimator, BaseEstimator):
        raise ValidationError(f"cannot clone {estimator!r}: it is not an mlcore estimator")
    params = {k: _clone_param(v) for k, v in estimator.get_params(deep=False).items()}
    return type(estimator)(**params)


def _clone_param(value):
    """An estimator is cloned, also inside a plain list or tuple (a pipeline's (name, step)
    pairs); anything else is deep-copied."""
    if isinstance(value, BaseEstimator):
        return clone(value)
    if type(value) in (list, tuple):
        return type(value)(_clone_param(v) for v in value)
    return copy.deepcopy(value)


class ClassifierMixin:
    def score(self, X, y) -> float:
        """Mean accuracy: (1/n) sum_i [predict(x_i) == y_i]."""
        y = np.asarray(y)
        return float(np.mean(self.predict(X) == y))


class LinearClassifierMixin:
    """Linear scores s_k(x) = w_k·x + b_k from ``coef_`` (K, d) or (1, d) and ``intercept_``.

    Two classes: one score, positive means ``classes_[1]``. More: argmax over the K
    scores (first maximum on ties).
    """

    def decision_function(self, X) -> np.ndarray:
        """w·x + b: shape (n,) for two classes (positive means classes_[1]), else (n, K)."""
        check_is_fitted(self)
        X = check_array(X, n_features=self.n_features_in_)
        if len(self.classes_) == 2:
            # A contiguous (n,) result: a strided column view costs every consumer a copy.
            return X @ self.coef_[0] + self.intercept_[0]
        return X @ self.coef_.T + self.intercept_

    def predict(self, X) -> np.ndarray:
        scores = self.decision_function(X)
        if scores.ndim == 1:
            return self.classes_[(scores > 0).astype(np.intp)]
        return self.classes_[np.argmax(scores, axis=1)]


def check_is_fitted(estimator, attributes=None) -> None:
    """Raise NotFittedError unless ``estimator`` has ``attributes`` (a name or a list of names),
    by default any learned attribute (a name ending in "_"), as scikit-learn checks."""
    if attributes is None:
        fitted = any(name.endswith("_") and not name.startswith("__") for name in vars(estimator))
    else:
        names = [attributes] if isinstance(attributes, str) else list(attributes)
        fitted = all(hasattr(estimator, name) for name in names)
    if not fitted:
        raise NotFittedError(
            f"this {type(estimator).__name__} is not fitted yet: call fit(X, y) before using it"
        )


class DataConversionWarning(UserWarning):
    """Input was usable but converted (a column-vector y read as 1-D); scikit-learn's name and meaning."""


class NonNumericError(ValidationError, TypeError):
    """X holds a value numpy cannot turn into a number (a dict, a list in a cell...).

    A TypeError too, as numpy's own conversion error is, so code that catches either works.
    """


# scikit-learn's key phrases ("Reshape your data", "0 feature(s)", "Complex data not supported",
# "requires y to be passed", "continuous") are kept inside our messages, so its users find the
# words they know and scikit-learn's own checks recognise them.
_RESHAPE_HINT = ("Reshape your data: {name}.reshape(-1, 1) if it is a single feature, "
                 "{name}.reshape(1, -1) if it is a single point")


def check_array(X, *, name: str = "X", n_features: int | None = None) -> np.ndarray:
    """A 2-D finite real float64 array, or a ValidationError saying what is wrong."""
    try:
        raw = np.asarray(X)
        if np.iscomplexobj(raw):
            raise ValidationError(
                f"{name} contains complex numbers (Complex data not supported): "
                "split each into its real and imaginary parts as two features"
            )
        arr = raw.astype(np.float64, copy=False)
    except TypeError as error:
        raise NonNumericError(f"{name} must contain numbers only ({error})") from None
    except ValidationError:
        raise
    except ValueError as error:
        raise ValidationError(f"{name} must contain numbers only ({error})") from None
    if arr.ndim == 1:
        raise ValidationError(
            f"{name} must be 2-D (one row per point): got a 1-D array of {arr.size} values. "
            + _RESHAPE_HINT.format(name=name)
        )
    if arr.ndim != 2:
        raise ValidationError(f"{name} must be 2-D (one row per point); got {arr.ndim} dimensions")
    if arr.shape[0] == 0:
        raise ValidationError(
            f"{name} has no points: found array with 0 sample(s) (shape={arr.shape}) while a minimum of 1 is required."
        )
    if arr.shape[1] == 0:
        raise ValidationError(
            f"{name} has no features: found array with 0 feature(s) (shape={arr.shape}) "
            "while a minimum of 1 is required."
        )
    if not np.all(np.isfinite(arr)):
        raise ValidationError(f"{name} contains NaN or infinite values; remove or fill them first")
    if n_features is not None and arr.shape[1] != n_features:
        raise ValidationError(
            f"{name} has {arr.shape[1]} features, but it is expecting {n_features} features as input: "
            f"the model was trained on {n_features}"
        )
    return arr


def check_X_y(X, y, *, min_classes: int = 2):
    """Validate training data; return ``X, y_encoded, classes_``.

    ``classes_, y_enc = np.unique(y, return_inverse=True)``, so every column of a
    score matrix follows ``classes_`` and labels of any sortable type work. Float
    labels must be whole numbers (2.0 is a class; 0.37 means y is a continuous target,
    a regression problem, refused as scikit-learn's ``type_of_target`` does).
    """
    if y is None:
        raise ValidationError("fit needs the labels: this classifier requires y to be passed, but the target y is None")
    X = check_array(X)
    y = np.asarray(y)
    if y.ndim == 2 and y.shape[1] == 1:
        warnings.warn(
            "A column-vector y was passed when a 1d array was expected: "
            f"y of shape {y.shape} is read as one label per point; pass y.ravel() to silence this warning.",
            DataConversionWarning, stacklevel=3,
        )
    if y.ndim != 1:
        y = y.reshape(-1) if y.ndim == 2 and 1 in y.shape else y
    if y.ndim != 1:
        raise ValidationError("y must be 1-D: one label per point")
    if y.shape[0] != X.shape[0]:
        raise ValidationError(f"X has {X.shape[0]} points but y has {y.shape[0]} labels")
    if np.iscomplexobj(y):
        raise ValidationError("y contains complex numbers (Complex data not supported); labels must be real")
    if y.dtype.kind == "f":
        if not np.all(np.isfinite(y)):
            raise ValidationError("y contains NaN or infinite labels")
        fractional = y[y != np.floor(y)]
        if fractional.size:
            raise ValidationError(
                f"y is continuous (a label such as {fractional[0]:g} is not a whole number): "
                "a classifier needs class labels; round or bin y into classes first"
            )
    if y.dtype.kind == "O":
        if any(v is None for v in y):
            raise ValidationError("y contains missing labels (None)")
    try:
        classes, y_enc = np.unique(y, return_inverse=True)
    except TypeError:
        raise ValidationError("labels must be all numbers or all strings, not a mix") from None
    if len(classes) < min_classes:
        # .tolist() turns a numpy scalar into the plain value a student typed (1, not np.int64(1)).
        only = f" class (every point is {classes[:1].tolist()[0]!r})" if len(classes) == 1 else " classes"
        raise ValidationError(
            f"need at least {min_classes} classes to learn a boundary; got {len(classes)}{only}"
        )
    return X, y_enc.astype(np.intp), classes


def check_scalar(value, name: str, *, kind=numbers.Real, low=None, high=None,
                 low_inclusive: bool = True, high_inclusive: bool = True, model: str = ""):
    """Check one hyperparameter; return it (as int or float)."""
    where = f" for {model}" if model else ""
    if isinstance(value, bool) or not isinstance(value, kind):
        what = "a whole number" if kind is numbers.Integral else "a number"
        raise ValidationError(f"{name}={value!r}{where} must be {what}")
    if kind is not numbers.Integral and not np.isfinite(value) and not (high is None and value == np.inf):
        raise ValidationError(f"{name}={value!r}{where} must be a finite number")
    if low is not None and (value < low or (value == low and not low_inclusive)):
        op = ">=" if low_inclusive else ">"
        raise ValidationError(f"{name}={value!r}{where} must be {op} {low}")
    if high is not None and (value > high or (value == high and not high_inclusive)):
        op = "<=" if high_inclusive else "<"
        raise ValidationError(f"{name}={value!r}{where} must be {op} {high}")
    return int(value) if kind is numbers.Integral else float(value)


def check_choice(value, name: str, choices, *, model: str = ""):
    if value not in choices:
        where = f" for {model}" if model else ""
        raise ValidationError(f"{name}={value!r}{where} must be one of {', '.join(map(repr, choices))}")
    return value


def check_random_state(seed) -> np.random.Generator:
    """``random_state`` may be None, an int or a Generator; never a global seed."""
    if seed is None or isinstance(seed, (numbers.Integral, np.integer)):
        return np.random.default_rng(seed)
    if isinstance(seed, np.random.Generator):
        return seed
    raise ValidationError(f"random_state={seed!r} must be an integer or None")


def softmax(z: np.ndarray) -> np.ndarray:
    """Row-wise softmax exp(z_k - max z) / sum_j exp(z_j - max z), stable for any scale."""
    z = z - z.max(axis=1, keepdims=True)
    np.exp(z, out=z)
    z /= z.sum(axis=1, keepdims=True)
    return z
