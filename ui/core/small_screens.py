"""Phones and tablets: the CSS that keeps a page readable and touchable on a narrow screen.

Everything here sits inside a media query, so a 1280 px projector and a desktop are drawn
exactly as before:

- up to 1024 px, or on any touch screen (a tablet, or a phone in landscape): a column narrower
  than 10 rem moves to the next line instead of squeezing its text (Streamlit stacks columns
  only below 640 px, and with the menu docked a portrait tablet leaves 430 px to the page:
  lecture buttons broke "log/isti/c", the accuracy showed "9…"); words wrap whole; labels
  (metrics, buttons, switches) wrap instead of ending in an ellipsis;
- up to 640 px (a phone): thinner page margins, so the plane can take the screen's width
  (``ui/live/live_chart.js`` thins the plane's own margins and fits its height to its width);
- on a touch screen (no hover): the menu's close button, which Streamlit shows on hover only.
"""

from __future__ import annotations

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
  [data-testid="stMain"] .stMarkdownEllipsis,
  [data-testid="stMain"] .stMarkdownEllipsis p {{white-space: normal; overflow: visible; text-overflow: clip;}}
}}
@media {PHONE} {{
  .block-container {{padding-left: 0.5rem !important; padding-right: 0.5rem !important;}}
}}
@media (hover: none) {{
  [data-testid="stSidebarCollapseButton"] {{visibility: visible !important; opacity: 1 !important;}}
}}
</style>"""
