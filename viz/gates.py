"""Logic gates on the unit square: the truth table's points, a perceptron's line w·x + w0 = 0
with the side where it outputs 1 shaded and its normal vector w, and the XOR network's
hidden plane (z1, z2).

Pure functions: no Streamlit, no fitting.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from . import palette

__all__ = ["gate_figure", "half_plane", "line_segment", "linear_text"]

_FONT = dict(family="Arial, Helvetica, sans-serif", size=13, color=palette.INK)
LO, HI = -0.5, 1.5
LINE_COLORS = (palette.INK, "#7A7A7A")


def linear_text(w, w0: float, names=("x₁", "x₂")) -> str:
    """w·x + w0 as a student writes it: (1, -1), -0.5 -> "x₁ − x₂ − 0.5"."""
    text = ""
    for v, name in zip(w, names, strict=False):
        if v == 0:
            continue
        size = "" if abs(v) == 1 else f"{abs(v):g}"
        sign = ("−" if v < 0 else "") if not text else (" − " if v < 0 else " + ")
        text += f"{sign}{size}{name}"
    if w0:
        text += f" − {abs(w0):g}" if w0 < 0 else f" + {w0:g}"
    return text or "0"


def line_segment(w, w0: float, lo: float = LO, hi: float = HI) -> np.ndarray:
    """The part of the line w1 x1 + w2 x2 + w0 = 0 inside the square [lo, hi]², as two end points
    (2, 2); an empty (0, 2) array if the line misses the square or w = 0."""
    w1, w2 = float(w[0]), float(w[1])
    found = []
    if w2 != 0:
        for x in (lo, hi):
            y = -(w0 + w1 * x) / w2
            if lo <= y <= hi:
                found.append((x, y))
    if w1 != 0:
        for y in (lo, hi):
            x = -(w0 + w2 * y) / w1
            if lo <= x <= hi:
                found.append((x, y))
    unique = np.unique(np.round(np.array(found, dtype=np.float64).reshape(-1, 2), 12), axis=0)
    return unique[:2] if len(unique) >= 2 else np.zeros((0, 2))


def half_plane(w, w0: float, lo: float = LO, hi: float = HI) -> np.ndarray:
    """The corners of the polygon {x in [lo, hi]²: w·x + w0 > 0} in order around it (k, 2)."""
    corners = np.array([[lo, lo], [hi, lo], [hi, hi], [lo, hi]])
    w = np.asarray(w, dtype=np.float64)
    inside = corners @ w + w0 > 0
    polygon = []
    for i in range(4):
        a, b = corners[i], corners[(i + 1) % 4]
        fa, fb = a @ w + w0, b @ w + w0
        if inside[i]:
            polygon.append(a)
        if (fa > 0) != (fb > 0):
            polygon.append(a + (b - a) * fa / (fa - fb))
    return np.array(polygon).reshape(-1, 2)


def gate_figure(X, y, *, lines=(), shade: int | None = 0, axis_titles=("x₁", "x₂"), title: str | None = None,
                point_labels=None, text_position: str = "top center", height: int = 360) -> go.Figure:
    """The points X (n, 2) coloured by output y (0 or 1), and each of ``lines`` = (w, w0, name)
    with its normal vector w drawn from the line's midpoint; the side w·x + w0 > 0 of the line
    number ``shade`` is shaded. A one-input gate (X of shape (n, 1)) is drawn on the x₁ axis."""
    X = np.asarray(X, dtype=np.float64)
    if X.shape[1] == 1:
        X = np.column_stack([X[:, 0], np.zeros(len(X))])
        lines = [(np.array([w[0], 0.0]), w0, name) for w, w0, name in lines]
    y = np.asarray(y)
    traces = []
    for i, (w, w0, name) in enumerate(lines):
        if i == shade:
            poly = half_plane(w, w0)
            if len(poly):
                traces.append(go.Scatter(x=poly[:, 0], y=poly[:, 1], fill="toself", mode="none",
                                         fillcolor=palette.region_tint(1), name=f"{name} > 0: output 1",
                                         hoverinfo="skip"))
    for i, (w, w0, name) in enumerate(lines):
        seg = line_segment(w, w0)
        if not len(seg):
            continue
        color = LINE_COLORS[i % len(LINE_COLORS)]
        traces.append(go.Scatter(x=seg[:, 0], y=seg[:, 1], mode="lines", name=f"{name} = 0",
                                 line=dict(color=color, width=2.5, dash="solid" if i == 0 else "dash"),
                                 hoverinfo="name"))
        mid = seg.mean(axis=0)
        unit = np.asarray(w, dtype=np.float64) / np.linalg.norm(w)
        tip = mid + 0.3 * unit
        traces.append(go.Scatter(x=[mid[0], tip[0]], y=[mid[1], tip[1]], mode="lines+markers",
                                 line=dict(color=color, width=1.5), showlegend=False, hoverinfo="skip",
                                 marker=dict(symbol=["circle", "arrow"], angleref="previous", size=[1, 12],
                                             color=color), name=f"w of {name}"))
    labels = point_labels if point_labels is not None else [
        f"({', '.join(f'{v:g}' for v in row)})" for row in X]
    for k in (0, 1):
        sel = y == k
        traces.append(go.Scatter(
            x=X[sel, 0], y=X[sel, 1], mode="markers+text", name=f"output {k}",
            text=[labels[i] for i in np.flatnonzero(sel)], textposition=text_position, cliponaxis=False,
            marker=dict(size=16, color=palette.class_color(k), symbol=palette.class_symbol(k),
                        line=dict(color=palette.WHITE, width=1.5)),
            hovertemplate=f"output {k}<br>%{{text}}<extra></extra>"))
    fig = go.Figure(traces)
    axis = dict(range=[LO, HI], gridcolor=palette.GRID, zeroline=False, showline=True, mirror=True,
                linecolor="#BBBBBB", dtick=0.5, constrain="domain")
    # the legend goes under the plot: above it, it would collide with the title in a narrow column
    fig.update_layout(template="none", font=_FONT, height=int(height), paper_bgcolor=palette.WHITE,
                      plot_bgcolor=palette.WHITE, margin=dict(l=50, r=10, t=40 if title else 15, b=120),
                      legend=dict(orientation="h", yanchor="top", y=-0.22, x=0, font=dict(size=12)),
                      xaxis=dict(axis, title=dict(text=axis_titles[0])),
                      yaxis=dict(axis, title=dict(text=axis_titles[1]), scaleanchor="x", scaleratio=1))
    if title:
        fig.update_layout(title=dict(text=title, x=0, y=0.98, font=dict(size=15)))
    return fig
