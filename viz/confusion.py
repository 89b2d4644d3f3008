"""Confusion matrix as an annotated heatmap: rows are the true class, columns the prediction."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from . import palette

__all__ = ["confusion_figure"]

# single-hue sequential blues: white for 0, dark blue for the largest cell
_SCALE = [[0.0, "#FFFFFF"], [0.25, "#C6DBEF"], [0.6, "#4292C6"], [1.0, "#08306B"]]


def _row_fractions(cm: np.ndarray) -> np.ndarray:
    """``cm[i, j] / sum_j cm[i, j]``: the share of true class i predicted as j (0 for empty rows)."""
    totals = cm.sum(axis=1, keepdims=True)
    return np.divide(cm, totals, out=np.zeros_like(cm), where=totals > 0)


def confusion_figure(cm, labels, *, normalize: bool = False, title: str | None = None,
                     height: int | None = None) -> go.Figure:
    """Annotated confusion matrix; ``cm[i, j]`` counts points of true class ``labels[i]``
    predicted as ``labels[j]``. With ``normalize`` the colour is the row share and each
    cell shows its count and row percentage."""
    cm = np.asarray(cm, dtype=np.float64)
    names = [str(v) for v in np.asarray(labels).ravel().tolist()]
    K = len(names)
    if cm.shape != (K, K):
        raise ValueError(f"confusion matrix has shape {cm.shape} but there are {K} labels")
    if not np.all(np.isfinite(cm)) or np.any(cm < 0):
        raise ValueError("confusion matrix entries must be finite counts >= 0")

    share = _row_fractions(cm)
    shown = share if normalize else cm
    top = float(shown.max()) if shown.size else 0.0
    zmax = 1.0 if normalize else max(top, 1.0)

    annotations = []
    for i in range(K):
        for j in range(K):
            count = f"{cm[i, j]:.0f}" if float(cm[i, j]).is_integer() else f"{cm[i, j]:.3g}"
            text = f"{count}<br>({share[i, j]:.0%})" if normalize else count
            dark = shown[i, j] / zmax > 0.5
            annotations.append(dict(
                x=j, y=i, xref="x", yref="y", text=text, showarrow=False,
                font=dict(size=18 if K <= 4 else 15, color=palette.WHITE if dark else palette.INK),
            ))

    hover = [[f"true <b>{names[i]}</b>, predicted <b>{names[j]}</b><br>"
              f"{cm[i, j]:.0f} points ({share[i, j]:.0%} of the row)" for j in range(K)]
             for i in range(K)]
    heat = go.Heatmap(
        z=shown.astype(np.float32), x=list(range(K)), y=list(range(K)),
        zmin=0.0, zmax=zmax, colorscale=_SCALE, showscale=False, xgap=2, ygap=2,
        text=hover, hovertemplate="%{text}<extra></extra>", name="confusion",
    )
    axis = dict(tickmode="array", tickvals=list(range(K)), ticktext=names, showgrid=False,
                zeroline=False, ticks="", tickfont=dict(size=15))
    side = max(260, 90 * K + 120)
    # the layout given to the constructor: update_layout on a built figure costs ~8x more (plotly's
    # relayout path validates each key again), paid on every Playground step
    layout = dict(
        template="none", paper_bgcolor=palette.WHITE, plot_bgcolor=palette.WHITE,
        font=dict(family="Arial, Helvetica, sans-serif", size=14, color=palette.INK),
        height=int(height) if height else side,
        margin=dict(l=80, r=10, t=90 if title else 50, b=20),
        xaxis=dict(axis, title=dict(text="predicted class", font=dict(size=15)), side="top",
                   range=[-0.5, K - 0.5], constrain="domain"),
        yaxis=dict(axis, title=dict(text="true class", font=dict(size=15)),
                   range=[K - 0.5, -0.5], scaleanchor="x", constrain="domain"),
        annotations=annotations,
    )
    if title:
        layout["title"] = dict(text=title, x=0.0, xanchor="left", y=0.99, yanchor="top")
    fig = go.Figure(heat, layout=layout)
    return fig
