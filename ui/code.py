""""Show code" under a page's main chart: the mlcore lines that reproduce the view (catalog.code and
catalog.snippets write them), in a collapsed expander with Streamlit's copy button."""

from __future__ import annotations

import streamlit as st

from catalog import code

LABEL = "Show code"
FIT_CAPTION = ("The dataset, the model with the page's settings, fit and score: run it to get the accuracies "
               "the page shows.")


def show_code(text: str, caption: str | None = None) -> None:
    """The expander with ``text`` as Python; ``caption``: one line on what it reproduces."""
    with st.expander(LABEL, icon=":material/code:"):
        if caption:
            st.caption(caption)
        st.code(text, language="python")


def show_fit(recipe, drawn: tuple, model_key: str, params: dict, caption: str | None = None) -> None:
    """A model page's code: the dataset (recipe and drawn points), the model, fit, both accuracies."""
    if recipe is not None:
        show_code(code.fit_snippet(recipe, drawn, model_key, dict(params)), caption or FIT_CAPTION)


def show_model(recipe, drawn: tuple, model, caption: str | None = None) -> None:
    """Like :func:`show_fit` for a model the page builds itself (an unfitted instance)."""
    if recipe is not None:
        show_code(code.instance_snippet(recipe, drawn, model), caption or FIT_CAPTION)
