"""Random forests and extra-trees: many decorrelated trees, averaged.

Each tree t is grown on a bootstrap sample (n draws with replacement, i.e. integer
weights c_ti = how often point i was drawn) and, at every node, looks at only
``max_features`` randomly chosen features. Extra-trees go further: one random
threshold per feature, uniform in the node's [min, max), and by default no
bootstrap. The forest predicts

    p(k | x) = (1/T) sum_t p_t(k | x)      (p_t: class frequencies of x's leaf in tree t)

and predicts argmax_k p(k | x). A point is out-of-bag (OOB) for the trees that
never drew it; averaging only those trees' votes gives an honest accuracy estimate
without a test set (each point is OOB for about (1 - 1/n)^n ~ 1/e = 37% of the trees).

All trees grow together, level by level (``mlcore.tree._grower``); one random
generator seeded by ``random_state`` draws every bootstrap sample, feature subset
and threshold.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from ..base import (
    BaseEstimator,
    ClassifierMixin,
    ValidationError,
    check_array,
    check_choice,
    check_is_fitted,
    check_random_state,
    check_scalar,
    check_X_y,
)
from ..tree._forest_predict import FixedPoint, descend, leaf_sum
from ..tree._grower import ForestArrays, grow_forest
from ..tree._impurity import CRITERIA

__all__ = ["RandomForestClassifier", "ExtraTreesClassifier"]



def resolve_max_features(mf, d: int, model: str) -> int:
    """None -> d; "sqrt" -> floor(sqrt d); "log2" -> floor(log2 d); fraction -> floor(f d); at least 1."""
    if mf is None:
        return d
    if isinstance(mf, str):
        check_choice(mf, "max_features", ("sqrt", "log2"), model=model)
        k = int(math.sqrt(d)) if mf == "sqrt" else int(math.log2(d))
    elif isinstance(mf, numbers.Integral) and not isinstance(mf, bool):
        k = check_scalar(mf, "max_features", kind=numbers.Integral, low=1, model=model)
        if k > d:
            raise ValidationError(f"max_features={k} for {model} is larger than the {d} features of X")
    else:
        k = int(check_scalar(mf, "max_features", low=0.0, high=1.0, low_inclusive=False, model=model) * d)
    return max(1, k)


def check_estimator_instance(estimator, model: str):
    """A meta-estimator's ``estimator``: an unfitted mlcore classifier instance, or a ValidationError."""
    if isinstance(estimator, BaseEstimator) and hasattr(estimator, "fit") and hasattr(estimator, "predict"):
        return estimator
    if isinstance(estimator, type) and issubclass(estimator, BaseEstimator):
        hint = f"an instance such as {estimator.__name__}(), not the class itself"
    elif isinstance(estimator, str):
        hint = (f"an estimator instance such as DecisionTreeClassifier(), not the name {estimator!r} "
                "(the app's catalog turns names into models)")
    else:
        hint = "an mlcore classifier such as DecisionTreeClassifier(max_depth=3)"
    raise ValidationError(f"estimator={estimator!r} for {model} must be {hint}")


def bootstrap_counts(rng, T: int, n: int, m: int):
    """T samples of m draws with replacement from n points: (indices (T, m), counts (T, n))."""
    idx = rng.integers(0, n, size=(T, m))
    counts = np.bincount((idx + n * np.arange(T)[:, None]).ravel(), minlength=T * n)
    return idx, counts.reshape(T, n).astype(np.float64)


def tree_estimators(fa: ForestArrays, classes, d: int, params: dict, seeds) -> list:
    """One fitted ``mlcore.tree.DecisionTreeClassifier`` per grown tree (a view of its nodes)."""
    from ..tree._classes import DecisionTreeClassifier, Tree
    from ..tree._grower import NodeArrays

    out = []
    K = len(classes)
    for t in range(fa.n_trees):
        a, b = int(fa.tree_start[t]), int(fa.tree_start[t + 1])
        left = fa.children_left[a:b]
        arrays = NodeArrays(
            fa.feature[a:b], fa.threshold[a:b], np.where(left >= 0, left - a, -1),
            np.where(left >= 0, fa.children_right[a:b] - a, -1),
            np.where(fa.parent[a:b] >= 0, fa.parent[a:b] - a, -1), fa.value[a:b],
            fa.n_node_samples[a:b], fa.impurity[a:b], fa.gain[a:b], fa.depth[a:b])
        est = DecisionTreeClassifier(**params, random_state=int(seeds[t]))
        est.classes_ = classes
        est.n_classes_ = K
        est.n_features_in_ = d
        est.max_features_ = params.get("max_features") or d
        est.tree_ = Tree(arrays, d, K)
        est.feature_importances_ = est.tree_.feature_importances()
        out.append(est)
    return out


