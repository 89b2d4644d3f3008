"""Drawing points by clicking on the chart.

A Custom Component v2 with no markup of its own (no iframe) listens for clicks
on the Plotly chart inside the container ``st-key-<chart key>`` and sends the
exact data coordinates back. The drawn points live in ``st.session_state`` as a
list of ``(x, y, class)`` and in the URL as ``pts=x,y,c;x,y,c``.
"""

from __future__ import annotations

import math
from pathlib import Path

import streamlit as st

from viz.palette import MAX_CLASSES

from . import state

KEY = "drawn"
MAX_POINTS = 500
COLOR_NAMES = ("blue", "orange", "green", "pink", "red", "sky blue")

_listener = st.components.v2.component(
    "classifier_playground.click_to_draw",
    js=(Path(__file__).with_name("draw_component.js")).read_text(),
)


def points() -> tuple:
    """The drawn points as a hashable tuple of (x, y, class)."""
    return tuple(st.session_state.setdefault(KEY, []))


def listen(chart_key: str, enabled: bool) -> None:
    """Mount the click listener; a click on the chart adds a point of the chosen class."""
    result = _listener(key="draw_click", data={"target": f"st-key-{chart_key}", "enabled": enabled},
                       on_click_change=lambda: None, height=0)
    click = getattr(result, "click", None)
    if enabled and click and len(points()) < MAX_POINTS:
        c = int(st.session_state.get("draw_class", 0))
        st.session_state[KEY] = [*points(), (round(float(click["x"]), 3), round(float(click["y"]), 3), c)]


def _undo():
    st.session_state[KEY] = list(points())[:-1]


def _clear():
    st.session_state[KEY] = []


def draw_panel() -> bool:
    """Sidebar controls for drawing; returns whether clicking the chart adds points."""
    with st.sidebar:
        st.header("Draw", anchor=False)
        state.remember("draw_on", True)
        on = st.toggle("Click on the chart to add points", key="draw_on",
                       help="Each click adds a training point of the chosen class at that spot.")
        state.keep("draw_on")
        state.remember("draw_class", 0, lambda v: v in range(MAX_CLASSES))
        st.segmented_control("class to add", list(range(MAX_CLASSES)), key="draw_class", required=True,
                             format_func=lambda c: f"{c} {COLOR_NAMES[c]}", disabled=not on)
        state.keep("draw_class")
        n = len(points())
        c1, c2 = st.columns(2)
        c1.button("Undo", icon=":material/undo:", key="draw_undo", on_click=_undo, disabled=not n, width="stretch",
                  help="Remove the last drawn point.")
        c2.button("Clear", icon=":material/delete:", key="draw_clear", on_click=_clear, disabled=not n, width="stretch",
                  help="Remove every drawn point (generated points stay).")
        st.caption(f"{n} drawn point{'s' if n != 1 else ''} (always in the training set)." if n
                   else "No drawn points yet.")
    return on


def to_url(pts) -> dict[str, str]:
    if not pts:
        return {}
    return {"pts": ";".join(f"{x:g},{y:g},{c}" for x, y, c in pts)}


def from_url(query: dict[str, str]) -> list[str]:
    """Load drawn points from the URL; a malformed list is dropped with one sentence."""
    raw = query.get("pts")
    if not raw:
        return []
    try:
        pts = []
        for item in raw.split(";"):
            xs, ys, cs = item.split(",")
            x, y, c = float(xs), float(ys), int(cs)
            if not (math.isfinite(x) and math.isfinite(y) and abs(x) <= 100 and abs(y) <= 100
                    and 0 <= c < MAX_CLASSES):
                raise ValueError
            pts.append((x, y, c))
        if len(pts) > MAX_POINTS:
            raise ValueError
    except ValueError:
        return [f"**drawn points** (`pts`) should look like `0.5,1.2,0;-1,0.3,1` "
                f"(x, y, class 0-{MAX_CLASSES - 1}; at most {MAX_POINTS} points). They were left out."]
    st.session_state[KEY] = pts
    return []
