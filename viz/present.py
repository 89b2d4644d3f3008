"""How a finished figure looks on the screen it is shown on: presenter scale and the dark theme.

Both are pure functions of a figure as plotly's JSON dict (``fig.to_dict()``), applied after a
builder has made the figure, so no builder needs to know about projectors or themes.

Presenter mode (:func:`present`) multiplies the figure's type (ticks, axis titles, legend,
title) by ``FONT_SCALE``, never below ``MIN_FONT``; text the builder placed in the plot
(annotations, a trace's labels) by ``TEXT_SCALE``, so it still fits its place; marker sizes by
``MARKER_SCALE``, line widths by ``LINE_SCALE``, and the margins that hold tick labels and axis
titles by ``MARGIN_SCALE``, so the larger labels still fit. Only sizes that are drawn are touched:
a ``size`` inside ``font`` or ``marker``, never a contour's level step or a histogram's bin size.

The dark theme (:func:`dark`) re-colours the figure for a dark page. A colour is mapped by
what it is in the light figure:

- a class colour of :mod:`viz.palette` stays (they were chosen for contrast; see
  :func:`contrast`), as does any saturated colour;
- a region tint, ``mix(c, WHITE, a)`` of a class colour c, becomes ``mix(c, PAPER, a)``:
  the same share of the class colour over the dark paper, so confidence shading still goes
  from faint near the boundary to strong far from it;
- a grey g (white paper, near-black ink, light grid) is turned around: ``mix(INK, PAPER,
  (g / 255) ** GREY_POWER)``, so white becomes the paper, ink becomes light text, a light grid a dark one;
- any other pale colour ``(1 - a) base + a WHITE`` (a = its smallest channel / 255 >= 0.5)
  becomes ``(1 - a) base + a PAPER``.

Transparency (``rgba``) is kept. Defaults the figure leaves to plotly (its grey axis lines
and text) are set through a template, which plotly applies to every axis of every subplot.
"""

from __future__ import annotations

import re

from . import palette

# Presenter mode. 20 px at 720 px is 1/36 of the screen's height, the share of 15 pt text on a
# 7.5-inch slide: about the smallest a slide's footnote is set in, and here it is tick labels.
FONT_SCALE, MARKER_SCALE, LINE_SCALE = 1.5, 1.5, 1.5
# Text the builder placed at a position (a node's label in a tree diagram, a small multiple's
# title, a count in a confusion matrix cell) grows less, without the minimum: it must still fit.
TEXT_SCALE = 1.2
# Margins hold one row of tick labels and one axis title: they grow by less than the type.
MARGIN_SCALE = 1.25
MIN_FONT = 20
# A plane's top margin with its legend beside it: half a tick label stands above the plot; a title
# takes a row of type more.
PLANE_TOP, TITLE_ROOM = 16, 36
PLOTLY_FONT = 12  # plotly's font size where a figure sets none

# The dark theme: Streamlit's own dark background, and light ink on it.
PAPER = "#0E1117"
INK = "#E8EAED"
GRID = "#2F3541"
AXIS_LINE = "#5F6673"
# A grey g goes mix(INK, PAPER, (g / 255) ** GREY_POWER): the power above 1 keeps dark text and
# lines near full INK (#222222 -> 95 % INK) while white still lands on the paper.
GREY_POWER = 1.5
PALE = 0.5  # a colour whose smallest channel is at least half white is a tint

_FONT_KEYS = {"font", "tickfont", "textfont", "insidetextfont", "outsidetextfont", "titlefont"}
_PLACED_FONTS = {"textfont", "insidetextfont", "outsidetextfont"}
_AXIS = re.compile(r"^[xy]axis\d*$")
_CARTESIAN = {"scatter", "scattergl", "heatmap", "contour", "bar", "histogram", "box", "violin", "histogram2d"}
_LINE_KEYS = {"line", "connector", "error_x", "error_y"}
_HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
_RGB = re.compile(r"^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$")
_NAMED = {"white": (255, 255, 255), "black": (0, 0, 0)}


# --- presenter scale ------------------------------------------------------------------------

def _scaled_font(size) -> float:
    return max(float(size) * FONT_SCALE, MIN_FONT)


