"""Scores for a classifier's predictions.

For one class c, counting over all points (c is "positive", every other class "negative"):
TP = true c and predicted c, FP = predicted c but not c, FN = c but predicted otherwise,
TN = the rest.

* accuracy  = (TP + TN) / all, in general the fraction of points predicted correctly
* precision = TP / (TP + FP): of the points called c, how many are c
* recall    = TP / (TP + FN): of the points that are c, how many were found
* F1        = 2 r p / (r + p): the harmonic mean of precision and recall

Zero division: a ratio whose denominator is 0 (a class never predicted has no
precision, a class absent from ``y_true`` no recall) is defined as 0, like
scikit-learn's ``zero_division=0``; no result is ever NaN.

Why more than accuracy: with 9990 points of class a and 10 of class b, always
predicting a is 99.9% accurate and its recall for b is 0.
"""

from __future__ import annotations

import numpy as np

from ..base import ValidationError

__all__ = ["accuracy", "confusion_matrix", "precision_recall_f1", "classification_report"]

AVERAGES = ("macro", "micro", "weighted")


def _same_kind(a: np.ndarray, b: np.ndarray) -> bool:
    """False when one array holds text labels and the other numbers (object arrays could be either)."""
    if "O" in (a.dtype.kind, b.dtype.kind):
        return True
    return (a.dtype.kind in "US") == (b.dtype.kind in "US")


def _labels_pair(y_true, y_pred):
    y_true = np.asarray(y_true)
    y_pred = np.asarray(y_pred)
    for name, y in (("y_true", y_true), ("y_pred", y_pred)):
        if y.ndim != 1:
            raise ValidationError(f"{name} must be 1-D: one label per point")
        if y.dtype.kind == "f" and not np.all(np.isfinite(y)):
            raise ValidationError(f"{name} contains NaN or infinite labels")
    if y_true.shape[0] != y_pred.shape[0]:
        raise ValidationError(f"y_true has {y_true.shape[0]} labels but y_pred has {y_pred.shape[0]}")
    if y_true.shape[0] == 0:
        raise ValidationError("there are no labels to score")
    if not _same_kind(y_true, y_pred):
        raise ValidationError("y_true and y_pred must both hold numbers or both hold text labels, not one of each")
    return y_true, y_pred


def _label_list(y_true, y_pred, labels):
    if labels is None:
        try:
            return np.unique(np.concatenate([y_true, y_pred]))
        except TypeError:
            raise ValidationError("labels must be all numbers or all strings, not a mix") from None
    labels = np.asarray(labels)
    if labels.ndim != 1 or labels.size == 0:
        raise ValidationError("labels must be a non-empty list of class labels")
    if len(set(labels.tolist())) != labels.size:
        raise ValidationError("labels must not repeat a class")
    if not _same_kind(labels, y_true):
        raise ValidationError("labels and y_true must both hold numbers or both hold text labels")
    if not (np.isin(labels, y_true).any() or np.isin(labels, y_pred).any()):
        raise ValidationError("none of the given labels occurs in y_true or y_pred")
    return labels


def _counts(y_true, y_pred, labels):
    """Per label: TP, the number predicted as that label, the number truly that label."""
    tp = np.array([np.sum((y_true == c) & (y_pred == c)) for c in labels], dtype=np.int64)
    pred = np.array([np.sum(y_pred == c) for c in labels], dtype=np.int64)
    true = np.array([np.sum(y_true == c) for c in labels], dtype=np.int64)
    return tp, pred, true


def _ratio(num, den):
    """num / den, with 0 wherever den == 0."""
    num = np.asarray(num, dtype=np.float64)
    den = np.asarray(den, dtype=np.float64)
    out = np.zeros(np.broadcast(num, den).shape)
    np.divide(num, den, out=out, where=den > 0)
    return out


def _f1(p, r):
    """2 r p / (r + p), with 0 where r + p = 0."""
    return _ratio(2 * p * r, p + r)


def accuracy(y_true, y_pred) -> float:
    """Fraction of correct predictions: (1/n) sum_i [y_pred_i == y_true_i]; for two classes (TP + TN) / all."""
    y_true, y_pred = _labels_pair(y_true, y_pred)
    return float(np.mean(y_true == y_pred))


