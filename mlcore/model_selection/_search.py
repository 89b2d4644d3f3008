"""Choosing hyperparameters by cross-validation: grid search, random search, nested CV.

For each candidate setting theta (a dict of hyperparameters, ``__`` names reach inside a
meta-estimator) and each split s = (train_s, test_s) of the cross-validation:

    score(theta, s) = scorer(clone(estimator).set_params(**theta).fit(X[train_s], y[train_s]),
                             X[test_s], y[test_s])
    mean_test_score(theta) = (1/S) sum_s score(theta, s),  std_test_score = the population sd
    theta* = argmax mean_test_score  (the first candidate on ties, as scikit-learn's rank 1)

and with ``refit`` the best estimator is fitted again on all of (X, y): the validation folds
have done their job (choosing theta*), so their points go back into training.

Grid search scores every point of a ``ParameterGrid``; random search scores ``n_iter``
settings drawn by a ``ParameterSampler``, which covers each axis with n_iter distinct values
where a grid of the same budget has only n_iter^(1/d) per axis (Bergstra and Bengio, 2012).

Nested cross-validation (:func:`nested_cross_val_score`): the search, with its inner folds,
runs on each outer training set, and the chosen model is scored on the outer test fold it
never saw. The mean outer score estimates how well *the whole procedure* (search included)
generalises; the search's own ``best_score_`` is optimistic, being the maximum of noisy means.
"""

from __future__ import annotations

import itertools
import math
import numbers
import time
from collections.abc import Mapping, Sequence
from typing import NamedTuple

import numpy as np

from ..base import BaseEstimator, ValidationError, check_array, check_random_state, clone
from ._split import check_cv
from ._validation import _check_error_score, _fit_and_score, get_scorer

__all__ = ["ParameterGrid", "ParameterSampler", "GridSearchCV", "RandomizedSearchCV", "loguniform",
           "nested_cross_val_score", "NestedCV"]


def _as_grids(param_grid, what: str) -> list[dict]:
    grids = [param_grid] if isinstance(param_grid, Mapping) else param_grid
    if not isinstance(grids, Sequence) or not all(isinstance(g, Mapping) for g in grids):
        raise ValidationError(f"{what} must be a dict of name -> values, or a list of such dicts")
    return [dict(g) for g in grids]


class ParameterGrid:
    """Every combination of the listed values: ``{"k": [1, 5], "p": [1, 2]}`` gives 4 dicts.

    A list of dicts is the union of their grids. Within a dict the names are taken in
    sorted order and the last name varies fastest (scikit-learn's order).
    """

    def __init__(self, param_grid):
        self.param_grid = _as_grids(param_grid, "param_grid")
        for grid in self.param_grid:
            for name, values in grid.items():
                if isinstance(values, (str, bytes)) or not isinstance(values, Sequence | np.ndarray):
                    raise ValidationError(f"param_grid[{name!r}] = {values!r} must be a list of values to try")
                if len(values) == 0:
                    raise ValidationError(f"param_grid[{name!r}] is empty: give at least one value to try")

    def __iter__(self):
        for grid in self.param_grid:
            names = sorted(grid)
            for values in itertools.product(*(grid[name] for name in names)):
                yield dict(zip(names, values, strict=True))

    def __len__(self) -> int:
        return sum(math.prod(len(v) for v in grid.values()) for grid in self.param_grid)

    def __getitem__(self, index: int) -> dict:
        for grid in self.param_grid:
            names = sorted(grid)
            size = math.prod(len(grid[n]) for n in names)
            if index < size:
                picked = {}
                for name in reversed(names):  # the last name varies fastest
                    index, position = divmod(index, len(grid[name]))
                    picked[name] = grid[name][position]
                return dict(sorted(picked.items()))
            index -= size
        raise IndexError("ParameterGrid index out of range")


class loguniform:  # noqa: N801 (scipy's name, so a user's habit carries over)
    """A distribution uniform in log10 between ``low`` and ``high`` (C, gamma, learning rates)."""

    def __init__(self, low: float, high: float):
        if not 0 < low < high:
            raise ValidationError(f"loguniform({low}, {high}) needs 0 < low < high")
        self.low, self.high = float(low), float(high)

    def rvs(self, random_state=None) -> float:
        rng = check_random_state(random_state)
        return float(10 ** rng.uniform(math.log10(self.low), math.log10(self.high)))

    def __repr__(self) -> str:
        return f"loguniform({self.low:g}, {self.high:g})"


