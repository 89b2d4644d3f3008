"""Decision trees: CART (fast, and a recursive reference to read), its impurity measures,
reduced-error pruning, ID3 and the 1-rule."""

from ._classes import DecisionTreeClassifier, Tree
from ._id3 import Candidate, ID3Classifier, ID3Node, OneRuleClassifier, check_table
from ._impurity import (
    CRITERIA,
    entropy,
    gain_ratio,
    gini,
    impurity,
    impurity_decrease,
    max_impurity,
    misclassification,
    split_entropy,
)
from ._pruning import (
    PruneStep,
    PruningPath,
    cut_at_depth,
    prune_tree,
    pruned_model,
    reduced_error_prune,
    stump,
)
from ._reference import build_reference_tree

__all__ = ['DecisionTreeClassifier', 'Tree', 'build_reference_tree',
           'CRITERIA', 'gini', 'entropy', 'misclassification', 'impurity', 'max_impurity', 'split_entropy',
           'impurity_decrease', 'gain_ratio',
           'PruneStep', 'PruningPath', 'reduced_error_prune', 'prune_tree', 'pruned_model', 'cut_at_depth', 'stump',
           'ID3Classifier', 'ID3Node', 'Candidate', 'OneRuleClassifier', 'check_table']
