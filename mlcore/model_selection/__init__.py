"""Model selection: splitters, cross-validation and learning / validation curves (scikit-learn's names)."""

from ._diagnosis import Regime, fold_mean_sd, learning_curve_regime
from ._split import Bootstrap, KFold, LeaveOneOut, ShuffleSplit, StratifiedKFold, check_cv
from ._validation import cross_val_score, cross_validate, get_scorer, learning_curve, validation_curve

__all__ = [
    "KFold", "StratifiedKFold", "LeaveOneOut", "ShuffleSplit", "Bootstrap", "check_cv",
    "cross_validate", "cross_val_score", "get_scorer", "learning_curve", "validation_curve",
    "Regime", "fold_mean_sd", "learning_curve_regime",
]

# Search, nested cross-validation and the bias-variance decomposition (branch search).
from ._bias_variance import (  # noqa: E402
    BiasVariance,
    bias_variance_decomposition,
    bias_variance_from_samples,
    paired_loss_se,
)
from ._search import (  # noqa: E402
    GridSearchCV,
    NestedCV,
    ParameterGrid,
    ParameterSampler,
    RandomizedSearchCV,
    loguniform,
    nested_cross_val_score,
)

__all__ += ["ParameterGrid", "ParameterSampler", "GridSearchCV", "RandomizedSearchCV", "loguniform",
            "NestedCV", "nested_cross_val_score", "BiasVariance", "bias_variance_decomposition",
            "bias_variance_from_samples", "paired_loss_se"]
