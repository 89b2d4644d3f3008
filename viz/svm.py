"""SVM figures: the margin, the support vectors, the kernel trick, the losses.

* :func:`margin_figure` — decision regions (from :func:`viz.decision.decision_figure`)
  plus the contours f(x) = 0 (solid) and f(x) = ±1 (dashed) of one binary machine;
  its support vectors ringed with size by alpha, free ones (0 < alpha < C, on the
  margin) and bounded ones (alpha = C) told apart; every training point's f(x), y f(x)
  and slack xi = max(0, 1 - y f(x)) on hover. Two classes: the machine is the model.
  More classes: one chosen pair machine f_p (one-vs-one: class a against class b,
  trained on their points only; one-vs-rest: class k against the rest) drawn over the
  multi-class regions, the points it was not trained on faded.
* :func:`contributions_figure` — f_p(x) = sum_i alpha_i y_i K(x_i, x) + b_p as bars.
* :func:`lift_figure` — the homogeneous degree-2 map phi(x) = (x1², √2 x1 x2, x2²) in
  3-D with the separating plane of a (x·z)² SVM.
* :func:`landscape_figure` — the decision function as a 3-D surface.
* :func:`loss_figure` — hinge, 0/1 and logistic loss against the margin y f(x).

Pure functions of fitted models and data; arrays go to plotly as float32.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from mlcore.metrics.pairwise import poly2_homogeneous_map

from . import palette
from .decision import _FONT, _spans, _test_traces, decision_figure, label_index, label_names, points_figure
from .grid import Bounds, DecisionGrid, evaluate_grid, grid_points, make_bounds
from .placement import place_note

__all__ = ["margin_figure", "unfitted_figure", "contributions_figure", "lift_figure", "landscape_figure", "loss_figure",
           "point_report", "objective_figure", "machine_name", "machine_support", "margin_width"]

FREE_COLOR = palette.INK
BOUND_COLOR = "#B2182B"   # dark red: not one of the class colours
FADED = 0.25              # opacity of the points a pair machine was not trained on
_F32_MAX = 1e30


def _f32(a) -> np.ndarray:
    return np.clip(np.nan_to_num(np.asarray(a, dtype=np.float64)), -_F32_MAX, _F32_MAX).astype(np.float32)


def _pair(model, machine: int) -> tuple[int, int]:
    """(a, b) class indices of a machine: y = +1 is class b; a = -1 means "the rest"."""
    pairs = getattr(model, "pairs_", None)
    if pairs is None:
        return 0, 1
    return int(pairs[machine][0]), int(pairs[machine][1])


def machine_name(model, machine: int = 0, class_names=None) -> str:
    """'A vs B' for the one-vs-one machine of classes A and B (positive for B), or
    'B vs rest' for a one-vs-rest machine."""
    names = label_names(model.classes_, class_names)
    a, b = _pair(model, machine)
    return f"{names[b]} vs rest" if a < 0 else f"{names[a]} vs {names[b]}"


def machine_support(model, machine: int = 0) -> np.ndarray:
    """Columns of ``support_`` / ``dual_coef_`` that are support vectors of this machine
    (alpha_i > 0 in it): a point can be a support vector of one pair and not of another."""
    return np.flatnonzero(model.dual_coef_[machine] != 0)


def _members(model, y, machine: int) -> tuple[np.ndarray, np.ndarray]:
    """Which points of ``y`` the machine was trained on, and their y = ±1 in it
    (+1 for class pairs_[p, 1]; one-vs-rest trains on every point)."""
    idx = label_index(y, model.classes_)
    a, b = _pair(model, machine)
    member = (idx >= 0) if a < 0 else (idx == a) | (idx == b)
    return member, np.where(idx == b, 1.0, -1.0)


def point_report(model, X, y, machine: int = 0) -> dict:
    """Per point: the machine's f(x), y f(x) (y = ±1 in that machine), slack max(0, 1 - y f(x)),
    and ``member`` (the machine was trained on the point). Two classes: f is
    ``decision_function``, +1 for classes_[1]; more: column ``machine`` of ``pairwise_decision``."""
    X = np.asarray(X, dtype=np.float64)
    if len(model.classes_) == 2:
        f = model.decision_function(X)
    else:
        f = model.pairwise_decision(X)[:, machine]
    member, sign = _members(model, y, machine)
    yf = sign * f
    return {"f": f, "yf": yf, "slack": np.maximum(0.0, 1.0 - yf), "member": member}


def _sv_sizes(alpha: np.ndarray) -> np.ndarray:
    top = float(alpha.max()) if alpha.size else 0.0
    rel = alpha / top if top > 0 else np.zeros_like(alpha)
    return 16.0 + 15.0 * np.sqrt(rel)


def _margin_contours(grid: DecisionGrid, values: np.ndarray, name: str = "") -> list:
    """The levels f = ±1 (dashed) and f = 0 (solid) of ``values`` on the grid's points."""
    x, y, z = grid.xs.astype(np.float32), grid.ys.astype(np.float32), _f32(values)
    # coloring="lines" takes the line colour from the colorscale: make it one colour
    ink = [[0.0, palette.INK], [1.0, palette.INK]]
    common = dict(x=x, y=y, z=z, autocontour=False, showscale=False, hoverinfo="skip", showlegend=True,
                  colorscale=ink)
    of = f" of {name}" if name else ""
    margins = go.Contour(
        **common, name=f"margin{of}  f(x) = ±1",
        # labelled by horizontal text beside the curves (_margin_labels), which reads on a projector
        contours=dict(start=-1.0, end=1.0, size=2.0, coloring="lines", showlabels=False),
        line=dict(color=palette.INK, width=1.5, dash="dash"),
    )
    boundary = go.Contour(
        **common, name=f"boundary{of}  f(x) = 0",
        contours=dict(start=0.0, end=0.0, size=1.0, coloring="lines", showlabels=False),
        line=dict(color=palette.INK, width=2.5),
    )
    return [margins, boundary]


