"""Every model explains itself: overlays on a decision figure (:func:`viz.decision.decision_figure`).

Each overlay adds named traces (so a test can find them) or extra hover lines on the
data points, computed from the fitted model's own attributes:

- ``prototypes`` (learning with prototypes): the class means ``prototypes_`` as big
  markers; with two classes the perpendicular bisector {x : ||x - mu_0|| = ||x - mu_1||}
  (the boundary itself under the Euclidean metric).
- ``neighbours`` (kNN): a query point, lines to its k neighbours from ``kneighbors``, and
  the vote per class (counts of the neighbours' labels; the weighted vote too with
  distance weights), ties marked.
- ``normal`` (two-class linear models, ``coef_`` of one row): w drawn as an arrow from the
  boundary f = 0, and each point's geometric margin y·f(x)/||w|| on hover.
- ``probability`` (logistic regression): P(y = 1 | x) on hover; :func:`sigmoid_figure`
  places the training points on the sigmoid at their f(x).
- ``ellipses`` (Gaussian naive Bayes): each class's 1- and 2-sigma ellipses, axis-aligned,
  centre ``theta_``, semi-axes k·sqrt(``var_``).
- ``leaves`` (decision tree): the class mix (counts and fractions) of the leaf each point
  and each region falls in, from the tree's own ``value`` counts.

Hover values ride on the points' ``customdata`` (numbers, formatted by the hovertemplate);
each trace's ``meta["columns"]`` names its customdata columns. Pure plotly: no Streamlit.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import plotly.graph_objects as go

from mlcore.linear_model import LogisticRegression, geometric_margins, hyperplane_margins
from mlcore.tree import DecisionTreeClassifier

from . import palette
from .decision import _LEGEND_ROW, _LEGEND_TOP, _legend_names, _legend_rows, label_index, label_names

__all__ = ["OVERLAYS", "available", "explain_figure", "add_prototypes", "add_neighbours",
           "add_normal_vector", "add_replay_margins", "add_probability", "add_ellipses", "add_leaf_mix",
           "sigmoid_figure", "default_query", "Explanation"]

OVERLAYS = {
    "prototypes": "prototypes (class means)",
    "neighbours": "the k neighbours of a point and their vote",
    "normal": "w as a normal vector, geometric margins on hover",
    "probability": "P(y = 1 | x) on hover, the sigmoid",
    "ellipses": "each class's Gaussian (1σ, 2σ ellipses)",
    "leaves": "the leaf's class mix on hover",
}
_LEAF_CELLS = 40_000     # a tree whose threshold cells exceed this gets no region hover (JSON size)
_ARROW = 0.2             # the arrow's length as a share of the shorter axis span (w's length is in the hover)
_HALO = "0 0 3px #FFFFFF, 0 0 3px #FFFFFF, 0 0 3px #FFFFFF"   # CSS text-shadow: text readable on anything


@dataclass
class Explanation:
    """What :func:`explain_figure` added: the overlays drawn and sentences for the page."""

    overlays: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# --- which overlays a model has --------------------------------------------------------

def _linear_binary(model) -> bool:
    coef = getattr(model, "coef_", None)
    if coef is None or getattr(model, "kernel", "linear") != "linear":
        return False
    coef = np.asarray(coef)
    return (len(model.classes_) == 2 and coef.ndim == 2 and coef.shape[0] == 1
            and hasattr(model, "decision_function") and bool(np.any(coef != 0)))


def available(model) -> list[str]:
    """The overlays (keys of :data:`OVERLAYS`) that a fitted ``model`` can draw."""
    found = []
    if hasattr(model, "prototypes_"):
        found.append("prototypes")
    if hasattr(model, "kneighbors") and hasattr(model, "X_fit_"):
        found.append("neighbours")
    if _linear_binary(model):
        found.append("normal")
        if isinstance(model, LogisticRegression):
            found.append("probability")
    if hasattr(model, "theta_") and hasattr(model, "var_"):
        found.append("ellipses")
    if isinstance(model, DecisionTreeClassifier) and hasattr(model, "tree_"):
        found.append("leaves")
    return found


# --- geometry ----------------------------------------------------------------------------

def _bounds(fig) -> tuple[float, float, float, float]:
    (x0, x1), (y0, y1) = fig.layout.xaxis.range, fig.layout.yaxis.range
    return float(x0), float(x1), float(y0), float(y1)


def clip_line(point, direction, bounds):
    """The part of the line {point + t·direction} inside the box ``bounds``: two end points
    ((2,) arrays), or None when the line misses the box (Liang–Barsky clipping)."""
    p, d = np.asarray(point, float), np.asarray(direction, float)
    lo, hi = -np.inf, np.inf
    for axis, (a, b) in enumerate(((bounds[0], bounds[1]), (bounds[2], bounds[3]))):
        if d[axis] == 0:
            if not a <= p[axis] <= b:
                return None
            continue
        t1, t2 = (a - p[axis]) / d[axis], (b - p[axis]) / d[axis]
        lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
    if not lo < hi:
        return None
    return p + lo * d, p + hi * d


# --- hover columns on the data points -----------------------------------------------------

def _point_traces(fig, names):
    """(trace, class index) of each training trace, and the test-points traces with data: one
    for every test point (decision_figure) or one per class present (the tree's plane)."""
    by_name = {f"class {name} (train)": k for k, name in enumerate(names)}
    train, tests = [], []
    for trace in fig.data:
        if trace.name in by_name:
            train.append((trace, by_name[trace.name]))
        elif trace.name == "test points" and trace.x is not None and len(trace.x) and trace.x[0] is not None:
            tests.append(trace)
    return train, tests


def add_point_columns(fig, classes, names, X, y, X_test, y_test, values, values_test, line: str,
                      columns: list[str]) -> None:
    """Append columns to the points' customdata and one hover line that shows them.

    ``values`` (n, c) for the training points in ``X`` order, ``values_test`` (m, c) or None;
    ``line`` is a hovertemplate fragment with ``<<0>>``, ``<<1>>``... standing for the columns
    (``%{<<0>>:.3f}`` shows column 0 with three decimals).
    """
    train, tests = _point_traces(fig, names)
    idx = label_index(y, classes)
    parts = [(trace, np.asarray(values, float).reshape(len(X), -1)[idx == k]) for trace, k in train]
    if tests and values_test is not None and y_test is not None:
        values_test = np.asarray(values_test, float).reshape(len(X_test), -1)
        if len(tests) == 1:
            parts.append((tests[0], values_test))
        else:
            idx_test = label_index(y_test, classes)
            parts += [(trace, values_test[idx_test == k]) for trace, k in zip(tests, np.unique(idx_test), strict=False)]
    for trace, new in parts:
        if len(trace.x) != len(new):   # not the rows this function was told about: leave it alone
            continue
        old = None if trace.customdata is None else np.asarray(trace.customdata, float)
        if old is not None and old.ndim == 1:
            old = old[:, None]
        meta = dict(trace.meta or {})
        start = 0 if old is None else old.shape[1]
        data = new if old is None else np.hstack([old, new])
        fragment = line
        for i in range(new.shape[1]):
            fragment = fragment.replace(f"<<{i}>>", f"customdata[{start + i}]")
        template = trace.hovertemplate.replace("<extra></extra>", f"<br>{fragment}<extra></extra>")
        named = list(meta.get("columns", []))
        meta["columns"] = named + [""] * (start - len(named)) + list(columns)   # "": a figure's own
        trace.update(customdata=data, hovertemplate=template, meta=meta)


def point_column(trace, column: str) -> np.ndarray:
    """The values of a named customdata column of a points trace (for tests and pages)."""
    return np.asarray(trace.customdata, float)[:, list(trace.meta["columns"]).index(column)]


# --- learning with prototypes -----------------------------------------------------------------

def add_prototypes(fig, model, class_names=None) -> None:
    """The class means as big markers in their class's colour and symbol (trace "prototypes");
    with two classes the dashed segment between them and the perpendicular bisector
    {x : (mu_1 - mu_0)·x = (||mu_1||² - ||mu_0||²)/2} (trace "perpendicular bisector")."""
    means = np.asarray(model.prototypes_, float)
    names = label_names(model.classes_, class_names)
    K = len(means)
    fig.add_trace(go.Scatter(
        x=means[:, 0], y=means[:, 1], mode="markers", name="prototypes", text=names,
        marker=dict(color=palette.class_colors(K), symbol=[palette.class_symbol(k) for k in range(K)],
                    size=24, line=dict(color=palette.INK, width=3)),
        hovertemplate="prototype (mean) of class %{text}<br>(%{x:.3g}, %{y:.3g})<extra></extra>",
    ))
    if K != 2 or means.shape[1] != 2:
        return
    mid, gap = means.mean(axis=0), means[1] - means[0]
    fig.add_trace(go.Scatter(x=means[:, 0], y=means[:, 1], mode="lines", name="between the prototypes",
                             line=dict(color=palette.INK, width=1.5, dash="dot"), hoverinfo="skip",
                             showlegend=False))
    ends = clip_line(mid, np.array([-gap[1], gap[0]]), _bounds(fig)) if np.any(gap != 0) else None
    if ends is not None:
        fig.add_trace(go.Scatter(
            x=[ends[0][0], ends[1][0]], y=[ends[0][1], ends[1][1]], mode="lines",
            name="perpendicular bisector", line=dict(color=palette.INK, width=3, dash="dash"),
            hovertemplate="equally far from both prototypes<extra></extra>",
        ))


# --- k nearest neighbours ---------------------------------------------------------------------

def default_query(X_train, X_test=None) -> np.ndarray:
    """The query shown before one is chosen: the test point nearest the middle of the training
    points (their mean), else the training point nearest it. The middle of the data is where
    classes tend to meet, so the neighbours there disagree and the vote has something to show."""
    X_train = np.asarray(X_train, float)
    pool = np.asarray(X_test, float) if X_test is not None and len(X_test) else X_train
    gap = pool - X_train.mean(axis=0)
    return pool[np.argmin(np.einsum("ij,ij->i", gap, gap))]


@dataclass
class Vote:
    """The k neighbours of a query and their vote."""

    indices: np.ndarray      # into the model's training points, nearest first
    distances: np.ndarray
    counts: np.ndarray       # (K,) neighbours of each class
    weights: np.ndarray      # (K,) the model's own vote per class (counts, or summed 1/d weights)
    winners: list[int]       # class indices with the largest vote (more than one: a tie)


def neighbour_vote(model, query) -> Vote:
    """The neighbours from ``model.kneighbors`` and the vote; the weighted vote is the model's
    ``predict_proba`` times the total weight (equal shares are equal votes)."""
    dist, idx = model.kneighbors(np.asarray(query, float).reshape(1, -1))
    K = len(model.classes_)
    counts = np.bincount(model.y_fit_[idx[0]], minlength=K)
    share = np.asarray(model.predict_proba(np.asarray(query, float).reshape(1, -1)))[0]
    weights = counts.astype(float) if model.weights == "uniform" else share
    top = weights.max()
    return Vote(idx[0], dist[0], counts, weights, [int(c) for c in np.flatnonzero(weights == top)])


def add_neighbours(fig, model, query, class_names=None) -> Vote:
    """Query point (trace "query point"), lines to its k neighbours (trace "k neighbours",
    NaN between lines), the neighbours ringed (trace "neighbours") and the vote written
    under the plot (a layout annotation named "vote")."""
    names = label_names(model.classes_, class_names)
    q = np.asarray(query, float)
    vote = neighbour_vote(model, q)
    P = np.asarray(model.X_fit_, float)[vote.indices]
    gaps = np.full(len(P), np.nan)
    xs = np.column_stack([np.full(len(P), q[0]), P[:, 0], gaps]).ravel()
    ys = np.column_stack([np.full(len(P), q[1]), P[:, 1], gaps]).ravel()
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", name="k neighbours", connectgaps=False,
                             line=dict(color=palette.INK, width=2), hoverinfo="skip", showlegend=False,
                             meta={"counts": vote.counts.tolist(), "winners": vote.winners}))
    labels = model.y_fit_[vote.indices]
    fig.add_trace(go.Scatter(
        x=P[:, 0], y=P[:, 1], mode="markers", name="neighbours", showlegend=False,
        customdata=np.column_stack([np.arange(1, len(P) + 1), vote.distances]),
        text=[names[c] for c in labels],
        marker=dict(symbol="circle-open", size=22, color=palette.INK, line=dict(width=2.5, color=palette.INK)),
        hovertemplate="neighbour %{customdata[0]} of the query: class %{text}<br>"
                      "distance %{customdata[1]:.3g}<extra></extra>",
    ))
    fig.add_trace(go.Scatter(
        x=[q[0]], y=[q[1]], mode="markers", name="query point",
        marker=dict(symbol="star", size=24, color=palette.WHITE, line=dict(color=palette.INK, width=2.5)),
        hovertemplate="query (%{x:.3g}, %{y:.3g})<extra></extra>",
    ))
    # under the axis title, in a strip the bottom margin grows by: it covers no point and no label
    bottom = fig.layout.margin.b if fig.layout.margin.b is not None else 60
    fig.layout.margin.b = bottom + 24
    fig.add_annotation(name="vote", text=vote_text(vote, names, model.weights), showarrow=False,
                       xref="paper", yref="paper", x=0.0, y=0.0, yshift=-(bottom - 2), xanchor="left",
                       yanchor="top", align="left", font=dict(size=15, color=palette.INK))
    return vote


