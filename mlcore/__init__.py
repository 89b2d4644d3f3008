"""mlcore: classical classifiers written from scratch with numpy only."""

from .adaboost import AdaBoostClassifier
from .bagging import BaggingClassifier
from .base import BaseEstimator, ClassifierMixin, NotFittedError, ValidationError, check_is_fitted, clone
from .forest import ExtraTreesClassifier, RandomForestClassifier
from .kernel_perceptron import KernelPerceptron
from .knn import KNeighborsClassifier
from .least_squares import LeastSquaresClassifier
from .logistic import LogisticRegression
from .naive_bayes import CategoricalNB, GaussianNB
from .perceptron import Perceptron
from .prototype import PrototypeClassifier
from .registry import MODELS
from .sgd_svm import LinearSVMSGD
from .specs import ModelSpec, ParamSpec
from .svm import SVC
from .tree import DecisionTreeClassifier

__all__ = [
    "BaseEstimator", "ClassifierMixin", "NotFittedError", "ValidationError",
    "check_is_fitted", "clone", "MODELS", "ModelSpec", "ParamSpec",
    "KNeighborsClassifier", "PrototypeClassifier", "GaussianNB", "CategoricalNB",
    "Perceptron", "LeastSquaresClassifier", "LogisticRegression",
    "DecisionTreeClassifier",
    "BaggingClassifier", "RandomForestClassifier", "ExtraTreesClassifier", "AdaBoostClassifier",
    "SVC", "LinearSVMSGD", "KernelPerceptron",
]
