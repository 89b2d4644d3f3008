"""Validation curve: accuracy against one hyperparameter, tied to the boundary it stands for."""

import streamlit as st

from catalog import code_model_pages
from catalog.models import MODELS
from catalog.specs import ParamSpec
from mlcore.model_selection import fold_mean_sd
from ui import reading
from ui.core import alt_text, charts, guide, lectures_selection, presets, settings
from ui.core.charts import config as chart_config
from ui.core.layout import Ahead, compute_ahead, finish, fit_screen, page, part
from ui.core.model_setting import MODEL
from ui.core.params import widget_key
from ui.core.show_code import show_code
from ui.data import draw
from ui.live.live_chart import shared_chart
from ui.model_selection import curve_runs
from ui.serving import fits
from viz import decision_figure, points_figure
from viz.curves import validation_curve_figure

CHART = "vc_chart"
BOUNDARY = "vc_boundary"   # the boundary of the value shown, drawn ahead
CONFIG = chart_config("validation_curve", scroll_zoom=False, double_click=False)
FOLDS = ParamSpec("folds", "int", 5, 2, 10, label="folds",
                  help="k of stratified k-fold cross-validation on the training set.")

recipe, drawn, data, _ = page("Validation curve", name="validation", opening=lectures_selection.VALIDATION_OPENING)
st.sidebar.caption("A **validation curve** scores one hyperparameter's values by cross-validation. "
                   "Too simple a model scores low on training and validation points alike (underfitting); "
                   "too flexible a model scores high on training points and lower on validation points "
                   "(overfitting). Click a value on the curve, or move its slider, to see that model's boundary.")
presets.row("validation", lectures_selection.VALIDATION, lectures_selection.VALIDATION_HELP, chart=CHART,
            chart_height=430)


shown = curve_runs.value_text


