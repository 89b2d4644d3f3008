"""CART decision tree for numeric features (binary splits at midpoints).

The tree asks one question per node, "is x_f <= t?", chosen to make the children
as pure as possible under the criterion (Gini 1 - sum p_k^2, entropy
-sum p_k log2 p_k, or misclassification 1 - max p_k). A leaf predicts the
weighted class frequencies of its training points. How it is grown is in
``mlcore.tree._grower`` (level by level, vectorised); ``mlcore.tree._reference``
(``build_reference_tree``) grows the same tree recursively, written to be read. Ties
between equally good splits (costs within 1e-13 W) go to the lowest feature index,
then the lowest threshold (with misclassification, first to the purer children by Gini).
"""

from __future__ import annotations

import itertools
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
from ._grower import GrowRules, NodeArrays, grow_tree
from ._impurity import CRITERIA

__all__ = ["DecisionTreeClassifier", "Tree"]


class Tree:
    """A fitted tree as parallel numpy arrays, one entry per node (node 0 is the root).

    feature            feature tested at the node, -1 at a leaf
    threshold          t of the test x_f <= t (left) / x_f > t (right); 0 at a leaf
    children_left/right  child node ids, -1 at a leaf
    parent             parent id, -1 at the root
    value              (node_count, K) weighted class counts of the training points
    n_node_samples     number of training points of positive weight reaching the node
    weighted_n_node_samples  their total weight
    impurity           impurity of the node under the criterion
    gain               weighted impurity decrease of its split,
                       W_node / W_total (I(node) - w_L/W_node I(L) - w_R/W_node I(R)); 0 at a leaf
    depth              0 at the root
    """

    def __init__(self, arrays: NodeArrays, n_features: int, n_classes: int):
        self.feature = arrays.feature
        self.threshold = arrays.threshold
        self.children_left = arrays.children_left
        self.children_right = arrays.children_right
        self.parent = arrays.parent
        self.value = arrays.value
        self.n_node_samples = arrays.n_node_samples
        self.weighted_n_node_samples = arrays.value.sum(axis=1)
        self.impurity = arrays.impurity
        self.gain = arrays.gain
        self.depth = arrays.depth
        self.n_features = n_features
        self.n_classes = n_classes

    @property
    def node_count(self) -> int:
        return int(self.feature.size)

    @property
    def max_depth(self) -> int:
        return int(self.depth.max())

    @property
    def is_leaf(self) -> np.ndarray:
        return self.feature < 0

    @property
    def n_leaves(self) -> int:
        return int(np.count_nonzero(self.is_leaf))

    def apply(self, X: np.ndarray) -> np.ndarray:
        """Leaf id reached by each row of X.

        Every leaf is a box in feature space whose sides are thresholds of the tree. So
        the thresholds of each feature, sorted, cut the space into cells that each lie in
        exactly one leaf: a point's cell is found by binary search per feature
        (x <= t <=> the cell index is at most t's index), and a table maps cells to
        leaves. Trees whose table would be too large walk the tree level by level instead.
        """
        X = np.asarray(X, dtype=np.float64)
        lookup = self._lookup()
        if lookup is None:
            return self._walk(X)
        cuts, table = lookup
        cell = np.searchsorted(cuts[0], X[:, 0], side="left")
        for f in range(1, len(cuts)):
            cell *= cuts[f].size + 1
            cell += np.searchsorted(cuts[f], X[:, f], side="left")
        return np.take(table, cell)

    def _walk(self, X: np.ndarray) -> np.ndarray:
        """Leaf ids by descending one level per step (all unfinished rows at once)."""
        node = np.zeros(X.shape[0], np.intp)
        inner = np.flatnonzero(self.feature[node] >= 0)  # rows not yet at a leaf
        while inner.size:
            at = node[inner]
            f = self.feature[at]
            left = X[inner, f] <= self.threshold[at]
            node[inner] = np.where(left, self.children_left[at], self.children_right[at])
            inner = inner[self.feature[node[inner]] >= 0]
        return node

    _MAX_CELLS = 1 << 20
    _WALK_CELLS = 1 << 12    # small tables: walking one point per cell is cheaper than painting

    def _lookup(self):
        """(sorted thresholds per feature, leaf id of every cell), built once; None if too big."""
        if getattr(self, "_cells", False) is not False:
            return self._cells
        internal = self.feature >= 0
        cuts = [np.unique(self.threshold[internal & (self.feature == f)]) for f in range(self.n_features)]
        shape = tuple(t.size + 1 for t in cuts)
        n_cells = float(np.prod(shape, dtype=np.float64))
        if self.n_features > 4 or n_cells > self._MAX_CELLS:
            self._cells = None
            return None
        if n_cells <= self._WALK_CELLS:
            # One point per cell decides the whole cell: its feature-f coordinate is the cell's
            # upper threshold (x <= t puts x = t in the cell below t), +inf for the last cell.
            reps = [np.append(t, np.inf) for t in cuts]
            points = np.stack(np.meshgrid(*reps, indexing="ij"), axis=-1).reshape(-1, len(reps))
            self._cells = (cuts, self._walk(points))
            return self._cells
        # Each node's box in cell coordinates: [lo, hi) per feature; children split at t's index.
        N, d = self.node_count, self.n_features
        k = np.zeros(N, np.intp)
        for f in range(d):
            at = internal & (self.feature == f)
            k[at] = np.searchsorted(cuts[f], self.threshold[at])
        lo = np.zeros((N, d), np.intp)
        hi = np.tile(np.array(shape, np.intp), (N, 1))
        nodes = np.flatnonzero(internal)
        order = nodes[np.argsort(self.depth[nodes], kind="stable")]
        depths = self.depth[order]
        cut = np.flatnonzero(np.diff(depths)) + 1
        for group in np.split(order, cut):          # parents before children
            f = self.feature[group]
            left, right = self.children_left[group], self.children_right[group]
            lo[left] = lo[right] = lo[group]
            hi[left] = hi[right] = hi[group]
            hi[left, f] = k[group] + 1
            lo[right, f] = k[group] + 1
        # The leaves tile the space, so painting each leaf's id over its box (a d-dimensional
        # difference array: +-id at the 2^d corners, then cumulative sums) labels every cell once.
        leaves = np.flatnonzero(~internal)
        paint = np.zeros(tuple(n + 1 for n in shape), np.intp)
        for corner in itertools.product((0, 1), repeat=d):
            where = tuple(np.where(c, hi[leaves, f], lo[leaves, f]) for f, c in enumerate(corner))
            np.add.at(paint, where, leaves if sum(corner) % 2 == 0 else -leaves)
        for f in range(d):
            np.cumsum(paint, axis=f, out=paint)
        table = paint[tuple(slice(0, n) for n in shape)]
        self._cells = (cuts, table.ravel())
        return self._cells

    def path(self, x) -> list[int]:
        """Node ids from the root to the leaf for one point x."""
        x = np.asarray(x, dtype=np.float64).ravel()
        node, out = 0, [0]
        while self.feature[node] >= 0:
            f = self.feature[node]
            node = int(self.children_left[node] if x[f] <= self.threshold[node] else self.children_right[node])
            out.append(node)
        return out

    def decision_path(self, X: np.ndarray) -> np.ndarray:
        """(n, node_count) boolean matrix: row i marks the nodes point i passes through."""
        leaves = self.apply(X)
        out = np.zeros((X.shape[0], self.node_count), bool)
        node = leaves.copy()
        rows = np.arange(X.shape[0])
        while True:
            out[rows, node] = True
            up = self.parent[node]
            keep = up >= 0
            if not keep.any():
                break
            rows, node = rows[keep], up[keep]
        return out

    def proba(self) -> np.ndarray:
        """Class frequencies per node: value / weighted_n_node_samples."""
        total = self.weighted_n_node_samples[:, None]
        return self.value / np.where(total > 0, total, 1.0)

    def feature_importances(self) -> np.ndarray:
        """Sum of the gains of the splits on each feature, normalised to sum 1 (0s if no split)."""
        imp = np.bincount(self.feature[~self.is_leaf], weights=self.gain[~self.is_leaf],
                          minlength=self.n_features)
        total = imp.sum()
        return imp / total if total > 0 else imp

    def describe(self, node: int, feature_names=None) -> str:
        """The test at an internal node, e.g. "x1 <= 0.35"."""
        f = int(self.feature[node])
        if f < 0:
            return "leaf"
        name = feature_names[f] if feature_names is not None else f"x{f + 1}"
        return f"{name} <= {self.threshold[node]:.4g}"

    def __repr__(self) -> str:
        return f"Tree(node_count={self.node_count}, max_depth={self.max_depth}, n_leaves={self.n_leaves})"


