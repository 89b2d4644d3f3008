"""A page's sections below its main chart as tabs, of which only the open one is built.

Streamlit runs the content of every tab and expander on every run, and the browser draws every
chart it receives, shown or not: on the SVM page the two 3-D charts of a section below the first
screen delayed the main chart by seconds. Tabs with ``on_change="rerun"`` report which one is
open (``.open``), so a page builds that one only; switching reruns the page, which builds the
next. The open section is a link item (the first section: no item), and a link that sets a
setting drawn inside another section opens that section, so links written before the sections
were tabs still show what they set.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import streamlit as st

from catalog.specs import ParamSpec
from ui.core import settings


def tabs(sections: Mapping[str, str], key: str, *, link: str = "section",
         opened_by: Mapping[str, Sequence[str]] | None = None) -> dict[str, object]:
    """Tabs over ``sections`` (link value -> label), kept under the session key ``key``; returns
    each section's tab container by its link value. Build a section only when ``tab.open``.

    ``opened_by`` (link value -> link item names): a link carrying one of those items, and no
    ``link`` item of its own, opens that section; any other link without it opens the first. Without
    a link the open section is kept for the session, also over runs that stopped before the tabs."""
    spec = ParamSpec(link, "choice", next(iter(sections)), choices=tuple(sections), label=link)
    kept = f"_{key}_kept"   # tabs have no persist_state: a run that stops before them would forget the open one
    raw = settings.take(link)
    if raw is not None:
        try:
            st.session_state[key] = sections[spec.coerce(raw)]
        except ValueError as err:
            st.session_state[key] = sections[spec.default]
            settings.report(f"{err}; the first section is shown.")
    elif settings.reading_link():
        pending = set(settings.untaken())
        st.session_state[key] = sections[next((value for value, names in (opened_by or {}).items()
                                               if pending & set(names)), spec.default)]
    elif key not in st.session_state and kept in st.session_state:
        st.session_state[key] = st.session_state[kept]
    containers = dict(zip(sections, st.tabs(list(sections.values()), key=key, on_change="rerun"), strict=True))
    shown = next((value for value, tab in containers.items() if tab.open), spec.default)
    st.session_state[kept] = sections[shown]
    settings.link_item(link, None if shown == spec.default else shown)
    return containers


def keep(sections: Mapping[str, str], key: str, *, link: str = "section",
         opened_by: Mapping[str, Sequence[str]] | None = None) -> None:
    """For a run that does not draw the tabs of ``tabs(sections, key, ...)`` (their part of the page
    is not on the screen yet, ui.core.on_screen): read the link's section as ``tabs`` would, keep it
    for the run that draws them, and keep it in the page's link."""
    spec = ParamSpec(link, "choice", next(iter(sections)), choices=tuple(sections), label=link)
    kept = f"_{key}_kept"
    raw = settings.take(link)
    if raw is not None:
        try:
            value = spec.coerce(raw)
        except ValueError as err:
            value = spec.default
            settings.report(f"{err}; the first section is shown.")
    elif settings.reading_link():
        pending = set(settings.untaken())
        value = next((v for v, names in (opened_by or {}).items() if pending & set(names)), spec.default)
    else:
        label = st.session_state.get(key, st.session_state.get(kept))
        value = next((v for v, shown in sections.items() if shown == label), spec.default)
    st.session_state.pop(key, None)   # the tabs, drawn again, open on what is kept
    st.session_state[kept] = sections[value]
    settings.link_item(link, None if value == spec.default else value)

