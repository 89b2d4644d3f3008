"""Figures of the Perceptron page: training replayed one example at a time, the weight
vector's path, mistakes per epoch (current weights against the pocket), the mistake bound
against the observed mistakes, and the kernel perceptron's mistake counts.

Pure functions of recorded arrays (``PerceptronReplay``, ``history_``): nothing is refitted.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from . import palette
from .decision import POINT_SIZE, decision_figure
from .grid import Bounds

__all__ = ["side_style", "line_segment", "replay_figure", "weight_figure", "epochs_figure", "bound_figure",
           "alpha_figure"]

_FONT = dict(family="Arial, Helvetica, sans-serif", size=14, color=palette.INK)
MISTAKE = "#B2182B"   # dark red: not one of the class colours
LOOKED = palette.INK
FADED_LINE = "#7A7A7A"


def line_segment(w, b: float, bounds: Bounds) -> np.ndarray:
    """The part of the line w·x + b = 0 inside the box ``bounds`` as two end points (2, 2);
    empty (0, 2) when w = 0 or the line misses the box."""
    w = np.asarray(w, dtype=np.float64)
    x0, x1, y0, y1 = bounds
    if not np.any(w):
        return np.empty((0, 2))
    hits = []
    if w[1] != 0:
        hits += [(x, -(b + w[0] * x) / w[1]) for x in (x0, x1)]
    if w[0] != 0:
        hits += [(-(b + w[1] * y) / w[0], y) for y in (y0, y1)]
    slack = 1e-9 * max(x1 - x0, y1 - y0)
    inside = np.array([p for p in hits if x0 - slack <= p[0] <= x1 + slack and y0 - slack <= p[1] <= y1 + slack])
    if len(inside) < 2:
        return np.empty((0, 2))
    # The two hits farthest apart along the line (corners give duplicates).
    along = inside @ np.array([w[1], -w[0]])
    return inside[[int(np.argmin(along)), int(np.argmax(along))]]


def _layout(bounds: Bounds, height: int, *, legend_rows: int = 1) -> dict:
    x0, x1, y0, y1 = bounds
    axis = dict(showgrid=True, gridcolor=palette.GRID, zeroline=True, zerolinecolor="#CCCCCC", showline=True,
                linecolor="#BBBBBB", mirror=True, ticks="outside", tickcolor="#BBBBBB", constrain="domain")
    return dict(
        template="none", font=_FONT, height=int(height), paper_bgcolor=palette.WHITE, plot_bgcolor=palette.WHITE,
        xaxis=dict(axis, range=[x0, x1], autorange=False, title=dict(text="x₁")),
        yaxis=dict(axis, range=[y0, y1], autorange=False, title=dict(text="x₂"), scaleanchor="x", scaleratio=1.0),
        margin=dict(l=55, r=15, t=30 + 20 * legend_rows, b=55),
        legend=dict(orientation="h", yanchor="bottom", y=1.01, xanchor="left", x=0.0, font=dict(size=13),
                    bgcolor="rgba(255,255,255,0)"),
        hoverlabel=dict(font=dict(size=13)), uirevision="perceptron",
    )


def _arrow(tail, head, color, width=2.5, text="") -> dict:
    return dict(x=float(head[0]), y=float(head[1]), ax=float(tail[0]), ay=float(tail[1]), xref="x", yref="y",
                axref="x", ayref="y", showarrow=True, arrowhead=2, arrowsize=1.2, arrowwidth=width,
                arrowcolor=color, text=text, font=dict(size=15, color=color))


def _label(at, text, color, shift=(10, 10)) -> dict:
    return dict(x=float(at[0]), y=float(at[1]), xref="x", yref="y", text=text, showarrow=False,
                xshift=shift[0], yshift=shift[1], font=dict(size=15, color=color))


def _line_trace(w, b, bounds, name, *, dash=None, color=palette.INK, width=3) -> go.Scatter:
    seg = line_segment(w, b, bounds)
    # float64: two points, and a test reads them back to compare with the recorded weights.
    return go.Scatter(x=seg[:, 0] if len(seg) else [None], y=seg[:, 1] if len(seg) else [None],
                      mode="lines", name=name, line=dict(color=color, width=width, dash=dash),
                      hoverinfo="skip")


def side_style(class_index: int | None) -> tuple[str, str]:
    """(colour, symbol) of one side: a class's own, or grey circles for "the rest"."""
    if class_index is None:
        return palette.NEUTRAL, "circle"
    return palette.class_color(class_index), palette.class_symbol(class_index)


