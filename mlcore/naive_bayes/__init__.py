"""Naive Bayes: Gaussian for numbers, categorical for tables."""

from ._naive_bayes import CategoricalNB, GaussianNB

__all__ = ['GaussianNB', 'CategoricalNB']
