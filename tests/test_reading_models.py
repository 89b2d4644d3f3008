"""The model pages' rules of "What you see" (ui.reading: svm_reading, tree_reading,
perceptron_reading, nn_reading), each on made-up scores that put it on one side of its threshold."""

import math

import pytest

from ui import reading
from ui.core.guide import PAGES
from ui.reading import GAP, LARGE_RATE, MANY_SUPPORT, SHORT, STUCK_LOSS, Scores


def scores(cv_train, cv_val, reference, n_train=140, train=None, test=None):
    return Scores(cv_train if train is None else train, cv_val if test is None else test, cv_train, cv_val,
                  reference, n_train)


OVER = scores(1.0, 1.0 - GAP - 0.2, 0.88)
UNDER = scores(0.7, 0.7, 0.7 + SHORT + 0.1)
FINE = scores(0.9, 0.88, 0.89)
RBF = {"kernel": "rbf", "gamma": 100.0, "C": 1.0}


# --- SVM ---------------------------------------------------------------------------------------

def test_svm_overfitting_names_gamma_and_says_what_many_support_vectors_mean():
    r = reading.svm_reading(RBF, OVER, n_support=140)
    assert r.regime == "overfitting" and "gamma = 100" in r.text and "smaller gamma" in r.text.lower()
    assert "140 of the 140 training points are support vectors" in r.text
    assert r.knob == "gamma" and "validation_curve" in r.pages
    assert len(r.sentences) == 3


def test_svm_support_vectors_are_mentioned_only_when_they_are_half_the_points_or_more():
    few = int(140 * MANY_SUPPORT) - 1
    assert "support vectors" not in reading.svm_reading(RBF, OVER, n_support=few).text
    assert "support vectors" in reading.svm_reading(RBF, OVER, n_support=few + 1).text


def test_svm_underfitting_with_a_wide_margin_and_the_linear_kernel():
    wide = reading.svm_reading({"kernel": "rbf", "gamma": 0.01, "C": 0.01}, UNDER, n_support=120)
    assert wide.regime == "underfitting" and "larger gamma" in wide.text.lower()
    assert "margin this wide" in wide.text
    line = reading.svm_reading({"kernel": "linear", "C": 1.0}, UNDER, n_support=30)
    assert line.regime == "underfitting" and "RBF" in line.text


def test_svm_fine_is_fit_readings_fine():
    r = reading.svm_reading(RBF, FINE, n_support=40)
    assert r == reading.fit_reading("svm", RBF, FINE, "the SVM")


# --- Decision tree -----------------------------------------------------------------------------

GROW = {"criterion": "gini", "min_samples_split": 2, "min_samples_leaf": 1, "min_impurity_decrease": 0.0,
        "gain_ratio": False}


def test_a_full_tree_that_overfits_counts_its_boxes_round_single_points_and_points_to_ensembles():
    r = reading.tree_reading(9, 9, 17, 6, GROW, OVER)
    assert r.regime == "overfitting" and "leaves are pure" in r.text   # the slider at the full depth
    assert "6 of its 17 leaves hold a single training point" in r.text
    assert "smaller depth" in r.text.lower() and "ensembles" in r.pages and len(r.sentences) == 3


def test_a_cut_tree_is_read_at_its_depth():
    r = reading.tree_reading(4, 9, 12, 0, GROW, OVER)
    assert "of depth 4" in r.text and "single training point" not in r.text


def test_a_stump_underfits_and_names_the_depth():
    r = reading.tree_reading(1, 9, 2, 0, GROW, UNDER)
    assert r.regime == "underfitting" and "depth 1" in r.text and "larger depth" in r.text.lower()
    assert r.knob == "max_depth"


# --- Perceptron --------------------------------------------------------------------------------

NAMES = ("class 0", "class 1")


def test_a_converged_perceptron_says_a_line_separates_and_points_to_the_margin():
    r = reading.perceptron_reading(True, 3, 0, 0, 60, NAMES)
    assert r.regime is None and "without a mistake" in r.text and "class 1 and class 0" in r.text
    assert r.pages == ("svm",)


