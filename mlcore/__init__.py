"""mlcore: classical classifiers written from scratch with numpy only."""

from .adaboost import AdaBoostClassifier
from .bagging import BaggingClassifier
from .base import BaseEstimator, ClassifierMixin, NotFittedError, ValidationError, check_is_fitted, clone
from .forest import ExtraTreesClassifier, RandomForestClassifier
from .knn import KNeighborsClassifier
from .least_squares import LeastSquaresClassifier
from .logistic import LogisticRegression
from .naive_bayes import CategoricalNB, GaussianNB
from .perceptron import Perceptron
from .prototype import PrototypeClassifier
from .registry import MODELS
from .specs import ModelSpec, ParamSpec
from .tree import DecisionTreeClassifier

__all__ = [
    "BaseEstimator", "ClassifierMixin", "NotFittedError", "ValidationError",
    "check_is_fitted", "clone", "MODELS", "ModelSpec", "ParamSpec",
    "KNeighborsClassifier", "PrototypeClassifier", "GaussianNB", "CategoricalNB",
    "Perceptron", "LeastSquaresClassifier", "LogisticRegression",
    "DecisionTreeClassifier",
    "BaggingClassifier", "RandomForestClassifier", "ExtraTreesClassifier", "AdaBoostClassifier",
]
