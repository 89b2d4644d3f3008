"""What the two line exercises draw: their tasks and the algorithms' answers (computed once per
server, ``ui.serving.cache``), the plane with the student's line and street, and the numbers.

The rules are ``exercises.line_placing`` and ``exercises.widest_street``; the geometry (errors,
margin, where a line crosses the plane) is ``exercises.line_geometry``.
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from exercises import line_placing, widest_street
from exercises.line_data import BOUNDS
from exercises.line_geometry import Judged, Line, segment, shifted, street
from ui.core import alt_text, charts
from ui.core.charts import config as chart_config
from ui.core.layout import fit_screen
from ui.core.small_screens import PHONE
from ui.serving.cache import sharable
from viz.line_plane import PERCEPTRON, SVM, YOUR_LINE, Drawn, line_plane_figure

HEIGHT = 520   # the plane's height on a 1280x720 screen, under the title and the task's sentence
# The lines are cut to a box three times the plane's, so a street's band covers the plane's corners too.
_FAR = tuple(3 * v for v in BOUNDS)


@sharable(max_entries=64)
def line_task(level: int, seed: int) -> line_placing.Task:
    return line_placing.make(level, seed)


@sharable(max_entries=64)
def line_reveal(level: int, seed: int) -> line_placing.Reveal:
    return line_placing.reveal(line_placing.make(level, seed))


@sharable(max_entries=64)
def street_task(level: int, seed: int) -> widest_street.Task:
    return widest_street.make(level, seed)


@sharable(max_entries=64)
def street_reveal(level: int, seed: int) -> widest_street.Reveal:
    return widest_street.reveal(widest_street.make(level, seed))


def _drawn(name: str, line: Line, color: str, dash: str = "solid", width: float = 3.0,
           legend: bool = True) -> Drawn | None:
    ends = segment(line, _FAR)
    return None if ends is None else Drawn(name, ends, color, dash, width, legend)


def _street(name: str, judged: Judged, color: str):
    """(name, edge, edge, colour) of a line's street, or None when it has errors (no street)."""
    half = street(judged)
    if half is None:
        return None
    low, high = (_drawn(name, shifted(judged.line, by), color, "dot", 1.5, False) for by in (-half, half))
    return None if low is None or high is None else (name, low, high, color)


def plane(key: str, X, t, mine: Judged | None, *, pending=None, with_street: bool = False,
          others: tuple[tuple[str, Judged, str], ...] = (), rings=None) -> None:
    """Draw the plane (the page's main chart ``key``): the points, the student's line (with its
    street), its wrong points crossed, ``others`` (name, judged line, colour) beside it, ``rings``."""
    lines, streets = [], []
    if mine is not None:   # first: the algorithms' dashed lines show on top of it where they coincide
        lines.append(_drawn("your line", mine.line, YOUR_LINE))
        streets.append(_street("your street", mine, YOUR_LINE) if with_street else None)
    for name, judged, color in others:
        lines.append(_drawn(name, judged.line, color, "dash"))
        streets.append(_street(f"{name}'s street", judged, color) if with_street else None)
    fig = line_plane_figure(X, (np.asarray(t) > 0).astype(int), BOUNDS, height=HEIGHT,
                            lines=tuple(d for d in lines if d), streets=tuple(s for s in streets if s),
                            wrong=None if mine is None else mine.wrong, rings=rings, pending=pending)
    fig = fit_screen(key, fig)
    # After fit_screen's rule, to win over it: on a phone the square plane is as tall as the phone's
    # width allows (the screen's height would leave empty bands above and below it).
    st.html(f"<style>@media {PHONE} {{.st-key-{key} {{height: calc(100vw + 60px) !important;}}}}</style>")
    charts.plotly_chart(fig, width="stretch", height="stretch", key=key,
                        config=chart_config(key, scroll_zoom=False, double_click=False))
    said = "No line yet" if mine is None else (f"Your line: {mine.errors} errors, margin {mine.margin:.2f}")
    alt_text.summary(key, f"{len(t)} points of two classes, class 0 and class 1. {said}")