def test_a_perceptron_that_never_settles_reports_its_last_epoch_and_the_pocket():
    r = reading.perceptron_reading(False, 20, 32, 16, 140, NAMES)
    assert "20 epochs" in r.text and "32 mistakes" in r.text and "16 mistakes" in r.text
    assert set(r.pages) == {"svm", "nn"}


def test_a_perceptron_on_curved_classes_underfits_and_points_to_kernels_and_networks():
    fit = reading.fit_reading("perceptron", {}, scores(0.8, 0.8, 0.99), "the perceptron")
    r = reading.perceptron_reading(False, 20, 32, 16, 140, NAMES, fit)
    assert r.regime == "underfitting" and "**underfitting**" in r.text and "straight line" in r.text
    assert {"svm", "features", "nn"} <= set(r.pages)


def test_a_perceptron_that_fits_keeps_the_regime_in_one_sentence():
    fit = reading.fit_reading("perceptron", {}, scores(1.0, 1.0, 1.0), "the perceptron")
    r = reading.perceptron_reading(True, 2, 0, 0, 140, NAMES, fit)
    assert r.regime == "fine" and len(r.sentences) == 2


# --- Neural network ----------------------------------------------------------------------------

NET = {"hidden_layers": 1, "hidden_units": 1, "solver": "adam", "learning_rate_init": 0.01}


def test_one_hidden_unit_underfits_and_names_the_units():
    r = reading.nn_reading(NET, scores(0.5, 0.5, 1.0), loss_first=0.82, loss_last=0.693, n_classes=2)
    assert r.regime == "underfitting" and "larger number of hidden units" in r.text.lower()
    assert r.knob == "hidden_units"


def test_a_network_stuck_at_chance_with_a_large_rate_names_the_rate_not_the_units():
    sgd = {**NET, "hidden_layers": 2, "hidden_units": 8, "solver": "sgd", "learning_rate_init": 1.0}
    chance = math.log(2)
    r = reading.nn_reading(sgd, scores(0.5, 0.5, 1.0), loss_first=1.33, loss_last=chance * 1.07, n_classes=2)
    assert r.regime == "underfitting" and "smaller learning rate" in r.text and "units" not in r.sentences[1]
    assert r.knob == "learning_rate_init"
    # below the stuck threshold, or with a small rate, the units are read as usual
    low = reading.nn_reading(sgd, scores(0.5, 0.5, 1.0), loss_first=1.33, loss_last=STUCK_LOSS * chance * 0.9,
                             n_classes=2)
    assert low.knob == "hidden_units"
    slow = {**sgd, "learning_rate_init": LARGE_RATE["sgd"] / 2}
    assert reading.nn_reading(slow, scores(0.5, 0.5, 1.0), 1.33, chance, 2).knob == "hidden_units"


def test_chance_loss_follows_the_number_of_classes():
    three = {**NET, "solver": "adam", "learning_rate_init": 0.5}
    stuck = reading.nn_reading(three, scores(0.33, 0.33, 0.9), 1.2, math.log(3), n_classes=3)
    assert stuck.knob == "learning_rate_init" and "ln 3" in stuck.text
    learned = reading.nn_reading(three, scores(0.9, 0.9, 0.9), 1.2, math.log(2), n_classes=3)
    assert learned.knob != "learning_rate_init"


@pytest.mark.parametrize("r", [
    reading.svm_reading(RBF, OVER, 140), reading.svm_reading(RBF, UNDER, 100),
    reading.tree_reading(9, 9, 17, 6, GROW, OVER), reading.tree_reading(1, 9, 2, 0, GROW, UNDER),
    reading.perceptron_reading(False, 20, 3, 1, 100, NAMES), reading.perceptron_reading(True, 2, 0, 0, 100, NAMES),
    reading.nn_reading({**NET, "solver": "sgd", "learning_rate_init": 1.0}, UNDER, 1.3, 0.7, 2),
])
def test_every_page_a_model_reading_names_is_a_page(r):
    assert set(r.pages) <= set(PAGES) and r.sentences
