"""Weighted accuracy, balanced accuracy and the cost matrix; the lecture's 9990 : 10 example."""

import numpy as np
import pytest
from sklearn import metrics as skm

from mlcore import ValidationError
from mlcore.metrics import (
    accuracy_score,
    balanced_accuracy_score,
    cost_sensitive_loss,
    precision_recall_f1,
    weighted_accuracy,
)


def test_majority_class_9990_to_10():
    y_true = np.array([0] * 9990 + [1] * 10)
    always_0 = np.zeros(10000, dtype=int)
    always_1 = np.ones(10000, dtype=int)
    assert accuracy_score(y_true, always_0) == 0.999
    _, recall, _ = precision_recall_f1(y_true, always_0)
    assert recall[1] == 0.0
    assert balanced_accuracy_score(y_true, always_0) == 0.5
    cost = [[0, 1], [1000, 0]]  # a missed class-1 point costs 1000, a false alarm 1
    assert cost_sensitive_loss(y_true, always_0, cost) == 1.0
    assert cost_sensitive_loss(y_true, always_1, cost) == 0.999


@pytest.mark.parametrize("seed", range(4))
def test_sample_weight_and_balanced_equal_sklearn(seed):
    rng = np.random.default_rng(seed)
    y_true = rng.choice(["a", "b", "c"], size=50, p=[0.6, 0.3, 0.1])
    y_pred = rng.choice(["a", "b", "c"], size=50)
    w = rng.uniform(0, 3, size=50)
    assert accuracy_score(y_true, y_pred, sample_weight=w) == pytest.approx(
        skm.accuracy_score(y_true, y_pred, sample_weight=w), rel=1e-12)  # one weighted mean: rounding only
    assert balanced_accuracy_score(y_true, y_pred) == pytest.approx(
        skm.balanced_accuracy_score(y_true, y_pred), rel=1e-12)


def test_weighted_accuracy_class_weights():
    y_true = np.array([0, 0, 0, 1])
    y_pred = np.array([0, 0, 0, 0])
    # weights 1 and 3: correct weight 3 of total 6
    assert weighted_accuracy(y_true, y_pred, {0: 1, 1: 3}) == 0.5
    with pytest.raises(ValidationError, match="no weight for class 1"):
        weighted_accuracy(y_true, y_pred, {0: 1})


def test_cost_matrix_checks():
    with pytest.raises(ValidationError, match="2x2"):
        cost_sensitive_loss([0, 1], [1, 1], [[0, 1, 2]])
    with pytest.raises(ValidationError, match="not all 0"):
        accuracy_score([0, 1], [0, 1], sample_weight=[0, 0])