class ParameterSampler:
    """``n_iter`` settings drawn at random.

    Each value is either a list (one element drawn uniformly) or a distribution with
    ``rvs(random_state=...)`` (``loguniform``, or scipy's). When every value is a list, the
    settings are drawn *without* replacement from their grid (at most its size), as in
    scikit-learn. A list of dicts: each setting first picks one dict uniformly.
    """

    def __init__(self, param_distributions, n_iter: int, *, random_state=None):
        self.param_distributions = _as_grids(param_distributions, "param_distributions")
        if isinstance(n_iter, bool) or not isinstance(n_iter, numbers.Integral) or n_iter < 1:
            raise ValidationError(f"n_iter={n_iter!r} must be a whole number of at least 1")
        for dist in self.param_distributions:
            for name, values in dist.items():
                if not hasattr(values, "rvs") and (isinstance(values, str) or not isinstance(values, Sequence)
                                                   or len(values) == 0):
                    raise ValidationError(f"param_distributions[{name!r}] = {values!r} must be a non-empty "
                                          "list or a distribution with rvs()")
        self.n_iter = int(n_iter)
        self.random_state = random_state

    def _all_lists(self) -> bool:
        return all(not hasattr(v, "rvs") for d in self.param_distributions for v in d.values())

    def __iter__(self):
        rng = check_random_state(self.random_state)
        if self._all_lists():
            grid = ParameterGrid(self.param_distributions)
            for index in rng.choice(len(grid), size=min(self.n_iter, len(grid)), replace=False):
                yield grid[int(index)]
            return
        for _ in range(self.n_iter):
            dist = self.param_distributions[int(rng.integers(len(self.param_distributions)))]
            yield {name: (dist[name].rvs(random_state=rng) if hasattr(dist[name], "rvs")
                          else dist[name][int(rng.integers(len(dist[name])))]) for name in sorted(dist)}

    def __len__(self) -> int:
        return min(self.n_iter, len(ParameterGrid(self.param_distributions))) if self._all_lists() else self.n_iter


def _rank_min(scores: np.ndarray) -> np.ndarray:
    """Rank 1 for the highest score, equal scores share the smallest rank (scipy's 'min');
    NaN (a failed candidate) ranks after every number, as in scikit-learn."""
    scores = np.where(np.isnan(scores), -np.inf, scores)
    order = np.argsort(-scores, kind="stable")
    ranks = np.empty(len(scores), dtype=np.int32)
    sorted_scores = scores[order]
    first = np.r_[True, sorted_scores[1:] != sorted_scores[:-1]]
    ranks[order] = (np.flatnonzero(first)[np.cumsum(first) - 1] + 1)
    return ranks


class _BaseSearch(BaseEstimator):
    """What grid and random search share: score every candidate on every split, refit the best.

    A subclass says which settings to try with ``_candidates()``: the grid, or the draws."""

    def fit(self, X, y):
        X = check_array(X)
        y = np.asarray(y)
        if y.shape != (len(X),):
            raise ValidationError(f"X has {len(X)} points but y has {y.size} labels")
        candidates = self._candidates()
        if not candidates:
            raise ValidationError("the search has no candidate settings to try")
        splits = list(check_cv(self.cv, y, classifier=True).split(X, y))
        score = get_scorer(self.scoring)
        _check_error_score(self.error_score)
        total = len(candidates) * len(splits) + bool(self.refit)
        scores = np.empty((len(candidates), len(splits)))
        fit_times, score_times = np.empty_like(scores), np.empty_like(scores)
        errors: list = [None] * len(candidates)
        done = 0
        for c, params in enumerate(candidates):
            model = clone(self.estimator).set_params(**params)
            for s, (train, test) in enumerate(splits):
                scores[c, s], _, fit_times[c, s], score_times[c, s], error = _fit_and_score(
                    model, X, y, np.asarray(train), np.asarray(test), score, self.error_score, False)
                errors[c] = errors[c] or error
                done += 1
                if self.callback is not None:
                    self.callback(done, total, f"{_describe(params)}, fold {s + 1} of {len(splits)}")
        if np.isnan(scores).all():
            raise ValidationError(f"every candidate failed to fit; the first said: {errors[0]}")
        self.cv_results_ = _results(candidates, scores, fit_times, score_times)
        self.cv_results_["fit_errors"] = errors
        self.best_index_ = int(np.argmin(self.cv_results_["rank_test_score"]))
        self.best_params_ = candidates[self.best_index_]
        self.best_score_ = float(self.cv_results_["mean_test_score"][self.best_index_])
        self.n_splits_ = len(splits)
        self.scorer_ = score
        if self.refit:
            started = time.perf_counter()
            self.best_estimator_ = clone(self.estimator).set_params(**self.best_params_).fit(X, y)
            self.refit_time_ = time.perf_counter() - started
            self.classes_ = self.best_estimator_.classes_
            self.n_features_in_ = X.shape[1]
            if self.callback is not None:
                self.callback(total, total, f"refit {_describe(self.best_params_)} on all {len(X)} points")
        return self

    def _best(self):
        if not hasattr(self, "best_estimator_"):
            raise ValidationError(f"this {type(self).__name__} has no refitted model: call fit(X, y) "
                                  "with refit=True before predicting")
        return self.best_estimator_

    def predict(self, X):
        return self._best().predict(X)

    def predict_proba(self, X):
        return self._best().predict_proba(X)

    def decision_function(self, X):
        return self._best().decision_function(X)

    def score(self, X, y) -> float:
        """The search's scorer applied to the refitted best model."""
        return float(self.scorer_(self._best(), np.asarray(X), np.asarray(y)))


