"""Pictures of decision trees: the splits on the plane, the node diagram, pruning and gains.

* :func:`tree_plane_figure` — the regions of a fitted 2-D tree drawn EXACTLY: every
  leaf is an axis-aligned rectangle, so the regions are one small ``go.Heatmap``
  whose cell edges are the tree's own thresholds (no grid sampling), shaded by the
  leaf's class and purity; every split is a line segment ``x_f = t`` across its
  node's rectangle (one scatter trace, NaN between segments, float64 so the
  coordinates are exactly the thresholds).
* :func:`tree_diagram` — the tree as a node-link diagram (test, impurity, samples
  and a class bar per node; a point's path highlighted). The same builder draws
  ID3 trees via :func:`id3_diagram`.
* :func:`pruning_figure` — training and validation accuracy along the pruning sequence.
* :func:`gains_figure` — the score of every candidate feature at one ID3 node.

Pure functions: no Streamlit, no fitting.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go

from . import palette
from .decision import (
    MISCLASSIFIED_MARKER,
    TEST_POINT_SIZE,
    _legend_names,
    decision_figure,
    label_names,
    legend_room,
    misclassified_marker,
    region_colorscale,
)
from .grid import Bounds, evaluate_grid, make_bounds

__all__ = ["node_boxes", "split_segments", "leaf_rectangles", "tree_plane_figure", "tree_diagram",
           "id3_diagram", "pruning_figure", "gains_figure", "DiagramNode", "importance_text", "lonely_points",
           "leaf_text"]

_FONT = dict(family="Arial, Helvetica, sans-serif", size=13, color=palette.INK)
# Node questions and edge words must read from the back row of a lecture hall (>= 14 px). On a big
# tree a node is labelled only where its label fits beside its neighbours on the same level (a
# label ~140 px wide on a diagram ~900 px wide, as on a 1280x720 projector), which keeps the
# questions of the top levels; hovering any node still gives its question.
LABEL_SIZE = 15
EDGE_SIZE = 14
LABEL_SHARE = 140 / 900
_SPLIT_COLOR = palette.INK
_PATH_COLOR = "#D55E00"
# The followed point: a filled star in the path's colour, a shape no data point and no mistake
# (a thin cross) takes.
FOLLOWED = "followed point"
FOLLOWED_MARKER = dict(symbol="star", size=20, color=_PATH_COLOR, line=dict(color=palette.INK, width=1.5))
LONELY = "alone in its leaf"
LONELY_MARKER = dict(symbol="square-open", size=22, color=palette.INK, line=dict(color=palette.INK, width=2))


# --- geometry on the plane -------------------------------------------------------------

def node_boxes(tree, bounds: Bounds) -> np.ndarray:
    """(node_count, 4) rectangle [x0, x1, y0, y1] of every node, clipped to ``bounds``.

    The root's box is ``bounds``; a split x_f <= t gives the left child the part with
    x_f <= t and the right child the rest (parents come before children in ``tree``).
    """
    if tree.n_features != 2:
        raise ValueError(f"the tree uses {tree.n_features} features; only 2-D trees can be drawn on the plane")
    boxes = np.empty((tree.node_count, 4))
    boxes[0] = bounds
    for node in range(tree.node_count):
        f = tree.feature[node]
        if f < 0:
            continue
        t = tree.threshold[node]
        lo, hi = 2 * f, 2 * f + 1
        left, right = boxes[node].copy(), boxes[node].copy()
        left[hi] = min(max(t, left[lo]), left[hi])
        right[lo] = max(min(t, right[hi]), right[lo])
        boxes[tree.children_left[node]] = left
        boxes[tree.children_right[node]] = right
    return boxes


def split_segments(tree, bounds: Bounds, nodes=None) -> tuple[np.ndarray, np.ndarray]:
    """The splits as segments, float64 x and y with NaN between segments.

    Split x_1 <= t is the vertical segment x = t across its node's box; x_2 <= t the
    horizontal one. ``nodes`` restricts to some internal nodes (default: all), in id order.
    """
    boxes = node_boxes(tree, bounds)
    internal = np.flatnonzero(tree.feature >= 0)
    if nodes is not None:
        internal = np.intersect1d(internal, np.asarray(list(nodes), dtype=np.intp))
    f = tree.feature[internal]
    t = tree.threshold[internal]
    b = boxes[internal]
    vertical = f == 0
    x = np.where(vertical[:, None], t[:, None], b[:, 0:2])
    y = np.where(vertical[:, None], b[:, 2:4], t[:, None])
    gap = np.full((len(internal), 1), np.nan)
    return np.hstack([x, gap]).ravel(), np.hstack([y, gap]).ravel()


def leaf_rectangles(tree, bounds: Bounds) -> tuple[np.ndarray, np.ndarray]:
    """Leaf ids and their boxes (n_leaves, 4) as [x0, x1, y0, y1]."""
    boxes = node_boxes(tree, bounds)
    leaves = np.flatnonzero(tree.feature < 0)
    return leaves, boxes[leaves]


def _edges(tree, bounds: Bounds, axis: int) -> np.ndarray:
    lo, hi = bounds[2 * axis], bounds[2 * axis + 1]
    t = tree.threshold[tree.feature == axis]
    t = t[(t > lo) & (t < hi)]
    return np.unique(np.concatenate([[lo, hi], t]))


def _leaf_purity(tree) -> tuple[np.ndarray, np.ndarray]:
    """Majority class and confidence (p_max - 1/K) / (1 - 1/K) of every node."""
    total = tree.value.sum(axis=1, keepdims=True)
    p = tree.value / np.where(total > 0, total, 1.0)
    K = tree.value.shape[1]
    label = np.argmax(p, axis=1)
    conf = (p.max(axis=1) - 1.0 / K) / (1.0 - 1.0 / K)
    return label, np.clip(conf, 0.0, 1.0)


def _regions_exact(model, bounds: Bounds, names, show_confidence: bool) -> go.Heatmap:
    """One heatmap whose cells are the rectangles cut out by the thresholds: exact regions."""
    tree = model.tree_
    xe, ye = _edges(tree, bounds, 0), _edges(tree, bounds, 1)
    xc, yc = (xe[1:] + xe[:-1]) / 2, (ye[1:] + ye[:-1]) / 2
    gx, gy = np.meshgrid(xc, yc)
    leaves = tree.apply(np.column_stack([gx.ravel(), gy.ravel()])).reshape(gx.shape)
    label, conf = _leaf_purity(tree)
    K = tree.value.shape[1]
    z = label[leaves] + (0.001 + 0.998 * conf[leaves] if show_confidence else 0.5)
    text = np.asarray(names, dtype=object)[label[leaves]]
    samples = tree.n_node_samples[leaves]
    custom = np.stack([conf[leaves], samples, leaves], axis=-1).astype(np.float32)
    return go.Heatmap(
        x=xe.astype(np.float64), y=ye.astype(np.float64), z=z.astype(np.float32),
        zmin=0.0, zmax=float(K), colorscale=region_colorscale(K, show_confidence),
        showscale=False, zsmooth=False, name="regions", showlegend=False, text=text,
        customdata=custom,
        hovertemplate=("leaf %{customdata[2]:.0f}: <b>%{text}</b><br>purity %{customdata[0]:.0%}"
                       " · %{customdata[1]:.0f} training points<extra></extra>"),
    )


def tree_plane_figure(model, X, y, *, X_test=None, y_test=None, show_test: bool = True,
                      show_confidence: bool = True, bounds: Bounds | None = None, highlight=None,
                      class_names=None, feature_names=("x₁", "x₂"), title: str | None = None,
                      height: int = 560, uirevision="tree-plane", held_out: str = "test") -> go.Figure:
    """Regions of a fitted 2-D tree (exact leaf rectangles) with every split as a segment.

    ``held_out`` names the hollow points ``X_test`` in the legend and hover ("validation" on
    the pruning plane).

    ``highlight`` is a point (x1, x2): its path's splits are drawn thick and its leaf
    outlined. The data layers (points, test points, misclassified crosses, layout) are
    those of :func:`viz.decision.decision_figure`.
    """
    X = np.asarray(X, dtype=np.float64)
    if bounds is None:
        pts = [X] + ([np.asarray(X_test, float)] if X_test is not None and len(X_test) else [])
        bounds = make_bounds(np.vstack(pts))
    bounds = tuple(float(b) for b in bounds)
    names = label_names(model.classes_, class_names)
    # decision_figure needs a grid; a 2 x 2 one costs nothing and its heatmap is replaced.
    # Test points are drawn here, one trace per class: a per-point colour and symbol list
    # makes plotly validate every entry (about 30 ms for 150 points).
    tiny = evaluate_grid(model, bounds, 2)
    fig = decision_figure(model, X, y, show_test=False, show_confidence=show_confidence,
                          show_boundary=False, grid=tiny, class_names=class_names, title=title,
                          height=height, uirevision=uirevision)
    tests = []
    if show_test and X_test is not None and len(X_test):
        tests = _test_traces(model, np.asarray(X_test, dtype=np.float64), np.asarray(y_test), names, held_out)
    traces = [_regions_exact(model, bounds, names, show_confidence)]
    sx, sy = split_segments(model.tree_, bounds)
    traces.append(go.Scatter(x=sx, y=sy, mode="lines", name="splits", showlegend=False,
                             line=dict(color=_SPLIT_COLOR, width=1.5), hoverinfo="skip",
                             connectgaps=False))
    marks = _lonely_trace(model, X)
    if highlight is not None:
        path = model.path(highlight)
        px, py = split_segments(model.tree_, bounds, nodes=path[:-1])
        traces.append(go.Scatter(x=px, y=py, mode="lines", name="path splits", showlegend=False,
                                 line=dict(color=_PATH_COLOR, width=4), hoverinfo="skip",
                                 connectgaps=False))
        x0, x1, y0, y1 = node_boxes(model.tree_, bounds)[path[-1]]
        traces.append(go.Scatter(x=[x0, x1, x1, x0, x0], y=[y0, y0, y1, y1, y0], mode="lines",
                                 name="leaf of the point", showlegend=False, hoverinfo="skip",
                                 line=dict(color=_PATH_COLOR, width=2, dash="dot")))
        marks.append(go.Scatter(x=[float(highlight[0])], y=[float(highlight[1])], mode="markers",
                                name=FOLLOWED, marker=FOLLOWED_MARKER,
                                hovertemplate="followed point (%{x:.3g}, %{y:.3g})<extra></extra>"))
    # Bottom to top: regions and lines, the points (training, then held-out), the crosses on the
    # misclassified ones, then the boxes round lonely points and the followed point. The legend
    # lists them in that order whichever of them a tree has (decision_figure's old 2 x 2 heatmap,
    # data[0], is dropped).
    points = [t for t in fig.data[1:] if t.name != "misclassified"]
    wrong = [t for t in (*fig.data[1:], *tests) if (t.name or "").startswith("misclassified")]
    tests = [t for t in tests if not t.name.startswith("misclassified")]
    fig.data = ()
    fig.add_traces([*traces, *points, *tests, *wrong, *_misclassified_key(wrong), *marks])
    # Wrong test points get the same cross as wrong training points: one legend entry for both.
    fig.update_traces(selector=lambda t: (t.name or "").startswith("misclassified"), legendgroup="misclassified")
    fig.update_traces(selector=dict(name=f"misclassified ({held_out})"), showlegend=False)
    # one cross for every wrong point, sized by how many there are in all
    fig.update_traces(selector=lambda t: (t.name or "").startswith("misclassified"),
                      marker=misclassified_marker(sum(len(t.x) for t in wrong)))
    fig.layout.margin.t, fig.layout.legend.y = legend_room(_legend_names(fig.data), title=title)
    fig.layout.xaxis.title.text = feature_names[0]
    fig.layout.yaxis.title.text = feature_names[1]
    return fig


def lonely_points(model, X) -> np.ndarray:
    """Which points of ``X`` are alone in their leaf (the leaf holds no other point of ``X``):
    on a fully grown tree, the boxes it drew round single noisy training points."""
    X = np.asarray(X, dtype=np.float64)
    if not len(X):
        return np.zeros(0, dtype=bool)
    leaves = model.apply(X)
    return np.bincount(leaves)[leaves] == 1


def leaf_text(model, X) -> str:
    """How many leaves the tree has and how many of them hold a single point of ``X``."""
    lonely = int(lonely_points(model, X).sum())
    leaves = model.get_n_leaves()
    if not lonely:
        return f"{leaves} leaves, none around a single training point."
    return f"{leaves} leaves, {lonely} of them around a single training point (framed by a black square)."


def _lonely_trace(model, X) -> list:
    """Black squares round the training points alone in their leaf: such a leaf is often a box
    too small to see under its point, and it is what pruning removes."""
    lonely = lonely_points(model, X)
    if not lonely.any():
        return []
    X = np.asarray(X, dtype=np.float64)[lonely]
    return [go.Scatter(x=X[:, 0], y=X[:, 1], mode="markers", name=LONELY, marker=LONELY_MARKER,
                       hovertemplate="alone in its leaf<br>(%{x:.3g}, %{y:.3g})<extra></extra>")]


def _misclassified_key(wrong: list) -> list:
    """A dataless legend entry "misclassified" when only held-out points are wrong, so the legend
    says the same word whichever points the tree gets wrong."""
    if not wrong or any(t.name == "misclassified" for t in wrong):
        return []
    return [go.Scatter(x=[None], y=[None], mode="markers", name="misclassified", hoverinfo="skip",
                       marker=MISCLASSIFIED_MARKER)]


def _test_traces(model, X_test, y_test, names, held_out="test") -> list:
    """Held-out points: hollow class markers (one trace per class) and rings where the tree errs."""
    lookup = {c: i for i, c in enumerate(np.asarray(model.classes_).tolist())}
    idx = np.array([lookup.get(v, -1) for v in y_test.tolist()], dtype=np.intp)
    out = []
    for k in np.unique(idx):
        sel = idx == k
        color = palette.class_color(k) if k >= 0 else palette.NEUTRAL
        name = names[k] if k >= 0 else "unknown"
        out.append(go.Scatter(
            x=X_test[sel, 0], y=X_test[sel, 1], mode="markers", name=f"{held_out} points",
            legendgroup="test", showlegend=False,
            marker=dict(color=color, symbol=palette.class_symbol(k, hollow=True) if k >= 0 else "circle-open",
                        size=TEST_POINT_SIZE, line=dict(color=color, width=2)),
            hovertemplate=f"class {name} ({held_out})<br>(%{{x:.3g}}, %{{y:.3g}})<extra></extra>"))
    if out:
        # The legend icon would take the first class's colour: a neutral, dataless key instead
        # (same legendgroup, so clicking it still hides every test point).
        out.append(go.Scatter(
            x=[None], y=[None], mode="markers", name=f"{held_out} points", legendgroup="test", hoverinfo="skip",
            marker=dict(color=palette.NEUTRAL, symbol="circle-open", size=TEST_POINT_SIZE,
                        line=dict(color=palette.NEUTRAL, width=2))))
    wrong = np.asarray(model.predict(X_test)) != y_test
    if wrong.any():
        out.append(go.Scatter(
            x=X_test[wrong, 0], y=X_test[wrong, 1], mode="markers", name=f"misclassified ({held_out})",
            marker=MISCLASSIFIED_MARKER,
            hovertemplate="misclassified<br>(%{x:.3g}, %{y:.3g})<extra></extra>"))
    return out


def importance_text(model, feature_names=("x₁", "x₂")) -> str:
    """"Feature importance: x₁ 41% · x₂ 59%" from ``feature_importances_`` (each feature's
    share of the total weighted impurity decrease of the splits), or "" without splits."""
    imp = getattr(model, "feature_importances_", None)
    if imp is None or not np.isfinite(imp).all() or imp.sum() <= 0:
        return ""
    parts = " · ".join(f"{name} {v:.0%}" for name, v in zip(feature_names, imp, strict=False))
    return f"Feature importance (share of the impurity decrease): {parts}."


# --- the node diagram ------------------------------------------------------------------

@dataclass(frozen=True)
class DiagramNode:
    """What the diagram needs to know about a node (CART and ID3 alike)."""

    id: int
    parent: int
    label: str          # the test ("x1 <= 0.3", "outlook") or the leaf's class
    detail: str         # impurity and samples, shown under the label
    counts: np.ndarray  # per class
    is_leaf: bool
    edge: str = ""      # text on the edge from the parent ("yes"/"no", a category)


def _positions(nodes: list[DiagramNode]) -> dict[int, tuple[float, float]]:
    """Leaves at consecutive x in depth-first order; a parent above the middle of its children."""
    children: dict[int, list[int]] = {n.id: [] for n in nodes}
    root = None
    for n in nodes:
        if n.parent < 0:
            root = n.id
        else:
            children[n.parent].append(n.id)
    pos: dict[int, tuple[float, float]] = {}
    depth = {root: 0}
    next_x = [0.0]
    order = [root]
    stack = [(root, False)]
    while stack:  # iterative post-order
        node, done = stack.pop()
        if done or not children[node]:
            kids = children[node]
            if kids:
                x = (pos[kids[0]][0] + pos[kids[-1]][0]) / 2
            else:
                x = next_x[0]
                next_x[0] += 1.0
            pos[node] = (x, -float(depth[node]))
            continue
        stack.append((node, True))
        for kid in reversed(children[node]):
            depth[kid] = depth[node] + 1
            order.append(kid)
            stack.append((kid, False))
    return pos


def _roomy(nodes, pos, n_leaves: int) -> set:
    """Ids of the nodes whose label fits: the gap to each neighbour on the same level is at least
    a label's width, LABEL_SHARE of the diagram (n_leaves x units wide)."""
    need = LABEL_SHARE * max(n_leaves, 1)
    by_level: dict[float, list] = {}
    for n in nodes:
        by_level.setdefault(pos[n.id][1], []).append((pos[n.id][0], n.id))
    out = set()
    for row in by_level.values():
        row.sort()
        xs = [x for x, _ in row]
        for i, (x, node_id) in enumerate(row):
            left = x - xs[i - 1] if i else np.inf
            right = xs[i + 1] - x if i + 1 < len(xs) else np.inf
            if min(left, right) >= need:
                out.add(node_id)
    return out


