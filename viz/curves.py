"""Learning and validation curves: mean score over the folds with a band of ± one standard deviation.

Pure functions (scores in, ``go.Figure`` out). Scores are arrays of shape (n_points, n_folds) as
``mlcore.model_selection`` returns them; a NaN entry is a fit that failed (a training subset of
one class) and is left out of that point's mean; a point with no scored fold is not drawn.
"""

from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go

from mlcore.model_selection import fold_mean_sd

from . import palette

__all__ = ["learning_curve_figure", "validation_curve_figure", "value_axis", "TRAIN_COLOR", "VALIDATION_COLOR"]

TRAIN_COLOR = "#555555"
VALIDATION_COLOR = "#D55E00"
_FONT = dict(family="Arial, Helvetica, sans-serif", size=14, color=palette.INK)
_AXIS = dict(showgrid=True, gridcolor=palette.GRID, zeroline=False)


def _fill(hex_color: str, alpha: float) -> str:
    r, g, b = (int(hex_color[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},{alpha})"


def _curve(x, scores, name: str, color: str, dash: str, hover: list[str]) -> list[go.Scatter]:
    """A band mean ± sd (clipped to [0, 1]) under a line of means, over the scored points only."""
    mean, sd, count = fold_mean_sd(scores)
    keep = count > 0
    x = np.asarray(x, dtype=np.float64)[keep]
    mean, sd = mean[keep], sd[keep]
    upper, lower = np.minimum(mean + sd, 1.0), np.maximum(mean - sd, 0.0)
    band = go.Scatter(x=np.concatenate([x, x[::-1]]).astype(np.float32),
                      y=np.concatenate([upper, lower[::-1]]).astype(np.float32),
                      fill="toself", fillcolor=_fill(color, 0.18), line=dict(width=0), hoverinfo="skip",
                      showlegend=False, name=f"{name} ± sd", mode="lines")
    text = [h for h, k in zip(hover, keep, strict=True) if k]
    line = go.Scatter(x=x.astype(np.float32), y=mean.astype(np.float32), mode="lines+markers", name=name,
                      line=dict(color=color, width=3, dash=dash), marker=dict(size=8, color=color),
                      customdata=np.stack([sd, count[keep]], axis=1).astype(np.float32), text=text,
                      hovertemplate="%{text}<br>" + name + " %{y:.1%} ± %{customdata[0]:.1%} "
                                    "(%{customdata[1]} folds)<extra></extra>")
    return [band, line]


def _y_range(*scores) -> list[float]:
    values = np.concatenate([np.asarray(s, dtype=np.float64).ravel() for s in scores])
    values = values[np.isfinite(values)]
    low = max(0.0, (float(values.min()) if values.size else 0.0) - 0.05)
    low = min(low, 0.9)
    # a little room above 100% for the markers, but less than a tick step (no "102%" tick)
    return [low, 1.0 + 0.04 * (1.0 - low)]


def learning_curve_figure(sizes, train_scores, test_scores, *, current: int | None = None,
                          target: float | None = None, height: int = 480, title: str | None = None,
                          legend: bool = True) -> go.Figure:
    """Training and validation accuracy against the number of training points.

    ``current``: a training size marked by a vertical line; ``target``: the desired accuracy
    as a dashed horizontal line (the level the regime's name compares against)."""
    hover = [f"{int(m)} training points" for m in sizes]
    traces = [*_curve(sizes, train_scores, "training", TRAIN_COLOR, "solid", hover),
              *_curve(sizes, test_scores, "validation", VALIDATION_COLOR, "solid", hover)]
    shapes, notes = [], []
    if target is not None:
        shapes.append(dict(type="line", xref="paper", x0=0, x1=1, yref="y", y0=target, y1=target,
                           line=dict(color=palette.INK, width=1, dash="dash")))
        notes.append(dict(text=f"target {target:.0%}", xref="paper", x=0, xanchor="left", yref="y", y=target,
                          yanchor="bottom", showarrow=False, font=dict(size=13, color=palette.INK)))
    if current is not None:
        shapes.append(dict(type="line", xref="x", x0=current, x1=current, yref="paper", y0=0, y1=1,
                           line=dict(color=palette.INK, width=1, dash="dot")))
    return go.Figure(data=traces, layout=dict(
        template="none", font=_FONT, height=height, margin=dict(l=60, r=15, t=40 if title else 30, b=50),
        title=dict(text=title, x=0, font=dict(size=15)) if title else None,
        xaxis=dict(_AXIS, title="training points"),
        yaxis=dict(_AXIS, title="accuracy", tickformat=".0%", range=_y_range(train_scores, test_scores)),
        legend=dict(orientation="h", y=1.0, yanchor="bottom", x=1, xanchor="right"), showlegend=legend,
        shapes=shapes, annotations=notes, uirevision="learning_curve"))


def value_axis(values, *, log: bool = False) -> tuple[np.ndarray, list[str]]:
    """Where each hyperparameter value sits on the x axis, and its tick label.

    Numbers: the value itself, or log10 of it for a log-scaled parameter (so the axis is
    linear in what it shows and a click converts back with 10**x). Anything else (a
    choice, None for "no limit", True/False): its position 0, 1, 2, ..."""
    values = list(values)
    numeric = _numeric(values)
    labels = ["no limit" if v is None else f"{v:g}" if isinstance(v, float) else str(v) for v in values]
    if not numeric:
        return np.arange(len(values), dtype=np.float64), labels
    x = np.asarray(values, dtype=np.float64)
    return (np.log10(x) if log else x), labels


def _numeric(values) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in values)


