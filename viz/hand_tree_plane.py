"""The plane of the "Build the tree" exercise: the student's regions tinted by their majority
class and lettered, their cuts, the region chosen (outlined) and the cut being tried (dashed).

A pure function of plain arrays and boxes (no exercise objects): ``leaves`` are
(box, majority class, letter) with box = (x₁ low, x₁ high, x₂ low, x₂ high); ``cuts`` and
``trial`` are (feature, threshold, box) drawn across their box only."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from . import palette

_FONT = dict(family="Arial, Helvetica, sans-serif", size=13, color=palette.INK)
_CHOSEN = "#D55E00"
_TRIAL = "#CC0066"


def _f32(values) -> np.ndarray:
    return np.asarray(values, dtype=np.float32)


def _segment(feature: int, threshold: float, box) -> tuple[list[float], list[float]]:
    x0, x1, y0, y1 = box
    if feature == 0:
        return [threshold, threshold], [y0, y1]
    return [x0, x1], [threshold, threshold]


def _axis(lo: float, hi: float, title: str, **extra) -> dict:
    return dict(range=[lo, hi], autorange=False, title=dict(text=title), showgrid=True, gridcolor=palette.GRID,
                zeroline=False, showline=True, linecolor="#BBBBBB", mirror=True, ticks="outside",
                constrain="domain", fixedrange=True, **extra)


def hand_tree_plane(X, y, n_classes: int, bounds, leaves, cuts, *, chosen=None, trial=None,
                    X_test=None, y_test=None, feature_names=("x₁", "x₂"), height: int = 480) -> go.Figure:
    """Training points (filled) and optional test points (hollow) over the student's regions.

    ``chosen``: the box of the region being split (outlined). ``trial``: (feature, threshold,
    box) of the cut being tried, dashed, with its value on hover."""
    X, y = np.asarray(X, dtype=np.float64), np.asarray(y)
    shapes, traces = [], []
    for box, majority, _ in leaves:
        x0, x1, y0, y1 = box
        shapes.append(dict(type="rect", x0=x0, x1=x1, y0=y0, y1=y1, layer="below", line=dict(width=0),
                           fillcolor=palette.region_tint(majority)))
    cx, cy = [], []
    for feature, threshold, box in cuts:
        sx, sy = _segment(feature, threshold, box)
        cx += [*sx, np.nan]
        cy += [*sy, np.nan]
    traces.append(go.Scatter(x=_f32(cx), y=_f32(cy), mode="lines", name="your splits", showlegend=bool(cuts),
                             line=dict(color=palette.INK, width=2.5), hoverinfo="skip", connectgaps=False))
    for k in range(n_classes):
        sel = y == k
        traces.append(go.Scatter(
            x=_f32(X[sel, 0]), y=_f32(X[sel, 1]), mode="markers", name=f"class {k}",
            marker=dict(size=10, color=palette.class_color(k), symbol=palette.class_symbol(k),
                        line=dict(color=palette.WHITE, width=1)),
            hovertemplate=f"class {k}: (%{{x:.2f}}, %{{y:.2f}})<extra></extra>"))
    if X_test is not None and len(X_test):
        X_test, y_test = np.asarray(X_test, dtype=np.float64), np.asarray(y_test)
        for k in range(n_classes):
            sel = y_test == k
            traces.append(go.Scatter(
                x=_f32(X_test[sel, 0]), y=_f32(X_test[sel, 1]), mode="markers", name=f"test, class {k}",
                marker=dict(size=9, color=palette.class_color(k), symbol=palette.class_symbol(k, hollow=True),
                            line=dict(width=1.5)),
                hovertemplate=f"test point, class {k}: (%{{x:.2f}}, %{{y:.2f}})<extra></extra>"))
    if chosen is not None:
        x0, x1, y0, y1 = chosen
        traces.append(go.Scatter(x=[x0, x1, x1, x0, x0], y=[y0, y0, y1, y1, y0], mode="lines",
                                 name="region chosen", line=dict(color=_CHOSEN, width=3), hoverinfo="skip"))
    if trial is not None:
        feature, threshold, box = trial
        sx, sy = _segment(feature, threshold, box)
        traces.append(go.Scatter(x=_f32(sx), y=_f32(sy), mode="lines", name="cut tried",
                                 line=dict(color=_TRIAL, width=3, dash="dash"),
                                 hovertemplate=f"{feature_names[feature]} = {threshold:.3g}<extra></extra>"))
    annotations = [dict(x=(b[0] + b[1]) / 2, y=(b[2] + b[3]) / 2, text=f"<b>{letter}</b>", showarrow=False,
                        font=dict(size=22, color="rgba(34,34,34,0.45)")) for b, _, letter in leaves]
    fig = go.Figure(traces)
    fig.update_layout(
        template="none", font=_FONT, height=height, shapes=shapes, annotations=annotations,
        margin=dict(l=50, r=10, t=40, b=45), paper_bgcolor=palette.WHITE, plot_bgcolor=palette.WHITE,
        legend=dict(orientation="h", yanchor="bottom", y=1.0, xanchor="left", x=0.0, font=dict(size=12)),
        # fixed axes: two quick clicks are a plotly double click, which would reset the ranges
        xaxis=_axis(bounds[0], bounds[1], feature_names[0]),
        yaxis=_axis(bounds[2], bounds[3], feature_names[1], scaleanchor="x", scaleratio=1.0),
        uirevision="hand-tree", hovermode="closest")
    return fig
