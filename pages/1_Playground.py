"""Playground: any model on any dataset, drawn or generated; the decision regions live."""

import numpy as np
import streamlit as st

from catalog.models import MODELS
from catalog.specs import ParamSpec
from ui import reading
from ui.core import alt_text, guide, lectures, on_screen, overlays, params, presenter, presets, sections, settings
from ui.core.charts import config as chart_config
from ui.core.layout import Ahead, compute_ahead, controls, finish, page, part, screen_height
from ui.core.model_setting import MODEL
from ui.core.show_code import show_fit
from ui.data.dataset_panel import FIELDS
from ui.data.recipe import BLANK
from ui.live.live_chart import shared_chart
from ui.model_selection import curve_runs
from ui.serving import fits
from viz import confusion_figure, decision_figure, points_figure

CHART = "playground_chart"
BELOW_KEY = "playground_below_chart"   # the reading and the sections under the plane (ui.core.on_screen)
# below the plane, one at a time: the learning curve (5 folds x 8 sizes) is most of a step's CPU
BELOW = {"test": "Test set: confusion matrix, per class", "learning": "Learning curve"}
NOISE = next(f for f in FIELDS if f.name == "noise")   # the data's slider in the sidebar
SHOW_TEST = ParamSpec("show_test", "bool", True, label="test points",
                      help="Hollow markers: points held out from training, used for the test accuracy.")
SHOW_CONF = ParamSpec("show_conf", "bool", True, label="confidence shading",
                      help="Stronger colour where the model is surer of its prediction.")

recipe, drawn, data, drawing = page(None, name="playground", draw_on=CHART, opening=lectures.PLAYGROUND_OPENING)
presets.row("playground", lectures.PLAYGROUND, lectures.PLAYGROUND_HELP, chart=CHART, chart_height=530)


def plane(recipe, drawn, model_key, key_params, show_test, show_conf, explain_on, query):
    """The figure, its grid and the overlay's explanation: the same for every session on
    the same link (ui.live.live_chart.shared_chart builds it once)."""
    data, fit = fits.dataset(recipe, drawn), fits.fit(recipe, drawn, model_key, key_params)
    if fit.model is None:
        X, y = data.X_train, data.y_train
        if show_test:
            X, y = np.vstack([X, data.X_test]), np.concatenate([y, data.y_test])
        fig, grid, explained = points_figure(X, y, bounds=data.bounds, height=530, axis_titles=data.axes), None, None
    else:
        grid = fits.grid(recipe, drawn, model_key, key_params, 200)
        # a plain dict unless the overlays draw on it: the live chart only sends it on
        fig = decision_figure(fit.model, data.X_train, data.y_train, X_test=data.X_test, y_test=data.y_test,
                              show_test=show_test, show_confidence=show_conf, grid=grid, height=530,
                              axis_titles=data.axes, predictions=fit.predictions, plain=not explain_on)
        explained = overlays.overlay(fig, fit.model, data, explain_on, query=query)
    # the container's height (screen_height): no height in the figure, as plotly writes a None
    if isinstance(fig, dict):
        fig["layout"].pop("height", None)
    else:
        fig.layout.height = None
    return fig, grid, explained


def confusion(recipe, drawn, model_key, key_params):
    fit = fits.fit(recipe, drawn, model_key, key_params)
    return confusion_figure(fit.cm, fit.labels, normalize=False, height=360), None, None