MARGIN_LABEL_SIZE = 18


def _margin_labels(grid: DecisionGrid, z: np.ndarray, points: np.ndarray) -> list:
    """"−1" and "+1", horizontal, on each margin curve where it is farthest from the data points
    (among the grid cells the curve crosses in the inner 80% of the plane), so which side is +1
    reads off the plot and no label sits on a point."""
    ny, nx = z.shape
    inner = np.zeros(z.shape, dtype=bool)
    inner[ny // 10:ny - ny // 10, nx // 10:nx - nx // 10] = True
    gx, gy = np.meshgrid(grid.xs.astype(np.float64), grid.ys.astype(np.float64))
    # the label's text starts at its point and runs right: measure from its middle
    shift = 0.04 * float(grid.xs[-1] - grid.xs[0])
    xs, ys, text = [], [], []
    for level, label in ((-1.0, "−1"), (1.0, "+1")):
        s = np.nan_to_num(z.astype(np.float64) - level, nan=np.inf)
        crossed = np.zeros(z.shape, dtype=bool)
        crossed[:, :-1] |= np.sign(s[:, :-1]) != np.sign(s[:, 1:])
        crossed[:-1, :] |= np.sign(s[:-1, :]) != np.sign(s[1:, :])
        crossed &= inner & np.isfinite(s)
        if not crossed.any():
            continue
        cx, cy = gx[crossed], gy[crossed]
        if len(points):
            gap = np.hypot(cx[:, None] + shift - points[None, :, 0], cy[:, None] - points[None, :, 1]).min(axis=1)
            k = int(np.argmax(gap))
        else:
            k = int(np.argmin(np.abs(s[crossed])))
        xs.append(float(cx[k]))
        ys.append(float(cy[k]))
        text.append(label)
    if not text:
        return []
    return [go.Scatter(x=xs, y=ys, mode="text", text=text, name="margin labels", showlegend=False,
                       hoverinfo="skip", textposition="middle right",
                       textfont=dict(size=MARGIN_LABEL_SIZE, color=palette.INK))]


def _sv_traces(model, y, machine: int) -> list:
    """Rings around one machine's support vectors: free ones solid ink, bounded ones dark
    red, sized by alpha, with alpha, f(x), y f(x) and the slack on hover."""
    cols = machine_support(model, machine)
    alpha = model.alpha_[machine, cols]
    bound = model.at_bound_[machine, cols]
    sizes = _sv_sizes(alpha)
    P = model.support_vectors_[cols]
    rep = point_report(model, P, np.asarray(y)[model.support_[cols]], machine)
    extra = np.column_stack([alpha, rep["f"], rep["yf"], rep["slack"]])
    hover = ("%{text} support vector<br>alpha = %{customdata[0]:.4g}"
             "<br>f(x) = %{customdata[1]:.3f}, y·f(x) = %{customdata[2]:.3f}"
             "<br>slack ξ = %{customdata[3]:.3f}<extra></extra>")
    traces = []
    for mask, name, color, kind in ((~bound, "free SVs (0 < α < C)", FREE_COLOR, "free"),
                                    (bound, "bounded SVs (α = C)", BOUND_COLOR, "bounded")):
        traces.append(go.Scatter(
            x=P[mask, 0].astype(np.float32), y=P[mask, 1].astype(np.float32), mode="markers", name=name,
            marker=dict(symbol="circle-open", size=sizes[mask], color=color, line=dict(color=color, width=2)),
            customdata=extra[mask].astype(np.float32), text=[kind] * int(mask.sum()),
            hovertemplate=hover,
        ))
    return traces


def _train_hover(fig: go.Figure, model, X, y, machine: int, class_names=None) -> None:
    """Give every training-point trace the machine's f(x), y f(x) and slack on hover; fade
    the classes the machine was not trained on (their f(x) is still shown)."""
    rep = point_report(model, X, y, machine)
    idx = label_index(y, model.classes_)
    names = label_names(model.classes_, class_names)
    pair = machine_name(model, machine, class_names)
    for k, name in enumerate(names):
        sel = idx == k
        trace = f"class {name} (train)"
        if rep["member"][sel].all():
            fig.update_traces(
                selector=dict(name=trace),
                customdata=np.column_stack([rep["f"][sel], rep["yf"][sel], rep["slack"][sel]]).astype(np.float32),
                hovertemplate=(f"{trace}<br>(%{{x:.3g}}, %{{y:.3g}})<br>f(x) = %{{customdata[0]:.3f}}, "
                               "y·f(x) = %{customdata[1]:.3f}<br>slack ξ = %{customdata[2]:.3f}<extra></extra>"),
            )
        else:
            fig.update_traces(
                selector=dict(name=trace), opacity=FADED,
                customdata=rep["f"][sel, None].astype(np.float32),
                hovertemplate=(f"{trace}<br>(%{{x:.3g}}, %{{y:.3g}})<br>not a training point of the {pair} "
                               "machine<br>its f(x) = %{customdata[0]:.3f}<extra></extra>"),
            )


def _fade_rings_and_tests(fig: go.Figure, model, X, y, X_test, y_test, machine: int) -> None:
    """Fade the test points and the misclassified rings of the classes the machine was not
    trained on, so no full-ink ring sits on a faded point and reads as a support vector."""
    tests = [t for t in fig.data if t.name == "test points"]
    member_test = _members(model, y_test, machine)[0] if tests else np.zeros(0, dtype=bool)
    if tests:
        tests[0].marker.opacity = np.where(member_test, 1.0, FADED).astype(np.float32)
    # the misclassified trace holds the wrong training points, then the wrong test points
    y = np.asarray(y).ravel()
    fade = [_members(model, y, machine)[0][np.asarray(model.predict(X)) != y]]
    if tests:
        fade.append(member_test[np.asarray(model.predict(X_test)) != np.asarray(y_test).ravel()])
    fig.update_traces(selector=dict(name="misclassified"),
                      marker_opacity=np.where(np.concatenate(fade), 1.0, FADED).astype(np.float32))


def margin_figure(model, X, y, *, machine: int = 0, machine_values: np.ndarray | None = None,
                  X_test=None, y_test=None, show_test: bool = True,
                  show_confidence: bool = True, grid: DecisionGrid | None = None,
                  bounds: Bounds | None = None, resolution: int = 200, class_names=None,
                  title: str | None = None, height: int = 560, uirevision="svm") -> go.Figure:
    """Regions, the boundary f = 0 and margins f = ±1 of one binary machine, its support vectors.

    ``model`` is a fitted :class:`mlcore.svm.SVC`. Two classes: the machine is the model
    and its f is the grid's decision values. More classes: the regions and the thin
    staircase are the multi-class prediction, and the curves, rings and hover belong to
    pair machine ``machine`` (a row of ``pairs_``); its f on the grid is
    ``machine_values`` (ny, nx) when given (a page may cache it), else
    ``pairwise_decision`` of the grid's points. Points it was not trained on are faded.
    """
    X = np.asarray(X, dtype=np.float64)
    binary = len(model.classes_) == 2
    if grid is None:
        if bounds is None:
            pts = X if X_test is None or not len(X_test) else np.vstack([X, X_test])
            bounds = make_bounds(pts)
        grid = evaluate_grid(model, bounds, resolution)
    if binary:
        machine, values, name = 0, grid.decision, ""
    else:
        machine = int(machine)
        if not 0 <= machine < len(model.pairs_):
            raise ValueError(f"machine={machine} is not one of the model's {len(model.pairs_)} machines")
        values = machine_values
        if values is None:
            values = model.pairwise_decision(grid.points())[:, machine].reshape(grid.shape)
        name = machine_name(model, machine, class_names)
    base = decision_figure(model, X, y, X_test=X_test, y_test=y_test, show_test=show_test,
                           show_confidence=show_confidence, show_boundary=not binary or grid.decision is None,
                           grid=grid, class_names=class_names, title=title, height=height,
                           uirevision=uirevision)
    _train_hover(base, model, X, y, machine, class_names)
    if not binary:
        _fade_rings_and_tests(base, model, X, y, X_test, y_test, machine)
        # the vote's boundary stays visible but gives way to the machine's curves. plotly draws
        # every scatter trace above every contour whatever the trace order, so where the two
        # lines coincide the vote's is on top: thin and dotted, the machine's solid line shows
        rule = "largest f" if _pair(model, 0)[0] < 0 else "vote"
        base.update_traces(selector=dict(name="boundary"), showlegend=True,
                           name=f"{len(model.classes_)}-class boundary ({rule})",
                           line=dict(color=palette.NEUTRAL, width=1.0, dash="dot"))
    traces = list(base.data)
    extra = _margin_contours(grid, values, name) if values is not None else []
    # the machine's curves go over the regions and the vote's boundary, under the points
    at = 1 if binary else 2   # after the regions heatmap (and the vote's boundary, trace 1)
    shown = [X] + ([np.asarray(X_test, dtype=np.float64)] if show_test and X_test is not None and len(X_test) else [])
    labels = (_margin_labels(grid, _f32(values), np.vstack(shown)) if values is not None
              else [])  # on top of the points
    fig = go.Figure(data=[*traces[:at], *extra, *traces[at:], *_sv_traces(model, y, machine), *labels],
                    layout=base.layout)
    cols = machine_support(model, machine)
    n_sv = len(cols)
    n_bound = int(model.at_bound_[machine, cols].sum())
    of = "" if binary else f" of the {name} machine"
    # short lines: the note must fit beside the points on a projector's narrow plane
    text = f"{n_sv} support vectors{of}<br>{n_sv - n_bound} free, {n_bound} at C"
    width = margin_width(model, machine)
    if width is not None:
        text += f"<br>width 2/‖w‖ = {width:.3g}"
    place_note(fig, text, grid.bounds, font_size=13, bgcolor="rgba(255,255,255,0.85)", font=dict(color=palette.INK))
    return fig


def unfitted_figure(X, y, *, X_test=None, y_test=None, show_test: bool = True, bounds: Bounds | None = None,
                    height: int = 560) -> go.Figure:
    """The data alone, for when the SVM could not be fitted: training points as
    "class k (train)" and, with ``show_test``, the held-out points hollow as "test points"
    (the same marks :func:`margin_figure` gives them), classes ordered as ``np.unique``."""
    fig = points_figure(X, y, bounds=bounds, height=height)
    if show_test and X_test is not None and len(X_test):
        classes = np.unique(np.asarray(y).ravel())
        if bounds is None:
            bounds = (fig.layout.xaxis.range[0], fig.layout.xaxis.range[1],
                      fig.layout.yaxis.range[0], fig.layout.yaxis.range[1])
        fig.add_traces(_test_traces(np.asarray(X_test, dtype=np.float64), label_index(y_test, classes),
                                    label_names(classes), _spans(bounds)))
    return fig


def margin_width(model, machine: int = 0) -> float | None:
    """2 / ||w_p|| of a linear machine (w_p = coef_[p]), else None."""
    coef = getattr(model, "coef_", None)
    if getattr(model, "kernel", None) != "linear" or coef is None:
        return None
    norm = float(np.linalg.norm(coef[machine]))
    return 2.0 / norm if norm > 0 else float("inf")


def contributions_figure(model, x, *, machine: int = 0, top: int = 12, height: int = 360) -> go.Figure:
    """f_p(x) of machine ``machine`` as a sum of bars: the ``top`` largest of its support-vector
    terms alpha_i y_i K(x_i, x), the rest summed, and its intercept b; a line marks the total.
    A bar takes the colour of the class it pushes towards (y = +1: class pairs_[p, 1])."""
    cols = machine_support(model, machine)
    terms = model.contributions(np.asarray(x, dtype=np.float64), machine=machine)[cols]
    b = float(model.intercept_[machine])
    order = np.argsort(-np.abs(terms))
    shown = order[:top]
    rest = float(terms[order[top:]].sum())
    labels = ([f"SV {int(model.support_[cols[i]])}" for i in shown]
              + (["all other SVs"] if len(order) > top else []) + ["b"])
    values = np.concatenate([terms[shown], [rest] if len(order) > top else [], [b]])
    neg, pos = _pair(model, machine)
    neg_color = palette.NEUTRAL if neg < 0 else palette.class_color(neg)  # one-vs-rest: "rest" is no class
    colors = [palette.class_color(pos) if v >= 0 else neg_color for v in values]
    total = float(terms.sum() + b)
    fig = go.Figure(go.Bar(x=labels, y=_f32(values), marker_color=colors, name="terms",
                           hovertemplate="%{x}: %{y:.4g}<extra></extra>"))
    fig.add_hline(y=total, line=dict(color=palette.INK, dash="dot"),
                  annotation_text=f"f(x) = {total:.4g}", annotation_position="top left")
    fig.update_layout(template="none", font=_FONT, height=height, margin=dict(l=50, r=10, t=30, b=60),
                      yaxis=dict(title="αᵢ yᵢ K(xᵢ, x)", zeroline=True, gridcolor=palette.GRID),
                      showlegend=False)
    return fig


def lift_figure(model, X, y, *, height: int = 520) -> go.Figure:
    """The points lifted by phi(x) = (x1², √2 x1 x2, x2²) and the separating plane w·phi + b = 0
    of an SVC with kernel (gamma x·z)² (poly, degree 2, coef0 0): there w = gamma sum_i alpha_i y_i phi(x_i)
    and f(x) = w·phi(x)·gamma + b."""
    X = np.asarray(X, dtype=np.float64)
    g = float(model.gamma_)
    Phi = poly2_homogeneous_map(X)
    w = g * g * (model.dual_coef_[0] @ poly2_homogeneous_map(model.support_vectors_))
    b = float(model.intercept_[0])
    idx = label_index(y, model.classes_)
    traces = []
    for k, name in enumerate(label_names(model.classes_)):
        sel = idx == k
        traces.append(go.Scatter3d(x=Phi[sel, 0].astype(np.float32), y=Phi[sel, 1].astype(np.float32),
                                   z=Phi[sel, 2].astype(np.float32), mode="markers", name=f"class {name}",
                                   marker=dict(size=3.5, color=palette.class_color(k))))
    lo, hi = Phi.min(axis=0), Phi.max(axis=0)
    axis = int(np.argmax(np.abs(w)))  # solve the plane for its steepest coordinate
    others = [a for a in range(3) if a != axis]
    u = np.linspace(lo[others[0]], hi[others[0]], 20)
    v = np.linspace(lo[others[1]], hi[others[1]], 20)
    U, V = np.meshgrid(u, v)
    W = (-b - w[others[0]] * U - w[others[1]] * V) / w[axis] if w[axis] != 0 else np.full_like(U, np.nan)
    W = np.where((W >= lo[axis] - 0.1 * (hi[axis] - lo[axis])) & (W <= hi[axis] + 0.1 * (hi[axis] - lo[axis])),
                 W, np.nan)
    coords = {others[0]: U, others[1]: V, axis: W}
    # NaN (outside the box of the points) leaves a hole in the surface: keep it, do not zero it
    traces.append(go.Surface(x=coords[0].astype(np.float32), y=coords[1].astype(np.float32),
                             z=coords[2].astype(np.float32), name="plane w·φ(x) + b = 0",
                             showscale=False, opacity=0.55, colorscale=[[0, "#888888"], [1, "#888888"]],
                             showlegend=True, hoverinfo="skip"))
    fig = go.Figure(traces)
    fig.update_layout(template="none", font=_FONT, height=height, margin=dict(l=0, r=0, t=30, b=0),
                      scene=dict(xaxis_title="x₁²", yaxis_title="√2 x₁x₂", zaxis_title="x₂²"),
                      legend=dict(orientation="h", y=1.02, x=0.0), uirevision="lift")
    return fig


def landscape_figure(model, X, y, *, bounds: Bounds | None = None, resolution: int = 70,
                     height: int = 520) -> go.Figure:
    """f(x) of a binary model as a 3-D surface, the training points at height f(x_i), and the
    boundary f = 0 and margins f = ±1 drawn on the surface."""
    X = np.asarray(X, dtype=np.float64)
    bounds = bounds or make_bounds(X)
    xs = np.linspace(bounds[0], bounds[1], resolution)
    ys = np.linspace(bounds[2], bounds[3], resolution)
    Z = model.decision_function(grid_points(xs, ys)).reshape(resolution, resolution)
    f = model.decision_function(X)
    idx = label_index(y, model.classes_)
    zmax = float(np.abs(Z).max()) or 1.0
    surface = go.Surface(
        x=xs.astype(np.float32), y=ys.astype(np.float32), z=_f32(Z), name="f(x)", showscale=False, opacity=0.9,
        colorscale=[[0, palette.region_tint(0, 1.0)], [0.5, "#FFFFFF"], [1, palette.region_tint(1, 1.0)]],
        cmin=-zmax, cmax=zmax,
        contours=dict(z=dict(show=True, start=-1, end=1, size=1, color=palette.INK, width=3)),
        hovertemplate="(%{x:.2f}, %{y:.2f})<br>f = %{z:.3f}<extra></extra>",
    )
    traces = [surface]
    for k, name in enumerate(label_names(model.classes_)):
        sel = idx == k
        traces.append(go.Scatter3d(x=X[sel, 0].astype(np.float32), y=X[sel, 1].astype(np.float32), z=_f32(f[sel]),
                                   mode="markers", name=f"class {name}",
                                   marker=dict(size=3, color=palette.class_color(k))))
    fig = go.Figure(traces)
    fig.update_layout(template="none", font=_FONT, height=height, margin=dict(l=0, r=0, t=30, b=0),
                      scene=dict(xaxis_title="x₁", yaxis_title="x₂", zaxis_title="f(x)"),
                      legend=dict(orientation="h", y=1.02, x=0.0), uirevision="landscape")
    return fig


def loss_figure(*, height: int = 320) -> go.Figure:
    """Losses of the margin m = y f(x): 0/1 [m <= 0], hinge max(0, 1 - m), logistic log2(1 + e^-m)
    (base 2 so it passes through 1 at m = 0, like the other two)."""
    m = np.linspace(-3.0, 3.0, 601)
    curves = [("0/1 loss", (m <= 0).astype(float), palette.NEUTRAL, "solid"),
              ("hinge max(0, 1 − m)", np.maximum(0.0, 1.0 - m), palette.INK, "solid"),
              ("logistic log₂(1 + e^−m)", np.logaddexp(0.0, -m) / np.log(2.0), palette.class_color(2), "dash")]
    fig = go.Figure([go.Scatter(x=m.astype(np.float32), y=v.astype(np.float32), mode="lines", name=name,
                                line=dict(color=c, width=2.5, dash=dash))
                     for name, v, c, dash in curves])
    fig.update_layout(template="none", font=_FONT, height=height, margin=dict(l=50, r=10, t=30, b=45),
                      xaxis=dict(title="margin  m = y·f(x)", gridcolor=palette.GRID, zeroline=True),
                      yaxis=dict(title="loss", range=[-0.1, 4.0], gridcolor=palette.GRID),
                      legend=dict(orientation="h", y=1.02, x=0.0))
    return fig


def objective_figure(history: list[dict], optimum: float | None = None, *, height: int = 320) -> go.Figure:
    """The primal objective per epoch of an iterative linear SVM (``history_`` entries with
    "epoch" and "objective"), with the exact optimum as a dotted line when given."""
    epochs = np.array([h["epoch"] for h in history], dtype=np.float32)
    obj = _f32([h["objective"] for h in history])
    fig = go.Figure(go.Scatter(x=epochs, y=obj, mode="lines+markers", name="Pegasos (averaged iterate)",
                               line=dict(color=palette.class_color(0), width=2), marker=dict(size=5),
                               hovertemplate="epoch %{x}<br>P(w, b) = %{y:.5g}<extra></extra>"))
    if optimum is not None:
        fig.add_hline(y=float(optimum), line=dict(color=palette.INK, dash="dot"),
                      annotation_text=f"optimum (SMO) {optimum:.5g}", annotation_position="top right")
    fig.update_layout(template="none", font=_FONT, height=height, margin=dict(l=60, r=10, t=30, b=45),
                      xaxis=dict(title="epoch", gridcolor=palette.GRID),
                      yaxis=dict(title="λ/2 ‖w‖² + mean hinge", gridcolor=palette.GRID, type="log"),
                      showlegend=False)
    return fig
