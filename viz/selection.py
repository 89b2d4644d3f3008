"""Pictures of model selection: folds, boundaries per fold or per model, a search's score plane,
nested cross-validation, and bias and variance.

* :func:`groups_figure` — the data coloured by group (the fold a point is tested in), class by symbol.
* :func:`panels_figure` — small multiples: one model's regions per panel (a fold, a model), with
  the points it was trained on filled and the points it was scored on hollow.
* :func:`search_figure` — mean CV score over a 2-parameter grid as a heatmap, the best cell
  framed, the chosen cell dashed, random-search draws as points over the same plane.
* :func:`nested_figure` — each outer fold's inner CV curve, the value it chose, its outer score.
* :func:`overlay_figure` — boundaries of models fitted on resampled training sets, drawn over
  the regions of their majority vote (shaded by how many of them agree).
* :func:`bias_variance_figure` — expected loss, bias and variance against complexity.

Pure functions: no Streamlit, no fitting (the grids and scores come in computed).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import plotly.graph_objects as go

from . import palette
from .decision import (
    _regions_trace,
    _test_traces,
    _train_traces,
    boundary_segments,
    label_index,
    region_colorscale,
)
from .grid import Bounds, DecisionGrid

__all__ = ["Panel", "groups_figure", "panels_figure", "search_figure", "nested_figure", "overlay_figure",
           "bias_variance_figure", "FOLD_COLORS"]

_FONT = dict(family="Arial, Helvetica, sans-serif", size=14, color=palette.INK)
# Fold colours: a qualitative set apart from the class colours (classes are told by symbol here).
FOLD_COLORS = ("#1B9E77", "#D95F02", "#7570B3", "#E7298A", "#66A61E", "#E6AB02", "#A6761D", "#666666",
               "#1F78B4", "#B2DF8A")
_SCORE_SCALE = "Viridis"


def _axis(**extra) -> dict:
    return dict(showgrid=True, gridcolor=palette.GRID, zeroline=False, showline=True, linecolor="#BBBBBB",
                mirror=True, ticks="outside", tickcolor="#BBBBBB", **extra)


def _plane_layout(bounds: Bounds, height: int, title: str | None, top: int = 40) -> dict:
    x0, x1, y0, y1 = bounds
    return dict(template="none", font=_FONT, height=int(height), paper_bgcolor=palette.WHITE,
                plot_bgcolor=palette.WHITE, margin=dict(l=50, r=10, t=top, b=45),
                xaxis=_axis(range=[x0, x1], constrain="domain", title=dict(text="x₁")),
                yaxis=_axis(range=[y0, y1], constrain="domain", scaleanchor="x", scaleratio=1.0,
                            title=dict(text="x₂")),
                legend=dict(orientation="h", yanchor="bottom", y=1.01, xanchor="left", x=0.0, font=dict(size=13)),
                title=dict(text=title or "", x=0.0, xanchor="left", font=dict(size=16)))


def groups_figure(X, y, classes, groups, group_names, *, bounds: Bounds, colors=FOLD_COLORS, height: int = 480,
                  title: str | None = None) -> go.Figure:
    """Points coloured by ``groups[i]`` (an index into ``group_names``), shaped by class."""
    X = np.asarray(X, dtype=np.float64)
    idx = label_index(np.asarray(y), classes)
    groups = np.asarray(groups)
    traces = []
    for g, name in enumerate(group_names):
        sel = groups == g
        color = colors[g % len(colors)]
        traces.append(go.Scatter(
            x=X[sel, 0].astype(np.float32), y=X[sel, 1].astype(np.float32), mode="markers", name=name,
            text=[f"class {classes[k]}" for k in idx[sel]],
            marker=dict(color=color, size=12, symbol=[palette.class_symbol(k) for k in idx[sel]],
                        line=dict(color=palette.WHITE, width=1)),
            hovertemplate=f"{name}<br>%{{text}}<br>(%{{x:.3g}}, %{{y:.3g}})<extra></extra>"))
    return go.Figure(data=traces, layout=_plane_layout(bounds, height, title, top=40 + 22 * (len(group_names) > 6)))


class Panel(NamedTuple):
    """One small plot: a model's grid (None if it did not fit), a title, the indices of the
    points it was trained on (filled) and those it was scored on (hollow)."""
    grid: DecisionGrid | None
    title: str
    trained: np.ndarray
    scored: np.ndarray


def panels_figure(panels: list[Panel], X, y, classes, *, bounds: Bounds, columns: int = 5,
                  panel_height: int = 170, title_size: int = 13) -> go.Figure:
    """Small multiples of decision regions, ``columns`` per row, each titled (its score)."""
    X = np.asarray(X, dtype=np.float64)
    classes = np.asarray(classes)
    K = len(classes)
    idx = label_index(np.asarray(y), classes)
    n = max(len(panels), 1)
    cols = max(1, min(columns, n))
    rows = -(-n // cols)
    hgap = 0.015
    w = (1 - hgap * (cols - 1)) / cols
    # Rows laid out in pixels: each panel has room above it for its title's lines.
    title_px = 4 + 17 * max(p.title.count("<br>") + 1 for p in panels) if panels else 20
    total_px = rows * (panel_height + title_px)
    layout, notes, traces = {}, [], []
    scale = region_colorscale(K, show_confidence=False)
    for i, panel in enumerate(panels):
        r, c = divmod(i, cols)
        ax = "" if i == 0 else str(i + 1)
        x0 = c * (w + hgap)
        y1 = max(0.0, 1 - (r * (panel_height + title_px) + title_px) / total_px)
        y0 = max(0.0, y1 - panel_height / total_px)
        layout[f"xaxis{ax}"] = dict(domain=[x0, min(1.0, x0 + w)], anchor=f"y{ax}", range=[bounds[0], bounds[1]],
                                    showticklabels=False, showgrid=False, zeroline=False, showline=True,
                                    linecolor="#BBBBBB", mirror=True)
        layout[f"yaxis{ax}"] = dict(domain=[y0, y1], anchor=f"x{ax}", range=[bounds[2], bounds[3]],
                                    showticklabels=False, showgrid=False, zeroline=False, showline=True,
                                    linecolor="#BBBBBB", mirror=True)
        notes.append(dict(text=panel.title, x=x0 + w / 2, y=y1, xref="paper", yref="paper", xanchor="center",
                          yanchor="bottom", showarrow=False, font=dict(size=title_size)))
        if panel.grid is not None:
            g = panel.grid
            labels = np.searchsorted(classes, np.asarray(g.classes))[g.labels]
            traces.append(go.Heatmap(xaxis=f"x{ax}", yaxis=f"y{ax}", x=g.xs.astype(np.float32),
                                     y=g.ys.astype(np.float32), z=(labels + 0.5).astype(np.float32), zmin=0.0,
                                     zmax=float(K), colorscale=scale, showscale=False, zsmooth=False,
                                     hoverinfo="skip", showlegend=False, name=panel.title))
        for k in range(K):
            for which, hollow in ((panel.trained, False), (panel.scored, True)):
                sel = np.asarray(which, dtype=np.intp)
                sel = sel[idx[sel] == k]
                if not len(sel):
                    continue
                traces.append(go.Scatter(
                    xaxis=f"x{ax}", yaxis=f"y{ax}", x=X[sel, 0].astype(np.float32), y=X[sel, 1].astype(np.float32),
                    mode="markers", hoverinfo="skip", showlegend=False,
                    name="scored" if hollow else "trained",
                    marker=dict(size=6 if hollow else 4, color=palette.class_color(k),
                                symbol=palette.class_symbol(k, hollow=hollow),
                                line=dict(color=palette.class_color(k) if hollow else palette.WHITE,
                                          width=1.5 if hollow else 0.5))))
    return go.Figure(data=traces, layout=dict(
        layout, template="none", font=_FONT, height=int(total_px + 10), annotations=notes,
        margin=dict(l=5, r=5, t=5, b=5), paper_bgcolor=palette.WHITE))


def _cell_text(v) -> str:
    if isinstance(v, float):
        return f"{v:g}"
    return "no limit" if v is None else str(v).replace("_", " ")


CELL_FONT, RANDOM_SIZE = 13, 10
# Presenter mode draws placed text 1.2 times and markers 1.5 times larger (viz.present): the strip
# and the room for a draw are measured at that size, so they hold on a projector too.
_TEXT_PX = CELL_FONT * 1.2 * 1.3
_DRAW_RADIUS_PX = (RANDOM_SIZE / 2 + 2) * 1.5


def _text_strip(cell_px: float) -> float:
    """The share of a cell's height, at its top, that holds its value."""
    return min(0.5, _TEXT_PX / max(cell_px, 1.0))


