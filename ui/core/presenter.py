"""Presenter mode: the page as a lecture hall sees it from the back row.

On with ``?present=1`` in the link or the sidebar's "presenter mode" toggle; kept for the
session and written back to the link (``present=1``), so a prepared link opens every page in it.
While on:

- the sidebar, Streamlit's header and toolbar and the page's title are hidden (CSS), and the page
  starts at the top of the screen; a bar in the top right corner (:func:`bar`) keeps what they
  held within reach: "Pages & data" (the menu and the Data panel), "Settings" (the page's
  column of settings, ``ui.core.layout.controls``) and "exit presenter mode";
- the page's main chart reaches down to the bottom of the screen (:func:`fill_screen`; before
  its script has measured the page, the CSS of ``ui.core.layout.fit_screen`` gives it the height the
  chrome freed, ``EXTRA_HEIGHT``);
- every figure has larger type, markers and lines (``viz.present``, applied by ``ui.core.charts``);
- a page's main plane gets at least 520 px on its short side at 1280x720: the title and the
  settings column make way, and the plane's legend goes to its right (``viz.present``).
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from ui.core import settings
from ui.core.charts import PRESENT_KEY

LINK = "present"
TOGGLE_KEY = "present_toggle"
EXIT_KEY = "present_exit"
BAR_KEY = "present_bar"
_SLOTS = "_present_slots"   # this run's bar: the popovers the prelude and the page fill
_ON = {"1", "true", "on", "yes"}
_OFF = {"0", "false", "off", "no"}

# The page's top padding in presenter mode (rem) against ui.core.layout's compact 3.2 rem, and what
# the hidden chrome (and the hidden title, ~2.6 rem) frees for the main chart at the app's 17 px root font.
TOP_PADDING_REM = 0.6
EXTRA_HEIGHT = round((3.2 + 2.6 - TOP_PADDING_REM) * 17)
# px the bar takes at the right of the page's first row (a lecture row leaves it that much room)
BAR_WIDTH = 470
# A page's tabs (the Neural network's) join the bar's line, and its lecture row leaves them room too.
TABS_WIDTH = 260

# The accuracies beside the plane, read from the back row: values at about the plane's tick labels'
# size and more (20 px type), labels at the app's body size.
METRIC_VALUE_REM, METRIC_LABEL_REM = 2.0, 1.0

# px left under a chart that fills the screen; charts with less room than MIN_FILL under their
# top keep their CSS height
BOTTOM_GAP, MIN_FILL = 12, 260

_fill = st.components.v2.component(
    "classifier_playground.present_fit",
    js="\n".join(line for line in (Path(__file__).with_name("present_fit.js")).read_text().splitlines()
                 if not line.lstrip().startswith("//")),   # sent with every rerun: no comments
    # it styles nothing of its own: no shadow root needed. (On the SVM page, whose many charts
    # keep the browser busy, its script runs 1-4 s after the run, isolated or not.)
    isolate_styles=False,
)

_CSS = f"""<style>
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], [data-testid="stExpandSidebarButton"],
[data-testid="stHeader"], [data-testid="stToolbar"], [data-testid="stDecoration"] {{display: none !important;}}
.block-container {{padding-top: {TOP_PADDING_REM}rem !important; padding-bottom: 0.5rem !important;}}
.block-container [data-testid="stVerticalBlock"] {{gap: 0.6rem;}}
.stElementContainer:has(> [data-testid="stHeading"] h1) {{display: none !important;}}
[class*="st-key-present_fill_"] {{display: none !important;}}
.st-key-{BAR_KEY} {{position: fixed; top: 0.35rem; right: 0.6rem; z-index: 1000; width: auto !important;
  gap: 0.3rem; background: var(--background-color, #fff); flex-wrap: nowrap;}}
.st-key-{BAR_KEY} > div {{width: auto !important; flex: none !important;}}
.st-key-{BAR_KEY} button {{min-height: 0; padding: 0.15rem 0.55rem;}}
[class*="st-key-lecture_row_"] {{padding-right: {BAR_WIDTH}px;}}
.block-container > .stVerticalBlock > .stTabs [role="tablist"] {{position: fixed; top: 0.35rem; z-index: 1000;
  right: calc({BAR_WIDTH}px + 0.6rem); background: var(--background-color, #fff);}}
.block-container > .stVerticalBlock > .stTabs [class*="st-key-lecture_row_"] {{
  padding-right: {BAR_WIDTH + TABS_WIDTH}px;}}
.block-container > .stVerticalBlock > .stTabs [role="tabpanel"] {{padding-top: 0;}}
[class*="st-key-lecture_row_"] [data-testid="stColumn"]:first-child [data-testid="stMarkdownContainer"] p {{
  white-space: nowrap;}}
.block-container [data-testid="stMetricValue"] {{font-size: {METRIC_VALUE_REM}rem;}}
.block-container [data-testid="stMetricLabel"] p {{font-size: {METRIC_LABEL_REM}rem;}}
</style>"""


def active() -> bool:
    return bool(st.session_state.get(PRESENT_KEY, False))


def fill_screen(key: str) -> None:
    """Let the chart in the container ``key`` reach the bottom of the screen (presenter mode).

    Its top depends on everything drawn above it, which only the browser knows, so a small
    script (``present_fit.js``) measures it and sets the height to innerHeight - top - BOTTOM_GAP;
    a caption under the chart goes below the fold, the chart is what the room looks at."""
    _fill(key=f"present_fill_{key}", data={"target": key, "gap": BOTTOM_GAP, "min": MIN_FILL}, height=0)


def _set(on: bool) -> None:
    st.session_state[PRESENT_KEY] = on


def _from_toggle() -> None:
    _set(bool(st.session_state.get(TOGGLE_KEY)))


def begin() -> None:
    """Called by ``ui.core.layout.page`` after the link is read: take ``present=`` from the link,
    keep it in the link, and when on hide the chrome and show the way out."""
    raw = settings.take(LINK)
    if raw is not None:
        value = raw.strip().lower()
        if value in _ON | _OFF:
            _set(value in _ON)
        else:
            settings.report(f"**present** = `{raw}` is not 1 or 0: presenter mode stays "
                            f"{'on' if active() else 'off'}.")
    if not active():
        return
    settings.link_item(LINK, "1")
    st.html(_CSS)
    with st.container(key=BAR_KEY, horizontal=True):
        pages = st.popover("Pages & data", icon=":material/menu:",
                           help="Another page, another dataset: presenter mode stays on.")
        menu, data = pages.container(width=640).columns([1, 1.25], gap="medium")
        controls = st.container()   # filled by the page (ui.core.layout.controls), or left empty
        st.button("exit presenter mode", key=EXIT_KEY, icon=":material/close_fullscreen:", type="secondary",
                  on_click=_set, args=(False,), help="Leave presenter mode: show the menu and the settings again.")
    st.session_state[_SLOTS] = {"menu": menu, "data": data, "controls": controls}


def pages_popover(part: str):
    """The bar's "Pages & data" popover (presenter mode): its ``"menu"`` or ``"data"`` column."""
    return st.session_state[_SLOTS][part]


def settings_popover():
    """The "Settings" popover of the bar: the page's column of settings while presenting."""
    slots = st.session_state[_SLOTS]
    if "settings" not in slots:
        slots["settings"] = slots["controls"].popover(
            "Settings", icon=":material/tune:", help="The model and its settings: the page's left column.")
    return slots["settings"]


def toggle() -> None:
    """The sidebar's switch (hidden with the sidebar while presenting; the button is the way out)."""
    st.session_state[TOGGLE_KEY] = active()
    st.sidebar.toggle("presenter mode", key=TOGGLE_KEY, on_change=_from_toggle,
                      help="For a projector: larger type and markers, no menu or sidebar, the chart "
                           "as large as the screen allows. Also in the link: ?present=1.")
