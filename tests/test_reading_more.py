"""The rules of "What you see" on the Ensembles, Multi-class and ID3 pages (ui.reading): what
more members do, where a class loses its region, the split that won, the factor that decides."""

import math

import pytest

from ui import reading
from ui.core.guide import PAGES
from ui.reading import (
    DROP,
    GAP,
    LEVEL,
    LOST,
    SHORT,
    ClassRegion,
    Members,
    Scores,
    Split,
    Strategy,
    bayes_reading,
    ensemble_reading,
    id3_reading,
    multiclass_reading,
)

FOREST = {"n_estimators": 10, "min_samples_leaf": 1}
FINE = Scores(0.9, 0.86, 0.9, 0.86, 0.87, 140)        # a good fit: close to the reference
OVER = Scores(1.0, 0.85, 1.0, 0.85, 0.85, 140)        # a gap of 15 points, training above the reference


def vote(total=10, shown=None, test=None, alone=0.8, split=0.1, oob=0.86, train=0.95):
    test = test or tuple([0.8] + [0.86] * (total - 1))
    return Members(shown or total, total, tuple([train] * total), test, alone, split, oob)


def test_one_tree_alone_is_variance_that_more_trees_average_away():
    r = ensemble_reading("random_forest", FOREST, FINE, vote(total=1, test=(0.8,)), "Random forest")
    assert "One tree alone" in r.text and "**variance**" in r.text and "more trees" in r.text
    assert "From" not in r.text            # one tree has no curve to level off


def test_many_trees_quote_one_tree_against_the_vote_and_say_more_do_not_overfit():
    r = ensemble_reading("random_forest", FOREST, FINE, vote(), "Random forest")
    assert "80%" in r.text and "86%" in r.text and "all 10" in r.text
    assert "never make it overfit" in r.text and "how closely" not in r.text
    over = ensemble_reading("random_forest", FOREST, OVER, vote(), "Random forest")
    assert over.regime == "overfitting" and "how closely each tree fits its sample" in over.text
    assert "bias_variance" in over.pages and set(over.pages) <= set(PAGES)


def test_the_tail_of_the_test_curve_is_measured_from_the_middle():
    moved = 0.05
    test = (0.7, 0.8, 0.8, 0.8, 0.8 + moved, 0.8, 0.8, 0.8)   # the tail starts at member 4 of 8
    text = ensemble_reading("random_forest", FOREST, FINE, vote(total=8, test=test), "Random forest").text
    assert f"From 4 to 8 trees the test accuracy moves by {round(100 * moved)} points" in text
    flat = ensemble_reading("random_forest", FOREST, FINE, vote(total=8, test=(0.6,) + (0.8,) * 7), "x").text
    assert "moves by 0 points" in flat and LEVEL > 0


def test_the_slider_position_is_the_vote_quoted():
    test = tuple(0.7 + 0.01 * t for t in range(10))
    text = ensemble_reading("bagging", {}, FINE, vote(shown=3, test=test), "Bagging").text
    assert "the first 3 of 10 scores 72%" in text and "member" in text


def test_out_of_bag_against_test_and_against_training():
    close = ensemble_reading("random_forest", FOREST, FINE, vote(oob=0.86 + SHORT), "x").text
    assert "estimates the accuracy on new points" in close
    apart = ensemble_reading("random_forest", FOREST, FINE, vote(oob=0.86 + SHORT + 0.02), "x").text
    assert "rough estimate" in apart
    honest = ensemble_reading("random_forest", FOREST, FINE, vote(oob=0.86, train=0.86 + GAP), "x").text
    assert "no such estimate" in honest
    none = ensemble_reading("extra_trees", FOREST, FINE, vote(oob=None), "x").text
    assert "No out-of-bag score" in none and "bootstrap" in none


def rounds(test, train=None):
    T = len(test)
    return Members(T, T, train or tuple(0.7 + 0.3 * t / T for t in range(T)), tuple(test))


def test_boosting_names_rounds_training_error_and_where_test_error_was_lowest():
    peaked = (0.8, 0.9, 0.88, 0.9 - DROP)
    r = ensemble_reading("adaboost", {"n_estimators": 4}, FINE, rounds(peaked), "AdaBoost")
    assert "After round 4 of 4" in r.text and "training error" in r.text
    assert "lowest at round 2 (10%)" in r.text and "Fewer rounds" in r.text
    slight = ensemble_reading("adaboost", {"n_estimators": 4}, FINE, rounds((0.8, 0.9, 0.88, 0.89)), "x").text
    assert "Fewer rounds" not in slight and "1 point more" in slight
    best_last = ensemble_reading("adaboost", {"n_estimators": 4}, FINE, rounds((0.8, 0.85, 0.88, 0.9)), "x").text
    assert "at its lowest (10%) after the last round" in best_last


def region(label, plane, points=0.2, right=10, tested=12):
    return ClassRegion(label, plane, points, right, tested)


def test_a_class_loses_its_region_on_the_plane_or_on_its_test_points():
    assert region("a", LOST * 0.2 - 0.001).lost and not region("a", LOST * 0.2 + 0.001).lost
    assert region("a", 0.2, right=2, tested=12).lost and not region("a", 0.2, right=3, tested=12).lost
    assert not region("a", 0.2, right=0, tested=2).lost   # two test points tell nothing


