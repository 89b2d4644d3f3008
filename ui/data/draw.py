"""Drawing points by clicking on the chart.

A Custom Component v2 with no markup of its own (no iframe) listens for clicks
on the Plotly chart inside the container ``st-key-<chart key>`` and sends the
exact data coordinates back. The drawn points live in ``st.session_state`` as a
list of ``(x, y, class)`` and in the URL as ``pts=x,y,c;x,y,c``.

A click does what the drawing panel's mode says: add a point of the chosen class, erase the
point nearest the click (drawn, generated or uploaded), move the last drawn point there, or
inspect the spot (``inspected()``; the data does not change). Every change of the points can be
undone and redone (``ui.data.own_points``). Without a mouse, the panel's "Type a point" form adds
a point at typed coordinates (``add_typed``), as a click in add mode does.
"""

from __future__ import annotations

import math
from pathlib import Path

import streamlit as st

from catalog.specs import ParamSpec
from ui.core import settings
from ui.data import own_points
from viz.palette import MAX_CLASSES

KEY = "drawn"
_SEEN = "_draw_seen"  # [browser document, number] of the last click added, changed in place
MAX_POINTS = 500
COLOR_NAMES = ("blue", "orange", "green", "pink", "red", "sky blue")
ADD, ERASE, MOVE, INSPECT = "add", "erase", "move", "inspect"
MODE_LABELS = {ADD: "add", ERASE: "erase", MOVE: "move last", INSPECT: "inspect"}
DRAW_MODE = ParamSpec(
    "draw_mode", "choice", ADD, choices=tuple(MODE_LABELS), label="a click on the chart",
    help="add: a training point of the chosen class. erase: removes the point nearest the click "
         "(generated points too). move last: moves the last drawn point to the click. inspect: marks "
         "the spot without changing the data.")
