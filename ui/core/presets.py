"""Lecture presets: one compact row of step buttons over a page's chart; each step sets several
settings at once (the dataset included) and its one-line text shows while they hold.

    steps = [Step("k = 1", "Each point is its own region...", {**NOISY_MOONS, "model": "knn", "p_knn_k": 1}), ...]
    presets.row("playground", steps, help="k = 1 → 15 → distance-weighted, on noisy moons")

A step's values are session keys of settings (``ui.core.settings.put``): the widgets show them and the
link carries them like any change the user makes. The buttons themselves are transient (no link
item): a link reopens the settings, not the click. A value may be a function of no arguments,
resolved when the button is clicked (the full depth of the tree the step grows).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import streamlit as st

from ui.core import settings
from ui.core.layout import height_rule
from ui.data import draw
from ui.data.dataset_panel import Recipe

_ACTIVE = "_preset_{}"          # the page's last clicked step
_RESOLVED = "_preset_{}_values"  # its values as set (functions called)

# The dataset a step starts from: every recipe field (so no earlier choice leaks in) and no drawn points.
_RECIPE_KEYS = {"data": "ds_data", "n": "ds_n", "noise": "ds_noise", "classes": "ds_classes", "seed": "ds_seed",
                "test": "ds_test", "imbalance": "ds_imbalance", "label_noise": "ds_label_noise",
                "outliers": "ds_outliers", "margin": "ds_margin"}


def dataset(**fields) -> dict:
    """Session values of a whole dataset: the recipe's defaults overridden by ``fields``, drawn points cleared."""
    recipe = Recipe(**fields)
    return {**{key: getattr(recipe, name) for name, key in _RECIPE_KEYS.items()}, draw.KEY: []}


def recipe_of(values: dict) -> Recipe:
    """The recipe a step's values describe (for a value computed from the step's data)."""
    return Recipe(**{name: values[key] for name, key in _RECIPE_KEYS.items() if key in values})


@dataclass(frozen=True)
class Step:
    label: str                 # the button: a few words
    text: str                  # one line under the row while the step's settings hold
    values: dict = field(default_factory=dict)  # session key -> value (or a function giving it)


def apply(name: str, steps: list[Step], i: int, then: Callable[[], None] | None = None) -> None:
    """Set step i's settings (the button's callback, so before any widget is drawn), then call
    ``then`` (the page's own reaction to a click)."""
    resolved = {key: value() if callable(value) else value for key, value in steps[i].values.items()}
    for key, value in resolved.items():
        settings.put(key, list(value) if isinstance(value, list) else value)
    st.session_state[_ACTIVE.format(name)] = i
    st.session_state[_RESOLVED.format(name)] = resolved
    if then is not None:
        then()


def holding(name: str) -> int | None:
    """The clicked step whose settings all still hold, or None."""
    i = st.session_state.get(_ACTIVE.format(name))
    resolved = st.session_state.get(_RESOLVED.format(name), {})
    if i is None or any(settings.value(key) != value for key, value in resolved.items()):
        return None
    return i


# Low buttons (Streamlit's are 40 px), so the row costs little of a 720 px tall screen.
_CSS = """<style>
[class*="st-key-preset_"] button {min-height: 1.9rem; padding-top: 0.1rem; padding-bottom: 0.1rem;}
</style>"""
ROW_HEIGHT, LINE_HEIGHT = 52, 40  # px the row and the step's line take, gaps included


def row(name: str, steps: list[Step], help: str, title: str = "Lecture", chart: str | None = None,
        chart_height: int | None = None, on_click: Callable[[], None] | None = None,
        say_changed: bool = False) -> str | None:
    """The row of step buttons and, under it, the holding step's text; returns the line shown (or None).

    ``chart``, ``chart_height``: the page's main chart (its key for ``ui.core.layout.fit_screen``) and its
    height on a 720 px screen; it is made shorter by what the row and the line take, so it stays
    on the first screen of a 1280x720 projector. ``on_click``: called after a step's settings are set.
    ``say_changed``: once the clicked step's settings no longer hold, its line says so instead of
    going (the SVM and ID3 pages, whose steps' texts quote numbers of those settings)."""
    st.html(_CSS)
    # keyed: in presenter mode the row leaves room for the bar in the top right corner
    columns = st.container(key=f"lecture_row_{name}").columns([1.5, *[2] * len(steps)], vertical_alignment="center")
    columns[0].markdown(f"**{title}**", help=help)
    for i, (col, step) in enumerate(zip(columns[1:], steps, strict=True)):
        col.button(step.label, key=f"preset_{name}_{i}", on_click=apply, args=(name, steps, i, on_click),
                   width="stretch")
    i = holding(name)
    text = None if i is None else f":material/school: **{steps[i].label}.** {steps[i].text}"
    clicked = st.session_state.get(_ACTIVE.format(name))
    if text is None and say_changed and clicked is not None:
        text = (f"The settings have changed since step “{steps[clicked].label}”, so its text is hidden: "
                "click a step to load its settings again.")
    if text:
        st.caption(text)
    if chart and chart_height:
        _shorten(chart, chart_height, ROW_HEIGHT + (LINE_HEIGHT if text else 0))
    return text


def _shorten(chart: str, height: int, by: int) -> None:
    """The chart ``fit_screen`` sizes, ``by`` px shorter (on every screen). The doubled class
    outranks fit_screen's rule, which is written later in the page."""
    st.html(f"<style>.st-key-{chart}.st-key-{chart} {{{height_rule(height - by)}}}</style>")