def vote_text(vote: Vote, names, weights: str) -> str:
    """"k = 5 vote: class 0: 3 · class 1: 2 → 0", with the weighted vote and a tie said in words."""
    k = int(vote.counts.sum())
    parts = [f"class {names[c]}: {int(n)}" for c, n in enumerate(vote.counts) if n]
    text = f"k = {k} vote: " + " · ".join(parts)
    if weights != "uniform":
        text += " (weighted: " + " · ".join(f"{names[c]} {w:.0%}" for c, w in enumerate(vote.weights) if w) + ")"
    if len(vote.winners) > 1:
        tied = " = ".join(names[c] for c in vote.winners)
        text += f"  <b>TIE</b> ({tied}): goes to class {names[vote.winners[0]]}, the first"
    else:
        text += f"  → class <b>{names[vote.winners[0]]}</b>"
    return text


# --- linear models: w and the geometric margin ------------------------------------------------

def _crowding(anchors, tips, points, reach) -> np.ndarray:
    """How many ``points`` lie within ``reach`` of each arrow (segment anchor-tip) or of the
    spot ahead of its tip where the label goes."""
    if points is None or not len(points):
        return np.zeros(len(anchors))
    shaft = tips - anchors
    rel = points[None, :, :] - anchors[:, None, :]
    t = np.clip(np.einsum("apk,ak->ap", rel, shaft) / np.einsum("ak,ak->a", shaft, shaft)[:, None], 0, 1)
    near_shaft = np.linalg.norm(rel - t[..., None] * shaft[:, None, :], axis=2) < reach
    label = tips + 0.35 * shaft
    near_label = np.linalg.norm(points[None, :, :] - label[:, None, :], axis=2) < 1.5 * reach
    return np.count_nonzero(near_shaft | near_label, axis=1)


