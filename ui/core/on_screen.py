"""Work for what the screen shows: a part of a page below its main chart is computed once the
browser says the student has scrolled to it (issue 27: "no figure built that the page does not
show").

A small component watches the part's container (``on_screen.js``: an IntersectionObserver) and
reports when its top comes above the screen's bottom edge and is still there 0.4 s later (a page
still being laid out on a loaded machine passed the part over the screen for a frame: CI read the
reading built on a page that had not been scrolled); that report reruns the part, which then
computes what it shows, and the part stays shown for the session (a report both ways looped where
the part's top sat at the screen's edge). Until then the part shows a line saying what
comes. Without a browser running the page's JavaScript there is nobody to report: under AppTest
every part counts as shown (the tests read it), and a client that never reports (the load
generator's) costs what a student who keeps the plane in view costs.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st
from streamlit import config as _config

_STATE = "_on_screen_"   # session key prefix, per part: True once the browser reported it on the screen

_watch = st.components.v2.component(
    "classifier_playground.on_screen",
    js=(Path(__file__).with_name("on_screen.js")).read_text(),
    isolate_styles=False,
)


def shown(key: str) -> bool:
    """Whether the part in ``st.container(key=key)`` is on the screen or was scrolled past: draws
    the watcher (hidden, ``ui.core.layout``'s CSS) and returns what the browser last reported
    (False until it has, then True for the session; True under AppTest). Call it inside the
    fragment that draws the part, so that the report reruns that fragment."""
    if _config.get_option("global.appTest"):
        return True
    known = bool(st.session_state.get(_STATE + key, False))
    with st.container(key=f"on_screen_watch_{key}"):
        result = _watch(key=f"on_screen_{key}", data={"target": key, "shown": known},
                        on_shown_change=lambda: None, height=0)
    if getattr(result, "shown", None):
        st.session_state[_STATE + key] = known = True
    return known
