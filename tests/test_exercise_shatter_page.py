"""The Shatter exercise page under AppTest: at every level a right answer (typed point by point, the
keyboard way, and on level 3 a labelling chosen) is solved, a wrong one is not and offers a hint;
the link reopens the task with the student's points; the reveal shows mlcore's verdict on every
labelling."""

import numpy as np
import pytest
from support.apptest import assert_clean, charts, decode, link
from support.exercises import hint_offered, not_yet, open_hint, open_task, reveal, solved

from exercises import LEVELS
from exercises import shatter as rules

pytestmark = pytest.mark.app
PAGE = "pages/38_Shatter.py"
SEED = 4


def type_points(at, level, seed, points):
    """Add points with the "Type a point" form, as a keyboard user does."""
    key = f"ex_shatter-{level}-{seed}"
    for x, y in points:
        at.number_input(key=f"{key}_x1").set_value(x)
        if rules.make(level, seed).cls != "intervals":
            at.number_input(key=f"{key}_x2").set_value(y)
        next(b for b in at.button if b.key == f"FormSubmitter:{key}_typed-Add point").click().run()
    assert_clean(at)
    return at


def choose_positive(at, level, seed, m, positive):
    at.button_group(key=f"ex_shatter-{level}-{seed}_pos{m}").set_value(
        sorted(positive)).run()
    assert_clean(at)
    return at


def plane_points(at) -> np.ndarray:
    fig = next(c for c in charts(at) if c["data"] and c["data"][0].get("name") == "points")
    return np.column_stack([decode(fig["data"][0]["x"]), decode(fig["data"][0]["y"])]).astype(float)


def wrong_points(task):
    """Too few for a break task is not it: the right number, badly placed (in a row, or a labelling
    a hypothesis realises)."""
    g = np.array(task.given)
    if task.cls == "intervals":
        return [tuple(g)] * (task.size - 1)                    # on point 1: one place, two labels
    return [tuple(np.round(g + [0.3 * k, 0.3 * k], 3)) for k in range(1, task.size)]   # all on one line


@pytest.mark.parametrize("level", LEVELS)
def test_a_right_answer_is_solved(level):
    task = rules.make(level, SEED)
    answer = rules.solve(task)
    at = type_points(open_task(PAGE, level, SEED), level, SEED, answer.points)
    if task.goal == rules.BREAK:
        assert not solved(at)                                # no labelling chosen yet: all negative
        choose_positive(at, level, SEED, task.size, answer.positive)
    assert solved(at), [w.value for w in at.warning]
    assert np.allclose(plane_points(at), rules.all_points(task, answer), atol=1e-6)
    assert link(at)["spts"] == rules.write_points(answer.points)
    if task.goal == rules.BREAK:
        assert link(at)["pos"] == ",".join(map(str, sorted(answer.positive)))
    assert "done" in link(at) and f"shatter:{level}:100" in link(at)["done"]


@pytest.mark.parametrize("level", LEVELS)
def test_a_wrong_answer_is_not_yet_and_a_hint_opens(level):
    task = rules.make(level, SEED)
    at = type_points(open_task(PAGE, level, SEED), level, SEED, wrong_points(task))
    if task.goal == rules.BREAK:
        choose_positive(at, level, SEED, task.size, {1})     # point 1 alone: some hypothesis has it
    assert not_yet(at) and not solved(at)
    assert hint_offered(at)
    open_hint(at)
    assert any(i.value.startswith("**Hint 1.**") and rules.hints(task)[0] in i.value for i in at.info)


@pytest.mark.parametrize("level", LEVELS)
def test_the_link_reopens_the_task_with_the_students_points(level):
    task = rules.make(level, SEED)
    answer = rules.solve(task)
    items = {"spts": rules.write_points(answer.points)}
    if answer.positive:
        items["pos"] = ",".join(map(str, sorted(answer.positive)))
    at = open_task(PAGE, level, SEED, **items)
    assert any(task.statement()[:60] in m.value for m in at.markdown)
    assert np.allclose(plane_points(at), rules.all_points(task, answer), atol=1e-6)
    assert solved(at)
    assert link(at)["spts"] == items["spts"] and link(at)["seed"] == str(SEED)
    assert link(at).get("level", "1") == str(level)            # level 1 is the default, left out


@pytest.mark.parametrize("bad", ["9,9", "1,1;" * 9, "x,y", "1,nan"])
def test_a_bad_link_leaves_the_points_out_and_says_so(bad):
    at = open_task(PAGE, 2, SEED, spts=bad, pos="0")
    assert len(plane_points(at)) == 1                        # point 1 only
    assert any("your points" in w.value for w in at.warning)
    assert not solved(at) and not not_yet(at)


@pytest.mark.parametrize("level", LEVELS)
def test_the_reveal_shows_every_labelling_marked_as_mlcore_says(level):
    task = rules.make(level, SEED)
    at = open_task(PAGE, level, SEED)
    reveal(at)
    assert_clean(at)
    grid = charts(at)[-1]
    shown = rules.reveal(task)                               # no points placed: the solution's set
    titles = [a["text"] for a in grid["layout"]["annotations"]]
    assert len(titles) == 2 ** task.size
    assert [t.startswith("✓") for t in titles] == list(shown.realised)
    assert any("these (you have not placed" in m.value for m in at.markdown)


def test_the_code_shown_runs_mlcores_check_on_the_students_points(capsys):
    task = rules.make(3, SEED)
    answer = rules.solve(task)
    at = open_task(PAGE, 3, SEED, spts=rules.write_points(answer.points))
    snippet = next(c.value for c in at.code if "realisable_labelings" in c.value)
    exec(compile(snippet, "<show code>", "exec"), {})
    shown = rules.reveal(task, answer)
    assert f"{shown.realised.sum()} of {2 ** task.size} labellings realised" in capsys.readouterr().out
