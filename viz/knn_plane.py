"""The plane of the nearest-neighbours exercise: numbered training points, the query (a star),
the student's picks ringed, and once revealed the model's neighbours and the circle through the
k-th of them."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from viz.palette import GRID, INK, class_color, class_symbol

COLOR_NAMES = ("blue", "orange", "green")
PICK_COLOR = INK
MODEL_COLOR = "#D55E00"   # vermillion: the model's answer, apart from the student's black rings


def neighbours_plane(points, classes, query, picked=(), *, model=(), radius: float | None = None,
                     half: float = 3.5, height: int = 560) -> go.Figure:
    """``points`` (n, 2) numbered 1..n, coloured and shaped by ``classes``; the ``query`` star;
    ``picked`` (training indices) ringed in black; ``model`` (the model's neighbours) in squares
    and the dashed circle of ``radius`` around the query, when given. Equal units on both axes so
    the circle is round and distances look as they are."""
    X = np.asarray(points, dtype=float).reshape(-1, 2)
    c = np.asarray(classes, dtype=int)
    traces = []
    for k in sorted(set(c.tolist())):
        idx = np.flatnonzero(c == k)
        traces.append(go.Scatter(
            x=X[idx, 0], y=X[idx, 1], mode="markers+text", name=f"class {k} ({COLOR_NAMES[k % 3]})",
            # the number on the point itself: beside it, a label sits as near to the next point
            text=[str(i + 1) for i in idx], textposition="middle center",
            textfont={"size": 11, "color": "white", "weight": "bold"},
            marker={"color": class_color(k), "symbol": class_symbol(k), "size": 22,
                    "line": {"color": "white", "width": 1}},
            customdata=idx + 1, hovertemplate="point %{customdata} · class " + str(k) + "<br>(%{x}, %{y})"
                                              "<extra></extra>"))
    if len(picked):
        p = np.asarray(sorted(picked), dtype=int)
        traces.append(go.Scatter(x=X[p, 0], y=X[p, 1], mode="markers", name="your picks", hoverinfo="skip",
                                 marker={"symbol": "circle-open", "size": 32, "color": PICK_COLOR,
                                         "line": {"width": 3, "color": PICK_COLOR}}))
    if len(model):
        m = np.asarray(sorted(model), dtype=int)
        traces.append(go.Scatter(x=X[m, 0], y=X[m, 1], mode="markers", name="the model's neighbours",
                                 hoverinfo="skip", marker={"symbol": "square-open", "size": 40, "color": MODEL_COLOR,
                                                           "line": {"width": 2.5, "color": MODEL_COLOR}}))
    traces.append(go.Scatter(x=[query[0]], y=[query[1]], mode="markers", name="query ★",
                             marker={"symbol": "star", "size": 22, "color": INK,
                                     "line": {"color": "white", "width": 1}},
                             hovertemplate="query (%{x}, %{y})<extra></extra>"))
    shapes = []
    if radius is not None:
        qx, qy = query
        shapes.append({"type": "circle", "xref": "x", "yref": "y", "x0": qx - radius, "x1": qx + radius,
                       "y0": qy - radius, "y1": qy + radius,
                       "line": {"color": MODEL_COLOR, "width": 2, "dash": "dash"}})
    axis = {"range": [-half, half], "dtick": 1, "gridcolor": GRID, "zeroline": False, "fixedrange": True,
            "constrain": "range",
            "minor": {"dtick": 0.5, "showgrid": True, "gridcolor": "#F3F3F3"}}
    fig = go.Figure(traces)
    fig.update_layout(
        height=height, margin={"l": 40, "r": 10, "t": 30, "b": 40}, plot_bgcolor="white", shapes=shapes,
        xaxis={**axis, "title": {"text": "x₁"}}, uirevision="neighbours", clickmode="none", dragmode=False,
        yaxis={**axis, "title": {"text": "x₂"}, "scaleanchor": "x", "scaleratio": 1},
        legend={"orientation": "h", "yanchor": "bottom", "y": 1.0, "x": 0,
                "itemclick": False, "itemdoubleclick": False})  # a click must not hide a class
    return fig
