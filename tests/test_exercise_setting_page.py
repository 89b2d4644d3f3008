"""The Pick the setting page under AppTest: at every level a right pick is solved and shows the
validation curve, a wrong one is not (a hint offered, and a later pick no longer counts), the
reveal names the best value, and the link reopens the same task with the progress."""

import contextlib
import io
import json

import numpy as np
import pytest
from support.apptest import assert_clean, link
from support.exercises import hint_offered, not_yet, open_hint, open_task, reveal, solved

from exercises import LEVELS
from exercises import setting as rules

pytestmark = pytest.mark.app

PAGE = "pages/35_Pick_the_setting.py"
SEED = 5


def pick(at, index):
    next(r for r in at.radio if r.key.endswith("_pick")).set_value(index).run()
    next(b for b in at.button if b.key == "ex_setting_check").click().run()
    assert_clean(at)
    return at


def curves(at) -> int:
    return sum(1 for c in at.get("plotly_chart") if "validation" in c.proto.spec and "best" in c.proto.spec)


def wrong_index(task) -> int:
    means = task.means
    return next(i for i, m in enumerate(means) if means.max() - m > rules.TOL + 1e-9)


@pytest.mark.parametrize("level", LEVELS)
def test_a_right_pick_is_solved_and_the_curve_shown(level):
    task = rules.make(level, SEED)
    at = open_task(PAGE, level, SEED)
    assert curves(at) == 0, "the curve stays hidden until the student has picked"
    pick(at, task.values.index(rules.solve(task)))
    assert solved(at) and not not_yet(at)
    assert curves(at) == 1
    assert link(at)["done"] == f"setting:{level}:100"


@pytest.mark.parametrize("level", LEVELS)
def test_a_wrong_pick_is_not_yet_with_a_hint_and_a_second_pick_does_not_count(level):
    task = rules.make(level, SEED)
    at = open_task(PAGE, level, SEED)
    pick(at, wrong_index(task))
    assert not_yet(at) and not solved(at) and hint_offered(at)
    assert curves(at) == 1
    open_hint(at)
    assert any(i.value.startswith("**Hint 1.**") for i in at.info)
    pick(at, task.values.index(rules.solve(task)))
    assert solved(at) and "done" not in link(at), "a pick made after seeing the curve is not progress"


def test_the_reveal_names_the_best_value_of_mlcores_curve():
    task = rules.make(2, SEED)
    at = reveal(open_task(PAGE, 2, SEED))
    text = " ".join(m.value for m in at.markdown)
    assert f"the best {task.label} is **{rules.shown(rules.solve(task))}**" in text
    assert curves(at) == 1


def test_the_link_reopens_the_same_task_with_the_progress():
    task = rules.make(3, SEED)
    at = pick(open_task(PAGE, 3, SEED), task.values.index(rules.solve(task)))
    again = open_task(PAGE, **{k: v for k, v in link(at).items() if k in ("level", "seed")}, done=link(at)["done"])
    assert [r.options for r in again.radio if r.key.endswith("_pick")] == [[rules.shown(v) for v in task.values]]
    assert again.markdown[1].value == at.markdown[1].value   # the model and the question
    assert any(m.value == "**Pick the setting** · level 3: 100%" for m in again.markdown), "the progress came back"


def test_after_a_wrong_pick_the_reveal_draws_its_boundary_beside_the_best_ones():
    task = rules.make(1, SEED)
    at = reveal(pick(open_task(PAGE, 1, SEED), wrong_index(task)))
    titles = [json.loads(c.proto.spec)["layout"].get("title", {}).get("text") for c in at.get("plotly_chart")]
    mine, best = (f"{task.label} = {rules.shown(task.values[i])}" for i in (wrong_index(task), task.best))
    assert titles[-2:] == [mine, best]


@pytest.mark.parametrize("level", LEVELS)
def test_show_code_recomputes_the_curve_and_finds_the_same_best_value(level):
    at = open_task(PAGE, level, SEED)
    [box] = [e for e in at.expander if e.label == "Show code"]
    namespace: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(box.code[0].value, namespace)
    task = rules.make(level, SEED)
    assert namespace["values"][int(np.argmax(namespace["means"]))] == rules.solve(task)
    assert np.allclose(namespace["means"], task.means, atol=1e-12)
