"""Support vector machines: SMO in the dual (any kernel), Pegasos in the primal, and the linear
SVM, one-vs-rest or Crammer–Singer's multi-class machine (interior point, with its duality gap)."""

from ._classes import SVC
from ._crammer_singer import LinearSVC, crammer_singer_objective
from ._sgd_svm import LinearSVMSGD, primal_objective

__all__ = ['SVC', 'LinearSVC', 'LinearSVMSGD', 'crammer_singer_objective', 'primal_objective']
