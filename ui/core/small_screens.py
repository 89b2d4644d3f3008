"""Phones and tablets: the CSS that keeps a page readable and touchable on a narrow screen.

Everything here sits inside a media query, so a 1280 px projector and a desktop are drawn
exactly as before:

- up to 1024 px, or on any touch screen (a tablet, or a phone in landscape): a column narrower
  than 10 rem moves to the next line instead of squeezing its text (Streamlit stacks columns
  only below 640 px, and with the menu docked a portrait tablet leaves 430 px to the page:
  lecture buttons broke "log/isti/c", the accuracy showed "9…"); words wrap whole; labels
  (metrics, buttons, switches) wrap instead of ending in an ellipsis; a select box's value keeps
  the width its inner padding took (with the menu closed a tablet's Playground showed
  "k nearest neighbour" in a 144 px box);
- up to 640 px (a phone): a column with a chart, a table or a select box takes a line of its
  own (the rule above kept two 186-px columns side by side: the ID3 tree beside its table, a
  select box cut to "Support vector machi"), buttons and metrics stay side by side; thinner
  page margins, so the plane can take the screen's width (``ui/live/live_chart.js`` thins the
  plane's own margins and fits its height to its width). (On a portrait tablet a plane keeps
  its controls beside it: on a line of its own it went below the first screen.)
- on a touch screen (no hover): the menu's close button, which Streamlit shows on hover only.

And :func:`fit`, for a page's main chart drawn by ``st.plotly_chart`` (``small_screens.js``): on a
phone the chart reaches the screen's edges with thin side margins, a legend on its right moved
above it, a colour bar dropped where the cells show their numbers; on a phone or tablet an
equal-aspect plane's box is as tall as the plane needs at that width (the live planes do the
same themselves, ``ui/live/live_chart.js``).
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

# The screens each rule is for (ui/live/live_chart.js uses the same): a tablet is up to 1024 px
# wide, or any touch screen (a tablet in landscape is 1180 px wide); a phone is up to 640 px.
TABLET = "(max-width: 1024px), (hover: none) and (pointer: coarse)"
PHONE = "(max-width: 640px)"

# ui.core.layout puts it on every page, with its own compact CSS
CSS = f"""<style>
@media {TABLET} {{
  [data-testid="stMain"] [data-testid="stColumn"] {{min-width: min(100%, 10rem);}}
  [data-testid="stMain"] [data-testid="stHorizontalBlock"] {{row-gap: 1rem;}}
  [data-testid="stMain"] .stButton button p {{overflow-wrap: normal; word-break: normal; hyphens: none;}}
  [data-testid="stMain"] .stSelectbox input {{padding-left: 0.15rem; padding-right: 0.15rem;}}
  [data-testid="stMain"] .stMarkdownEllipsis,
  [data-testid="stMain"] .stMarkdownEllipsis p {{white-space: normal; overflow: visible; text-overflow: clip;}}
}}
@media {PHONE} {{
  [data-testid="stMain"] [data-testid="stColumn"]:has(.js-plotly-plot, [data-testid="stDataFrame"], .stSelectbox)
    {{min-width: 100%;}}
  .block-container {{padding-left: 0.5rem !important; padding-right: 0.5rem !important;}}
}}
[class*="st-key-small_fit_"] {{display: none !important;}}
@media (hover: none) {{
  [data-testid="stSidebarCollapseButton"] {{visibility: visible !important; opacity: 1 !important;}}
}}
</style>"""

_fit = st.components.v2.component(
    "classifier_playground.small_screens",
    js="\n".join(line for line in Path(__file__).with_name("small_screens.js").read_text().splitlines()
                 if not line.lstrip().startswith("//")),
    isolate_styles=False,
)


def fit(key: str, height: int) -> None:
    """Fit the main chart in the container ``key`` (``height`` px tall on a 720 px screen) to a
    phone's or a tablet's width; on a wider screen without touch it changes nothing."""
    _fit(key=f"small_fit_{key}", data={"target": key, "height": height}, height=0)