def numbers(mine: Judged | None, n: int) -> None:
    """The student's errors and margin, as two metrics."""
    a, b = st.columns(2)
    a.metric("errors", "–" if mine is None else f"{mine.errors} of {n}",
             help="Points on the wrong side of your line, or on it (a point on the line is on neither side).")
    b.metric("margin", "–" if mine is None else f"{mine.margin:.2f}",
             help="The distance from your line to the nearest point: half the width of the empty street around "
                  "the line. Negative or 0 when a point is on the wrong side or on the line.")


def compare(rows: list[tuple[str, Judged | None]], n: int) -> None:
    """The lines side by side: errors and margin of each."""
    st.dataframe([{"line": name, "errors": "no line" if j is None else f"{j.errors} of {n}",
                   "margin": "" if j is None else round(j.margin, 3)} for name, j in rows],
                 hide_index=True, width="stretch")


COLORS = {"perceptron": PERCEPTRON, "svm": SVM}


def code(X, t, mine: Judged | None, *, algorithms: bool, hard: bool = True, street_share: bool = False) -> str:
    """Python (mlcore) that checks the student's line on these points as the page does, and with
    ``algorithms`` fits the perceptron and the SVM (hard margin or soft, C = SOFT_C) and checks theirs."""
    rows = ",\n              ".join(f"[{x:g}, {y:g}]" for x, y in np.asarray(X))
    lines = ["import numpy as np",
             "from mlcore.linear_model import Perceptron" if algorithms and not street_share else "",
             "from mlcore.svm import SVC" if algorithms else "",
             "",
             f"X = np.array([{rows}])",
             f"t = np.array([{', '.join(f'{v:g}' for v in np.asarray(t))}])   # -1: class 0, +1: class 1",
             "",
             "",
             "def errors_and_margin(w, b):",
             '    """A point is right when t (w·x + b) > 0: one on the line is an error. The line faces the way',
             '    with fewer errors (a tie: the larger margin); the margin is the nearest signed distance."""',
             "    w = np.asarray(w, dtype=float)",
             "    ways = []",
             "    for side in (1, -1):",
             "        d = side * t * (X @ w + b) / np.linalg.norm(w)",
             "        ways.append((int(np.sum(d <= 0)), -float(d.min())))",
             "    errors, minus_margin = min(ways)",
             "    return errors, -minus_margin",
             ""]
    if mine is None:
        lines.append("# your line: none yet (two clicks on the plane make one)")
    else:
        lines += [f"angle, offset = {mine.line.angle!r}, {mine.line.offset!r}   # your line: n·x = offset",
                  "n = np.array([np.cos(np.radians(angle)), np.sin(np.radians(angle))])",
                  "yours = errors_and_margin(n, -offset)",
                  'print("your line: %d errors, margin %.2f" % yours)']
    if algorithms:
        if not street_share:
            lines += ["perceptron = Perceptron(max_iter=200, pocket=True, random_state=0).fit(X, t)",
                      'print("perceptron: %d errors, margin %.2f" % errors_and_margin(perceptron.coef_[0], '
                      'perceptron.intercept_[0]))']
        c = "np.inf" if hard else f"{line_placing.SOFT_C:g}"
        lines += [f"svm = SVC(kernel=\"linear\", C={c}).fit(X, t)",
                  "best = errors_and_margin(svm.coef_[0], svm.intercept_[0])",
                  'print("SVM: %d errors, margin %.2f" % best)']
        if street_share and mine is not None:
            lines.append('print("your street: %.0f%% of the widest" % (100 * max(0, min(1, yours[1] / best[1])) '
                         'if yours[0] == 0 else 0))')
        if street_share:
            lines.append('print("support vectors:", svm.support_)')
    return "\n".join(line for i, line in enumerate(lines) if line or lines[i - 1])