def normal_arrow(model, bounds, points=None):
    """(anchor, tip) of w drawn from the boundary: the anchor is a point of the boundary
    f(x) = w·x + b = 0 clipped to the view (the inner 60% of it), the tip is the anchor plus
    w/||w|| times a fifth of the shorter span; None when the boundary misses the view. Of the
    anchors tried, the one whose arrow and label cover the fewest ``points`` wins, then the
    one nearest the view's centre."""
    w = np.asarray(model.coef_, float)[0]
    b = float(np.asarray(model.intercept_, float).ravel()[0])
    norm2 = float(w @ w)
    foot = -b * w / norm2                       # the boundary's point nearest the origin
    ends = clip_line(foot, np.array([-w[1], w[0]]), bounds)
    if ends is None:
        return None
    a, c = ends
    span = min(bounds[1] - bounds[0], bounds[3] - bounds[2])
    anchors = a + np.linspace(0.2, 0.8, 13)[:, None] * (c - a)
    tips = anchors + _ARROW * span * w / np.sqrt(norm2)
    centre = np.array([(bounds[0] + bounds[1]) / 2, (bounds[2] + bounds[3]) / 2])
    crowd = _crowding(anchors, tips, None if points is None else np.asarray(points, float), 0.04 * span)
    best = np.lexsort((np.linalg.norm(anchors - centre, axis=1), crowd))[0]
    return anchors[best], tips[best]


