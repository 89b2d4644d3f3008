"""The readings of the model-selection, theory and features pages (ui.reading, their section):
each computed from the page's own results, so each changes with them."""

import math

import pytest

from ui import reading
from ui.core.guide import PAGES


def shown(v) -> str:
    return f"{v:g}" if isinstance(v, float) else str(v)


def all_pages_exist(r):
    assert set(r.pages) <= set(PAGES)


# --- learning curves -------------------------------------------------------------------------------

def test_a_learning_curve_still_rising_says_more_data_would_help():
    r = reading.learning_reading("high variance", 0.97, 0.88, 0.9, [10, 20, 40, 80], [0.6, 0.7, 0.8, 0.88])
    assert r.regime == "overfitting" and "**high variance**" in r.text
    assert "a gap of 9 points" in r.text and "more data would help" in r.text
    all_pages_exist(r)


def test_a_slowly_rising_learning_curve_says_more_data_would_help_a_little():
    r = reading.learning_reading("high variance", 0.97, 0.90, 0.9, [10, 20, 40, 80], [0.6, 0.7, 0.88, 0.90])
    assert "rises slowly (2 points" in r.text and "help a little" in r.text


def test_a_levelled_learning_curve_says_more_data_will_help_little():
    r = reading.learning_reading("high variance", 1.0, 0.85, 0.9, [10, 20, 40, 80], [0.7, 0.85, 0.85, 0.85])
    assert "levelled off" in r.text and "more data would help" not in r.text


def test_high_bias_says_more_data_will_not_lift_the_training_curve():
    r = reading.learning_reading("high bias", 0.84, 0.84, 0.9, [10, 20, 40, 80], [0.80, 0.84, 0.84, 0.84])
    assert r.regime == "underfitting" and "below the 90% target" in r.text
    assert "More data will not lift" in r.text


def test_a_fine_learning_curve_names_the_target_and_the_gap():
    r = reading.learning_reading("fine", 0.93, 0.91, 0.9, [10, 20], [0.8, 0.91])
    assert r.regime == "fine" and "within 2 points" in r.text


# --- validation curve ------------------------------------------------------------------------------

KS = [1, 5, 25, 50]
TRAIN = [1.0, 0.93, 0.88, 0.75]
VALID = [0.82, 0.90, 0.87, 0.74]


@pytest.mark.parametrize(("current", "regime", "said"), [
    (0, "overfitting", "**overfitting**"),     # training higher than at the peak, validation lower
    (3, "underfitting", "**underfitting**"),   # lower on both
    (1, "fine", "the value shown on the right"),
    (2, "fine", "close to the peak"),          # within 5 points of the peak
])
def test_the_validation_reading_places_the_current_value_against_the_peak(current, regime, said):
    r = reading.validation_reading("k", KS, TRAIN, VALID, current, shown)
    assert r.regime == regime and said in r.text
    assert "peaks at k = 5 (90%)" in r.text
    if regime in ("overfitting", "underfitting"):
        assert "Move k towards 5" in r.text
    all_pages_exist(r)


def test_at_the_peak_the_validation_reading_names_both_sides():
    r = reading.validation_reading("k", KS, TRAIN, VALID, 1, shown)
    assert "At k = 1 it overfits (training 18 points above validation)" in r.text
    assert "at k = 50 it underfits (validation 16 points below the peak)" in r.text


def test_a_value_off_the_curve_or_no_scores_say_only_what_is_known():
    assert reading.validation_reading("k", KS, TRAIN, VALID, -1, shown).sentences == (
        "Validation accuracy peaks at k = 5 (90%).",)
    assert reading.validation_reading("k", KS, TRAIN, [math.nan] * 4, 0, shown).sentences == ()


# --- cross-validation --------------------------------------------------------------------------------

def test_the_cv_reading_compares_the_fold_spread_with_the_test_accuracy():
    r = reading.cv_reading([0.96, 0.86, 0.93, 0.96, 0.93], 0.883)
    assert "from 86% to 96%" in r.text and "88%, within that spread" in r.text
    assert "A spread of 10 points" in r.text and "could mislead" in r.text
    steady = reading.cv_reading([0.90, 0.91, 0.92], 0.80)
    assert "outside that spread" in steady.text and "agree within 2 points" in steady.text
    all_pages_exist(r)


def test_leave_one_out_is_read_as_right_or_wrong_and_failed_fits_are_left_out():
    r = reading.cv_reading([1.0, 0.0, 1.0, 1.0, math.nan], 0.9, "loo")
    assert "4 fits" in r.text and "75% right" in r.text and "0 or 1" in r.text
    assert reading.cv_reading([math.nan], 0.9).sentences == ()


# --- search ---------------------------------------------------------------------------------------------

