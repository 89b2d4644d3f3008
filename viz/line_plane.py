"""The plane of the line exercises: two classes of points, the lines drawn on them (the student's,
the algorithms'), a street as a shaded band between its two edges, the points a line gets wrong
crossed, the support vectors ringed, and the first click of a line still waiting for its second.

The geometry (which points are wrong, where a line crosses the plane) is computed by the caller
(``exercises.line_geometry``); this module only draws it. Styled as every plane of the app
(``viz.decision.points_figure``: the class palette and symbols, equal axes).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go

from . import palette
from .decision import legend_room, misclassified_marker, points_figure

YOUR_LINE = palette.INK
PERCEPTRON = palette.CLASS_COLORS[2]   # bluish green
SVM = palette.CLASS_COLORS[3]          # reddish purple


@dataclass(frozen=True)
class Drawn:
    """A line segment to draw: its name (the legend's), end points, colour, dash and width."""
    name: str
    ends: tuple[tuple[float, float], tuple[float, float]]
    color: str = YOUR_LINE
    dash: str = "solid"
    width: float = 3.0
    legend: bool = True


def _band(name: str, low: Drawn, high: Drawn, color: str) -> go.Scatter:
    """The shaded quadrilateral between two parallel segments (a street's edges)."""
    (a, b), (c, d) = low.ends, high.ends
    if np.dot(np.subtract(b, a), np.subtract(d, c)) < 0:   # the same direction, so the outline does not cross
        c, d = d, c
    xs, ys = zip(a, b, d, c, a, strict=True)
    return go.Scatter(x=list(xs), y=list(ys), mode="lines", fill="toself", fillcolor=palette.mix(color, amount=0.8),
                      opacity=0.55, line=dict(width=0), name=name, hoverinfo="skip", showlegend=False)


def line_plane_figure(X, labels, bounds, *, height: int = 540, lines: tuple[Drawn, ...] = (),
                      streets: tuple[tuple[str, Drawn, Drawn, str], ...] = (), wrong=None, rings=None,
                      pending: tuple[float, float] | None = None) -> go.Figure:
    """The points ``X`` with class indices ``labels`` (0 or 1) on the plane ``bounds``, and on them:
    ``streets`` (name, one edge, the other edge, colour) shaded under everything, ``lines``,
    crosses on the points where ``wrong`` is True, rings round the points ``rings`` (indices),
    and a marker at ``pending`` (a first click)."""
    X = np.asarray(X, dtype=np.float64)
    fig = points_figure(X, np.asarray(labels), bounds=bounds, height=height, equal_aspect=True, uirevision="line")
    for name, low, high, color in streets:
        fig.add_trace(_band(name, low, high, color))
        for edge in (low, high):
            fig.add_trace(_segment(edge))
    fig.data = (*fig.data[len(fig.data) - 3 * len(streets):], *fig.data[:len(fig.data) - 3 * len(streets)])
    for drawn in lines:
        fig.add_trace(_segment(drawn))
    if wrong is not None and np.any(wrong):
        bad = X[np.asarray(wrong, dtype=bool)]
        fig.add_trace(go.Scatter(x=bad[:, 0], y=bad[:, 1], mode="markers", name="wrong side",
                                 marker=misclassified_marker(len(bad)), hoverinfo="skip"))
    if rings is not None and len(rings):
        sv = X[np.asarray(rings, dtype=int)]
        fig.add_trace(go.Scatter(x=sv[:, 0], y=sv[:, 1], mode="markers", name="support vectors", hoverinfo="skip",
                                 marker=dict(symbol="circle-open", size=22, color=SVM, line=dict(color=SVM, width=3))))
    if pending is not None:
        fig.add_trace(go.Scatter(x=[pending[0]], y=[pending[1]], mode="markers", name="first click",
                                 marker=dict(symbol="cross-thin-open", size=22, color=YOUR_LINE,
                                             line=dict(color=YOUR_LINE, width=3)), hoverinfo="skip"))
    names = [t.name for t in fig.data if t.showlegend is not False and t.name]
    top, legend_y = legend_room(names)
    fig.update_layout(margin=dict(t=top), legend=dict(y=legend_y), dragmode=False)
    return fig


def _segment(drawn: Drawn) -> go.Scatter:
    (x0, y0), (x1, y1) = drawn.ends
    return go.Scatter(x=[x0, x1], y=[y0, y1], mode="lines", name=drawn.name, showlegend=drawn.legend,
                      line=dict(color=drawn.color, dash=drawn.dash, width=drawn.width), hoverinfo="skip")