def validation_curve_figure(values, train_scores, test_scores, *, param_label: str, log: bool = False,
                            selected=None, height: int = 480) -> go.Figure:
    """Training and validation accuracy for each value of one hyperparameter.

    The value with the best mean validation score is starred (the first of equal means);
    ``selected`` (one of ``values``, or a number between them) gets a vertical line."""
    x, labels = value_axis(values, log=log)
    numeric = _numeric(values)
    hover = [f"{param_label} = {label}" for label in labels]
    traces = [*_curve(x, train_scores, "training", TRAIN_COLOR, "solid", hover),
              *_curve(x, test_scores, "validation", VALIDATION_COLOR, "solid", hover)]
    mean, _, count = fold_mean_sd(test_scores)
    shapes, notes = [], []
    if np.any(count > 0):
        best = int(np.nanargmax(np.where(count > 0, mean, -np.inf)))
        traces.append(go.Scatter(x=[float(x[best])], y=[float(mean[best])], mode="markers", name="best",
                                 marker=dict(symbol="star", size=20, color=VALIDATION_COLOR,
                                             line=dict(color=palette.INK, width=1.5)),
                                 hovertemplate=f"best: {param_label} = {labels[best]}<extra></extra>"))
        # under the star: the training curve usually runs above the validation curve
        notes.append(dict(text=f"<b>best {labels[best]}</b>", x=float(x[best]), y=float(mean[best]), yshift=-14,
                          yanchor="top", showarrow=False, font=dict(size=14, color=VALIDATION_COLOR),
                          bgcolor="rgba(255,255,255,0.8)"))
    if selected is not None:
        at = _position(values, x, selected, log, numeric)
        if at is not None:
            shapes.append(dict(type="line", xref="x", x0=at, x1=at, yref="paper", y0=0, y1=1,
                               line=dict(color=palette.INK, width=2, dash="dot")))
    ticks = dict(tickvals=x.astype(np.float32), ticktext=labels) if (log or not numeric) else {}
    if len(labels) > 12 and ticks:
        step = math.ceil(len(labels) / 12)
        ticks = dict(tickvals=x[::step].astype(np.float32), ticktext=labels[::step])
    span = float(x.max() - x.min()) or 1.0
    return go.Figure(data=traces, layout=dict(
        template="none", font=_FONT, height=height, margin=dict(l=60, r=15, t=30, b=50),
        xaxis=dict(_AXIS, title=param_label + (" (log scale)" if log else ""), **ticks,
                   range=[float(x.min()) - 0.04 * span, float(x.max()) + 0.04 * span]),
        yaxis=dict(_AXIS, title="accuracy", tickformat=".0%", range=_y_range(train_scores, test_scores)),
        legend=dict(orientation="h", y=1.0, yanchor="bottom", x=1, xanchor="right"),
        shapes=shapes, annotations=notes, uirevision="validation_curve", hovermode="closest"))


def _position(values, x, selected, log: bool, numeric: bool):
    """x of ``selected``: its own position when it is one of ``values``, else where a number falls."""
    for v, xv in zip(values, x, strict=True):
        if v == selected and type(v) is type(selected):
            return float(xv)
    if numeric and _numeric([selected]):
        if log and selected > 0:
            return math.log10(selected)
        if not log:
            return float(selected)
    return None