def _scale(value, factor: float):
    """A number or an array of numbers (a marker size per point) times ``factor``."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value * factor
    if isinstance(value, (list, tuple)):
        return [_scale(v, factor) for v in value]
    if hasattr(value, "dtype") and value.dtype.kind in "iuf":
        return value.astype("float32") * factor
    return value


def _present_node(node, parent: str = "", placed: bool = False) -> None:
    """Scale what is drawn in ``node``; ``placed``: inside text the builder put at a position
    (annotations, a trace's text), which grows by ``TEXT_SCALE`` only, so it still fits its place."""
    if isinstance(node, list):
        for item in node:
            _present_node(item, parent, placed)
        return
    if not isinstance(node, dict):
        return
    for key, value in node.items():
        if key in _FONT_KEYS and isinstance(value, dict):
            size = value.get("size", PLOTLY_FONT)
            if placed or key in _PLACED_FONTS:
                value["size"] = float(size) * TEXT_SCALE
            else:
                value["size"] = _scaled_font(size)
            continue
        if key == "size" and parent == "marker":
            node[key] = _scale(value, MARKER_SCALE)
        elif key == "width" and parent in _LINE_KEYS:
            node[key] = _scale(value, LINE_SCALE)
        elif key == "arrowwidth":
            node[key] = _scale(value, LINE_SCALE)
        else:
            _present_node(value, key, placed or key == "annotations")


def _axes(layout: dict, cartesian: bool) -> list[dict]:
    if cartesian:
        layout.setdefault("xaxis", {})
        layout.setdefault("yaxis", {})
    axes = [v for k, v in layout.items() if _AXIS.match(k) and isinstance(v, dict)]
    for scene in (v for k, v in layout.items() if k.startswith("scene") and isinstance(v, dict)):
        axes += [scene.setdefault(name, {}) for name in ("xaxis", "yaxis", "zaxis")]
    return axes


def present(fig: dict) -> dict:
    """The figure for the back of a lecture hall: larger type, markers and lines (in place).

    Sizes the figure leaves unset (tick labels, axis titles, the legend) are set explicitly to
    the scaled size, since a chart drawn with Streamlit's theme would otherwise take its own."""
    layout = fig.setdefault("layout", {})
    layout.setdefault("font", {})  # plotly's default size, scaled like any other
    _present_node(fig.get("data", []))
    _present_node(layout)
    size = layout["font"]["size"]
    cartesian = any(t.get("type", "scatter") in _CARTESIAN for t in fig.get("data", []))
    for axis in _axes(layout, cartesian):
        axis.setdefault("tickfont", {}).setdefault("size", size)
        if isinstance(axis.get("title"), dict):
            axis["title"].setdefault("font", {}).setdefault("size", size)
    layout.setdefault("legend", {}).setdefault("font", {}).setdefault("size", size)
    if isinstance(layout.get("title"), dict):
        layout["title"].setdefault("font", {}).setdefault("size", size)
    margin = layout.get("margin")
    if isinstance(margin, dict):  # room for the larger tick labels and titles
        for side in ("l", "b", "t"):
            if isinstance(margin.get(side), (int, float)):
                margin[side] = margin[side] * MARGIN_SCALE
    if _is_plane(layout):
        _legend_beside(layout)
    return fig


def _is_plane(layout: dict) -> bool:
    """An equal-aspect plane (x₁ and x₂ in the same units) whose legend stands above it."""
    legend = layout.get("legend") or {}
    return ((layout.get("yaxis") or {}).get("scaleanchor") == "x" and legend.get("orientation") == "h"
            and isinstance(legend.get("y"), (int, float)) and legend["y"] >= 1)


def _legend_beside(layout: dict) -> None:
    """The plane's legend to its right, one item a row, and the top margin it held given back.

    A projected plane is limited by the screen's height: a legend above it took up to three rows
    of 20 px type, a legend beside it takes width, which a 16:9 screen has to spare. Plotly widens
    the right margin to hold it (``autoexpand``), so it never covers the plot; the plot keeps to
    the right of its domain (``constraintoward``), next to its legend."""
    layout["legend"].update(orientation="v", x=1.02, xanchor="left", y=1.0, yanchor="top")
    margin = layout.setdefault("margin", {})
    title = layout.get("title")
    margin["t"] = PLANE_TOP + (TITLE_ROOM if isinstance(title, dict) and title.get("text") else 0)
    margin["pad"] = 0   # the ticks' own length keeps them off the plot
    layout.setdefault("xaxis", {})["constraintoward"] = "right"


# --- the dark theme -------------------------------------------------------------------------

def parse_color(color: str) -> tuple[tuple[int, int, int], float | None] | None:
    """'#0072B2' / '#fff' / 'rgb(1,2,3)' / 'rgba(1,2,3,0.5)' / 'white' -> ((r, g, b), alpha)."""
    text = color.strip()
    if text.lower() in _NAMED:
        return _NAMED[text.lower()], None
    m = _HEX.match(text)
    if m:
        h = m.group(1)
        if len(h) == 3:
            h = "".join(c * 2 for c in h)
        return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)), None
    m = _RGB.match(text)
    if m:
        rgb = tuple(int(round(float(m.group(i)))) for i in (1, 2, 3))
        return rgb, None if m.group(4) is None else float(m.group(4))
    return None