def _label_side(w) -> str:
    """Where the label goes beside the arrow's tip: ahead of it, so it never sits on the shaft."""
    vertical = "top" if w[1] > 0.3 * abs(w[0]) else "bottom" if w[1] < -0.3 * abs(w[0]) else "middle"
    horizontal = "right" if w[0] > 0.3 * abs(w[1]) else "left" if w[0] < -0.3 * abs(w[1]) else "center"
    return f"{vertical} {horizontal}" if (vertical, horizontal) != ("middle", "center") else "top center"


def add_normal_vector(fig, model, X, y, X_test=None, y_test=None, class_names=None) -> bool:
    """w as an arrow from the boundary (trace "w (normal vector)") and the geometric margin
    y·f(x)/||w|| (:func:`mlcore.linear_model.geometric_margins`) on every point's hover
    (customdata column "margin"). False when the boundary misses the view (no arrow)."""
    classes = np.asarray(model.classes_)
    names = label_names(classes, class_names)
    w = np.asarray(model.coef_, float)[0]
    margins = geometric_margins(model, X, y)
    margins_test = geometric_margins(model, X_test, y_test) if X_test is not None and len(X_test) else None
    add_point_columns(fig, classes, names, X, y, X_test, y_test, margins, margins_test,
                      "margin y·f(x)/‖w‖ = %{<<0>>:.3f}", ["margin"])
    shown = np.vstack([X, X_test]) if X_test is not None and len(X_test) else X
    arrow = normal_arrow(model, _bounds(fig), shown)
    if arrow is None:
        return False
    anchor, tip = arrow
    # a white halo under the arrow keeps it readable over points and both region tints
    fig.add_trace(go.Scatter(x=[anchor[0], tip[0]], y=[anchor[1], tip[1]], mode="lines", name="w halo",
                             line=dict(color=palette.WHITE, width=8), hoverinfo="skip", showlegend=False))
    fig.add_trace(go.Scatter(
        x=[anchor[0], tip[0]], y=[anchor[1], tip[1]], mode="lines+markers+text", name="w (normal vector)",
        showlegend=False, text=["", "<b>w</b>"], textposition=_label_side(w),
        textfont=dict(size=20, color=palette.INK, shadow=_HALO),
        line=dict(color=palette.INK, width=3.5),
        marker=dict(symbol=["circle", "arrow"], size=[10, 26], angleref="previous", color=palette.INK,
                    line=dict(color=palette.INK, width=1)),
        hovertemplate=(f"w = ({w[0]:.3g}, {w[1]:.3g}), ‖w‖ = {np.linalg.norm(w):.3g}<br>"
                       f"points to class {names[1]} (f > 0); drawn at a fixed length<extra></extra>"),
    ))
    return True


