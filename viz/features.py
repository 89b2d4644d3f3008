"""Pictures of feature transforms and feature selection.

* :func:`panels_figure` — small multiples of decision regions (one per model, before and
  after a transform), all drawn on the original plane so the boundaries compare directly.
* :func:`ranking_figure` — the filter scores of every feature, one bar group per filter.
* :func:`path_figure` — CV accuracy after each step of forward selection and backward
  elimination, each point labelled with the feature added or removed.
* :func:`l1_path_figure` — logistic regression's coefficients against C under the ℓ1 penalty.
* :func:`balls_figure` — the ℓ1 and ℓ2 balls with the contours of a quadratic loss: the
  ℓ1 optimum sits on a corner (a zero coefficient), the ℓ2 optimum does not.
* :func:`stability_figure` — how often each feature was selected over bootstrap samples.

Pure functions: no Streamlit, no fitting. Arrays go to plotly as float32 numpy.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from . import palette
from .decision import label_index, region_colorscale
from .grid import Bounds, DecisionGrid

__all__ = ["panels_figure", "ranking_figure", "path_figure", "l1_path_figure", "balls_figure",
           "stability_figure", "panel_axes"]

_FONT = dict(family="Arial, Helvetica, sans-serif", size=13, color=palette.INK)
_AXIS = dict(showgrid=True, gridcolor=palette.GRID, zeroline=False)


def panel_axes(rows: int, cols: int, *, hgap: float = 0.015, vgap: float = 0.07):
    """Axis dicts (xaxis, yaxis, xaxis2, ...) for a rows x cols grid, row-major, and each panel's
    (x0, x1, y0, y1) domain in paper coordinates."""
    layout, domains = {}, []
    w = (1 - hgap * (cols - 1)) / cols
    h = (1 - vgap * (rows - 1)) / rows
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        ax = "" if i == 0 else str(i + 1)
        x0, y1 = c * (w + hgap), 1 - r * (h + vgap)
        layout[f"xaxis{ax}"] = dict(domain=[x0, x0 + w], anchor=f"y{ax}")
        layout[f"yaxis{ax}"] = dict(domain=[y1 - h, y1], anchor=f"x{ax}")
        domains.append((x0, x0 + w, y1 - h, y1))
    return layout, domains


def panels_figure(grids: list[DecisionGrid], titles: list[str], X, y, *, cols: int, bounds: Bounds,
                  row_labels=(), height: int = 460) -> go.Figure:
    """Each grid's predicted classes as flat tints in its own panel, the training points on top.

    ``grids`` row-major, ``cols`` per row; ``row_labels`` name the rows (left margin). Every
    panel shares the bounds, so a boundary that moves between rows moved in the plane.
    """
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y).ravel()
    rows = -(-len(grids) // cols)
    layout, domains = panel_axes(rows, cols)
    traces, notes = [], []
    for i, (grid, title) in enumerate(zip(grids, titles, strict=True)):
        ax = "" if i == 0 else str(i + 1)
        K = len(grid.classes)
        traces.append(go.Heatmap(
            xaxis=f"x{ax}", yaxis=f"y{ax}", x=grid.xs.astype(np.float32), y=grid.ys.astype(np.float32),
            z=(grid.labels + 0.5).astype(np.float32), zmin=0.0, zmax=float(K),
            colorscale=region_colorscale(K, show_confidence=False), showscale=False, zsmooth=False,
            hoverinfo="skip", name=title, showlegend=False))
        idx = label_index(y, grid.classes)
        for k in range(K):
            sel = idx == k
            traces.append(go.Scatter(
                xaxis=f"x{ax}", yaxis=f"y{ax}", x=X[sel, 0].astype(np.float32), y=X[sel, 1].astype(np.float32),
                mode="markers", hoverinfo="skip", showlegend=False, name=f"class {grid.classes[k]}",
                marker=dict(size=5, color=palette.class_color(k), symbol=palette.class_symbol(k),
                            line=dict(color=palette.WHITE, width=0.5))))
        x0, x1, _, y1 = domains[i]
        notes.append(dict(text=title, x=(x0 + x1) / 2, y=y1, xref="paper", yref="paper", xanchor="center",
                          yanchor="bottom", showarrow=False, font=dict(size=13)))
    for r, label in enumerate(row_labels):
        x0, _, y0, y1 = domains[r * cols]
        notes.append(dict(text=label, x=-0.01, y=(y0 + y1) / 2, xref="paper", yref="paper", xanchor="right",
                          yanchor="middle", textangle=-90, showarrow=False, font=dict(size=13)))
    for key in layout:
        lo, hi = (bounds[0], bounds[1]) if key.startswith("x") else (bounds[2], bounds[3])
        layout[key].update(range=[lo, hi], showticklabels=False, showgrid=False, zeroline=False, showline=False,
                           ticks="")
    return go.Figure(data=traces, layout=dict(
        layout, template="none", font=_FONT, height=height, annotations=notes,
        margin=dict(l=28 if row_labels else 8, r=8, t=26, b=8), paper_bgcolor=palette.WHITE,
        uirevision="feature_panels"))


def ranking_figure(names, scores: dict[str, np.ndarray], *, height: int = 300) -> go.Figure:
    """One bar group per feature; each filter's scores divided by its largest (1 = its top feature)."""
    traces = []
    for i, (label, values) in enumerate(scores.items()):
        values = np.asarray(values, dtype=np.float64)
        top = values.max() if values.size and values.max() > 0 else 1.0
        traces.append(go.Bar(x=list(names), y=(values / top).astype(np.float32), name=label,
                             marker_color=palette.class_color(i), customdata=values.astype(np.float32),
                             hovertemplate=f"{label}<br>%{{x}}: %{{customdata:.3f}}<extra></extra>"))
    return go.Figure(data=traces, layout=dict(
        template="none", font=_FONT, height=height, barmode="group", margin=dict(l=55, r=10, t=30, b=60),
        yaxis=dict(_AXIS, title="relative score", range=[0, 1.05]),
        legend=dict(orientation="h", y=1.02, yanchor="bottom", x=0), uirevision="ranking"))