def _describe(params: dict) -> str:
    return ", ".join(f"{k}={v:g}" if isinstance(v, float) else f"{k}={v}" for k, v in params.items()) or "defaults"


def _results(candidates, scores, fit_times, score_times) -> dict:
    """scikit-learn's ``cv_results_`` layout: one entry per candidate in every array."""
    results: dict = {"params": candidates}
    names = sorted({name for params in candidates for name in params})
    for name in names:
        column = np.ma.MaskedArray(np.empty(len(candidates), dtype=object), mask=True)
        for i, params in enumerate(candidates):
            if name in params:
                column[i] = params[name]
        results[f"param_{name}"] = column
    for s in range(scores.shape[1]):
        results[f"split{s}_test_score"] = scores[:, s]
    results["mean_test_score"] = scores.mean(axis=1)
    results["std_test_score"] = scores.std(axis=1)
    results["rank_test_score"] = _rank_min(results["mean_test_score"])
    results["mean_fit_time"], results["std_fit_time"] = fit_times.mean(axis=1), fit_times.std(axis=1)
    results["mean_score_time"], results["std_score_time"] = score_times.mean(axis=1), score_times.std(axis=1)
    return results


class GridSearchCV(_BaseSearch):
    """Exhaustive search over ``param_grid`` (see the module docstring for the formulas).

    After ``fit``: ``cv_results_``, ``best_params_``, ``best_score_`` (mean validation score of
    the best), ``best_index_``, and with ``refit`` the ``best_estimator_`` that ``predict``,
    ``predict_proba``, ``decision_function`` and ``score`` use. ``callback(done, total, what)``
    after each fit. A fit that fails (k above the points of a fold...) scores ``error_score``
    (NaN, ranked last, as in scikit-learn; ``"raise"`` re-raises) and the first message of each
    candidate is kept in ``cv_results_["fit_errors"]``; if every candidate fails, fit raises.
    """

    def __init__(self, estimator, param_grid, *, scoring=None, cv=None, refit=True, error_score=np.nan,
                 callback=None):
        self.estimator = estimator
        self.error_score = error_score
        self.param_grid = param_grid
        self.scoring = scoring
        self.cv = cv
        self.refit = refit
        self.callback = callback

    def _candidates(self) -> list[dict]:
        return list(ParameterGrid(self.param_grid))


class RandomizedSearchCV(_BaseSearch):
    """``n_iter`` settings drawn from ``param_distributions`` by a ``ParameterSampler`` seeded
    with ``random_state``; otherwise as :class:`GridSearchCV`."""

    def __init__(self, estimator, param_distributions, *, n_iter=10, scoring=None, cv=None, refit=True,
                 random_state=None, error_score=np.nan, callback=None):
        self.estimator = estimator
        self.error_score = error_score
        self.param_distributions = param_distributions
        self.n_iter = n_iter
        self.scoring = scoring
        self.cv = cv
        self.refit = refit
        self.random_state = random_state
        self.callback = callback

    def _candidates(self) -> list[dict]:
        return list(ParameterSampler(self.param_distributions, self.n_iter, random_state=self.random_state))


class NestedCV(NamedTuple):
    """Per outer fold: the outer test score, the setting the inner search chose and its inner
    mean score, the outer split itself, and the inner search's whole ``cv_results_``."""
    scores: np.ndarray
    best_params: list
    inner_scores: np.ndarray
    splits: list
    inner_results: list


def nested_cross_val_score(search, X, y, *, cv=5, callback=None) -> NestedCV:
    """Outer folds estimate, inner folds tune.

    For each outer split (train_o, test_o): a clone of ``search`` runs its own cross-validation
    on X[train_o] only, refits its best setting there, and is scored on X[test_o]. The mean
    of ``scores`` estimates the accuracy of "search, then refit" on new data.
    ``callback(done, total, what)`` counts the inner fits of every outer fold.
    """
    if not isinstance(search, _BaseSearch):
        raise ValidationError("nested_cross_val_score needs a GridSearchCV or RandomizedSearchCV to tune inside")
    X = check_array(X)
    y = np.asarray(y)
    if y.shape != (len(X),):
        raise ValidationError(f"X has {len(X)} points but y has {y.size} labels")
    splits = list(check_cv(cv, y, classifier=True).split(X, y))
    scores, chosen, inner, results = [], [], [], []
    for o, (train, test) in enumerate(splits):
        inner_search = clone(search).set_params(refit=True, callback=_outer_step(callback, o, len(splits)))
        inner_search.fit(X[train], y[train])
        scores.append(inner_search.score(X[test], y[test]))
        chosen.append(inner_search.best_params_)
        inner.append(inner_search.best_score_)
        results.append(inner_search.cv_results_)
    return NestedCV(np.array(scores), chosen, np.array(inner), splits, results)


def _outer_step(callback, outer: int, n_outer: int):
    if callback is None:
        return None

    def step(done: int, total: int, what: str) -> None:
        callback(outer * total + done, n_outer * total, f"outer fold {outer + 1} of {n_outer}: {what}")
    return step
