"""A text summary of a page's main chart for screen readers (issue 24: "each main chart has a
short text summary: classes, accuracy, what is drawn").

The summary is a paragraph right after the chart, visually hidden the way screen-reader-only
text is (clipped to one pixel, not ``display: none``, which would hide it from the accessibility
tree too) and taken out of the page's flow, so the projected layout does not move. A page calls
:func:`summary` with its chart's key, what the chart draws, the data and the scores it shows.
"""

from __future__ import annotations

import html

import numpy as np
import streamlit as st

MAX_NAMED = 6   # classes named one by one; more are counted
# Screen-reader-only text; its element container leaves the flow (no gap in the column).
_CSS = """<style>
.chart-summary {position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0;
  overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; border: 0;}
[data-testid="stElementContainer"]:has(.chart-summary) {position: absolute !important; width: 1px;
  height: 1px; overflow: hidden; clip-path: inset(50%);}
</style>"""


def percent(value) -> str:
    """A score as a whole percent; a text (already formatted) as it is; None as "none"."""
    if isinstance(value, str):
        return value
    return "none" if value is None else f"{value:.0%}"


def describe(drawn: str, data=None, scores: dict | None = None) -> str:
    """One sentence: ``drawn`` (what the chart draws), the points and classes of ``data``
    (``ui.serving.fits.Data``, or the labels of the training points alone), then ``scores``,
    {name: fraction or None (not available)}."""
    sentences = [drawn]
    if data is not None:
        train, test = (data.y_train, data.y_test) if hasattr(data, "y_train") else (data, ())
        labels = np.unique(np.concatenate([np.asarray(train), np.asarray(test, dtype=np.asarray(train).dtype)]))
        named = ", ".join(str(c) for c in labels[:MAX_NAMED]) + (", …" if len(labels) > MAX_NAMED else "")
        sentences.append(f"{len(train)} training and {len(test)} test points of {len(labels)} "
                         f"class{'es' if len(labels) != 1 else ''} ({named})")
    if scores:
        sentences.append("Scores: " + ", ".join(f"{name} {percent(value)}" for name, value in scores.items()))
    return ". ".join(sentences) + "."


def summary(key: str, drawn: str, data=None, scores: dict | None = None) -> str:
    """Put the hidden summary of the chart ``key`` on the page; returns its text."""
    text = describe(drawn, data, scores)
    st.html(f'{_CSS}<p class="chart-summary" id="summary-{key}" data-chart="{key}">'
            f"Chart summary: {html.escape(text)}</p>")
    return text


def model_text(label: str, hp: dict | None = None) -> str:
    """A model and its settings in words: "k nearest neighbours (n_neighbors = 5, weights = uniform)"."""
    shown = ", ".join(f"{name} = {value:g}" if isinstance(value, float) else f"{name} = {value}"
                      for name, value in (hp or {}).items())
    return f"{label} ({shown})" if shown else label


def mean(values) -> float | None:
    """The mean of the finite ``values`` (a curve's folds; NaN: a fit that failed), None if none is."""
    finite = np.asarray(values, dtype=float)
    finite = finite[np.isfinite(finite)]
    return float(finite.mean()) if len(finite) else None


def best(scores) -> int | None:
    """The row of ``scores`` (values, folds) with the highest mean over its finite folds."""
    means = [mean(row) for row in scores]
    known = [i for i, v in enumerate(means) if v is not None]
    return max(known, key=lambda i: means[i]) if known else None