def replay_figure(X, t, step, bounds: Bounds, *, names=("−1", "+1"), styles=None, height: int = 500,
                  w_now=None, b_now=None) -> go.Figure:
    """The plane at one replay step: the points (t in {-1, +1}), the boundary after the step
    (solid) and before it (dashed, when the example was a mistake), the normal vector w at the
    boundary, and the example looked at ringed (red when it was a mistake).

    ``step`` is a ``PerceptronReplay.step(s)`` or None (step 0: the starting weights
    ``w_now, b_now``)."""
    X = np.asarray(X, dtype=np.float64)
    t = np.asarray(t)
    traces = []
    styles = styles or (side_style(0), side_style(1))
    for sign, name, (color, symbol) in zip((-1, 1), names, styles, strict=True):
        sel = t == sign
        traces.append(go.Scatter(
            x=X[sel, 0].astype(np.float32), y=X[sel, 1].astype(np.float32), mode="markers",
            name=f"{name} (y = {sign:+d})", customdata=np.flatnonzero(sel),
            marker=dict(color=color, symbol=symbol, size=POINT_SIZE, line=dict(color=palette.WHITE, width=1)),
            hovertemplate=f"{name}, point %{{customdata}}<br>(%{{x:.3g}}, %{{y:.3g}})<extra></extra>"))
    if step is not None:
        w_now, b_now = step.coef_after, step.intercept_after
    annotations = []
    if step is not None and step.mistake:
        traces.append(_line_trace(step.coef_before, step.intercept_before, bounds, "boundary before the update",
                                  dash="dash", color=FADED_LINE, width=2))
    traces.append(_line_trace(w_now, b_now, bounds, "boundary w·x + b = 0"))
    seg = line_segment(w_now, b_now, bounds)
    if len(seg):
        # The normal vector w, drawn at the boundary with a fixed length (its direction is what
        # matters here; its size is in the weight-space panel).
        x0, x1, y0, y1 = bounds
        centre = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
        w = np.asarray(w_now, dtype=np.float64)
        base = centre - (w @ centre + b_now) / (w @ w) * w
        if not (x0 <= base[0] <= x1 and y0 <= base[1] <= y1):
            base = seg.mean(axis=0)
        tip = base + 0.12 * min(x1 - x0, y1 - y0) * w / np.linalg.norm(w)
        annotations += [_arrow(base, tip, palette.INK), _label(tip, "w", palette.INK)]
    if step is not None:
        x = X[step.index]
        color = MISTAKE if step.mistake else LOOKED
        what = "mistake: y (w·x + b) ≤ 0, update" if step.mistake else "looked at: correct, no update"
        traces.append(go.Scatter(
            x=[x[0]], y=[x[1]], mode="markers", name=what,
            marker=dict(symbol="circle-open", size=24, color=color, line=dict(color=color, width=3.5)),
            hovertemplate=f"step {step.step}: point {step.index}<br>{what}<extra></extra>"))
    fig = go.Figure(traces, _layout(bounds, height, legend_rows=2))
    fig.update_layout(annotations=annotations)
    return fig


def weight_figure(history, step, *, w_now=None, b_now=None, height: int = 320) -> go.Figure:
    """Weight space (w₁, w₂): the path of w over all updates, and at a mistake the update
    w ← w + lr·y·x as an arrow from the old w to the new one (both drawn from the origin)."""
    path = np.vstack([np.asarray(history["initial_coef"])[None, :2], np.asarray(history["coef"])[:, :2]])
    traces = [go.Scatter(x=path[:, 0], y=path[:, 1], mode="lines+markers", name="w after each update",
                         line=dict(color="#BBBBBB", width=1.5), marker=dict(size=5, color="#BBBBBB"),
                         hovertemplate="w = (%{x:.3g}, %{y:.3g})<extra></extra>")]
    if step is not None:
        w_now, b_now = step.coef_after, step.intercept_after
    w_now = np.asarray(w_now, dtype=np.float64)
    origin = np.zeros(2)
    annotations = []
    if step is not None and step.mistake:
        before = np.asarray(step.coef_before, dtype=np.float64)
        annotations += [_arrow(origin, before, FADED_LINE, 2), _label(before, "w old", FADED_LINE, (-18, 12)),
                        _arrow(before, w_now, MISTAKE, 3),
                        _label((before + w_now) / 2, "+ lr·y·x", MISTAKE, (0, -16))]
    if np.any(w_now):
        annotations += [_arrow(origin, w_now, palette.INK, 3), _label(w_now, "w", palette.INK)]
    pts = np.vstack([path, origin[None, :], w_now[None, :]])
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    # A square view (equal units keep the arrows' directions true) that fills the panel.
    half = 0.575 * max(float(np.max(hi - lo)), 1e-9)
    mid = (lo + hi) / 2
    fig = go.Figure(traces, _layout((mid[0] - half, mid[0] + half, mid[1] - half, mid[1] + half), height))
    fig.update_layout(annotations=annotations, showlegend=False,
                      title=dict(text=f"weight space, b = {b_now:.3g}", x=0.0, y=0.98, font=dict(size=15)))
    fig.update_xaxes(title=dict(text="w₁"))
    fig.update_yaxes(title=dict(text="w₂"))
    return fig


