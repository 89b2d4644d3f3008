"""Scores of a classifier's predictions; kernels live in :mod:`mlcore.metrics.pairwise`."""

from ._classification import accuracy, classification_report, confusion_matrix, precision_recall_f1
from ._weighted import accuracy_score, balanced_accuracy_score, cost_sensitive_loss, weighted_accuracy

__all__ = ['accuracy', 'confusion_matrix', 'precision_recall_f1', 'classification_report',
           'accuracy_score', 'weighted_accuracy', 'balanced_accuracy_score', 'cost_sensitive_loss']
