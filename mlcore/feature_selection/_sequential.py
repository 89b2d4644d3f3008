"""Wrapper selection: forward selection and backward elimination scored by k-fold cross-validation."""

from __future__ import annotations

import numbers

import numpy as np

from ..base import (
    BaseEstimator,
    ValidationError,
    check_choice,
    check_is_fitted,
    check_scalar,
    check_X_y,
    clone,
)
from ..model_selection import StratifiedKFold, check_cv


def cv_accuracy(estimator, X, y, folds) -> float:
    """Mean test-fold accuracy of clones of ``estimator`` fitted on each training fold."""
    return float(np.mean([clone(estimator).fit(X[tr], y[tr]).score(X[te], y[te]) for tr, te in folds]))


def search_costs(d: int, k: int) -> dict[str, int]:
    """Subsets each search scores to end with k of d features (each costs one CV run).

    exhaustive: every non-empty subset, 2^d − 1 (whatever k);
    forward: d + (d − 1) + ... + (d − k + 1) = O(kd);
    backward from all d down to k: 1 + d + (d − 1) + ... + (k + 1) = O(d²).
    """
    forward = sum(d - i for i in range(k))
    backward = 1 + sum(range(k + 1, d + 1))
    return {"exhaustive": 2 ** d - 1, "forward": forward, "backward": backward}


def exhaustive_subsets(d: int) -> int:
    """2^d − 1: the number of non-empty feature subsets of d features."""
    return 2 ** d - 1


class SequentialFeatureSelector(BaseEstimator):
    """Greedy subset search by cross-validated accuracy (scikit-learn's ``SequentialFeatureSelector``).

    forward:  S_0 = ∅; S_t = S_{t−1} ∪ {argmax_j CV(S_{t−1} ∪ {j})} until |S| = n_features_to_select.
    backward: S_0 = all d; S_t = S_{t−1} \\ {argmax_j CV(S_{t−1} \\ {j})} until |S| = n_features_to_select.

    CV(S) is the mean accuracy of a clone of ``estimator`` on the columns S over the folds of ``cv``:
    an int k means ``mlcore.model_selection.StratifiedKFold(k)``, scikit-learn's folds (shuffled by
    ``random_state`` when it is set), and needs k points in every class (scikit-learn only warns);
    a splitter or a list of (train, test) pairs is used as given. ``n_features_to_select``: an int,
    a fraction of d, or "auto" (half of d, rounded down, at least 1). With ``tol`` (forward only)
    the search also stops when the best addition improves the score by less than tol.

    Fitted: ``support_`` (bool, d), ``n_features_to_select_``, and ``path_``: one dict per
    step, {"features": tuple of indices, "changed": the feature added or removed (None for
    backward's start), "score": its CV accuracy}; backward's path starts at all d features.
    ``fit(X, y, progress=f)`` calls f(done, total) after each subset is scored (total from
    :func:`search_costs`), so a page can show a progress bar.
    """

    def __init__(self, estimator, n_features_to_select="auto", direction="forward", cv=5, tol=None,
                 random_state=None):
        self.estimator = estimator
        self.n_features_to_select = n_features_to_select
        self.direction = direction
        self.cv = cv
        self.tol = tol
        self.random_state = random_state

    def _target(self, d: int) -> int:
        n = self.n_features_to_select
        if n == "auto":
            return max(1, d // 2)
        if isinstance(n, numbers.Integral) and not isinstance(n, bool):
            return check_scalar(n, "n_features_to_select", kind=numbers.Integral, low=1, high=d,
                                model="SequentialFeatureSelector")
        fraction = check_scalar(n, "n_features_to_select", low=0.0, high=1.0, low_inclusive=False,
                                model="SequentialFeatureSelector")
        return max(1, int(fraction * d))

    def _folds(self, X, y_enc) -> list[tuple[np.ndarray, np.ndarray]]:
        cv = self.cv
        if isinstance(cv, numbers.Integral) and not isinstance(cv, bool):
            k = check_scalar(cv, "cv", kind=numbers.Integral, low=2, model="SequentialFeatureSelector")
            smallest = np.bincount(y_enc).min()
            if smallest < k:
                raise ValidationError(f"cv={k} folds need at least {k} points in every class; the smallest "
                                      f"class has {smallest}: use fewer folds or more points")
            cv = StratifiedKFold(k, shuffle=self.random_state is not None, random_state=self.random_state)
        return [(np.asarray(train), np.asarray(test)) for train, test in check_cv(cv, y_enc).split(X, y_enc)]

    def fit(self, X, y, progress=None):
        X, y_enc, classes = check_X_y(X, y)
        check_choice(self.direction, "direction", ("forward", "backward"), model="SequentialFeatureSelector")
        d = X.shape[1]
        target = self._target(d)
        folds = self._folds(X, y_enc)
        y_fit = classes[y_enc]
        score = {}
        total = search_costs(d, target)[self.direction]

        def cv_of(subset):
            key = tuple(sorted(subset))
            if key not in score:
                score[key] = cv_accuracy(self.estimator, X[:, list(key)], y_fit, folds)
                if progress is not None:
                    progress(len(score), total)
            return score[key]

        path = []
        if self.direction == "forward":
            chosen: list[int] = []
            while len(chosen) < target:
                candidates = [j for j in range(d) if j not in chosen]
                scores = [cv_of(chosen + [j]) for j in candidates]
                best = int(np.argmax(scores))  # first maximum: ties go to the lower feature index
                if self.tol is not None and path and scores[best] - path[-1]["score"] < self.tol:
                    break
                chosen.append(candidates[best])
                path.append({"features": tuple(sorted(chosen)), "changed": candidates[best], "score": scores[best]})
        else:
            chosen = list(range(d))
            path.append({"features": tuple(chosen), "changed": None, "score": cv_of(chosen)})
            while len(chosen) > target:
                scores = [cv_of([f for f in chosen if f != j]) for j in chosen]
                best = int(np.argmax(scores))
                removed = chosen.pop(best)
                path.append({"features": tuple(chosen), "changed": removed, "score": scores[best]})
        self.path_ = path
        self.support_ = np.zeros(d, dtype=bool)
        self.support_[list(path[-1]["features"])] = True
        self.n_features_to_select_ = int(self.support_.sum())
        self.n_features_in_ = d
        return self

    def get_support(self, indices: bool = False):
        check_is_fitted(self, "support_")
        return np.flatnonzero(self.support_) if indices else self.support_.copy()

    def transform(self, X):
        check_is_fitted(self, "support_")
        return np.asarray(X, dtype=np.float64)[:, self.support_]
