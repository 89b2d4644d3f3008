"""The "Which model drew this?" rules: a task is the same on every machine, its four options are the
level's, the drawn model's regions can be told apart from every other option's, the models are the
catalog's, and a right pick is accepted, a wrong one rejected."""

import numpy as np
import pytest

from catalog.models import MODELS
from exercises import LEVELS
from exercises import which_model as wm

SEEDS = range(1, 7)


@pytest.mark.parametrize("level", LEVELS)
def test_a_task_is_the_same_for_the_same_level_and_seed_and_offers_the_levels_four(level):
    assert wm.make(level, 11) == wm.make(level, 11)
    drawn = set()
    for seed in SEEDS:
        t = wm.make(level, seed)
        assert sorted(t.options) == sorted(wm.OPTIONS[level]) and t.drawn in t.options
        drawn.add(t.drawn)
        X, y = t.data()
        assert len(X) == wm.DATA[level][2] and set(np.unique(y)) == {0, 1}
    assert len(drawn) >= 2, "the drawn family changes from task to task"


@pytest.mark.parametrize("level", LEVELS)
def test_the_drawn_regions_differ_from_every_other_options_and_show_a_boundary(level):
    """Measured here on a finer grid than make's (80 x 80 against 60 x 60), with the same margins."""
    for seed in SEEDS:
        t = wm.make(level, seed)
        X, _ = t.data()
        x0, x1, y0, y1 = wm.bounds(X)
        gx, gy = np.meshgrid(np.linspace(x0, x1, 80), np.linspace(y0, y1, 80))
        P = np.column_stack([gx.ravel(), gy.ravel()])
        models = wm.reveal(t)
        drawn = models[t.drawn].predict(P)
        assert min(np.mean(drawn == c) for c in (0, 1)) >= wm.REGION - 0.02
        for family in t.options:
            if family != t.drawn:
                assert np.mean(models[family].predict(P) != drawn) >= wm.DIFFERENT - 0.01, (seed, family)


def test_the_families_are_the_catalogs_models_with_settings_the_catalog_knows():
    for family, key in wm.CATALOG_KEYS.items():
        model = wm.build(family)
        assert type(model) is MODELS[key].cls
        assert set(wm.FAMILIES[family][2]) <= set(model.get_params())
    assert {f for fs in wm.OPTIONS.values() for f in fs} <= set(wm.FAMILIES)


def test_the_reveal_is_every_option_fitted_on_the_tasks_data():
    t = wm.make(2, 4)
    X, y = t.data()
    models = wm.reveal(t)
    assert set(models) == set(t.options)
    for family, model in models.items():
        assert np.array_equal(model.predict(X), wm.build(family).fit(X, y).predict(X))


@pytest.mark.parametrize("level", LEVELS)
def test_the_right_family_is_accepted_and_any_other_rejected_with_its_tell(level):
    t = wm.make(level, 3)
    right = wm.check(t, wm.solve(t))
    assert right.done and right.score == 1.0 and wm.TELLS[t.drawn] in right.message
    for family in t.options:
        if family != t.drawn:
            wrong = wm.check(t, family)
            assert not wrong.done and wrong.score == 0.0
            assert wm.TELLS[family] in wrong.message and wm.label(t.drawn) not in wrong.message
    assert not wm.check(t, "nosuch").done and not wm.check(t, None).done


def test_hints_unfold_and_the_last_rules_out_two_wrong_options():
    t = wm.make(3, 5)
    hints = wm.hints(t)
    assert len(hints) == 3
    assert all(wm.label(f) in hints[1] for f in t.options)
    out = [f for f in t.options if f != t.drawn and wm.label(f) in hints[2]]
    assert len(out) == 2 and wm.label(t.drawn) not in hints[2]
