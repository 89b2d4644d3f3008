"""A Plotly chart that stays alive across reruns and is updated in place.

``st.plotly_chart`` sends the whole figure on every rerun (a 200 x 200 decision plane is
~570 KB of JSON) and the browser builds a new chart from it. :func:`shared_chart` mounts a
Custom Component v2 (no iframe, ``ui/live/live_chart.js``) that draws the figure with
``Plotly.newPlot`` once and then applies each rerun's figure with ``Plotly.react`` on the
same element, so zoom and legend toggles survive (``layout.uirevision``). Each rerun sends
one binary message:

* the figure's parts (the layout and every trace) as JSON, each only the first time: a part
  the browser already holds is sent as its hash alone (the browser keeps the recent parts);
* the regions heatmap as the compact grid of :mod:`ui.live.codec` (uint8 class and
  confidence, deflated) instead of float z and hover arrays, when ``grid`` is the grid it was
  drawn from; a contour's z as deflated float16.

The browser draws the regions as ONE image layer (:func:`_as_image`): a BMP of one pixel per
cell, each coloured as the heatmap's banded colorscale colours it (the class's tint at its
confidence, :func:`viz.palette.region_tint`), placed on the cells' edges below the traces. The
heatmap trace stays as an invisible hover layer on every ``step``-th row and column (at most
``HOVER_CELLS`` a side), so the hover still names the class and the confidence at the pointer
(of the nearest hover cell, at most ``step / 2`` cells away). Plotly no longer colours, encodes
and hit-tests 40,000 heatmap cells on every step (``benchmarks/bench_regions_draw.py``). A
layout image lies below the axes' grid lines, which the heatmap covered: they are switched off
for its axes, and regions that do not cover their axes' ranges stay a heatmap.
``CP_REGIONS_IMAGE=0`` keeps the heatmap everywhere.

If the browser lacks a part (a message it never got), it asks for everything again (the
``missing`` trigger) and the next run sends every part in full.

Plotly.js is not downloaded again: the component loads the plotly.js module that Streamlit's
own ``st.plotly_chart`` uses (``static/js/PlotlyChart.<hash>.js``, served by this Streamlit
server and cached by the browser; it defines ``window.Plotly``). Pages that show any other
``st.plotly_chart`` have loaded it already.

``ENABLED = False`` (or the environment variable ``CP_LIVE_CHART=0``) turns the component
off everywhere: :func:`shared_chart` then draws with ``st.plotly_chart`` as before (so does
AppTest, which runs no JavaScript and whose tests read the figure from ``st.plotly_chart``).
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import json
import os
import struct
import time
from pathlib import Path

import numpy as np
import plotly.io.json as plotly_json
import streamlit as st
from streamlit import config as _config  # AppTest patches this module's get_option
from streamlit.runtime.scriptrunner import get_script_run_ctx

from ui.core import charts
from ui.live import codec
from ui.serving import ahead, hall
from ui.serving.cache import sharable, shared
from viz import palette
from viz.decision import _BAND_LO, _BAND_SPAN, region_z
from viz.grid import DecisionGrid

ENABLED = os.environ.get("CP_LIVE_CHART", "1") != "0"
# The regions as one image layer (False: the heatmap of every cell, as st.plotly_chart draws it).
IMAGE = os.environ.get("CP_REGIONS_IMAGE", "1") != "0"
HOVER_CELLS = 50   # the invisible hover layer's cells per side at most (one per step x step cells)

_SENT = "_live_chart_sent"     # per chart key: hashes of the parts the browser was sent
_SHOWN = "_live_chart_shown"   # per chart key: the signature of the figure sent last
_KEEP = 48                     # parts remembered; the browser keeps more (ui/live/live_chart.js)
_ENTRIES = 192                 # encoded figures kept: 64 links of the Playground's three charts
AHEAD_BUDGET = 0.25            # seconds a run may spend building the figures drawn ahead


def _plotly_module() -> str | None:
    """File name of the plotly.js module in Streamlit's frontend build, if there is one."""
    js_dir = Path(st.__file__).parent / "static" / "static" / "js"
    found = sorted(js_dir.glob("PlotlyChart.*.js"))
    return found[0].name if len(found) == 1 else None


PLOTLY_MODULE = _plotly_module()