def tree_importances(fa: ForestArrays, d: int) -> np.ndarray:
    """(T, d): each tree's impurity decreases per feature, normalised to sum 1 (0s if no split)."""
    inner = fa.children_left >= 0
    per = np.bincount(fa.tree[inner] * d + fa.feature[inner], weights=fa.gain[inner],
                      minlength=fa.n_trees * d).reshape(fa.n_trees, d)
    tot = per.sum(axis=1, keepdims=True)
    return np.where(tot > 0, per / np.where(tot > 0, tot, 1.0), 0.0)


def forest_importances(fa: ForestArrays, d: int) -> np.ndarray:
    """Mean over trees of each tree's normalised impurity decreases per feature, normalised."""
    mean = tree_importances(fa, d).mean(axis=0)
    s = mean.sum()
    return mean / s if s > 0 else mean


class TreeViews:
    """``estimators_`` as fitted ``DecisionTreeClassifier`` views of the grown arrays.

    They are built on first use and left out of pickles, so a cached ensemble stays
    small (a forest pickles its node arrays once, not once more per tree).
    ``_views`` holds (classes, n_features, tree parameters, per-tree seeds).
    """

    @property
    def estimators_(self) -> list:
        check_is_fitted(self)
        if self.__dict__.get("_trees") is None:
            classes, d, params, seeds = self._views
            self._trees = tree_estimators(self._forest, classes, d, params, seeds)
        return self._trees

    def __getstate__(self):
        state = dict(self.__dict__)
        if state.get("_forest") is not None:     # the views can be rebuilt from it
            state["_trees"] = None
        return state


