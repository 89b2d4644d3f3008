"""Where a note goes on a plane so that it hides no point and no label.

A note (an annotation in a box) put in a fixed corner of the plot lies over whatever data
happen to be there; on a lecture's separable line the count of support vectors sat on the
third support vector. :func:`place_note` reads what the figure already draws (every marker
and every text of its scatter traces), turns each into a box in data units, and puts the
note's box where it meets none of them: first along the bottom and top edges, then the left
and right ones, corners first. When no place is free it takes the one that hides the fewest.

Sizes in pixels become data units through the plot's scale, and the scale is not known
before the browser lays the chart out (a page sets the chart's height from the screen's), so
it is taken from below: the smallest plot the app draws, ``MIN_PLOT_PX`` on each side; a larger
plot only makes every box smaller in data units. So the place depends on the data and the text
alone, not on the height a page asks for. Text is measured at the presenter
mode's size (:data:`viz.present.TEXT_SCALE`) and markers at its marker size, the larger of
the two looks.
"""

from __future__ import annotations

import numpy as np

from .present import MARKER_SCALE, TEXT_SCALE

__all__ = ["text_size_px", "place_note", "data_per_px", "obstacles"]

# Arial's average glyph is ~0.45 em wide (0.43 measured on a note in Chromium), a line ~1.3 em
# tall (plotly's annotation line height); a note's box adds its padding and border on each side.
CHAR_EM, LINE_EM, BOX_PAD_PX = 0.5, 1.3, 4.0
# The smallest plane the app draws: the SVM page's beside its controls and metrics on a 1280x720
# screen, with a lecture step's line above it (347 px square measured in Chromium; 358 presenting).
MIN_PLOT_PX = 340.0
DEFAULT_MARKER = 6.0   # plotly's marker size where a trace sets none
DEFAULT_FONT = 12.0


def text_size_px(text: str, font_size: float) -> tuple[float, float]:
    """(width, height) in pixels of ``text`` (lines split at <br>) in a box, at presenter size."""
    size = float(font_size) * TEXT_SCALE
    lines = str(text).split("<br>")
    width = CHAR_EM * size * max(len(line) for line in lines) + 2 * BOX_PAD_PX
    return width, LINE_EM * size * len(lines) + 2 * BOX_PAD_PX


def data_per_px(fig, bounds) -> tuple[float, float]:
    """Data units per pixel along x and y, taken large (the smallest plot)."""
    x0, x1, y0, y1 = bounds
    per_x, per_y = (x1 - x0) / MIN_PLOT_PX, (y1 - y0) / MIN_PLOT_PX
    if fig.layout.yaxis.scaleanchor == "x":   # equal units: one scale, the coarser of the two
        per_x = per_y = max(per_x, per_y)
    return per_x, per_y


def _text_box(x, y, text, position, font_size, per) -> tuple[float, float, float, float]:
    w, h = text_size_px(text, font_size)
    w, h = w * per[0], h * per[1]
    position = position or "middle center"
    vertical, _, horizontal = position.partition(" ")
    left = {"left": x - w, "right": x}.get(horizontal, x - w / 2)
    bottom = {"top": y, "bottom": y - h}.get(vertical, y - h / 2)
    return left, left + w, bottom, bottom + h


def obstacles(fig, bounds) -> np.ndarray:
    """(n, 4) boxes x0, x1, y0, y1 in data units of every marker and text the figure's scatter
    traces draw (a marker as a square of its size, its outline included)."""
    per = data_per_px(fig, bounds)
    boxes = []
    for trace in fig.data:
        if trace.type != "scatter" or trace.x is None or trace.visible is False:
            continue
        xs = np.asarray(trace.x, dtype=np.float64)
        ys = np.asarray(trace.y, dtype=np.float64)
        mode = trace.mode or "markers"
        if "markers" in mode:
            size = trace.marker.size if trace.marker.size is not None else DEFAULT_MARKER
            outline = trace.marker.line.width if trace.marker.line and trace.marker.line.width else 0.0
            half = (np.broadcast_to(np.asarray(size, dtype=np.float64), xs.shape) * MARKER_SCALE / 2
                    + outline * MARKER_SCALE)
            ok = np.isfinite(xs) & np.isfinite(ys)
            for x, y, r in zip(xs[ok], ys[ok], half[ok], strict=True):
                boxes.append((x - r * per[0], x + r * per[0], y - r * per[1], y + r * per[1]))
        if "text" in mode and trace.text is not None:
            size = trace.textfont.size if trace.textfont and trace.textfont.size else DEFAULT_FONT
            texts = [trace.text] * len(xs) if isinstance(trace.text, str) else list(trace.text)
            for x, y, text in zip(xs, ys, texts, strict=True):
                if np.isfinite(x) and np.isfinite(y) and text:
                    boxes.append(_text_box(x, y, text, trace.textposition, size, per))
    return np.array(boxes, dtype=np.float64).reshape(-1, 4)


def _hits(box, found: np.ndarray) -> int:
    x0, x1, y0, y1 = box
    return int(np.count_nonzero((found[:, 0] < x1) & (found[:, 1] > x0) & (found[:, 2] < y1) & (found[:, 3] > y0)))


def _ends_first(values) -> list:
    """The values from both ends towards the middle: along an edge a corner is least in the way."""
    n = len(values)
    return [values[i] for pair in zip(range(n), range(n - 1, -1, -1), strict=True) for i in pair][:n]


def _candidates(bounds, w: float, h: float, steps: int = 24):
    """Boxes (x0, x1, y0, y1) touching an edge of the plot, corners first, then sliding inwards."""
    x0, x1, y0, y1 = bounds
    xs = np.linspace(x0, max(x0, x1 - w), steps + 1)
    ys = np.linspace(y0, max(y0, y1 - h), steps + 1)
    for bottom in (y0, y1 - h):
        for left in _ends_first(xs):
            yield left, left + w, bottom, bottom + h
    for left in (x0, x1 - w):
        for bottom in _ends_first(ys):
            yield left, left + w, bottom, bottom + h


def place_note(fig, text: str, bounds, *, font_size: float = 13.0, name: str = "note", **style) -> tuple:
    """Add ``text`` as an annotation in a box where it covers no marker and no text of ``fig``;
    returns the box (x0, x1, y0, y1) in data units. ``bounds`` are the plot's axis ranges."""
    found = obstacles(fig, bounds)
    per = data_per_px(fig, bounds)
    w, h = text_size_px(text, font_size)
    w, h = w * per[0], h * per[1]
    best, fewest = None, None
    for box in _candidates(bounds, w, h):
        hits = _hits(box, found)
        if fewest is None or hits < fewest:
            best, fewest = box, hits
        if hits == 0:
            break
    left, _, bottom, _ = best
    fig.add_annotation(text=text, x=left, y=bottom, xref="x", yref="y", xanchor="left", yanchor="bottom",
                       showarrow=False, name=name, font=dict(size=font_size, **style.pop("font", {})),
                       borderpad=2, **style)
    return best
