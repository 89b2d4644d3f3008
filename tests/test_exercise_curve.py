"""Read the curve (exercises.curve): the regime rule at its thresholds, the same rule as the app's
"What you see" (ui.reading.regime), and generated tasks whose reading is clear-cut when their
numbers are recomputed here, fold by fold."""

import importlib
import itertools

import numpy as np
import pytest

from exercises import LEVELS
from exercises import curve as rules
from mlcore.model_selection import StratifiedKFold
from ui.serving import fits

app_rule = importlib.import_module("ui.reading.regime")   # ui.reading's regime is also a function name

SEEDS = (1, 2, 3, 4)
NAMES = {"overfitting": "high variance", "underfitting": "high bias", "fine": "fine"}


@pytest.mark.parametrize(("train", "validation", "reference", "expected"), [
    (1.00, 0.92, 0.90, "high variance"),   # a gap of exactly 8 points (1.0 - 0.92 rounds below 0.08)
    (1.00, 0.9201, 0.90, "fine"),          # a hair under 8 points, validation above the reference
    (0.90, 0.82, 0.90, "high variance"),   # training exactly at the reference counts as reaching it
    (0.8999, 0.82, 0.90, "high bias"),     # training below the reference: a gap, but the model is too simple
    (0.86, 0.85, 0.90, "high bias"),       # exactly 5 points below the reference
    (0.86, 0.8501, 0.90, "fine"),          # a hair less than 5 points below
    (0.95, 0.94, 0.90, "fine"),            # above the reference: fine
])
def test_the_rule_at_its_thresholds(train, validation, reference, expected):
    assert rules.regime(train, validation, reference) == expected


def test_the_rule_is_the_apps_regime_rule():
    assert (rules.GAP, rules.SHORT, rules.EPS) == (app_rule.GAP, app_rule.SHORT, app_rule.EPS)
    assert rules.REFERENCES == fits.REFERENCES
    grid = [0.5, 0.8, 0.82, 0.85, 0.8501, 0.87, 0.9, 0.92, 0.93, 0.95, 1.0]
    for t, v, r in itertools.product(grid, repeat=3):
        assert rules.regime(t, v, r) == NAMES[app_rule.regime(t, v, r)], (t, v, r)


def test_a_reading_at_a_threshold_is_not_clear_cut():
    assert not rules.clear_cut(1.0, 0.92, 0.85)          # the gap at 8 points
    assert not rules.clear_cut(0.90, 0.80, 0.89)         # a large gap, but training 1 point above the reference
    assert not rules.clear_cut(0.86, 0.84, 0.905)        # 6.5 points under the reference: 1.5 from 5
    assert rules.clear_cut(1.0, 0.80, 0.90) and rules.clear_cut(0.95, 0.94, 0.93)


def cv_by_hand(X, y, folds, model, params) -> tuple[float, float]:
    train_scores, test_scores = [], []
    for train, test in folds:
        fitted = rules.estimator(model, dict(params)).fit(X[train], y[train])
        train_scores.append(np.mean(fitted.predict(X[train]) == y[train]))
        test_scores.append(np.mean(fitted.predict(X[test]) == y[test]))
    return float(np.mean(train_scores)), float(np.mean(test_scores))


@pytest.fixture(scope="module")
def tasks():
    return {(level, seed): rules.make(level, seed) for level in LEVELS for seed in SEEDS}


@pytest.mark.parametrize("level", LEVELS)
def test_every_task_reads_clear_cut_from_numbers_recomputed_here(tasks, level):
    for seed in SEEDS:
        task = tasks[(level, seed)]
        X, y = rules.data(task)
        folds = list(StratifiedKFold(5, shuffle=True, random_state=task.data_seed).split(X, y))
        t, v = cv_by_hand(X, y, folds, task.model, task.params)
        r = max(cv_by_hand(X, y, folds, key, params)[1] for key, params in fits.REFERENCES)
        # the learning curve's last point is the whole training fold: the same fits
        assert task.last == pytest.approx((t, v), abs=1e-12) and task.reference == pytest.approx(r, abs=1e-12)
        assert task.sizes[-1] == len(folds[0][0])
        assert rules.clear_cut(t, v, r)
        right = NAMES[app_rule.regime(t, v, r)]
        assert rules.check(task, right).done and rules.solve(task) == right
        for wrong in set(rules.REGIMES) - {right}:
            verdict = rules.check(task, wrong)
            assert not verdict.done and verdict.score == 0 and f"**{right}**" in verdict.message


def test_the_tasks_ask_for_every_regime(tasks):
    assert {rules.truth(t) for t in tasks.values()} == set(rules.REGIMES)


def test_the_explanation_says_the_gap_and_the_level_against_the_reference(tasks):
    task = tasks[(2, 1)]
    t, v = task.last
    text = rules.why(task)
    assert f"a gap of {100 * (t - v):.0f} points" in text
    assert f"reference models reach {task.reference:.0%}" in text


def test_an_answer_that_is_not_a_regime_is_refused(tasks):
    verdict = rules.check(tasks[(1, 1)], "overfit")
    assert not verdict.done and "high bias" in verdict.message


def test_the_same_level_and_task_number_give_the_same_task(tasks):
    assert rules.make(3, 2) == tasks[(3, 2)]


def test_hints_unfold_from_the_gentlest(tasks):
    texts = rules.hints(tasks[(1, 1)])
    assert len(texts) >= 2 and "8 points" in texts[1] and "points" in texts[-1]