def test_one_vs_rest_losing_a_class_points_to_one_vs_one():
    regions = (region("0", 0.3), region("1", 0.3), region("4", 0.01, right=1))
    ovr, ovo = Strategy("one-vs-rest", 3, 0.7, 0.68), Strategy("one-vs-one", 3, 0.85, 0.68 + SHORT)
    r = multiclass_reading(ovr, "Perceptron", regions, ovo, 0.7, 0.68, 0.85, 140, straight=True)
    assert r.regime == "underfitting" and "**underfitting**" in r.text
    assert "3 two-class machines (Perceptron)" in r.text
    assert "class 4 (1% of the plane, 1 of its 12 test points)" in r.text and "one line cannot" in r.text
    assert "switch to one-vs-one" in r.text and set(r.pages) <= set(PAGES)
    close = multiclass_reading(ovr, "k nearest neighbours", regions, Strategy("one-vs-one", 3, 0.8, 0.70))
    assert "switch" not in close.text and "one line" not in close.text and "does as well" in close.text


def test_every_class_with_a_region_names_the_smallest():
    regions = (region("0", 0.5), region("1", 0.12, right=9), region("2", 0.38))
    text = multiclass_reading(Strategy("one-vs-one", 3, 0.9, 0.88), "Logistic regression", regions,
                              Strategy("one-vs-rest", 3, 0.9, 0.86)).text
    assert "Every class has a region: the smallest, class 1, gets 12% of the plane and 9 of its 12" in text
    assert "one-vs-one does as well or better here" in text


def test_crammer_singer_is_one_problem():
    text = multiclass_reading(Strategy("Crammer–Singer", 1, 0.9, 0.9), "Logistic regression", (), None).text
    assert text.startswith("Crammer–Singer: one problem")


def entropy(*counts):
    n = sum(counts)
    return -sum(c / n * math.log2(c / n) for c in counts if c)


def test_the_split_that_won_against_the_runner_up():
    # tennis at the root, worked out by hand: 9 yes, 5 no
    outlook = entropy(9, 5) - (5 / 14 * entropy(2, 3) + 4 / 14 * entropy(4, 0) + 5 / 14 * entropy(3, 2))
    humidity = entropy(9, 5) - (7 / 14 * entropy(3, 4) + 7 / 14 * entropy(6, 1))
    splits = (Split("outlook", outlook, {"sunny": [3, 2], "overcast": [0, 4], "rain": [2, 3]}),
              Split("humidity", humidity, {"high": [4, 3], "normal": [1, 6]}))
    r = id3_reading("the root", "information gain", splits, "outlook", ("no", "yes"))
    assert f"**outlook** wins with information gain {outlook:.3f} against humidity's {humidity:.3f}" in r.text
    assert "overcast (4 rows, all yes) is already pure" in r.text and "the other 2 split again" in r.text


def test_a_tie_and_a_close_call_are_said():
    tie = (Split("a", 0.5, {"x": [1, 1]}), Split("b", 0.5, {"x": [1, 1]}))
    assert "A tie" in id3_reading("the root", "gain", tie, "a", ("0", "1")).text
    close = (Split("a", 0.5, {"x": [1, 1]}), Split("b", 0.5 - reading.CLOSE_GAIN / 2, {"x": [1, 1]}))
    assert "close call" in id3_reading("the root", "gain", close, "a", ("0", "1")).text


def test_a_leaf_says_why_and_what_it_predicts():
    text = id3_reading("the node outlook = overcast", "gain", (), "yes", ("no", "yes"), leaf="it is pure").text
    assert text == "The node outlook = overcast is a leaf: it is pure. It predicts **yes**."


def test_a_zero_count_wipes_out_a_class_until_laplace():
    prior = (5 / 14, 9 / 14)
    factors = ((0.0, 1 / 5), (4 / 9, 3 / 9))   # P(overcast | no) = 0/5
    r = bayes_reading(("no", "yes"), ("outlook", "wind"), ("overcast", "strong"), prior, factors, "play", False)
    assert "P(outlook = overcast | no) = 0" in r.text and "score(no) is 0" in r.text and "Laplace" in r.text


def test_the_deciding_factor_is_the_one_that_favours_the_winner_most():
    prior = (0.5, 0.5)
    factors = ((0.9, 0.5), (0.1, 0.4))   # a's factors, then b's: x favours a 9 to 1, z 5 to 4
    r = bayes_reading(("a", "b"), ("x", "z"), ("u", "v"), prior, factors, "c", True)
    assert "**a** wins" in r.text and "P(x = u | c): 0.900 for a against 0.100 for b" in r.text
    assert "Without it b would win" not in r.text   # z alone favours a too
    flips = bayes_reading(("a", "b"), ("x", "z"), ("u", "v"), prior, ((0.9, 0.2), (0.3, 0.5)), "c", True)
    assert "**a** wins" in flips.text and "Without it b would win" in flips.text


@pytest.mark.parametrize("model", ["random_forest", "extra_trees", "bagging", "adaboost"])
def test_every_page_an_ensemble_reading_names_is_a_page(model):
    members = rounds((0.8, 0.9)) if model == "adaboost" else vote()
    for s in (FINE, OVER, Scores(0.7, 0.7, 0.7, 0.7, 0.9, 140)):
        assert set(ensemble_reading(model, {}, s, members, model).pages) <= set(PAGES)