def confusion_matrix(y_true, y_pred, labels=None) -> np.ndarray:
    """``C[i, j]`` = number of points whose true label is ``labels[i]`` and predicted label ``labels[j]``.

    Rows are true classes, columns predicted ones; the diagonal holds the correct
    predictions. ``labels`` defaults to the sorted union of both label sets; points
    whose true or predicted label is not in ``labels`` are left out.
    """
    y_true, y_pred = _labels_pair(y_true, y_pred)
    labels = _label_list(y_true, y_pred, labels)
    k = labels.size
    index = {v: i for i, v in enumerate(labels.tolist())}
    ti = np.array([index.get(v, -1) for v in y_true.tolist()], dtype=np.int64)
    pi = np.array([index.get(v, -1) for v in y_pred.tolist()], dtype=np.int64)
    keep = (ti >= 0) & (pi >= 0)
    return np.bincount(ti[keep] * k + pi[keep], minlength=k * k).reshape(k, k).astype(np.int64)


def precision_recall_f1(y_true, y_pred, labels=None, average=None):
    """Return ``(precision, recall, f1)``: arrays per label, or floats when ``average`` is given.

    Per class c: precision_c = TP_c / (TP_c + FP_c), recall_c = TP_c / (TP_c + FN_c),
    F1_c = 2 r_c p_c / (r_c + p_c), each 0 when its denominator is 0.

    average:
      None       per-class arrays in the order of ``labels`` (default: sorted union).
      "macro"    the plain mean over classes: every class counts the same.
      "weighted" the mean weighted by support (the number of true points of each class).
      "micro"    pool the counts first: P = sum TP / sum (TP + FP), R = sum TP / sum (TP + FN),
                 F1 = 2 R P / (R + P). Over all classes this equals the accuracy.
    """
    if average is not None and average not in AVERAGES:
        raise ValidationError(f"average={average!r} must be None or one of {', '.join(AVERAGES)}")
    y_true, y_pred = _labels_pair(y_true, y_pred)
    labels = _label_list(y_true, y_pred, labels)
    tp, pred, true = _counts(y_true, y_pred, labels)
    if average == "micro":
        p = float(_ratio(tp.sum(), pred.sum()))
        r = float(_ratio(tp.sum(), true.sum()))
        return p, r, float(_f1(p, r))
    p, r = _ratio(tp, pred), _ratio(tp, true)
    f = _f1(p, r)
    if average is None:
        return p, r, f
    weights = np.ones(labels.size) if average == "macro" else true.astype(np.float64)
    if weights.sum() == 0:
        return 0.0, 0.0, 0.0
    return tuple(float(np.sum(weights * m) / weights.sum()) for m in (p, r, f))


def classification_report(y_true, y_pred, labels=None) -> dict:
    """Everything at once, as plain Python values ready for a table::

        {"per_class": {label: {"precision", "recall", "f1", "support"}, ...},
         "accuracy": float,
         "macro":    {"precision", "recall", "f1", "support"},
         "weighted": {"precision", "recall", "f1", "support"}}

    support = the number of points whose true label is that class (for the averages:
    the sum over ``labels``). Accuracy is over all points, whatever ``labels`` says.
    """
    y_true, y_pred = _labels_pair(y_true, y_pred)
    labels = _label_list(y_true, y_pred, labels)
    p, r, f = precision_recall_f1(y_true, y_pred, labels=labels)
    support = _counts(y_true, y_pred, labels)[2]
    per_class = {
        label: {"precision": float(p[i]), "recall": float(r[i]), "f1": float(f[i]), "support": int(support[i])}
        for i, label in enumerate(labels.tolist())
    }
    report = {"per_class": per_class, "accuracy": accuracy(y_true, y_pred)}
    for avg in ("macro", "weighted"):
        ap, ar, af = precision_recall_f1(y_true, y_pred, labels=labels, average=avg)
        report[avg] = {"precision": ap, "recall": ar, "f1": af, "support": int(support.sum())}
    return report
