"""What every exercise page shares (ui.exercises.shell), checked on each of them: the link's
task opens that task, a bad link warns and falls back, hints unfold one at a time, a new task
is another task number, a reveal before solving does not count, the task link and the progress
item. Each exercise's own right and wrong answers are in its tests/test_exercise_<kind>_page.py."""

import pathlib

import pytest
from support.apptest import ROOT, assert_clean, link, run_page
from support.exercises import hint_offered, open_hint, open_task

from exercises import KINDS

pytestmark = pytest.mark.app

EXERCISE_PAGES = {kind: f"pages/{p.name}" for kind, (_, path) in KINDS.items()
                  for p in (ROOT / "pages").glob(f"*_{path}.py")}


def sidebar_values(at, kind: str) -> tuple:
    level = at.session_state[f"ex_{kind}_level"]
    seed = at.number_input(key=f"ex_{kind}_seed").value
    return level, seed


def test_every_exercise_type_has_its_page_in_the_exercises_section():
    from ui.core.layout import SECTIONS

    assert set(EXERCISE_PAGES) == set(KINDS), sorted(set(KINDS) - set(EXERCISE_PAGES))
    assert all(pathlib.Path(p).stem.split("_", 1)[1] in SECTIONS["Exercises"] for p in EXERCISE_PAGES.values())


@pytest.mark.parametrize("kind", sorted(EXERCISE_PAGES))
def test_the_link_opens_its_task_and_the_page_writes_it_back(kind):
    at = open_task(EXERCISE_PAGES[kind], 2, 17)
    assert sidebar_values(at, kind) == (2, 17)
    assert link(at)["level"] == "2" and link(at)["seed"] == "17"
    task_link = next(c.value for c in at.code if "seed=17" in c.value)
    assert "level=2" in task_link and "done=" not in task_link


@pytest.mark.parametrize("kind", sorted(EXERCISE_PAGES))
def test_a_bad_link_says_what_it_ignored_and_opens_a_task(kind):
    at = run_page(EXERCISE_PAGES[kind], {"level": "7", "seed": "-3", "done": "line:1:100,nosuch:9:9"})
    assert_clean(at)
    warned = " ".join(w.value for w in at.warning)
    assert "level" in warned and "task number" in warned and "nosuch:9:9" in warned, warned
    assert sidebar_values(at, kind) == (1, 1)   # the defaults
    assert at.session_state["exercise_progress"] == {("line", 1): 100}   # the good entry is kept
    assert link(at)["done"] == "line:1:100"


@pytest.mark.parametrize("kind", sorted(EXERCISE_PAGES))
def test_hints_unfold_one_at_a_time_and_a_new_task_starts_without_them(kind):
    at = open_task(EXERCISE_PAGES[kind], 1, 5)
    assert hint_offered(at)
    shown = lambda: [i.value for i in at.info if i.value.startswith("**Hint")]  # noqa: E731
    assert shown() == []
    open_hint(at)
    assert len(shown()) == 1 and shown()[0].startswith("**Hint 1.**")
    open_hint(at)
    assert len(shown()) == 2
    next(b for b in at.button if b.key == f"ex_{kind}_new").click().run()
    assert_clean(at)
    assert sidebar_values(at, kind)[1] != 5
    assert shown() == []


@pytest.mark.parametrize(("kind", "answer"), [("neighbours", {"picks": "1,2", "vote": "1"}),
                                              ("which_model", {"pick": "forest"}), ("shatter", {"spts": "1,0;0.5,0"})])
def test_the_task_link_leaves_the_students_answer_out(kind, answer):
    at = open_task(EXERCISE_PAGES[kind], 3, 2, **answer)
    assert all(link(at).get(k) == v for k, v in answer.items()), link(at)   # their own link keeps it
    task_link = next(c.value for c in at.code if "seed=2" in c.value)
    assert not any(f"{k}=" in task_link for k in answer), task_link
