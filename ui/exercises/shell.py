"""The frame every exercise page shares: the task (level and task number, from the link too), hints
that unfold one at a time, the verdict, the reveal, the progress and the task link.

    task = shell.begin("line", LEVELS, intro="Set a line ...", teaches=("perceptron", "svm"))
    ...draw the task, collect the answer...
    shell.hints(task, rules.hints(instance))
    shell.outcome(task, rules.check(instance, answer) if answered else None)
    if shell.revealed(task):
        ...draw the algorithm's answer beside the student's...
    shell.finish(task)

One task is a (kind, level, seed): ``exercises.<kind>.make(level, seed)`` builds it, so a link with
``level=2&seed=17`` (and the page's own items, a target) gives everyone the same task. What a student
did on a task (hints opened, the reveal, their answer's widgets) is kept per task in ``state(task)``;
a new task starts clean. Progress, the best score per exercise and level, is kept for the session
and in the link as ``done=line:1:100,...`` (``exercises.record``), so a student's own link brings it
back. No account.
"""

from __future__ import annotations

import secrets
from typing import NamedTuple
from urllib.parse import urlencode

import streamlit as st

from catalog.specs import ParamSpec
from exercises import KINDS, LEVELS, record
from exercises.verdicts import Verdict
from ui.core import guide, settings
from ui.core.layout import finish as finish_page
from ui.core.layout import page
from ui.polls import poll_link

PROGRESS = "exercise_progress"   # session: exercises.record.Progress
DONE_ITEM = "done"
_ROW = "_ex_task_row"             # this run's container beside the task number (progress, task link)
LEVEL_NAMES = {1: "1 · easy", 2: "2 · medium", 3: "3 · hard"}
LEVEL = ParamSpec("level", "choice", 1, choices=LEVELS, label="level",
                  help="1 is easy (clean data, few points); 3 is hard (noise, more points or classes).")
SEED = ParamSpec("seed", "int", 1, 1, 9999, label="task number",
                 help="The same level and task number give the same task on every device: a lecturer can "
                      "send one task to a whole class with the task link.")


class Task(NamedTuple):
    """One task: the exercise type, the level (1-3), the task number."""
    kind: str
    level: int
    seed: int

    @property
    def key(self) -> str:
        return f"{self.kind}-{self.level}-{self.seed}"


def _new_seed(kind: str) -> None:
    settings.put(f"ex_{kind}_seed", 1 + secrets.randbelow(SEED.high))


def _take_progress() -> None:
    """The link's ``done=`` joins the session's progress (the best score wins)."""
    raw = settings.take(DONE_ITEM)
    if raw is None:
        return
    linked, ignored = record.read(raw)
    ours = st.session_state.setdefault(PROGRESS, {})
    for key, score in linked.items():
        ours[key] = max(ours.get(key, 0), score)
    if ignored:
        settings.report(f"**done** (your progress): ignored {', '.join(f'`{p}`' for p in ignored[:3])}"
                        f"{' and more' if len(ignored) > 3 else ''}; entries look like `line:1:100`.")


# The task row keeps its widgets' labels for screen readers but not on screen (the options say
# "1 · easy", and "Task" stands before the number): 40 px of the first screen go back to the plane.
_ROW_CSS = """<style>
.st-key-exercise_task [data-testid="stWidgetLabel"] {position: absolute; width: 1px; height: 1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;}
.st-key-exercise_task [data-testid="stMarkdownContainer"] p {margin: 0;}
</style>"""


def begin(kind: str, levels: dict[int, str], *, intro: str) -> Task:
    """The page's opening: title, one row with the level, the task number, a new task, the progress
    and the task link (on the page, not in the sidebar: under the 26-entry menu they were off the
    first screen, and on a phone the sidebar is closed), then what to do."""
    title = KINDS[kind][0]
    page(title, name=f"ex_{kind}", with_dataset=False)
    _take_progress()
    st.html(_ROW_CSS)
    with st.container(horizontal=True, vertical_alignment="center", key="exercise_task"):
        level = settings.setting(LEVEL, f"ex_{kind}_level", control="segmented", format_func=LEVEL_NAMES.get)
        with st.container(horizontal=True, width="content", vertical_alignment="center"):  # wrap as one
            st.markdown("Task", width="content")
            with st.container(width=120):
                seed = settings.setting(SEED, f"ex_{kind}_seed", control="number")
        st.button("New task", key=f"ex_{kind}_new", on_click=_new_seed, args=(kind,), icon=":material/refresh:",
                  help="A fresh task at this level (a new task number).")
        st.session_state[_ROW] = st.container(horizontal=True, width="content")  # filled by finish()
    st.markdown(f"{intro} <span style='opacity:0.7'>Level {level}: {levels[level]}</span>",
                unsafe_allow_html=True)
    task = Task(kind, int(level), int(seed))
    _keep_only(task)
    return task