def _value_colors(scores, low: float, high: float) -> list[str]:
    """Ink on the light (upper) part of Viridis and on grey failed cells, white on the dark part,
    as plotly's own heatmap text chooses."""
    share = (np.asarray(scores, dtype=np.float64).ravel() - low) / (high - low)
    return [palette.INK if not np.isfinite(v) or v > 0.55 else palette.WHITE for v in share]


def below_values(y, text_top: float, cell_px: float) -> np.ndarray:
    """Index positions ``y`` (a value between two grid values lies between their cells) moved into
    the part of their cell under its value: the cell's lower edge to the strip's lower edge, less a
    draw's radius at each end, keeping their order within the cell."""
    y = np.asarray(y, dtype=np.float64)
    cell = np.round(y)
    pad = min(_DRAW_RADIUS_PX / max(cell_px, 1.0), (1.0 - text_top) / 2)
    low, high = cell - 0.5 + pad, cell + 0.5 - text_top - pad
    return low + (y - cell + 0.5) * (high - low)


def search_figure(x_values, y_values, scores, *, x_label: str, y_label: str, best: tuple[int, int] | None,
                  selected: tuple[int, int] | None = None, random_points=None, height: int = 470,
                  title: str | None = None) -> go.Figure:
    """Mean CV accuracy ``scores[j, i]`` at (x_values[i], y_values[j]) on index axes (one cell a value).

    ``best``/``selected``: (i, j) of the best cell (solid frame) and the shown one (dashed).
    ``random_points``: (x positions, y positions, scores) in the same index coordinates
    (a value between two grid values lands between their cells), drawn as points coloured on
    the same scale. NaN cells (a setting that could not fit) stay grey.
    The invisible markers over the cells carry (i, j) so a click can pick a cell.
    """
    scores = np.asarray(scores, dtype=np.float64)
    ny, nx = scores.shape
    finite = scores[np.isfinite(scores)]
    low = float(finite.min()) if finite.size else 0.0
    high = float(finite.max()) if finite.size else 1.0
    if random_points is not None and len(random_points[2]):
        rp = np.asarray(random_points[2], dtype=np.float64)
        rp = rp[np.isfinite(rp)]
        if rp.size:
            low, high = min(low, float(rp.min())), max(high, float(rp.max()))
    # One score everywhere: the bar still needs a span, but its only tick is the score itself, and
    # the span stays within [0, 1] (a bar labelled "1.01" would show an accuracy that cannot be).
    single = high - low < 1e-9
    ticks = dict(tickvals=[high], ticktext=[f"{high:.2f}"]) if single else {}
    if single:
        low, high = max(0.0, low - 0.01), min(1.0, high + 0.01)
    text = np.where(np.isfinite(scores), np.char.mod("%.2f", np.nan_to_num(scores)), "—")
    has_random = random_points is not None and len(random_points[0])
    margin = dict(l=70, r=10, t=40 if title else 30, b=60)
    # With random draws the cell's value moves to the top of the cell and the draws into the
    # part below it, so no draw sits on a number (a value and a circle read as "1○0○").
    cell_px = (height - margin["t"] - margin["b"]) / ny
    text_top = _text_strip(cell_px) if has_random else 0.0
    traces = [go.Heatmap(
        x=np.arange(nx), y=np.arange(ny), z=scores.astype(np.float32), zmin=low, zmax=high,
        colorscale=_SCORE_SCALE, text=text, texttemplate="" if has_random else "%{text}", textfont=dict(size=13),
        colorbar=dict(title=dict(text="CV accuracy", side="right"), thickness=12, len=0.9, **ticks),
        hoverinfo="skip", name="grid search", xgap=1, ygap=1)]
    ii, jj = np.meshgrid(np.arange(nx), np.arange(ny))
    hover = [f"{x_label} = {_cell_text(x_values[i])}<br>{y_label} = {_cell_text(y_values[j])}<br>"
             + (f"CV accuracy {scores[j, i]:.3f}" if np.isfinite(scores[j, i]) else "could not be fitted")
             for i, j in zip(ii.ravel(), jj.ravel(), strict=True)]
    traces.append(go.Scatter(
        x=ii.ravel(), y=jj.ravel(), mode="markers", name="cells", showlegend=False,
        customdata=np.stack([ii.ravel(), jj.ravel()], axis=1), text=hover, hovertemplate="%{text}<extra></extra>",
        marker=dict(symbol="square", size=28, color="rgba(0,0,0,0)", opacity=0.01)))
    if has_random:
        # the value's centre, half the strip below the cell's top edge
        traces.append(go.Scatter(
            x=ii.ravel(), y=jj.ravel() + 0.5 - text_top / 2, mode="text", name="cell values", showlegend=False,
            text=text.ravel(), textfont=dict(size=CELL_FONT, color=_value_colors(scores, low, high)),
            hoverinfo="skip"))
        rx, ry, rs = (np.asarray(v, dtype=np.float64) for v in random_points)
        traces.append(go.Scatter(
            x=rx, y=below_values(ry, text_top, cell_px), mode="markers", name="random search",
            marker=dict(size=RANDOM_SIZE, color=np.nan_to_num(rs, nan=low), cmin=low, cmax=high,
                        colorscale=_SCORE_SCALE, symbol="circle", line=dict(color=palette.WHITE, width=2)),
            text=[f"CV accuracy {s:.3f}" if np.isfinite(s) else "could not be fitted" for s in rs],
            hovertemplate="random draw<br>%{text}<extra></extra>"))
    shapes = []
    if best is not None:
        shapes.append(_frame(best, dict(color=palette.INK, width=4)))
    if selected is not None and selected != best:
        shapes.append(_frame(selected, dict(color="#D55E00", width=3, dash="dash")))
    layout = dict(
        template="none", font=_FONT, height=int(height), paper_bgcolor=palette.WHITE, plot_bgcolor=palette.WHITE,
        margin=margin, shapes=shapes, clickmode="event+select",
        xaxis=dict(tickmode="array", tickvals=list(range(nx)), ticktext=[_cell_text(v) for v in x_values],
                   title=dict(text=x_label), range=[-0.5, nx - 0.5], showgrid=False, zeroline=False),
        yaxis=dict(tickmode="array", tickvals=list(range(ny)), ticktext=[_cell_text(v) for v in y_values],
                   title=dict(text=y_label), range=[-0.5, ny - 0.5], showgrid=False, zeroline=False),
        legend=dict(orientation="h", yanchor="bottom", y=1.0, xanchor="right", x=1.0, font=dict(size=13)),
        uirevision="search")
    if title:
        layout["title"] = dict(text=title, x=0.0, xanchor="left", font=dict(size=16))
    return go.Figure(data=traces, layout=layout)


