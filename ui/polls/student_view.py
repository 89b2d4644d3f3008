"""The student's view of a poll, made for a phone: the question, the same data, and one or two
taps to answer (two taps on the plane for a line, or two typed points; one tap on a choice).
"Answer received" after each accepted answer; another answer replaces it until the poll closes.
A light fragment looks at the poll every few seconds and reruns the page when the lecturer
closes, reveals or resets it; after the reveal the student's own score stands beside the room's.

A refused answer (too many a minute, out of range, the poll closed or full) gets one sentence,
and what the student entered stays where it was (the taps land in the typed points, so Send
tries again).
"""

from __future__ import annotations

import math
import statistics

import streamlit as st

from exercises.line_geometry import SAME_SPOT
from polls import questions, room
from ui.core import charts
from ui.data import draw
from ui.polls import poll_board, poll_link

EVERY = 3.0               # s between two looks at the poll's state
CHART = "poll_plane"
TYPED = ("poll_x1", "poll_y1", "poll_x2", "poll_y2")
CHOICE, SEND, RECEIPT = "poll_choice", "poll_send", "Answer received"
_FIRST = "_poll_first"    # session: the first tap of a line, waiting for its second
_TAPS = "_poll_taps"      # session: taps taken from the plane, not yet used (a list changed in place)
_LAST = "_poll_last_tap"  # session: the last tap used (a tap sent twice is used once)
_NOTE = "_poll_note"      # session: the sentence of the last refusal (None: accepted)


def _send(code: str, me: str, raw) -> None:
    try:
        room.answer(poll_link.store(), code, me, raw)
    except room.Refused as refused:
        st.session_state[_NOTE] = refused.message
    else:
        st.session_state[_NOTE] = None


def _tap(code: str, me: str, x: float, y: float) -> None:
    last = st.session_state.get(_LAST)
    if last is not None and math.dist(last, (x, y)) < SAME_SPOT:
        return   # the same tap again (a double tap, or a tap delivered twice): one line needs two spots
    st.session_state[_LAST] = (x, y)
    first = st.session_state.get(_FIRST)
    if first is None:
        st.session_state[_FIRST] = (x, y)
        return
    st.session_state[_FIRST] = None
    points = (*first, x, y)
    for key, value in zip(TYPED, points, strict=True):   # kept: Send tries them again after a refusal
        st.session_state[key] = round(float(value), 2)
    _send(code, me, tuple(round(float(v), 2) for v in points))


def _typed(code: str, me: str) -> None:
    values = [st.session_state.get(key) for key in TYPED]
    if any(v is None for v in values):
        st.session_state[_NOTE] = "Type both points, A (x₁, x₂) and B (x₁, x₂), then send."
        return
    st.session_state[_FIRST] = None
    _send(code, me, tuple(float(v) for v in values))


def _chosen(code: str, me: str) -> None:
    choice = st.session_state.get(CHOICE)
    if choice is None:
        st.session_state[_NOTE] = "Tap one of the answers first."
        return
    _send(code, me, int(choice))


def told(poll: room.Poll, mine, answers: list) -> str:
    """After the reveal: the algorithm's answer, the student's own score and the room's."""
    task = questions.task(poll.kind, poll.level, poll.seed)
    marks = [questions.score(poll.kind, task, a) for a in answers]
    if poll.kind in ("line", "setting"):
        best = None if poll.kind == "line" else questions.choices(poll.kind, task)[questions.truth(poll.kind, task)]
        truth = ("The algorithm's line is dashed on the plane." if best is None else
                 f"The best by cross-validation: **{best}**.")
        own = "You sent no answer." if mine is None else \
            f"Your score: **{100 * questions.score(poll.kind, task, mine):.0f}%**."
        room_median = f"{100 * statistics.median(marks):.0f}%" if marks else "none"
        many = f"{len(marks)} answer{'s' * (len(marks) != 1)}"
        return f"{truth} {own} The room's median score: **{room_median}** ({many})."
    labels = poll_board.labels(poll)
    right = questions.truth(poll.kind, task)
    own = ("You sent no answer." if mine is None else "You chose it: right." if int(mine) == right else
           f"You chose **{labels[int(mine)]}**.")
    return (f"The algorithm's answer: **{labels[right]}**. {own} "
            f"{sum(m >= 1 for m in marks)} of {len(marks)} in the room chose it.")