def path_figure(paths: dict[str, list[dict]], names, *, height: int = 320) -> go.Figure:
    """CV accuracy against the number of features for each search; text = the feature it changed."""
    traces = []
    styles = {"forward": ("solid", "+"), "backward": ("dot", "−")}
    for i, (direction, path) in enumerate(paths.items()):
        dash, sign = styles.get(direction, ("solid", ""))
        sizes = [len(step["features"]) for step in path]
        scores = [step["score"] for step in path]
        text = ["all" if step["changed"] is None else f"{sign}{names[step['changed']]}" for step in path]
        traces.append(go.Scatter(
            x=sizes, y=scores, mode="lines+markers+text", name=direction, text=text,
            textposition="top center" if direction == "forward" else "bottom center",
            line=dict(dash=dash, width=2, color=palette.class_color(i)), marker=dict(size=8),
            textfont=dict(size=12, color=palette.class_color(i)),
            hovertemplate="%{x} features: CV accuracy %{y:.3f}<extra>" + direction + "</extra>"))
    all_scores = [s["score"] for p in paths.values() for s in p] or [0.5]
    low = max(0.0, min(all_scores) - 0.08)
    return go.Figure(data=traces, layout=dict(
        template="none", font=_FONT, height=height, margin=dict(l=55, r=10, t=30, b=45),
        xaxis=dict(_AXIS, title="number of features", dtick=1),
        yaxis=dict(_AXIS, title="CV accuracy", tickformat=".0%", range=[low, 1.04]),
        legend=dict(orientation="h", y=1.02, yanchor="bottom", x=0), uirevision="paths"))


def l1_path_figure(Cs, coefs, names, *, height: int = 320) -> go.Figure:
    """Each feature's coefficient against log C; for K > 2 classes its ℓ2 norm over the classes."""
    Cs = np.asarray(Cs, dtype=np.float64)
    coefs = np.asarray(coefs, dtype=np.float64)
    values = coefs[:, 0, :] if coefs.shape[1] == 1 else np.sqrt((coefs ** 2).sum(axis=1))
    traces = []
    for j, name in enumerate(names):
        traces.append(go.Scatter(x=Cs.astype(np.float32), y=values[:, j].astype(np.float32), mode="lines",
                                 name=name, line=dict(width=2.5 if j < 2 else 1.5,
                                                      color=palette.class_color(j))))
    title = "coefficient" if coefs.shape[1] == 1 else "‖w_j‖ over the classes"
    return go.Figure(data=traces, layout=dict(
        template="none", font=_FONT, height=height, margin=dict(l=55, r=10, t=30, b=45),
        xaxis=dict(_AXIS, title="C (weaker penalty →)", type="log"),
        yaxis=dict(_AXIS, title=title), legend=dict(orientation="h", y=1.02, yanchor="bottom", x=0),
        uirevision="l1_path"))


def _constrained_optimum(centre, curvature, boundary) -> np.ndarray:
    """The boundary point with the least loss (w − c)ᵀ A (w − c): the optimum when c is outside."""
    d = boundary - centre
    loss = np.einsum("ij,jk,ik->i", d, curvature, d)
    return boundary[np.argmin(loss)]


