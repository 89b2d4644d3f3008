"""Pictures of a neural network while it learns (a fitted ``mlcore`` MLPClassifier).

* :func:`curves_figure` — the loss per epoch and the training / test accuracy, with the
  replayed epoch marked.
* :func:`unit_maps_figure` — every hidden unit's activation over the plane, as small
  multiples (TensorFlow Playground's view), one band of tiles per hidden layer.
* :func:`hidden_space_figure` — the data in the last hidden layer's space: its two units as
  axes (with the output layer's regions, which are linear there), one unit as an axis, or
  for more units the first two principal components (numpy SVD).

Pure functions: no Streamlit, no fitting. The model passed is the network at the epoch
shown (``model.at_epoch(e)``). Arrays go to plotly as float32 numpy.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from . import palette
from .decision import label_index, label_names, region_colorscale
from .grid import Bounds, grid_points, make_bounds

__all__ = ["curves_figure", "unit_maps", "unit_maps_figure", "hidden_space", "hidden_space_figure", "pca_2d"]

_FONT = dict(family="Arial, Helvetica, sans-serif", size=13, color=palette.INK)
NEGATIVE, POSITIVE = "#D55E00", "#0072B2"
# A diverging scale for activations scaled to [-1, 1]: vermillion below 0, white at 0, blue above.
UNIT_SCALE = [[0.0, NEGATIVE], [0.5, palette.WHITE], [1.0, POSITIVE]]
_MARKER = dict(size=7, line=dict(color=palette.WHITE, width=1))


def _base_layout(height: int, **extra) -> dict:
    return dict(template="none", font=_FONT, height=int(height), paper_bgcolor=palette.WHITE,
                plot_bgcolor=palette.WHITE, margin=dict(l=55, r=15, t=40, b=50), **extra)


# --- curves ----------------------------------------------------------------------------

def curves_figure(model, *, test_epochs=None, test_scores=None, current: int | None = None,
                  height: int = 300) -> go.Figure:
    """Left: ``loss_curve_`` (epoch 1..n). Right: ``train_scores_`` (epoch 0..n) and, if given,
    the test accuracy at ``test_epochs``. A dashed line marks the epoch ``current``."""
    fig = make_subplots(rows=1, cols=2, horizontal_spacing=0.12,
                        subplot_titles=("training loss (cross-entropy + L2)", "accuracy"))
    epochs = np.arange(1, len(model.loss_curve_) + 1)
    fig.add_trace(go.Scatter(x=epochs, y=np.asarray(model.loss_curve_, dtype=float), mode="lines",
                             name="loss", line=dict(color=palette.INK, width=2), showlegend=False,
                             hovertemplate="epoch %{x}<br>loss %{y:.4g}<extra></extra>"), row=1, col=1)
    fig.add_trace(go.Scatter(x=np.arange(len(model.train_scores_)),
                             y=np.asarray(model.train_scores_, dtype=np.float32), mode="lines",
                             name="train accuracy", line=dict(color=POSITIVE, width=2),
                             hovertemplate="epoch %{x}<br>train %{y:.1%}<extra></extra>"), row=1, col=2)
    if test_scores is not None and len(test_scores):
        fig.add_trace(go.Scatter(x=np.asarray(test_epochs), y=np.asarray(test_scores, dtype=np.float32),
                                 mode="lines", name="test accuracy",
                                 line=dict(color=NEGATIVE, width=2, dash="dot"),
                                 hovertemplate="epoch %{x}<br>test %{y:.1%}<extra></extra>"), row=1, col=2)
    if current is not None:
        for col in (1, 2):
            fig.add_vline(x=current, line=dict(color=palette.NEUTRAL, width=1.5, dash="dash"), row=1, col=col)
    # the legend sits inside the accuracy panel, bottom right, where the curves rarely go
    fig.update_layout(**_base_layout(height), showlegend=True,
                      legend=dict(orientation="v", yanchor="bottom", y=0.03, x=0.99, xanchor="right",
                                  bgcolor="rgba(255,255,255,0.8)"))
    fig.update_xaxes(title_text="epoch", gridcolor=palette.GRID, zeroline=False)
    fig.update_yaxes(gridcolor=palette.GRID, zeroline=False)
    fig.update_yaxes(range=[0, 1.02], tickformat=".0%", row=1, col=2)
    fig.update_annotations(font=dict(size=14))
    return fig


# --- hidden units over the plane ------------------------------------------------------------

def unit_maps(model, bounds: Bounds, resolution: int = 36) -> list[np.ndarray]:
    """Each hidden layer's activations on a ``resolution``² grid over ``bounds``: a list of
    arrays (units, resolution, resolution), row j at x₂ = ys[j]."""
    x0, x1, y0, y1 = bounds
    points = grid_points(np.linspace(x0, x1, resolution), np.linspace(y0, y1, resolution))
    return [H.T.reshape(-1, resolution, resolution).copy() for H in model.hidden_activations(points)]


def _scaled(maps: np.ndarray) -> np.ndarray:
    """Each unit's map divided by its own largest |value| (a flat zero map stays 0)."""
    peak = np.abs(maps).reshape(len(maps), -1).max(axis=1)
    return maps / np.where(peak > 0, peak, 1.0)[:, None, None]


