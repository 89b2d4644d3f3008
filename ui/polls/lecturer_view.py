"""The lecturer's view of a poll, made for a projector in presenter mode (1280x720, read from the
back row): the question; the task with the answers drawn live (every student's line and their
median, or the votes); the code and join link in large type with a QR code; how many answered;
Close, Reveal and Reset. The view is a fragment rerun every second, so an answer shows within
two seconds of arriving without rerunning the page.
"""

from __future__ import annotations

import html
import io

import segno
import streamlit as st

from polls import questions, room
from ui.core import charts
from ui.polls import poll_board, poll_link

EVERY = 1.0          # s between two looks at the answers
CHART = "poll_room_plane"
CODE_REM = 4.2       # the code's type: about 70 px, legible across a hall
QR_PX = 210
# the task fills the screen under the question (about 60 px with its margins) on any projector
TALL = "max(420px, calc(100vh - 96px))"

_CSS = f"""<style>
.st-key-poll_join .poll-code {{font: 700 {CODE_REM}rem/1 ui-monospace, monospace; letter-spacing: 0.12em;
  margin: 0;}}
.st-key-poll_join .poll-say {{font-size: 1.3rem; margin: 0;}}
.st-key-poll_join .poll-url {{font-size: 1.15rem; overflow-wrap: anywhere; margin: 0.2rem 0 0 0;}}
.st-key-poll_count .poll-number {{font: 700 3rem/1 sans-serif; margin: 0;}}
.st-key-poll_count p {{margin: 0;}}
.st-key-poll_question h2 {{padding: 0 0 0.2rem 0; font-size: 2rem;}}
</style>"""


def qr_png(url: str) -> bytes:
    """The join link as a QR code: a PNG (segno writes it in pure Python), a white quiet zone
    of two modules around it so a phone finds it on a dark projector page too."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="png", scale=8, border=2)
    return out.getvalue()


def _join(poll: room.Poll) -> None:
    url = poll_link.join_link(poll.code)
    host, _, query = url.split("://", 1)[-1].partition("?")
    with st.container(key="poll_join", gap="small"):
        st.html(f'<p class="poll-say">Join with the code</p><p class="poll-code">{html.escape(poll.code)}</p>'
                f'<p class="poll-url">{html.escape(host)}<wbr>?{html.escape(query)}</p>')
        st.image(qr_png(url), width=QR_PX)


def _count(n: int, poll: room.Poll) -> None:
    state = {"open": "open: answers come in", "closed": "closed: no new answers",
             "revealed": "closed, answer revealed"}[poll.state]
    with st.container(key="poll_count"):
        st.html(f'<p class="poll-number">{n}</p><p>answer{"s" * (n != 1)} · {state}</p>')


def _act(what: str, code: str, key: str) -> None:
    try:
        getattr(room, what)(poll_link.store(), code, key)
    except room.Refused as refused:
        st.session_state["_poll_refused"] = refused.message


def _controls(poll: room.Poll, key: str) -> None:
    with st.container(horizontal=True, gap="small"):
        st.button("Close", key="poll_close", icon=":material/lock:", disabled=poll.state != "open",
                  on_click=_act, args=("close", poll.code, key), help="No new answers; the room's stay.")
        st.button("Reveal", key="poll_reveal", type="primary", icon=":material/visibility:",
                  disabled=poll.state == "revealed", on_click=_act, args=("reveal", poll.code, key),
                  help="Show the algorithm's answer and the scores, here and on every phone.")
        st.button("Reset", key="poll_reset", icon=":material/restart_alt:", on_click=_act,
                  args=("reset", poll.code, key), help="Delete the answers and open the poll again.")
    if st.session_state.get("_poll_refused"):
        st.warning(st.session_state.pop("_poll_refused"))


def show(poll: room.Poll, key: str) -> None:
    """The live view (a fragment: every EVERY seconds it reads the poll again)."""
    st.html(_CSS)
    with st.container(key="poll_question"):
        st.header(questions.QUESTIONS[poll.kind], anchor=False)

    @st.fragment(run_every=EVERY)
    def live() -> None:
        now = room.get(poll_link.store(), poll.code) or poll
        try:
            answers = room.answers(poll_link.store(), now.code, key)
        except room.Refused as refused:
            st.warning(refused.message)
            return
        left, right = st.columns([3, 1.35], gap="medium")
        with left:
            if now.kind == "line":
                poll_board.draw(now, CHART, room=answers, revealed=now.state == "revealed", height=TALL)
            else:
                task_col, votes_col = st.columns([1.15, 1], gap="small")
                with task_col:
                    poll_board.draw(now, CHART, height=TALL, legend=False)
                with votes_col:
                    charts.plotly_chart(poll_board.votes(now, answers, height=600), theme=None,
                                        config=poll_board.CONFIG, key="poll_votes")
        with right:
            if now.state != "revealed":   # after the reveal the poll takes no answers: the scores take the room
                _join(now)
            _count(len(answers), now)
            _controls(now, key)
            if now.state == "revealed":
                poll_board.room_scores(now, answers, height=330)

    live()
