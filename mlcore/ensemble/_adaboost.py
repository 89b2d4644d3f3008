"""AdaBoost with the multi-class SAMME rule (Zhu, Zou, Rosset & Hastie 2009).

Start with equal point weights w_i = 1/n. In round t:

1. fit a small tree h_t (a clone of ``estimator``; a stump when max_depth = 1) to the
   weighted points (a stump by ``mlcore.tree._stump``, the same stump as the grower's, faster);
2. its weighted error  err_t = sum_i w_i [h_t(x_i) != y_i] / sum_i w_i;
3. its say           alpha_t = lr (log((1 - err_t) / err_t) + log(K - 1));
4. reweight          w_i <- w_i exp(alpha_t [h_t(x_i) != y_i]), then w <- w / sum w,

so the points h_t got wrong weigh more for h_{t+1}. The ensemble scores class k by

    f_k(x) = sum_t alpha_t c_tk(x) / sum_t alpha_t,   c_tk = 1 if h_t(x) = k else -1/(K-1),

predicts argmax_k f_k(x) (for K = 2 the decision function is f_2 - f_1, positive for
the second class) and p(k | x) = softmax_k(f_k(x) / (K - 1)). These are
scikit-learn's formulas, and the trees split like scikit-learn's (weighted Gini,
midpoint thresholds), so with stumps both pick the same stump and alpha round by
round, except where two splits are exactly equally good (then the lowest feature
index and the lowest threshold win here; scikit-learn takes the first it meets in a
random feature order).

Stopping: boosting stops early when a learner is perfect (err_t = 0: it is kept
with the say of err_t = 1e-10, about 23 lr, so it outvotes ordinary learners, where
scikit-learn gives it 1) or no better than chance (err_t >= 1 - 1/K: it is dropped,
unless it is the first, which is kept with alpha = 1 so the model still predicts).
"""

from __future__ import annotations

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
    softmax,
)
from ..tree._classes import DecisionTreeClassifier
from ..tree._forest_predict import descend, leaf_sum
from ..tree._grower import concat_forests, grow_forest
from ..tree._stump import applies as stump_applies
from ..tree._stump import grow_stump, stump_leaves
from ._forest import TreeViews, check_estimator_instance, tree_importances

__all__ = ["AdaBoostClassifier"]

_PERFECT = 1e-10   # the error a perfect learner is credited with
_STUMP_ARGS = ("criterion", "min_samples_split", "min_samples_leaf", "min_impurity_decrease")