def add_replay_margins(fig, X, t, coef, intercept) -> float | None:
    """The perceptron replay's points (traces "<name> (y = ±1)", customdata = row of ``X``) get
    their geometric margin t·(w·x + b)/||w|| under the weights drawn (column "margin");
    returns the smallest, or None when w = 0 (no hyperplane yet)."""
    w = np.asarray(coef, float).ravel()
    if not np.any(w != 0):
        return None
    margins = hyperplane_margins(X, t, w, intercept)
    for trace in fig.data:
        if trace.name and trace.name.endswith(("(y = -1)", "(y = +1)")) and trace.customdata is not None:
            rows = np.asarray(trace.customdata, int).ravel()
            template = trace.hovertemplate.replace(
                "<extra></extra>", "<br>margin y(w·x + b)/‖w‖ = %{customdata[1]:.3f}<extra></extra>")
            trace.update(customdata=np.column_stack([rows, margins[rows]]),
                         hovertemplate=template.replace("%{customdata}", "%{customdata[0]}"),
                         meta={"columns": ["row", "margin"]})
    return float(margins.min())


def add_probability(fig, model, X, y, X_test=None, y_test=None, class_names=None) -> None:
    """P(y = classes_[1] | x) from ``predict_proba`` on every point's hover (column "p1")."""
    classes = np.asarray(model.classes_)
    names = label_names(classes, class_names)
    p = np.asarray(model.predict_proba(X))[:, 1]
    p_test = np.asarray(model.predict_proba(X_test))[:, 1] if X_test is not None and len(X_test) else None
    add_point_columns(fig, classes, names, X, y, X_test, y_test, p, p_test,
                      "P(y = " + names[1] + " | x) = %{<<0>>:.3f}", ["p1"])


