"""Pick the setting (exercises.setting): the best value is the one a cross-validation loop written
here finds; a pick within 2 points of it is accepted (the edge included), one further away is
rejected and told which side of the peak it is on."""

from dataclasses import replace

import numpy as np
import pytest

from exercises import LEVELS
from exercises import setting as rules
from mlcore.model_selection import StratifiedKFold

SEEDS = (1, 2, 3)


def by_hand(task) -> np.ndarray:
    """Mean validation accuracy of every value of the grid: each fold fitted and scored here."""
    X, y = rules.data(task)
    folds = list(StratifiedKFold(5, shuffle=True, random_state=task.data_seed).split(X, y))
    means = []
    for value in task.values:
        scores = []
        for train, test in folds:
            model = rules.estimator(task.model, {**dict(task.fixed), task.param: value}).fit(X[train], y[train])
            scores.append(np.mean(model.predict(X[test]) == y[test]))
        means.append(np.mean(scores))
    return np.array(means)


@pytest.fixture(scope="module")
def tasks():
    return {(level, seed): rules.make(level, seed) for level in LEVELS for seed in SEEDS}


@pytest.mark.parametrize("level", LEVELS)
def test_the_best_pick_is_accepted_and_a_pick_losing_more_than_two_points_is_rejected(tasks, level):
    for seed in SEEDS:
        task = tasks[(level, seed)]
        means = by_hand(task)
        best = task.values[int(np.argmax(means))]
        verdict = rules.check(task, best)
        assert verdict.done and verdict.score == 1.0, verdict
        assert rules.solve(task) == best and rules.reveal(task)[0] == best
        wrong = [v for v, m in zip(task.values, means, strict=True) if means.max() - m > 0.02 + 1e-9]
        assert len(wrong) >= 2, "the generator keeps only curves where some picks lose"
        for value in wrong:
            verdict = rules.check(task, value)
            assert not verdict.done and verdict.score < 1, (value, verdict)
            assert f"{100 * (means.max() - means[task.values.index(value)]):.1f} points below" in verdict.message


@pytest.mark.parametrize("level", LEVELS)
def test_the_best_value_is_inside_the_grid_and_the_curve_has_a_peak(tasks, level):
    for seed in SEEDS:
        means = by_hand(tasks[(level, seed)])
        assert 0 < int(np.argmax(means)) < len(means) - 1
        assert means.max() - means.min() >= rules.SPREAD


def test_the_same_level_and_task_number_give_the_same_task(tasks):
    assert rules.make(2, 3) == tasks[(2, 3)]
    assert rules.make(2, 4) != tasks[(2, 3)]


def synthetic(means, train=None):
    """A kNN task whose curve is given: one fold per value, so the mean is the number itself."""
    task = rules.make(1, 1)
    values = (1, 5, 20, 50)[: len(means)]
    train = train or [0.99] * len(means)
    return replace(task, model="knn", param="n_neighbors", label="k", values=values, fixed=(),
                   train=tuple((t,) for t in train), validation=tuple((m,) for m in means))


def test_losing_exactly_two_points_still_counts_and_a_hair_more_does_not():
    task = synthetic([0.80, 0.90, 0.88, 0.70])
    assert rules.check(task, 20).done                    # 0.90 - 0.88: exactly 2 points
    assert not rules.check(synthetic([0.80, 0.90, 0.8799, 0.70]), 20).done
    assert rules.check(task, 5).score == 1.0             # the best
    assert rules.check(task, 50).score == 0.0            # the worst
    # in between: 1 - lost / (best - worst), here 1 - 0.10 / 0.20
    assert rules.check(task, 1).score == pytest.approx(0.5)


def test_a_wrong_pick_is_told_which_side_of_the_peak_it_is_on():
    task = synthetic([0.70, 0.90, 0.80, 0.60], train=[1.0, 0.93, 0.82, 0.61])
    assert "overfitting" in rules.check(task, 1).message   # k = 1: more flexible than k = 5
    assert "underfitting" in rules.check(task, 20).message  # k = 20: simpler
    deep = replace(task, model="tree", param="max_depth", label="depth", values=(1, 3, 6, None))
    assert "underfitting" in rules.check(deep, 1).message   # for a tree, small is simple
    assert "overfitting" in rules.check(deep, None).message


def test_ties_make_the_first_best_value_the_answer_and_both_count():
    task = synthetic([0.80, 0.90, 0.90, 0.70])
    assert rules.solve(task) == 5
    assert rules.check(task, 5).done and rules.check(task, 20).done


def test_a_value_outside_the_grid_is_refused_with_the_grid_named():
    verdict = rules.check(synthetic([0.8, 0.9, 0.85]), 7)
    assert not verdict.done and verdict.score == 0 and "1, 5, 20" in verdict.message


def test_hints_unfold_from_the_gentlest_and_name_the_tolerance(tasks):
    for task in tasks.values():
        texts = rules.hints(task)
        assert len(texts) >= 2 and "2 points" in texts[-1]