class AdaBoostClassifier(TreeViews, ClassifierMixin, BaseEstimator):
    """Discrete multi-class AdaBoost (SAMME) over decision trees.

    estimator: an unfitted ``DecisionTreeClassifier`` whose settings (max_depth,
        criterion, min_samples_leaf, max_features, splitter, ...) every round's tree
        is grown with; None means ``DecisionTreeClassifier(max_depth=1)`` (stumps).
        Reach its settings as ``estimator__max_depth``. Its own ``random_state`` is
        not used: this model's ``random_state`` drives every tree's random choices.
    n_estimators: most rounds T.
    learning_rate: shrinks every alpha_t (and so the reweighting).
    random_state: seeds max_features and the random splitter of the trees (the
        default trees try every feature and threshold and use no randomness).

    Fitted: ``estimators_`` (the trees), ``estimator_weights_`` (alpha_t),
    ``feature_importances_`` (the alpha-weighted mean of the trees' importances),
    ``estimator_errors_`` (err_t), ``history_`` (one dict per round: the point
    weights the tree was fitted to, its feature and threshold at the root, alpha,
    error, and the training error of the ensemble after the round).
    """

    def __init__(self, estimator=None, n_estimators=50, learning_rate=1.0, random_state=None):
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.learning_rate = learning_rate
        self.random_state = random_state

    def _tree_settings(self, n: int, d: int):
        """(grow_forest keyword arguments, the tree's own parameters) from ``estimator``."""
        model = "AdaBoost"
        tree = DecisionTreeClassifier(max_depth=1) if self.estimator is None else self.estimator
        if not isinstance(tree, DecisionTreeClassifier):
            check_estimator_instance(tree, model)       # a class or a name gets its own message
            raise ValidationError(
                f"estimator={tree!r}: this AdaBoost boosts decision trees; pass a "
                "DecisionTreeClassifier (e.g. DecisionTreeClassifier(max_depth=2)) or None for stumps")
        grow = tree._grow_rules(n, d)       # the tree's own checks and messages
        if grow.gain_ratio:
            raise ValidationError("AdaBoost grows its trees by gain; use a DecisionTreeClassifier "
                                  "with gain_ratio=False")
        if grow.max_depth == 0:
            raise ValidationError("max_depth=0 for AdaBoost's trees would boost single leaves that "
                                  "ignore x; use max_depth >= 1 (1 = stumps)")
        grow_args = dict(criterion=grow.criterion, max_depth=grow.max_depth,
                         min_samples_split=grow.min_samples_split, min_samples_leaf=grow.min_samples_leaf,
                         min_impurity_decrease=grow.min_impurity_decrease, max_features=grow.max_features,
                         random_split=grow.splitter == "random")
        params = {k: v for k, v in tree.get_params(deep=False).items() if k != "random_state"}
        return grow_args, params

    def fit(self, X, y):
        X, y_enc, classes = check_X_y(X, y)
        model = "AdaBoost"
        T = check_scalar(self.n_estimators, "n_estimators", kind=numbers.Integral, low=1, high=5000, model=model)
        lr = check_scalar(self.learning_rate, "learning_rate", low=0.0, low_inclusive=False, model=model)
        rng = check_random_state(self.random_state)
        n, d = X.shape
        grow_args, tree_params = self._tree_settings(n, d)
        K = len(classes)
        order = np.argsort(X, axis=0, kind="stable")
        w = np.full(n, 1.0 / n)
        eps = np.finfo(np.float64).eps
        parts, alphas, errors, history = [], [], [], []
        score = np.zeros((n, K))        # sum_t alpha_t c_t(x_i)
        for t in range(T):
            w = np.maximum(w, eps)      # as scikit-learn: no weight underflows to 0
            if stump_applies(w, grow_args["max_depth"], grow_args["max_features"], grow_args["random_split"], d):
                fa = grow_stump(X, y_enc, K, w, order, **{k: grow_args[k] for k in _STUMP_ARGS})
                leaves = stump_leaves(fa, X)
            else:
                fa = grow_forest(X, y_enc, K, w[None], order=order, rng=rng, **grow_args)
                leaves = descend(fa, X)[0]
            pred = np.argmax(fa.value, axis=1)[leaves]
            wrong = pred != y_enc
            err = float(np.sum(w[wrong]) / np.sum(w))
            if err >= 1.0 - 1.0 / K and t > 0:
                break
            if err >= 1.0 - 1.0 / K:
                alpha = 1.0
            else:
                e = max(err, _PERFECT)
                alpha = lr * (np.log((1.0 - e) / e) + np.log(K - 1.0))
            parts.append(fa)
            alphas.append(alpha)
            errors.append(err)
            score += np.where(np.arange(K) == pred[:, None], alpha, -alpha / max(K - 1, 1))
            root_f = int(fa.feature[0])
            history.append({"round": t + 1, "sample_weight": w / w.sum(), "alpha": float(alpha),
                            "error": err, "feature": root_f,
                            "threshold": float(fa.threshold[0]) if root_f >= 0 else None,
                            "train_error": float(np.mean(np.argmax(score, axis=1) != y_enc))})
            if err <= 0 or err >= 1.0 - 1.0 / K:
                break
            # scikit-learn's form of w * exp(alpha [wrong]); kept for identical weights
            w = np.exp(np.log(w) + alpha * wrong)
            w = w / w.sum()
        self.classes_ = classes
        self.n_classes_ = K
        self.n_features_in_ = d
        self._forest = concat_forests(parts)
        self._leaf_class = np.argmax(self._forest.value, axis=1)
        self.estimator_weights_ = np.array(alphas)
        self.estimator_errors_ = np.array(errors)
        self._views = (classes, d, tree_params, np.zeros(len(parts), int))
        self._trees = None
        self.history_ = history
        imp = tree_importances(self._forest, d)
        self.feature_importances_ = (self.estimator_weights_[:, None] * imp).sum(axis=0) / self.estimator_weights_.sum()
        return self

    def _codes(self, m):
        """Per node of the first m trees: alpha_t c_t / sum alpha (the leaf's vote vector)."""
        K = self.n_classes_
        a = self.estimator_weights_[:m]
        alpha_node = np.concatenate([np.full(p, a[t]) for t, p in enumerate(np.diff(self._forest.tree_start[:m + 1]))])
        G = alpha_node.size
        onehot = np.arange(K) == self._leaf_class[:G, None]
        code = np.where(onehot, 1.0, -1.0 / max(K - 1, 1)) * alpha_node[:, None]
        full = np.zeros((self._forest.feature.size, K))
        full[:G] = code / a.sum()
        return full

    def _scores(self, X, m=None):
        check_is_fitted(self)
        X = check_array(X, n_features=self.n_features_in_)
        R = len(self.estimator_weights_)
        m = R if m is None else int(min(max(m, 1), R))
        return leaf_sum(self._forest, X, self._codes(m), trees=None if m == R else np.arange(m))

    def _as_decision(self, F):
        return F[:, 1] - F[:, 0] if self.n_classes_ == 2 else F

    def decision_function(self, X, n_rounds=None):
        """f(x) (binary: f_2 - f_1, shape (n,); K > 2: (n, K)) using the first ``n_rounds`` learners."""
        return self._as_decision(self._scores(X, n_rounds))

    def predict_proba(self, X, n_rounds=None):
        """softmax(f(x) / (K - 1)), using the first ``n_rounds`` learners (all by default)."""
        F = self._scores(X, n_rounds)
        return softmax(F / max(self.n_classes_ - 1, 1))

    def predict(self, X, n_rounds=None):
        F = self._scores(X, n_rounds)
        return self.classes_[np.argmax(F, axis=1)]

    def staged_decision_function(self, X):
        """The decision function after each round (a generator, like scikit-learn's)."""
        check_is_fitted(self)
        X = check_array(X, n_features=self.n_features_in_)
        leaves = descend(self._forest, X)
        K = self.n_classes_
        F = np.zeros((X.shape[0], K))
        total = 0.0
        for t, alpha in enumerate(self.estimator_weights_):
            c = self._leaf_class[leaves[t]]
            F += np.where(np.arange(K) == c[:, None], alpha, -alpha / max(K - 1, 1))
            total += alpha
            yield self._as_decision(F / total)

    def staged_predict(self, X):
        """The predicted labels after each round."""
        for D in self.staged_decision_function(X):
            idx = (D > 0).astype(int) if D.ndim == 1 else np.argmax(D, axis=1)
            yield self.classes_[idx]
