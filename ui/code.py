""""Show code" under a page's main chart: the mlcore lines that reproduce the view (catalog.code
writes them), in a collapsed expander with Streamlit's copy button."""

from __future__ import annotations

import streamlit as st

from catalog import code

LABEL = "Show code"


def show(text: str, caption: str | None = None) -> None:
    """The expander with ``text`` as Python; ``caption``: one line on what it reproduces."""
    with st.expander(LABEL, icon=":material/code:"):
        if caption:
            st.caption(caption)
        st.code(text, language="python")


def show_fit(recipe, drawn: tuple, model_key: str, params: dict, caption: str | None = None) -> None:
    """A model page's code: the dataset (recipe and drawn points), the model, fit, both accuracies."""
    if recipe is None:
        return
    show(code.fit_snippet(recipe, drawn, model_key, dict(params)),
         caption or "The dataset, the model with the page's settings, fit and score: it prints the accuracies "
                    "the page shows.")
