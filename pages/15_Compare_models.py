"""Compare models: every registered model (or a chosen few) on the same data, side by side, with
cross-validated accuracy ± sd and fit time."""

import time

import numpy as np
import pandas as pd
import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from catalog import code_model_pages
from catalog.specs import ParamSpec
from ui import reading
from ui.core import alt_text, charts, guide, lectures_selection, params, presets, settings
from ui.core.charts import config as chart_config
from ui.core.layout import finish, fit_screen, page, screen_height, stop
from ui.core.progress import Progress
from ui.core.show_code import show_code
from ui.live import live_chart
from ui.model_selection import compare_runs, sweeps
from ui.serving import ahead
from ui.serving.cache import shared
from viz.decision import points_figure

CHART = "compare_grid"
CONFIG = chart_config("compare_models", scroll_zoom=False, double_click=False)
FOLDS = ParamSpec("compare_folds", "int", 5, 2, 10, label="CV folds",
                  help="Stratified k-fold on the training set for every model.")
CHOSEN = "cmp_models"
WAY = "_compare_folds_way"   # (what the panels show but the folds, the folds, whether they last went up)
PARTIAL_EVERY = 0.5   # s between two drawings of the panels while models are still being cross-validated


def current_params(spec) -> tuple:
    """The model's hyperparameters as last set on any page (its defaults otherwise)."""
    values = {p.name: settings.value(params.widget_key(spec, p), p.default) for p in spec.params}
    return tuple(sorted(values.items()))


def chosen_models() -> list[str]:
    """The multiselect of models, kept for the session and in the link as models=knn,svm (all: no item)."""
    raw = settings.take("models")
    if raw is not None:
        asked = [k for k in raw.split(",") if k]
        unknown = [k for k in asked if k not in sweeps.MODELS]
        if unknown:
            settings.report(f"**models**: {', '.join(unknown)} is not a model; using the others.")
        st.session_state[CHOSEN] = [k for k in asked if k in sweeps.MODELS] or list(sweeps.MODEL_KEYS)
    st.session_state.setdefault(CHOSEN, list(sweeps.MODEL_KEYS))
    keys = st.multiselect("models", list(sweeps.MODEL_KEYS), key=CHOSEN, persist_state=settings.KEEP,
                          format_func=lambda k: sweeps.MODELS[k].label,
                          help="Every registered model by default; remove some to compare a few.")
    keys = [k for k in sweeps.MODEL_KEYS if k in keys]
    settings.link_item("models", None if len(keys) == len(sweeps.MODEL_KEYS) else ",".join(keys))
    return keys


recipe, drawn, data, _ = page("Compare models", name="compare_models", opening=lectures_selection.COMPARE_OPENING)
st.sidebar.caption("Every model on the same training set, each with the hyperparameters last set for it on any "
                   "page (its defaults otherwise): its regions, its cross-validated accuracy ± sd over the "
                   "folds, and how long one fit takes.")
lecture = st.container()  # the lecture row, drawn once the chart's height (its rows of panels) is known

row = st.columns([4, 1], vertical_alignment="bottom")
with row[0], st.popover(f"Models ({len(st.session_state.get(CHOSEN, sweeps.MODEL_KEYS))} shown)",
                        width="stretch"):
    keys = chosen_models()
folds = settings.setting(FOLDS, "compare_folds", where=row[1])

problem = sweeps.too_few(data, minimum=max(folds, 3))
if not keys:
    problem = "No model is chosen: pick at least one under Models."
if problem:
    with lecture:
        presets.row("compare", lectures_selection.COMPARE, lectures_selection.COMPARE_HELP)
    st.warning(problem, icon=":material/info:")
    with st.container(key=CHART):
        charts.plotly_chart(fit_screen(CHART, points_figure(data.X_train, data.y_train, bounds=data.bounds,
                                                            height=440)),
                            width="stretch", height="stretch", config=CONFIG)
    stop()

