"""Bias and variance: models fitted on resampled training sets, overlaid, and the 0-1 loss
decomposed (Domingos) against the model's complexity."""

from dataclasses import replace

import numpy as np
import streamlit as st

from catalog import code_model_pages
from catalog.specs import ParamSpec
from mlcore import ValidationError
from mlcore.model_selection import bias_variance_decomposition
from ui.core import charts, settings
from ui.core.charts import config as chart_config
from ui.core.layout import finish, fit_screen, page, stop
from ui.core.show_code import show_code
from ui.model_selection import sweeps
from ui.serving import fits
from viz.decision import points_figure
from viz.grid import DecisionGrid, evaluate_grid
from viz.selection import bias_variance_figure, overlay_figure

CHART = "bv_overlay"
CONFIG = chart_config("bias_variance", scroll_zoom=False, double_click=False)
ROUNDS = ParamSpec("rounds", "int", 20, 5, 50, label="bootstrap samples",
                   help="How many training sets are resampled (n points drawn with replacement); one model each.")
SWEEP = 7  # values of the complexity parameter on the curve


def decompose(recipe, drawn, key, key_params, rounds, callback=None):
    """The decomposition at the current settings, and each resampled model's grid (80 x 80)."""
    data = fits.dataset(recipe, drawn)
    model = sweeps.MODELS[key].make(**dict(key_params))
    result = bias_variance_decomposition(model, data.X_train, data.y_train, data.X_test, data.y_test,
                                         n_rounds=rounds, random_state=0, callback=callback, return_estimators=True)
    grids = [evaluate_grid(m, data.bounds, 80) for m in result.estimators]
    return replace(result, estimators=[]), grids  # the grids are all the page needs: the models are not kept


def curve(recipe, drawn, key, key_params, name, values, rounds, callback=None):
    """Loss, bias, variance and net variance at each value of ``name`` (NaN where a value cannot fit)."""
    data = fits.dataset(recipe, drawn)
    spec, hp = sweeps.MODELS[key], dict(key_params)
    rows, errors = [], []
    for v, value in enumerate(values):
        def step(done, total, what, v=v, value=value):
            if callback is not None:
                callback(v * total + done, len(values) * total,
                         f"{spec.param(name).label or name} = {sweeps.value_text(value)}, {what}")
        try:
            r = bias_variance_decomposition(spec.make(**{**hp, name: value}), data.X_train, data.y_train,
                                            data.X_test, data.y_test, n_rounds=rounds, random_state=0, callback=step)
            rows.append((r.expected_loss, r.bias, r.variance, r.net_variance))
        except ValidationError as err:
            rows.append((np.nan,) * 4)
            errors.append(str(err))
    return np.array(rows), errors


def vote(grids: list[DecisionGrid], classes: np.ndarray) -> tuple[DecisionGrid, np.ndarray]:
    """The majority vote of the grids (main prediction per cell) and its agreement in [0, 1]
    (0: the K classes equally often, 1: every model the same)."""
    K = len(classes)
    counts = np.zeros((K,) + grids[0].labels.shape)
    for g in grids:
        labels = np.searchsorted(classes, np.asarray(g.classes))[g.labels]
        np.add.at(counts, (labels,) + tuple(np.indices(labels.shape)), 1)
    main = np.argmax(counts, axis=0)
    share = np.max(counts, axis=0) / len(grids)
    agreement = (share - 1 / K) / (1 - 1 / K)
    g0 = grids[0]
    return DecisionGrid(g0.xs, g0.ys, main, agreement, None, classes, g0.bounds, "vote"), agreement


recipe, drawn, data, _ = page("Bias-variance", name="bias_variance")
st.sidebar.caption("Fit the same model on many resampled training sets. Where their boundaries disagree the "
                   "model has **variance**; where even their majority vote is wrong it has **bias**. Simple "
                   "models have bias, flexible ones variance; the expected loss is lowest in between.")

left, right = st.columns([1, 3], gap="large")
with left:
    key, spec, hp = sweeps.model_picker()
    st.divider()
    rounds = settings.setting(ROUNDS, "bv_rounds")
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
            charts.plotly_chart(fit_screen(CHART, points_figure(X, y, bounds=data.bounds, height=460)), width="stretch",
                                height="stretch", config=CONFIG)
    stop()

key_params = tuple(sorted(hp.items()))
classes = np.unique(np.concatenate([data.y_train, data.y_test]))
with right:
    try:
        result, grids = sweeps.cached(decompose, recipe, drawn, key, key_params, rounds,
                                         text=f"Fitting {spec.label} on {rounds} bootstrap samples")
    except ValidationError as err:
        st.warning(f"{spec.label} cannot be fitted on resampled training sets here: {err}", icon=":material/info:")
        stop()
    chart, stats = st.columns([3, 1])
    main, agreement = vote(grids, classes)
    with chart, st.container(key=CHART):
        fig = overlay_figure(main, agreement, grids, X, y, X_test=data.X_test, y_test=data.y_test, height=460)
        charts.plotly_chart(fit_screen(CHART, fig), width="stretch", height="stretch", config=CONFIG)
    chart.caption(f"Thin lines: the boundaries of {rounds} models, each fitted on a bootstrap sample of the "
                  "training set. Regions: their majority vote, paler where they disagree.")
    stats.metric("expected loss", f"{result.expected_loss:.1%}",
                 help="Mean over test points and samples of [prediction ≠ label].")
    stats.metric("bias", f"{result.bias:.1%}",
                 help="Share of test points whose main prediction (the vote) is wrong. "
                      "0 or 1 per point, so bias² = bias.")
    stats.metric("variance", f"{result.variance:.1%}",
                 help="Mean share of samples whose model disagrees with the vote.")
    stats.metric("net variance", f"{result.net_variance:.1%}",
                 help="Variance on points the vote gets right (adds to the loss) minus variance on points it gets "
                      "wrong (a disagreeing model is then right, so it lowers the loss).")
    st.caption(f"Check: bias + net variance = {result.bias:.1%} + {result.net_variance:.1%} = "
               f"{result.bias + result.net_variance:.1%} = expected loss (noise taken as 0: the test labels are "
               "treated as the best possible predictions).")

if options:
    st.subheader("Bias and variance against complexity", anchor=False)
    p = spec.param(complexity)
    values = tuple(sweeps.sweep_values(p, SWEEP))
    try:
        rows, errors = sweeps.cached(curve, recipe, drawn, key, key_params, complexity, values, rounds,
                                        text=f"Sweeping {p.label or p.name} over {len(values)} values")
    except ValidationError as err:
        st.warning(str(err), icon=":material/info:")
        stop()
    now = hp.get(complexity)
    current = values.index(now) if now in values else None
    label = p.label or p.name
    charts.plotly_chart(bias_variance_figure(values, label, loss=rows[:, 0], bias=rows[:, 1], variance=rows[:, 2],
                                         net_variance=rows[:, 3], log=p.log, current=current),
                        width="stretch", config=CONFIG, key="bv_curve")
    caption = (f"Each value: {rounds} models on bootstrap samples, scored on the {len(data.y_test)} test points; "
               "the other hyperparameters stay as set."
               + (" Dotted line: the current setting." if current is not None else ""))
    if errors:
        caption += f" Gaps: values that could not be fitted ({errors[0]})."
    st.caption(caption)
else:
    st.info(f"{spec.label} has no hyperparameter to sweep.", icon=":material/info:")

show_code(code_model_pages.bias_variance_page(recipe, drawn, key, hp, rounds),
          "The decomposition at the current settings: the model on bootstrap samples, scored on the test set.")
finish()