class _Forest(TreeViews, ClassifierMixin, BaseEstimator):
    _random_split = False
    _label = "the forest"

    def fit(self, X, y):
        """Grow ``n_estimators`` trees (see the module docstring)."""
        X, y_enc, classes = check_X_y(X, y)
        n, d = X.shape
        model = self._label
        T = check_scalar(self.n_estimators, "n_estimators", kind=numbers.Integral, low=1, high=5000, model=model)
        criterion = check_choice(self.criterion, "criterion", CRITERIA, model=model)
        depth = self.max_depth
        if depth is not None:
            depth = check_scalar(depth, "max_depth", kind=numbers.Integral, low=0, model=model)
        mss = check_scalar(self.min_samples_split, "min_samples_split", kind=numbers.Integral, low=2, model=model)
        msl = check_scalar(self.min_samples_leaf, "min_samples_leaf", kind=numbers.Integral, low=1, model=model)
        mf = resolve_max_features(self.max_features, d, model)
        for name in ("bootstrap", "oob_score"):
            if not isinstance(getattr(self, name), (bool, np.bool_)):
                raise ValidationError(f"{name}={getattr(self, name)!r} for {model} must be True or False")
        rng = check_random_state(self.random_state)
        K = len(classes)
        if self.bootstrap:
            idx, W = bootstrap_counts(rng, T, n, n)
        else:
            idx, W = np.tile(np.arange(n), (T, 1)), np.ones((T, n))
        seeds = rng.integers(0, 2**31 - 1, size=T)
        fa = grow_forest(X, y_enc, K, W, criterion=criterion, max_depth=depth,
                         min_samples_split=mss, min_samples_leaf=msl, max_features=mf,
                         random_split=self._random_split, rng=rng)
        self.classes_ = classes
        self.n_classes_ = K
        self.n_features_in_ = d
        self.max_features_ = mf
        self._forest = fa
        self._leaf_proba = fa.value / np.where(fa.weighted_n_node_samples > 0,
                                               fa.weighted_n_node_samples, 1.0)[:, None]
        params = dict(criterion=criterion, max_depth=depth, min_samples_split=mss, min_samples_leaf=msl,
                      max_features=None if mf >= d else mf,
                      splitter="random" if self._random_split else "best")
        self._views = (classes, d, params, seeds)
        self._trees = None
        self.estimators_samples_ = idx.astype(np.int32)
        self.feature_importances_ = forest_importances(fa, d)
        self.oob_score_, self.oob_decision_function_ = None, None
        if self.oob_score and self.bootstrap:
            self.oob_score_, self.oob_decision_function_ = self._oob(X, y_enc, W)
        return self

    def _oob(self, X, y_enc, W):
        """Average, for every training point, the probabilities of the trees that never drew it."""
        leaves = descend(self._forest, X)
        out = W == 0
        votes = np.zeros((X.shape[0], self.n_classes_))
        for t in range(leaves.shape[0]):
            rows = np.flatnonzero(out[t])
            votes[rows] += self._leaf_proba[leaves[t, rows]]
        seen = out.sum(axis=0)
        has = seen > 0
        # points drawn by every tree have no OOB vote: shown as uniform, left out of the score
        dec = np.where(has[:, None], votes / np.maximum(seen, 1)[:, None], 1.0 / self.n_classes_)
        if not has.any():
            return None, dec
        return float(np.mean(np.argmax(dec[has], axis=1) == y_enc[has])), dec

    def predict_proba(self, X):
        """(1/T) sum_t p_t(k | x), columns in the order of ``classes_``."""
        check_is_fitted(self)
        X = check_array(X, n_features=self.n_features_in_)
        T = self._forest.n_trees
        return leaf_sum(self._forest, X, self._leaf_proba) / T

    def staged_predict_proba(self, X, sizes=None):
        """The averaged probabilities of the first m trees, for every m in ``sizes`` (default 1..T)."""
        check_is_fitted(self)
        X = check_array(X, n_features=self.n_features_in_)
        T = self._forest.n_trees
        sizes = [int(min(max(m, 1), T)) for m in (range(1, T + 1) if sizes is None else sizes)]
        if len(sizes) <= 2:
            for m in sizes:
                yield leaf_sum(self._forest, X, self._leaf_proba, trees=np.arange(m)) / m
            return
        leaves = descend(self._forest, X)       # once, then a running sum over the trees
        fixed = FixedPoint(self._leaf_proba, T)  # the sums of leaf_sum, exactly
        total = np.zeros((X.shape[0], self.n_classes_), np.int64)
        done = 0
        for m in sizes:
            if m < done:
                total[:], done = 0, 0
            for t in range(done, m):
                total += fixed.whole[leaves[t]]
            done = m
            yield fixed.value(total) / m

    def predict(self, X):
        P = self.predict_proba(X)
        return self.classes_[np.argmax(P, axis=1)]

    def apply(self, X):
        """(n, T) leaf id (within each tree) reached by every point."""
        check_is_fitted(self)
        X = check_array(X, n_features=self.n_features_in_)
        leaves = descend(self._forest, X)
        return (leaves - self._forest.tree_start[:-1, None]).T


class RandomForestClassifier(_Forest):
    """Random forest (Breiman 2001): bootstrap samples + a random feature subset per node.

    n_estimators: number of trees T. max_features: features tried per node
    (None = all, an int, a fraction, "sqrt" or "log2"; drawn among the features not
    constant in the node). bootstrap: grow each tree on n draws with replacement
    (False: on all points). oob_score: compute ``oob_score_`` (needs bootstrap).
    The other parameters are those of ``DecisionTreeClassifier``.
    """

    _label = "the random forest"

    def __init__(self, n_estimators=100, criterion="gini", max_depth=None, min_samples_split=2,
                 min_samples_leaf=1, max_features="sqrt", bootstrap=True, oob_score=False,
                 random_state=None):
        self.n_estimators = n_estimators
        self.criterion = criterion
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.max_features = max_features
        self.bootstrap = bootstrap
        self.oob_score = oob_score
        self.random_state = random_state


class ExtraTreesClassifier(_Forest):
    """Extremely randomised trees (Geurts et al. 2006): at each node, every candidate
    feature gets ONE threshold drawn uniformly in [min, max) of the node, and the best
    of those splits is kept. No bootstrap by default (every tree sees all points), so
    there is no out-of-bag score unless ``bootstrap=True``. Parameters as for
    ``RandomForestClassifier``.
    """

    _random_split = True
    _label = "extra-trees"

    def __init__(self, n_estimators=100, criterion="gini", max_depth=None, min_samples_split=2,
                 min_samples_leaf=1, max_features="sqrt", bootstrap=False, oob_score=False,
                 random_state=None):
        self.n_estimators = n_estimators
        self.criterion = criterion
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.max_features = max_features
        self.bootstrap = bootstrap
        self.oob_score = oob_score
        self.random_state = random_state
