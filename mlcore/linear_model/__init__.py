"""Linear classifiers: perceptron (primal and kernel), least squares, logistic regression."""

from ._kernel_perceptron import KernelPerceptron
from ._least_squares import LeastSquaresClassifier
from ._logistic import LogisticRegression
from ._perceptron import Perceptron

__all__ = ['LeastSquaresClassifier', 'LogisticRegression', 'Perceptron', 'KernelPerceptron']
