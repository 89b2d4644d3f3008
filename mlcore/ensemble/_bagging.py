"""Bagging (bootstrap aggregating, Breiman 1996) of any mlcore classifier.

Each of the T members is a fresh clone of ``estimator`` fitted on its own sample
of m = max_samples * n points drawn with replacement (bootstrap) or without
(pasting). A bootstrap sample of n draws contains on average a fraction

    1 - (1 - 1/n)^n  ->  1 - 1/e ~ 0.632

of the distinct points; the other ~37% are out-of-bag (OOB) for that member. The
ensemble averages the members' probabilities when the base model has
``predict_proba`` (soft vote), otherwise it counts their votes (hard vote):

    p(k | x) = (1/T) sum_t p_t(k | x)     or     (1/T) sum_t [h_t(x) = k].

The OOB decision of a training point averages only the members that did not see
it; ``oob_score_`` is the accuracy of that decision over the points that were OOB
at least once. When the members have feature importances (trees),
``feature_importances_`` is their mean, normalised to sum 1.

Trees are bagged fast: when the estimator is mlcore's DecisionTreeClassifier
(without gain ratio), all members grow together as one forest with the sample
counts as weights (as scikit-learn's bagging does for models that take weights),
which gives the same trees as fitting each on its sample with duplicates, except
that min_samples_* count distinct points.
"""

from __future__ import annotations

import inspect
import numbers

import numpy as np

from ..base import (
    BaseEstimator,
    ClassifierMixin,
    ValidationError,
    check_array,
    check_is_fitted,
    check_random_state,
    check_scalar,
    check_X_y,
    clone,
)
from ..tree._classes import DecisionTreeClassifier
from ..tree._forest_predict import descend, leaf_sum
from ..tree._grower import grow_forest
from ._forest import TreeViews, check_estimator_instance, forest_importances, resolve_max_features

__all__ = ["BaggingClassifier"]


class _OneClass:
    """Stands in for a member whose sample held a single class: it always votes that class."""

    def __init__(self, k: int):
        self.classes_ = np.array([k])

    def predict(self, X):
        return np.full(len(X), self.classes_[0])

    def predict_proba(self, X):
        return np.ones((len(X), 1))


