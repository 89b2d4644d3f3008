"""The Read the curve page under AppTest: at every level the right reading is solved with the
rule's reasons, a wrong one is not (a hint offered, and a later answer no longer counts), the
reveal shows the rule on the model's scores and its boundary, and the link reopens the task."""

import contextlib
import io
import json

import numpy as np
import pytest
from support.apptest import assert_clean, decode, link
from support.exercises import hint_offered, not_yet, open_hint, open_task, reveal, solved

from exercises import LEVELS
from exercises import curve as rules

pytestmark = pytest.mark.app

PAGE = "pages/36_Read_the_curve.py"
SEED = 3


def answer(at, regime):
    next(r for r in at.radio if r.key.endswith("_answer")).set_value(regime).run()
    next(b for b in at.button if b.key == "ex_curve_check").click().run()
    assert_clean(at)
    return at


def learning_chart(at) -> dict:
    return next(json.loads(c.proto.spec) for c in at.get("plotly_chart") if "training points" in c.proto.spec)


@pytest.mark.parametrize("level", LEVELS)
def test_the_right_reading_is_solved_with_the_rules_reasons(level):
    task = rules.make(level, SEED)
    at = open_task(PAGE, level, SEED)
    # the chart is the task's learning curve: its last validation mean is V, the dashed line R
    fig = learning_chart(at)
    validation = next(t for t in fig["data"] if t.get("name") == "validation")
    assert float(decode(validation["y"])[-1]) == pytest.approx(np.mean(task.validation[-1]), abs=1e-6)
    assert any(s["y0"] == pytest.approx(task.reference) for s in fig["layout"]["shapes"])
    answer(at, rules.solve(task))
    assert solved(at) and not not_yet(at)
    message = next(s.value for s in at.success)
    assert "a gap of" in message and "reference models reach" in message
    assert link(at)["done"] == f"curve:{level}:100"


@pytest.mark.parametrize("level", LEVELS)
def test_a_wrong_reading_is_not_yet_with_a_hint_and_a_second_answer_does_not_count(level):
    task = rules.make(level, SEED)
    right = rules.solve(task)
    wrong = next(r for r in rules.REGIMES if r != right)
    at = answer(open_task(PAGE, level, SEED), wrong)
    assert not_yet(at) and not solved(at) and hint_offered(at)
    assert f"**{right}**" in next(w.value for w in at.warning)
    open_hint(at)
    assert any(i.value.startswith("**Hint 1.**") for i in at.info)
    answer(at, right)
    assert solved(at) and "done" not in link(at), "an answer given after being told is not progress"


def test_the_reveal_shows_the_rule_on_the_models_scores_and_its_boundary():
    task = rules.make(2, SEED)
    at = open_task(PAGE, 2, SEED)
    charts_before = len(at.get("plotly_chart"))
    reveal(at)
    assert any(m.value.startswith(f"**The rule on mlcore's cross-validated scores**: **{rules.solve(task)}**")
               for m in at.markdown)
    assert len(at.get("plotly_chart")) == charts_before + 1


def test_the_link_reopens_the_same_task_with_the_progress():
    task = rules.make(3, SEED)
    at = answer(open_task(PAGE, 3, SEED), rules.solve(task))
    items = link(at)
    again = open_task(PAGE, items["level"], items["seed"], done=items["done"])
    assert learning_chart(again)["data"] == learning_chart(at)["data"]
    assert any(m.value == "**Read the curve** · level 3: 100%" for m in again.markdown), "the progress came back"


@pytest.mark.parametrize("level", LEVELS)
def test_show_code_recomputes_the_curve_and_prints_the_same_reading(level):
    at = open_task(PAGE, level, SEED)
    [box] = [e for e in at.expander if e.label == "Show code"]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(box.code[0].value, {})
    assert out.getvalue().splitlines()[0] == rules.solve(rules.make(level, SEED))
