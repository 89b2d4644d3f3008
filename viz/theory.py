"""Pictures for the learning-theory page.

* :func:`pac_figure` — the PAC ε = (ln|H| + ln(1/δ)) / m against m, for several δ and several d.
* :func:`points_plane` — the plane to click points on, for shattering.
* :func:`labelings_figure` — small multiples: every labeling of the points, realised or not.
* :func:`bounds_figure` — training error, test error with its band, the VC and Rademacher bounds.
* :func:`rademacher_figure` — R̂ against m, one line per capacity.
* :func:`random_fits_figure` — small multiples: a learner fitted on random ±1 labels.

Pure functions: no Streamlit, no fitting (the random-label fits come in fitted).
"""

from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from . import palette
from .decision import region_colorscale
from .grid import Bounds, grid_points

__all__ = ["pac_figure", "points_plane", "labelings_figure", "bounds_figure", "rademacher_figure",
           "random_fits_figure"]

_FONT = dict(family="Arial, Helvetica, sans-serif", size=13, color=palette.INK)
_LINE_COLORS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#000000")
_BAD = "#F4E1E1"   # the background of a labeling the class cannot realise


def _axis(**extra) -> dict:
    return dict(showgrid=True, gridcolor=palette.GRID, zeroline=False, showline=True, linecolor="#BBBBBB",
                mirror=True, ticks="outside", tickcolor="#BBBBBB", **extra)


def _f32(values) -> np.ndarray:
    return np.asarray(values, dtype=np.float32)


def pac_figure(m_needed: int, eps: float, delta: float, d: int, *, deltas=(0.01, 0.05, 0.2),
               ds=(2, 4, 6, 10), m_max: int = 1000, height: int = 420) -> go.Figure:
    """Two panels of ε(m) = (ln 3^d + ln(1/δ)) / m: several δ at the chosen d (left), several d at
    the chosen δ (right); the chosen (m, ε) is marked on both. ε is cut at 1 (a vacuous bound)."""
    m = np.unique(np.geomspace(1, m_max, 200).astype(int))
    fig = make_subplots(rows=1, cols=2, horizontal_spacing=0.1,
                        subplot_titles=(f"several δ, d = {d} (|H| = 3^{d})", f"several d, δ = {delta:g}"))
    for col, family in ((1, [(d, dl) for dl in sorted({*deltas, delta})]),
                        (2, [(dd, delta) for dd in sorted({*ds, d})])):
        for i, (dd, dl) in enumerate(family):
            eps_m = np.minimum((dd * math.log(3) + math.log(1 / dl)) / m, 1.0)
            chosen = (dd, dl) == (d, delta)
            name = f"δ = {dl:g}" if col == 1 else f"d = {dd}"
            fig.add_trace(go.Scatter(x=_f32(m), y=_f32(eps_m), mode="lines", name=name, legendgroup=str(col),
                                     line=dict(color=_LINE_COLORS[i % len(_LINE_COLORS)],
                                               width=3.5 if chosen else 1.8),
                                     hovertemplate=f"{name}<br>m = %{{x}}<br>ε = %{{y:.3f}}<extra></extra>"),
                          row=1, col=col)
        fig.add_trace(go.Scatter(x=[m_needed], y=[eps], mode="markers+text", name="your (m, ε)",
                                 text=[f"m = {m_needed}"], textposition="top right", showlegend=col == 1,
                                 marker=dict(size=11, color=palette.INK, symbol="x")), row=1, col=col)
    ticks = [v for v in (1, 10, 100, 1000, 10_000, 100_000) if v <= m[-1]]
    fig.update_xaxes(_axis(type="log", tickvals=ticks, ticktext=[f"{v:,}" for v in ticks],
                           title=dict(text="training examples m", standoff=4)))
    fig.update_yaxes(_axis(range=[0, 1.02], title=dict(text="ε")))
    fig.update_layout(template="none", font=_FONT, height=height, margin=dict(l=60, r=110, t=40, b=50),
                      legend=dict(orientation="v", y=1, x=1.02, xanchor="left", font=dict(size=12)),
                      paper_bgcolor=palette.WHITE, plot_bgcolor=palette.WHITE, uirevision="pac")
    return fig


