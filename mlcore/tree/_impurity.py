"""Node impurity: how mixed the classes in a node are.

Every function takes (weighted) class counts along the last axis, so one call
scores a single node, all the candidate splits of a feature, or a whole level of
a tree. With p_k = n_k / sum_j n_j:

* misclassification  1 - max_k p_k            (at most 1 - 1/K)
* Gini               1 - sum_k p_k^2          (at most 1 - 1/K)
* entropy            -sum_k p_k log2 p_k      (at most log2 K; 0 log 0 = 0)

A node with no weight at all has impurity 0 (nothing is mixed).

The tree grower (``mlcore.tree._grower``) scores candidate splits with the
functions at the end of this module. A split of a node with class weights N
(total W) into children with class weights L and R (totals w_L, w_R) leaves the
children's weighted impurity

    w_L I(L) + w_R I(R)

and the best split minimises it, which is the same as maximising the impurity
decrease W I(N) - w_L I(L) - w_R I(R). Written with counts instead of
proportions it needs no division per class:

* Gini            w_L G(L) + w_R G(R) = W - (sum_k L_k^2 / w_L + sum_k R_k^2 / w_R)
* entropy (bits)  w H(c) = w log2 w - sum_k c_k log2 c_k
* misclassification  w_L - max_k L_k + w_R - max_k R_k
"""

from __future__ import annotations

import numpy as np

CRITERIA = ("gini", "entropy", "misclassification")


def xlog2x(a) -> np.ndarray:
    """a log2 a elementwise, with 0 log2 0 = 0 (and no warning)."""
    a = np.asarray(a, dtype=np.float64)
    return a * np.log2(np.where(a > 0, a, 1.0))


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
    return -np.sum(xlog2x(p), axis=-1) + 0.0


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


# ---------------------------------------------------------------- split scores
# L and R are sequences of K arrays (class k's weight in the left / right child of
# every candidate split); wl, wr the children's total weights, W the node's.


def children_impurity(L, R, wl, wr, W, criterion: str) -> np.ndarray:
    """w_L I(L) + w_R I(R) of every candidate split (smaller is better), in the count
    forms of the module docstring."""
    if criterion == "gini":
        return W - (_sum_of_squares(L) / wl + _sum_of_squares(R) / wr)
    if criterion == "entropy":
        return xlog2x(wl) - _sum_xlog2x(L) + xlog2x(wr) - _sum_xlog2x(R)
    return wl - _largest(L) + wr - _largest(R)


def weighted_split_information(wl, wr, W) -> np.ndarray:
    """W H(w_L / W, w_R / W) = W log2 W - w_L log2 w_L - w_R log2 w_R (C4.5's split
    information times W; the gain ratio is the impurity decrease over it)."""
    return xlog2x(W) - xlog2x(wl) - xlog2x(wr)


def _sum_of_squares(C) -> np.ndarray:
    out = C[0] * C[0]
    for c in C[1:]:
        out += c * c
    return out


def _sum_xlog2x(C) -> np.ndarray:
    out = xlog2x(C[0])
    for c in C[1:]:
        out += xlog2x(c)
    return out


def _largest(C) -> np.ndarray:
    out = np.array(C[0], dtype=np.float64)
    for c in C[1:]:
        np.maximum(out, c, out=out)
    return out
