"""The student's line on an exercise plane, set three ways that all land in the same two sliders:

- two clicks or taps on the plane (``ui.data.draw.listen``, every click): the first is marked, the
  second makes the line through both (two on one spot make none, and say so);
- the sliders: the angle of the line's normal and its offset from the origin, n·x = offset;
- two typed points (x₁, x₂ each), for who cannot click.

The line itself is kept as (angle, offset) in the task's state. A click or typed points give the
sliders new keys starting at the new line: a slider whose value the app changes under an old key can
send its old position back with the next run, which would undo the click.

The line is kept per task (``shell.state``, ``shell.widget_key``): a new task starts with none. It
is kept out of the link on purpose: the task link a lecturer copies must not carry their answer.
"""

from __future__ import annotations

import functools

import streamlit as st

from catalog.specs import ParamSpec
from exercises.line_geometry import SAME_SPOT, Line, from_angle, through
from ui.core import settings
from ui.data import draw
from ui.exercises import shell

ANGLE = ParamSpec("angle", "float", 90.0, 0.0, 180.0, format="%.1f", label="angle (°)",
                  help="The direction the line faces, in degrees: 0 is a vertical line, 90 a horizontal one.")
# ±5 reaches the plane's corners (3.5·√2 ≈ 4.95 from the origin): every line two clicks can make.
OFFSET = ParamSpec("offset", "float", 0.0, -5.0, 5.0, format="%.2f", label="offset",
                   help="How far the line is from the origin (0, 0), along the direction the angle gives.")
TYPED = ("ax", "ay", "bx", "by")


def _note(task: shell.Task, text: str | None) -> None:
    s = shell.state(task)
    if text:
        s["note"] = text
    else:
        s.pop("note", None)


def place(task: shell.Task, line: Line) -> None:
    """Make ``line`` the student's line (its sliders take its angle and offset)."""
    offset = line.offset
    if not OFFSET.low <= offset <= OFFSET.high:
        _note(task, f"That line is {abs(offset):.1f} from the origin, off the plane: the offset goes from "
                    f"{OFFSET.low:g} to {OFFSET.high:g}. Set a line through the points.")
        return
    s = shell.state(task)
    s["line"] = (float(line.angle), float(offset))
    s["version"] = s.get("version", 0) + 1
    angle_key, offset_key = _slider_keys(task)
    settings.put(angle_key, float(line.angle))
    settings.put(offset_key, float(offset))
    _note(task, None)


def _slider_keys(task: shell.Task) -> tuple[str, str]:
    version = shell.state(task).get("version", 0)
    return shell.widget_key(task, f"angle_{version}"), shell.widget_key(task, f"offset_{version}")


def _click(task: shell.Task, x: float, y: float) -> None:
    s = shell.state(task)
    first = s.get("first")
    if first is None:
        s["first"] = (x, y)
        _note(task, None)
        return
    line = through(first, (x, y))
    if line is None:
        _note(task, f"Both clicks landed on the same spot (closer than {SAME_SPOT:g}): a line needs two "
                    "different points. Click the second one somewhere else.")
        return
    s["first"] = None
    place(task, line)


def listen(task: shell.Task, chart_key: str) -> None:
    """Take the clicks on the chart ``chart_key`` made since the last run; call it before
    ``controls`` draws the sliders (a click sets them)."""
    draw.listen(chart_key, True, on_click=functools.partial(_click, task), key=f"ex_{task.kind}_click",
                every_click=True)


def pending(task: shell.Task) -> tuple[float, float] | None:
    """The first click of a line waiting for its second."""
    return shell.state(task).get("first")


def note(task: shell.Task) -> str | None:
    """What the last attempt could not do (two clicks on one spot, a line off the plane)."""
    return shell.state(task).get("note")


def _moved(task: shell.Task, angle_key: str, offset_key: str) -> None:
    ss = st.session_state
    shell.state(task)["line"] = (float(ss[angle_key]), float(ss[offset_key]))
    shell.state(task)["first"] = None
    _note(task, None)


def _typed(task: shell.Task) -> None:
    ax, ay, bx, by = (float(st.session_state[shell.widget_key(task, k)]) for k in TYPED)
    line = through((ax, ay), (bx, by))
    if line is None:
        _note(task, f"The two typed points are the same spot (closer than {SAME_SPOT:g}): type two different "
                    "points of your line.")
    else:
        shell.state(task)["first"] = None
        place(task, line)


def controls(task: shell.Task) -> Line | None:
    """The sliders and the typed-points form; returns the student's line (None before they set one)."""
    with st.expander("Set the line with sliders or typed points", expanded=False):
        c1, c2 = st.columns(2)
        keys = _slider_keys(task)
        settings.setting(ANGLE, keys[0], url=None, where=c1, on_change=_moved, args=(task, *keys))
        settings.setting(OFFSET, keys[1], url=None, where=c2, on_change=_moved, args=(task, *keys))
        with st.form(shell.widget_key(task, "typed"), border=False):
            st.caption("Or type two points of your line (x₁, x₂), then press the button:")
            cells = st.columns(4)
            for cell, name, label, start in zip(cells, TYPED, ("A x₁", "A x₂", "B x₁", "B x₂"), (-1.0, -1.0, 1.0, 1.0),
                                                strict=True):
                cell.number_input(label, value=start, step=0.1, format="%g", key=shell.widget_key(task, name))
            st.form_submit_button("Draw the line through A and B", icon=":material/timeline:", on_click=_typed,
                                  args=(task,), key=shell.widget_key(task, "typed_go"), width="stretch")
    held = shell.state(task).get("line")
    return None if held is None else from_angle(*held)
