"""The Shatter exercise's answer: the student's points (clicked, tapped or typed; undo and clear),
on a break task the labelling they choose, both kept per task and in the link as
``spts=x,y;x,y`` (the points after point 1) and ``pos=1,3`` (the positive points), read as
untrusted by ``exercises.shatter.read_points`` and ``read_positive``."""

from __future__ import annotations

import math

import numpy as np
import streamlit as st

from exercises import shatter as rules
from ui.core import charts, settings
from ui.exercises import shell
from viz.shatter_figures import labellings_grid

POINTS_ITEM, POSITIVE_ITEM = "spts", "pos"


def placed(task: shell.Task, instance: rules.Task) -> list:
    """The student's points after point 1 (the link's on the task's first run)."""
    s = shell.state(task)
    if "points" not in s:
        s["points"] = []
        raw = settings.take(POINTS_ITEM)
        if raw is not None:
            try:
                s["points"] = list(rules.read_points(raw))
            except ValueError as err:
                settings.report(f"**your points** (`{POINTS_ITEM}`): {err}; they were left out.")
        if instance.on_a_line:
            s["points"] = [(x, 0.0) for x, _ in s["points"]]
    return s["points"]


def positive(task: shell.Task, m: int) -> frozenset[int]:
    """The numbers of the points the student made positive (a break task), at most m."""
    s = shell.state(task)
    if "positive" not in s:
        s["positive"] = frozenset()
        raw = settings.take(POSITIVE_ITEM)
        if raw is not None:
            try:
                s["positive"] = rules.read_positive(raw, rules.MAX_POINTS)
            except ValueError as err:
                settings.report(f"**positive points** (`{POSITIVE_ITEM}`): {err}; none were chosen.")
    return frozenset(j for j in s["positive"] if j <= m)


def add(task: shell.Task, instance: rules.Task, x: float, y: float) -> None:
    """A click, tap or typed point: kept when it is on the plane and there is room."""
    s = shell.state(task)
    pts = placed(task, instance)
    if not (math.isfinite(x) and math.isfinite(y) and max(abs(x), abs(y)) <= rules.BOUND):
        s["note"] = f"({x:g}, {y:g}) is off the plane: both coordinates lie between −3 and 3."
    elif len(pts) + 1 >= rules.MAX_POINTS:
        s["note"] = f"At most {rules.MAX_POINTS} points: undo one first."
    else:
        s.pop("note", None)
        s["points"] = [*pts, (round(x, 3), 0.0 if instance.on_a_line else round(y, 3))]


def _set(task: shell.Task, pts: list) -> None:
    shell.state(task)["points"] = pts


def _add_typed(task: shell.Task, instance: rules.Task) -> None:
    ss = st.session_state
    add(task, instance, float(ss[shell.widget_key(task, "x1")]), float(ss.get(shell.widget_key(task, "x2"), 0.0)))


def _set_positive(task: shell.Task, key: str) -> None:
    shell.state(task)["positive"] = frozenset(st.session_state.get(key) or ())


def controls(task: shell.Task, instance: rules.Task, pts: list) -> None:
    """Undo and Clear, and the typed point for keyboard users."""
    c1, c2 = st.columns(2)
    c1.button("Undo", icon=":material/undo:", key="shatter_undo", disabled=not pts, width="stretch",
              on_click=_set, args=(task, pts[:-1]))
    c2.button("Clear", icon=":material/delete:", key="shatter_clear", disabled=not pts, width="stretch",
              on_click=_set, args=(task, []))
    if note := shell.state(task).get("note"):
        st.caption(note)
    with st.expander("Type a point (keyboard)"), st.form(shell.widget_key(task, "typed"), border=False):
        a, b = st.columns(2)
        a.number_input("x₁", -rules.BOUND, rules.BOUND, 0.0, 0.1, key=shell.widget_key(task, "x1"))
        if not instance.on_a_line:
            b.number_input("x₂", -rules.BOUND, rules.BOUND, 0.0, 0.1, key=shell.widget_key(task, "x2"))
        st.form_submit_button("Add point", icon=":material/add:", on_click=_add_typed, args=(task, instance))


def labelling(task: shell.Task, m: int) -> frozenset[int]:
    """A break task's labelling: the points the student makes positive (class 1, orange)."""
    chosen = positive(task, m)
    key = shell.widget_key(task, f"pos{m}")   # a new widget when the points change: no stale numbers
    st.pills("Positive points (orange), by number; the rest are negative (blue)", list(range(1, m + 1)),
             selection_mode="multi", default=sorted(chosen), key=key, on_change=_set_positive, args=(task, key),
             format_func=str)
    return chosen


def keep_in_link(instance: rules.Task, pts: list, chosen: frozenset[int]) -> None:
    settings.link_item(POINTS_ITEM, rules.write_points(pts))
    if instance.goal == rules.BREAK:
        settings.link_item(POSITIVE_ITEM, ",".join(map(str, sorted(chosen))) or None)


def show_reveal(instance: rules.Task, answer: rules.Answer, config: dict) -> None:
    """mlcore.theory's verdict on every labelling: of the student's points when they placed the
    task's number, else of a set that works (``solve``)."""
    theirs = len(answer.points) + 1 == instance.size
    shown = rules.reveal(instance, answer if theirs else None)
    m, bad = len(shown.points), shown.impossible
    whose = "your" if theirs else f"these (you have not placed {instance.size})"
    if len(bad) == 0:
        said = (f"All {2 ** m} labellings of {whose} {m} points, each with a hypothesis that realises it: "
                f"{instance.label} shatter them.")
    else:
        said = (f"The {2 ** m} labellings of {whose} {m} points: {len(bad)} cannot be realised by {instance.label} "
                f"(✗ on red), e.g. {rules.describe(shown.labels[bad[0]])}.")
    how = {"lines": "the widest (hard-margin SVM) line", "rectangles": "the positives' bounding box",
           "intervals": "the interval from the leftmost to the rightmost positive"}[instance.cls]
    st.markdown(f"{said} Orange = positive; each panel's title lists its positive points. Drawn: {how}.")
    if not theirs:
        st.caption("Point 1 and: " + ", ".join(f"({x:g}, {y:g})" for x, y in shown.points[1:]))
    charts.plotly_chart(labellings_grid(shown.points, shown.labels, shown.realised, shown.hypotheses, instance.cls),
                        width="stretch", theme=None, config=config, key="shatter_reveal")


def as_answer(pts: list, chosen: frozenset[int]) -> rules.Answer:
    return rules.Answer(tuple(map(tuple, np.asarray(pts, dtype=float).reshape(-1, 2).tolist())), chosen)


def code(instance: rules.Task, X) -> str:
    """The check in a few lines of mlcore: every labelling of the points, and which the class realises."""
    cls = {"intervals": "Intervals(axis=0)", "lines": "Lines()", "rectangles": "Rectangles()"}[instance.cls]
    rows = ",\n              ".join(f"[{x:g}, {y:g}]" for x, y in np.asarray(X).tolist())
    return f'''import numpy as np
from mlcore.theory import {cls.split("(")[0]}, realisable_labelings

X = np.array([{rows}])
labels, realised = realisable_labelings(X, {cls})   # row i: point j positive iff bit j of i is 1
print(f"{{realised.sum()}} of {{len(realised)}} labellings realised; shattered: {{realised.all()}}")
for row in labels[~realised]:
    print("impossible: positive points", np.flatnonzero(row) + 1)
'''