@st.fragment
def curve_part(recipe, drawn, data) -> None:
    """The model, the varied setting, the others and the folds, and everything they change: a step of
    one of them reruns this alone (ui.core.layout.part)."""
    with part("validation", share=True):
        row = st.columns([1.6, 1.1, 1.7, 0.9, 0.8])
        model_key = settings.setting(MODEL, "model", where=row[0], format_func=lambda k: MODELS[k].label)
        spec = MODELS[model_key]
        candidates = curve_runs.variable_params(spec, curve_runs.current_params(spec))
        varied = None
        if candidates:
            vary = ParamSpec("vary", "choice", candidates[0].link, choices=tuple(p.link for p in candidates),
                             label="vary", help="The hyperparameter on the curve's x axis; the others stay as set.")
            varied = spec.param(settings.setting(vary, f"vc_vary_{model_key}", where=row[1],
                                                 format_func=lambda n: spec.param(n).label or n))
            values = curve_runs.curve_values(varied)

            def _clicked(x: float, _y: float) -> None:
                settings.put(widget_key(spec, varied), curve_runs.nearest_value(values, x, varied.log))

            # A click on the curve (from the previous render) sets the value before its slider is drawn.
            with row[1]:
                draw.listen(CHART, True, on_click=_clicked, key="vc_click")
        others = len(spec.params) - (varied is not None)
        with row[3].popover("others", width="stretch", disabled=others == 0,
                            help="The other hyperparameters of the model: the curve is drawn with them fixed."):
            hp = curve_runs.param_widgets_apart(spec, varied.name if varied else None, row[2], st)
        folds = settings.setting(FOLDS, "vc_folds", where=row[4])
        key_params = tuple(sorted(hp.items()))

        chart_col, side = st.columns([1.25, 1], gap="medium")
        problem = data.error or curve_runs.data_problem(data.y_train, folds)
        if varied is None or problem:
            with chart_col:
                if problem:
                    st.warning(problem, icon=":material/info:")
                else:
                    st.info(f"{spec.label} has no hyperparameter to vary: its boundary is fixed by the data alone.",
                            icon=":material/info:")
                with st.container(key=CHART):
                    charts.plotly_chart(points_figure(data.X_train, data.y_train, bounds=data.bounds, height=430),
                                        width="stretch", theme=None, config=CONFIG)
            if not problem:
                fit = fits.fit(recipe, drawn, model_key, key_params)
                if fit.model is not None:
                    grid = fits.grid(recipe, drawn, model_key, key_params, 200)
                    charts.plotly_chart(decision_figure(fit.model, data.X_train, data.y_train, grid=grid, height=430,
                                                      title=f"train {fit.train_acc:.0%}"),
                                        width="stretch", theme=None, config=CONFIG, key="vc_boundary", where=side)
            return

        label = varied.label or varied.name
        chosen = hp[varied.name]


        fixed = tuple(item for item in key_params if item[0] != varied.name)
        with chart_col:
            curve = curve_runs.validation(recipe, drawn, model_key, fixed, varied.name, tuple(values), folds)
            with st.container(key=CHART):
                charts.plotly_chart(fit_screen(CHART, validation_curve_figure(values, curve.train, curve.test,
                                                                              param_label=label, log=varied.log,
                                                                              selected=chosen, height=430)),
                                    width="stretch", height="stretch", theme=None, config=CONFIG)
            best = alt_text.best(curve.test)
            alt_text.summary(CHART, f"Validation curve of {spec.label}: mean training and validation accuracy over "
                             f"{folds} folds for {label} from {shown(values[0])} to {shown(values[-1])}; the best "
                             f"validation accuracy at {label} = {'—' if best is None else shown(values[best])}", data,
                             {"best validation accuracy": None if best is None else alt_text.mean(curve.test[best]),
                              "its training accuracy": None if best is None else alt_text.mean(curve.train[best])})

        fit = fits.fit(recipe, drawn, model_key, key_params)
        with side:
            if fit.model is None:
                st.info(fit.error, icon=":material/info:")
            with st.container(key=BOUNDARY):   # updated in place: ui/live/live_chart.py
                shared_chart(BOUNDARY, CONFIG, curve_runs.fitted_chart, recipe, drawn, model_key, key_params,
                             varied.name, 430)

        mean, sd, count = fold_mean_sd(curve.test)
        scored = [i for i in range(len(values)) if count[i] > 0]
        current = next((i for i, v in enumerate(values) if v == chosen), -1)
        guide.see(reading.validation_reading(label, values, fold_mean_sd(curve.train)[0], mean, current, shown),
                  model_key, hp)
        if scored:
            best = max(scored, key=lambda i: (mean[i], -i))
            st.markdown(f"**Best {label}: {shown(values[best])}**, validation accuracy {mean[best]:.1%} ± "
                        f"{sd[best]:.1%} over {int(count[best])} folds (the star). The dotted line is the value "
                        "the boundary on the right is drawn for: click another value on the curve, or move the "
                        f"**{label}** slider above.")
        else:
            st.warning("Every fit failed, so there is no curve to read; see below.", icon=":material/info:")
        note = curve_runs.failures_text(curve, lambda i: f"{label} = {shown(values[i])}")
        st.caption(f"Stratified {folds}-fold cross-validation on the {len(data.y_train)} training points; the test "
                   "set is not used to choose. Bands: mean ± one standard deviation over the folds. The boundary is "
                   "the model trained on the whole training set. " + (note or ""))

        guide.next_pages("svm", "bias_variance", "search", model=model_key, params=hp)
        show_code(code_model_pages.validation_curve_page(recipe, drawn, model_key, hp, varied.name, values, folds),
                  "The validation curve as the page computes it: every value scored on the same stratified folds.")
        compute_ahead("validation", spec, hp, lambda q: ahead_work(recipe, drawn, model_key, q, varied, values, folds),
                      scope=(model_key, varied.name),
                      chart=Ahead(BOUNDARY, curve_runs.fitted_chart,
                                  lambda q: (recipe, drawn, model_key, tuple(sorted(q.items())), varied.name, 430),
                                  lambda p: widget_key(spec, p)))


def ahead_work(recipe, drawn, model_key, hp: dict, varied, values, folds) -> list[tuple]:
    """What a run at ``hp`` computes, in the order it needs it (ui.serving.ahead)."""
    key_params = tuple(sorted(hp.items()))
    fixed = tuple(item for item in key_params if item[0] != varied.name)
    return [(fits.fit, recipe, drawn, model_key, key_params), (fits.grid, recipe, drawn, model_key, key_params, 200),
            (curve_runs.fitted_chart, recipe, drawn, model_key, key_params, varied.name, 430),
            (curve_runs.validation, recipe, drawn, model_key, fixed, varied.name, tuple(values), folds)]


curve_part(recipe, drawn, data)
finish()
