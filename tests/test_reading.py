"""The rules of "What you see" (ui.reading): the regime from cross-validated scores, the setting
that drives it and which way to move it, and the pages that show why."""

import pytest

from ui import reading
from ui.core.guide import PAGES
from ui.reading import GAP, SHORT, Scores, fit_reading, regime


def scores(cv_train, cv_val, reference, n_train=140):
    return Scores(cv_train, cv_val, cv_train, cv_val, reference, n_train)


@pytest.mark.parametrize(("cv_train", "cv_val", "reference", "expected"), [
    (1.00, 1.00 - GAP, 0.90, "overfitting"),            # the gap at the threshold
    (1.00, 1.00 - GAP + 0.01, 0.95, "fine"),            # just under it, and close to the reference
    (0.60, 0.60 - GAP - 0.1, 0.90, "underfitting"),     # a large gap, but training accuracy below what others reach
    (0.85, 0.85, 0.85 + SHORT, "underfitting"),
    (0.85, 0.85, 0.85 + SHORT - 0.01, "fine"),
    (0.85, 0.85, None, "fine"),                         # nothing to compare with: no underfitting claimed
    (None, 0.8, 0.9, None),
    (float("nan"), 0.8, 0.9, None),
])
def test_regime_thresholds(cv_train, cv_val, reference, expected):
    assert regime(cv_train, cv_val, reference) == expected


@pytest.mark.parametrize(("model", "params", "simpler", "flexible"), [
    ("knn", {"n_neighbors": 1}, "larger k", "smaller k"),
    ("svm", {"kernel": "rbf", "gamma": 100.0}, "smaller gamma", "larger gamma"),
    ("tree", {"max_depth": 12}, "smaller depth", "larger depth"),
    ("mlp", {"hidden_units": 64}, "smaller number of hidden units", "larger number of hidden units"),
])
def test_each_regime_names_the_setting_and_the_way_to_move_it(model, params, simpler, flexible):
    over = fit_reading(model, params, scores(1.0, 0.7, 0.85))
    assert over.regime == "overfitting" and "**overfitting**" in over.text and simpler in over.text.lower()
    assert "validation_curve" in over.pages and over.knob is not None
    under = fit_reading(model, params, scores(0.7, 0.7, 0.9))
    assert under.regime == "underfitting" and flexible in under.text.lower()


def test_the_value_of_the_setting_is_quoted():
    text = fit_reading("svm", {"kernel": "rbf", "gamma": 100.0}, scores(1.0, 0.62, 0.88)).text
    assert "gamma = 100" in text and "100%" in text and "62%" in text


def test_a_straight_boundary_points_to_kernels_and_features_not_to_a_knob():
    for model in ("perceptron", "least_squares", "logistic", "prototype"):
        r = fit_reading(model, {}, scores(0.55, 0.5, 0.95))
        assert r.regime == "underfitting" and "straight line" in r.text
        assert set(r.pages) == {"svm", "features"}
    linear = fit_reading("svm", {"kernel": "linear", "C": 1.0}, scores(0.55, 0.5, 0.95))
    assert "RBF" in linear.text


def test_a_full_depth_tree_is_described_without_a_number():
    text = fit_reading("tree", {"max_depth": None}, scores(1.0, 0.8, 0.9)).text
    assert "leaves are pure" in text and "None" not in text


def test_too_few_points_names_no_regime():
    r = fit_reading("knn", {"n_neighbors": 1}, scores(1.0, 0.5, 0.9, n_train=reading.MIN_POINTS - 1))
    assert r.regime is None and "too few" in r.text


def test_every_page_a_reading_names_is_a_page():
    for model, params in (("knn", {"n_neighbors": 1}), ("logistic", {}), ("svm", {"kernel": "linear"})):
        for cv_train, cv_val, ref in ((1.0, 0.7, 0.8), (0.6, 0.6, 0.9), (0.9, 0.9, 0.9)):
            assert set(fit_reading(model, params, scores(cv_train, cv_val, ref)).pages) <= set(PAGES)


def test_distance_weighted_votes_point_to_uniform_votes_not_to_k():
    text = fit_reading("knn", {"n_neighbors": 15, "weights": "distance"}, scores(1.0, 0.86, 0.88)).text
    assert "**overfitting**" in text and "equal weights (weights = uniform)" in text and "larger k" not in text.lower()


def test_a_forest_with_a_depth_limit_is_read_by_its_depth_without_one_by_its_leaves():
    limited = fit_reading("random_forest", {"max_depth": 4, "min_samples_leaf": 1}, scores(0.95, 0.85, 0.9)).text
    assert "depth 4" in limited and "leaves" not in limited and "smaller max depth" in limited.lower()
    unlimited = fit_reading("random_forest", {"max_depth": None, "min_samples_leaf": 1}, scores(1.0, 0.85, 0.9)).text
    assert "leaves of 1 point" in unlimited