def _hex(rgb) -> str:
    return "#{:02X}{:02X}{:02X}".format(*(min(255, max(0, round(c))) for c in rgb))


def _blend(base, other, amount: float):
    return tuple((1 - amount) * b + amount * o for b, o in zip(base, other, strict=True))


def _tint_of_class(rgb) -> tuple[tuple[int, int, int], float] | None:
    """(class colour, a) when ``rgb`` is ``mix(class colour, WHITE, a)`` up to rounding."""
    for color in palette.CLASS_COLORS:
        base = parse_color(color)[0]
        amounts = [(t - b) / (255 - b) for t, b in zip(rgb, base, strict=True) if b < 250]
        if not amounts or min(amounts) < 0:
            continue
        a = sum(amounts) / len(amounts)
        if all(abs(round((1 - a) * b + a * 255) - t) <= 1 for t, b in zip(rgb, base, strict=True)):
            return base, a
    return None


def dark_color(color: str) -> str:
    """The colour that plays the same part on the dark paper (see the module's docstring)."""
    parsed = parse_color(color) if isinstance(color, str) else None
    if parsed is None:
        return color
    rgb, alpha = parsed
    paper, ink = parse_color(PAPER)[0], parse_color(INK)[0]
    if max(rgb) - min(rgb) <= 8:  # a grey: turned around
        new = _blend(ink, paper, ((sum(rgb) / 3) / 255) ** GREY_POWER)
    elif (tint := _tint_of_class(rgb)) is not None:
        base, a = tint
        new = rgb if a == 0 else _blend(base, paper, a)
    elif min(rgb) / 255 >= PALE:
        a = min(rgb) / 255
        base = tuple((c - a * 255) / (1 - a) for c in rgb)
        new = _blend(base, paper, a)
    else:
        return color
    if alpha is None:
        return _hex(new)
    r, g, b = (min(255, max(0, round(c))) for c in new)
    return f"rgba({r},{g},{b},{alpha:g})"


def _dark_node(node):
    if isinstance(node, dict):
        for key, value in node.items():
            node[key] = _dark_node(value)
        return node
    if isinstance(node, list):
        return [_dark_node(v) for v in node]
    if isinstance(node, tuple):
        return tuple(_dark_node(v) for v in node)
    if isinstance(node, str):
        return dark_color(node)
    if hasattr(node, "dtype") and node.dtype.kind in "OU" and node.ndim == 1:  # per-point colours
        return [_dark_node(v) for v in node.tolist()]
    return node


def _dark_axis() -> dict:
    return dict(color=INK, gridcolor=GRID, linecolor=AXIS_LINE, zerolinecolor=AXIS_LINE, tickcolor=AXIS_LINE)


def dark_template() -> dict:
    """Plotly's defaults for what a figure leaves unset, on dark paper (a template's
    ``xaxis`` applies to every x axis of every subplot)."""
    axis = _dark_axis()
    scene_axis = dict(axis, backgroundcolor=PAPER, showbackground=True)
    return {"layout": {
        "font": {"color": INK}, "paper_bgcolor": PAPER, "plot_bgcolor": PAPER,
        "xaxis": axis, "yaxis": axis,
        "scene": {"xaxis": scene_axis, "yaxis": scene_axis, "zaxis": scene_axis},
        "legend": {"font": {"color": INK}},
        "annotationdefaults": {"font": {"color": INK}, "arrowcolor": INK},
        "shapedefaults": {"line": {"color": INK}},
        "coloraxis": {"colorbar": {"tickfont": {"color": INK}}},
        "hoverlabel": {"font": {"color": INK}, "bgcolor": "#262B36", "bordercolor": AXIS_LINE},
    }}


def dark(fig: dict) -> dict:
    """The figure on a dark page (in place): dark paper, light text and grid, tints re-mixed."""
    _dark_node(fig.get("data", []))
    layout = fig.setdefault("layout", {})
    layout.pop("template", None)
    _dark_node(layout)
    layout["template"] = dark_template()
    layout.setdefault("paper_bgcolor", PAPER)
    layout.setdefault("plot_bgcolor", PAPER)
    layout.setdefault("font", {}).setdefault("color", INK)
    return fig


# --- contrast (WCAG 2.1) --------------------------------------------------------------------

def _luminance(color: str) -> float:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = parse_color(color)[0]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """WCAG 2.1 contrast ratio (L1 + 0.05) / (L2 + 0.05) of two colours, 1 to 21."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def look(fig: dict, *, presenting: bool, dark_theme: bool) -> dict:
    """Both, as the page's screen needs them (in place)."""
    if presenting:
        present(fig)
    if dark_theme:
        dark(fig)
    return fig


__all__ = ["present", "dark", "dark_color", "dark_template", "contrast", "look", "parse_color",
           "PAPER", "INK", "MIN_FONT"]