def points_plane(X, bounds: Bounds = (-3, 3, -3, 3), *, height: int = 420) -> go.Figure:
    """The clicked points, numbered, on an empty plane with equal units."""
    X = np.asarray(X, dtype=np.float64).reshape(-1, 2)
    fig = go.Figure(go.Scatter(
        x=_f32(X[:, 0]), y=_f32(X[:, 1]), mode="markers+text", text=[str(i + 1) for i in range(len(X))],
        textposition="top center", marker=dict(size=13, color=palette.NEUTRAL, line=dict(color=palette.INK, width=1)),
        hovertemplate="point %{text}: (%{x:.2f}, %{y:.2f})<extra></extra>", name="points", showlegend=False))
    fig.update_layout(template="none", font=_FONT, height=height, margin=dict(l=45, r=10, t=10, b=40),
                      # fixed axes: two quick clicks are a plotly double click, which would reset
                      # the ranges under the user's next click
                      xaxis=_axis(range=[bounds[0], bounds[1]], autorange=False, title=dict(text="x₁"),
                                  constrain="domain", fixedrange=True),
                      yaxis=_axis(range=[bounds[2], bounds[3]], autorange=False, title=dict(text="x₂"),
                                  scaleanchor="x", scaleratio=1.0, constrain="domain", fixedrange=True),
                      paper_bgcolor=palette.WHITE, plot_bgcolor=palette.WHITE, uirevision="shatter")
    return fig


def _panel_axes(fig, n_panels: int, rows: int, cols: int, bounds: Bounds, bad: np.ndarray) -> None:
    for i in range(n_panels):
        r, c = divmod(i, cols)
        fig.update_xaxes(range=[bounds[0], bounds[1]], showticklabels=False, showgrid=False, zeroline=False,
                         showline=True, linecolor="#BBBBBB", mirror=True, row=r + 1, col=c + 1)
        fig.update_yaxes(range=[bounds[2], bounds[3]], showticklabels=False, showgrid=False, zeroline=False,
                         showline=True, linecolor="#BBBBBB", mirror=True, row=r + 1, col=c + 1)
        if bad[i]:
            ax = "" if i == 0 else str(i + 1)
            fig.add_shape(type="rect", xref=f"x{ax} domain", yref=f"y{ax} domain", x0=0, x1=1, y0=0, y1=1,
                          fillcolor=_BAD, line=dict(width=0), layer="below")