def _diagram(nodes: list[DiagramNode], classes, *, path=(), class_names=None, title=None,
             height=None, show_text=None, impurities=None, impurity_name="impurity") -> go.Figure:
    names = label_names(classes, class_names)
    K = len(classes)
    pos = _positions(nodes)
    by_id = {n.id: n for n in nodes}
    path = [p for p in path if p in by_id]
    on_path = set(path)
    n_leaves = sum(n.is_leaf for n in nodes)
    max_depth = int(-min(p[1] for p in pos.values()))
    auto_text = show_text is None
    if auto_text:
        show_text = n_leaves <= 20
    labelled = {n.id for n in nodes} if show_text else (_roomy(nodes, pos, n_leaves) if auto_text else set())
    if impurities is None:
        impurities = [float("nan")] * len(nodes)
    traces = []

    def edges(selected):
        ex, ey = [], []
        for n in nodes:
            if n.parent < 0 or (n.id in on_path and n.parent in on_path) != selected:
                continue
            (x0, y0), (x1, y1) = pos[n.parent], pos[n.id]
            ex += [x0, x1, np.nan]
            ey += [y0, y1, np.nan]
        return np.array(ex, dtype=np.float64), np.array(ey, dtype=np.float64)

    ex, ey = edges(False)
    traces.append(go.Scatter(x=ex, y=ey, mode="lines", line=dict(color="#B0B0B0", width=1.5),
                             hoverinfo="skip", showlegend=False, name="edges"))
    if path:
        px, py = edges(True)
        traces.append(go.Scatter(x=px, y=py, mode="lines", line=dict(color=_PATH_COLOR, width=4),
                                 hoverinfo="skip", showlegend=False, name="path"))

    # Class bars: a thick horizontal line per class under each node, lengths = proportions.
    bar_w = 0.8
    for k in range(K):
        bx, by = [], []
        for n in nodes:
            total = n.counts.sum()
            if total <= 0:
                continue
            x, y = pos[n.id]
            start = x - bar_w / 2 + bar_w * n.counts[:k].sum() / total
            stop = start + bar_w * n.counts[k] / total
            if stop > start:
                bx += [start, stop, np.nan]
                by += [y - 0.22, y - 0.22, np.nan]
        traces.append(go.Scatter(x=np.array(bx, dtype=np.float64), y=np.array(by, dtype=np.float64),
                                 mode="lines", line=dict(color=palette.class_color(k), width=7),
                                 hoverinfo="skip", showlegend=True, name=f"class {names[k]}",
                                 legendgroup=f"class{k}"))

    ids = np.array([n.id for n in nodes], dtype=np.float64)
    xs = np.array([pos[n.id][0] for n in nodes], dtype=np.float64)
    ys = np.array([pos[n.id][1] for n in nodes], dtype=np.float64)
    # Node colour = majority class, as numbers on a banded colorscale (-1: a node without
    # examples); per-point colour or symbol strings make plotly validate every entry (slow).
    majority = np.array([int(np.argmax(n.counts)) if n.counts.sum() > 0 else -1 for n in nodes], dtype=np.float64)
    bands = [palette.NEUTRAL] + palette.class_colors(K)
    scale = []
    for i, color in enumerate(bands):
        scale += [[i / len(bands), color], [(i + 1) / len(bands), color]]
    hover = np.array([f"<b>node {n.id}</b><br>{n.label}<br>{n.detail}<br>{impurity_name} {imp:.3f}<br>counts: "
                      + ", ".join(f"{names[k]} {n.counts[k]:g}" for k in range(K))
                      for n, imp in zip(nodes, impurities, strict=True)])
    text = np.array([f"<b>{n.label}</b><br>{n.detail}" if n.id in labelled else "" for n in nodes])
    leaf = np.array([n.is_leaf for n in nodes], dtype=bool)
    for name, sel, symbol in (("nodes", ~leaf, "square"), ("leaves", leaf, "circle")):
        traces.append(go.Scatter(
            x=xs[sel], y=ys[sel], mode="markers+text" if labelled else "markers", name=name,
            showlegend=False, text=text[sel] if labelled else None, textposition="top center",
            textfont=dict(size=LABEL_SIZE, color=palette.INK), hovertext=hover[sel], hoverinfo="text",
            customdata=ids[sel],
            marker=dict(symbol=symbol, size=16, color=majority[sel], colorscale=scale, cmin=-1.5,
                        cmax=K - 0.5, showscale=False, line=dict(color=palette.INK, width=1)),
        ))
    if path:
        at = np.array([list(by_id).index(p) for p in path])
        traces.append(go.Scatter(x=xs[at], y=ys[at], mode="markers", name="path nodes", showlegend=False,
                                 customdata=ids[at], hoverinfo="skip",
                                 marker=dict(symbol="circle-open", size=26, color=_PATH_COLOR,
                                             line=dict(color=_PATH_COLOR, width=3))))
    annotations = []
    if labelled:
        for n in nodes:
            if n.parent >= 0 and n.edge and n.id in labelled:
                (x0, y0), (x1, y1) = pos[n.parent], pos[n.id]
                annotations.append(dict(x=(x0 + x1) / 2, y=(y0 + y1) / 2, text=n.edge, showarrow=False,
                                        font=dict(size=EDGE_SIZE, color="#555555"), bgcolor="rgba(255,255,255,0.8)"))
    width_units = max(n_leaves, 1)
    layout = dict(
        template="none", font=_FONT, showlegend=True, annotations=annotations,
        height=int(height or max(320, 110 * (max_depth + 1) + 60)),
        xaxis=dict(visible=False, range=[-0.8, width_units - 0.2]),
        yaxis=dict(visible=False, range=[-max_depth - 0.6, 0.75]),
        margin=dict(l=10, r=10, t=60 if title else 30, b=10), paper_bgcolor=palette.WHITE,
        plot_bgcolor=palette.WHITE, hovermode="closest",
        legend=dict(orientation="h", yanchor="bottom", y=1.0, xanchor="left", x=0.0),
    )
    if title:
        layout["title"] = dict(text=title, x=0.0, xanchor="left")
    return go.Figure(data=traces, layout=layout)


