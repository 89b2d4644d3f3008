"""Compute it under AppTest: for every level and every question a right answer is solved, a wrong one
is not (a hint offered, the worked solution shown); the task link reopens the task; the reveal shows
mlcore's numbers."""

import pytest
from support.apptest import assert_clean, link, run_page
from support.exercises import hint_offered, not_yet, open_hint, open_task, reveal, solved

from exercises import compute_it as rules
from exercises.compute_steps import worked

pytestmark = pytest.mark.app

PAGE = "pages/34_Compute_it.py"
CASES = [(q, level) for q in rules.QUESTIONS for level in (1, 2, 3)]


def _answer(at, task: rules.Task, values: dict):
    """Type ``values`` into the task's boxes and press Check."""
    for box in task.boxes:
        key = next(n.key for n in at.number_input if n.key.endswith(f"_{task.question}_{box.name}"))
        at.number_input(key=key).set_value(values[box.name])
    next(b for b in at.button if b.key == "ex_compute_check").click().run()
    assert_clean(at)
    return at


def _texts(at) -> str:
    return "\n".join(m.value for m in at.markdown)


@pytest.mark.parametrize("question, level", CASES)
def test_a_right_answer_is_solved(question, level):
    task = rules.make(level, 11, question)
    at = open_task(PAGE, level, 11, question=question)
    truth = rules.solve(task)
    typed = {k: (int(v) if box.whole else round(v, 6)) for box in task.boxes for k, v in truth.items()
             if k == box.name}
    _answer(at, task, typed)
    assert solved(at) and not not_yet(at)
    assert "**Worked solution**" not in _texts(at)


@pytest.mark.parametrize("question, level", CASES)
def test_a_wrong_answer_shows_the_worked_solution_and_offers_a_hint(question, level):
    task = rules.make(level, 11, question)
    at = open_task(PAGE, level, 11, question=question)
    wrong = {k: v + 1 for k, v in rules.solve(task).items()}
    _answer(at, task, wrong)
    assert not_yet(at) and not solved(at) and hint_offered(at)
    text = _texts(at)
    assert "**Worked solution**" in text
    assert all(step in text for step in worked(task))
    open_hint(at)
    assert any(i.value.startswith("**Hint 1.**") for i in at.info)


@pytest.mark.parametrize("question", rules.QUESTIONS)
def test_the_link_reopens_the_task(question):
    at = open_task(PAGE, 3, 42, question=question)
    items = link(at)
    assert items["level"] == "3" and items["seed"] == "42"
    assert items.get("question", "gain") == question
    again = run_page(PAGE, items)
    assert_clean(again)
    statement = [m.value for m in at.markdown][1:3]
    assert [m.value for m in again.markdown][1:3] == statement
    assert [n.label for n in again.number_input] == [n.label for n in at.number_input]


@pytest.mark.parametrize("question", rules.QUESTIONS)
def test_the_reveal_shows_mlcores_numbers(question):
    task = rules.make(2, 8, question)
    at = reveal(open_task(PAGE, 2, 8, question=question))
    text = _texts(at)
    for box in task.boxes:
        assert f"{box.label} = **{rules.reveal(task)[box.name]:.4g}**".replace("-", "−") in text
    assert "**Worked solution**" in text


def test_another_question_starts_clean():
    at = open_hint(open_task(PAGE, 1, 3, question="gain"))
    assert any(i.value.startswith("**Hint 1.**") for i in at.info)
    at.segmented_control(key="ex_compute_question").set_value("hamming").run()
    assert_clean(at)
    assert not any(i.value.startswith("**Hint") for i in at.info)
    assert link(at)["question"] == "hamming"