def labelings_figure(X, labels, realised, *, indices=None, columns: int = 8, panel: int = 88,
                     lines=None) -> go.Figure:
    """One small panel per labeling (``labels`` rows, 1 = class 1 in orange): a tick in the title
    when the class realises it, a cross and a red background when it does not. ``indices``: the
    labeling numbers to show (default all). ``lines``: (normals (2^m, 2), offsets (2^m,)) of a
    line u·x = t to draw in each panel (NaN: none), e.g. ``Lines().max_margin``."""
    X = np.asarray(X, dtype=np.float64)
    labels, realised = np.asarray(labels, dtype=bool), np.asarray(realised, dtype=bool)
    indices = np.arange(len(labels)) if indices is None else np.asarray(indices)
    n = max(len(indices), 1)
    cols = max(1, min(columns, n))
    rows = -(-n // cols)
    titles = [f"{'✓' if realised[i] else '✗'} #{i}" for i in indices]
    fig = make_subplots(rows=rows, cols=cols, subplot_titles=titles or None, horizontal_spacing=0.012,
                        vertical_spacing=min(0.3 / rows, 0.08))
    pad = 0.15 * max(float(np.ptp(X, axis=0).max()) if len(X) else 1.0, 1e-9)
    bounds = (X[:, 0].min() - pad, X[:, 0].max() + pad, X[:, 1].min() - pad, X[:, 1].max() + pad) if len(X) \
        else (-1, 1, -1, 1)
    for p, i in enumerate(indices):
        r, c = divmod(p, cols)
        for k in (0, 1):
            sel = labels[i] == bool(k)
            fig.add_trace(go.Scatter(x=_f32(X[sel, 0]), y=_f32(X[sel, 1]), mode="markers", showlegend=False,
                                     marker=dict(size=8, color=palette.class_color(k), symbol=palette.class_symbol(k),
                                                 line=dict(color=palette.WHITE, width=0.5)),
                                     hoverinfo="skip", name=f"labeling {i} class {k}"), row=r + 1, col=c + 1)
        if lines is not None and np.isfinite(lines[1][i]):
            fig.add_trace(_line_segment(lines[0][i], lines[1][i], bounds), row=r + 1, col=c + 1)
    _panel_axes(fig, len(indices), rows, cols, bounds, ~realised[indices])
    fig.update_annotations(font=dict(size=11))
    fig.update_layout(template="none", font=_FONT, height=rows * panel + 40, margin=dict(l=5, r=5, t=25, b=5),
                      paper_bgcolor=palette.WHITE, plot_bgcolor=palette.WHITE, uirevision="labelings")
    return fig


def _line_segment(normal, offset: float, bounds: Bounds) -> go.Scatter:
    """The line normal·x = offset across the panel (plotly clips it to the axes)."""
    normal = np.asarray(normal, dtype=np.float64)
    centre = normal * offset
    along = np.array([-normal[1], normal[0]])
    reach = 2 * max(bounds[1] - bounds[0], bounds[3] - bounds[2]) + abs(offset)
    ends = np.array([centre - reach * along, centre + reach * along])
    return go.Scatter(x=_f32(ends[:, 0]), y=_f32(ends[:, 1]), mode="lines", showlegend=False, hoverinfo="skip",
                      line=dict(color=palette.INK, width=1.2), name="max-margin line")


def bounds_figure(result: dict, *, vc_dim: int, delta: float, height: int = 470) -> go.Figure:
    """The notes' figure: against m (log axis), training error, test error (mean, 95% band over
    resamples), the VC bound and the Rademacher bound; the dotted line at 1 marks vacuous bounds."""
    m = _f32(result["sizes"])
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=np.concatenate([m, m[::-1]]),
                             y=_f32(np.concatenate([result["test_high"], result["test_low"][::-1]])),
                             fill="toself", fillcolor="rgba(213,94,0,0.18)", line=dict(width=0),
                             name="test error, 95% band", hoverinfo="skip"))
    series = (("train", "training error R̂", "#0072B2", "solid"), ("test", "test error (mean)", "#D55E00", "solid"),
              ("vc", f"VC bound (d = {vc_dim}, δ = {delta:g})", "#009E73", "dash"),
              ("rad_bound", f"Rademacher bound (δ = {delta:g})", "#CC79A7", "dash"))
    for key, name, color, dash in series:
        fig.add_trace(go.Scatter(x=m, y=_f32(result[key]), mode="lines+markers", name=name,
                                 line=dict(color=color, width=2.5, dash=dash), marker=dict(size=6),
                                 hovertemplate=f"{name}<br>m = %{{x}}<br>%{{y:.3f}}<extra></extra>"))
    top = float(max(1.1, min(np.nanmax([result["vc"].max(), result["rad_bound"].max()]) * 1.05, 2.5)))
    fig.add_hline(y=1.0, line=dict(color=palette.INK, width=1, dash="dot"),
                  annotation_text="1: a bound above this says nothing", annotation_position="top right")
    fig.update_layout(template="none", font=_FONT, height=height, margin=dict(l=60, r=15, t=40, b=55),
                      xaxis=_axis(type="log", tickvals=m, ticktext=[f"{int(v):,}" for v in m],
                                  title=dict(text="training examples m")),
                      yaxis=_axis(range=[0, top], title=dict(text="error")),
                      legend=dict(orientation="h", y=1.02, yanchor="bottom", x=0, font=dict(size=12)),
                      paper_bgcolor=palette.WHITE, plot_bgcolor=palette.WHITE, uirevision="bounds")
    return fig