def cart_nodes(tree, feature_names=("x₁", "x₂"), criterion: str = "gini") -> list[DiagramNode]:
    """DiagramNodes of a CART ``tree_`` (left edge "yes" = test true)."""
    out = []
    for i in range(tree.node_count):
        parent = int(tree.parent[i])
        leaf = tree.feature[i] < 0
        if leaf:
            label = "leaf"
        else:
            label = f"{feature_names[tree.feature[i]]} ≤ {tree.threshold[i]:.3g}"
        edge = ""
        if parent >= 0:
            edge = "yes" if tree.children_left[parent] == i else "no"
        # Leaves sit side by side at the bottom: keep their text short (the hover has the rest).
        detail = (f"n={tree.n_node_samples[i]}" if leaf
                  else f"{criterion} {tree.impurity[i]:.3f} · n={tree.n_node_samples[i]}")
        out.append(DiagramNode(i, parent, label, detail, tree.value[i], bool(leaf), edge))
    return out


def tree_diagram(model, *, x=None, feature_names=("x₁", "x₂"), class_names=None, title=None,
                 height=None, show_text=None) -> go.Figure:
    """A fitted DecisionTreeClassifier as a node diagram; ``x`` highlights that point's path."""
    tree = model.tree_
    nodes = cart_nodes(tree, feature_names, model.criterion)
    names = label_names(model.classes_, class_names)
    nodes = [n if not n.is_leaf else DiagramNode(n.id, n.parent, f"→ {names[int(np.argmax(n.counts))]}",
                                                n.detail, n.counts, True, n.edge) for n in nodes]
    path = model.path(x) if x is not None else ()
    return _diagram(nodes, model.classes_, path=path, class_names=class_names, title=title,
                    height=height, show_text=show_text, impurities=tree.impurity.tolist(),
                    impurity_name=model.criterion)