def epochs_figure(history, *, current_epoch: int | None = None, pocket=None, height: int = 280) -> go.Figure:
    """Per epoch: the updates made (online mistakes, bars; the replay's epoch darker), and the
    training points the weights at the end of the epoch misclassify (line); with ``pocket``
    the same count for the pocket's weights."""
    mistakes = np.asarray(history["mistakes"])
    epochs = np.arange(1, len(mistakes) + 1)
    colors = [palette.class_color(0) if e - 1 == current_epoch else palette.mix(palette.class_color(0), amount=0.55)
              for e in epochs]
    traces = [go.Bar(x=epochs, y=mistakes, name="updates (online mistakes)", marker=dict(color=colors),
                     hovertemplate="epoch %{x}: %{y} updates<extra></extra>"),
              go.Scatter(x=epochs, y=np.asarray(history["epoch_train_mistakes"]), mode="lines+markers",
                         name="training mistakes, current w", line=dict(color=palette.INK, width=2),
                         hovertemplate="epoch %{x}: %{y} misclassified<extra></extra>")]
    if pocket is not None:
        traces.append(go.Scatter(x=epochs, y=np.asarray(pocket), mode="lines+markers", name="training mistakes, pocket",
                                 line=dict(color=MISTAKE, width=2, dash="dot"),
                                 hovertemplate="epoch %{x}: pocket %{y}<extra></extra>"))
    return go.Figure(traces, dict(
        template="none", font=_FONT, height=int(height), margin=dict(l=55, r=15, t=50, b=50),
        xaxis=dict(title=dict(text="epoch"), dtick=1 if len(epochs) <= 25 else None, gridcolor=palette.GRID),
        yaxis=dict(title=dict(text="points"), rangemode="tozero", gridcolor=palette.GRID),
        legend=dict(orientation="h", yanchor="bottom", y=1.01, x=0.0, font=dict(size=13)),
        paper_bgcolor=palette.WHITE, plot_bgcolor=palette.WHITE, bargap=0.25))


def bound_figure(sweep: dict, *, current=None, height: int = 340) -> go.Figure:
    """The bounds and the observed mistakes against the generator's margin (log scale).

    ``sweep``: "margin" (m,), "bound_augmented", "bound_2R", "bound_origin" (m,) and
    "observed" (m, seeds) for mlcore's Perceptron; ``current`` marks the margin shown above."""
    m = np.asarray(sweep["margin"])
    traces = [
        go.Scatter(x=m, y=sweep["bound_augmented"], mode="lines+markers", name="(R̃/γ̃)², bias = weight of 1",
                   line=dict(color=palette.INK, width=2.5)),
        go.Scatter(x=m, y=sweep["bound_2R"], mode="lines+markers", name="(2R/γ)², bias feature R",
                   line=dict(color=FADED_LINE, width=2, dash="dash")),
        go.Scatter(x=m, y=sweep["bound_origin"], mode="lines+markers", name="(R/γ₀)², no bias",
                   line=dict(color=palette.class_color(2), width=2, dash="dot")),
    ]
    observed = np.asarray(sweep["observed"], dtype=float)
    xs = np.repeat(m, observed.shape[1])
    traces.append(go.Scatter(x=xs, y=np.maximum(observed.ravel(), 0.8), mode="markers",
                             name="mistakes made (one per seed)",
                             marker=dict(color=MISTAKE, size=8, symbol="x-thin-open",
                                         line=dict(width=2, color=MISTAKE)),
                             customdata=observed.ravel(),
                             hovertemplate="margin %{x}: %{customdata:.0f} mistakes<extra></extra>"))
    layout = dict(template="none", font=_FONT, height=int(height), margin=dict(l=60, r=15, t=70, b=50),
                  xaxis=dict(title=dict(text="gap between the classes (generator's margin)"), gridcolor=palette.GRID),
                  yaxis=dict(title=dict(text="mistakes"), type="log", gridcolor=palette.GRID),
                  legend=dict(orientation="h", yanchor="bottom", y=1.01, x=0.0, font=dict(size=13)),
                  paper_bgcolor=palette.WHITE, plot_bgcolor=palette.WHITE)
    if current is not None:
        layout["shapes"] = [dict(type="line", x0=current, x1=current, y0=0, y1=1, yref="paper",
                                 line=dict(color="#BBBBBB", width=1.5, dash="dot"))]
    return go.Figure(traces, layout)


def alpha_figure(model, X, y, *, grid=None, bounds: Bounds | None = None, class_names=None,
                 height: int = 460) -> go.Figure:
    """A kernel perceptron's regions with each training point ringed by its mistake count
    α_i (ring area ∝ α_i; points never mistaken have α_i = 0 and no ring)."""
    fig = decision_figure(model, X, y, grid=grid, bounds=bounds, class_names=class_names, height=height,
                          uirevision="kernel_alpha")
    alpha = np.asarray(model.alpha_).max(axis=0)  # binary: the one machine; one-vs-rest: the largest
    used = alpha > 0
    X = np.asarray(X, dtype=np.float64)
    sizes = np.minimum(12 + 6 * np.sqrt(alpha[used]), 44)  # diameter grows with sqrt(alpha): area with alpha
    fig.add_trace(go.Scatter(
        x=X[used, 0].astype(np.float32), y=X[used, 1].astype(np.float32), mode="markers",
        name="α_i (mistakes on point i)", customdata=alpha[used],
        marker=dict(symbol="circle-open", size=sizes, color=palette.INK, line=dict(color=palette.INK, width=2)),
        hovertemplate="α = %{customdata:.0f}<br>(%{x:.3g}, %{y:.3g})<extra></extra>"))
    return fig
