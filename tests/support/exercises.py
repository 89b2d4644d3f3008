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


def popover_labels(at) -> list[str]:
    """The labels of the page's popovers (AppTest has no reader of its own for them)."""
    from streamlit.proto.Block_pb2 import Block

    found, todo = [], [at._tree]
    while todo:
        node = todo.pop()
        proto = getattr(node, "proto", None)
        if isinstance(proto, Block) and proto.WhichOneof("type") == "popover":
            found.append(proto.popover.label)
        todo.extend(getattr(node, "children", {}).values())
    return found


def progress_label(at) -> str:
    """The progress button beside the task: "Progress solved/all"."""
    return next(label for label in popover_labels(at) if label.startswith("Progress"))