def id3_diagram(model, *, row=None, title=None, height=None) -> go.Figure:
    """A fitted ID3Classifier as a node diagram, branches labelled with the feature values."""
    nodes = []
    for n in model.nodes_:
        if n.is_leaf:
            label = f"→ {model.classes_[n.prediction]}"
        else:
            label = model.feature_names_[n.feature]
        crit = "H" if model.criterion == "entropy" else "Gini"
        # a pure leaf's impurity (0) is on hover: its label stays narrow enough for its neighbours
        detail = f"n={n.n_samples}" if n.is_leaf and n.impurity <= 0 else f"{crit} {n.impurity:.3f} · n={n.n_samples}"
        nodes.append(DiagramNode(n.id, n.parent, label, detail, n.counts, n.is_leaf, n.branch or ""))
    path = model.path(row) if row is not None else ()
    return _diagram(nodes, model.classes_, path=path, title=title, height=height, show_text=True,
                    impurities=[n.impurity for n in model.nodes_],
                    impurity_name="entropy" if model.criterion == "entropy" else "gini")


# --- pruning and gains -----------------------------------------------------------------

def pruning_figure(path, *, current: int | None = None, title=None, height: int = 340) -> go.Figure:
    """Training and validation accuracy against the number of leaves along a pruning path."""
    steps = path.steps
    leaves = np.array([s.n_leaves for s in steps], dtype=np.float64)
    val = np.array([s.val_accuracy for s in steps], dtype=np.float64)
    train = np.array([s.train_accuracy for s in steps], dtype=np.float64)
    hover = [f"step {s.step}: {s.n_leaves} leaves" + (f", pruned node {s.pruned}" if s.pruned >= 0 else "")
             for s in steps]
    traces = [
        go.Scatter(x=leaves, y=train, mode="lines+markers", name="training accuracy",
                   line=dict(color=palette.class_color(0), width=2), hovertext=hover,
                   hovertemplate="%{hovertext}<br>training %{y:.1%}<extra></extra>"),
        go.Scatter(x=leaves, y=val, mode="lines+markers", name="validation accuracy",
                   line=dict(color=palette.class_color(1), width=2), hovertext=hover,
                   hovertemplate="%{hovertext}<br>validation %{y:.1%}<extra></extra>"),
    ]
    stop = steps[path.stop]
    traces.append(go.Scatter(x=[float(stop.n_leaves)], y=[stop.val_accuracy], mode="markers",
                             name="reduced-error pruning stops here",
                             marker=dict(symbol="star", size=16, color=_PATH_COLOR)))
    if current is not None:
        s = steps[current]
        traces.append(go.Scatter(x=[float(s.n_leaves), float(s.n_leaves)], y=[s.train_accuracy, s.val_accuracy],
                                 mode="markers", name="shown step",
                                 marker=dict(symbol="circle-open", size=18, color=palette.INK,
                                             line=dict(width=2))))
    layout = dict(template="none", font=_FONT, height=height,
                  xaxis=dict(title=dict(text="leaves (pruning goes right to left)"), autorange="reversed",
                             gridcolor=palette.GRID),
                  yaxis=dict(title=dict(text="accuracy"), tickformat=".0%", gridcolor=palette.GRID),
                  margin=dict(l=60, r=10, t=60 if title else 30, b=50),
                  legend=dict(orientation="h", yanchor="bottom", y=1.0, xanchor="left", x=0.0))
    if title:
        layout["title"] = dict(text=title, x=0.0, xanchor="left")
    return go.Figure(data=traces, layout=layout)


def gains_figure(node, *, use_ratio: bool = False, chosen: int | None = None, title=None,
                 height: int = 260) -> go.Figure:
    """Bars: the gain (or gain ratio) of every candidate feature at one ID3 node."""
    cands = list(node.candidates)
    names = [c.name for c in cands]
    values = np.array([c.gain_ratio if use_ratio else c.gain for c in cands], dtype=np.float64)
    colors = [_PATH_COLOR if c.feature == chosen else palette.NEUTRAL for c in cands]
    fig = go.Figure(go.Bar(x=values, y=names, orientation="h", marker_color=colors,
                           text=[f"{v:.4f}" for v in values], textposition="outside",
                           hovertemplate="%{y}: %{x:.4f}<extra></extra>", name="gain"))
    fig.update_layout(template="none", font=_FONT, height=height, showlegend=False,
                      xaxis=dict(title=dict(text="gain ratio" if use_ratio else "gain"),
                                 range=[0, max(float(values.max(initial=0.0)) * 1.25, 0.05)],
                                 gridcolor=palette.GRID),
                      yaxis=dict(autorange="reversed"), margin=dict(l=110, r=20, t=40 if title else 10, b=45),
                      title=dict(text=title, x=0.0, xanchor="left") if title else None)
    return fig
