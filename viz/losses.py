"""The loss gallery: the 0-1 loss and its convex surrogates against the margin m = y·f(x)."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from mlcore.metrics import MARGIN_LOSSES

from . import palette
from .decision import _FONT

# legend label, colour and dash of each loss, in the order of MARGIN_LOSSES
STYLE = {
    "0-1": ("0-1  [m ≤ 0]", palette.NEUTRAL, "solid"),
    "hinge": ("hinge  max(0, 1 − m)", palette.INK, "solid"),
    "logistic": ("logistic  log₂(1 + e⁻ᵐ)", palette.class_color(0), "dash"),
    "exponential": ("exponential  e⁻ᵐ", palette.class_color(1), "dot"),
    "squared": ("squared  (1 − m)²", palette.class_color(2), "dashdot"),
}
Y_MAX = 4.0


def loss_gallery_figure(losses=tuple(MARGIN_LOSSES), *, margins=None, m_range=(-2.0, 3.0),
                        height: int = 380) -> go.Figure:
    """One line per loss in ``losses`` (names of ``mlcore.metrics.MARGIN_LOSSES``) over m in
    ``m_range``; the 0-1 loss is drawn as two flat steps so its jump at m = 0 stays vertical.
    ``margins`` (optional): the training points' y·f(x), drawn as ticks on the m axis."""
    m = np.linspace(*m_range, 1001)
    traces = []
    for name in losses:
        label, color, dash = STYLE[name]
        if name == "0-1":  # the step at m = 0 exactly, not a slope between two grid points
            x = np.array([m_range[0], 0.0, 0.0, m_range[1]])
            y = MARGIN_LOSSES[name](np.array([m_range[0], 0.0, 1e-300, m_range[1]]))
        else:
            x, y = m, MARGIN_LOSSES[name](m)
        traces.append(go.Scatter(x=x.astype(np.float32), y=np.minimum(y, 10 * Y_MAX).astype(np.float32),
                                 mode="lines", name=label, meta=name,
                                 line=dict(color=color, width=3 if name in ("0-1", "hinge") else 2.5, dash=dash),
                                 hovertemplate=f"{name}: %{{y:.3f}} at m = %{{x:.2f}}<extra></extra>"))
    if margins is not None and len(margins):
        shown = np.clip(np.asarray(margins, dtype=np.float64), *m_range)
        traces.append(go.Scatter(x=shown.astype(np.float32), y=np.zeros(len(shown), dtype=np.float32),
                                 mode="markers", name="training points' y·f(x)", meta="margins",
                                 marker=dict(symbol="line-ns-open", size=12, opacity=0.35, color=palette.INK,
                                             line=dict(color=palette.INK, width=1)),
                                 hovertemplate="y·f(x) = %{x:.2f}<extra></extra>"))
    fig = go.Figure(traces)
    fig.add_vline(x=0.0, line=dict(color=palette.GRID, width=1))
    fig.add_vline(x=1.0, line=dict(color=palette.GRID, width=1, dash="dash"))   # the margin m = 1
    # the legend above the plot: inside, it would hide the steep squared and exponential curves
    fig.update_layout(template="none", font=_FONT, height=height, margin=dict(l=50, r=10, t=80, b=45),
                      xaxis=dict(title="margin  m = y·f(x)", gridcolor=palette.GRID, range=list(m_range)),
                      yaxis=dict(title="loss", range=[-0.15, Y_MAX], gridcolor=palette.GRID),
                      legend=dict(orientation="h", x=0.0, y=1.02, yanchor="bottom"))
    return fig

