"""Pipeline: transformers then a final estimator, fitted and used as one model.

``Pipeline([("scale", StandardScaler()), ("knn", KNeighborsClassifier())])``: ``fit`` fits a
clone of each transformer on the output of the ones before it (training data only) and a
clone of the last step on the result (the steps you passed stay unfitted, as every mlcore
meta-estimator leaves its estimator alone; the fitted ones are ``steps_`` and, after fit,
``named_steps``); ``predict``, ``predict_proba``, ``decision_function`` and ``score``
push X through the fitted transformers and ask the last step. Because the scaler is
inside, cross-validation refits it on each training fold: no test fold leaks into it.

Parameters follow scikit-learn: ``get_params()`` lists ``steps``, each step by name and
each step's own hyperparameters as ``name__param`` (``knn__k``); ``set_params(knn__k=3)``
reaches inside and ``set_params(scale=MinMaxScaler())`` replaces a step.
"""

from __future__ import annotations

import numpy as np

from .base import BaseEstimator, ValidationError, check_is_fitted, clone

__all__ = ["Pipeline"]


class Pipeline(BaseEstimator):
    """steps: a list of (name, estimator); all but the last must have fit and transform."""

    def __init__(self, steps):
        self.steps = steps

    # --- parameters -------------------------------------------------------------------------

    def get_params(self, deep: bool = True) -> dict:
        params = {"steps": self.steps}
        if deep:
            for name, step in self._named():
                params[name] = step
                if isinstance(step, BaseEstimator):
                    params.update((f"{name}__{k}", v) for k, v in step.get_params(deep=True).items())
        return params

    def set_params(self, **params):
        if "steps" in params:
            self.steps = params.pop("steps")
        if not params:
            return self  # steps are checked in fit, not here (scikit-learn's rule for set_params)
        names = [name for name, _ in self._named()]
        nested: dict[str, dict] = {}
        for key, value in params.items():
            outer, _, inner = key.partition("__")
            if outer not in names:
                raise ValidationError(
                    f"Pipeline has no step {outer!r}; its steps are {', '.join(names)} (and 'steps')")
            if inner:
                nested.setdefault(outer, {})[inner] = value
            else:
                self.steps = [(n, value if n == outer else s) for n, s in self.steps]
        for outer, inner_params in nested.items():
            dict(self.steps)[outer].set_params(**inner_params)
        return self

    def _named(self):
        try:
            pairs = [(name, step) for name, step in self.steps]
        except (TypeError, ValueError):
            raise ValidationError("steps must be a list of (name, estimator) pairs") from None
        if not pairs:
            raise ValidationError("steps is empty: a pipeline needs at least its final estimator")
        names = [n for n, _ in pairs]
        if len(set(names)) != len(names) or any(not isinstance(n, str) or "__" in n for n in names):
            raise ValidationError(f"step names {names} must be distinct strings without '__'")
        return pairs

    @property
    def named_steps(self) -> dict:
        """The fitted steps by name after fit, else the steps as given."""
        return dict(getattr(self, "steps_", None) or self._named())

    @property
    def _final(self):
        check_is_fitted(self, "steps_")
        return self.steps_[-1][1]

    # --- fitting and using ----------------------------------------------------------------------

    def fit(self, X, y=None):
        """Fit step 1 on X, step 2 on step 1's output, ...; the final step on the last output."""
        pairs = self._named()
        for name, step in pairs[:-1]:
            if not (hasattr(step, "fit") and hasattr(step, "transform")):
                raise ValidationError(f"step {name!r} ({type(step).__name__}) must have fit and transform: "
                                      "only the last step may be a plain model")
        fitted, Z = [], X
        for name, step in pairs[:-1]:
            step = clone(step)
            Z = step.fit_transform(Z, y) if hasattr(step, "fit_transform") else step.fit(Z, y).transform(Z)
            fitted.append((name, step))
        name, final = pairs[-1]
        fitted.append((name, clone(final).fit(Z, y)))
        self.steps_ = fitted
        first = fitted[0][1]
        self.n_features_in_ = first.n_features_in_ if hasattr(first, "n_features_in_") else np.shape(X)[1]
        if hasattr(self._final, "classes_"):
            self.classes_ = self._final.classes_
        return self

    def _through(self, X):
        check_is_fitted(self, "steps_")
        for _, step in self.steps_[:-1]:
            X = step.transform(X)
        return X

    def predict(self, X):
        return self._final.predict(self._through(X))

    def score(self, X, y):
        return self._final.score(self._through(X), y)

    # Offered only when the final step has them (scikit-learn's ``available_if``), so code that
    # asks ``hasattr(pipe, "predict_proba")`` before calling, as the decision grid does, works.
    @property
    def predict_proba(self):
        return self._delegate("predict_proba")

    @property
    def decision_function(self):
        return self._delegate("decision_function")

    @property
    def transform(self):
        """Every step's transform in turn (only when the last step is a transformer too)."""
        return self._delegate("transform")

    @property
    def fit_transform(self):
        self._delegate("transform")
        return lambda X, y=None: self.fit(X, y).transform(X)

    def _delegate(self, method: str):
        final = self.steps_[-1][1] if hasattr(self, "steps_") else self._named()[-1][1]
        if not hasattr(final, method):
            raise AttributeError(f"the final step {type(self._final).__name__} has no {method}")
        return lambda X: getattr(self._final, method)(self._through(X))