def sigmoid_figure(model, X, y, class_names=None, height: int = 250) -> go.Figure:
    """The sigmoid P(y = 1 | x) = 1 / (1 + exp(-f(x))) against f(x) = w·x + b, with each training
    point placed on it at its own f(x) (one trace per class, "class <name> (train)")."""
    classes = np.asarray(model.classes_)
    names = label_names(classes, class_names)
    f = np.asarray(model.decision_function(X), float)
    p = np.asarray(model.predict_proba(X))[:, 1]
    reach = max(float(np.max(np.abs(f))) if len(f) else 0.0, 4.0) * 1.05
    t = np.linspace(-reach, reach, 241)
    traces = [go.Scatter(x=t, y=1 / (1 + np.exp(-t)), mode="lines", name="sigmoid",
                         line=dict(color=palette.INK, width=2), hoverinfo="skip", showlegend=False)]
    idx = label_index(y, classes)
    for k in range(len(classes)):
        sel = idx == k
        traces.append(go.Scatter(
            x=f[sel], y=p[sel], mode="markers", name=f"class {names[k]} (train)", showlegend=False,
            marker=dict(color=palette.class_color(k), symbol=palette.class_symbol(k), size=8,
                        line=dict(color=palette.WHITE, width=1)),
            hovertemplate=f"class {names[k]}<br>f(x) = %{{x:.3f}}<br>P(y = {names[1]} | x) = %{{y:.3f}}"
                          "<extra></extra>"))
    axis = dict(showgrid=True, gridcolor=palette.GRID, zeroline=True, zerolinecolor="#BBBBBB",
                showline=True, linecolor="#BBBBBB", mirror=True)
    return go.Figure(data=traces, layout=dict(
        template="none", height=int(height), font=dict(family="Arial, Helvetica, sans-serif", size=13,
                                                       color=palette.INK),
        margin=dict(l=55, r=15, t=10, b=45), paper_bgcolor=palette.WHITE, plot_bgcolor=palette.WHITE,
        xaxis=dict(axis, title=dict(text="f(x) = w·x + b")),
        yaxis=dict(axis, range=[-0.05, 1.05], title=dict(text=f"P(y = {names[1]} | x)")),
        hoverlabel=dict(font=dict(size=13)),
    ))


# --- Gaussian naive Bayes --------------------------------------------------------------------

def ellipse(centre, semi_axes, n: int = 121) -> tuple[np.ndarray, np.ndarray]:
    """An axis-aligned ellipse (x - c)²/a² + (y - d)²/b² = 1 as a closed polyline."""
    t = np.linspace(0.0, 2 * np.pi, n)
    return centre[0] + semi_axes[0] * np.cos(t), centre[1] + semi_axes[1] * np.sin(t)


