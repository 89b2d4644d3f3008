"""The figures of a poll (``pages/39_Ask_the_room.py``): the room's answers drawn over the task,
the votes of a choice question, and the scores after the reveal.

- :func:`room_lines`: every student's line as one faint trace (a few hundred lines stay one
  trace, so the chart is redrawn every second without cost), the room's median line bold, and
  after the reveal the algorithm's line dashed;
- :func:`votes_figure`: one bar per choice with its count written on it; the right choice in
  the answer colour after the reveal, the student's own choice outlined;
- :func:`scores_figure`: how the room scored, in tenths from 0 to 100%, with a marker at the
  student's own score.
"""

from __future__ import annotations

import textwrap

import plotly.graph_objects as go

from . import palette

ROOM = "rgba(34, 34, 34, 0.22)"       # palette.INK, faint: 200 of them still let the points show
MEDIAN = palette.CLASS_COLORS[4]      # vermillion: apart from both classes' colours
TRUTH = palette.CLASS_COLORS[3]       # reddish purple, the SVM's colour on the line exercises
BAR = palette.mix(palette.INK, amount=0.55)
RIGHT = palette.CLASS_COLORS[2]       # bluish green: the algorithm's answer
BINS = 10
WRAP = 16   # characters a line of a bar's label


def room_lines(fig: go.Figure, segments, *, median=None, truth=None,
               truth_name: str = "the algorithm's line") -> go.Figure:
    """Add to ``fig`` (the task's plane) the ``segments`` ((x1, y1), (x2, y2)) as one faint trace,
    the ``median`` segment and the ``truth`` segment (None: not drawn). Changes ``fig`` in place."""
    xs, ys = [], []
    for (x1, y1), (x2, y2) in segments:
        xs += [x1, x2, None]
        ys += [y1, y2, None]
    if xs:
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", name="students' lines", hoverinfo="skip",
                                 line=dict(color=ROOM, width=1.5)))
    for name, ends, color, dash, width in (("median line", median, MEDIAN, "solid", 5),
                                           (truth_name, truth, TRUTH, "dash", 5)):
        if ends is not None:
            (x1, y1), (x2, y2) = ends
            fig.add_trace(go.Scatter(x=[x1, x2], y=[y1, y2], mode="lines", name=name, hoverinfo="skip",
                                     line=dict(color=color, dash=dash, width=width)))
    return fig


def votes_figure(labels, counts, *, right: int | None = None, mine: int | None = None, vertical: bool = False,
                 title: str = "", height: int = 360) -> go.Figure:
    """Bars of ``counts`` per choice ``labels`` (vertical: a histogram of values in their order;
    else horizontal, for long labels, the first choice on top). ``right``: the index of the
    algorithm's answer (coloured and ticked), ``mine``: the student's choice (outlined in ink)."""
    labels, counts = [str(s) for s in labels], [int(c) for c in counts]
    if right is not None:
        labels[right] = f"✓ {labels[right]}"
    if not vertical:   # long labels on two or three lines leave the bars most of the width
        labels = ["<br>".join(textwrap.wrap(label, WRAP)) for label in labels]
    colors = [RIGHT if i == right else BAR for i in range(len(labels))]
    outline = [3 if i == mine else 0 for i in range(len(labels))]
    axis_values = dict(x=labels, y=counts) if vertical else dict(x=counts, y=labels)
    fig = go.Figure(go.Bar(**axis_values, orientation="v" if vertical else "h", text=counts, textposition="auto",
                           marker=dict(color=colors, line=dict(color=palette.INK, width=outline)),
                           hovertemplate="%{text} answers<extra></extra>", name="answers"))
    top = max(counts, default=0)
    value_axis = dict(rangemode="tozero", range=[0, max(1, top) * 1.15], dtick=max(1, round(top / 5)) if top else 1,
                      gridcolor=palette.GRID, title="answers")
    value_axis["automargin"] = True
    category_axis = dict(type="category", title=title, automargin=True)
    if vertical:
        fig.update_layout(xaxis=category_axis, yaxis=value_axis)
    else:
        fig.update_layout(yaxis=dict(category_axis, autorange="reversed"), xaxis=value_axis)
    fig.update_layout(height=height, margin=dict(l=10, r=10, t=10, b=10), showlegend=False,
                      plot_bgcolor=palette.WHITE, dragmode=False, uniformtext=dict(minsize=12, mode="show"))
    return fig


def score_counts(scores) -> list[int]:
    """How many scores fall in each tenth [0, 0.1), ..., [0.9, 1.0]: 1.0 counts in the last."""
    counts = [0] * BINS
    for s in scores:
        counts[min(BINS - 1, max(0, int(float(s) * BINS)))] += 1
    return counts


def scores_figure(scores, *, mine: float | None = None, height: int = 300) -> go.Figure:
    """The room's scores as a histogram in tenths of 0-100%; the student's own tenth outlined (``mine``)."""
    counts = score_counts(scores)
    own = None if mine is None else score_counts([mine]).index(1)
    fig = go.Figure(go.Bar(x=[100 / BINS * (i + 0.5) for i in range(BINS)], y=counts, width=100 / BINS * 0.94,
                           text=[c or "" for c in counts], textposition="outside", textangle=0, cliponaxis=False,
                           name="answers",
                           marker=dict(color=[palette.mix(RIGHT, amount=0.25 if i == own else 0.55)
                                              for i in range(BINS)],
                                       line=dict(color=palette.INK, width=[3 if i == own else 0 for i in range(BINS)])),
                           hovertemplate="%{y} answers<extra></extra>"))
    fig.update_layout(height=height, margin=dict(l=10, r=10, t=24, b=10), showlegend=False, dragmode=False,
                      plot_bgcolor=palette.WHITE,
                      xaxis=dict(range=[0, 100], dtick=20, ticksuffix="%"),   # the heading above says "scores"
                      yaxis=dict(rangemode="tozero", range=[0, max(1, max(counts)) * 1.15], gridcolor=palette.GRID,
                                 title="answers", automargin=True))
    return fig
