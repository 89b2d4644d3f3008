"""One class palette for every figure: colour-blind safe, plus a marker symbol per class.

The colours are the Okabe–Ito set (Okabe & Ito, "Color Universal Design", 2008),
ordered so the first two (blue, orange) and the first three (plus green) are the
most distinct pairs for every common form of colour blindness. Each class also
gets its own marker symbol, so colour is never the only cue.
"""

from __future__ import annotations

MAX_CLASSES = 6

# blue, orange, bluish green, reddish purple, vermillion, sky blue
CLASS_COLORS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9")
CLASS_SYMBOLS = ("circle", "square", "diamond", "triangle-up", "triangle-down", "pentagon")

# Colours for what is not a class.
NEUTRAL = "#9E9E9E"      # a label the model does not know
INK = "#222222"          # boundary lines, misclassified rings, text
GRID = "#E6E6E6"         # axis grid lines
WHITE = "#FFFFFF"

# How much white goes into a region tint: pale where the model is unsure, stronger
# where it is confident; the plain tint is used when confidence is not shown.
TINT_LOW, TINT_HIGH, TINT_FLAT = 0.90, 0.55, 0.75


def class_color(i: int) -> str:
    """Colour of class index ``i`` (wraps around after six classes)."""
    return CLASS_COLORS[int(i) % len(CLASS_COLORS)]


def class_colors(k: int) -> list[str]:
    """Colours of the first ``k`` classes."""
    return [class_color(i) for i in range(int(k))]


def class_symbol(i: int, *, hollow: bool = False) -> str:
    """Marker symbol of class index ``i``; ``hollow`` gives the outline-only variant."""
    symbol = CLASS_SYMBOLS[int(i) % len(CLASS_SYMBOLS)]
    return f"{symbol}-open" if hollow else symbol


def _rgb(color: str) -> tuple[int, int, int]:
    h = color.lstrip("#")
    if len(h) != 6:
        raise ValueError(f"expected a colour like '#0072B2', got {color!r}")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def mix(color: str, other: str = WHITE, amount: float = 0.5) -> str:
    """Linear RGB blend ``(1 - amount) * color + amount * other`` as ``#rrggbb``.

    ``mix(c, WHITE, 0.9)`` is a pale tint of ``c``; ``amount=0`` returns ``c``.
    """
    a = min(max(float(amount), 0.0), 1.0)
    c1, c2 = _rgb(color), _rgb(other)
    r, g, b = (round((1 - a) * x + a * y) for x, y in zip(c1, c2, strict=True))
    return f"#{r:02X}{g:02X}{b:02X}"


def region_tint(i: int, confidence: float | None = None) -> str:
    """Background tint of class ``i``: pale at confidence 0, stronger at 1; flat if None."""
    if confidence is None:
        return mix(class_color(i), WHITE, TINT_FLAT)
    c = min(max(float(confidence), 0.0), 1.0)
    return mix(class_color(i), WHITE, TINT_LOW + (TINT_HIGH - TINT_LOW) * c)
