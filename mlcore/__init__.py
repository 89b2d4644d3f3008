"""mlcore: classical classifiers written from scratch with numpy only.

Organised by family as scikit-learn is: ``mlcore.neighbors``, ``mlcore.linear_model``,
``mlcore.svm``, ``mlcore.naive_bayes``, ``mlcore.tree``, ``mlcore.ensemble``,
``mlcore.datasets``, with the estimator contract in ``mlcore.base`` and scores in
``mlcore.metrics``. Import a model from its family:
``from mlcore.tree import DecisionTreeClassifier``.
"""

from .base import BaseEstimator, ClassifierMixin, NotFittedError, ValidationError, check_is_fitted, clone

__all__ = ["BaseEstimator", "ClassifierMixin", "NotFittedError", "ValidationError", "check_is_fitted", "clone"]
