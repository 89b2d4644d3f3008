"""Reading an exercise page under AppTest: the task's link, and whether the page shows the task
solved, not yet solved, and a hint to open (ui.exercises.shell draws all three)."""

from support.apptest import assert_clean, run_page


def open_task(page: str, level: int, seed: int, **items) -> object:
    """A fresh session on the exercise ``page`` (pages/3x_*.py) at this task."""
    at = run_page(page, query={"level": str(level), "seed": str(seed), **{k: str(v) for k, v in items.items()}})
    assert_clean(at)
    return at


def solved(at) -> bool:
    return any(s.value.startswith("**Solved**") for s in at.success)


def not_yet(at) -> bool:
    return any(w.value.startswith("**Not yet**") for w in at.warning)


def hint_offered(at) -> bool:
    return any(b.key == "ex_hint" for b in at.button)


def open_hint(at):
    next(b for b in at.button if b.key == "ex_hint").click().run()
    return at


def reveal(at):
    next(b for b in at.button if b.key == "ex_reveal").click().run()
    return at