# The panels fill in as their models are cross-validated, the ones already computed (here or ahead) first:
# the chart is drawn before the first new fit, then again at most every PARTIAL_EVERY seconds. Once every
# model has its result, the live chart draws them (a folds step then sends and redraws only the titles).
n_rows = -(-len(keys) // 5)
panel_height = min(135, 520 // n_rows - 40) if n_rows > 2 else 175
models = tuple((key, current_params(sweeps.MODELS[key])) for key in keys)
args = {key: (recipe, drawn, key, params, folds) for key, params in models}
results = {key: compare_runs.evaluate(*args[key]) for key in keys if compare_runs.ready(*args[key])}
missing = [key for key in keys if key not in results]
chart_at = lambda f: (recipe, drawn, models, f, panel_height)   # noqa: E731
height = (compare_runs.figure(data, keys, results, panel_height).layout.height if missing
          else shared(compare_runs.grid_chart, *chart_at(folds))[2])
with lecture:
    presets.row("compare", lectures_selection.COMPARE, lectures_selection.COMPARE_HELP, chart=CHART,
                chart_height=int(height))
with st.container(key=CHART):
    screen_height(CHART, int(height))
    slot = st.empty()


def draw_partial():
    fig = compare_runs.figure(data, keys, results, panel_height)
    fig.layout.height = None   # the container's height (screen_height)
    charts.plotly_chart(fig, width="stretch", height="stretch", config=CONFIG, where=slot)


if missing:
    draw_partial()
    drawn_at = time.perf_counter()
    with Progress("Cross-validating the models", unit="models") as bar:
        for m, key in enumerate(missing):
            bar(m, len(missing), sweeps.MODELS[key].label)
            results[key] = compare_runs.evaluate(*args[key])
            if key != missing[-1] and time.perf_counter() - drawn_at >= PARTIAL_EVERY:
                draw_partial()
                drawn_at = time.perf_counter()
with slot:   # the live chart takes the place of the panels drawn so far
    live_chart.shared_chart(CHART, CONFIG, compare_runs.grid_chart, *chart_at(folds))
rows = [compare_runs.summary(data, sweeps.MODELS[key].label, results[key])[1] for key in keys]
alt_text.summary(CHART, f"Decision regions of {len(keys)} models side by side", data,
                 {f"{row['model']} CV accuracy": alt_text.mean([row["CV accuracy"]]) for row in rows})
st.caption(f"Each panel: the model fitted on all {len(data.y_train)} training points. CV: mean ± sd of the "
           f"{folds}-fold validation accuracy on the training set. Fit times are in the table below.")
means = {key: row["CV accuracy"] for key, row in zip(keys, rows, strict=True)}
best = max((k for k in keys if np.isfinite(means[k])), key=means.get, default=None)
guide.see(reading.compare_reading(means, {k: sweeps.MODELS[k].label for k in keys}), best,
          dict(current_params(sweeps.MODELS[best])) if best else None)

st.subheader("Ranked by cross-validated accuracy", anchor=False)
table = pd.DataFrame(rows).sort_values("CV accuracy", ascending=False, na_position="last")
st.dataframe(table, hide_index=True, width="stretch",
             column_config={"CV accuracy": st.column_config.NumberColumn(format="%.3f"),
                            "± sd": st.column_config.NumberColumn(format="%.3f"),
                            "fit ms (median)": st.column_config.NumberColumn(format="%.1f"),
                            "test accuracy": st.column_config.NumberColumn(format="%.3f")})
st.caption("The test accuracy is there to compare with, not to choose by: choosing on it would make it "
           "one more validation score.")

guide.next_pages("playground", "search", "learning_curves", model=best,
                 params=dict(current_params(sweeps.MODELS[best])) if best else None)
show_code(code_model_pages.compare_page(recipe, drawn,
                                        [(key, dict(current_params(sweeps.MODELS[key]))) for key in keys], folds),
          "Every chosen model, cross-validated on the same training set.")

# The folds next to these: cross-validated with their chart in the background (compare_runs.ahead_folds), and
# those computed already sent to the browser, which draws one the moment the slider shows it.
was = st.session_state.get(WAY)
same = was is not None and was[0] == (recipe, drawn, models)
rising = (folds > was[1] if folds != was[1] else was[2]) if same else True
st.session_state[WAY] = ((recipe, drawn, models), folds, rising)
near = compare_runs.ahead_folds(folds, rising, FOLDS.low, FOLDS.high)
live_chart.draw_ahead(CHART, compare_runs.grid_chart, [
    ("compare_folds", float(f), chart_at(f)) for f in near
    if abs(f - folds) == 1 and all(compare_runs.ready(*a[:-1], f) for a in args.values())])
ahead.start(get_script_run_ctx().session_id,
            [[*compare_runs.ahead_work(args, f), (compare_runs.grid_chart, *chart_at(f))] for f in near])
finish()