def _frame(cell: tuple[int, int], line: dict) -> dict:
    i, j = cell
    return dict(type="rect", x0=i - 0.5, x1=i + 0.5, y0=j - 0.5, y1=j + 0.5, line=line, layer="above")


def nested_figure(values, label: str, inner_means, chosen, outer_scores, *, height: int = 380) -> go.Figure:
    """Outer fold f: its inner CV curve (mean score at each value), a star at the value it chose,
    and a diamond at its outer test score, so the inner optimism is visible."""
    inner_means = np.asarray(inner_means, dtype=np.float64)
    x = np.arange(len(values))
    traces = []
    for f, (curve, pick, outer) in enumerate(zip(inner_means, chosen, outer_scores, strict=True)):
        color = FOLD_COLORS[f % len(FOLD_COLORS)]
        traces.append(go.Scatter(x=x, y=curve, mode="lines+markers", name=f"outer fold {f + 1}: inner CV",
                                 line=dict(color=color, width=2), marker=dict(size=6), legendgroup=str(f)))
        traces.append(go.Scatter(x=[pick], y=[curve[pick]], mode="markers", showlegend=False, legendgroup=str(f),
                                 marker=dict(symbol="star", size=17, color=color,
                                             line=dict(color=palette.INK, width=1)),
                                 hovertemplate=f"fold {f + 1} chose {label} = {_cell_text(values[pick])}"
                                               "<br>inner CV %{y:.3f}<extra></extra>"))
        traces.append(go.Scatter(x=[pick], y=[outer], mode="markers", showlegend=False, legendgroup=str(f),
                                 marker=dict(symbol="diamond", size=13, color=palette.WHITE,
                                             line=dict(color=color, width=3)),
                                 hovertemplate=f"fold {f + 1}: outer test accuracy %{{y:.3f}}<extra></extra>"))
    return go.Figure(data=traces, layout=dict(
        template="none", font=_FONT, height=int(height), paper_bgcolor=palette.WHITE, plot_bgcolor=palette.WHITE,
        margin=dict(l=60, r=10, t=10, b=50),
        xaxis=_axis(tickmode="array", tickvals=list(x), ticktext=[_cell_text(v) for v in values],
                    title=dict(text=label)),
        yaxis=_axis(title=dict(text="accuracy")),
        legend=dict(orientation="v", x=1.02, xanchor="left", y=1.0, font=dict(size=13))))