def _keep_only(task: Task) -> None:
    """One scratch dict per exercise type: a new task (level or number) starts clean."""
    slot = f"_ex_state_{task.kind}"
    if st.session_state.get(slot, {}).get("_task") != task.key:
        st.session_state[slot] = {"_task": task.key}


def state(task: Task) -> dict:
    """What the student did on this task (hints opened, revealed, their own keys): cleared for a new task."""
    _keep_only(task)
    return st.session_state[f"_ex_state_{task.kind}"]


def widget_key(task: Task, name: str) -> str:
    """A widget key that belongs to this task, so a new task's widgets start from their defaults."""
    return f"ex_{task.key}_{name}"


def _more_hints(task: Task) -> None:
    state(task)["hints"] = state(task).get("hints", 0) + 1


def hints(task: Task, texts: tuple[str, ...] | list[str]) -> int:
    """The hints opened so far, and a button for the next one; returns how many are open."""
    opened = min(state(task).get("hints", 0), len(texts))
    for i, text in enumerate(texts[:opened], 1):
        st.info(f"**Hint {i}.** {text}", icon=":material/lightbulb:")
    if opened < len(texts):
        st.button(f"Hint {opened + 1} of {len(texts)}", key="ex_hint", icon=":material/lightbulb:",
                  on_click=_more_hints, args=(task,))
    return opened


def outcome(task: Task, verdict: Verdict | None) -> None:
    """The verdict of the student's answer (None: no answer yet), and the progress it earns. A task
    solved after its reveal is shown as solved but adds nothing to the score."""
    if verdict is None:
        return
    score = f"score {100 * verdict.score:.0f}%"
    if verdict.done:
        st.success(f"**Solved** ({score}). {verdict.message}", icon=":material/check_circle:")
        if state(task).get("revealed_first"):
            st.caption("Solved after the reveal: not counted in your progress.")
        else:
            st.session_state[PROGRESS] = record.merge(st.session_state.get(PROGRESS, {}), task.kind,
                                                      task.level, verdict.score)
    else:
        st.warning(f"**Not yet** ({score}). {verdict.message}", icon=":material/pending:")


def _toggle_reveal(task: Task, solved: bool) -> None:
    s = state(task)
    s["revealed"] = not s.get("revealed", False)
    if s["revealed"] and not solved:
        s["revealed_first"] = True


def revealed(task: Task, solved: bool, label: str = "Show the algorithm's answer") -> bool:
    """A button that shows (and hides) the algorithm's answer; True while it is shown. ``solved``:
    whether the student has completed the task (a reveal before that stops it from counting)."""
    shown = state(task).get("revealed", False)
    st.button(f"Hide: {label[0].lower()}{label[1:]}" if shown else label, key="ex_reveal", icon=":material/visibility:",
              on_click=_toggle_reveal, args=(task, solved))
    return shown


def finish(task: Task, teaches: tuple[str, ...] = (), answers: tuple[str, ...] = ()) -> None:
    """Progress in the link and beside the task, the task link for a class, where to learn the topic,
    the page's end (``ui.core.layout.finish``). ``answers``: the link items that hold the student's
    answer: in their own link (it reopens their work), never in the task link a lecturer sends."""
    progress = st.session_state.get(PROGRESS, {})
    settings.link_item(DONE_ITEM, record.write(progress) or None)
    row = st.session_state.pop(_ROW, None) or st.container()
    with row.popover(f"Progress {len(progress)}/{len(KINDS) * len(LEVELS)}", icon=":material/star:"):
        _progress_panel(progress)
    with row.popover("Task link", icon=":material/link:"):
        items = {k: v for k, v in settings.link_items().items() if k != DONE_ITEM and k not in answers}
        items.setdefault("level", str(task.level))
        items.setdefault("seed", str(task.seed))
        st.caption("Everyone who opens it gets this task (without your progress).")
        st.code(f"{_base()}?{urlencode(items)}", language=None, wrap_lines=True)
        if task.kind in poll_link.KINDS:   # here, not in the row: the row keeps one line at 1280x720
            poll_link.ask_button(st, task)
    if teaches:
        st.markdown("**Learn it on**")
        for name in teaches:
            guide.link(name)
    finish_page()


def _base() -> str:
    try:
        return (st.context.url or "").split("?")[0]
    except Exception:  # st.context.url is missing outside a browser session
        return ""


def _progress_panel(progress: record.Progress) -> None:
    st.markdown("**Your progress**: the best score per exercise and level, kept for this session and in "
                "this page's link.")
    if not progress:
        st.caption("Nothing solved yet.")
    for kind, (title, _) in KINDS.items():
        done = [f"level {lv}: {progress[(kind, lv)]}%" for lv in LEVELS if (kind, lv) in progress]
        if done:
            st.markdown(f"**{title}** · " + " · ".join(done))
