"""Support vector machines: SMO in the dual (any kernel) and Pegasos in the primal."""

from ._classes import SVC
from ._sgd_svm import LinearSVMSGD, primal_objective

__all__ = ['SVC', 'LinearSVMSGD', 'primal_objective']
