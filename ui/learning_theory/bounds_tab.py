"""The Learning theory page's "Bounds against reality" tab: the VC and Rademacher bounds of a linear
model against its true test error, over training sizes m.

The samples come from the sidebar's generator, with this tab's own share of flipped labels
(default a tenth): on data a line separates, the test error would be a flat zero and the bounds
could be compared with nothing; with flipped labels no model beats the flip rate, as in real data.
"""

from __future__ import annotations

import streamlit as st

from catalog.models import MODELS
from catalog.specs import ParamSpec
from ui import reading
from ui.core import charts, guide, settings
from ui.core.progress import Progress
from ui.data.dataset_panel import BLANK
from ui.learning_theory import experiments as work
from ui.learning_theory import theory_texts as texts
from viz.theory import bounds_figure

LINEAR = ("logistic", "least_squares", "perceptron", "linear_svm_sgd")
BOUND_MODEL = ParamSpec("bound_model", "choice", "logistic", choices=LINEAR, label="linear model",
                        help="A linear classifier in the plane: its class (lines) has VC dimension d = 3.")
BOUND_DELTA = ParamSpec("bound_delta", "float", 0.05, 0.01, 0.5, step=0.01, label="δ",
                        help="The bounds hold with probability at least 1 − δ.")
RESAMPLES = ParamSpec("resamples", "int", 10, 3, 30, label="resamples per m",
                      help="Fresh training samples per size m (and random-label draws for R̂).")
BOUND_FLIP = ParamSpec("bound_flip", "float", 0.1, 0.0, 0.4, step=0.05, label="labels flipped",
                       help="The share of sampled points (training and test) given the other label: noise no model "
                            "can learn, so the test error stays above it. This tab's own setting; it replaces the "
                            "sidebar's label noise here.")


def bounds_tab(recipe, config: dict) -> None:
    if recipe.data == BLANK or recipe.classes != 2:
        st.info("The bounds are drawn for a generator with two classes: pick one in the sidebar's dataset "
                "panel (the test error needs fresh samples, so drawn points are not used here).")
        return
    left, right = st.columns([1, 2.6], gap="large")
    with left:
        model_key = settings.setting(BOUND_MODEL, "th_bound_model", format_func=lambda k: MODELS[k].label)
        delta = settings.setting(BOUND_DELTA, "th_bound_delta")
        resamples = settings.setting(RESAMPLES, "th_resamples")
        flip = settings.setting(BOUND_FLIP, "th_bound_flip")
    sampled = recipe._replace(label_noise=float(flip))
    with Progress("Fitting fresh samples and random labels", unit="training set sizes") as progress:
        result = work.bound_curves(sampled, model_key, delta, resamples, progress=progress)
    with right:
        # 400 px: under the page's lecture row, the axis stays on a 1280x720 screen
        charts.plotly_chart(bounds_figure(result, vc_dim=3, delta=delta, height=400), width="stretch", theme=None,
                            config=config, key="theory_bounds")
    guide.see(reading.bounds_reading(result["sizes"], result["test"], result["vc"]))
    if vacuous := texts.vacuous_bounds(result):
        st.warning(vacuous, icon=":material/info:")
    with left:
        st.caption(texts.samples_note(resamples, sampled))
    st.caption("VC: R(h) ≤ R̂(h) + √(2 ln(em/d) / (m/d)) + √(ln(1/δ) / (2m)), d = 3 for lines in the plane.  "
               "Rademacher: R(h) ≤ R̂_S(h) + R̂_S(H) + 3√(ln(2/δ) / (2m)), with R̂_S(H) estimated by fitting "
               "random labels on the first sample of each size.")