# Streamlit sends a component's inline JS with every rerun: its comment lines stay in the file.
_JS = "\n".join(line for line in Path(__file__).with_name("live_chart.js").read_text().splitlines()
                if not line.lstrip().startswith("//"))

_component = st.components.v2.component(
    "classifier_playground.live_chart",
    js=_JS,
    isolate_styles=False,   # plotly styles its modebar and hover from document.head
)


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _regions_fill(trace: dict, grid: DecisionGrid) -> tuple[dict, bytes] | None:
    """How the browser rebuilds the regions heatmap ``trace`` from ``grid``, or None if the
    trace was not drawn from this grid (then it is sent as it is)."""
    z = np.asarray(trace.get("z"))
    if z.shape != grid.shape or len(grid.classes) > 255:
        return None
    for show_confidence in (True, False):
        if np.array_equal(z, region_z(grid, show_confidence)):
            break
    else:
        return None
    custom = np.asarray(trace.get("customdata")) if trace.get("customdata") is not None else None
    fill = {"kind": "regions", "shape": list(grid.shape), "confidence": show_confidence,
            "band": [_BAND_LO, _BAND_SPAN]}
    if custom is not None and custom.shape == (*grid.shape, 2):
        fill["hover"] = "pair"            # customdata [class index, confidence %]
    elif custom is not None and custom.shape == grid.shape and trace.get("text") is not None:
        text = np.asarray(trace["text"])
        names = []
        for k in range(len(grid.classes)):
            cells = text[grid.labels == k]
            names.append(str(cells[0]) if cells.size else str(k))
        fill["hover"], fill["names"] = "text", names   # customdata confidence %, text the name
    elif custom is None and trace.get("text") is None:
        fill["hover"] = "none"
    else:
        return None
    return fill, codec.encode_regions(grid.labels, grid.confidence)


def _axis(layout: dict, ref: str) -> dict:
    """The layout's axis for a trace's ``xaxis`` / ``yaxis`` reference (``x``, ``y2`` ...)."""
    return layout.get(f"{ref[0]}axis{ref[1:]}") or {}


def _covers(low: float, high: float, axis: dict) -> bool:
    """Whether cells from ``low`` to ``high`` fill the axis's fixed range (a small float slack)."""
    lo_hi = axis.get("range")
    if axis.get("autorange") not in (False, None) or not lo_hi or len(lo_hi) != 2 or axis.get("type") not in (
            None, "-", "linear"):
        return False
    a, b = sorted(float(v) for v in lo_hi)
    slack = 1e-6 * (high - low)
    return low <= a + slack and b - slack <= high


