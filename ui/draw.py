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

from catalog.specs import ParamSpec
from viz.palette import MAX_CLASSES

from . import settings

KEY = "drawn"
_SEEN = "_draw_seen"  # (browser document, number) of the last click added
MAX_POINTS = 500
COLOR_NAMES = ("blue", "orange", "green", "pink", "red", "sky blue")
DRAW_ON = ParamSpec("draw_on", "bool", True, label="Click on the chart to add points",
                    help="Each click adds a training point of the chosen class at that spot.")
DRAW_CLASS = ParamSpec("draw_class", "choice", 0, choices=tuple(range(MAX_CLASSES)), label="class to add")

_listener = st.components.v2.component(
    "classifier_playground.click_to_draw",
    js=(Path(__file__).with_name("draw_component.js")).read_text(),
)


def points() -> tuple:
    """The drawn points as a hashable tuple of (x, y, class)."""
    return tuple(st.session_state.setdefault(KEY, []))


def listen(chart_key: str, enabled: bool, on_click=None, key: str = "draw_click", every_click: bool = False) -> None:
    """Mount the click listener; every click on the chart adds a point of the chosen class, or
    with ``on_click`` the last click calls ``on_click(x, y)`` instead (the tree page's followed
    point), or with ``every_click`` too each click in turn (a page's own point set).
    ``key``: the listener's widget key (one listener per page).

    The listener sends all clicks the app has not confirmed yet, each numbered within its
    browser document, so the clicks made while a run was going are added by the next run and
    none twice: ``_SEEN`` holds (document, number) of the last click taken."""
    seen_key = f"{_SEEN}_{key}"
    doc, last = st.session_state.get(seen_key, ("", 0))
    result = _listener(key=key, data={"target": f"st-key-{chart_key}", "enabled": enabled, "seen": [doc, last]},
                       on_click_change=lambda: None, height=0)
    seen, fresh = unseen_clicks(getattr(result, "click", None), (doc, last))
    if not fresh:
        return
    st.session_state[seen_key] = seen
    if not enabled:
        return
    if on_click is not None:
        for x, y in (fresh if every_click else fresh[-1:]):
            on_click(x, y)
        return
    c = int(st.session_state.get("draw_class", 0))
    added = [(round(x, 3), round(y, 3), c) for x, y in fresh]
    st.session_state[KEY] = [*points(), *added][:max(MAX_POINTS, len(points()))]


def unseen_clicks(click, seen: tuple[str, int]) -> tuple[tuple[str, int], list[tuple[float, float]]]:
    """The clicks of the listener's queue ``click = {doc, points: [{x, y, n}, ...]}`` not taken
    yet, in the order they were made, and the new (document, last number) taken.

    ``seen`` is (document, number) of the last click taken: a queue is sent again until the
    app's answer reaches the browser, so most clicks arrive more than once. A new document
    (a reload) numbers its clicks from 1 again."""
    if not click:
        return seen, []
    doc, last = seen
    if str(click.get("doc", "")) != doc:
        doc, last = str(click.get("doc", "")), 0
    fresh = sorted((p for p in click.get("points", ()) if int(p["n"]) > last), key=lambda p: int(p["n"]))
    if not fresh:
        return seen, []
    return (doc, int(fresh[-1]["n"])), [(float(p["x"]), float(p["y"])) for p in fresh]


def _undo():
    st.session_state[KEY] = list(points())[:-1]


def _clear():
    st.session_state[KEY] = []


def draw_panel() -> bool:
    """Sidebar controls for drawing; returns whether clicking the chart adds points."""
    with st.sidebar:
        st.header("Draw", anchor=False)
        on = settings.setting(DRAW_ON, "draw_on", url=None)
        settings.setting(DRAW_CLASS, "draw_class", url=None, control="segmented", disabled=not on,
                         format_func=lambda c: f"{c} {COLOR_NAMES[c]}")
        n = len(points())
        c1, c2 = st.columns(2)
        c1.button("Undo", icon=":material/undo:", key="draw_undo", on_click=_undo, disabled=not n, width="stretch",
                  help="Remove the last drawn point.")
        c2.button("Clear", icon=":material/delete:", key="draw_clear", on_click=_clear, disabled=not n, width="stretch",
                  help="Remove every drawn point (generated points stay).")
        st.caption(f"{n} drawn point{'s' if n != 1 else ''} (always in the training set)." if n
                   else "No drawn points yet.")
    return on


def to_url(pts) -> str | None:
    """The drawn points as the link's ``pts`` item (None when there are none)."""
    return ";".join(f"{x:g},{y:g},{c}" for x, y, c in pts) if pts else None


def from_url(raw: str) -> str | None:
    """Load drawn points from the link's ``pts``; a malformed list is dropped with one sentence."""
    if not raw:
        return None
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
        return (f"**drawn points** (`pts`) should look like `0.5,1.2,0;-1,0.3,1` "
                f"(x, y, class 0-{MAX_CLASSES - 1}; at most {MAX_POINTS} points). They were left out.")
    st.session_state[KEY] = pts
    return None
