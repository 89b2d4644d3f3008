"""Ensembles: bagging, random forests, extra-trees and AdaBoost."""

from ._adaboost import AdaBoostClassifier
from ._bagging import BaggingClassifier
from ._forest import ExtraTreesClassifier, RandomForestClassifier

__all__ = ['AdaBoostClassifier', 'BaggingClassifier', 'RandomForestClassifier', 'ExtraTreesClassifier']