def overlay_figure(main: DecisionGrid, agreement: np.ndarray, member_grids: list[DecisionGrid], X, y, *,
                   X_test=None, y_test=None, height: int = 470, title: str | None = None) -> go.Figure:
    """The majority vote's regions (``main``), shaded by ``agreement`` in [0, 1] (1: every model
    agrees), with each resampled model's own boundary as a thin translucent line."""
    classes = np.asarray(main.classes)
    names = [str(c) for c in classes]
    shaded = DecisionGrid(main.xs, main.ys, main.labels, np.clip(agreement, 0.0, 1.0), None, classes,
                          main.bounds, "vote")
    traces = [_regions_trace(shaded, names, True)]
    xs, ys = [], []
    for g in member_grids:
        x, y_line = chained(*boundary_segments(g))
        xs.append(np.asarray(x, dtype=np.float32))
        ys.append(np.asarray(y_line, dtype=np.float32))
        xs.append(np.array([np.nan], dtype=np.float32))
        ys.append(np.array([np.nan], dtype=np.float32))
    if xs:
        traces.append(go.Scatter(x=np.concatenate(xs), y=np.concatenate(ys), mode="lines", connectgaps=False,
                                 line=dict(color="rgba(34,34,34,0.35)", width=1.2), hoverinfo="skip",
                                 name="one resampled model's boundary"))
    spans = (main.bounds[1] - main.bounds[0], main.bounds[3] - main.bounds[2])
    traces += _train_traces(np.asarray(X, dtype=np.float64), label_index(np.asarray(y), classes), names,
                            len(classes), spans)
    if X_test is not None and len(X_test):
        traces += _test_traces(np.asarray(X_test, dtype=np.float64), label_index(np.asarray(y_test), classes),
                               names, spans)
    layout = _plane_layout(main.bounds, height, title, top=62 if title else 40)
    return go.Figure(data=traces, layout=layout)