@st.fragment
def playground(recipe, drawn, data, drawing):
    """The model, its settings and everything they change: a step of one of its sliders reruns
    this alone (ui.core.layout.part), not the dataset panel and the lecture row above it."""
    with part("playground", share=True):
        left, right = controls([1.2, 3], gap="large")
        with left:
            model_key = settings.setting(MODEL, "model", format_func=lambda k: MODELS[k].label)
            spec = MODELS[model_key]
            st.caption(f"**{spec.family}.** {spec.summary}")
            explain_slot = st.empty()  # the switch, drawn once the fit says what this model can show
            hp = params.param_widgets(spec)
            st.divider()

        with right:
            # presenting: the switches and the accuracies beside the plane, which keeps the screen's height
            plane_col, side = st.columns([4, 1]) if presenter.active() else (right, None)
            t1, t2, t3, t4 = [side] * 4 if side else st.columns([1.3, 1.7, 1, 1])
            show_test = settings.setting(SHOW_TEST, "show_test", where=t1)
            show_conf = settings.setting(SHOW_CONF, "show_conf", where=t2)

        key_params = tuple(sorted(hp.items()))
        fit = fits.fit(recipe, drawn, model_key, key_params)
        explain_on = overlays.toggle(fit.model, "explain", where=explain_slot)

        with t3:
            st.metric("train accuracy", "—" if fit.train_acc is None else f"{fit.train_acc:.1%}",
                      help=f"Share of the {len(data.y_train)} training points the model gets right.")
        with t4:
            st.metric("test accuracy", "—" if fit.test_acc is None else f"{fit.test_acc:.1%}",
                      help=f"Share of the {len(data.y_test)} held-out test points the model gets right.")

        with right:
            if fit.model is None:
                st.error(fit.error, icon=":material/block:")
            query = overlays.query_point(data)[0] if explain_on else None
            screen_height(CHART, 530)
            with plane_col, st.container(key=CHART):
                # updated in place (Plotly.react); ui.live.live_chart.ENABLED = False draws it with st.plotly_chart
                explained = shared_chart(CHART, chart_config("playground", scroll_zoom=False, double_click=False),
                                         plane, recipe, drawn, model_key, key_params, show_test, show_conf, explain_on,
                                         query)
            alt_text.summary(CHART, ("Training and test points" if fit.model is None else
                                     f"Decision regions of {alt_text.model_text(spec.label, hp)}"), data,
                             {"train accuracy": fit.train_acc, "test accuracy": fit.test_acc})
            st.caption(f"{len(data.y_train)} training points (filled), {len(data.y_test)} test points (hollow)."
                       + (" Click anywhere on the plane to add a point of the class chosen in the sidebar."
                          if drawing == "add" else ""))
            # under the chart, never above it: the chart keeps the first screen. What is under it
            # (the reading's 15 fits of cross-validation, the test set's figure) is computed once
            # the student scrolls there (ui.core.on_screen): half a distinct step's CPU otherwise
            if fit.model is not None:
                overlays.below(explained, fit.model, data)
            below_shown = fit.model is not None and on_screen.shown(BELOW_KEY)
            with st.container(key=BELOW_KEY):
                if fit.model is not None and not below_shown:
                    st.caption(":material/visibility: **What you see**: reading the chart…")
                elif fit.model is not None:
                    cv = fits.cv(recipe, drawn, model_key, key_params) or (None, None)
                    guide.see(reading.fit_reading(model_key, hp, reading.Scores(
                        fit.train_acc, fit.test_acc, *cv, fits.reference(recipe, drawn), len(data.y_train)),
                        spec.label), model_key, hp)

        learning = False
        if not below_shown:
            sections.keep(BELOW, "playground_below")   # a link's section=learning waits for the scroll
        else:   # one section at a time, built only when open (ui/core/sections.py)
            below = sections.tabs(BELOW, "playground_below")
            learning = below["learning"].open
            if below["test"].open:
                with below["test"]:
                    test_set(recipe, drawn, model_key, key_params, fit)
            if learning:
                with below["learning"], st.columns([2, 1])[0]:
                    curve_runs.learning_panel(recipe, drawn, model_key, key_params, data.y_train)

        guide.next_pages("learning_curves", "validation_curve", "compare", model=model_key, params=hp)
        show_fit(recipe, drawn, model_key, hp)
        # the data's noise slider is drawn ahead too (the only slider of a model without one), on
        # generated points only: drawn, uploaded or erased points have no neighbouring noise
        noisy = recipe.data != BLANK and not recipe.upload and not recipe.erased
        specs, values = ((*spec.params, NOISE), hp | {NOISE.name: recipe.noise}) if noisy else (spec.params, hp)

        def at(p: dict) -> tuple:
            """The plane's arguments at settings ``p`` (the noise among them, when drawn ahead)."""
            model = tuple(sorted((k, v) for k, v in p.items() if k != NOISE.name))
            return (recipe._replace(noise=p.get(NOISE.name, recipe.noise)), drawn, model_key, model, show_test,
                    show_conf, explain_on, query)
        compute_ahead("playground", specs, values, lambda p: ahead_work(*at(p), below=below_shown, learning=learning),
                      scope=model_key,
                      also=NOISE.name if noisy else None,
                      chart=Ahead(CHART, plane, at, lambda p: "ds_noise" if p is NOISE else params.widget_key(spec, p)))


def test_set(recipe, drawn, model_key, key_params, fit) -> None:
    """The test set counted: the confusion matrix and each class's precision, recall and F1."""
    if fit.cm is None:
        st.caption("No test points: move the test fraction up in the sidebar to hold some out.")
        return
    c1, c2 = st.columns([1, 1], gap="large")
    with c1:
        st.subheader("Confusion matrix (test set)", anchor=False)
        with st.container(key="playground_confusion"):
            shared_chart("playground_confusion", chart_config("playground"), confusion, recipe, drawn,
                         model_key, key_params)
    with c2:
        st.subheader("Per class (test set)", anchor=False)
        precision, recall, f1 = fit.prf
        # a markdown table: a few rows need no sorting, and it costs a tenth of st.dataframe per run
        rows = "".join(f"| {c} | {p:.2f} | {r:.2f} | {f:.2f} | {n} |\n" for c, p, r, f, n in
                       zip(fit.labels, precision, recall, f1, fit.cm.sum(axis=1), strict=True))
        st.markdown("| class | precision | recall | F1 | test points |\n|---|---:|---:|---:|---:|\n" + rows)


def ahead_work(recipe, drawn, model_key, key_params, show_test, show_conf, explain_on, query,
               below: bool = True, learning: bool = False) -> list[tuple]:
    """What a run at ``key_params`` computes, in the order it needs it (ui.serving.ahead): what is
    under the chart only while it is on the screen (``below``), the learning curve only while its
    section is open too."""
    return [(fits.fit, recipe, drawn, model_key, key_params), (fits.grid, recipe, drawn, model_key, key_params, 200),
            (plane, recipe, drawn, model_key, key_params, show_test, show_conf, explain_on, query)] + (
        [(fits.reference, recipe, drawn), (fits.cv, recipe, drawn, model_key, key_params),
         (confusion, recipe, drawn, model_key, key_params)] if below else []) + (
        [(curve_runs.panel_curve, recipe, drawn, model_key, key_params)] if below and learning else [])


playground(recipe, drawn, data, drawing)
finish()
