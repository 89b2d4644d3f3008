"""Figures for the notes' worked examples on the ID3 page."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from . import palette
from .decision import _FONT

_COLORS = (palette.NEUTRAL, palette.class_color(0), palette.class_color(1))


def impurity_mix_figure(table, k: int, n: int, *, height: int = 320) -> go.Figure:
    """The three impurity columns of ``table`` (one row per split j / (n - j), j = 0..n, the second
    class's count j) as lines over j, with the chosen mix k marked on each."""
    j = np.arange(n + 1, dtype=np.float32)
    fig = go.Figure()
    for column, color in zip(table.columns[1:], _COLORS, strict=True):
        values = table[column].to_numpy(dtype=np.float32)
        fig.add_trace(go.Scatter(x=j, y=values, mode="lines+markers", name=column, meta=column,
                                 line=dict(color=color, width=2.5), marker=dict(size=5),
                                 hovertemplate=f"{column}<br>%{{x}} of {n}: %{{y:.4f}}<extra></extra>"))
        fig.add_trace(go.Scatter(x=[float(k)], y=[float(values[k])], mode="markers", showlegend=False,
                                 meta=f"chosen {column}", marker=dict(size=13, color=color,
                                                                      line=dict(color=palette.INK, width=1.5)),
                                 hovertemplate=f"{column}: %{{y:.4f}}<extra></extra>"))
    fig.update_layout(template="none", font=_FONT, height=height, margin=dict(l=50, r=10, t=30, b=45),
                      xaxis=dict(title=f"examples of the second class (of {n})", gridcolor=palette.GRID,
                                 dtick=2, range=[-0.5, n + 0.5]),
                      yaxis=dict(title="impurity", range=[-0.03, 1.05], gridcolor=palette.GRID),
                      legend=dict(orientation="h", y=1.02, x=0.0, yanchor="bottom"))
    return fig
