"""Splitters: ways to cut n points into training and test index sets (scikit-learn's meanings).

Every splitter has ``split(X, y=None)`` yielding ``(train_idx, test_idx)`` pairs of integer
index arrays and ``get_n_splits(X=None, y=None)``. Randomness only through ``random_state``
(an int gives the same folds on every call).

* ``KFold(k)``: the points, in order (or shuffled), are cut into k consecutive folds; the first
  n mod k folds hold floor(n/k) + 1 points, the others floor(n/k). Fold i is the test set of split
  i, the other k - 1 folds its training set. Every point is tested exactly once.
* ``StratifiedKFold(k)``: like k-fold, but every fold holds each class in about the proportion
  it has in y, so a rare class is not missing from a test fold by chance.
* ``LeaveOneOut()``: k-fold with k = n; each point is the test set once.
* ``ShuffleSplit(s, test_size)``: repeated holdout; s independent random splits, each
  with ceil(test_size * n) test points (or ``test_size`` points when it is an int; None: 0.1).
* ``Bootstrap(s)``: s bootstrap samples; the training set draws n indices with replacement,
  the test set is the out-of-bag points (never drawn: on average (1 - 1/n)^n ~ 1/e ~ 36.8%).
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from ..base import ValidationError, check_random_state, check_scalar

__all__ = ["KFold", "StratifiedKFold", "LeaveOneOut", "ShuffleSplit", "Bootstrap", "check_cv"]


def _n_points(X, y) -> int:
    if X is not None:
        return len(X)
    if y is not None:
        return len(y)
    raise ValidationError("split needs X (or y) to know how many points there are")


class _Splitter:
    """Shared ``__repr__`` so a splitter prints as it was built."""

    _fields: tuple = ()

    def __repr__(self) -> str:
        args = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({args})"


class KFold(_Splitter):
    """k consecutive folds; with ``shuffle`` the points are permuted first (by ``random_state``)."""

    _fields = ("n_splits", "shuffle", "random_state")

    def __init__(self, n_splits: int = 5, *, shuffle: bool = False, random_state=None):
        self.n_splits = check_scalar(n_splits, "n_splits", kind=numbers.Integral, low=2, model="KFold")
        self.shuffle = bool(shuffle)
        self.random_state = random_state

    def get_n_splits(self, X=None, y=None, groups=None) -> int:
        return self.n_splits

    def _test_folds(self, n: int) -> np.ndarray:
        """fold[i] = the fold whose test set holds point i."""
        if self.n_splits > n:
            raise ValidationError(
                f"cannot split {n} points into n_splits={self.n_splits} folds: "
                f"use at most {n} folds or add points"
            )
        sizes = np.full(self.n_splits, n // self.n_splits)
        sizes[: n % self.n_splits] += 1
        order = np.arange(n)
        if self.shuffle:
            order = check_random_state(self.random_state).permutation(n)
        folds = np.empty(n, dtype=np.intp)
        folds[order] = np.repeat(np.arange(self.n_splits), sizes)
        return folds

    def split(self, X, y=None, groups=None):
        folds = self._test_folds(_n_points(X, y))
        yield from _from_folds(folds, self.n_splits)


def _from_folds(folds: np.ndarray, n_splits: int):
    for i in range(n_splits):
        test = folds == i
        yield np.flatnonzero(~test), np.flatnonzero(test)


class StratifiedKFold(KFold):
    """k folds that each hold every class in about its overall proportion.

    Assignment (scikit-learn's, so the folds are the same without shuffling): classes are
    numbered in order of first appearance in y; the labels sorted by that number are dealt
    out to the folds like cards (label j of the sorted list to fold j mod k), which fixes how
    many points of each class every fold gets; then the points of each class, in their order
    in y (or shuffled), fill fold 0's share first, then fold 1's, and so on.
    """

    def split(self, X, y, groups=None):
        if y is None:
            raise ValidationError("StratifiedKFold needs the labels y to keep each class's share in every fold")
        y = np.asarray(y).reshape(-1)
        n = y.shape[0]
        if X is not None and len(X) != n:
            raise ValidationError(f"X has {len(X)} points but y has {n} labels")
        if self.n_splits > n:
            raise ValidationError(
                f"cannot split {n} points into n_splits={self.n_splits} folds: "
                f"use at most {n} folds or add points"
            )
        _, first_seen, inverse = np.unique(y, return_index=True, return_inverse=True)
        # Renumber the classes in the order they first appear in y.
        rank_of_class = np.argsort(np.argsort(first_seen))
        y_code = rank_of_class[inverse.reshape(-1)]
        n_classes = first_seen.size
        counts = np.bincount(y_code, minlength=n_classes)
        if np.all(counts < self.n_splits):
            raise ValidationError(
                f"n_splits={self.n_splits} is more than the number of points of every class "
                f"(the largest class has {counts.max()}): use fewer folds"
            )
        dealt = np.sort(y_code)
        share = np.array([np.bincount(dealt[i::self.n_splits], minlength=n_classes)
                          for i in range(self.n_splits)])
        rng = check_random_state(self.random_state) if self.shuffle else None
        folds = np.empty(n, dtype=np.intp)
        for c in range(n_classes):
            fold_of_point = np.repeat(np.arange(self.n_splits), share[:, c])
            if rng is not None:
                rng.shuffle(fold_of_point)
            folds[y_code == c] = fold_of_point
        yield from _from_folds(folds, self.n_splits)


class LeaveOneOut(_Splitter):
    """n splits: point i alone is the test set of split i, the other n - 1 points train."""

    def get_n_splits(self, X=None, y=None, groups=None) -> int:
        return _n_points(X, y)

    def split(self, X, y=None, groups=None):
        n = _n_points(X, y)
        if n < 2:
            raise ValidationError(f"leave-one-out needs at least 2 points; got {n}")
        everyone = np.arange(n)
        for i in range(n):
            yield np.delete(everyone, i), np.array([i])


def _test_count(test_size, n: int) -> int:
    if isinstance(test_size, numbers.Integral) and not isinstance(test_size, bool):
        count = int(test_size)
    else:
        fraction = check_scalar(test_size, "test_size", low=0.0, high=1.0, low_inclusive=False,
                                high_inclusive=False, model="ShuffleSplit")
        count = math.ceil(fraction * n)
    if not 1 <= count <= n - 1:
        raise ValidationError(
            f"test_size={test_size!r} leaves {n - count} of {n} points for training: "
            "both the training and the test set need at least one point"
        )
    return count


class ShuffleSplit(_Splitter):
    """Repeated holdout: each split is a fresh random permutation; its first ceil(test_size * n)
    points are the test set, the rest the training set. Test sets of different splits may overlap."""

    _fields = ("n_splits", "test_size", "random_state")

    def __init__(self, n_splits: int = 10, *, test_size=None, random_state=None):
        self.n_splits = check_scalar(n_splits, "n_splits", kind=numbers.Integral, low=1, model="ShuffleSplit")
        self.test_size = test_size
        self.random_state = random_state

    def get_n_splits(self, X=None, y=None, groups=None) -> int:
        return self.n_splits

    def split(self, X, y=None, groups=None):
        n = _n_points(X, y)
        n_test = _test_count(0.1 if self.test_size is None else self.test_size, n)
        rng = check_random_state(self.random_state)
        for _ in range(self.n_splits):
            order = rng.permutation(n)
            yield np.sort(order[n_test:]), np.sort(order[:n_test])


class Bootstrap(_Splitter):
    """Bootstrap with out-of-bag testing.

    Each split draws n indices uniformly with replacement as the training set (repeats
    kept, so a point can count twice) and tests on the out-of-bag points, those never
    drawn. A point is out of bag with probability (1 - 1/n)^n -> 1/e ~ 0.368. A draw with
    no out-of-bag point (likely only for a handful of points) is redrawn.
    """

    _fields = ("n_splits", "random_state")

    def __init__(self, n_splits: int = 10, *, random_state=None):
        self.n_splits = check_scalar(n_splits, "n_splits", kind=numbers.Integral, low=1, model="Bootstrap")
        self.random_state = random_state

    def get_n_splits(self, X=None, y=None, groups=None) -> int:
        return self.n_splits

    def split(self, X, y=None, groups=None):
        n = _n_points(X, y)
        if n < 2:
            raise ValidationError(f"the bootstrap needs at least 2 points; got {n}")
        rng = check_random_state(self.random_state)
        for _ in range(self.n_splits):
            for _attempt in range(1000):
                train = rng.integers(0, n, size=n)
                drawn = np.zeros(n, dtype=bool)
                drawn[train] = True
                if not drawn.all():
                    break
            yield np.sort(train), np.flatnonzero(~drawn)


class _FixedSplits(_Splitter):
    """A list of (train, test) index pairs given by the caller, used as a splitter."""

    def __init__(self, splits):
        self.splits = [(np.asarray(train, dtype=np.intp), np.asarray(test, dtype=np.intp))
                       for train, test in splits]

    def get_n_splits(self, X=None, y=None, groups=None) -> int:
        return len(self.splits)

    def split(self, X=None, y=None, groups=None):
        yield from self.splits


def check_cv(cv=5, y=None, *, classifier: bool = False):
    """Turn ``cv`` into a splitter, as scikit-learn does.

    None means 5; an int k means ``StratifiedKFold(k)`` for a classifier (``classifier=True``,
    what every mlcore search and curve passes) with labels y and ``KFold(k)`` otherwise; an object with
    ``split`` is used as it is; an iterable of (train, test) pairs is used as given.
    """
    if cv is None:
        cv = 5
    if isinstance(cv, numbers.Integral) and not isinstance(cv, bool):
        return StratifiedKFold(int(cv)) if classifier and y is not None else KFold(int(cv))
    if hasattr(cv, "split") and hasattr(cv, "get_n_splits"):
        return cv
    try:
        if isinstance(cv, str):
            raise TypeError(cv)
        return _FixedSplits(list(cv))
    except (TypeError, ValueError):
        raise ValidationError(
            f"cv={cv!r} must be a number of folds, a splitter such as KFold(5), or a list of "
            "(train, test) index pairs"
        ) from None
