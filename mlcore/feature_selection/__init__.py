"""Feature selection: filters (score each feature alone), wrappers (search subsets by CV score),
the embedded ℓ1 path, and how stable a selection is over bootstrap samples.

Costs for d features: exhaustive search scores 2^d − 1 subsets; forward selection adds one
feature per step, trying every remaining one (d + (d − 1) + ... : O(Kd) fits to reach K
features); backward elimination removes one per step from all d (O(d²) fits to reach one).
"""

from ._filters import SelectKBest, mutual_info_scores, pearson_scores, stump_scores
from ._l1 import logistic_l1_path
from ._sequential import SequentialFeatureSelector, exhaustive_subsets
from ._stability import selection_stability

__all__ = ["pearson_scores", "mutual_info_scores", "stump_scores", "SelectKBest", "SequentialFeatureSelector",
           "exhaustive_subsets", "logistic_l1_path", "selection_stability"]