def test_the_search_reading_names_the_best_cell_the_contrast_and_the_test():
    r = reading.search_reading("C = 1, gamma = 5", 0.943, 0.664, 0.943, 0.917, 0.943)
    assert "Best cell: C = 1, gamma = 5, CV 94%" in r.text
    assert "from 66% to 94%: these settings matter" in r.text
    assert "as good as the grid's" in r.text and "flatters" in r.text
    flat = reading.search_reading("k = 5, weights = uniform", 1.0, 0.99, 1.0, 1.0, 0.97)
    assert "The grid is flat" in flat.text and "3 points below" in flat.text and "flatters" not in flat.text
    all_pages_exist(r)


# --- compare --------------------------------------------------------------------------------------------

LABELS = {"knn": "kNN", "logistic": "Logistic regression", "svm": "SVM", "tree": "tree"}


def test_the_compare_reading_blames_a_straight_boundary_when_it_is_the_worst():
    r = reading.compare_reading({"knn": 0.99, "logistic": 0.45, "svm": 0.99, "tree": 0.97}, LABELS)
    assert r.text.startswith("Best: kNN (99%); worst: Logistic regression (45%)")
    assert "straight line" in r.text and "(Logistic regression)" in r.text
    all_pages_exist(r)


def test_the_compare_reading_says_when_every_model_is_alike_or_the_worst_bends():
    alike = reading.compare_reading({"knn": 0.93, "logistic": 0.92, "svm": 0.92}, LABELS)
    assert "within a few points" in alike.text
    bends = reading.compare_reading({"knn": 0.95, "tree": 0.80, "svm": 0.93}, LABELS)
    assert "A gap of 15 points" in bends.text and "straight" not in bends.text
    assert reading.compare_reading({"knn": 0.9}, LABELS).sentences == ()


# --- learning theory --------------------------------------------------------------------------------------

def test_the_bounds_reading_says_where_the_vc_bound_is_vacuous_and_how_loose_it_is():
    r = reading.bounds_reading([10, 20, 50, 2000], [0.19, 0.17, 0.15, 0.13], [1.7, 1.3, 0.98, 0.31])
    assert "up to m = 20" in r.text and "At m = 2000 it is 0.31: 2.4 times the test error of 0.13" in r.text
    assert "below 1 at every m" in reading.bounds_reading([100], [0.1], [0.8]).text
    all_pages_exist(r)


def test_the_pac_reading_computes_what_halving_epsilon_and_delta_cost():
    r = reading.pac_reading(0.1, 0.05, 6)
    # (ln 3^6 + ln 20) / 0.1 = 95.9 -> 96; / 0.05 -> 192; δ = 0.025: (6.59 + 3.69) / 0.1 = 102.8 -> 103
    assert "m = 96" in r.text and "doubles it to 192" in r.text and "adds only 7" in r.text
    # one more attribute: (7 ln 3 + ln 20) / 0.1 = 106.9 -> 107, 11 more
    assert "one more attribute 11" in r.text


# --- features ----------------------------------------------------------------------------------------------

def test_the_features_reading_names_the_models_that_moved_and_the_one_that_did_not():
    r = reading.features_reading({"knn": 20, "svm": 6, "tree": 0}, {"knn": "kNN", "svm": "SVM", "tree": "tree"},
                                 "x2 × 10", 140)
    assert "of the 140 training predictions these changed: kNN 20, SVM 6." in r.text
    assert r.text.count("The tree did not move") == 1
    both = reading.features_reading({"knn": 6, "svm": 0, "tree": 0}, {"knn": "kNN", "svm": "SVM", "tree": "tree"},
                                    "x2 × 5", 140)
    assert "The tree did not move" in both.text and "SVM kept every training prediction" in both.text
    none = reading.features_reading({"knn": 0, "tree": 0}, {"knn": "kNN", "tree": "tree"}, "x2 × 1", 140)
    assert "no model changed" in none.text
    all_pages_exist(r)


def test_the_rademacher_reading_spans_the_capacities_and_names_those_that_fit_anything():
    r = reading.rademacher_reading(100, {"kNN, k = 25": 0.09, "kNN, k = 3": 0.24, "kNN, k = 1": 0.5,
                                         "kNN, k = 50": math.nan})
    assert "At m = 100: R̂ runs from 0.09 (kNN, k = 25) to 0.50 (kNN, k = 1)" in r.text
    assert "kNN, k = 1 fits any labeling" in r.text
    assert "No capacity" in reading.rademacher_reading(50, {"tree, depth 1": 0.1}).text
    assert reading.rademacher_reading(50, {"x": math.nan}).sentences == ()


def test_the_bayes_reading_splits_the_excess_and_names_the_larger_part():
    r = reading.bayes_error_reading("kNN", 0.0388, 0.0534, 0.0116, 0.0030)
    assert "3.9% of new points" in r.text and "kNN errs on 5.3%, 1.5 points more" in r.text
    assert "+1.2 points come from the sample" in r.text and "most of it is the small sample" in r.text
    assert "about equal" in reading.bayes_error_reading("kNN", 0.0388, 0.0534, 0.0074, 0.0072).text
    other = reading.bayes_error_reading("LR", 0.04, 0.10, 0.01, 0.05)
    assert "most of it is the model's class" in other.text