def _as_image(trace: dict, fill: dict, grid: DecisionGrid, layout: dict) -> bool:
    """Turn the regions ``trace`` into one image layer (drawn in the browser from the compact grid)
    plus an invisible hover heatmap on every ``step``-th cell, if the image covers its axes' ranges.

    The heatmap was drawn above the axes' grid lines and covered them; a layout image lies below
    them, so their grid and zero lines are switched off (nothing showed them before either).
    A region that leaves part of its axes bare stays a heatmap. Edits ``trace``, ``fill`` and
    ``layout`` in place."""
    ny, nx = grid.shape
    xs, ys = np.asarray(grid.xs, dtype=np.float64), np.asarray(grid.ys, dtype=np.float64)
    if min(ny, nx) < 2 or not (np.all(np.diff(xs) > 0) and np.all(np.diff(ys) > 0)):
        return False
    dx, dy = (xs[-1] - xs[0]) / (nx - 1), (ys[-1] - ys[0]) / (ny - 1)
    if not (np.allclose(np.diff(xs), dx, rtol=1e-6) and np.allclose(np.diff(ys), dy, rtol=1e-6)):
        return False   # an image's pixels are all one size
    extent = [float(xs[0] - dx / 2), float(xs[-1] + dx / 2), float(ys[0] - dy / 2), float(ys[-1] + dy / 2)]
    xref, yref = trace.get("xaxis") or "x", trace.get("yaxis") or "y"
    xaxis, yaxis = _axis(layout, xref), _axis(layout, yref)
    if not (_covers(extent[0], extent[1], xaxis) and _covers(extent[2], extent[3], yaxis)):
        return False
    step = max(1, -(-max(ny, nx) // HOVER_CELLS))
    first = step // 2
    K = len(grid.classes)
    confidence = fill["confidence"]
    fill["tints"] = [[palette.region_tint(k, 0.0), palette.region_tint(k, 1.0)] if confidence
                     else [palette.region_tint(k)] * 2 for k in range(K)]
    fill["image"] = {"extent": extent, "xref": xref, "yref": yref, "step": step}
    trace["x"], trace["y"] = xs[first::step], ys[first::step]
    trace["colorscale"] = [[0.0, "rgba(0,0,0,0)"], [1.0, "rgba(0,0,0,0)"]]
    for axis in (xaxis, yaxis):
        axis["showgrid"] = axis["zeroline"] = False
    return True


def _contour_fill(trace: dict) -> tuple[dict, bytes] | None:
    z = np.asarray(trace.get("z"), dtype=np.float64)
    if z.ndim != 2 or not np.all(np.abs(z[np.isfinite(z)]) < 6e4):
        return None
    contours = trace.get("contours") or {}
    if (contours.get("start") is not None and contours.get("start") == contours.get("end")
            and contours.get("coloring") == "lines" and trace.get("hoverinfo") == "skip"):
        # one line and no hover: only the cells around the line matter (after float16 rounding,
        # so the cells kept are those that straddle the level as the browser will see them)
        z = codec.far_from_level(z.astype(np.float16), float(contours["start"]))
    return {"kind": "values", "attr": "z", "shape": list(z.shape)}, codec.encode_values(z)


@dataclasses.dataclass(frozen=True)
class Encoded:
    """A figure as the component receives it, before the choice of parts for one browser:
    the layout's and every trace's JSON with their hashes, and the compact fills with their
    bytes. The same for every session that shows the same figure (:func:`shared_chart`)."""
    parts: tuple[str, ...]      # the layout, then each trace
    hashes: tuple[str, ...]
    fills: tuple[dict, ...]
    blobs: bytes

    @property
    def sig(self) -> str:
        """The figure's signature: its parts and its blobs (a step that changes only the regions
        changes only a blob)."""
        return hashlib.blake2b("".join(self.hashes).encode() + self.blobs, digest_size=8).hexdigest()


# plotly.js's typed arrays ({dtype, bdata, shape}), as plotly.py writes numpy arrays to JSON
_TYPED = {"int8": "i1", "uint8": "u1", "int16": "i2", "uint16": "u2", "int32": "i4", "uint32": "u4",
          "float32": "f4", "float64": "f8"}
_UNTYPED_KEYS = ("geojson", "layer", "layers", "range")   # plotly.py leaves what is under these as it is


def _typed(value: np.ndarray):
    """A numpy array as plotly.py's ``to_typed_array_spec`` writes it: int64 narrowed to the
    smallest integer type that holds it, base64 of the bytes, the shape if more than 1-D."""
    if value.size == 0:
        return value
    if value.dtype == np.int64 or value.dtype == np.uint64:
        lo, hi = value.min(), value.max()
        kinds = ("int8", "int16", "int32") if value.dtype == np.int64 else ("uint8", "uint16", "uint32")
        narrow = next((k for k in kinds if np.iinfo(k).min <= lo and hi <= np.iinfo(k).max), None)
        if narrow is None:
            return value
        value = value.astype(narrow)
    code = _TYPED.get(str(value.dtype))
    if code is None:
        return value
    out = {"dtype": code, "bdata": base64.b64encode(np.ascontiguousarray(value)).decode("ascii")}
    if value.ndim > 1:
        out["shape"] = str(value.shape)[1:-1]
    return out


def _jsonable(value):
    """``value`` with the numpy arrays it holds as a dict's values written as typed arrays (what
    ``fig.to_plotly_json()`` gives; an array in a list stays an array), its dicts and lists copied."""
    if isinstance(value, dict):
        return {k: v if k in _UNTYPED_KEYS else _typed(v) if isinstance(v, np.ndarray) else _jsonable(v)
                for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def _figure_dicts(fig) -> tuple[list[dict], dict]:
    """The figure's traces (shallow copies, arrays as numpy arrays) and its layout (JSON-ready,
    a copy: the figure is shared), read without ``to_plotly_json``'s deep copy of the whole
    figure and its type checks of every value (half of a plane's encoding). A plain dict figure
    (``viz.decision_figure(plain=True)``) is read the same way."""
    if isinstance(fig, dict):
        return [_plain(t) for t in fig["data"]], _jsonable(fig["layout"])
    data, layout = getattr(fig, "_data", None), getattr(fig, "_layout", None)
    if not (isinstance(data, list) and isinstance(layout, dict)):   # not a plotly Figure as 6.x/7.x hold it
        spec = fig.to_plotly_json()
        return [_plain(t) for t in spec["data"]], _jsonable(spec["layout"])
    return [_plain(t) for t in data], _jsonable(layout)


def encode_parts(fig, grid: DecisionGrid | None) -> Encoded:
    """``fig`` as JSON parts, its regions heatmap (drawn from ``grid``) and contours compact."""
    data, layout = _figure_dicts(fig)
    traces, fills, blobs, offset = [], [], [], 0
    imaged = False
    for index, trace in enumerate(data):
        filled = None
        if trace.get("type") == "heatmap" and trace.get("name") == "regions" and grid is not None:
            filled = _regions_fill(trace, grid)
            if filled is not None and not imaged and IMAGE:
                imaged = _as_image(trace, filled[0], grid, layout)
            drop = ("z", "customdata", "text")
        elif trace.get("type") == "contour" and trace.get("z") is not None:
            filled = _contour_fill(trace)
            drop = ("z",)
        if filled is not None:
            fill, blob = filled
            for attr in drop:
                trace.pop(attr, None)
            fills.append(fill | {"trace": index, "offset": offset, "length": len(blob)})
            blobs.append(blob)
            offset += len(blob)
        traces.append(_jsonable(trace))
    parts = [plotly_json.to_json_plotly(layout)] + [plotly_json.to_json_plotly(t) for t in traces]
    return Encoded(tuple(parts), tuple(_digest(p) for p in parts), tuple(fills), b"".join(blobs))


def message(encoded: Encoded, key: str, config: dict, known) -> bytes:
    """The binary message: little-endian uint32 header length, the JSON header, then the
    blobs. ``known``: hashes of the parts the browser holds (sent as hashes only)."""
    sent = [[h, None if h in known else p] for h, p in zip(encoded.hashes, encoded.parts, strict=True)]
    header = json.dumps({"key": key, "plotly": PLOTLY_MODULE, "config": config, "layout": sent[0], "traces": sent[1:],
                         "fills": list(encoded.fills), "sig": encoded.sig}, separators=(",", ":")).encode()
    return struct.pack("<I", len(header)) + header + encoded.blobs


def ahead_message(key: str, base: str | None, positions: list[tuple[str, float, Encoded]], known) -> bytes:
    """The figures at the positions next to a slider, for the browser to draw the moment the
    slider shows one of them (``ui/live/live_chart.js``, "drawn ahead"): per position the slider's
    widget key, its value in the browser, the figure's signature and parts (a part the browser
    holds, or another position here sends, as its hash alone) and its blobs' span; ``base``: the
    signature of the figure shown now, which they neighbour."""
    entries, blobs, offset, known = [], [], 0, set(known)
    for slider, value, encoded in positions:
        sent = [[h, None if h in known else p] for h, p in zip(encoded.hashes, encoded.parts, strict=True)]
        known.update(encoded.hashes)
        entries.append({"slider": slider, "value": value, "sig": encoded.sig, "layout": sent[0], "traces": sent[1:],
                        "fills": list(encoded.fills), "offset": offset, "length": len(encoded.blobs)})
        blobs.append(encoded.blobs)
        offset += len(encoded.blobs)
    header = json.dumps({"key": key, "base": base, "ahead": entries}, separators=(",", ":")).encode()
    return struct.pack("<I", len(header)) + header + b"".join(blobs)


def _plain(trace: dict) -> dict:
    """A trace with plotly's base64 arrays ({dtype, bdata, shape}) as numpy arrays."""
    out = {}
    for name, value in trace.items():
        if isinstance(value, dict) and "bdata" in value:
            array = np.frombuffer(base64.b64decode(value["bdata"]), dtype=np.dtype(value["dtype"]))
            shape = value.get("shape")
            if shape is not None:
                shape = [int(s) for s in str(shape).split(",")] if isinstance(shape, str) else list(shape)
                array = array.reshape(shape)
            out[name] = array
        else:
            out[name] = value
    return out


def shared_chart(key: str, config: dict, builder, *args):
    """Draw the figure ``builder(*args)`` makes with the Plotly ``config``, updated in place on
    every rerun (its regions heatmap, drawn from the returned grid, sent compactly). Built and
    encoded once for the whole server per builder, arguments and look (presenter mode, theme):
    a room on one link shares one figure. ``builder(*args) -> (fig, grid, extra)`` (its height
    already None, see ``fit_screen``) is a module-level function of its arguments only
    (``ui.serving.cache.shared``); returns ``extra`` (what the page needs besides the chart,
    e.g. the overlay's explanation), shared and read-only like the figure."""
    fig, grid, extra = shared(builder, *args)
    if not _live():
        # theme=None: the figure is drawn as designed (no Streamlit template merged in).
        charts.plotly_chart(fig, width="stretch", height="stretch", theme=None, config=config)
        return extra
    _send(_encoded(builder, args, charts.presenting(), charts.dark_theme()), key, config)
    return extra


@sharable(max_entries=_ENTRIES)
def _encoded(builder, args: tuple, presenting_now: bool, dark_now: bool) -> Encoded:
    fig, grid, _ = shared(builder, *args)
    return encode_parts(charts.styled(fig, presenting_now=presenting_now, dark_now=dark_now), grid)


def _live() -> bool:
    # AppTest runs no JavaScript, and its tests read the figure from st.plotly_chart.
    return ENABLED and PLOTLY_MODULE is not None and not _config.get_option("global.appTest")


def _send(encoded: Encoded, key: str, config: dict) -> None:
    """Mount or update the component with ``encoded``, sending only the parts this browser lacks."""
    config = charts.finished_config(config, key)
    sent_key = f"{_SENT}_{key}"

    def _resend():
        st.session_state.pop(sent_key, None)

    known = st.session_state.get(sent_key, [])
    st.session_state[sent_key] = ([h for h in known if h not in encoded.hashes] + list(encoded.hashes))[-_KEEP:]
    st.session_state[f"{_SHOWN}_{key}"] = encoded.sig
    _component(key=f"{key}_live", data=message(encoded, key, config, set(known)),
               on_missing_change=_resend, height="stretch")


def draw_ahead(key: str, builder, positions: list[tuple[str, float, tuple]], budget: float = AHEAD_BUDGET) -> None:
    """Send the browser the figures ``builder(*args)`` makes at the slider positions next to the
    one shown, so that a step to one of them is drawn at once (``ui/live/live_chart.js``, "drawn
    ahead"); the run for that step then finds the figure drawn. ``positions``: (the slider's
    widget key, its value in the browser, the builder's arguments there), the likeliest first.

    Called at the end of a run, after everything the page shows: the figures are built here
    (through the shared cache, so the run of the step finds them built), one position after the
    other while ``budget`` seconds have not passed, and only if this run is the only one the
    server has (``ui.serving.hall.alone``): in a full hall no student waits for another's guess.
    Nor in a hall exploring at once (``ui.serving.ahead.crowded``): the step's run would fit again
    what the browser was sent, the guess long gone from the shared caches (half of a run's CPU).
    Call it once per run, in the fragment or page that draws the chart ``key``."""
    if not _live() or not positions or not ahead.ENABLED or not hall.alone():   # CP_AHEAD=0: nothing ahead
        return
    ctx = get_script_run_ctx()
    if ahead.crowded(ctx.session_id if ctx is not None else ""):
        return
    start, ready = time.perf_counter(), []
    presenting_now, dark_now = charts.presenting(), charts.dark_theme()
    for slider, value, args in positions:
        if time.perf_counter() - start > budget:
            break
        ready.append((slider, value, _encoded(builder, tuple(args), presenting_now, dark_now)))
    sent_key = f"{_SENT}_{key}"
    known = st.session_state.get(sent_key, [])
    data = ahead_message(key, st.session_state.get(f"{_SHOWN}_{key}"), ready, known)
    hashes = [h for _, _, e in ready for h in e.hashes]
    st.session_state[sent_key] = ([h for h in known if h not in hashes] + hashes)[-_KEEP:]
    with st.container(key=f"drawn_ahead_{key}"):   # hidden (ui.core.layout's CSS): it only brings data
        _component(key=f"{key}_ahead_live", data=data)
