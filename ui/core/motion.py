"""Reduce motion: no auto-play for a student who asks for stillness (issue 24, part 4).

Motion is reduced when the browser says so (the operating system's "reduce motion", which the
browser reports as ``prefers-reduced-motion: reduce``; a small component sends it) or when the
sidebar's "reduce motion" switch is on. A page with a play control calls :func:`reduced` and,
when it is True, stops playing and offers its step buttons instead, saying why (:data:`WHY`).
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from catalog.specs import ParamSpec
from ui.core import settings

KEY = "reduce_motion"
_BROWSER = "_reduce_motion_browser"  # what the browser reported last
REDUCE = ParamSpec(KEY, "bool", False, label="reduce motion",
                   help="No auto-play: the charts move only when you step them. On by itself when the "
                        "browser or the operating system asks for reduced motion.")

_preference = st.components.v2.component(
    "classifier_playground.reduced_motion",
    js=(Path(__file__).with_name("motion.js")).read_text(),
)


def browser_asks() -> bool:
    """Whether the browser asks for reduced motion (False until it has said)."""
    known = bool(st.session_state.get(_BROWSER, False))
    result = _preference(key="motion_preference", data={"reduce": known}, on_reduce_change=lambda: None, height=0)
    said = getattr(result, "reduce", None)
    if said is not None:
        st.session_state[_BROWSER] = bool(said)
    return bool(st.session_state.get(_BROWSER, False))


def reduced(playing: str) -> bool:
    """Whether motion is reduced; draws the sidebar's switch (on, and fixed, when the browser asks),
    and when motion is reduced turns the page's session value ``playing`` (its play state) off."""
    with st.sidebar:
        asked = browser_asks()
        if asked:
            settings.put(KEY, True)
        still = bool(settings.setting(REDUCE, KEY, url=None, disabled=asked)) or asked
    if still:
        settings.put(playing, False)
    return still


def why() -> str:
    """The sentence a stopped play control shows."""
    source = "this browser asks" if st.session_state.get(_BROWSER) else "the sidebar's switch is on"
    return f"Play is off because motion is reduced ({source}): step with the buttons or the slider."