def chained(x, y) -> tuple[np.ndarray, np.ndarray]:
    """The two-point segments of ``boundary_segments`` (``x``, ``y``: a, b, NaN, a, b, NaN...)
    joined end to end into polylines, NaN between polylines: the same lines, drawn by the browser
    as a few dozen paths instead of one per segment (plotly draws each piece between gaps as an
    SVG path of its own; thousands of them took most of the page's drawing time)."""
    x, y = np.asarray(x), np.asarray(y)
    if len(x) < 3:
        return x, y
    ends = np.stack([x, y], axis=1).reshape(-1, 3, 2)[:, :2]        # (segments, 2 ends, xy)
    at: dict[tuple, list[int]] = {}
    for i, pair in enumerate(ends.tolist()):
        for point in pair:
            at.setdefault(tuple(point), []).append(i)
    used = np.zeros(len(ends), dtype=bool)
    # a polyline starts where a line ends or branches (an odd count of segments meets there), then closed loops
    starts = [p for p, segs in at.items() if len(segs) % 2] + list(at)
    out = []
    for start in starts:
        while any(not used[i] for i in at[start]):
            point, line = start, [start]
            while True:
                i = next((i for i in at[point] if not used[i]), None)
                if i is None:
                    break
                used[i] = True
                a, b = (tuple(e) for e in ends[i].tolist())
                point = b if a == point else a
                line.append(point)
            out.append(line + [(np.nan, np.nan)])
    flat = np.array([p for line in out for p in line], dtype=x.dtype)
    return flat[:, 0], flat[:, 1]


