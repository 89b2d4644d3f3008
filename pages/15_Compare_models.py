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
from ui.core.layout import compute_ahead, finish, fit_screen, page, screen_height, stop
from ui.core.progress import Progress
from ui.core.show_code import show_code
from ui.model_selection import compare_runs, sweeps
from ui.serving import ahead
from viz.decision import points_figure
from viz.selection import Panel, panels_figure

CHART = "compare_grid"
CONFIG = chart_config("compare_models", scroll_zoom=False, double_click=False)
FOLDS = ParamSpec("compare_folds", "int", 5, 2, 10, label="CV folds",
                  help="Stratified k-fold on the training set for every model.")
CHOSEN = "cmp_models"
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
# the chart is drawn before the first new fit, then again at most every PARTIAL_EVERY seconds.
classes = np.unique(np.concatenate([data.y_train, data.y_test]))
n_rows = -(-len(keys) // 5)
panel_height = min(135, 520 // n_rows - 40) if n_rows > 2 else 175
args = {key: (recipe, drawn, key, current_params(sweeps.MODELS[key]), folds) for key in keys}
results = {key: compare_runs.evaluate(*args[key]) for key in keys if compare_runs.ready(*args[key])}


def grid_figure():
    """The panels of the models computed so far; the others wait under their name."""
    panels = [summary(key, results[key])[0] if key in results else
              Panel(None, f"<b>{sweeps.MODELS[key].label}</b><br>computing…", np.arange(len(data.y_train)),
                    np.zeros(0, dtype=int)) for key in keys]
    return panels_figure(panels, data.X_train, data.y_train, classes, bounds=data.bounds, columns=5,
                         panel_height=panel_height, title_size=13)


def summary(key, result) -> tuple[Panel, dict]:
    """A model's panel and its row of the table."""
    scores, times, test_acc, grid, error = result
    label = sweeps.MODELS[key].label
    ok = np.isfinite(scores)
    mean, sd = (float(np.mean(scores[ok])), float(np.std(scores[ok]))) if ok.any() else (np.nan, np.nan)
    fit_ms = 1000 * float(np.median(times[ok])) if ok.any() else np.nan
    # The fit time stays out of the chart (it differs from run to run, and a link must reopen the
    # same picture); the table under the chart has it.
    title = (f"<b>{label}</b><br>CV {mean:.0%} ± {sd:.0%}" if ok.any()
             else f"<b>{label}</b><br>could not be fitted")
    return (Panel(grid, title, np.arange(len(data.y_train)), np.zeros(0, dtype=int)),
            {"model": label, "CV accuracy": mean, "± sd": sd, "fit ms (median)": fit_ms, "test accuracy": test_acc,
             "note": error or ""})


def draw(fig):
    fig.layout.height = None   # the container's height (screen_height)
    charts.plotly_chart(fig, width="stretch", height="stretch", config=CONFIG, where=slot)


fig = grid_figure()
with lecture:
    presets.row("compare", lectures_selection.COMPARE, lectures_selection.COMPARE_HELP, chart=CHART,
                chart_height=int(fig.layout.height))
with st.container(key=CHART):
    screen_height(CHART, int(fig.layout.height))
    slot = st.empty()
missing = [key for key in keys if key not in results]
if missing:
    draw(fig)
    drawn_at = time.perf_counter()
    with Progress("Cross-validating the models", unit="models") as bar:
        for m, key in enumerate(missing):
            bar(m, len(missing), sweeps.MODELS[key].label)
            results[key] = compare_runs.evaluate(*args[key])
            if key != missing[-1] and time.perf_counter() - drawn_at >= PARTIAL_EVERY:
                draw(grid_figure())
                drawn_at = time.perf_counter()
    fig = grid_figure()
draw(fig)
# The folds' neighbouring positions are computed ahead, after a step and before the first one.
work = lambda q: compare_runs.ahead_work(args, q["compare_folds"])   # noqa: E731
compute_ahead("compare", (FOLDS,), {"compare_folds": folds}, work,
              scope=tuple(a[:-1] for a in args.values()))
if st.session_state["_ahead_compare"][2] is None:   # no step yet: both ways
    ahead.start(get_script_run_ctx().session_id, [work(q) for q in ahead.positions(
        (FOLDS,), {"compare_folds": folds}, "compare_folds")])
rows = [summary(key, results[key])[1] for key in keys]
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
finish()