def balls_figure(*, radius: float = 1.0, centre=(2.2, 0.5), height: int = 320) -> go.Figure:
    """The unit ℓ1 ball (diamond) and ℓ2 ball (circle) with elliptic contours of a quadratic loss
    centred at the unpenalised optimum; each panel marks where the smallest contour meets its ball.

    Minimising loss subject to ||w||_p <= t: the first contour to touch the ball gives the
    optimum. The diamond's corners stick out, so the touching point is often a corner, w₂ = 0.
    """
    centre = np.asarray(centre, dtype=np.float64)
    curvature = np.array([[1.0, 0.3], [0.3, 1.5]])
    t = np.linspace(0, 2 * np.pi, 2001)
    circle = radius * np.column_stack([np.cos(t), np.sin(t)])
    diamond = circle / np.abs(circle).sum(axis=1, keepdims=True) * radius
    layout, domains = panel_axes(1, 2, hgap=0.08)
    traces, notes = [], []
    # contour ellipses of (w − c)ᵀ A (w − c) = level: w = c + L⁻ᵀ u, ||u|| = sqrt(level)
    chol = np.linalg.cholesky(curvature)
    ring = np.column_stack([np.cos(t), np.sin(t)])
    for i, (ball, name) in enumerate(((diamond, f"ℓ1 ball |w₁| + |w₂| ≤ {radius:g}"),
                                             (circle, f"ℓ2 ball w₁² + w₂² ≤ {radius ** 2:g}"))):
        ax = "" if i == 0 else "2"
        best = _constrained_optimum(centre, curvature, ball)
        touch = (best - centre) @ curvature @ (best - centre)
        for level in np.array([0.25, 0.5, 1.0, 1.6]) * touch:
            ellipse = centre + (ring * np.sqrt(level)) @ np.linalg.inv(chol)
            traces.append(go.Scatter(x=ellipse[:, 0].astype(np.float32), y=ellipse[:, 1].astype(np.float32),
                                     xaxis=f"x{ax}", yaxis=f"y{ax}", mode="lines", hoverinfo="skip",
                                     line=dict(color=palette.NEUTRAL, width=1.5 if level == touch else 1),
                                     showlegend=False))
        traces.append(go.Scatter(x=ball[:, 0].astype(np.float32), y=ball[:, 1].astype(np.float32),
                                 xaxis=f"x{ax}", yaxis=f"y{ax}", mode="lines", fill="toself",
                                 fillcolor=palette.mix(palette.class_color(i), amount=0.7),
                                 line=dict(color=palette.class_color(i), width=2), name=name, showlegend=False))
        traces.append(go.Scatter(x=[centre[0]], y=[centre[1]], xaxis=f"x{ax}", yaxis=f"y{ax}", mode="markers",
                                 marker=dict(size=8, color=palette.INK), showlegend=False,
                                 hovertemplate="unpenalised optimum<extra></extra>"))
        traces.append(go.Scatter(x=[best[0]], y=[best[1]], xaxis=f"x{ax}", yaxis=f"y{ax}", mode="markers",
                                 marker=dict(size=14, color=palette.class_color(4), symbol="star"),
                                 showlegend=False, hovertemplate="penalised optimum<extra></extra>"))
        x0, x1, _, y1 = domains[i]
        notes.append(dict(text=f"{name}<br>optimum w = ({best[0]:.2f}, {best[1]:.2f})", x=(x0 + x1) / 2, y=y1,
                          xref="paper", yref="paper", xanchor="center", yanchor="bottom", showarrow=False,
                          font=dict(size=13)))
    for key in layout:
        layout[key].update(range=[-1.3, 3.0] if key.startswith("x") else [-1.3, 1.6], zeroline=True,
                           zerolinecolor="#BBBBBB", showgrid=False,
                           title=dict(text="w₁" if key.startswith("x") else ("w₂" if key == "yaxis" else "")))
    layout["yaxis"].update(scaleanchor="x")
    layout["yaxis2"].update(scaleanchor="x2")
    return go.Figure(data=traces, layout=dict(
        layout, template="none", font=_FONT, height=height, annotations=notes,
        margin=dict(l=45, r=10, t=48, b=40), uirevision="balls"))


def stability_figure(names, frequency, *, height: int = 280) -> go.Figure:
    """Share of bootstrap samples whose selection contains each feature."""
    frequency = np.asarray(frequency, dtype=np.float64)
    colors = [palette.class_color(0) if f >= 0.5 else palette.NEUTRAL for f in frequency]
    return go.Figure(data=[go.Bar(x=list(names), y=frequency.astype(np.float32), marker_color=colors,
                                  hovertemplate="%{x}: selected in %{y:.0%} of the samples<extra></extra>")],
                     layout=dict(template="none", font=_FONT, height=height, margin=dict(l=55, r=10, t=20, b=60),
                                 yaxis=dict(_AXIS, title="selected in", tickformat=".0%", range=[0, 1.05]),
                                 uirevision="stability"))
