"""The points to shatter on the Learning theory page: clicked on its plane or picked from the
examples, kept in the session under one key (at most MAX_CLICK of them) and carried by the
link as ``spts=x,y;x,y``."""

import math

import streamlit as st

from ui.core import settings

SHATTER_KEY = "theory_pts"
MAX_CLICK = 8        # 2^8 = 256 labelings; the grid shows all of them up to GRID_ALL points
EXAMPLES = {"triangle": [(-1.5, -1.0), (1.5, -1.0), (0.0, 1.5)],
            "square": [(-1.2, -1.2), (1.2, -1.2), (1.2, 1.2), (-1.2, 1.2)],
            "diamond": [(0.0, -1.6), (1.6, 0.0), (0.0, 1.6), (-1.6, 0.0)],
            "collinear": [(-1.8, -1.2), (0.0, 0.0), (1.8, 1.2)]}


def points() -> list:
    return st.session_state.setdefault(SHATTER_KEY, [])


def add_point(x: float, y: float):
    if len(points()) < MAX_CLICK:
        st.session_state[SHATTER_KEY] = [*points(), (round(x, 3), round(y, 3))]


def set_points(pts):
    st.session_state[SHATTER_KEY] = list(pts)


def points_from_link():
    raw = settings.take("spts")
    if raw is None:
        return
    try:
        pts = [tuple(float(v) for v in item.split(",")) for item in raw.split(";") if item]
        if not 1 <= len(pts) <= MAX_CLICK or any(len(p) != 2 or not all(map(math.isfinite, p))
                                                   or max(map(abs, p)) > 100 for p in pts):
            raise ValueError
    except ValueError:
        settings.report(f"**points to shatter** (`spts`) should look like `0,1;1.5,-1` "
                        f"(1 to {MAX_CLICK} points x,y). They were left out.")
        return
    set_points(pts)


def link_text(pts) -> str | None:
    """The points as the link carries them; None (no link item) for none."""
    return ";".join(f"{x:g},{y:g}" for x, y in pts) or None
