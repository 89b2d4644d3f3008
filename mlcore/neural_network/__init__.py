"""Neural networks: the multi-layer perceptron trained by back-propagation."""

from ._multilayer_perceptron import MLPClassifier

__all__ = ["MLPClassifier"]
