"""Bias and variance: models fitted on resampled training sets, overlaid, and the 0-1 loss
decomposed (Domingos) against the model's complexity."""

from dataclasses import replace

import streamlit as st

from catalog import code_model_pages
from catalog.models import MODELS
from catalog.specs import ParamSpec
from mlcore import ValidationError
from ui import reading
from ui.core import alt_text, charts, guide, lectures_bias_variance, presets, settings
from ui.core.charts import config as chart_config
from ui.core.layout import compute_ahead, finish, fit_screen, page, part
from ui.core.show_code import show_code
from ui.model_selection import bias_variance_texts as texts
from ui.model_selection import sweeps
from ui.model_selection.bias_variance_runs import TEST_POINTS, curve, curve_values, decompose, default_rounds, others
from viz.decision import points_figure, titled
from viz.selection import bias_variance_figure, overlay_figure

CHART = "bv_overlay"
HEIGHT = 530   # the plane's height on a 720 px screen: its bottom edge at the screen's
READ = ("expected_loss", "bias", "net_variance", "noise", "noise_term")   # the terms the reading uses
NEXT = {"svm": "svm", "tree": "tree", "random_forest": "ensembles", "adaboost": "ensembles", "mlp": "nn"}
CONFIG = chart_config("bias_variance", scroll_zoom=False, double_click=False)
ROUNDS = ParamSpec("rounds", "int", None, 5, 200, label="training sets",
                   help="How many training sets the model is fitted on, one model each: fresh draws from the "
                        "generator when its distribution is known, else bootstrap samples of the training set "
                        "(n points drawn with replacement). More make the standard errors smaller and the page slower.")


recipe, drawn, data, _ = page("Bias-variance", name="bias_variance", opening=lectures_bias_variance.OPENING)
st.sidebar.caption(texts.SIDEBAR)
presets.row("bias_variance", lectures_bias_variance.STEPS, lectures_bias_variance.HELP, chart=CHART,
            chart_height=HEIGHT)


@st.fragment
def bias_variance(recipe, drawn, data) -> None:
    """The model, its settings and everything they change (the overlay, its metrics, What you see,
    the curve, Where next, Show code): a step of one of its sliders reruns this alone
    (ui.core.layout.part), and the neighbouring positions are computed ahead."""
    with part("bias_variance", share=True):
        settings_and_charts(recipe, drawn, data)


def settings_and_charts(recipe, drawn, data) -> None:
    left, right = st.columns([1, 3], gap="large")
    with left:
        key, spec, hp = sweeps.model_picker()
        st.divider()
        rounds = settings.setting(replace(ROUNDS, default=default_rounds(key)), f"bv_rounds_{key}")
        options = [p.link for p in sweeps.tunable(spec, hp) if p.kind in ("int", "float", "choice")]
        if options:
            default = sweeps.COMPLEXITY.get(key, options[0])
            complexity = settings.setting(
                ParamSpec("complexity", "choice", default if default in options else options[0], choices=tuple(options),
                          label="complexity axis", help="The hyperparameter swept along the curve below."),
                f"bv_complexity_{key}", format_func=lambda n: spec.param(n).label or n)
            complexity = spec.param(complexity).name  # the link holds the link key (k), the model its name

    X, y = data.X_train, data.y_train
    problem = sweeps.too_few(data, minimum=4)
    if problem is None and not len(data.y_test):
        problem = ("Bias and variance are measured on the test set, and this dataset has none (drawn points all "
                   "train): generate data with a test share.")
    if problem:
        with right:
            st.warning(problem, icon=":material/info:")
            with st.container(key=CHART):
                charts.plotly_chart(fit_screen(CHART, points_figure(X, y, bounds=data.bounds, height=460)),
                                    width="stretch", height="stretch", config=CONFIG)
        return

    key_params = tuple(sorted(hp.items()))
    with right:
        try:
            view = decompose(recipe, drawn, key, key_params, rounds)
        except ValidationError as err:
            st.warning(f"{spec.label} cannot be fitted on resampled training sets here: {err}",
                       icon=":material/info:")
            return
        chart, stats = st.columns([3, 1])
        with chart, st.container(key=CHART):
            fig = overlay_figure(view.vote, view.vote.confidence, view.shown, X, y, X_test=data.X_test,
                                 y_test=data.y_test, height=HEIGHT)
            charts.plotly_chart(fit_screen(CHART, titled(fig, data.axes)), width="stretch", height="stretch",
                                config=CONFIG)
        chart.caption(texts.overlay_caption(view, rounds, len(view.shown)))
        alt_text.summary(CHART, f"The boundaries of {len(view.shown)} of {rounds} {spec.label} models, each fitted "
                         "on a fresh training set, over their vote", data, {k: v for k, v, _ in texts.metrics(view)})
        for label, value, explained in texts.metrics(view):
            stats.metric(label, value, help=explained)
        st.caption(texts.identity(view))
        if options:
            p = spec.param(complexity)
            values = curve_values(key, p)
            try:
                terms, ses, paired, errors = curve(recipe, drawn, key, others(key_params, complexity), complexity,
                                                   values, rounds)
            except ValidationError as err:
                st.warning(str(err), icon=":material/info:")
                return
            now = hp.get(complexity)
            current = values.index(now) if now in values else None
            guide.see(reading.bias_variance_reading(
                p.label or p.name, values, terms[:, 0], paired, current,
                {name: getattr(view.result, name) for name in READ}, view.known, complexity), key, hp)

    if options:
        st.subheader("Bias and variance against complexity", anchor=False)
        columns = ("loss", "noise_term", "bias", "variance", "net_variance")
        charts.plotly_chart(bias_variance_figure(values, p.label or p.name, loss=terms[:, 0],
                                                 noise_term=terms[:, 1] if view.known else None, bias=terms[:, 2],
                                                 noise=view.result.noise if view.known else None,
                                                 variance=terms[:, 3], net_variance=terms[:, 4], log=p.log,
                                                 current=current, errors=dict(zip(columns, ses.T, strict=True))),
                            width="stretch", config=CONFIG, key="bv_curve")
        st.caption(texts.curve_caption(view.known, rounds, view.n_test, current is not None, errors))
    else:
        st.info(f"{spec.label} has no hyperparameter to sweep.", icon=":material/info:")

    guide.next_pages("validation_curve", NEXT.get(key, "playground"), "search", "learning_curves", model=key,
                     params=hp)
    sampled = ("the model on fresh training sets from the generator, against the Bayes label." if view.known else
               "the model on bootstrap samples, scored on the test set.")
    show_code(code_model_pages.bias_variance_page(recipe, drawn, key, hp, rounds, known=view.known,
                                                  n_test=TEST_POINTS),
              "The decomposition at the current settings: " + sampled)
    axis = complexity if options else None
    compute_ahead("bias_variance", spec, hp, lambda q: ahead_work(recipe, drawn, key, q, rounds, axis), opening=axis)


def ahead_work(recipe, drawn, key: str, hp: dict, rounds: int, complexity: str | None) -> list[tuple]:
    """What a run at the settings ``hp`` computes, in the order it needs it (ui.serving.ahead): the
    overlay's decomposition, then the curve (the same one, a hit, when the slider moved is its axis)."""
    key_params = tuple(sorted(hp.items()))
    work = [(decompose, recipe, drawn, key, key_params, rounds)]
    if complexity is not None:
        values = curve_values(key, MODELS[key].param(complexity))
        work.append((curve, recipe, drawn, key, others(key_params, complexity), complexity, values, rounds))
    return work


bias_variance(recipe, drawn, data)
finish()
