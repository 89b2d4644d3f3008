"""Pictures of ensembles: the vote of the first m members, the members themselves,
and AdaBoost round by round.

* :func:`vote_figure` — decision regions of the first m members' averaged vote
  (shading = how strongly they agree), drawn by :func:`viz.decision.decision_figure`.
* :func:`members_figure` — small multiples: each member's own regions, with the
  points of its bootstrap sample.
* :func:`vote_curve_figure` — accuracy of the vote against the number of members.
* :func:`boosting_figure` — AdaBoost after r rounds: regions, the point weights the
  r-th learner was trained on as marker areas, and that learner's splits.
* :func:`boosting_history_figure` — alpha_t, the weighted error err_t and the
  ensemble's training error by round.

Pure functions: no Streamlit, no fitting. Arrays go to plotly as float32 numpy.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from . import palette
from .decision import decision_figure, label_index, label_names, region_colorscale
from .grid import Bounds, grid_points, make_bounds
from .tree import split_segments

__all__ = ["FirstMembers", "FirstRounds", "vote_figure", "members_figure", "vote_curve_figure", "staged_accuracy",
           "boosting_figure", "boosting_history_figure", "weight_sizes"]

_FONT = dict(family="Arial, Helvetica, sans-serif", size=13, color=palette.INK)


class FirstMembers:
    """A fitted bagging / forest model restricted to its first ``m`` members (for drawing)."""

    def __init__(self, model, m: int):
        self.model = model
        self.m = int(m)
        self.classes_ = model.classes_

    def predict_proba(self, X):
        return next(iter(self.model.staged_predict_proba(X, [self.m])))

    def predict(self, X):
        return self.classes_[np.argmax(self.predict_proba(X), axis=1)]


class FirstRounds:
    """A fitted AdaBoost model after its first ``r`` rounds (for drawing)."""

    def __init__(self, model, r: int):
        self.model = model
        self.r = int(r)
        self.classes_ = model.classes_

    def predict_proba(self, X):
        return self.model.predict_proba(X, n_rounds=self.r)

    def decision_function(self, X):
        return self.model.decision_function(X, n_rounds=self.r)

    def predict(self, X):
        return self.model.predict(X, n_rounds=self.r)


def vote_figure(model, m: int, X, y, *, X_test=None, y_test=None, show_test: bool = True,
                show_confidence: bool = True, bounds: Bounds | None = None, resolution: int = 200,
                grid=None, height: int = 560, title: str | None = None) -> go.Figure:
    """Regions of the first ``m`` members' vote; the shading is the winning share of the vote.

    ``grid``: a precomputed ``evaluate_grid(FirstMembers(model, m), ...)`` to reuse."""
    return decision_figure(FirstMembers(model, m), X, y, X_test=X_test, y_test=y_test,
                           show_test=show_test, show_confidence=show_confidence, bounds=bounds,
                           resolution=resolution, grid=grid, height=height, title=title,
                           uirevision="ensemble")


def members_figure(model, X, y, *, bounds: Bounds | None = None, count: int = 8, columns: int = 4,
                   resolution: int = 70, height: int | None = None) -> go.Figure:
    """The first ``count`` members' own regions (flat tints) with their sample's points.

    Each panel is a ``go.Heatmap`` of the member's predicted class on a coarse grid;
    the points are those the member was trained on (``estimators_samples_``).
    """
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y).ravel()
    bounds = make_bounds(X) if bounds is None else bounds
    members = list(model.estimators_)[:max(1, int(count))]
    n = len(members)
    cols = max(1, min(int(columns), n))
    rows = -(-n // cols)
    layout, titles = _panels(rows, cols, [f"member {i + 1}" for i in range(n)], hgap=0.02, vgap=0.06)
    traces = []
    classes = np.asarray(model.classes_)
    K = len(classes)
    xs = np.linspace(bounds[0], bounds[1], resolution)
    ys = np.linspace(bounds[2], bounds[3], resolution)
    P = grid_points(xs, ys)
    samples = getattr(model, "estimators_samples_", None)
    idx = label_index(y, classes)
    scale = region_colorscale(K, show_confidence=False)
    for i, member in enumerate(members):
        ax = "" if i == 0 else str(i + 1)
        labels = _member_labels(member, P, K).reshape(resolution, resolution)
        traces.append(go.Heatmap(
            xaxis=f"x{ax}", yaxis=f"y{ax}",
            x=xs.astype(np.float32), y=ys.astype(np.float32), z=(labels + 0.5).astype(np.float32),
            zmin=0.0, zmax=float(K), colorscale=scale, showscale=False, zsmooth=False,
            hoverinfo="skip", name=f"member {i + 1}", showlegend=False))
        pts = np.unique(samples[i]) if samples is not None else np.arange(len(X))
        for k in range(K):       # one trace per class: a single colour validates fast
            sel = pts[idx[pts] == k]
            traces.append(go.Scatter(
                xaxis=f"x{ax}", yaxis=f"y{ax}",
                x=X[sel, 0].astype(np.float32), y=X[sel, 1].astype(np.float32), mode="markers",
                marker=dict(size=4, color=palette.class_color(k), symbol=palette.class_symbol(k),
                            line=dict(color=palette.WHITE, width=0.5)),
                hoverinfo="skip", showlegend=False, name=f"sample {i + 1}"))
    for key in layout:
        lo, hi = (bounds[0], bounds[1]) if key.startswith("x") else (bounds[2], bounds[3])
        layout[key].update(range=[lo, hi], showticklabels=False, showgrid=False, zeroline=False,
                           showline=True, linecolor="#BBBBBB", mirror=True)
    return go.Figure(data=traces, layout=dict(
        layout, template="none", font=_FONT, height=height or 200 * rows + 40, annotations=titles,
        margin=dict(l=10, r=10, t=30, b=10), paper_bgcolor=palette.WHITE, uirevision="members"))


def _panels(rows: int, cols: int, titles, *, hgap: float, vgap: float):
    """Axis dicts (xaxis, yaxis, xaxis2, ...) for a rows x cols grid of panels, and title annotations."""
    layout, notes = {}, []
    w = (1 - hgap * (cols - 1)) / cols
    h = (1 - vgap * (rows - 1)) / rows
    for i, title in enumerate(titles):
        r, c = divmod(i, cols)
        ax = "" if i == 0 else str(i + 1)
        x0 = c * (w + hgap)
        y1 = 1 - r * (h + vgap)
        layout[f"xaxis{ax}"] = dict(domain=[x0, x0 + w], anchor=f"y{ax}")
        layout[f"yaxis{ax}"] = dict(domain=[y1 - h, y1], anchor=f"x{ax}")
        notes.append(dict(text=title, x=x0 + w / 2, y=y1, xref="paper", yref="paper", xanchor="center",
                          yanchor="bottom", showarrow=False, font=dict(size=12)))
    return layout, notes


def _member_labels(member, P, K) -> np.ndarray:
    """Class index (into the ensemble's classes) each grid point gets from one member."""
    cols = np.asarray(member.classes_)
    if hasattr(member, "predict_proba"):
        return cols[np.argmax(member.predict_proba(P), axis=1)].astype(np.intp)
    return np.asarray(member.predict(P)).astype(np.intp)


def staged_accuracy(model, X, y) -> np.ndarray:
    """Accuracy of the vote of the first m members on (X, y), for m = 1..T."""
    return np.array([np.mean(model.classes_[np.argmax(P, axis=1)] == np.asarray(y))
                     for P in model.staged_predict_proba(X)])


def vote_curve_figure(model, X, y, *, X_test=None, y_test=None, current: int | None = None,
                      curves=None, height: int = 300) -> go.Figure:
    """Training (and test) accuracy of the vote of the first m members, m = 1..T, plus OOB.

    ``curves``: precomputed ``(train, test or None)`` from :func:`staged_accuracy`."""
    if curves is None:
        has_test = X_test is not None and y_test is not None and len(X_test) > 0
        curves = (staged_accuracy(model, X, y), staged_accuracy(model, X_test, y_test) if has_test else None)
    traces = []
    for name, acc, dash in (("train", curves[0], "solid"), ("test", curves[1], "dot")):
        if acc is None:
            continue
        m = np.arange(1, len(acc) + 1, dtype=np.float32)
        traces.append(go.Scatter(x=m, y=np.asarray(acc, dtype=np.float32), mode="lines",
                                 name=f"{name} accuracy", line=dict(dash=dash, width=2)))
    shapes, notes = [], []
    oob = getattr(model, "oob_score_", None)
    if oob is not None:
        shapes.append(dict(type="line", xref="paper", x0=0, x1=1, yref="y", y0=oob, y1=oob,
                           line=dict(color=palette.class_color(2), dash="dash")))
        notes.append(dict(text=f"out-of-bag {oob:.1%}", xref="paper", x=1, xanchor="right", yref="y", y=oob,
                          yanchor="top", showarrow=False, font=dict(size=12, color=palette.class_color(2))))
    if current is not None:
        shapes.append(dict(type="line", xref="x", x0=current, x1=current, yref="paper", y0=0, y1=1,
                           line=dict(color=palette.INK, width=1)))
    axis = dict(showgrid=True, gridcolor=palette.GRID, zeroline=False)
    # at least a 5-point span, so whole-percent ticks never repeat
    lows = [float(np.min(c)) for c in curves if c is not None and len(c)] + ([oob] if oob is not None else [])
    low = max(0.0, min(lows + [1.0]) - 0.05)
    return go.Figure(data=traces, layout=dict(
        template="none", font=_FONT, height=height, margin=dict(l=55, r=10, t=30, b=40),
        xaxis=dict(axis, title="members in the vote"),
        yaxis=dict(axis, title="accuracy", tickformat=".0%", range=[low, 1.005]),
        legend=dict(orientation="h", y=1.02, yanchor="bottom", x=0),
        shapes=shapes, annotations=notes, uirevision="vote_curve"))


def weight_sizes(w, smallest: float = 4.0, largest: float = 30.0) -> np.ndarray:
    """Marker diameters with AREA proportional to the weight: d = largest sqrt(w / max w)."""
    w = np.asarray(w, dtype=np.float64)
    top = w.max() if w.size and w.max() > 0 else 1.0
    return np.maximum(largest * np.sqrt(w / top), smallest)


def boosting_figure(model, r: int, X, y, *, X_test=None, y_test=None, show_test: bool = False,
                    show_confidence: bool = True, bounds: Bounds | None = None, resolution: int = 200,
                    grid=None, height: int = 560, title: str | None = None) -> go.Figure:
    """AdaBoost after ``r`` rounds: regions of f_r, points sized by the weights learner r
    was fitted to (marker area proportional to w_i), and learner r's splits as dashed segments.

    ``grid``: a precomputed ``evaluate_grid(FirstRounds(model, r), ...)`` to reuse."""
    r = int(min(max(r, 1), len(model.estimators_)))
    fig = decision_figure(FirstRounds(model, r), X, y, X_test=X_test, y_test=y_test, show_test=show_test,
                          show_confidence=show_confidence, bounds=bounds, resolution=resolution,
                          grid=grid, height=height, title=title, uirevision="boosting")
    bounds = (fig.layout.xaxis.range[0], fig.layout.xaxis.range[1],
              fig.layout.yaxis.range[0], fig.layout.yaxis.range[1])
    sizes = weight_sizes(model.history_[r - 1]["sample_weight"])
    idx = label_index(y, model.classes_)
    names = label_names(model.classes_)
    for k, name in enumerate(names):
        for trace in fig.data:
            if trace.name == f"class {name} (train)":
                trace.marker.size = sizes[idx == k].astype(np.float32)
                trace.marker.sizemode = "diameter"
    tree = model.estimators_[r - 1].tree_
    if tree.n_features == 2:
        sx, sy = split_segments(tree, bounds)
        fig.add_trace(go.Scatter(x=sx, y=sy, mode="lines", name=f"learner {r}'s split" + ("s" if len(sx) > 3 else ""),
                                 line=dict(color=palette.INK, width=3, dash="dash"), hoverinfo="skip"))
    return fig


def boosting_history_figure(model, *, current: int | None = None, height: int = 360) -> go.Figure:
    """Per round t: the learner's say alpha_t (bars), its weighted error err_t and the
    training error of the ensemble of rounds 1..t (lines)."""
    h = model.history_
    t = np.arange(1, len(h) + 1, dtype=np.float32)
    alpha = np.array([e["alpha"] for e in h], dtype=np.float32)
    err = np.array([e["error"] for e in h], dtype=np.float32)
    train = np.array([e["train_error"] for e in h], dtype=np.float32)
    traces = [
        go.Bar(x=t, y=alpha, name="learner weight αₜ", marker_color=palette.class_color(5), yaxis="y2"),
        go.Scatter(x=t, y=err, mode="lines+markers", name="weighted error errₜ of learner t",
                   marker=dict(size=4), line=dict(color=palette.class_color(1))),
        go.Scatter(x=t, y=train, mode="lines+markers", name="training error of rounds 1..t",
                   marker=dict(size=4), line=dict(color=palette.class_color(0))),
    ]
    axis = dict(showgrid=True, gridcolor=palette.GRID, zeroline=False)
    layout = dict(
        template="none", font=_FONT, height=height, margin=dict(l=55, r=10, t=30, b=40),
        xaxis=dict(axis, title="round t", anchor="y"),
        yaxis=dict(axis, domain=[0.0, 0.46], title="error", tickformat=".0%", rangemode="tozero"),
        yaxis2=dict(axis, domain=[0.56, 1.0], title="αₜ", anchor="x", rangemode="tozero"),
        legend=dict(orientation="h", y=1.02, yanchor="bottom", x=0), bargap=0.15, uirevision="boost_history",
    )
    if current is not None:
        layout["shapes"] = [dict(type="line", x0=current, x1=current, xref="x", yref="paper", y0=0, y1=1,
                                 line=dict(color=palette.INK, width=1))]
    return go.Figure(data=traces, layout=layout)
