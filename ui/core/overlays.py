"""The "explain the model" switch: the overlays of ``viz.explain`` on a page's plane.

    on = explain.toggle(model, "explain")               # beside the chart, in the link as explain=
    shown = explain.overlay(fig, model, data, on)        # before st.plotly_chart
    explain.below(shown, model, data)                    # under the chart: what is drawn, the sigmoid

The switch is one setting for every model: it turns on whatever the current model can
show (``viz.explain.available``) and is greyed out for a model that has nothing to show.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import streamlit as st

from catalog.specs import ParamSpec
from mlcore.linear_model import geometric_margins
from ui.core import charts, settings
from ui.core.charts import config as chart_config
from ui.data import draw
from viz import explain as vx

EXPLAIN = ParamSpec("explain", "bool", False, label="explain the model",
                    help="Draw what the model learned on the plane: prototypes, neighbours and their vote, "
                         "w and each point's margin, P(y = 1 | x), the Gaussians, a leaf's class mix.")
CHART_CONFIG = chart_config("explain")
_SAYS = {
    "prototypes": "Big outlined markers: each class's **prototype**, the mean of its training points; "
                  "a point goes to the nearest one.",
    "bisector": "Dashed: the **perpendicular bisector** of the two prototypes, every point equally far from "
                "both (the boundary itself under the Euclidean metric).",
    "neighbours": "Star: the **query**; lines join it to its **k nearest** training points (ringed), and "
                  "their vote is written under the plane.",
    "normal": "Arrow: **w**, normal to the boundary f(x) = w·x + b = 0 and pointing to class {pos} (f > 0), "
              "drawn at a fixed length (‖w‖ = {norm:.3g}). Hover a point for its **geometric margin** "
              "y·f(x)/‖w‖, its distance to the boundary, negative on the wrong side; the smallest on the "
              "training set is {gamma:.3g}.",
    "probability": "Hover a point for **P(y = {pos} | x)** = σ(f(x)); the sigmoid below places every training "
                   "point at its own f(x).",
    "ellipses": "Each class's Gaussian: solid **1σ** and dashed **2σ** ellipses around its mean (×), "
                "axis-aligned because naive Bayes takes the features as independent given the class.",
    "leaves": "Hover anywhere on the plane, or on a point, for its **leaf's class mix**: how many training "
              "points of each class the leaf holds, and their shares.",
}


def toggle(model, key: str, where=None) -> bool:
    """The one switch (link item ``explain``), greyed out when ``model`` has nothing to show."""
    shows = vx.available(model) if model is not None else []
    what = "; ".join(vx.OVERLAYS[o] for o in shows) if shows else "nothing for this model"
    spec = replace(EXPLAIN, help=f"{EXPLAIN.help} For this model: {what}.")
    return bool(settings.setting(spec, key, where=where, disabled=not shows))


def query_point(data) -> tuple[np.ndarray, bool]:
    """The kNN query: the spot clicked in inspect mode, else the default (first test point, or the
    training point nearest the origin); and whether it was chosen by a click."""
    clicked = draw.inspected()
    if clicked is not None:
        return np.asarray(clicked, dtype=np.float64), True
    return vx.default_query(data.X_train, data.X_test), False


def overlay(fig, model, data, on: bool, *, X=None, y=None, X_test=None, y_test=None,
            query=None) -> vx.Explanation | None:
    """Add the model's overlays to ``fig`` (in place) when ``on``; the points default to the
    dataset's training and test sets, the kNN query to :func:`query_point`."""
    if not on or model is None:
        return None
    X = data.X_train if X is None else X
    y = data.y_train if y is None else y
    X_test = data.X_test if X_test is None else X_test
    y_test = data.y_test if y_test is None else y_test
    if query is None:
        query, _ = query_point(data)
    return vx.explain_figure(fig, model, X, y, X_test=X_test, y_test=y_test, query=query)


def below(shown: vx.Explanation | None, model, data, *, X=None, y=None, sigmoid: bool = True) -> None:
    """Under the chart: one caption saying what the overlays are, the page's notes, and for
    logistic regression the sigmoid with the training points on it."""
    if shown is None:
        return
    X = data.X_train if X is None else X
    y = data.y_train if y is None else y
    names = [str(c) for c in np.asarray(model.classes_).tolist()]
    lines = []
    for name in shown.overlays:
        if name == "normal":
            w = np.asarray(model.coef_, float)[0]
            gamma = float(np.min(geometric_margins(model, X, y)))
            lines.append(_SAYS["normal"].format(pos=names[1], norm=float(np.linalg.norm(w)), gamma=gamma))
        elif name == "probability":
            lines.append(_SAYS["probability"].format(pos=names[1]))
        else:
            lines.append(_SAYS[name])
            if name == "prototypes" and len(names) == 2:
                lines.append(_SAYS["bisector"])
        if name == "neighbours":
            _, clicked = query_point(data)
            if not clicked:
                lines.append("The query is the test point nearest the middle of the data: "
                             "switch the click mode to *inspect* to choose the point.")
    st.caption(" ".join(lines + shown.notes))
    if sigmoid and "probability" in shown.overlays:
        charts.plotly_chart(vx.sigmoid_figure(model, X, y, height=240), width="stretch", theme=None,
                            config=CHART_CONFIG, key="explain_sigmoid")


# --- the Perceptron page's replay: margins under the weights drawn ------------------------------

REPLAY_HELP = ("Hover a point for its geometric margin y(w·x + b)/‖w‖ under the weights drawn: its distance "
               "to the line, negative on the wrong side. The smallest one is the γ of the mistake bound.")


def replay_toggle(key: str, where=None) -> bool:
    """The switch on the Perceptron page (link item ``explain``): w is drawn there already,
    so it adds the margins."""
    return bool(settings.setting(replace(EXPLAIN, help=REPLAY_HELP), key, where=where))


def replay_margins(fig, X, t, coef, intercept, on: bool) -> str | None:
    """Put each point's margin on its hover in the replay plane; the sentence to show under it."""
    if not on:
        return None
    gamma = vx.add_replay_margins(fig, X, t, coef, intercept)
    if gamma is None:
        return "w = 0: there is no line yet, so no point has a margin."
    return (f"Hover a point for its geometric margin y(w·x + b)/‖w‖ under the weights drawn. Smallest: "
            f"γ = {gamma:.3g}" + (" (negative: a point is on the wrong side)." if gamma < 0
                                  else " (every point on its own side)."))
