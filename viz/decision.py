"""Decision regions of a fitted 2-D classifier, with its data on top.

Figure layers, bottom to top:

1. ONE heatmap trace for the regions. Each cell holds ``z = k + 0.001 + 0.998 c``
   (k the predicted class index, c the confidence in [0, 1]), and one banded
   colorscale maps class k's interval [k, k + 1) from a pale tint (c = 0, near the
   boundary) to a stronger tint (c = 1). ``floor(z)`` is the predicted class. The live
   chart (``ui/live/live_chart.py``) sends it compactly and draws it in the browser as one
   image of the same colours, with this heatmap on a coarser grid as an invisible hover layer.
2. The boundary: for a binary model with a smooth decision function, its contour at
   level 0 (start = end = 0); otherwise a line along the edges between grid cells
   with different labels (a staircase that is exact at grid resolution).
3. Training points, one trace per class (colour + symbol); test points hollow, with a
   neutral legend entry of their own; misclassified points crossed.

Pure functions: no Streamlit, no fitting. Arrays go to plotly as float32 numpy
(float64 only where float32 would blur coordinates, see :func:`coords`).
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import plotly.io as pio

from . import palette
from .grid import Bounds, DecisionGrid, evaluate_grid, make_bounds

__all__ = ["decision_figure", "points_figure", "boundary_segments", "region_z", "region_colorscale", "legend_room",
           "misclassified_marker"]

# Confidence is squeezed into [0.001, 0.999] inside a band, so floor(z) is the class even
# in float32 and no cell sits exactly on a band edge, where two colours meet.
_BAND_LO, _BAND_SPAN = 0.001, 0.998
_FONT = dict(family="Arial, Helvetica, sans-serif", size=14, color=palette.INK)
# Marker sizes (px) that still read on a projector; a misclassified point gets a cross, not a
# ring, so it cannot be mistaken for the SVM's free support vectors (black rings).
POINT_SIZE = 11
TEST_POINT_SIZE = 12
MISCLASSIFIED_MARKER = dict(symbol="x-thin-open", size=20, color=palette.INK, line=dict(color=palette.INK, width=2))
# Up to this many crosses each reads on its own; beyond it (a network that learned nothing gets
# half of 200 points wrong) crosses of full size merge into one black blob.
FEW_MISTAKES = 12
MIN_CROSS_SIZE, MIN_CROSS_WIDTH = 12, 0.75


def misclassified_marker(n: int) -> dict:
    """The cross on ``n`` misclassified points: full size for a few; for more, its size and stroke
    shrink like 1/sqrt(n) (the ink of all crosses together grows like sqrt(n), not n) down to a
    cross that still shows round a point (MIN_CROSS_SIZE > POINT_SIZE) in a hairline."""
    shrink = min(1.0, float(np.sqrt(FEW_MISTAKES / max(n, 1))))
    size = max(MIN_CROSS_SIZE, MISCLASSIFIED_MARKER["size"] * shrink)
    width = max(MIN_CROSS_WIDTH, MISCLASSIFIED_MARKER["line"]["width"] * shrink)
    return dict(MISCLASSIFIED_MARKER, size=size, line=dict(color=palette.INK, width=width))


def coords(v, span: float) -> np.ndarray:
    """Coordinates for plotly: float32 (half the bytes of float64) unless that would blur
    them. float32 keeps ~7 significant digits, so values within 1e4 spans of 0 land
    within 1e-3 of the axis span; data like 1e9 + small offsets stays float64."""
    v = np.asarray(v, dtype=np.float64)
    finite = np.abs(v[np.isfinite(v)])
    if finite.size and finite.max() > 1e4 * span:
        return v
    return v.astype(np.float32)


def _spans(bounds: Bounds) -> tuple[float, float]:
    return bounds[1] - bounds[0], bounds[3] - bounds[2]


# --- labels and names ----------------------------------------------------------------

def label_names(classes, class_names=None) -> list[str]:
    """Display name of each class: ``class_names`` (a sequence in ``classes`` order or a
    mapping label -> name) or the label itself."""
    classes = list(np.asarray(classes).tolist())
    if class_names is None:
        return [str(c) for c in classes]
    if isinstance(class_names, dict):
        return [str(class_names.get(c, c)) for c in classes]
    names = [str(n) for n in class_names]
    if len(names) != len(classes):
        raise ValueError(f"class_names has {len(names)} names but there are {len(classes)} classes")
    return names


def label_index(y, classes) -> np.ndarray:
    """Index of each label of ``y`` in ``classes``; -1 for a label the model never saw."""
    lookup = {c: i for i, c in enumerate(np.asarray(classes).tolist())}
    return np.array([lookup.get(v, -1) for v in np.asarray(y).ravel().tolist()], dtype=np.intp)


# --- the regions -----------------------------------------------------------------------

def region_z(grid: DecisionGrid, show_confidence: bool = True) -> np.ndarray:
    """Heatmap values ``k + 0.001 + 0.998 c`` (or ``k + 0.5`` without confidence), float32."""
    if show_confidence:
        z = grid.labels + _BAND_LO + _BAND_SPAN * grid.confidence
    else:
        z = grid.labels + 0.5
    return z.astype(np.float32)


def region_colorscale(K: int, show_confidence: bool = True) -> list:
    """A colorscale over [0, K] with one band per class (repeated stops make hard edges)."""
    scale = []
    for k in range(K):
        if show_confidence:
            lo, hi = palette.region_tint(k, 0.0), palette.region_tint(k, 1.0)
        else:
            lo = hi = palette.region_tint(k)
        scale += [[k / K, lo], [(k + 1) / K, hi]]
    return scale


def _regions_trace(grid: DecisionGrid, names: list[str], show_confidence: bool) -> dict:
    K = len(grid.classes)
    sx, sy = _spans(grid.bounds)
    # The hover needs the class name and the confidence of every cell. Both ride along as
    # compact uint8 arrays (confidence in whole percent); per-cell name strings are only
    # sent when the names are not simply 0..K-1, as they would double the JSON.
    pct = np.rint(100 * grid.confidence).astype(np.uint8)
    if names == [str(k) for k in range(K)] and K < 256:
        customdata = np.stack([grid.labels.astype(np.uint8), pct], axis=-1)
        text, name_field, conf_field = None, "%{customdata[0]}", "%{customdata[1]}"
    else:
        customdata = pct
        text = np.asarray(names, dtype=object)[grid.labels]
        name_field, conf_field = "%{text}", "%{customdata}"
    hover = f"predicted: <b>{name_field}</b>"
    if show_confidence:
        hover += f"<br>confidence: {conf_field}%"
    return dict(
        type="heatmap", x=coords(grid.xs, sx), y=coords(grid.ys, sy),
        z=region_z(grid, show_confidence),
        zmin=0.0, zmax=float(K), colorscale=region_colorscale(K, show_confidence),
        showscale=False, zsmooth=False, name="regions", showlegend=False,
        text=text, customdata=customdata,
        hovertemplate=hover + "<br>(%{x:.3g}, %{y:.3g})<extra></extra>",
    )


# --- the boundary ----------------------------------------------------------------------

def _runs(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Runs of True along each row of ``mask``: (row, start, stop) with stop exclusive."""
    rows, n = mask.shape
    padded = np.zeros((rows, n + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    step = np.diff(padded, axis=1)
    r0, start = np.nonzero(step == 1)
    _, stop = np.nonzero(step == -1)   # row-major order pairs each stop with its start
    return r0, start, stop


def boundary_segments(grid: DecisionGrid) -> tuple[np.ndarray, np.ndarray]:
    """The edges between grid cells of different predicted labels, as a polyline.

    Cell (j, i) is the rectangle around (xs[i], ys[j]). An edge is drawn between
    horizontal neighbours (j, i), (j, i + 1) and vertical neighbours (j, i), (j + 1, i)
    whose labels differ; consecutive edges on the same grid line merge into one segment.
    Returns ``x, y`` (float32, see :func:`coords`) with NaN between segments, where
    plotly breaks the line.
    """
    labels, xs, ys = grid.labels, grid.xs, grid.ys
    x0, x1, y0, y1 = grid.bounds
    xmid, ymid = (xs[1:] + xs[:-1]) / 2, (ys[1:] + ys[:-1]) / 2
    # cell edges along each axis: [x0, midpoints..., x1]
    xe = np.concatenate([[x0], xmid, [x1]])
    ye = np.concatenate([[y0], ymid, [y1]])

    # vertical segments: label changes between columns i and i+1, runs along rows j
    col, j0, j1 = _runs((labels[:, 1:] != labels[:, :-1]).T)
    vx = np.stack([xmid[col], xmid[col]], axis=1)
    vy = np.stack([ye[j0], ye[j1]], axis=1)
    # horizontal segments: label changes between rows j and j+1, runs along columns i
    row, i0, i1 = _runs(labels[1:, :] != labels[:-1, :])
    hx = np.stack([xe[i0], xe[i1]], axis=1)
    hy = np.stack([ymid[row], ymid[row]], axis=1)

    sx = np.concatenate([vx, hx])
    sy = np.concatenate([vy, hy])
    gap = np.full((len(sx), 1), np.nan)
    wx, wy = _spans(grid.bounds)
    return coords(np.hstack([sx, gap]).ravel(), wx), coords(np.hstack([sy, gap]).ravel(), wy)


def _is_smooth(d: np.ndarray) -> bool:
    """A decision function worth contouring: not piecewise constant (trees, boosting),
    whose contour would trace every step and is slow to draw."""
    return np.unique(d).size >= 0.25 * d.size


def _boundary_trace(grid: DecisionGrid):
    line = dict(color=palette.INK, width=2)
    if grid.decision is not None and _is_smooth(grid.decision):
        d = grid.decision
        scale = float(np.max(np.abs(d)))
        # Any positive scale keeps the 0-level. 0.25 / max|d| keeps float32 in range and,
        # as |z| < 0.5, keeps the exponent byte off 0x3F/0xBF, which base64-encodes to a
        # "/" that plotly's to_json escapes as 6 bytes (this halves the trace's JSON).
        z = (0.25 * d / scale if scale > 0 else d).astype(np.float32)
        return dict(
            type="contour", x=coords(grid.xs, grid.bounds[1] - grid.bounds[0]),
            y=coords(grid.ys, grid.bounds[3] - grid.bounds[2]), z=z,
            autocontour=False, contours=dict(start=0.0, end=0.0, size=1.0, coloring="lines",
                                             showlabels=False),
            # with coloring="lines" the colorscale, not line.color, paints the line
            colorscale=[[0.0, palette.INK], [1.0, palette.INK]],
            line=line, showscale=False, hoverinfo="skip", name="boundary", showlegend=False,
        )
    x, y = boundary_segments(grid)
    return dict(type="scatter", x=x, y=y, mode="lines", line=line, connectgaps=False,
                hoverinfo="skip", name="boundary", showlegend=False)


# --- the points ------------------------------------------------------------------------

def _train_traces(X, idx, names, K, spans) -> list[dict]:
    traces = []
    groups = [(k, names[k], palette.class_color(k), palette.class_symbol(k)) for k in range(K)]
    if np.any(idx < 0):
        groups.append((-1, "unknown", palette.NEUTRAL, "circle"))
    for k, name, color, symbol in groups:
        sel = idx == k
        traces.append(dict(
            type="scatter", x=coords(X[sel, 0], spans[0]), y=coords(X[sel, 1], spans[1]),
            mode="markers", name=f"class {name} (train)",
            marker=dict(color=color, symbol=symbol, size=POINT_SIZE, line=dict(color=palette.WHITE, width=1)),
            hovertemplate=f"class {name} (train)<br>(%{{x:.3g}}, %{{y:.3g}})<extra></extra>",
        ))
    return traces


def _test_traces(X, idx, names, spans) -> list[dict]:
    """Held-out points, hollow in their class's colour and symbol, then their legend entry.

    A legend icon takes a trace's first marker, which would paint "test points" in one
    class's colour; so the points stay out of the legend and a dataless trace in a neutral
    colour stands for them (same ``legendgroup``: a click on it still hides the points).
    The points come first, so code that looks up "test points" by name finds them.
    """
    # a lookup per class, the unknown label (-1) in its last row: one numpy index, not a call per point
    K = len(names)
    idx = np.asarray(idx, dtype=np.intp)
    colors = np.array([palette.class_color(k) for k in range(K)] + [palette.NEUTRAL], dtype=object)[idx]
    symbols = np.array([palette.class_symbol(k, hollow=True) for k in range(K)] + ["circle-open"], dtype=object)[idx]
    text = np.array([*names, "unknown"], dtype=object)[idx]
    points = dict(
        type="scatter", x=coords(X[:, 0], spans[0]), y=coords(X[:, 1], spans[1]),
        mode="markers", name="test points", text=text, legendgroup="test", showlegend=False,
        marker=dict(color=colors, symbol=symbols, size=TEST_POINT_SIZE, line=dict(color=colors, width=2)),
        hovertemplate="class %{text} (test)<br>(%{x:.3g}, %{y:.3g})<extra></extra>",
    )
    key = dict(
        type="scatter", x=[None], y=[None], mode="markers", name="test points", legendgroup="test", hoverinfo="skip",
        marker=dict(color=palette.NEUTRAL, symbol="circle-open", size=TEST_POINT_SIZE,
                    line=dict(color=palette.NEUTRAL, width=2)),
    )
    return [points, key]


def _misclassified_trace(X, spans) -> dict:
    return dict(
        type="scatter", x=coords(X[:, 0], spans[0]), y=coords(X[:, 1], spans[1]),
        mode="markers", name="misclassified", marker=misclassified_marker(len(X)),
        hovertemplate="misclassified<br>(%{x:.3g}, %{y:.3g})<extra></extra>",
    )


# --- layout ----------------------------------------------------------------------------

AXIS_TITLES = ("x₁", "x₂")


def _layout(bounds: Bounds, *, title, height, uirevision, equal_aspect: bool, legend=(),
            axis_titles=AXIS_TITLES) -> dict:
    x0, x1, y0, y1 = bounds
    axis = dict(showgrid=True, gridcolor=palette.GRID, zeroline=False, showline=True,
                linecolor="#BBBBBB", mirror=True, ticks="outside", tickcolor="#BBBBBB",
                constrain="domain", title=dict(font=_FONT))
    xaxis = dict(axis, range=[x0, x1], autorange=False, title=dict(text=axis_titles[0], font=_FONT))
    yaxis = dict(axis, range=[y0, y1], autorange=False, title=dict(text=axis_titles[1], font=_FONT))
    if equal_aspect:
        yaxis.update(scaleanchor="x", scaleratio=1.0)
    top, legend_y = legend_room(legend, title=title)
    layout = dict(
        template="none", font=_FONT, height=int(height),
        paper_bgcolor=palette.WHITE, plot_bgcolor=palette.WHITE,
        xaxis=xaxis, yaxis=yaxis,
        # Margins that already hold the ticks, axis titles and legend: when plotly has to
        # push a margin (autoexpand) it draws the whole figure a second time, which was
        # most of the time from a slider step to the redrawn chart in the browser.
        margin=dict(l=55, r=15, t=top, b=60),
        legend=dict(orientation="h", yanchor="bottom", y=legend_y, xanchor="left", x=0.0,
                    bgcolor="rgba(255,255,255,0)", font=dict(size=13)),
        hoverlabel=dict(font=dict(size=13)),
        uirevision=uirevision,
    )
    if title:
        layout["title"] = dict(text=title, x=0.0, xanchor="left", y=0.98, yanchor="top",
                               font=dict(size=17))
    return layout


# Plotly's horizontal legend at 13 px: a row is ~20 px; an item is ~40 px of symbol and
# gap plus ~7 px a character (fitted to plotly.js in Chromium: tests/test_browser_legend.py).
# The legend wraps at the figure width, taken here as the ~600 px the plane gets beside the
# Playground's controls (a narrower chart only costs plotly's own margin push, never a
# clipped legend).
_LEGEND_TOP, _LEGEND_ROW, _LEGEND_WIDTH = 28, 20, 600
# The legend starts at the paper's left edge, which an equal-aspect plot leaves to the left of its
# axis: the top tick label stands half its height above the plot, under the legend's last row.
# The gap clears it in presenter mode (21 px tick labels): LEGEND_GAP px on the smallest plane the
# app draws (PLOT_PX tall), more on a taller one. A fixed share of the plot's height, so a figure
# does not change with the height a page gives it.
LEGEND_GAP, PLOT_PX = 14, 340


def legend_room(names, *, title=None) -> tuple[int, float]:
    """(top margin, legend's y) for a horizontal legend of ``names`` above the plot: room for its
    rows and for the gap under it."""
    top = (30 if title else 0) + _LEGEND_TOP + LEGEND_GAP + _LEGEND_ROW * _legend_rows(names)
    return top, 1.0 + LEGEND_GAP / PLOT_PX


def _legend_rows(names, width: float = _LEGEND_WIDTH) -> int:
    """Rows of plotly's horizontal legend: one row if every item fits side by side; otherwise
    plotly gives every item the widest item's width (aligned columns), so one long name
    costs rows for all."""
    widths = [40 + 7.0 * len(name) for name in names]
    if not widths or sum(widths) < width:
        return 1
    per_row = max(1, int(width // max(widths)))
    return -(-len(widths) // per_row)


def _legend_names(traces) -> list[str]:
    """Names in the legend of ``traces`` (plotly trace objects or the dicts of :func:`_figure`)."""
    return [t["name"] for t in traces if _prop(t, "showlegend") is not False and _prop(t, "name")]


def _prop(trace, name: str):
    return trace.get(name) if isinstance(trace, dict) else trace[name]


def _figure(traces: list[dict], layout: dict, plain: bool = False) -> go.Figure | dict:
    """The figure of these plain trace and layout dicts, unchecked: plotly's validation of every
    property was 10 of the 11 ms a plane's figure cost (a tenth of a distinct step's CPU); the
    builders here write only properties the tests draw in a browser. ``plain``: the dict
    ``{"data": traces, "layout": layout}`` itself, for a caller that only sends it on (the live
    chart): ``go.Figure`` without validation still deep-copies every array, 2.4 of 3.5 ms."""
    if isinstance(layout.get("template"), str):   # what validation would make of the template's name
        layout = dict(layout, template=pio.templates[layout["template"]].to_plotly_json())
    if plain:   # what go.Figure keeps: no property set to None
        return {"data": [{k: v for k, v in t.items() if v is not None} for t in traces], "layout": layout}
    return go.Figure(dict(data=traces, layout=layout), _validate=False)


def _auto_equal_aspect(bounds: Bounds) -> bool:
    """Equal units on both axes unless the features live on very different scales
    (then an equal aspect ratio would squash the plot into a sliver)."""
    x0, x1, y0, y1 = bounds
    ratio = (x1 - x0) / (y1 - y0)
    return 1 / 4 <= ratio <= 4


def _as_points(X, name: str) -> np.ndarray:
    X = np.asarray(X, dtype=np.float64)
    if X.size == 0:
        return np.empty((0, 2))
    if X.ndim != 2 or X.shape[1] != 2:
        raise ValueError(f"{name} must have shape (n, 2) to be drawn in the plane; got {X.shape}")
    return X


# --- public builders -------------------------------------------------------------------

def decision_figure(model, X, y, *, X_test=None, y_test=None, show_test: bool = True,
                    show_confidence: bool = True, show_boundary: bool = True,
                    resolution: int = 200, bounds: Bounds | None = None,
                    grid: DecisionGrid | None = None, class_names=None, title: str | None = None,
                    height: int = 560, uirevision="decision", equal_aspect: bool | None = None,
                    axis_titles: tuple[str, str] = AXIS_TITLES, predictions: tuple | None = None,
                    plain: bool = False) -> go.Figure | dict:
    """Decision regions of a fitted ``model`` with the data ``X`` (n, 2), ``y`` on top.

    ``y`` / ``y_test`` are in the model's label space (values of ``model.classes_``).
    Pass a precomputed ``grid`` (from :func:`evaluate_grid`) to reuse one evaluation;
    otherwise the model is evaluated once on a ``resolution`` x ``resolution`` grid
    over ``bounds`` (default: :func:`make_bounds` of all points). ``equal_aspect``
    None means equal units unless the axis ranges differ by more than 4x. ``axis_titles``:
    the features' names (an uploaded file's column names), x₁ and x₂ by default.
    Misclassified points (``model.predict(x) != y``) get a dark ring. ``predictions``: the model's
    predictions ``(on X, on X_test)`` when the caller already has them (the fit scored them), so
    they are not computed again; ``None`` for either side predicts it here. ``plain``: the
    figure as a dict of plain traces and layout (see :func:`_figure`), not a ``go.Figure``.
    """
    X = _as_points(X, "X")
    y = np.asarray(y).ravel()
    if len(y) != len(X):
        raise ValueError(f"X has {len(X)} points but y has {len(y)} labels")
    has_test = show_test and X_test is not None and y_test is not None and len(X_test) > 0
    if has_test:
        X_test = _as_points(X_test, "X_test")
        y_test = np.asarray(y_test).ravel()
        if len(y_test) != len(X_test):
            raise ValueError(f"X_test has {len(X_test)} points but y_test has {len(y_test)} labels")

    if grid is None:
        if bounds is None:
            bounds = make_bounds(np.vstack([X, X_test]) if has_test else X)
        grid = evaluate_grid(model, bounds, resolution)
    bounds = grid.bounds
    classes = np.asarray(model.classes_)
    K = len(classes)
    names = label_names(classes, class_names)

    traces = [_regions_trace(grid, names, show_confidence)]
    if show_boundary:
        traces.append(_boundary_trace(grid))
    spans = _spans(bounds)
    traces += _train_traces(X, label_index(y, classes), names, K, spans)

    known_train, known_test = predictions if predictions is not None else (None, None)
    wrong = [X[np.asarray(model.predict(X) if known_train is None else known_train) != y]]
    if has_test:
        traces += _test_traces(X_test, label_index(y_test, classes), names, spans)
        wrong.append(X_test[np.asarray(model.predict(X_test) if known_test is None else known_test) != y_test])
    wrong = np.vstack(wrong)
    if len(wrong):
        traces.append(_misclassified_trace(wrong, spans))

    if equal_aspect is None:
        equal_aspect = _auto_equal_aspect(bounds)
    return _figure(traces, _layout(bounds, title=title, height=height, uirevision=uirevision,
                                   equal_aspect=equal_aspect, legend=_legend_names(traces), axis_titles=axis_titles),
                   plain)


def points_figure(X, y, *, class_names=None, bounds: Bounds | None = None, title: str | None = None,
                  height: int = 560, uirevision="decision", equal_aspect: bool | None = None,
                  axis_titles: tuple[str, str] = AXIS_TITLES) -> go.Figure:
    """The dataset alone (before any model is fitted), styled like :func:`decision_figure`.

    Classes are ``np.unique(y)``, the same order a fitted model's ``classes_`` takes,
    so every class keeps its colour once a model is drawn.
    """
    X = _as_points(X, "X")
    y = np.asarray(y).ravel()
    if len(y) != len(X):
        raise ValueError(f"X has {len(X)} points but y has {len(y)} labels")
    classes = np.unique(y) if len(y) else np.array([])
    names = label_names(classes, class_names)
    if bounds is None:
        bounds = make_bounds(X) if len(X) else (-1.0, 1.0, -1.0, 1.0)
    traces = _train_traces(X, label_index(y, classes), names, len(classes), _spans(bounds))
    if equal_aspect is None:
        equal_aspect = _auto_equal_aspect(bounds)
    return _figure(traces, _layout(bounds, title=title, height=height, uirevision=uirevision,
                                   equal_aspect=equal_aspect, legend=_legend_names(traces), axis_titles=axis_titles))


def titled(fig: go.Figure, axis_titles: tuple[str, str] = AXIS_TITLES) -> go.Figure:
    """``fig`` with every axis titled x₁ or x₂ retitled ``axis_titles`` (an upload's column names),
    for the builders that draw the plane without an ``axis_titles`` of their own (margins, tree
    splits, votes, panels). In place."""
    names = dict(zip(AXIS_TITLES, axis_titles, strict=True))
    for axis in [*fig.select_xaxes(), *fig.select_yaxes()]:
        if axis.title.text in names:
            axis.title.text = names[axis.title.text]
    return fig
