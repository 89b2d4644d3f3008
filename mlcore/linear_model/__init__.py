"""Linear classifiers: perceptron (primal and kernel), least squares, logistic regression."""

from ._kernel_perceptron import KernelPerceptron
from ._least_squares import LeastSquaresClassifier
from ._logistic import LogisticRegression
from ._margins import geometric_margins, hyperplane_margins
from ._mistake_bound import MistakeBounds, mistake_bounds
from ._perceptron import Perceptron
from ._perceptron_replay import PerceptronReplay, Step, pocket_curve

__all__ = ['LeastSquaresClassifier', 'LogisticRegression', 'Perceptron', 'KernelPerceptron',
           'PerceptronReplay', 'Step', 'pocket_curve', 'MistakeBounds', 'mistake_bounds',
           'geometric_margins', 'hyperplane_margins']
