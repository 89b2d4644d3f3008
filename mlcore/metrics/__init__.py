"""Scores of a classifier's predictions; kernels live in :mod:`mlcore.metrics.pairwise`."""

from ._classification import accuracy, classification_report, confusion_matrix, precision_recall_f1

__all__ = ['accuracy', 'confusion_matrix', 'precision_recall_f1', 'classification_report']
