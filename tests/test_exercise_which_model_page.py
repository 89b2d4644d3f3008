"""The "Which model drew this?" page under AppTest, at every level: the drawn family is solved, another
is not (and a hint is offered), the link reopens the same task, the reveal draws all four."""

import pytest
from support.apptest import assert_clean, charts, link, run_page
from support.exercises import hint_offered, not_yet, open_hint, open_task, reveal, solved

from exercises import LEVELS
from exercises import which_model as wm

pytestmark = pytest.mark.app
PAGE = "pages/37_Which_model.py"
SEED = 17


def pick(at, family):
    next(r for r in at.radio if r.key.endswith("_pick")).set_value(family).run()
    assert_clean(at)
    return at


@pytest.mark.parametrize("level", LEVELS)
def test_the_drawn_family_solves_the_task_and_counts_in_the_progress(level):
    t = wm.make(level, SEED)
    at = open_task(PAGE, level, SEED)
    assert not solved(at) and not not_yet(at)
    assert next(r for r in at.radio if r.key.endswith("_pick")).options == [wm.label(f) for f in t.options]
    pick(at, t.drawn)
    assert solved(at) and not not_yet(at)
    assert link(at)["done"] == f"which_model:{level}:100"


@pytest.mark.parametrize("level", LEVELS)
def test_another_family_is_not_yet_and_a_hint_is_offered(level):
    t = wm.make(level, SEED)
    at = pick(open_task(PAGE, level, SEED), next(f for f in t.options if f != t.drawn))
    assert not_yet(at) and not solved(at) and hint_offered(at)
    open_hint(at)
    assert any(i.value.startswith("**Hint 1.**") for i in at.info)


@pytest.mark.parametrize("level", LEVELS)
def test_the_task_link_reopens_the_same_task(level):
    at = open_task(PAGE, level, SEED)
    fresh = run_page(PAGE, link(at))
    assert_clean(fresh)
    assert charts(fresh) == charts(at) and len(charts(at)) == 1
    assert charts(open_task(PAGE, level, SEED + 1)) != charts(at)


@pytest.mark.parametrize("level", LEVELS)
def test_the_reveal_draws_all_four_and_marks_the_one_that_drew_the_task(level):
    t = wm.make(level, SEED)
    at = reveal(pick(open_task(PAGE, level, SEED), t.drawn))
    assert_clean(at)
    shown = charts(at)
    assert len(shown) == 5
    assert all(any(tr["type"] == "heatmap" for tr in fig["data"]) for fig in shown[1:])
    text = " ".join(m.value for m in at.markdown)
    assert all(f"**{wm.label(f)}**" in text for f in t.options)
    marked = [m.value for m in at.markdown if "drew the task" in m.value]
    assert marked == [f"**{wm.label(t.drawn)}** · **drew the task** · training accuracy "
                      + marked[0].rsplit(" ", 1)[1]]


def test_the_students_own_link_brings_back_the_answer_and_a_bad_one_is_named():
    t = wm.make(2, SEED)
    at = pick(open_task(PAGE, 2, SEED), t.drawn)
    assert link(at)["pick"] == t.drawn
    again = run_page(PAGE, link(at))
    assert_clean(again)
    assert solved(again)
    bad = run_page(PAGE, {"level": "2", "seed": str(SEED), "pick": "oracle"})
    assert_clean(bad)
    assert any("**pick**" in w.value for w in bad.warning) and not solved(bad) and not not_yet(bad)
