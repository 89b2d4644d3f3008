"""The point whose f(x) the SVM page takes apart, set by a click on the plane."""

from __future__ import annotations

import numpy as np
import streamlit as st

from ui.core import settings

# The page's section that takes the point apart (its tabs: ui.core.sections), opened by a click.
SECTION_KEY, POINT_SECTION = "svm_section", "Where f(x) comes from"


def pick_point(x: float, y: float, data, show_test: bool) -> None:
    """The point taken apart becomes the shown data point nearest the click, if one is within 3%
    of the plane's size, else the clicked spot itself (any x has an f(x))."""
    X = np.vstack([data.X_train, data.X_test]) if show_test and len(data.X_test) else data.X_train
    x0, x1, y0, y1 = data.bounds
    dist = np.hypot((X[:, 0] - x) / (x1 - x0), (X[:, 1] - y) / (y1 - y0))
    if len(X) and dist.min() <= 0.03:
        x, y = X[int(np.argmin(dist))]
    settings.put("svm_px", round(float(x), 2))
    settings.put("svm_py", round(float(y), 2))
    st.session_state[SECTION_KEY] = POINT_SECTION
