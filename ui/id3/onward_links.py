"""The ID3 page's links to pages with a plane. The page draws no dataset, so a dataset its own link
brought (a guide link from the Decision tree, say) is kept in its link and handed on; without one,
the links open on noisy moons, where a tree's depth matters."""

from __future__ import annotations

import streamlit as st

from ui.core import guide, settings

MOONS = {"data": "moons", "noise": "0.35"}
_KEPT = "id3_dataset"  # the dataset items the page's link brought, kept while the session stays here


def keep_dataset() -> None:
    """Take the link's dataset items (on arrival) and keep them in this page's link."""
    arrived = {k: settings.take(k) for k in settings.untaken() if k in guide.CARRIED and k != "present"}
    if arrived:
        st.session_state[_KEPT] = arrived
    for name, value in st.session_state.get(_KEPT, {}).items():
        settings.link_item(name, value)


def _data() -> dict | None:
    return None if st.session_state.get(_KEPT) else MOONS


def tree_link(criterion: str, ratio: bool) -> None:
    """CART on the plane with this page's split score."""
    guide.link("tree", "tree", {"criterion": criterion, "gain_ratio": ratio}, extra=_data())


def where_next() -> None:
    st.markdown("**Where next**")
    guide.link("playground", "gaussian_nb", {}, extra=_data(),
               label="**Playground**: Gaussian naive Bayes, the same product of likelihoods on numbers")
