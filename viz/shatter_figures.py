"""Pictures for the Shatter exercise.

* :func:`shatter_plane` — the plane (or, for intervals, the line) the student places points on:
  point 1 (given) and theirs, numbered; on a break task coloured by the labelling chosen.
* :func:`labellings_grid` — every labelling of the points, each with the hypothesis that realises
  it (the hard-margin line, the positives' bounding box or interval), the impossible ones crossed
  out on red (``viz.theory.labelings_figure`` draws the grid).

Pure functions: no Streamlit, no checking (the verdicts come in computed).
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from . import palette
from .theory import labelings_figure

__all__ = ["shatter_plane", "labellings_grid"]

_FONT = dict(family="Arial, Helvetica, sans-serif", size=13, color=palette.INK)


def _axis(**extra) -> dict:
    return {**dict(showgrid=True, gridcolor=palette.GRID, zeroline=False, showline=True, linecolor="#BBBBBB",
                   mirror=True, ticks="outside", tickcolor="#BBBBBB", fixedrange=True), **extra}


def shatter_plane(X, *, bound: float = 3.0, on_a_line: bool = False, positive=None,
                  height: int = 400) -> go.Figure:
    """The points X (m, 2), numbered, point 1 first (the given one, ringed in a thick line).

    ``positive``: the numbers (1-based) of the positive points of a chosen labelling, drawn in
    class 1's colour and shape, the others in class 0's; None: every point grey. ``on_a_line``:
    the x₁ axis only (intervals), a short strip with the line drawn through it.
    """
    X = np.asarray(X, dtype=np.float64).reshape(-1, 2)
    m = len(X)
    numbers = np.arange(1, m + 1)
    if positive is None:
        colours, symbols = [palette.NEUTRAL] * m, ["circle"] * m
    else:
        pos = [j in positive for j in numbers]
        colours = [palette.class_color(int(p)) for p in pos]
        symbols = [palette.class_symbol(int(p)) for p in pos]
    symbols = [("square" if positive is None else s) if j == 1 else s for j, s in zip(numbers, symbols, strict=True)]
    widths = [3 if j == 1 else 1 for j in numbers]
    text = [str(j) for j in numbers]
    # on a line, numbers alternate above and below so that close points keep readable labels
    where = [("top center" if j % 2 else "bottom center") if on_a_line else "top center" for j in numbers]
    fig = go.Figure()
    if on_a_line:
        fig.add_shape(type="line", x0=-bound, x1=bound, y0=0, y1=0, line=dict(color=palette.INK, width=1.5),
                      layer="below")
    fig.add_trace(go.Scatter(
        x=X[:, 0].astype(np.float32), y=X[:, 1].astype(np.float32), mode="markers+text", text=text,
        textposition=where, showlegend=False, name="points",
        marker=dict(size=15, color=colours, symbol=symbols, line=dict(color=palette.INK, width=widths)),
        hovertemplate="point %{text}: (%{x:.2f}, %{y:.2f})<extra></extra>"))
    y_range = [-1, 1] if on_a_line else [-bound, bound]
    fig.update_layout(
        template="none", font=_FONT, height=180 if on_a_line else height, margin=dict(l=45, r=10, t=10, b=40),
        # fixed axes: two quick clicks are a plotly double click, which would reset the ranges
        xaxis=_axis(range=[-bound, bound], autorange=False, title=dict(text="x₁"), constrain="domain"),
        yaxis=_axis(range=y_range, autorange=False, title=dict(text="" if on_a_line else "x₂"),
                    showticklabels=not on_a_line, showgrid=not on_a_line,
                    **({} if on_a_line else dict(scaleanchor="x", scaleratio=1.0, constrain="domain",
                                                 constraintoward="top"))),
        paper_bgcolor=palette.WHITE, plot_bgcolor=palette.WHITE, uirevision="shatter_exercise")
    return fig


def labellings_grid(X, labels, realised, hypotheses, cls: str, *, columns: int = 4, panel: int = 110) -> go.Figure:
    """One panel per labelling (``viz.theory.labelings_figure``), titled by its positive points,
    with its hypothesis drawn:
    ``hypotheses[i]`` is a line (w₁, w₂, t), a rectangle (a₁, b₁, a₂, b₂) or an interval (a, b)
    as ``cls`` says, None where there is none to draw (impossible, or no positive point)."""
    X = np.asarray(X, dtype=np.float64)
    lines = None
    if cls == "lines":
        normals = np.array([h[:2] if h is not None else (np.nan, np.nan) for h in hypotheses], dtype=np.float64)
        offsets = np.array([h[2] if h is not None else np.nan for h in hypotheses], dtype=np.float64)
        lines = (normals, offsets)
    fig = labelings_figure(X, labels, realised, columns=min(columns, len(labels)), lines=lines, panel=panel)
    positives = [",".join(str(j + 1) for j in np.flatnonzero(row)) or "none" for row in labels]
    for note, i in zip(fig.layout.annotations, range(len(labels)), strict=False):
        note.text = f"{'✓' if realised[i] else '✗'} {positives[i]}"
    if cls == "lines":
        return fig
    cols = min(columns, len(labels))
    pad = 0.06 * max(float(np.ptp(X, axis=0).max()), 1e-9)
    for i, h in enumerate(hypotheses):
        if h is None:
            continue
        r, c = divmod(i, cols)
        a1, b1, a2, b2 = (h[0], h[1], -pad / 2, pad / 2) if cls == "intervals" else h
        fig.add_shape(type="rect", x0=a1 - pad, x1=b1 + pad, y0=a2 - pad, y1=b2 + pad, row=r + 1, col=c + 1,
                      line=dict(color=palette.INK, width=1.2), layer="below",
                      fillcolor=palette.mix(palette.class_color(1), amount=0.8))
    return fig
