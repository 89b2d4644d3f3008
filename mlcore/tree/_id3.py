"""ID3 on categorical tables, and the 1-rule.

ID3 (Quinlan 1986) splits a node on the feature A with the largest information gain

    Gain(S, A) = H(S) - sum_v |S_v| / |S| H(S_v),   H(S) = -sum_k p_k log2 p_k,

with one branch per value v of A (a multi-way split). A feature tested on the path
from the root is not tested again below. Options: Gini instead of entropy
(Gain = G(S) - sum_v |S_v|/|S| G(S_v)), and the gain ratio of C4.5,
Gain(S, A) / H_A(S) with the split information H_A(S) = -sum_v |S_v|/|S| log2 |S_v|/|S|,
which discounts features with many values (a day id has maximal gain).

Every node records the score of every candidate feature, so a page can show why
the winner won. Ties go to the feature that comes first in the table. A branch is
made for every value of the feature seen in training; a value with no examples
at that node gives a leaf predicting the parent's majority (Mitchell's rule).

The 1-rule (Holte 1993) is the best one-level tree: for each feature, map each
value to its majority class, and keep the feature with the fewest training errors.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass, field

import numpy as np

from ..base import BaseEstimator, ClassifierMixin, ValidationError, check_is_fitted, check_scalar
from ._impurity import entropy, impurity

__all__ = ["ID3Classifier", "ID3Node", "Candidate", "OneRuleClassifier", "check_table"]


@dataclass
class Candidate:
    """One feature considered at a node."""

    feature: int
    name: str
    gain: float                  # impurity decrease (information gain with entropy)
    split_info: float            # H_A(S), entropy of the branch sizes
    gain_ratio: float            # gain / split_info (0 when only one value occurs)
    counts: dict                 # value -> class counts (array of length K) of the branch

    def branch_terms(self, criterion: str = "entropy") -> list[tuple[int, float]]:
        """(|S_v|, I(S_v)) of every non-empty branch, the terms of
        Gain(S, A) = I(S) - sum_v |S_v|/|S| I(S_v) (I: entropy in bits or Gini)."""
        return [(int(c.sum()), float(impurity(c, criterion))) for c in self.counts.values() if c.sum() > 0]


@dataclass
class ID3Node:
    id: int
    depth: int
    counts: np.ndarray           # class counts of the training rows reaching the node
    impurity: float
    parent: int = -1
    branch: str | None = None    # the value of the parent's feature that leads here
    feature: int | None = None   # feature tested, None at a leaf
    children: dict = field(default_factory=dict)   # value -> child id
    candidates: list = field(default_factory=list)
    prediction: int = 0          # class index predicted at the node

    @property
    def is_leaf(self) -> bool:
        return self.feature is None

    @property
    def n_samples(self) -> int:
        return int(round(self.counts.sum()))


def check_table(X, y=None, feature_names=None):
    """Categorical X (values become strings), optional labels, and feature names."""
    try:
        X = np.asarray(X, dtype=object)
    except (TypeError, ValueError):
        raise ValidationError("the table must be a rectangle of values") from None
    if X.ndim != 2:
        raise ValidationError(f"the table must be 2-D (rows x features); got {X.ndim} dimensions")
    if X.shape[0] == 0 or X.shape[1] == 0:
        raise ValidationError("the table has no rows or no features")
    if any(v is None or (isinstance(v, float) and v != v) for v in X.ravel()):
        raise ValidationError("the table has empty cells; fill them or remove those rows")
    X = X.astype(str)
    if feature_names is None:
        feature_names = [f"x{j + 1}" for j in range(X.shape[1])]
    feature_names = [str(f) for f in feature_names]
    if len(feature_names) != X.shape[1]:
        raise ValidationError(f"{len(feature_names)} feature names for {X.shape[1]} columns")
    if y is None:
        return X, None, feature_names
    y = np.asarray(y)
    if y.ndim != 1 or y.shape[0] != X.shape[0]:
        raise ValidationError(f"the table has {X.shape[0]} rows but there are {y.size} labels")
    return X, y, feature_names


def _class_counts(y_enc, K) -> np.ndarray:
    return np.bincount(y_enc, minlength=K).astype(np.float64)


class ID3Classifier(ClassifierMixin, BaseEstimator):
    """ID3 decision tree with multi-way splits on categorical features.

    criterion: "entropy" (information gain, log base 2) or "gini".
    gain_ratio: rank features by gain / split information (C4.5) instead of gain.
    max_depth: None or the deepest level. min_samples_split: rows a node needs to split.
    min_gain: split only if the winner's score is larger than this (0: any positive gain).
    """

    def __init__(self, criterion="entropy", gain_ratio=False, max_depth=None, min_samples_split=2,
                 min_gain=0.0):
        self.criterion = criterion
        self.gain_ratio = gain_ratio
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_gain = min_gain

    def fit(self, X, y, feature_names=None):
        """Grow the tree on a categorical table; ``feature_names`` label the columns."""
        if self.criterion not in ("entropy", "gini"):
            raise ValidationError(f"criterion={self.criterion!r} for ID3 must be 'entropy' or 'gini'")
        max_depth = None if self.max_depth is None else check_scalar(
            self.max_depth, "max_depth", kind=numbers.Integral, low=0, model="ID3")
        min_split = check_scalar(self.min_samples_split, "min_samples_split", kind=numbers.Integral,
                                 low=2, model="ID3")
        min_gain = check_scalar(self.min_gain, "min_gain", low=0.0, model="ID3")
        X, y, names = check_table(X, y, feature_names)
        if y is None:
            raise ValidationError("ID3 needs the labels y")
        classes, y_enc = np.unique(y.astype(str) if y.dtype.kind == "O" else y, return_inverse=True)
        if len(classes) < 2:
            raise ValidationError(f"need at least 2 classes to learn a tree; every row is {classes.tolist()[0]!r}")
        self.classes_ = classes
        self.feature_names_ = names
        self.n_features_in_ = X.shape[1]
        self.categories_ = [sorted(set(X[:, j].tolist())) for j in range(X.shape[1])]
        K = len(classes)
        nodes: list[ID3Node] = []
        root = self._node(nodes, y_enc, K, depth=0, parent=-1, branch=None, parent_prediction=0)
        queue = [(root, np.arange(len(y_enc)), frozenset())]
        # Breadth first, so node ids read level by level.
        while queue:
            node, rows, used = queue.pop(0)
            free = [j for j in range(X.shape[1]) if j not in used]
            node.candidates = [self._candidate(X, y_enc, K, rows, j, node) for j in free]
            if (node.impurity <= 0 or not free or len(rows) < min_split
                    or (max_depth is not None and node.depth >= max_depth)):
                continue
            best = max(node.candidates, key=self._score)  # max keeps the first on ties
            if not self._score(best) > min_gain or best.split_info <= 0:
                continue
            node.feature = best.feature
            for value in self.categories_[best.feature]:
                sub = rows[X[rows, best.feature] == value]
                child = self._node(nodes, y_enc[sub], K, node.depth + 1, node.id, value, node.prediction)
                node.children[value] = child.id
                if sub.size:
                    queue.append((child, sub, used | {best.feature}))
        self.nodes_ = nodes
        return self

    def _score(self, c: Candidate) -> float:
        return c.gain_ratio if self.gain_ratio else c.gain

    def _node(self, nodes, y_part, K, depth, parent, branch, parent_prediction) -> ID3Node:
        counts = _class_counts(y_part, K)
        prediction = int(np.argmax(counts)) if counts.sum() > 0 else parent_prediction
        node = ID3Node(id=len(nodes), depth=depth, counts=counts,
                       impurity=float(impurity(counts, self.criterion)), parent=parent, branch=branch,
                       prediction=prediction)
        nodes.append(node)
        return node

    def _candidate(self, X, y_enc, K, rows, j, node) -> Candidate:
        values = X[rows, j]
        branch_counts = {v: _class_counts(y_enc[rows[values == v]], K) for v in self.categories_[j]}
        present = np.array([c for c in branch_counts.values() if c.sum() > 0])
        total = node.counts.sum()
        weights = present.sum(axis=1) / total
        gain = node.impurity - float(np.sum(weights * impurity(present, self.criterion)))
        gain = max(gain, 0.0)  # rounding can leave -1e-17 for a useless feature
        info = float(entropy(present.sum(axis=1)))
        ratio = gain / info if info > 0 else 0.0
        return Candidate(j, self.feature_names_[j], gain, info, ratio, branch_counts)

    # --- using the tree ---------------------------------------------------------------------

    def _rows(self, X) -> np.ndarray:
        check_is_fitted(self, "nodes_")
        X, _, _ = check_table(X, None, self.feature_names_)
        return X

    def path(self, row) -> list[int]:
        """Node ids from the root to the leaf for one row. A value never seen at a node
        stops the walk there (the node's majority answers)."""
        row = self._rows(np.asarray(row, dtype=object).reshape(1, -1))[0]
        node, out = self.nodes_[0], [0]
        while not node.is_leaf:
            child = node.children.get(row[node.feature])
            if child is None:
                break
            node = self.nodes_[child]
            out.append(node.id)
        return out

    def apply(self, X) -> np.ndarray:
        """Id of the node each row ends at."""
        X = self._rows(X)
        return np.array([self.path(r)[-1] for r in X], dtype=np.intp)

    def predict_proba(self, X) -> np.ndarray:
        """Class frequencies of the node each row ends at (the parent's for an empty branch)."""
        out = []
        for i in self.apply(X):
            node = self.nodes_[i]
            while node.counts.sum() <= 0 and node.parent >= 0:
                node = self.nodes_[node.parent]
            out.append(node.counts / node.counts.sum())
        return np.array(out)

    def predict(self, X) -> np.ndarray:
        leaves = self.apply(X)
        return self.classes_[[self.nodes_[i].prediction for i in leaves]]

    def rules(self) -> list[str]:
        """One "IF ... THEN ..." line per leaf, e.g. "IF outlook = sunny AND humidity = high THEN no"."""
        check_is_fitted(self, "nodes_")
        lines = []
        for node in self.nodes_:
            if not node.is_leaf:
                continue
            tests, at = [], node
            while at.parent >= 0:
                parent = self.nodes_[at.parent]
                tests.append(f"{self.feature_names_[parent.feature]} = {at.branch}")
                at = parent
            cond = " AND ".join(reversed(tests)) or "always"
            lines.append(f"IF {cond} THEN {self.classes_[node.prediction]}")
        return lines

    def get_depth(self) -> int:
        check_is_fitted(self, "nodes_")
        return max(n.depth for n in self.nodes_)


class OneRuleClassifier(ClassifierMixin, BaseEstimator):
    """1-rule: the one feature whose value -> majority-class table makes the fewest training errors.

    Ties between values go to the first class in ``classes_``; ties between features to the
    first feature in the table. A value unseen in training predicts the overall majority.
    """

    def __init__(self):
        pass

    def fit(self, X, y, feature_names=None):
        X, y, names = check_table(X, y, feature_names)
        if y is None:
            raise ValidationError("the 1-rule needs the labels y")
        classes, y_enc = np.unique(y, return_inverse=True)
        if len(classes) < 2:
            raise ValidationError(f"need at least 2 classes; every row is {classes.tolist()[0]!r}")
        K = len(classes)
        self.classes_ = classes
        self.feature_names_ = names
        self.n_features_in_ = X.shape[1]
        self.rules_, self.errors_ = [], []
        for j in range(X.shape[1]):
            rule, errors = {}, 0
            for v in sorted(set(X[:, j].tolist())):
                counts = _class_counts(y_enc[X[:, j] == v], K)
                rule[v] = int(np.argmax(counts))
                errors += int(counts.sum() - counts.max())
            self.rules_.append(rule)
            self.errors_.append(errors)
        self.feature_ = int(np.argmin(self.errors_))
        self.default_ = int(np.argmax(_class_counts(y_enc, K)))
        return self

    def predict(self, X) -> np.ndarray:
        check_is_fitted(self, "rules_")
        X, _, _ = check_table(X, None, self.feature_names_)
        rule = self.rules_[self.feature_]
        return self.classes_[[rule.get(v, self.default_) for v in X[:, self.feature_]]]

    def describe(self) -> list[str]:
        """The chosen rule as lines "outlook = sunny -> no"."""
        check_is_fitted(self, "rules_")
        name = self.feature_names_[self.feature_]
        return [f"{name} = {v} -> {self.classes_[k]}" for v, k in self.rules_[self.feature_].items()]
