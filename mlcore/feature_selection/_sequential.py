"""Wrapper selection: forward selection and backward elimination scored by k-fold cross-validation."""

from __future__ import annotations

import numbers

import numpy as np

from ..base import (
    BaseEstimator,
    ValidationError,
    check_choice,
    check_is_fitted,
    check_random_state,
    check_scalar,
    check_X_y,
    clone,
)


def kfold_indices(y, n_splits: int = 5, random_state=None) -> list[tuple[np.ndarray, np.ndarray]]:
    """Stratified k-fold: (train, test) index pairs; each point is in exactly one test fold.

    Each class's points (in order, or shuffled with ``random_state``) are dealt to the folds in
    turn, so every fold holds about n_c / k points of class c. Needs k <= the smallest class.
    """
    y = np.asarray(y)
    _, y_enc, counts = np.unique(y, return_inverse=True, return_counts=True)
    n_splits = check_scalar(n_splits, "cv", kind=numbers.Integral, low=2)
    if counts.min() < n_splits:
        raise ValidationError(f"cv={n_splits} folds need at least {n_splits} points in every class; the smallest "
                              f"class has {counts.min()}: use fewer folds or more points")
    rng = None if random_state is None else check_random_state(random_state)
    fold = np.empty(len(y), dtype=np.intp)
    offset = 0
    for c in range(len(counts)):
        members = np.flatnonzero(y_enc == c)
        if rng is not None:
            members = rng.permutation(members)
        # Start each class where the previous one stopped, so fold sizes differ by at most one.
        fold[members] = (offset + np.arange(len(members))) % n_splits
        offset += len(members)
    return [(np.flatnonzero(fold != k), np.flatnonzero(fold == k)) for k in range(n_splits)]


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

    CV(S) is the mean accuracy over ``cv`` stratified folds (``kfold_indices``) of a clone of
    ``estimator`` on the columns S. ``n_features_to_select``: an int, a fraction of d, or
    "auto" (half of d, rounded down, at least 1). With ``tol`` (forward only) the search
    also stops when the best addition improves the score by less than tol.

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

    def fit(self, X, y, progress=None):
        X, y_enc, classes = check_X_y(X, y)
        check_choice(self.direction, "direction", ("forward", "backward"), model="SequentialFeatureSelector")
        d = X.shape[1]
        target = self._target(d)
        folds = kfold_indices(y_enc, self.cv, self.random_state)
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
