"""Learning theory you can compute: PAC and VC bounds, shattering and the growth function,
empirical Rademacher complexity by random labels, and the Bayes classifier of known densities."""

from ._bayes import KNOWN_DENSITIES, BayesClassifier, excess_error
from ._bounds import conjunction_count, norm_bound, pac_epsilon, pac_sample_size, rademacher_bound, vc_bound
from ._known_bias_variance import generator_bias_variance, generator_samples
from ._rademacher import RademacherEstimate, empirical_rademacher
from ._reality import bounds_against_reality
from ._shattering import (
    MAX_POINTS,
    Intervals,
    Lines,
    Rectangles,
    Stumps,
    Trees,
    count_realisable,
    growth_function,
    labelings,
    realisable_labelings,
    shattered,
    vc_dimension_by_trying,
)

__all__ = ["pac_sample_size", "pac_epsilon", "conjunction_count", "vc_bound", "rademacher_bound", "norm_bound",
           "Lines", "Rectangles", "Intervals", "Stumps", "Trees", "labelings", "realisable_labelings",
           "shattered", "count_realisable", "growth_function", "vc_dimension_by_trying", "MAX_POINTS",
           "RademacherEstimate", "empirical_rademacher", "BayesClassifier", "KNOWN_DENSITIES", "excess_error",
           "bounds_against_reality", "generator_bias_variance",
           "generator_samples"]