def unit_maps_figure(model, bounds: Bounds, *, resolution: int = 36, per_row: int = 16,
                     height: int | None = None) -> go.Figure:
    """Small multiples of every hidden unit's activation f(z) over the plane, one tile per
    unit, one band of tiles per layer (wrapping after ``per_row``), each tile scaled to its
    own largest |value|: blue positive, vermillion negative, white 0 (a dead relu unit is white).

    All tiles are ONE heatmap (NaN gaps between tiles), so even 4 x 64 units draw quickly.
    """
    layers = [_scaled(m) for m in unit_maps(model, bounds, resolution)]
    widest = max((len(m) for m in layers), default=1)
    columns = max(1, min(per_row, widest))
    gap = max(2, resolution // 8)
    cell = resolution + gap
    bands = [int(np.ceil(len(m) / columns)) for m in layers]
    image = np.full((sum(bands) * cell, columns * cell), np.nan, dtype=np.float32)
    ticks, labels = [], []
    top = 0
    for number, (maps, rows) in enumerate(zip(layers, bands, strict=True), start=1):
        for unit, tile in enumerate(maps):
            r, c = divmod(unit, columns)
            # image row 0 is drawn at the top (reversed y axis): flip so that x₂ grows upwards
            image[top + r * cell: top + r * cell + resolution, c * cell: c * cell + resolution] = tile[::-1]
        ticks.append(top + rows * cell / 2 - gap / 2)
        labels.append(f"layer {number}<br>({len(maps)} units)")
        top += rows * cell
    fig = go.Figure(go.Heatmap(z=image, colorscale=UNIT_SCALE, zmin=-1, zmax=1, showscale=False,
                               hoverinfo="skip", xgap=0, ygap=0))
    per_tile = 36 if columns > 10 else 56
    fig.update_layout(**_base_layout(height or 40 + sum(bands) * per_tile))
    fig.update_layout(margin=dict(l=90, r=10, t=10, b=30))
    fig.update_xaxes(showgrid=False, zeroline=False, showticklabels=True, ticks="",
                     tickvals=[c * cell + resolution / 2 for c in range(columns)],
                     ticktext=[str(c + 1) for c in range(columns)], title_text=None,
                     constrain="domain", range=[-0.5, columns * cell - gap - 0.5])
    fig.update_yaxes(showgrid=False, zeroline=False, autorange="reversed", tickvals=ticks, ticktext=labels,
                     ticks="", scaleanchor="x", scaleratio=1, constrain="domain")
    return fig


# --- the last hidden layer's space ---------------------------------------------------------

def pca_2d(H: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The rows of H (n, u) on their first two principal axes, and the share of the variance
    each explains: centre, then the SVD H_c = U S V'; coordinates H_c V[:, :2]."""
    centred = H - H.mean(axis=0)
    _, s, vt = np.linalg.svd(centred, full_matrices=False)
    total = float((s ** 2).sum())
    share = (s[:2] ** 2) / total if total > 0 else np.zeros(min(2, len(s)))
    coords = centred @ vt[:2].T
    if coords.shape[1] < 2:
        coords = np.column_stack([coords, np.zeros(len(coords))])
        share = np.append(share, 0.0)
    return coords, share


def hidden_space(model, X) -> tuple[np.ndarray, str, str, str]:
    """(points (n, 2), x title, y title, how) of X in the last hidden layer's space."""
    H = model.hidden_activations(X)[-1]
    units = H.shape[1]
    if units == 1:
        return np.column_stack([H[:, 0], np.zeros(len(H))]), "h₁", "", "its one unit"
    if units == 2:
        return H, "h₁", "h₂", "its two units as the axes"
    coords, share = pca_2d(H)
    how = (f"a projection of its {units} units on their first two principal components "
           f"(PCA, {share[0]:.0%} + {share[1]:.0%} of the variance)")
    return coords, "PC 1", "PC 2", how


def hidden_space_figure(model, X, y, *, height: int = 380) -> go.Figure:
    """The training points mapped through the hidden layers. With exactly two units in the
    last hidden layer the output layer's regions are drawn too: there the output is
    softmax(h W_L + b_L), linear in h, so its boundaries are straight lines."""
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y)
    classes = np.asarray(model.classes_)
    names = label_names(classes)
    idx = label_index(y, classes)
    points, xtitle, ytitle, how = hidden_space(model, X)
    if xtitle == "h₁" and not ytitle:   # one unit: spread the classes vertically to see them
        points = points.copy()
        points[:, 1] = idx + np.linspace(-0.2, 0.2, len(points))
    traces = []
    if ytitle == "h₂" and len(points):
        bounds = make_bounds(points, pad=0.08)
        res = 120
        xs, ys = np.linspace(bounds[0], bounds[1], res), np.linspace(bounds[2], bounds[3], res)
        scores = grid_points(xs, ys) @ model.coefs_[-1] + model.intercepts_[-1]
        labels = np.argmax(scores, axis=1).reshape(res, res)
        traces.append(go.Heatmap(x=xs.astype(np.float32), y=ys.astype(np.float32),
                                 z=(labels + 0.5).astype(np.float32), zmin=0.0, zmax=float(len(classes)),
                                 colorscale=region_colorscale(len(classes), show_confidence=False),
                                 showscale=False, hoverinfo="skip", name="output regions"))
    for k, name in enumerate(names):
        sel = idx == k
        traces.append(go.Scatter(x=points[sel, 0].astype(np.float32), y=points[sel, 1].astype(np.float32),
                                 mode="markers", name=f"class {name}",
                                 marker=dict(_MARKER, color=palette.class_color(k), symbol=palette.class_symbol(k)),
                                 hovertemplate=f"class {name}<br>(%{{x:.3g}}, %{{y:.3g}})<extra></extra>"))
    fig = go.Figure(traces)
    fig.update_layout(**_base_layout(height), legend=dict(orientation="h", yanchor="bottom", y=1.01, x=0))
    fig.update_xaxes(title_text=xtitle, gridcolor=palette.GRID, zeroline=False, showline=True, mirror=True,
                     linecolor="#BBBBBB")
    fig.update_yaxes(title_text=ytitle, gridcolor=palette.GRID, zeroline=False, showline=True, mirror=True,
                     linecolor="#BBBBBB", showticklabels=bool(ytitle))
    fig.layout.meta = {"how": how}
    return fig