def add_ellipses(fig, model, class_names=None, levels=(1, 2)) -> None:
    """For each class c and k in ``levels``: the ellipse centred at ``theta_[c]`` with semi-axes
    k·sqrt(``var_[c]``) (trace "class <name>: kσ"), where the class's Gaussian density is
    exp(-k²/2) of its peak; the means as crosses (trace "Gaussian means")."""
    names = label_names(model.classes_, class_names)
    theta, var = np.asarray(model.theta_, float), np.asarray(model.var_, float)
    for c in range(len(theta)):
        # a darker shade of the class's colour on a white halo: it stands out from its own points
        shade = palette.mix(palette.class_color(c), palette.INK, 0.35)
        for k in levels:
            ex, ey = ellipse(theta[c], k * np.sqrt(var[c]))
            width = 3 if k == 1 else 2.5
            fig.add_trace(go.Scatter(x=ex, y=ey, mode="lines", name="ellipse halo", showlegend=False,
                                     line=dict(color=palette.WHITE, width=width + 3), hoverinfo="skip"))
            fig.add_trace(go.Scatter(
                x=ex, y=ey, mode="lines", name=f"class {names[c]}: {k}σ", showlegend=False,
                meta={"class": c, "k": k},
                line=dict(color=shade, width=width, dash="solid" if k == 1 else "dash"),
                hovertemplate=f"class {names[c]}: {k}σ ellipse of its Gaussian<extra></extra>",
            ))
    fig.add_trace(go.Scatter(
        x=theta[:, 0], y=theta[:, 1], mode="markers", name="means", text=names,
        marker=dict(symbol="x", size=18, color=[palette.mix(palette.class_color(c), palette.INK, 0.35)
                                                 for c in range(len(theta))],
                    line=dict(color=palette.WHITE, width=1.5)),
        hovertemplate="mean θ of class %{text}: (%{x:.3g}, %{y:.3g})<extra></extra>",
    ))
    for k in levels:   # legend keys: which line is which k
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="lines", name=f"{k}σ",
                                 line=dict(color=palette.INK, width=3 if k == 1 else 2.5,
                                           dash="solid" if k == 1 else "dash"), hoverinfo="skip"))


# --- decision trees --------------------------------------------------------------------------

def _mix_line(names) -> str:
    """Hover fragment "leaf 7 (12 training points): A 9 (75%) · B 3 (25%)" over 2 + 2K columns."""
    parts = [f"class {name} " + f"%{{<<{2 + 2 * k}>>}} (%{{<<{3 + 2 * k}>>:.0%}})" for k, name in enumerate(names)]
    return "leaf %{<<0>>} (%{<<1>>} training points): " + " · ".join(parts)


def _mix_columns(model, leaves) -> np.ndarray:
    value = np.asarray(model.tree_.value, float)[leaves]
    totals = value.sum(axis=1, keepdims=True)
    fractions = value / np.where(totals > 0, totals, 1.0)
    n = np.asarray(model.tree_.n_node_samples, float)[leaves]
    pairs = np.stack([value, fractions], axis=2).reshape(len(leaves), -1)
    return np.column_stack([leaves, n, pairs])


