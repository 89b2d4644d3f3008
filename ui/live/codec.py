"""The decision grid as compact bytes, for a chart that is updated in place in the browser.

A 200 x 200 regions heatmap sent as float32 JSON is ~210 KB of base64, and its hover data
another ~100 KB; a binary model's contour adds ~210 KB more. What the chart needs is far less:

* regions: per cell the class index k (uint8) and the confidence c quantised to 1/255
  (uint8 ``q = round(255 c)``, so ``|q / 255 - c| <= 1 / 510``). The browser colours each cell
  of the regions image from k and q (the colour the heatmap value ``z = k + 0.001 + 0.998 q /
  255``, the banding of :func:`viz.decision.region_z`, gets from its colorscale), and rebuilds
  the hover layer's z and confidence in whole percent (ui/live/live_chart.js).
* a contour's values: float16 (11 significant bits; exact sign, so the 0-level stays on the
  same side of every cell, and a crossing is placed within ~1e-3 of a cell by interpolation).

  A contour drawn at ONE level (the decision boundary) only reads the values of the 2 x 2
  blocks of cells that straddle that level; :func:`far_from_level` replaces every other cell
  by a constant on its own side, which draws the same line and deflates to almost nothing.

Both are deflated (zlib, level 6): labels come in long runs and the confidence changes slowly,
so a regions grid is 2-10 KB instead of 80 KB. Pure numpy + zlib: no Streamlit, no plotly.
"""

from __future__ import annotations

import zlib

import numpy as np

LEVEL = 6   # zlib level: 9 is barely smaller here and several times slower


def encode_regions(labels, confidence) -> bytes:
    """Deflated ``labels`` (uint8 class index) then ``round(255 * confidence)`` (uint8), row-major.

    ``labels`` int (ny, nx) in [0, 255]; ``confidence`` float (ny, nx) in [0, 1]."""
    labels = np.asarray(labels)
    confidence = np.asarray(confidence, dtype=np.float64)
    if labels.shape != confidence.shape or labels.ndim != 2:
        raise ValueError(f"labels {labels.shape} and confidence {confidence.shape} must be the same 2-D shape")
    if labels.size and (labels.min() < 0 or labels.max() > 255):
        raise ValueError("class indices must lie in 0..255 to fit one byte")
    quantised = np.rint(255 * np.clip(np.nan_to_num(confidence, nan=0.0), 0.0, 1.0)).astype(np.uint8)
    return zlib.compress(labels.astype(np.uint8).tobytes() + quantised.tobytes(), LEVEL)


def decode_regions(blob: bytes, shape: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """Inverse of :func:`encode_regions`: (labels int (ny, nx), confidence float (ny, nx))."""
    raw = np.frombuffer(zlib.decompress(blob), dtype=np.uint8)
    cells = int(shape[0]) * int(shape[1])
    if raw.size != 2 * cells:
        raise ValueError(f"the blob holds {raw.size} bytes, not 2 x {cells} for a {shape} grid")
    return raw[:cells].reshape(shape).astype(np.intp), raw[cells:].reshape(shape) / 255.0


def encode_values(values) -> bytes:
    """Deflated float16 (little-endian) of a float array, row-major; NaN stays NaN.

    Values beyond float16's range (|v| > 65504) become infinite: scale them first (the
    decision figure's contour already holds values in [-0.25, 0.25])."""
    with np.errstate(over="ignore"):
        return zlib.compress(np.asarray(values, dtype=np.float64).astype("<f2").tobytes(), LEVEL)


def decode_values(blob: bytes, shape) -> np.ndarray:
    """Inverse of :func:`encode_values` (as float32)."""
    return np.frombuffer(zlib.decompress(blob), dtype="<f2").reshape(shape).astype(np.float32)


def far_from_level(values, level: float = 0.0) -> np.ndarray:
    """``values`` (ny, nx) with every cell that lies in no straddling 2 x 2 block replaced by
    the largest magnitude on its side of ``level``.

    Marching squares (plotly's contour) draws the ``level`` line through the 2 x 2 blocks of
    neighbouring cells whose values are not all above or all below it, placing it by linear
    interpolation between those four values. Every cell of such a block keeps its value; a
    cell in none of them only needs to stay on its side. NaN cells stay NaN."""
    v = np.asarray(values, dtype=np.float64)
    if v.ndim != 2 or min(v.shape) < 2:
        return v.copy()
    above, below = v > level, v < level
    blocks_above = above[:-1, :-1] & above[1:, :-1] & above[:-1, 1:] & above[1:, 1:]
    blocks_below = below[:-1, :-1] & below[1:, :-1] & below[:-1, 1:] & below[1:, 1:]
    straddle = ~(blocks_above | blocks_below)          # (ny-1, nx-1): blocks the line may cross
    keep = np.zeros(v.shape, dtype=bool)
    for dj in (0, 1):
        for di in (0, 1):
            keep[dj:dj + straddle.shape[0], di:di + straddle.shape[1]] |= straddle
    keep |= ~np.isfinite(v)
    finite = v[np.isfinite(v)]
    high = float(finite.max()) if finite.size else level
    low = float(finite.min()) if finite.size else level
    return np.where(keep, v, np.where(above, high, low))
