"""Multi-class classification from two-class machines: one-vs-rest, one-vs-one, output codes.

scikit-learn's names and meanings: ``OneVsRestClassifier(estimator)``,
``OneVsOneClassifier(estimator)``, ``OutputCodeClassifier(estimator, code=..., random_state=...)``.
The codes and their Hamming geometry (``hamming_distances``, ``min_distance``) are exported too.
"""

from ._classes import OneVsOneClassifier, OneVsRestClassifier, OutputCodeClassifier, machine_scores
from ._codes import (
    NOTES_BITS,
    NOTES_CODE,
    check_code,
    errors_corrected,
    exhaustive_code,
    hamming_distances,
    min_distance,
    one_vs_all_code,
    parse_code,
    random_code,
)

__all__ = ["OneVsRestClassifier", "OneVsOneClassifier", "OutputCodeClassifier", "machine_scores",
           "NOTES_BITS", "NOTES_CODE", "check_code", "errors_corrected", "exhaustive_code",
           "hamming_distances", "min_distance", "one_vs_all_code", "parse_code", "random_code"]
