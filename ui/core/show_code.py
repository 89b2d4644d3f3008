""""Show code" under a page's main chart: the mlcore lines that reproduce the view (catalog.code_render and
catalog.code_model_pages write them), in a collapsed expander with Streamlit's copy button."""

from __future__ import annotations

import streamlit as st

from catalog import code_render
from ui.serving import fits

LABEL = "Show code"
FIT_CAPTION = ("The dataset, the model with the page's settings, fit and score: run it to get the accuracies "
               "the page shows.")


def show_code(text: str, caption: str | None = None) -> None:
    """The expander with ``text`` as Python; ``caption``: one line on what it reproduces."""
    with st.expander(LABEL, icon=":material/code:"):
        if caption:
            st.caption(caption)
        st.code(text, language="python")


MAX_INLINE = 1000  # points written out in the code; more would make a page of numbers


def source(recipe):
    """What the code starts from: the recipe, or, for your own (uploaded, edited) points or
    erased ones, which no recipe reproduces, the page's training and test sets point by point
    (None when they are too many to write out)."""
    if not (recipe.upload or recipe.erased):
        return recipe
    data = fits.dataset(recipe, ())
    if len(data.y_train) + len(data.y_test) > MAX_INLINE:
        return None
    def rows(X, y):
        return tuple((float(a), float(b), int(c)) for (a, b), c in zip(X, y, strict=True))
    return code_render.Sets(rows(data.X_train, data.y_train), rows(data.X_test, data.y_test))


def _too_many() -> None:
    with st.expander(LABEL, icon=":material/code:"):
        st.caption(f"Your points are more than {MAX_INLINE:,} to write out in code: the Data panel's table "
                   "downloads them as a CSV (x1, x2, label, split).")


def show_fit(recipe, drawn: tuple, model_key: str, params: dict, caption: str | None = None) -> None:
    """A model page's code: the dataset (recipe or points, and drawn points), the model, fit, both
    accuracies."""
    _show_data_code(recipe, lambda data: code_render.fit_snippet(data, drawn, model_key, dict(params)), caption)


def show_model(recipe, drawn: tuple, model, caption: str | None = None) -> None:
    """Like :func:`show_fit` for a model the page builds itself (an unfitted instance)."""
    _show_data_code(recipe, lambda data: code_render.instance_snippet(data, drawn, model), caption)


def _show_data_code(recipe, snippet, caption: str | None) -> None:
    """``snippet(data)``'s code for the page's dataset, or why it cannot be written out."""
    if recipe is None:
        return
    data = source(recipe)
    if data is None:
        _too_many()
        return
    show_code(snippet(data), caption or FIT_CAPTION)
