"""What a poll shows of its task: the same data and picture as the exercise's page (the points of
a line task, the data of a setting task, the k-NN star, the regions of an unnamed model, the
learning curve), built once per server per task, with the room's answers drawn over it.

Each task figure is shared (``ui.serving.cache``): a copy is changed, never the shared one.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from exercises.line_geometry import through
from polls import questions, room
from ui.core import alt_text, charts
from ui.core.charts import config as chart_config
from ui.core.small_screens import PHONE
from ui.exercises import model_regions, pick_setting, read_curve
from ui.polls import poll_lines
from ui.serving.cache import sharable
from viz import poll_figures
from viz.knn_plane import COLOR_NAMES, neighbours_plane
from viz.line_plane import YOUR_LINE, line_plane_figure

CONFIG = {**chart_config("ask_the_room", scroll_zoom=False, double_click=False), "displayModeBar": False}
HEIGHT = 520   # px: the task's picture on a 1280x720 projector under the question
SCALES = ("setting",)   # choices that are values in order: drawn as a histogram, not as bars


@sharable(max_entries=64)
def task_figure(kind: str, level: int, seed: int) -> go.Figure:
    """The task's picture as its exercise page draws it, without any answer."""
    task = questions.task(kind, level, seed)
    if kind == "line":
        return line_plane_figure(task.X, (np.asarray(task.t) > 0).astype(int), questions.bounds(task), height=HEIGHT)
    if kind == "setting":
        return pick_setting.plane(level, seed)
    if kind == "neighbours":
        return neighbours_plane(task.points, task.classes, task.query, height=HEIGHT)
    if kind == "which_model":
        fig = model_regions.region_figure(model_regions.task_of(level, seed), task.drawn, HEIGHT, 200)
        return go.Figure(fig)
    return read_curve.learning(level, seed)


def _copy(poll) -> go.Figure:
    fig = go.Figure(charts.shared_figure(task_figure, poll.kind, poll.level, poll.seed))
    fig.update_layout(height=None)
    return fig


def truth_ends(poll):
    """The algorithm's line on the plane (line polls: the SVM's, or the pocket perceptron's when it
    makes fewer errors), as a segment."""
    task = questions.task(poll.kind, poll.level, poll.seed)
    x1, y1, x2, y2 = questions.truth(poll.kind, task)
    return poll_lines.ends(through((x1, y1), (x2, y2)), questions.bounds(task))


def draw(poll, key: str, *, room=(), mine=None, first=None, revealed: bool = False,
         height: str = f"{HEIGHT}px", legend: bool = True) -> None:
    """The task's picture under ``key``; on a line task the ``room``'s lines (faint, with their
    median), the student's own line ``mine`` and a first tap ``first``, the algorithm's line once
    ``revealed``. ``height``: the picture's CSS height (a phone's is set by its width); ``legend``: False
    where the picture shares its width with the votes (the classes' colours say enough)."""
    fig = _copy(poll)
    if not legend:
        fig.update_layout(showlegend=False)
    said = f"The task of the poll \"{questions.QUESTIONS[poll.kind]}\""
    if poll.kind == "line":
        bounds = questions.bounds(questions.task(poll.kind, poll.level, poll.seed))
        segments, median = poll_lines.room(room, bounds)
        poll_figures.room_lines(fig, segments, median=median, truth=truth_ends(poll) if revealed else None,
                                truth_name="the algorithm's line")
        own = None if mine is None else poll_lines.ends(poll_lines.line_of(mine), bounds)
        if own is not None:
            fig.add_trace(go.Scatter(x=[own[0][0], own[1][0]], y=[own[0][1], own[1][1]], mode="lines",
                                     name="your line", line=dict(color=YOUR_LINE, width=4), hoverinfo="skip"))
        if first is not None:
            fig.add_trace(go.Scatter(x=[first[0]], y=[first[1]], mode="markers", name="first tap",
                                     hoverinfo="skip", marker=dict(symbol="cross-thin-open", size=22,
                                                                   color=YOUR_LINE, line=dict(width=3))))
        said += f". {len(segments)} students' lines drawn faintly" + (", with their median line" if segments else "")
        fig.update_layout(legend=dict(orientation="h", y=1.02, yanchor="bottom", x=0))
    with st.container(key=key):
        st.html(f"<style>.st-key-{key} {{height: {height}; flex: 0 0 auto;}} @media {PHONE} "
                f"{{.st-key-{key} {{height: calc(100vw + 60px) !important;}}}}</style>")
        charts.plotly_chart(fig, width="stretch", height="stretch", key=f"{key}_chart", theme=None, config=CONFIG)
    alt_text.summary(key, said)


def labels(poll: room.Poll) -> tuple[str, ...]:
    """The choices as the page names them. A class is named as on its exercise page and in the
    plane's legend, "class 0 (blue)" (polls.questions says "class 0")."""
    task = questions.task(poll.kind, poll.level, poll.seed)
    if poll.kind == "neighbours":
        return tuple(f"class {c} ({COLOR_NAMES[c % len(COLOR_NAMES)]})" for c in range(task.n_classes))
    return questions.choices(poll.kind, task)


def votes(poll: room.Poll, answers: list, *, mine=None, height: int = 360):
    """The votes of a choice poll as bars, the algorithm's answer coloured once revealed."""
    task = questions.task(poll.kind, poll.level, poll.seed)
    names = labels(poll)
    if poll.kind in SCALES:   # "C = 0.1" -> "0.1": the axis is titled with the setting's name
        names = tuple(name.split(" = ", 1)[-1] for name in names)
    counts = [0] * len(names)
    for a in answers:
        counts[int(a)] += 1
    right = questions.truth(poll.kind, task) if poll.state == "revealed" else None
    return poll_figures.votes_figure(names, counts, right=right, mine=mine, height=height,
                                     vertical=poll.kind in SCALES,
                                     title=getattr(task, "label", ""))


def scores(poll: room.Poll, answers: list) -> list[float]:
    task = questions.task(poll.kind, poll.level, poll.seed)
    return [questions.score(poll.kind, task, a) for a in answers]


def room_scores(poll: room.Poll, answers: list, *, mine: float | None = None, height: int = 260) -> None:
    """After the reveal: the room's scores (a histogram for graded kinds, the share right for the others)."""
    marks = scores(poll, answers)
    if poll.kind in ("line", "setting"):
        st.markdown("**The room's scores**" + ("" if mine is None else f" · yours: **{100 * mine:.0f}%**"))
        charts.plotly_chart(poll_figures.scores_figure(marks, mine=mine, height=height), theme=None,
                            config=CONFIG, key="poll_scores")
    else:
        right = sum(m >= 1 for m in marks)
        st.markdown(f"**{right} of {len(marks)}** chose the algorithm's answer "
                    f"({100 * right / max(1, len(marks)):.0f}%)"
                    + ("" if mine is None else f" · you: **{'right' if mine >= 1 else 'not this time'}**"))