def rademacher_figure(sizes, curves: dict, *, height: int = 440) -> go.Figure:
    """R̂ against m, one line per capacity (``curves``: label -> (values, spreads)); ½ is the most."""
    m = _f32(sizes)
    fig = go.Figure()
    for i, (name, (values, spread)) in enumerate(curves.items()):
        fig.add_trace(go.Scatter(x=m, y=_f32(values), mode="lines+markers", name=name,
                                 error_y=dict(type="data", array=_f32(spread), thickness=1, width=3),
                                 line=dict(color=_LINE_COLORS[i % len(_LINE_COLORS)], width=2.2),
                                 hovertemplate=f"{name}<br>m = %{{x}}<br>R̂ = %{{y:.3f}}<extra></extra>"))
    fig.add_hline(y=0.5, line=dict(color=palette.INK, width=1, dash="dot"),
                  annotation_text="½: fits any labels", annotation_position="bottom right")
    fig.update_layout(template="none", font=_FONT, height=height, margin=dict(l=60, r=15, t=40, b=55),
                      xaxis=_axis(type="log", tickvals=m, ticktext=[f"{int(v):,}" for v in m],
                                  title=dict(text="sample size m")),
                      yaxis=_axis(range=[-0.02, 0.55], title=dict(text="empirical Rademacher complexity R̂")),
                      legend=dict(orientation="h", y=1.02, yanchor="bottom", x=0, font=dict(size=12)),
                      paper_bgcolor=palette.WHITE, plot_bgcolor=palette.WHITE, uirevision="rademacher")
    return fig


def random_fits_figure(models, X, signs, bounds: Bounds, *, count: int = 8, columns: int = 8,
                       resolution: int = 60, height: int = 190) -> go.Figure:
    """Small multiples: each fit on its own random ±1 labels (regions), the labels as points, and
    its training error in the title."""
    X = np.asarray(X, dtype=np.float64)
    n = min(count, len(models))
    cols = max(1, min(columns, n))
    rows = -(-n // cols)
    errors = [float(np.mean(mod.predict(X) != s)) if mod is not None else 0.0
              for mod, s in zip(models[:n], signs[:n], strict=True)]
    fig = make_subplots(rows=rows, cols=cols, horizontal_spacing=0.012, vertical_spacing=0.08,
                        subplot_titles=[f"draw {t + 1}: error {e:.0%}" for t, e in enumerate(errors)])
    xs = np.linspace(bounds[0], bounds[1], resolution)
    ys = np.linspace(bounds[2], bounds[3], resolution)
    P = grid_points(xs, ys)
    scale = region_colorscale(2, show_confidence=False)
    for t in range(n):
        r, c = divmod(t, cols)
        model, sigma = models[t], signs[t]
        region = (np.full(len(P), int(sigma[0] > 0)) if model is None
                  else (np.asarray(model.predict(P)) > 0).astype(int))
        fig.add_trace(go.Heatmap(x=_f32(xs), y=_f32(ys), z=_f32(region.reshape(resolution, resolution) + 0.5),
                                 zmin=0.0, zmax=2.0, colorscale=scale, showscale=False, hoverinfo="skip",
                                 name=f"draw {t + 1}"), row=r + 1, col=c + 1)
        for k, sign in enumerate((-1, 1)):
            sel = sigma == sign
            fig.add_trace(go.Scatter(x=_f32(X[sel, 0]), y=_f32(X[sel, 1]), mode="markers", showlegend=False,
                                     marker=dict(size=4, color=palette.class_color(k), symbol=palette.class_symbol(k),
                                                 line=dict(color=palette.WHITE, width=0.4)),
                                     hoverinfo="skip", name=f"σ = {sign:+d}"), row=r + 1, col=c + 1)
    _panel_axes(fig, n, rows, cols, bounds, np.zeros(n, dtype=bool))
    fig.update_annotations(font=dict(size=11))
    fig.update_layout(template="none", font=_FONT, height=height * rows, margin=dict(l=5, r=5, t=25, b=5),
                      paper_bgcolor=palette.WHITE, plot_bgcolor=palette.WHITE, uirevision="random_fits")
    return fig