INSPECT_KEY = "inspect_xy"
_NOTE = "_draw_note"  # what the last click could not do
_QUEUE = "_draw_queue"  # clicks taken from the listener, not applied yet
DRAW_CLASS = ParamSpec("draw_class", "choice", 0, choices=tuple(range(MAX_CLASSES)), label="class to add")
LIMIT = 100  # |x|, |y| of a drawn point at most, as a link's pts= accepts (from_url)
TYPED_X, TYPED_Y, TYPED_CLASS = "typed_x1", "typed_x2", "typed_class"
TYPED_OPEN = "typed_open"   # the "Type a point" box, open

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
    none twice: ``_SEEN`` holds [document, number] of the last click taken.

    A newer click stops this run at its next session-state access (Streamlit's yield points).
    So the clicks are marked taken right after they are stored, with no access in between:
    the mark is a list changed in place, not a session key written again. A click marked but not
    stored would be lost (ten fast clicks made nine points now and then when the mark came
    first); one stored but not marked would come back as a second point."""
    seen_key = f"{_SEEN}_{key}"
    taken = st.session_state.setdefault(seen_key, ["", 0])
    result = _listener(key=key, data={"target": f"st-key-{chart_key}", "enabled": enabled, "seen": list(taken)},
                       on_click_change=lambda: None, height=0)
    doc, fresh = unseen_clicks(getattr(result, "click", None), tuple(taken))
    if not fresh:
        return

    def mark(number: int) -> None:
        taken[:] = [doc, number]

    if not enabled:
        mark(fresh[-1][0])
        return
    if on_click is not None:
        for number, x, y in (fresh if every_click else fresh[-1:]):
            on_click(x, y)
            mark(number)
        return
    c = int(st.session_state.get("draw_class", 0))
    added = [(round(x, 3), round(y, 3), c) for _, x, y in fresh]
    own_points.change(drawn=[*points(), *added][:max(MAX_POINTS, len(points()))], stored=lambda: mark(fresh[-1][0]))


def unseen_clicks(click, seen: tuple[str, int]) -> tuple[str, list[tuple[int, float, float]]]:
    """The document of the listener's queue ``click = {doc, points: [{x, y, n}, ...]}`` and its
    clicks not taken yet as (n, x, y), in the order they were made. ``seen``: (document, number)
    of the last click taken. A queue is sent again until the app's answer reaches the browser, so
    most clicks arrive more than once; a new document (a reload) numbers its clicks from 1 again."""
    doc, last = seen
    if not click:
        return doc, []
    if str(click.get("doc", "")) != doc:
        doc, last = str(click.get("doc", "")), 0
    return doc, sorted((int(p["n"]), float(p["x"]), float(p["y"]))
                       for p in click.get("points", ()) if int(p["n"]) > last)


def inspected() -> tuple | None:
    """The spot clicked in inspect mode, (x, y), or None."""
    xy = st.session_state.get(INSPECT_KEY)
    return tuple(xy) if xy is not None else None


def mode() -> str:
    """The click mode; a session from before the modes (``draw_on`` off) inspects."""
    if "draw_mode" not in st.session_state and st.session_state.get("draw_on") is False:
        settings.put("draw_mode", INSPECT)
    return settings.value("draw_mode", ADD)


def queue_click(x: float, y: float) -> None:
    """Keep a click in the session at once: the run may be cut short (a newer click reruns the
    app) before ``apply_clicks``, and the next run takes it then."""
    st.session_state.setdefault(_QUEUE, []).append((float(x), float(y)))


def queued() -> bool:
    return bool(st.session_state.get(_QUEUE))


def apply_clicks(how: str, recipe, bounds) -> None:
    """The queued clicks, in order, as the mode says; each change is one undo step."""
    st.session_state.pop(_NOTE, None)
    queue = st.session_state.setdefault(_QUEUE, [])

    def done() -> None:
        # The click leaves the queue right after its effect is stored, with no session-state
        # access in between (a newer click can stop the run at any: see listen).
        queue.pop(0)

    while queue:
        x, y = queue[0]
        pts = list(points())
        if how == INSPECT:
            st.session_state[INSPECT_KEY] = (float(x), float(y))
            done()
        elif how == MOVE:
            if not pts:
                st.session_state[_NOTE] = "There is no drawn point to move: add one first."
                done()
                continue
            *rest, (_, _, c) = pts
            own_points.change(drawn=[*rest, (round(x, 3), round(y, 3), c)], stored=done)
        elif how == ERASE:
            recipe = recipe._replace(erased=own_points.erased(recipe))
            hit = own_points.nearest(recipe, tuple(pts), x, y, bounds)
            if hit is None:
                st.session_state[_NOTE] = "No point near that click to erase: click on a point."
                done()
            elif hit[0] == "drawn":
                own_points.change(drawn=pts[:hit[1]] + pts[hit[1] + 1:], stored=done)
            else:
                own_points.change(erased={*recipe.erased, hit[1]}, recipe=recipe, stored=done)
        else:
            _add(x, y, int(st.session_state.get("draw_class", 0)), stored=done)


def _add(x: float, y: float, c: int, stored=None) -> None:
    """Add the drawn point (x, y) of class ``c`` as one undo step, or say why not."""
    if len(points()) >= MAX_POINTS:
        st.session_state[_NOTE] = f"At most {MAX_POINTS} drawn points: erase some first."
    elif not (math.isfinite(x) and math.isfinite(y) and abs(x) <= LIMIT and abs(y) <= LIMIT):
        st.session_state[_NOTE] = (f"The point ({x:g}, {y:g}) is outside the plane a link can hold: "
                                   f"x₁ and x₂ must lie between −{LIMIT} and {LIMIT}.")
    else:
        own_points.change(drawn=[*points(), (round(x, 3), round(y, 3), c)], stored=stored)
        return
    if stored is not None:
        stored()


def add_typed() -> None:
    """The "Type a point" form's submit: a drawn point at the typed x₁, x₂ of the typed class."""
    st.session_state.pop(_NOTE, None)
    ss = st.session_state
    _add(float(ss[TYPED_X]), float(ss[TYPED_Y]), int(ss[TYPED_CLASS]))


def _clear():
    own_points.change(drawn=[])


def draw_panel() -> str:
    """Sidebar controls for clicking on the chart; returns the click mode."""
    how = mode()
    with st.sidebar:
        st.header("Draw", anchor=False)
        how = settings.setting(DRAW_MODE, "draw_mode", url=None, control="segmented",
                               format_func=MODE_LABELS.get)
        settings.setting(DRAW_CLASS, "draw_class", url=None, control="segmented", disabled=how != ADD,
                         format_func=lambda c: f"{c} {COLOR_NAMES[c]}")
        n = len(points())
        c1, c2 = st.columns(2)
        c1.button("Undo", icon=":material/undo:", key="draw_undo", on_click=own_points.undo,
                  disabled=not own_points.can_undo(), width="stretch",
                  help="Take back the last change of the points (add, erase, move, table edit, upload, clear).")
        c2.button("Redo", icon=":material/redo:", key="draw_redo", on_click=own_points.redo,
                  disabled=not own_points.can_redo(), width="stretch", help="Do again what Undo took back.")
        st.button("Clear", icon=":material/delete:", key="draw_clear", on_click=_clear,
                  disabled=not n, width="stretch",
                  help="Remove every drawn point (generated points stay; Undo brings them back).")
        _typed_point_form()
        gone = len(st.session_state.get(own_points.ERASED, ()))
        st.caption((f"{n} drawn point{'s' if n != 1 else ''} (always in the training set)." if n
                    else "No drawn points yet.")
                   + (f" {gone} point{'s' if gone != 1 else ''} erased." if gone else ""))
        if st.session_state.get(_NOTE):
            st.caption(st.session_state[_NOTE])
    return how


def _typed_point_form() -> None:
    """Coordinates and a class typed in, for who cannot click: Enter in a box submits the form.
    In a box drawn open only on request (its header is one Tab stop; Enter opens it): closed, the
    form's five widgets are not built, which every full run of every page with this panel paid."""
    box = st.expander("Type a point (keyboard)", key=TYPED_OPEN, on_change="rerun")
    if not box.open:
        return
    with box, st.form("typed_point", clear_on_submit=False, border=False):
        st.caption("Enter in a box adds the point.")
        a, b = st.columns(2)
        a.number_input("x₁", value=0.0, step=0.1, format="%g", key=TYPED_X)
        b.number_input("x₂", value=0.0, step=0.1, format="%g", key=TYPED_Y)
        st.selectbox("class", range(MAX_CLASSES), index=int(st.session_state.get("draw_class", 0)),
                     format_func=lambda c: f"{c} {COLOR_NAMES[c]}", key=TYPED_CLASS)
        st.form_submit_button("Add point", icon=":material/add:", on_click=add_typed, width="stretch",
                              key="typed_add")


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
