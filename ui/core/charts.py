"""Every chart's plotly config, its image download, and the look of its figure on this screen.

A page declares its charts' config once, ``CONFIG = charts.config("playground")``, and passes it
to ``charts.plotly_chart(fig, config=CONFIG)``. The config shows plotly's modebar with one button,
the image download (``toImage``), when the pointer is over the chart (so it never covers the
plot or the legend on a projected, untouched chart). The file is a PNG at twice the chart's
size (sharp on a slide), or an SVG when the sidebar's "chart download" says so (plotly's config
is JSON here, so a second button would need JavaScript; a format setting does not). The file
name says what the chart shows: the page, the chart, the model, the dataset and the settings
that differ from their defaults, e.g. ``playground_knn_moons_n_neighbors7.png``.

The look. Each figure is drawn for the screen it is on: larger type, markers and lines in
presenter mode (``ui.core.presenter``), dark paper and light ink when the app's theme is dark
(``st.context.theme.type``), both by :func:`viz.present.look` on a copy of the figure. Every
chart is drawn with :func:`plotly_chart` (``st.plotly_chart`` plus the look and the file name,
from this session's state at the moment the chart is drawn), so a page does nothing more for
it. In the light theme outside presenter mode the figure is passed on untouched.
"""

from __future__ import annotations

import copy
import re

import plotly.graph_objects as go
import streamlit as st

from ui.core import settings
from ui.serving.cache import shared
from viz.present import look

FORMATS = ("PNG", "SVG")
FORMAT_KEY = "chart_format"     # session: the sidebar's download format
PRESENT_KEY = "_present"        # session: presenter mode is on (ui.core.presenter owns it)
IMAGE_SCALE = 2                 # a PNG at twice the chart's pixels
MAX_NAME = 100                  # characters of a file name, before the extension
# Link items that say nothing about what a chart shows, or too much to fit in a file name.
_NOT_IN_NAME = {"present", "pts", "model", "data"}


def config(name: str, *, scroll_zoom: bool = True, double_click: bool = True) -> dict:
    """The plotly config of a chart on page ``name`` (the file name's first word).

    ``scroll_zoom=False``: the wheel scrolls the page, not the chart. ``double_click=False``:
    two quick clicks on a chart that takes clicks do not reset its axes."""
    cfg = {"displayModeBar": "hover", "displaylogo": False, "modeBarButtons": [["toImage"]],
           "toImageButtonOptions": {"format": "png", "filename": _slug(name), "scale": IMAGE_SCALE}}
    if not scroll_zoom:
        cfg["scrollZoom"] = False
    if not double_click:
        cfg["doubleClick"] = False
    return cfg


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9.+-]+", "-", str(text).lower()).strip("-")


def filename(base: str, chart: str | None, shown: dict[str, str], link: dict[str, str]) -> str:
    """``base`` (the page), the chart's key without the page's words, the model and dataset
    shown, then every link item (name + value) that differs from its default; at most
    ``MAX_NAME`` characters, cut at a whole part. Drawn points count as "drawn"."""
    parts = [_slug(base)]
    if chart:
        known = set(_slug(base).split("-")) | {"chart", "main"}
        words = [w for w in _slug(chart).split("-") if w and w not in known]
        extra = "-".join(words)
        if extra and extra != parts[0]:
            parts.append(extra)
    for key in ("model", "data"):
        value = link.get(key, shown.get(key))
        if value:
            parts.append(_slug(value))
    if "pts" in link:
        parts.append("drawn")
    parts += [_slug(f"{k}{v}") for k, v in link.items() if k not in _NOT_IN_NAME]
    name = parts[0]
    for part in parts[1:]:
        if part and len(name) + 1 + len(part) <= MAX_NAME:
            name += "_" + part
    return name


def image_format() -> str:
    value = st.session_state.get(FORMAT_KEY)
    return (value if value in FORMATS else FORMATS[0]).lower()


def format_choice() -> None:
    """The sidebar's "chart download" format (kept for the session, not in the link)."""
    if st.session_state.get(FORMAT_KEY) not in FORMATS:
        st.session_state[FORMAT_KEY] = FORMATS[0]
    st.sidebar.segmented_control("chart download", FORMATS, key=FORMAT_KEY,
                                 help="The format of the image the camera button above a chart saves: "
                                      "PNG (at twice the chart's size) or SVG (vector, for slides).")


def dark_theme() -> bool:
    try:
        return st.context.theme.type == "dark"
    except Exception:  # no browser session (bare scripts, some tests)
        return False


def presenting() -> bool:
    return bool(st.session_state.get(PRESENT_KEY, False))


def finished_config(cfg: dict | None, chart: str | None) -> dict | None:
    """``cfg`` with the download's file name and format filled in for what is on screen now."""
    options = (cfg or {}).get("toImageButtonOptions")
    if not options:
        return cfg
    name = filename(options["filename"], chart, settings.shown(), settings.link_items())
    return {**cfg, "toImageButtonOptions": {**options, "filename": name, "format": image_format()}}


def styled(figure, *, presenting_now: bool, dark_now: bool):
    """The figure as this screen shows it: a restyled copy, or the figure itself when nothing
    changes (light theme, not presenting). A plain dict figure (``viz.decision_figure(plain=True)``)
    is restyled as a copy too, never in place: it is shared."""
    if not (presenting_now or dark_now) or not (hasattr(figure, "to_dict") or isinstance(figure, dict)):
        return figure
    spec = copy.deepcopy(figure) if isinstance(figure, dict) else figure.to_dict()
    restyled = look(spec, presenting=presenting_now, dark_theme=dark_now)
    # Not validated again (the unit tests validate restyled figures): handing Streamlit the dict
    # would validate every property, twice the time of the whole restyling (~35 ms, 500 points).
    return go.Figure(restyled, _validate=False)


def plotly_chart(figure, *, where=None, config: dict | None = None, key: str | None = None, **kwargs):
    """``st.plotly_chart`` (or ``where.plotly_chart``, a column or container) with this screen's look
    (presenter mode, dark theme) and the image download's file name for what is on screen now.
    Every chart of the app is drawn through here."""
    figure = styled(figure, presenting_now=presenting(), dark_now=dark_theme())
    if isinstance(figure, dict):   # unvalidated, as styled's: Streamlit would check every property
        figure = go.Figure(figure, _validate=False)
    return (where or st).plotly_chart(figure, config=finished_config(config, key), key=key, **kwargs)


def shared_figure(builder, *args, **kwargs):
    """The figure ``builder(*args, **kwargs)`` makes, built once for the whole server per builder and
    arguments (``ui.serving.cache.shared``): a hall on one link shares one figure instead of
    building it per session (plotly's validation is most of a figure's cost). The figure is
    shared, so a caller restyles a copy (:func:`plotly_chart` does) and never changes it."""
    return shared(builder, *args, **kwargs)
