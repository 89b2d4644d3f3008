"""Who is on the Ask the room page, from its link: the poll (``poll=<code>``), the lecturer's key
(``key=<token>``) and the student's anonymous id (``me=<id>``), kept for the session and written
back to the address bar, so a reload, or a reconnection to another replica, brings back the same
poll and the same student. And the way a poll is opened: from an exercise's task row or from this
page, into presenter mode.

The key is only ever checked by ``polls.room``: a link whose key does not control the poll is a
student's link, and the page shows it no control (``polls.room`` would refuse one anyway).
"""

from __future__ import annotations

from typing import NamedTuple

import streamlit as st

from polls import room
from ui.core import settings
from ui.core.charts import PRESENT_KEY

PAGE = "pages/39_Ask_the_room.py"
KINDS = ("line", "setting", "neighbours", "which_model", "curve")   # the exercises a poll can ask
_LINK = "_poll_link"          # session: {"poll": code, "key": token, "me": student id}
_LECTURER = "_poll_lecturer"  # session: (code, key) found to control the poll
_GO = "_poll_go"              # session: the presenter's link of a poll an exercise page just opened


class Visit(NamedTuple):
    """This session on the page: the poll (None: none asked, or no such poll), the code the link
    gave, the key when it controls the poll, the student's id."""
    poll: room.Poll | None
    code: str | None
    key: str | None
    me: str


def store():
    return room.store()


def _take_link() -> dict:
    """The link's items on the page's first run (or an arrival from another page) replace the
    session's; a link without them (the menu's) keeps what the session holds."""
    held = st.session_state.setdefault(_LINK, {})
    linked = {name: settings.take(name) for name in ("poll", "key", "me")}
    if linked["poll"] is not None:
        held["poll"] = linked["poll"].strip()
        held.pop("key", None)
    if linked["key"] is not None:
        held["key"] = linked["key"].strip()
    if linked["me"] is not None:
        held["me"] = linked["me"].strip()
    return held


def _student(held: dict) -> str:
    me = held.get("me")
    if me is not None and room.valid_student(me):
        return me
    if me is not None:
        settings.report(f"**me** = `{me[:24]}` is not a student id of this app: you answer as a new student "
                        "(an answer sent under the old link stays with it).")
    held["me"] = room.new_student()
    return held["me"]


def controls(poll: room.Poll, key: str | None) -> bool:
    """Whether ``key`` controls ``poll`` (``polls.room.controls`` decides). A session that proved
    its key keeps it."""
    if not key:
        return False
    if st.session_state.get(_LECTURER) == (poll.code, key):
        return True
    if not room.controls(store(), poll.code, key):
        return False
    st.session_state[_LECTURER] = (poll.code, key)
    return True


def visit() -> Visit:
    """Read the link (first run, or arrival from another page), keep it, and write it back."""
    held = _take_link()
    code = held.get("poll") or None
    poll = None if code is None else room.get(store(), code)
    key = held.get("key") if poll is not None and controls(poll, held.get("key")) else None
    me = _student(held)
    settings.link_item("poll", code)
    settings.link_item("key", key)   # a key that controls nothing is left out of the link
    settings.link_item("me", me if code and key is None else None)
    return Visit(poll, code, key, me)


def join(code: str) -> None:
    """Become a student of the poll ``code`` (typed on the page)."""
    st.session_state.setdefault(_LINK, {})["poll"] = code.strip().upper()   # codes are capitals
    st.session_state[_LINK].pop("key", None)


def open_here(kind: str, level: int, seed: int) -> None:
    """Open a poll on (kind, level, seed) and show it in presenter mode, on this page (a callback)."""
    poll, token = room.open_poll(store(), kind, int(level), int(seed))
    st.session_state[_LINK] = {"poll": poll.code, "key": token}
    st.session_state[_LECTURER] = (poll.code, token)
    st.session_state[PRESENT_KEY] = True


def _open_from_exercise(kind: str, level: int, seed: int) -> None:
    poll, token = room.open_poll(store(), kind, int(level), int(seed))
    st.session_state[_LECTURER] = (poll.code, token)
    st.session_state[_GO] = {"poll": poll.code, "key": token, "present": "1"}


def ask_button(where, task) -> None:
    """The exercise's "Ask the room" button (in its task row's "Task link" popover, ``where``,
    beside the link it shares: a button in the row itself wrapped the row to two lines at
    1280x720 and pushed the plane below the fold): it opens a poll on the task (kind, level,
    seed) and switches to the Ask the room page with the presenter's link (``poll``, ``key``) and
    presenter mode on. The poll is opened in the button's callback (a run the router restarts
    keeps it) and the switch is made by the run after it."""
    link = st.session_state.pop(_GO, None)
    if link is not None:
        st.switch_page(PAGE, query_params=link)
    key = f"ex_{task.kind}_ask"
    where.button("Ask the room", key=key, icon=":material/groups:", on_click=_open_from_exercise,
                 args=(task.kind, task.level, task.seed),
                 help="Ask the room: open a poll on this task. Everyone answers on their phone; the projector "
                      "shows every answer, then the algorithm's.")


def join_link(code: str) -> str:
    """The student's link: this page's address with the poll's code."""
    try:
        base = (st.context.url or "").split("?")[0]
    except Exception:  # st.context.url is missing outside a browser session
        base = ""
    return f"{base or 'Ask_the_room'}?poll={code}"
