"""Instance-based classifiers: k nearest neighbours and learning with prototypes."""

from ._knn import KNeighborsClassifier
from ._prototype import PrototypeClassifier

__all__ = ['KNeighborsClassifier', 'PrototypeClassifier']
