"""Estimating how well a model generalises by refitting it on splits of the data.

For a splitter giving folds (T_1, V_1), ..., (T_k, V_k), the cross-validation score is

    CV = (1/k) sum_i score(f_{T_i}, V_i),

where f_T is a fresh clone of the estimator fitted on the points T and ``score`` is the
accuracy (1/|V|) sum_{j in V} [f(x_j) = y_j] unless ``scoring`` says otherwise. The spread of
the k scores (their standard deviation) shows how much the estimate depends on the split.

* ``cross_validate`` / ``cross_val_score``: the k fold scores of one estimator.
* ``learning_curve``: the scores as the training set grows: for each size m, fit on the
  first m points of each training fold T_i (shuffled first with ``shuffle=True``), score on
  those m points (training score) and on V_i (validation score). An estimator with a
  ``_fit_together(datasets)`` method (the MLP) gets the k fits of one size in one call,
  which must return what k separate fits would (the MLP trains them in lockstep).
* ``validation_curve``: the scores as one hyperparameter moves over ``param_range``.

Every function clones the estimator (the caller's instance is never fitted), draws its
randomness from ``random_state`` only, and calls ``callback(done, total, what)`` after every
fit, so a page can show progress. A fit that fails (a training subset with one class, k
larger than the points...) does not stop the others: its score is ``error_score`` (NaN by
default, as in scikit-learn) and, with ``return_errors=True``, its message is returned.
"""

from __future__ import annotations

import numbers
import time

import numpy as np

from ..base import ValidationError, check_array, check_random_state, clone
from ..metrics import accuracy_score, balanced_accuracy_score
from ._split import check_cv

__all__ = ["cross_validate", "cross_val_score", "learning_curve", "validation_curve", "get_scorer"]


DEFAULT_TRAIN_SIZES = (0.1, 0.325, 0.55, 0.775, 1.0)  # scikit-learn's np.linspace(0.1, 1.0, 5)


def _accuracy(estimator, X, y) -> float:
    return accuracy_score(y, estimator.predict(X))


def _balanced_accuracy(estimator, X, y) -> float:
    return balanced_accuracy_score(y, estimator.predict(X))


SCORERS = {"accuracy": _accuracy, "balanced_accuracy": _balanced_accuracy}


def get_scorer(scoring):
    """``scoring`` as a function ``scorer(fitted_estimator, X, y) -> float`` (higher is better).

    A name from ``SCORERS`` ("accuracy", "balanced_accuracy"), None (accuracy) or such a function.
    """
    if scoring is None:
        return _accuracy
    if callable(scoring):
        return scoring
    if scoring in SCORERS:
        return SCORERS[scoring]
    raise ValidationError(f"scoring={scoring!r} must be one of {', '.join(SCORERS)} or a function "
                          "scorer(estimator, X, y)")


def _check_data(X, y):
    X = check_array(X)
    if y is None:
        raise ValidationError("cross-validation needs the labels y")
    y = np.asarray(y).reshape(-1)
    if y.shape[0] != X.shape[0]:
        raise ValidationError(f"X has {X.shape[0]} points but y has {y.shape[0]} labels")
    return X, y


def _check_error_score(error_score):
    if error_score != "raise" and not isinstance(error_score, numbers.Real):
        raise ValidationError(f"error_score={error_score!r} must be a number (NaN by default) or 'raise'")


def _fit_and_score(estimator, X, y, train, test, scorer, error_score, with_train: bool, model=None,
                   fitted=None):
    """Fit a clone (or ``model``, a clone the caller keeps) on ``train``; return (test score, train
    score, fit s, score s, error or None). ``fitted``: the clone already fitted on ``train``, or
    the exception its fit raised (see ``_fits_together``)."""
    model = clone(estimator) if model is None else model
    start = time.perf_counter()
    classes = np.unique(y[train])
    if classes.size < 2:
        message = (f"the {train.size} training point(s) all have class {classes.tolist()[0]!r}: "
                   "a classifier needs two classes")
        if error_score == "raise":
            raise ValidationError(message)
        return error_score, error_score, 0.0, 0.0, message
    try:
        if fitted is None:
            model.fit(X[train], y[train])
        elif isinstance(fitted, Exception):
            raise fitted
        else:
            model = fitted
    except Exception as error:  # any failing fit is scored, as in scikit-learn; "raise" re-raises
        if error_score == "raise":
            raise
        return error_score, error_score, time.perf_counter() - start, 0.0, str(error)
    fitted = time.perf_counter()
    test_score = float(scorer(model, X[test], y[test]))
    train_score = float(scorer(model, X[train], y[train])) if with_train else np.nan
    return test_score, train_score, fitted - start, time.perf_counter() - fitted, None


