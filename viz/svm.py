"""SVM figures: the margin, the support vectors, the kernel trick, the losses.

* :func:`margin_figure` — decision regions (from :func:`viz.decision.decision_figure`)
  plus, for two classes, the contours f(x) = 0 (solid) and f(x) = ±1 (dashed) of the
  grid's decision values; support vectors ringed with size by alpha, free ones
  (0 < alpha < C, on the margin) and bounded ones (alpha = C) told apart; every
  training point's f(x), y f(x) and slack xi = max(0, 1 - y f(x)) on hover.
* :func:`contributions_figure` — f(x) = sum_i alpha_i y_i K(x_i, x) + b as bars.
* :func:`lift_figure` — the homogeneous degree-2 map phi(x) = (x1², √2 x1 x2, x2²) in
  3-D with the separating plane of a (x·z)² SVM.
* :func:`landscape_figure` — the decision function as a 3-D surface.
* :func:`loss_figure` — hinge, 0/1 and logistic loss against the margin y f(x).

Pure functions of fitted models and data; arrays go to plotly as float32.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from mlcore.kernels import poly2_homogeneous_map

from . import palette
from .decision import _FONT, decision_figure, label_index, label_names
from .grid import Bounds, DecisionGrid, evaluate_grid, grid_points, make_bounds

__all__ = ["margin_figure", "contributions_figure", "lift_figure", "landscape_figure", "loss_figure",
           "point_report", "objective_figure"]

FREE_COLOR = palette.INK
BOUND_COLOR = "#B2182B"   # dark red: not one of the class colours
_F32_MAX = 1e30


def _f32(a) -> np.ndarray:
    return np.clip(np.nan_to_num(np.asarray(a, dtype=np.float64)), -_F32_MAX, _F32_MAX).astype(np.float32)


def point_report(model, X, y) -> dict:
    """Per training point of a binary SVM: f(x), y f(x) (y = ±1, +1 for classes_[1]), slack."""
    f = model.decision_function(X)
    sign = np.where(label_index(y, model.classes_) == 1, 1.0, -1.0)
    yf = sign * f
    return {"f": f, "yf": yf, "slack": np.maximum(0.0, 1.0 - yf)}


def _sv_sizes(alpha: np.ndarray) -> np.ndarray:
    top = float(alpha.max()) if alpha.size else 0.0
    rel = alpha / top if top > 0 else np.zeros_like(alpha)
    return 13.0 + 15.0 * np.sqrt(rel)


def _margin_contours(grid: DecisionGrid) -> list:
    x, y, z = grid.xs.astype(np.float32), grid.ys.astype(np.float32), _f32(grid.decision)
    # coloring="lines" takes the line colour from the colorscale: make it one colour
    ink = [[0.0, palette.INK], [1.0, palette.INK]]
    common = dict(x=x, y=y, z=z, autocontour=False, showscale=False, hoverinfo="skip", showlegend=True,
                  colorscale=ink)
    margins = go.Contour(
        **common, name="margin  f(x) = ±1",
        contours=dict(start=-1.0, end=1.0, size=2.0, coloring="lines", showlabels=False),
        line=dict(color=palette.INK, width=1.5, dash="dash"),
    )
    boundary = go.Contour(
        **common, name="boundary  f(x) = 0",
        contours=dict(start=0.0, end=0.0, size=1.0, coloring="lines", showlabels=False),
        line=dict(color=palette.INK, width=2.5),
    )
    return [margins, boundary]


def _sv_traces(model, X, y, binary: bool) -> list:
    """Rings around the support vectors: free ones solid ink, bounded ones dark red."""
    sv = model.support_
    alpha = model.alpha_.max(axis=0)
    bound = model.at_bound_.any(axis=0)
    sizes = _sv_sizes(alpha)
    P = model.support_vectors_
    if binary:
        rep = point_report(model, X[sv], np.asarray(y)[sv])
        extra = np.column_stack([alpha, rep["f"], rep["yf"], rep["slack"]])
        hover = ("%{text} support vector<br>alpha = %{customdata[0]:.4g}"
                 "<br>f(x) = %{customdata[1]:.3f}, y·f(x) = %{customdata[2]:.3f}"
                 "<br>slack ξ = %{customdata[3]:.3f}<extra></extra>")
    else:
        extra = alpha[:, None]
        hover = "%{text} support vector<br>largest alpha = %{customdata[0]:.4g}<extra></extra>"
    traces = []
    for mask, name, color, kind in ((~bound, "free support vectors (0 < α < C)", FREE_COLOR, "free"),
                                    (bound, "bounded support vectors (α = C)", BOUND_COLOR, "bounded")):
        traces.append(go.Scatter(
            x=P[mask, 0].astype(np.float32), y=P[mask, 1].astype(np.float32), mode="markers", name=name,
            marker=dict(symbol="circle-open", size=sizes[mask], color=color, line=dict(color=color, width=2)),
            customdata=extra[mask].astype(np.float32), text=[kind] * int(mask.sum()),
            hovertemplate=hover,
        ))
    return traces


def _train_hover(fig: go.Figure, model, X, y) -> None:
    """Give every training-point trace f(x), y f(x) and the slack on hover."""
    rep = point_report(model, X, y)
    idx = label_index(y, model.classes_)
    names = label_names(model.classes_)
    for k, name in enumerate(names):
        sel = idx == k
        fig.update_traces(
            selector=dict(name=f"class {name} (train)"),
            customdata=np.column_stack([rep["f"][sel], rep["yf"][sel], rep["slack"][sel]]).astype(np.float32),
            hovertemplate=(f"class {name} (train)<br>(%{{x:.3g}}, %{{y:.3g}})<br>f(x) = %{{customdata[0]:.3f}}, "
                           "y·f(x) = %{customdata[1]:.3f}<br>slack ξ = %{customdata[2]:.3f}<extra></extra>"),
        )


def margin_figure(model, X, y, *, X_test=None, y_test=None, show_test: bool = True,
                  show_confidence: bool = True, grid: DecisionGrid | None = None,
                  bounds: Bounds | None = None, resolution: int = 200, class_names=None,
                  title: str | None = None, height: int = 560, uirevision="svm") -> go.Figure:
    """Regions, boundary, the two margins at f = ±1 (two classes) and the support vectors.

    ``model`` is a fitted :class:`mlcore.svm.SVC` (anything with ``support_``,
    ``support_vectors_``, ``alpha_``, ``at_bound_`` and ``decision_function``).
    """
    X = np.asarray(X, dtype=np.float64)
    binary = len(model.classes_) == 2
    if grid is None:
        if bounds is None:
            pts = X if X_test is None or not len(X_test) else np.vstack([X, X_test])
            bounds = make_bounds(pts)
        grid = evaluate_grid(model, bounds, resolution)
    base = decision_figure(model, X, y, X_test=X_test, y_test=y_test, show_test=show_test,
                           show_confidence=show_confidence, show_boundary=not binary or grid.decision is None,
                           grid=grid, class_names=class_names, title=title, height=height,
                           uirevision=uirevision)
    if binary:
        _train_hover(base, model, X, y)
    traces = list(base.data)
    extra = _margin_contours(grid) if binary and grid.decision is not None else []
    fig = go.Figure(data=[traces[0], *extra, *traces[1:], *_sv_traces(model, X, y, binary)],
                    layout=base.layout)
    n_sv = len(model.support_)
    n_bound = int(model.at_bound_.any(axis=0).sum())
    text = f"{n_sv} support vectors ({n_sv - n_bound} free, {n_bound} at the bound C)"
    width = model.margin_width() if hasattr(model, "margin_width") else None
    if width is not None:
        text += f" · margin width 2/‖w‖ = {width:.3g}"
    fig.add_annotation(text=text, xref="paper", yref="paper", x=0.01, y=0.01, xanchor="left", yanchor="bottom",
                       showarrow=False, bgcolor="rgba(255,255,255,0.85)", font=dict(size=13, color=palette.INK))
    return fig


def contributions_figure(model, x, *, machine: int = 0, top: int = 12, height: int = 360) -> go.Figure:
    """f(x) as a sum of bars: the ``top`` largest support-vector terms alpha_i y_i K(x_i, x),
    the rest summed, and the intercept b; a line marks their total f(x)."""
    terms = model.contributions(np.asarray(x, dtype=np.float64), machine=machine)
    b = float(model.intercept_[machine])
    order = np.argsort(-np.abs(terms))
    shown = order[:top]
    rest = float(terms[order[top:]].sum())
    labels = [f"SV {int(model.support_[i])}" for i in shown] + (["all other SVs"] if len(order) > top else []) + ["b"]
    values = np.concatenate([terms[shown], [rest] if len(order) > top else [], [b]])
    colors = [palette.class_color(1) if v >= 0 else palette.class_color(0) for v in values]
    total = float(terms.sum() + b)
    fig = go.Figure(go.Bar(x=labels, y=_f32(values), marker_color=colors, name="terms",
                           hovertemplate="%{x}: %{y:.4g}<extra></extra>"))
    fig.add_hline(y=total, line=dict(color=palette.INK, dash="dot"),
                  annotation_text=f"f(x) = {total:.4g}", annotation_position="top left")
    fig.update_layout(template="none", font=_FONT, height=height, margin=dict(l=50, r=10, t=30, b=60),
                      yaxis=dict(title="α_i y_i K(x_i, x)", zeroline=True, gridcolor=palette.GRID),
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
    W = np.where((W >= lo[axis] - 0.1 * (hi[axis] - lo[axis])) & (W <= hi[axis] + 0.1 * (hi[axis] - lo[axis])), W, np.nan)
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
