"""Accuracy with weights, and the cost of mistakes when mistakes differ in cost.

* ``accuracy_score(y_true, y_pred, sample_weight=w)`` = sum_i w_i [y_pred_i = y_true_i] / sum_i w_i
  (plain accuracy when every w_i = 1; scikit-learn's name and meaning).
* ``weighted_accuracy(y_true, y_pred, class_weight)``: the same with w_i = class_weight[y_true_i],
  so a mistake on a class of weight 10 counts ten times. ``class_weight="balanced"`` gives
  w_c = n / (K n_c): every class weighs the same in total, and the result is the
  ``balanced_accuracy_score``, the mean over classes of the recall TP_c / (TP_c + FN_c).
* ``cost_sensitive_loss(y_true, y_pred, cost_matrix)`` = (1/n) sum_i C[y_true_i, y_pred_i]
  = (1/n) sum_{a,b} C[a, b] N[a, b], with N the confusion matrix: C[a, b] is the cost of
  predicting class b for a point of class a (0 on the diagonal in the usual case).

The lecture's example: 9990 points of class 0 and 10 of class 1. Always predicting 0 has
accuracy 0.999, balanced accuracy 0.5 and recall 0 on class 1; with a cost of 1 for a false
alarm and 1000 for a missed class-1 point, its mean cost is 10 * 1000 / 10000 = 1.0, while
always predicting 1 costs 9990 / 10000 = 0.999.
"""

from __future__ import annotations

import numpy as np

from ..base import ValidationError
from ._classification import _label_list, _labels_pair, confusion_matrix

__all__ = ["accuracy_score", "weighted_accuracy", "balanced_accuracy_score", "cost_sensitive_loss"]


def accuracy_score(y_true, y_pred, *, sample_weight=None) -> float:
    """sum_i w_i [y_pred_i = y_true_i] / sum_i w_i; every w_i = 1 without ``sample_weight``."""
    y_true, y_pred = _labels_pair(y_true, y_pred)
    correct = y_true == y_pred
    if sample_weight is None:
        return float(np.mean(correct))
    weight = np.asarray(sample_weight, dtype=np.float64)
    if weight.shape != correct.shape:
        raise ValidationError(f"sample_weight has {weight.size} values but there are {correct.size} labels")
    if not np.all(np.isfinite(weight)) or np.any(weight < 0) or weight.sum() <= 0:
        raise ValidationError("sample_weight must be finite, non-negative and not all 0")
    return float(np.sum(weight * correct) / np.sum(weight))


def weighted_accuracy(y_true, y_pred, class_weight="balanced") -> float:
    """Accuracy where each point weighs ``class_weight[its true class]``.

    ``class_weight``: a dict {label: weight}, or "balanced" for w_c = n / (K n_c) (K classes
    in ``y_true``, n_c of them labelled c), which makes it the balanced accuracy.
    """
    y_true, y_pred = _labels_pair(y_true, y_pred)
    classes, counts = np.unique(y_true, return_counts=True)
    if isinstance(class_weight, str):
        if class_weight != "balanced":
            raise ValidationError(f"class_weight={class_weight!r} must be 'balanced' or a dict {{label: weight}}")
        weight_of = dict(zip(classes.tolist(), (y_true.size / (classes.size * counts)).tolist(), strict=True))
    elif isinstance(class_weight, dict):
        missing = [c for c in classes.tolist() if c not in class_weight]
        if missing:
            raise ValidationError(f"class_weight has no weight for class {missing[0]!r}")
        weight_of = class_weight
    else:
        raise ValidationError("class_weight must be 'balanced' or a dict {label: weight}")
    weights = np.array([weight_of[c] for c in y_true.tolist()], dtype=np.float64)
    return accuracy_score(y_true, y_pred, sample_weight=weights)


def balanced_accuracy_score(y_true, y_pred) -> float:
    """(1/K) sum_c TP_c / (TP_c + FN_c): the recall averaged over the K classes present in ``y_true``.

    Equal to ``weighted_accuracy(y_true, y_pred, "balanced")``; computed from the recalls directly.
    """
    y_true, y_pred = _labels_pair(y_true, y_pred)
    classes = np.unique(y_true)
    return float(np.mean([np.mean(y_pred[y_true == c] == c) for c in classes]))


def cost_sensitive_loss(y_true, y_pred, cost_matrix, labels=None) -> float:
    """Mean cost (1/n) sum_i C[y_true_i, y_pred_i]; rows of C are true classes, columns predicted.

    ``labels`` orders C's rows and columns (default: the sorted union of the labels); every
    label that occurs must be among them.
    """
    y_true, y_pred = _labels_pair(y_true, y_pred)
    labels = _label_list(y_true, y_pred, labels)
    cost = np.asarray(cost_matrix, dtype=np.float64)
    if cost.shape != (labels.size, labels.size):
        raise ValidationError(
            f"the cost matrix must be {labels.size}x{labels.size} (one row and column per class "
            f"{', '.join(map(str, labels.tolist()))}); got shape {cost.shape}"
        )
    if not np.all(np.isfinite(cost)):
        raise ValidationError("the cost matrix contains NaN or infinite values")
    if not (np.isin(y_true, labels).all() and np.isin(y_pred, labels).all()):
        raise ValidationError("a label in y_true or y_pred is not among the cost matrix's labels")
    counts = confusion_matrix(y_true, y_pred, labels=labels)
    return float(np.sum(cost * counts) / y_true.size)
