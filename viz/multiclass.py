"""Pictures and tables of multi-class reductions: the binary machines as small multiples, and
what each strategy computes at one point (scores, votes, or the code word and its distances).

Pure functions: no Streamlit, no fitting. A "strategy model" is a fitted
``OneVsRestClassifier``, ``OneVsOneClassifier``, ``OutputCodeClassifier`` or ``LinearSVC``.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from mlcore.multiclass import OneVsOneClassifier, OneVsRestClassifier, OutputCodeClassifier, hamming_distances

from . import palette
from .ensemble import _panels
from .grid import Bounds, grid_points

__all__ = ["machine_titles", "machines_figure", "point_rows", "code_rows", "highlight_trace"]

_FONT = dict(family="Arial, Helvetica, sans-serif", size=13, color=palette.INK)
_REST = "#D9D9D9"  # the "rest" / -1 side of a machine


def _groups(model) -> list[tuple[list[int], list[int]]]:
    """(positive classes, negative classes) of every machine, as class indices."""
    K = len(model.classes_)
    if isinstance(model, OneVsOneClassifier):
        return [([int(b)], [int(a)]) for a, b in model.pairs_]
    if isinstance(model, OutputCodeClassifier):
        code = model.code_book_
        return [(np.flatnonzero(code[:, bit] > 0).tolist(), np.flatnonzero(code[:, bit] < 0).tolist())
                for bit in range(code.shape[1])]
    if K == 2:
        return [([1], [0])]
    return [([k], [j for j in range(K) if j != k]) for k in range(K)]


def machine_titles(model) -> list[str]:
    """"2 vs rest", "0 vs 2", "bit 3: 0 1 | 2" for every machine (positive side first)."""
    names = [str(c) for c in model.classes_]
    titles = []
    for i, (pos, neg) in enumerate(_groups(model)):
        if isinstance(model, OutputCodeClassifier):
            titles.append(f"bit {i + 1}: {' '.join(names[k] for k in pos)} | {' '.join(names[k] for k in neg)}")
        elif isinstance(model, OneVsRestClassifier) and len(model.classes_) > 2:
            titles.append(f"{names[pos[0]]} vs rest")
        else:
            titles.append(f"{names[pos[0]]} vs {names[neg[0]]}")
    return titles


def machines_figure(model, X, y, *, bounds: Bounds, resolution: int = 70, columns: int = 6,
                    height: int | None = None, max_panels: int = 18) -> go.Figure:
    """Each binary machine's own two sides (f > 0 tinted, f <= 0 grey) with the training points.

    One-vs-one panels fade the points of the classes the machine never saw; output-code panels
    tint the +1 side dark and colour every point by its class.
    """
    X = np.asarray(X, dtype=np.float64)
    classes = np.asarray(model.classes_)
    idx = np.searchsorted(classes, np.asarray(y))
    xs = np.linspace(bounds[0], bounds[1], resolution)
    ys = np.linspace(bounds[2], bounds[3], resolution)
    scores = model.machine_scores(grid_points(xs, ys))
    groups = _groups(model)[:max_panels]
    titles = machine_titles(model)[:max_panels]
    n = len(groups)
    cols = max(1, min(columns, n))
    rows = -(-n // cols)
    layout, notes = _panels(rows, cols, titles, hgap=0.015, vgap=0.09 if rows > 1 else 0.0)
    traces = []
    for i, (pos, neg) in enumerate(groups):
        ax = "" if i == 0 else str(i + 1)
        if isinstance(model, OutputCodeClassifier):
            positive = palette.mix(palette.INK, palette.WHITE, 0.6)
        else:
            positive = palette.mix(palette.class_color(pos[0]), palette.WHITE, palette.TINT_FLAT)
        negative = (palette.mix(palette.class_color(neg[0]), palette.WHITE, palette.TINT_FLAT)
                    if isinstance(model, OneVsOneClassifier) or (len(classes) == 2) else _REST)
        side = (scores[:, i] > 0).reshape(resolution, resolution).astype(np.float32)
        traces.append(go.Heatmap(
            xaxis=f"x{ax}", yaxis=f"y{ax}", x=xs.astype(np.float32), y=ys.astype(np.float32), z=side,
            zmin=0.0, zmax=1.0, colorscale=[[0, negative], [0.5, negative], [0.5, positive], [1, positive]],
            showscale=False, zsmooth=False, hoverinfo="skip", name=titles[i], showlegend=False))
        seen = np.isin(idx, pos + neg)
        for k in range(len(classes)):
            sel = idx == k
            traces.append(go.Scatter(
                xaxis=f"x{ax}", yaxis=f"y{ax}", x=X[sel, 0].astype(np.float32), y=X[sel, 1].astype(np.float32),
                mode="markers", hoverinfo="skip", showlegend=False, name=f"class {classes[k]}",
                opacity=1.0 if seen[sel].all() else 0.15,
                marker=dict(size=4, color=palette.class_color(k), symbol=palette.class_symbol(k),
                            line=dict(color=palette.WHITE, width=0.5))))
    for key in layout:
        lo, hi = (bounds[0], bounds[1]) if key.startswith("x") else (bounds[2], bounds[3])
        # the last row's lower edge can come out as -1e-17 in rounding, which plotly refuses
        layout[key]["domain"] = [min(max(v, 0.0), 1.0) for v in layout[key]["domain"]]
        layout[key].update(range=[lo, hi], showticklabels=False, showgrid=False, zeroline=False,
                           showline=True, linecolor="#BBBBBB", mirror=True)
    return go.Figure(data=traces, layout=dict(
        layout, template="none", font=_FONT, height=height or 150 * rows + 40, annotations=notes,
        margin=dict(l=10, r=10, t=30, b=10), paper_bgcolor=palette.WHITE, uirevision="machines"))


def highlight_trace(point) -> go.Scatter:
    """The inspected point: a large black star."""
    return go.Scatter(x=[float(point[0])], y=[float(point[1])], mode="markers", name="inspected point",
                      marker=dict(symbol="star", size=20, color=palette.INK, line=dict(color=palette.WHITE, width=1.5)),
                      hovertemplate="inspected point<br>(%{x:.3g}, %{y:.3g})<extra></extra>")


def _fmt(v: float) -> str:
    return f"{v:+.3f}"


def point_rows(model, x) -> list[dict]:
    """What the strategy computes at one point, one row per machine (or per class), as plain dicts.

    one-vs-rest: each machine's score, the largest marked; one-vs-one: each machine's score and
    the class it votes for; Crammer–Singer: each class's score w_k·x + b_k.
    """
    x = np.asarray(x, dtype=np.float64).reshape(1, -1)
    names = [str(c) for c in model.classes_]
    if isinstance(model, OneVsOneClassifier):
        scores = model.machine_scores(x)[0]
        return [{"machine": f"{names[a]} vs {names[b]}", "f(x)": _fmt(f),
                 "votes for": names[b] if f > 0 else names[a]}
                for (a, b), f in zip(model.pairs_, scores, strict=True)]
    if isinstance(model, OneVsRestClassifier):
        scores = model.machine_scores(x)[0]
        best = int(np.argmax(scores))
        titles = machine_titles(model)
        return [{"machine": t, "f(x)": _fmt(f), "largest": "◀" if i == best else ""}
                for i, (t, f) in enumerate(zip(titles, scores, strict=True))]
    scores = x @ model.weights_.T + model.class_intercepts_
    best = int(np.argmax(scores[0]))
    return [{"class": names[k], "w_k·x + b_k": _fmt(s), "largest": "◀" if k == best else ""}
            for k, s in enumerate(scores[0])]


def vote_rows(model, x) -> list[dict]:
    """One-vs-one: the votes per class at one point."""
    votes = model.vote_counts(np.asarray(x, dtype=np.float64).reshape(1, -1))[0]
    return [{"class": str(c), "votes": int(v)} for c, v in zip(model.classes_, votes, strict=True)]


def code_rows(code, word, class_names=None, losses=None) -> list[dict]:
    """The code's rows with each one's Hamming distance to ``word`` (every nearest row marked ◀),
    and the hinge loss if given."""
    code = np.asarray(code)
    distances = hamming_distances(word, code)[0]
    names = class_names if class_names is not None else [str(k + 1) for k in range(len(code))]
    rows = []
    for k, row in enumerate(code):
        entry = {"class": str(names[k]), "code word": " ".join(f"{b:+d}" for b in row),
                 "Hamming distance": int(distances[k]), "nearest": "◀" if distances[k] == distances.min() else ""}
        if losses is not None:
            entry["hinge loss"] = f"{losses[k]:.3f}"
        rows.append(entry)
    return rows