class BaggingClassifier(TreeViews, ClassifierMixin, BaseEstimator):
    """Bootstrap aggregating of a classifier.

    estimator: an unfitted mlcore classifier, e.g. ``DecisionTreeClassifier(max_depth=3)``
        (None: ``DecisionTreeClassifier()``); it is cloned for every member, never
        fitted itself. Its settings are reachable as ``estimator__max_depth``.
    n_estimators: number of members T.
    max_samples: points per member sample, a fraction of n (float) or a count (int); None: n.
    bootstrap: draw with replacement (True) or without (False, "pasting").
    oob_score: compute ``oob_score_`` and ``oob_decision_function_`` (None when off).
    random_state: one generator draws every sample and seeds every member's own
        ``random_state`` when the estimator has one.
    """

    def __init__(self, estimator=None, n_estimators=10, max_samples=None, bootstrap=True,
                 oob_score=False, random_state=None):
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.max_samples = max_samples
        self.bootstrap = bootstrap
        self.oob_score = oob_score
        self.random_state = random_state

    def _prototype(self):
        """An unfitted copy of the estimator (never the user's instance)."""
        if self.estimator is None:
            return DecisionTreeClassifier()
        return clone(check_estimator_instance(self.estimator, "bagging"))

    def fit(self, X, y):
        X, y_enc, classes = check_X_y(X, y)
        n, d = X.shape
        model = "bagging"
        T = check_scalar(self.n_estimators, "n_estimators", kind=numbers.Integral, low=1, high=5000, model=model)
        if self.max_samples is None:
            m = n
        elif isinstance(self.max_samples, numbers.Integral) and not isinstance(self.max_samples, bool):
            m = check_scalar(self.max_samples, "max_samples", kind=numbers.Integral, low=1, model=model)
            if m > n and not self.bootstrap:
                raise ValidationError(f"max_samples={m} is larger than the {n} training points "
                                      "(drawing without replacement)")
        else:
            frac = check_scalar(self.max_samples, "max_samples", low=0.0, high=1.0, low_inclusive=False, model=model)
            m = max(1, int(round(frac * n)))
        for name in ("bootstrap", "oob_score"):
            if not isinstance(getattr(self, name), (bool, np.bool_)):
                raise ValidationError(f"{name}={getattr(self, name)!r} for {model} must be True or False")
        proto = self._prototype()
        fast = _tree_params(proto, d)
        seeded = "random_state" in inspect.signature(type(proto).__init__).parameters
        rng = check_random_state(self.random_state)
        K = len(classes)
        members, samples = [], []
        self._forest = None
        if fast is not None:
            samples = [rng.integers(0, n, m) if self.bootstrap else np.sort(rng.choice(n, m, replace=False))
                       for _ in range(T)]
            flat = (np.asarray(samples) + n * np.arange(T)[:, None]).ravel()
            W = np.bincount(flat, minlength=T * n).reshape(T, n).astype(np.float64)
            grow_args, tree_args = fast
            self._forest = grow_forest(X, y_enc, K, W, rng=rng, **grow_args)
            wn = self._forest.weighted_n_node_samples
            self._leaf_proba = self._forest.value / np.where(wn > 0, wn, 1.0)[:, None]
            self._views = (np.arange(K), d, tree_args, rng.integers(0, 2**31 - 1, size=T))
        for _ in range(T if fast is None else 0):
            idx = rng.integers(0, n, m) if self.bootstrap else np.sort(rng.choice(n, m, replace=False))
            seed = int(rng.integers(0, 2**31 - 1))
            ys = y_enc[idx]
            if np.all(ys == ys[0]):
                member = _OneClass(int(ys[0]))
            else:
                member = clone(proto)
                if seeded:
                    member.set_params(random_state=seed)
                member.fit(X[idx], ys)
            members.append(member)
            samples.append(idx)
        self.classes_ = classes
        self.n_classes_ = K
        self.n_features_in_ = d
        self._trees = members if fast is None else None
        self._n_members = T
        self.estimators_samples_ = np.asarray(samples, dtype=np.int32)
        self.soft_voting_ = hasattr(proto, "predict_proba")
        if fast is not None:
            self.feature_importances_ = forest_importances(self._forest, d)
        elif all(hasattr(t, "feature_importances_") or isinstance(t, _OneClass) for t in members):
            # Members that saw one class never split: they add zeros.
            mean = np.mean([getattr(t, "feature_importances_", np.zeros(d)) for t in members], axis=0)
            self.feature_importances_ = mean / mean.sum() if mean.sum() > 0 else mean
        self.oob_score_, self.oob_decision_function_ = None, None
        if self.oob_score:
            self.oob_score_, self.oob_decision_function_ = self._oob(X, y_enc)
        return self

    def _member_scores(self, member, X) -> np.ndarray:
        """(n, K) probabilities (soft) or one-hot vote (hard) of one member over all classes."""
        out = np.zeros((X.shape[0], self.n_classes_))
        cols = np.asarray(member.classes_, dtype=np.intp)
        if isinstance(member, _OneClass):
            out[:, cols] = 1.0
        elif self.soft_voting_:
            out[:, cols] = member.predict_proba(X)
        else:
            out[np.arange(X.shape[0]), np.asarray(member.predict(X), dtype=np.intp)] = 1.0
        return out

    def _oob(self, X, y_enc):
        n = X.shape[0]
        votes = np.zeros((n, self.n_classes_))
        seen = np.zeros(n)
        leaves = descend(self._forest, X) if self._forest is not None else None
        for t, idx in enumerate(self.estimators_samples_):
            out = np.ones(n, bool)
            out[idx] = False
            if not out.any():
                continue
            if leaves is not None:
                votes[out] += self._leaf_proba[leaves[t, out]]
            else:
                votes[out] += self._member_scores(self._trees[t], X[out])
            seen[out] += 1
        has = seen > 0
        if not has.any():
            return None, None
        dec = np.where(has[:, None], votes / np.maximum(seen, 1)[:, None], 1.0 / self.n_classes_)
        return float(np.mean(np.argmax(dec[has], axis=1) == y_enc[has])), dec

    def _average(self, X, m):
        """Mean score of the first m members."""
        if self._forest is not None:
            return leaf_sum(self._forest, X, self._leaf_proba / m,
                            trees=None if m == self._n_members else np.arange(m))
        total = np.zeros((X.shape[0], self.n_classes_))
        for member in self._trees[:m]:
            total += self._member_scores(member, X)
        return total / m

    def staged_predict_proba(self, X, sizes=None):
        """Averaged scores of the first m members, for each m in ``sizes`` (default 1..T)."""
        check_is_fitted(self)
        X = check_array(X, n_features=self.n_features_in_)
        T = self._n_members
        sizes = [int(min(max(m, 1), T)) for m in (range(1, T + 1) if sizes is None else sizes)]
        if self._forest is not None and len(sizes) <= 2:
            for m in sizes:
                yield self._average(X, m)
            return
        leaves = descend(self._forest, X) if self._forest is not None else None
        total = np.zeros((X.shape[0], self.n_classes_))
        done = 0
        for m in sizes:
            if m < done:
                total[:], done = 0.0, 0
            for t in range(done, m):
                total += (self._leaf_proba[leaves[t]] if leaves is not None
                          else self._member_scores(self._trees[t], X))
            done = m
            yield total / m

    def predict_proba(self, X):
        """(1/T) sum_t p_t(k | x) (soft vote) or the fraction of members voting k (hard vote)."""
        check_is_fitted(self)
        X = check_array(X, n_features=self.n_features_in_)
        return self._average(X, self._n_members)

    def predict(self, X):
        P = self.predict_proba(X)
        return self.classes_[np.argmax(P, axis=1)]


def _tree_params(proto, d: int):
    """(grow_forest kwargs, tree kwargs) when the estimator is mlcore's tree with int counts, else None."""
    if type(proto) is not DecisionTreeClassifier or proto.gain_ratio is not False:
        return None
    p = proto.get_params(deep=False)
    ints = all(isinstance(p[k], numbers.Integral) and not isinstance(p[k], bool)
               for k in ("min_samples_split", "min_samples_leaf"))
    depth_ok = p["max_depth"] is None or (isinstance(p["max_depth"], numbers.Integral) and p["max_depth"] >= 0)
    if not ints or not depth_ok or p["criterion"] not in ("gini", "entropy", "misclassification") \
            or p["splitter"] not in ("best", "random") or p["min_samples_split"] < 2 or p["min_samples_leaf"] < 1:
        return None     # the tree's own fit will explain what is wrong
    try:
        mid = check_scalar(p["min_impurity_decrease"], "min_impurity_decrease", low=0.0)
        mf = resolve_max_features(p["max_features"], d, "the decision tree")
    except ValidationError:
        return None
    grow = dict(criterion=p["criterion"], max_depth=p["max_depth"], min_samples_split=p["min_samples_split"],
                min_samples_leaf=p["min_samples_leaf"], min_impurity_decrease=mid, max_features=mf,
                random_split=p["splitter"] == "random")
    tree = {k: v for k, v in p.items() if k != "random_state"}
    return grow, tree