def _status(poll: room.Poll, mine, answers: list) -> None:
    note = st.session_state.get(_NOTE)
    with st.container(key="poll_status"):
        if note:
            st.warning(note, icon=":material/block:")
        if poll.state == "revealed":
            st.success(told(poll, mine, answers), icon=":material/visibility:")
        elif poll.state != "open":
            st.info("The poll is closed." + (" Your answer counts as sent." if mine is not None else ""),
                    icon=":material/lock:")
        elif mine is not None and not note:
            st.success(f"{RECEIPT}. You can change it until the poll closes.", icon=":material/check_circle:")
        elif not note:
            st.caption("Not answered yet." + (" Tap two points on the plane: your line goes through both."
                                               if poll.kind == "line" else " Tap your answer."))


def _line_inputs(poll: room.Poll, me: str) -> None:
    st.caption("Or type two points of your line and send them:")
    cells = st.columns(4, gap="small")
    for cell, key, label in zip(cells, TYPED, ("A x₁", "A x₂", "B x₁", "B x₂"), strict=True):
        cell.number_input(label, value=None, step=0.1, format="%.2f", key=key)
    st.button("Send", key=SEND, icon=":material/send:", on_click=_typed, args=(poll.code, me),
              disabled=poll.state != "open")


def _choice_inputs(poll: room.Poll, me: str, mine) -> None:
    labels = poll_board.labels(poll)
    if mine is not None and st.session_state.get(CHOICE) is None:
        st.session_state[CHOICE] = int(mine)      # a reload shows the answer already sent
    st.pills("Your answer", range(len(labels)), format_func=lambda i: labels[i], key=CHOICE,
             on_change=_chosen, args=(poll.code, me), disabled=poll.state != "open")
    st.button("Send", key=SEND, icon=":material/send:", on_click=_chosen, args=(poll.code, me),
              disabled=poll.state != "open", help="A tap sends already; this sends your choice again.")


def show(poll: room.Poll, me: str) -> None:
    store = poll_link.store()
    if poll.kind == "line" and poll.state == "open":
        # The listener marks a tap taken right after its on_click, with no session access between
        # (ui.data.draw.listen): the taps are only queued there, and used after it.
        taps = st.session_state.setdefault(_TAPS, [])
        draw.listen(CHART, True, on_click=lambda x, y: taps.append((x, y)), key="poll_click", every_click=True)
        while taps:
            _tap(poll.code, me, *taps[0])
            taps.pop(0)
    mine = room.mine(store, poll.code, me)
    revealed = poll.state == "revealed"
    answers = room.answers(store, poll.code) if revealed else []   # nobody else's answer before the reveal
    st.subheader(questions.QUESTIONS[poll.kind], anchor=False)
    _status(poll, mine, answers)
    if poll.kind == "line":
        poll_board.draw(poll, CHART, room=answers, mine=mine, first=st.session_state.get(_FIRST),
                        revealed=revealed)
        _line_inputs(poll, me)
    else:
        _choice_inputs(poll, me, mine)
        poll_board.draw(poll, CHART)
        if revealed:
            charts.plotly_chart(poll_board.votes(poll, answers, mine=mine), theme=None, config=poll_board.CONFIG,
                                key="poll_votes")
    if revealed and poll.kind in ("line", "setting"):
        task = questions.task(poll.kind, poll.level, poll.seed)
        own = None if mine is None else questions.score(poll.kind, task, mine)
        poll_board.room_scores(poll, answers, mine=own)

    @st.fragment(run_every=EVERY)
    def watch() -> None:
        now = room.get(store, poll.code)
        if now is None or now.state != poll.state or room.mine(store, poll.code, me) != mine:
            st.rerun(scope="app")

    watch()
