"""Ask the room: the lecturer poses an exercise's task to the whole hall, the students answer on
their phones, and the projector shows every answer live beside the algorithm's (issue 25).

One page, three views, chosen by the link (``ui.polls.poll_link``):
- ``?poll=<code>&key=<token>``: the lecturer's view, in presenter mode (``ui.polls.lecturer_view``);
- ``?poll=<code>`` (the join link; the page adds ``me=<id>``): the student's (``ui.polls.student_view``);
- no poll: join one by its code, or open one on a question, a level and a task number.
The rules (who may do what, the limits, the scores) are ``polls.room``; the questions ``polls.questions``.
"""

import streamlit as st

from catalog.specs import ParamSpec
from polls import questions
from ui.core import settings
from ui.core.layout import finish, page
from ui.exercises.shell import LEVEL, LEVEL_NAMES, SEED
from ui.polls import lecturer_view, poll_link, student_view

QUESTION = ParamSpec("question", "choice", "line", choices=poll_link.KINDS, label="Question",
                     help="The exercise whose task the room answers.")

page("Ask the room", name="ask_the_room", with_dataset=False)
visit = poll_link.visit()


def _join() -> None:
    code = (st.session_state.get("poll_join_code") or "").strip()
    if code:
        poll_link.join(code)


def opening() -> None:
    """No poll in the link: join one by its code, or open one (the lecturer)."""
    st.markdown("A lecturer asks the whole room one question of the exercises. Everyone answers on their own "
                "phone, with no name and no account, and the projector shows all the answers as they arrive: "
                "every line drawn over the data, or the votes. Then the lecturer reveals the algorithm's answer.")
    join, start = st.columns(2, gap="large")
    with join, st.form("poll_join_form", border=True):
        st.markdown("**Join a poll**")
        st.text_input("The code on the projector", key="poll_join_code", max_chars=12, placeholder="e.g. K7QF2M")
        st.form_submit_button("Join", icon=":material/login:", on_click=_join, type="primary")
    with start, st.container(border=True):
        st.markdown("**Open a poll** (lecturer)")
        kind = settings.setting(QUESTION, "poll_new_kind", control="radio", format_func=questions.QUESTIONS.get)
        level = settings.setting(LEVEL, "poll_new_level", control="segmented", format_func=LEVEL_NAMES.get)
        seed = settings.setting(SEED, "poll_new_seed", control="number")
        st.button("Open the poll", key="poll_open", type="primary", icon=":material/groups:",
                  on_click=poll_link.open_here, args=(kind, level, seed),
                  help="Opens the poll in presenter mode, with the code and the join link for the room.")
        st.caption("An exercise page opens a poll on its own task too: **Ask the room** in its task row.")


if visit.code and visit.poll is None:
    st.warning(f"No poll has the code `{visit.code[:16]}`: it may have ended (polls are deleted a day after they "
               "open) or the code is mistyped. Type the code shown on the projector.", icon=":material/link_off:")
if visit.poll is not None and visit.key:
    lecturer_view.show(visit.poll, visit.key)
elif visit.poll is not None:
    student_view.show(visit.poll, visit.me)
else:
    opening()
finish()