def add_leaf_mix(fig, model, X, y, X_test=None, y_test=None, class_names=None) -> bool:
    """The class mix of each point's leaf on its hover (columns "leaf", "leaf_n", then "count k"
    and "share k" per class: the leaf's training counts ``tree_.value`` and their fractions), and
    over the plane a transparent heatmap (trace "leaf mix") with one cell per box between the
    tree's thresholds and the same text. False when there are too many boxes for the region hover."""
    classes = np.asarray(model.classes_)
    names = label_names(classes, class_names)
    columns = ["leaf", "leaf_n"] + [f"{kind} {k}" for k in range(len(classes)) for kind in ("count", "share")]
    test_values = _mix_columns(model, model.apply(X_test)) if X_test is not None and len(X_test) else None
    add_point_columns(fig, classes, names, X, y, X_test, y_test, _mix_columns(model, model.apply(X)),
                      test_values, _mix_line(names), columns)
    x0, x1, y0, y1 = _bounds(fig)
    tree = model.tree_
    inner = tree.feature >= 0
    cuts = [np.unique(tree.threshold[inner & (tree.feature == f)]) for f in (0, 1)]
    xe = np.concatenate([[x0], cuts[0][(cuts[0] > x0) & (cuts[0] < x1)], [x1]])
    ye = np.concatenate([[y0], cuts[1][(cuts[1] > y0) & (cuts[1] < y1)], [y1]])
    if (len(xe) - 1) * (len(ye) - 1) > _LEAF_CELLS:
        return False
    # one representative per box: its centre lies strictly between two thresholds
    cx, cy = (xe[1:] + xe[:-1]) / 2, (ye[1:] + ye[:-1]) / 2
    gx, gy = np.meshgrid(cx, cy)
    leaves = model.apply(np.column_stack([gx.ravel(), gy.ravel()]))
    mix = _mix_columns(model, leaves)
    K = len(classes)
    predicted = np.asarray(names, dtype=object)[np.argmax(np.asarray(tree.value)[leaves], axis=1)]
    text = [f"predicted <b>{p}</b> · leaf {int(r[0])} ({int(r[1])} training points)<br>"
            + " · ".join(f"class {names[k]}: {r[2 + 2 * k]:g} ({r[3 + 2 * k]:.0%})" for k in range(K))
            for p, r in zip(predicted, mix, strict=True)]
    fig.add_trace(go.Heatmap(
        x=xe, y=ye, z=np.zeros((len(cy), len(cx)), np.float32), opacity=0.0, showscale=False,
        colorscale=[[0, palette.WHITE], [1, palette.WHITE]], name="leaf mix", showlegend=False,
        text=np.asarray(text, dtype=object).reshape(len(cy), len(cx)), hovertemplate="%{text}<extra></extra>",
        # the trace is white: without its own colours the label would be grey on white
        hoverlabel=dict(bgcolor=palette.WHITE, bordercolor=palette.INK, font=dict(color=palette.INK)),
        meta={"leaves": leaves.reshape(len(cy), len(cx)).tolist()},
    ))
    for trace in fig.data:   # the leaf's text already names the predicted class
        if trace.name == "regions":
            trace.hoverinfo = "skip"
            trace.hovertemplate = None
    # just above the regions, under the splits and the points
    data = list(fig.data)
    at = next((i + 1 for i, t in enumerate(data) if t.name == "regions"), 0)
    fig.data = (*data[:at], data[-1], *data[at:-1])
    return True


# --- all of them ---------------------------------------------------------------------------------

def explain_figure(fig, model, X, y, *, X_test=None, y_test=None, query=None, overlays=None,
                   class_names=None) -> Explanation:
    """Add every overlay of ``overlays`` (default: all :func:`available` ones) to ``fig`` in place.

    ``query`` is the kNN query point (default :func:`default_query`)."""
    wanted = available(model) if overlays is None else [o for o in overlays if o in available(model)]
    done = Explanation()
    X = np.asarray(X, float)
    if X_test is not None:
        X_test = np.asarray(X_test, float)
    for name in wanted:
        if name == "prototypes":
            add_prototypes(fig, model, class_names)
        elif name == "neighbours":
            q = default_query(X, X_test) if query is None else np.asarray(query, float)
            add_neighbours(fig, model, q, class_names)
        elif name == "normal":
            if not add_normal_vector(fig, model, X, y, X_test, y_test, class_names):
                done.notes.append("The boundary does not cross the plotted area, so w is not drawn; "
                                  "the margins are still on hover.")
        elif name == "probability":
            add_probability(fig, model, X, y, X_test, y_test, class_names)
        elif name == "ellipses":
            add_ellipses(fig, model, class_names)
        elif name == "leaves":
            if not add_leaf_mix(fig, model, X, y, X_test, y_test, class_names):
                done.notes.append("The tree has too many boxes for a hover over the plane; "
                                  "the points still show their leaf's class mix.")
        done.overlays.append(name)
    if fig.layout.legend.orientation == "h" and fig.layout.margin.t is not None:
        # the legend grew: give it its rows in the margin, as decision_figure does (a margin
        # plotly has to push itself costs a second full draw of the figure)
        title = 30 if fig.layout.title.text else 0
        fig.layout.margin.t = max(fig.layout.margin.t,
                                  title + _LEGEND_TOP + _LEGEND_ROW * _legend_rows(_legend_names(fig.data)))
    return done
