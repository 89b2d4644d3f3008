"""The one progress bar for long work, advanced by the work itself:

    with Progress(f"Learning curve of {spec.label}") as progress:
        learning_curve(..., callback=progress)         # progress(done, total) or (done, total, step)

It may be made inside a cached function: Streamlit replays a cached function's elements on a cache
hit, and a bar made outside it could not be replayed. So the bar is drawn only once the work has
taken ``DELAY`` s and redrawn only when it has moved by ``STEP`` or ``EVERY`` s have passed, and it
is emptied at the end: a fast computation's replay sends nothing, a slow one's a handful of
messages (each one a wake-up of the server's event loop, for every student on every rerun).
A widget changed while the work runs stops the script at the next redraw (Streamlit's rerun), so
``EVERY`` also bounds how long abandoned work goes on.
"""

from __future__ import annotations

import time

import streamlit as st


class Progress:
    """``Progress(what, unit)``: a bar headed ``what``, counting ``unit``; call it as the work
    advances, and ``done()`` (or leave its ``with`` block) to remove it."""

    DELAY = 0.3     # s: a wait shorter than this needs no bar
    STEP = 0.2      # redraw when the bar has moved by this share of the work...
    EVERY = 1.0     # s: ...or this long after the last redraw

    def __init__(self, what: str, unit: str = "fits"):
        self.what, self.unit = what, unit
        self.bar = None
        self.shown = -1.0
        self.start = self.drawn = time.perf_counter()

    def __call__(self, done: int, total: int, step: str = "") -> None:
        now = time.perf_counter()
        fraction = min(done / max(total, 1), 1.0)
        if now - self.start < self.DELAY or done >= total:
            return   # too soon to need a bar, or finished (it is about to be removed)
        if fraction - self.shown < self.STEP and now - self.drawn < self.EVERY:
            return
        self.shown, self.drawn = fraction, now
        self.bar = self.bar or st.empty()
        count = f"({done}/{total} {self.unit})"
        self.bar.progress(fraction, text=f"{self.what}: {step} {count}" if step else f"{self.what} {count}")

    def done(self) -> None:
        if self.bar is not None:
            self.bar.empty()
            self.bar = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc) -> None:
        self.done()