def _report(callback, done, total, what):
    if callback is not None:
        callback(done, total, what)


def cross_validate(estimator, X, y, *, cv=None, scoring=None, return_train_score=False,
                   return_estimator=False, error_score=np.nan, callback=None) -> dict:
    """Fit and score a clone on every split of ``cv`` (see :func:`check_cv`; None: 5 stratified
    folds), scored by ``scoring`` (None: accuracy).

    Returns a dict of arrays with one entry per split: ``test_score``, ``fit_time``,
    ``score_time`` (seconds), ``train_score`` with ``return_train_score``, and ``errors``
    (the message of a failed fit, or None). With ``return_estimator``, ``estimator`` is the list
    of the clones, each fitted on its split's training points (as in scikit-learn, a clone
    whose fit failed is returned as it is: check ``errors``).
    """
    X, y = _check_data(X, y)
    _check_error_score(error_score)
    scorer = get_scorer(scoring)
    splits = list(check_cv(cv, y, classifier=True).split(X, y))
    result = {"test_score": [], "train_score": [], "fit_time": [], "score_time": [], "errors": []}
    models = []   # kept only with return_estimator: a LOO over many points would hold every fit
    for done, (train, test) in enumerate(splits, start=1):
        model = clone(estimator) if return_estimator else None
        test_score, train_score, fit_time, score_time, error = _fit_and_score(
            estimator, X, y, np.asarray(train), np.asarray(test), scorer, error_score, return_train_score,
            model=model)
        if return_estimator:
            models.append(model)
        for key, value in zip(result, (test_score, train_score, fit_time, score_time, error), strict=True):
            result[key].append(value)
        _report(callback, done, len(splits), f"fold {done} of {len(splits)}")
    if not return_train_score:
        del result["train_score"]
    arrays = {key: np.array(values, dtype=float) for key, values in result.items() if key != "errors"}
    arrays["errors"] = result["errors"]
    if return_estimator:
        arrays["estimator"] = models
    return arrays


def cross_val_score(estimator, X, y, *, cv=None, scoring=None, error_score=np.nan, callback=None):
    """The test score of every split: ``cross_validate(...)["test_score"]``, an array of k floats."""
    return cross_validate(estimator, X, y, cv=cv, scoring=scoring, error_score=error_score,
                          callback=callback)["test_score"]


def _train_sizes(train_sizes, n_max: int) -> np.ndarray:
    """Absolute sizes: fractions in (0, 1] of ``n_max`` (floored) or whole counts in [1, n_max]; unique, sorted."""
    sizes = np.asarray(train_sizes)
    if sizes.ndim != 1 or sizes.size == 0:
        raise ValidationError("train_sizes must be a non-empty list of fractions or point counts")
    if sizes.dtype.kind == "f":
        if np.any(sizes <= 0) or np.any(sizes > 1):
            raise ValidationError(
                f"train_sizes given as fractions must lie in (0, 1]; got {sizes.min():g} to {sizes.max():g}"
            )
        absolute = np.maximum((sizes * n_max).astype(int), 1)
    elif sizes.dtype.kind in "iu":
        if np.any(sizes < 1) or np.any(sizes > n_max):
            raise ValidationError(
                f"train_sizes given as counts must lie between 1 and the {n_max} points of a training fold"
            )
        absolute = sizes.astype(int)
    else:
        raise ValidationError("train_sizes must hold numbers: fractions in (0, 1] or point counts")
    return np.unique(absolute)


def _fits_together(estimator, X, y, subsets) -> list:
    """The estimator fitted on each training subset by its ``_fit_together`` (one call for
    all: the MLP trains same-sized fits in lockstep), or the exception of each fit; None for
    a subset of one class, which is not fitted."""
    two = [j for j, subset in enumerate(subsets) if np.unique(y[subset]).size > 1]
    fitted = clone(estimator)._fit_together([(X[subsets[j]], y[subsets[j]]) for j in two])
    out = [None] * len(subsets)
    for j, model in zip(two, fitted, strict=True):
        out[j] = model
    return out