def _count_param(value, name: str, n: int, low: int, frac_high: float) -> int:
    """min_samples_*: a whole number >= low, or a fraction of n (rounded up), as in scikit-learn."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return check_scalar(value, name, kind=numbers.Integral, low=low, model="the decision tree")
    v = check_scalar(value, name, low=0.0, high=frac_high, low_inclusive=False, model="the decision tree")
    return max(low, int(math.ceil(v * n)))


class DecisionTreeClassifier(ClassifierMixin, BaseEstimator):
    """CART classification tree.

    criterion: "gini" (1 - sum p_k^2), "entropy" (-sum p_k log2 p_k) or
        "misclassification" (1 - max p_k; its many equal-cost cuts are told apart by
        the Gini impurity, see ``mlcore.tree._grower``).
    max_depth: None (grow until pure or too small) or the deepest level (0 = a single leaf).
    min_samples_split: a node needs this many points to be split (int, or fraction of n).
    min_samples_leaf: each child keeps at least this many points (int, or fraction of n).
    min_impurity_decrease: split only if the weighted decrease
        N_t / N (I(t) - N_L / N_t I(L) - N_R / N_t I(R)) is at least this (scikit-learn's meaning).
    max_features: features tried per node: None (all), an int, a fraction of the features,
        "sqrt" or "log2"; drawn at random among those not constant in the node.
    splitter: "best" scans every midpoint; "random" draws one uniform threshold per
        feature between the node's min and max (extra-trees).
    gain_ratio: choose splits by gain / split information (C4.5) instead of gain.
    random_state: seed for max_features and the random splitter.
    """

    def __init__(self, criterion="gini", max_depth=None, min_samples_split=2, min_samples_leaf=1,
                 min_impurity_decrease=0.0, max_features=None, splitter="best", gain_ratio=False,
                 random_state=None):
        self.criterion = criterion
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.min_impurity_decrease = min_impurity_decrease
        self.max_features = max_features
        self.splitter = splitter
        self.gain_ratio = gain_ratio
        self.random_state = random_state

    def _grow_rules(self, n: int, d: int) -> GrowRules:
        model = "the decision tree"
        criterion = check_choice(self.criterion, "criterion", CRITERIA, model=model)
        splitter = check_choice(self.splitter, "splitter", ("best", "random"), model=model)
        max_depth = self.max_depth
        if max_depth is not None and not (isinstance(max_depth, float) and math.isinf(max_depth)):
            max_depth = check_scalar(max_depth, "max_depth", kind=numbers.Integral, low=0, model=model)
        else:
            max_depth = None
        mss = _count_param(self.min_samples_split, "min_samples_split", n, 2, 1.0)
        msl = _count_param(self.min_samples_leaf, "min_samples_leaf", n, 1, 1.0)
        mid = check_scalar(self.min_impurity_decrease, "min_impurity_decrease", low=0.0, model=model)
        if not isinstance(self.gain_ratio, (bool, np.bool_)):
            raise ValidationError(f"gain_ratio={self.gain_ratio!r} for {model} must be True or False")
        return GrowRules(criterion, max_depth, mss, msl, mid, self._resolve_max_features(d),
                         splitter, bool(self.gain_ratio))

    def _resolve_max_features(self, d: int) -> int | None:
        mf = self.max_features
        if mf is None:
            return None
        if isinstance(mf, str):
            check_choice(mf, "max_features", ("sqrt", "log2"), model="the decision tree")
            k = int(math.sqrt(d)) if mf == "sqrt" else int(math.log2(d))
        elif isinstance(mf, numbers.Integral) and not isinstance(mf, bool):
            k = check_scalar(mf, "max_features", kind=numbers.Integral, low=1, model="the decision tree")
            if k > d:
                raise ValidationError(f"max_features={k} is larger than the {d} features of X")
        else:
            v = check_scalar(mf, "max_features", low=0.0, high=1.0, low_inclusive=False,
                             model="the decision tree")
            k = int(v * d)
        k = max(1, k)
        return None if k >= d else k

    def fit(self, X, y, sample_weight=None):
        """Grow the tree on (X, y); ``sample_weight`` (>= 0) weights every count.

        A point of weight 0 takes no part (it places no threshold and counts for no
        ``min_samples_*``), so whole-number weights c_i give the tree grown on the points
        repeated c_i times (as long as ``min_samples_leaf`` and ``min_samples_split``,
        which count points, do not decide a split)."""
        X, y_enc, classes = check_X_y(X, y)
        n, d = X.shape
        rules = self._grow_rules(n, d)
        w = _check_weights(sample_weight, n)
        rng = check_random_state(self.random_state)
        self.classes_ = classes
        self.n_classes_ = len(classes)
        self.n_features_in_ = d
        self.max_features_ = d if rules.max_features is None else rules.max_features
        self.tree_ = Tree(grow_tree(X, y_enc, len(classes), w, rules, rng), d, len(classes))
        self.feature_importances_ = self.tree_.feature_importances()
        return self

    def _X(self, X) -> np.ndarray:
        check_is_fitted(self, "tree_")
        return check_array(X, n_features=self.n_features_in_)

    def apply(self, X) -> np.ndarray:
        """Id of the leaf each point lands in."""
        X = self._X(X)
        return self.tree_.apply(X)

    def decision_path(self, X) -> np.ndarray:
        """(n, node_count) boolean matrix of the nodes each point visits."""
        X = self._X(X)
        return self.tree_.decision_path(X)

    def path(self, x) -> list[int]:
        """Node ids from the root to the leaf for one point."""
        x = self._X(np.asarray(x, dtype=np.float64).reshape(1, -1))[0]
        return self.tree_.path(x)

    def predict_proba(self, X) -> np.ndarray:
        """Weighted class frequencies of the leaf each point lands in."""
        leaves = self.apply(X)
        return np.take(self.tree_.proba(), leaves, axis=0)

    def predict(self, X) -> np.ndarray:
        """Majority class of the leaf (ties to the first class in ``classes_``)."""
        leaves = self.apply(X)
        return self.classes_[np.argmax(self.tree_.value, axis=1)[leaves]]

    def get_depth(self) -> int:
        check_is_fitted(self, "tree_")
        return self.tree_.max_depth

    def get_n_leaves(self) -> int:
        check_is_fitted(self, "tree_")
        return self.tree_.n_leaves


def _check_weights(sample_weight, n: int) -> np.ndarray:
    if sample_weight is None:
        return np.ones(n)
    try:
        w = np.asarray(sample_weight, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValidationError("sample_weight must contain numbers only") from None
    if w.ndim == 0:
        w = np.full(n, float(w))
    if w.shape != (n,):
        raise ValidationError(f"sample_weight has {w.size} values but X has {n} points")
    if not np.all(np.isfinite(w)):
        raise ValidationError("sample_weight contains NaN or infinite values")
    if np.any(w < 0):
        raise ValidationError("sample_weight must not be negative")
    if not w.sum() > 0:
        raise ValidationError("sample_weight is zero for every point: at least one point needs a positive weight")
    return w
