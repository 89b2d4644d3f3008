""""What you see": the chart read for a student (``ui.core.guide.see`` draws a ``Reading``).

Pure rules, no Streamlit, each unit-tested (tests/test_reading*.py): ``regime`` holds the regime of
a fitted model (overfitting, underfitting, fine, from cross-validation against reference models)
and the setting that drives it; the others hold each page's own rules, built on it.
"""

from ui.reading.bias_variance import TIE_SE, bias_variance_reading  # noqa: F401
from ui.reading.model_pages import (  # noqa: F401
    LARGE_RATE,
    MANY_SUPPORT,
    STUCK_LOSS,
    nn_reading,
    perceptron_reading,
    svm_reading,
    tree_reading,
)
from ui.reading.regime import (  # noqa: F401
    GAP,
    KNOBS,
    MIN_POINTS,
    SHORT,
    STRAIGHT,
    Knob,
    Reading,
    Scores,
    cap,
    fit_reading,
    knob,
    pct,
    regime,
    value_text,
)
from ui.reading.selection_pages import (  # noqa: F401
    FLAT,
    RISING,
    SLOW,
    WIDE,
    bayes_error_reading,
    bounds_reading,
    compare_reading,
    cv_reading,
    features_reading,
    learning_reading,
    pac_reading,
    rademacher_reading,
    search_reading,
    validation_reading,
)
from ui.reading.vote_and_table_pages import (  # noqa: F401
    CLOSE_GAIN,
    DROP,
    LEVEL,
    LOST,
    ClassRegion,
    Members,
    Split,
    Strategy,
    bayes_reading,
    ensemble_reading,
    id3_reading,
    multiclass_reading,
)