def learning_curve(estimator, X, y, *, train_sizes=DEFAULT_TRAIN_SIZES, cv=None, scoring=None,
                   shuffle=False, random_state=None, error_score=np.nan, return_errors=False,
                   callback=None):
    """Training and validation score against the number of training points.

    For each split (T_i, V_i) and size m (fractions are of the largest training fold,
    floored): fit a clone on the first m indices of T_i (after one random permutation of
    T_i when ``shuffle``), score it on those m points and on V_i. A subset with a single
    class is not fitted: its scores are ``error_score`` (NaN), as for any failed fit; a mean
    over folds should leave them out (``np.nanmean``).

    Returns ``(train_sizes_abs, train_scores, test_scores)``, the scores of shape
    (n_sizes, n_splits); with ``return_errors`` also a list of (size, split, message) for
    every fit that was not made or failed.
    """
    X, y = _check_data(X, y)
    _check_error_score(error_score)
    scorer = get_scorer(scoring)
    splits = [(np.asarray(train), np.asarray(test)) for train, test in check_cv(cv, y, classifier=True).split(X, y)]
    if shuffle:
        rng = check_random_state(random_state)
        splits = [(rng.permutation(train), test) for train, test in splits]
    sizes = _train_sizes(train_sizes, splits[0][0].size)
    train_scores = np.empty((sizes.size, len(splits)))
    test_scores = np.empty((sizes.size, len(splits)))
    errors = []
    total = sizes.size * len(splits)
    if hasattr(estimator, "_fit_together"):     # the splits of one size fitted in one call
        for s, size in enumerate(sizes):
            fitted = _fits_together(estimator, X, y, [train[:size] for train, _ in splits])
            for i, (train, test) in enumerate(splits):
                test_scores[s, i], train_scores[s, i], _, _, error = _fit_and_score(
                    estimator, X, y, train[:size], test, scorer, error_score, True, fitted=fitted[i])
                if error is not None:
                    errors.append((int(size), i, error))
            _report(callback, (s + 1) * len(splits), total, f"{size} training points, {len(splits)} splits")
        errors.sort(key=lambda e: e[1])   # split by split, as below
    else:
        for i, (train, test) in enumerate(splits):
            for s, size in enumerate(sizes):
                subset = train[:size]
                test_scores[s, i], train_scores[s, i], _, _, error = _fit_and_score(
                    estimator, X, y, subset, test, scorer, error_score, True)
                if error is not None:
                    errors.append((int(size), i, error))
                done = i * sizes.size + s + 1
                _report(callback, done, total, f"split {i + 1} of {len(splits)}, {size} training points")
    if return_errors:
        return sizes, train_scores, test_scores, errors
    return sizes, train_scores, test_scores


def validation_curve(estimator, X, y, *, param_name, param_range, cv=None, scoring=None,
                     error_score=np.nan, return_errors=False, callback=None):
    """Training and validation score of every split for each value of one hyperparameter.

    For each value v in ``param_range``, a clone with ``set_params(param_name=v)``
    (``estimator__max_depth`` reaches inside a meta-estimator) is fitted and scored on
    every split of ``cv``. Returns ``(train_scores, test_scores)`` of shape
    (len(param_range), n_splits); with ``return_errors`` also a list of (value index,
    split, message) for every failed fit.
    """
    X, y = _check_data(X, y)
    _check_error_score(error_score)
    scorer = get_scorer(scoring)
    values = list(param_range)
    if not values:
        raise ValidationError("param_range is empty: give at least one value to try")
    splits = [(np.asarray(train), np.asarray(test)) for train, test in check_cv(cv, y, classifier=True).split(X, y)]
    train_scores = np.empty((len(values), len(splits)))
    test_scores = np.empty((len(values), len(splits)))
    errors = []
    total = len(values) * len(splits)
    for v, value in enumerate(values):
        model = clone(estimator).set_params(**{param_name: value})
        for i, (train, test) in enumerate(splits):
            test_scores[v, i], train_scores[v, i], _, _, error = _fit_and_score(
                model, X, y, train, test, scorer, error_score, True)
            if error is not None:
                errors.append((v, i, error))
            _report(callback, v * len(splits) + i + 1, total, f"{param_name}={value!r}, split {i + 1}")
    if return_errors:
        return train_scores, test_scores, errors
    return train_scores, test_scores
