"""The Show-code text of the Learning theory page's open tab: the tab's mlcore calls, written by
``catalog.code_other_pages`` with the settings the session holds."""

import streamlit as st

from catalog import code_other_pages
from catalog.models import MODELS
from ui.core import params, settings
from ui.learning_theory import experiments as work
from ui.learning_theory.bounds_tab import BOUND_FLIP


def tab_code(tab: str, recipe, drawn, data, points: list, tree_k_default: int) -> str | None:
    """The open tab's mlcore calls with its current settings; None when the tab explained what it
    needs instead."""
    value = settings.value
    if tab == "pac":
        text = code_other_pages.pac_tab(value("th_eps"), value("th_delta"), value("th_d"))
    elif tab == "shattering":
        if not points:
            return None
        text = code_other_pages.shattering_tab(points, value("th_hclass"), value("th_tree_k", tree_k_default))
    elif tab == "bounds":
        if value("th_bound_model") is None:  # the tab explained what it needs instead
            return None
        sampled = recipe._replace(label_noise=float(value("th_bound_flip", BOUND_FLIP.default)))  # the tab's own
        text = code_other_pages.bounds_tab(sampled, value("th_bound_model"), value("th_bound_delta"),
                                        value("th_resamples"), work.BOUND_SIZES)
    elif tab == "rademacher":
        family = value("th_family")
        if family is None or f"th_cap_{family}" not in st.session_state:
            return None
        text = code_other_pages.rademacher_tab(recipe, drawn, family, work.CAPACITY[family][0],
                                            value(f"th_cap_{family}"), min(100, len(data.X_train)))
    else:
        model_key = value("th_bayes_model")
        if model_key is None:
            return None
        spec = MODELS[model_key]
        hp = {p.name: value(params.widget_key(spec, p), p.default) for p in spec.params}
        text = code_other_pages.bayes_tab(recipe, drawn, model_key, hp)
    return text