def bias_variance_figure(values, label: str, *, loss, bias, variance, net_variance, log: bool,
                         current: int | None = None, height: int = 380, noise_term=None, noise: float | None = None,
                         errors: dict | None = None) -> go.Figure:
    """Expected 0-1 loss, the noise term (when the optimal label is known), bias, variance and net
    variance against the complexity parameter; ``noise``: the Bayes error, drawn as the floor no
    expected loss goes below; ``errors``: a line's name ("loss", "noise_term", "bias", "variance",
    "net_variance") -> each point's standard error, drawn as an error bar."""
    numeric = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)
    x = list(values) if numeric else list(range(len(values)))
    lines = [("expected loss", "loss", loss, palette.INK, "solid"),
             ("noise term", "noise_term", noise_term, palette.NEUTRAL, "dot"),
             ("bias (= bias²)", "bias", bias, "#0072B2", "solid"),
             ("variance", "variance", variance, "#E69F00", "dash"),
             ("net variance (V_u − V_b)", "net_variance", net_variance, "#D55E00", "solid")]
    errors = errors or {}
    traces = [go.Scatter(x=x, y=np.asarray(v, dtype=np.float64), mode="lines+markers", name=name,
                         line=dict(color=color, width=3, dash=dash), marker=dict(size=7),
                         error_y=None if key not in errors else dict(
                             type="data", array=np.asarray(errors[key], dtype=np.float64), color=color, thickness=1.5,
                             width=4))
              for name, key, v, color, dash in lines if v is not None]
    if noise is not None:
        traces.append(go.Scatter(x=[x[0], x[-1]], y=[noise, noise], mode="lines", name="noise: the floor",
                                 line=dict(color=palette.NEUTRAL, width=1.5, dash="dash"), hoverinfo="y"))
    xaxis = _axis(title=dict(text=label), type="log" if log and numeric else "-")
    if not numeric:
        xaxis.update(tickmode="array", tickvals=x, ticktext=[_cell_text(v) for v in values])
    shapes = []
    if current is not None:
        shapes.append(dict(type="line", x0=x[current], x1=x[current], yref="paper", y0=0, y1=1,
                           line=dict(color=palette.NEUTRAL, width=2, dash="dot")))
    return go.Figure(data=traces, layout=dict(
        template="none", font=_FONT, height=int(height), paper_bgcolor=palette.WHITE, plot_bgcolor=palette.WHITE,
        margin=dict(l=60, r=10, t=40, b=50), xaxis=xaxis, yaxis=_axis(title=dict(text="0-1 loss"), rangemode="tozero"),
        shapes=shapes, legend=dict(orientation="h", yanchor="bottom", y=1.0, xanchor="left", x=0.0,
                                   font=dict(size=13))))
