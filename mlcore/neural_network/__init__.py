"""Neural networks: the multi-layer perceptron trained by back-propagation, and the
perceptrons-as-logic-gates of the lecture notes (``GATES``, ``xor_network``)."""

from ._gates import GATES, Gate, perceptron_output, step, xor_network
from ._multilayer_perceptron import MLPClassifier

__all__ = ["MLPClassifier", "GATES", "Gate", "perceptron_output", "step", "xor_network"]
