"""Node impurity: how mixed the classes in a node are.

Every function takes (weighted) class counts along the last axis, so one call
scores a single node, all the candidate splits of a feature, or a whole level of
a tree. With p_k = n_k / sum_j n_j:

* misclassification  1 - max_k p_k            (at most 1 - 1/K)
* Gini               1 - sum_k p_k^2          (at most 1 - 1/K)
* entropy            -sum_k p_k log2 p_k      (at most log2 K; 0 log 0 = 0)

A node with no weight at all has impurity 0 (nothing is mixed).
"""

from __future__ import annotations

import numpy as np

CRITERIA = ("gini", "entropy", "misclassification")


def _proportions(counts) -> tuple[np.ndarray, np.ndarray]:
    c = np.asarray(counts, dtype=np.float64)
    total = c.sum(axis=-1, keepdims=True)
    # An empty node divides by 1 instead of 0: its proportions are all 0.
    p = c / np.where(total > 0, total, 1.0)
    return p, total[..., 0]


def gini(counts) -> np.ndarray:
    """Gini index 1 - sum_k p_k^2 of each row of class counts."""
    p, total = _proportions(counts)
    return np.where(total > 0, 1.0 - np.sum(p * p, axis=-1), 0.0)


def entropy(counts) -> np.ndarray:
    """Shannon entropy -sum_k p_k log2 p_k (bits) of each row of class counts."""
    p, _ = _proportions(counts)
    # log2 of 1 is 0, so empty classes add exactly 0 and never warn.
    return -np.sum(p * np.log2(np.where(p > 0, p, 1.0)), axis=-1) + 0.0


def misclassification(counts) -> np.ndarray:
    """Misclassification error 1 - max_k p_k of each row of class counts."""
    p, total = _proportions(counts)
    return np.where(total > 0, 1.0 - p.max(axis=-1), 0.0)


IMPURITY = {"gini": gini, "entropy": entropy, "misclassification": misclassification}


def impurity(counts, criterion: str = "gini") -> np.ndarray:
    """Impurity of each row of counts under ``criterion`` (gini / entropy / misclassification)."""
    return IMPURITY[criterion](counts)


def max_impurity(criterion: str, n_classes: int) -> float:
    """Upper bound with K classes, reached by the uniform node: 1 - 1/K, 1 - 1/K or log2 K."""
    if criterion == "entropy":
        return float(np.log2(n_classes))
    return 1.0 - 1.0 / n_classes


def split_entropy(child_weights) -> np.ndarray:
    """Split information H_A(S) = -sum_j |S_j|/|S| log2 |S_j|/|S| (the gain-ratio denominator)."""
    return entropy(child_weights)


def impurity_decrease(parent_counts, child_counts, criterion: str = "gini") -> float:
    """Gain of a split: I(S) - sum_j |S_j|/|S| I(S_j).

    ``child_counts`` is (children, K); with ``criterion="entropy"`` this is the
    information gain of ID3.
    """
    parent = np.asarray(parent_counts, dtype=np.float64)
    children = np.asarray(child_counts, dtype=np.float64)
    total = parent.sum()
    if total <= 0:
        return 0.0
    weights = children.sum(axis=-1) / total
    return float(impurity(parent, criterion) - np.sum(weights * impurity(children, criterion)))


def gain_ratio(parent_counts, child_counts, criterion: str = "entropy") -> float:
    """Gain / split information; 0 when the split puts everything in one child."""
    children = np.asarray(child_counts, dtype=np.float64)
    info = float(split_entropy(children.sum(axis=-1)))
    if info <= 0:
        return 0.0
    return impurity_decrease(parent_counts, children, criterion) / info
