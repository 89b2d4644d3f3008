"""Scores of a classifier's predictions; kernels live in :mod:`mlcore.metrics.pairwise`."""

from ._classification import accuracy, classification_report, confusion_matrix, precision_recall_f1
from ._margin_losses import (
    MARGIN_LOSSES,
    exponential_margin_loss,
    hinge_margin_loss,
    logistic_margin_loss,
    squared_margin_loss,
    zero_one_margin_loss,
)
from ._weighted import accuracy_score, balanced_accuracy_score, cost_sensitive_loss, weighted_accuracy

__all__ = ['accuracy', 'confusion_matrix', 'precision_recall_f1', 'classification_report',
           'accuracy_score', 'weighted_accuracy', 'balanced_accuracy_score', 'cost_sensitive_loss',
           'zero_one_margin_loss', 'hinge_margin_loss', 'logistic_margin_loss', 'exponential_margin_loss',
           'squared_margin_loss', 'MARGIN_LOSSES']
