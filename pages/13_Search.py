"""Search: grid search over two hyperparameters as a heatmap, random search on the same plane,
the boundary of any cell, and the winner refitted on train + validation and tested."""

import math

import numpy as np
import streamlit as st

from catalog import code_model_pages
from catalog.specs import ParamSpec
from mlcore import ValidationError
from mlcore.model_selection import GridSearchCV, ParameterSampler, loguniform
from ui import reading
from ui.core import alt_text, charts, guide, lectures_selection, model_setting, params, presets, settings
from ui.core.charts import config as chart_config
from ui.core.layout import finish, fit_screen, page, stop
from ui.core.show_code import show_code
from ui.model_selection import sweeps
from ui.serving import fits
from viz.decision import decision_figure, points_figure
from viz.selection import search_figure

CHART = "search_chart"
CONFIG = chart_config("search", scroll_zoom=False, double_click=False)
VALUES = ParamSpec("values", "int", 4, 2, 8, label="values per axis",
                   help="How many values of each hyperparameter the grid tries: the grid has this many squared cells.")
FOLDS = ParamSpec("search_folds", "int", 5, 2, 10, label="CV folds", help="Stratified k-fold inside the training set.")
RANDOM = ParamSpec("random", "bool", True, label="random",
                   help="As many random settings as the grid has cells, drawn over the same ranges, as points.")
SEED = ParamSpec("search_seed", "int", 0, 0, 999, label="random seed", help="Seeds the random search's draws.")


def _rank(p: ParamSpec, v) -> float:
    """Where ``v`` sits along ``p``'s axis: log10 for log-scaled numbers, the position among the choices."""
    if p.kind in ("choice", "bool"):
        return float(list(p.choices or (False, True)).index(v))
    return math.log10(v) if p.log else float(v)


def _distribution(p: ParamSpec):
    if p.kind == "bool":
        return [False, True]
    if p.kind == "choice":
        return list(p.choices)
    if p.log:
        return loguniform(p.low, p.high)
    if p.kind == "int":
        return list(range(int(p.low), int(p.high) + 1))
    return [float(v) for v in np.linspace(p.low, p.high, 101)]


def _search(spec, hp: dict, candidates: list[dict], X, y, folds: int, callback):
    search = GridSearchCV(spec.make(**hp), sweeps.search_grid(spec, hp, candidates), cv=folds, callback=callback)
    return search.fit(X, y)


def run_grid(recipe, drawn, key, key_params, px, py, xs, ys, folds, callback=None):
    """Mean CV accuracy (len(ys), len(xs)), the best cell (i, j), its refit's test accuracy, and
    the first fit error."""
    data = fits.dataset(recipe, drawn)
    spec, hp = sweeps.MODELS[key], dict(key_params)
    candidates = [{px: vx, py: vy} for vy in ys for vx in xs]
    search = _search(spec, hp, candidates, data.X_train, data.y_train, folds, callback)
    scores = search.cv_results_["mean_test_score"].reshape(len(ys), len(xs))
    j, i = divmod(search.best_index_, len(xs))
    test = search.score(data.X_test, data.y_test) if len(data.y_test) else None
    errors = [e for e in search.cv_results_["fit_errors"] if e]
    return scores, (i, j), test, errors[0] if errors else None


def run_random(recipe, drawn, key, key_params, px, py, budget, folds, seed, callback=None):
    """The random settings, their mean CV accuracy, the best one and its refit's test accuracy."""
    data = fits.dataset(recipe, drawn)
    spec, hp = sweeps.MODELS[key], dict(key_params)
    space = {px: _distribution(spec.param(px)), py: _distribution(spec.param(py))}
    candidates = list(ParameterSampler(space, budget, random_state=seed))
    search = _search(spec, hp, candidates, data.X_train, data.y_train, folds, callback)
    test = search.score(data.X_test, data.y_test) if len(data.y_test) else None
    return candidates, search.cv_results_["mean_test_score"], search.best_index_, test


recipe, drawn, data, _ = page("Search", name="search", opening=lectures_selection.SEARCH_OPENING)
st.sidebar.caption("Grid search tries every combination of a few values of two hyperparameters, each scored by "
                   "cross-validation on the training set; random search spends the same budget on random "
                   "settings, which covers each axis more finely. The winner is refitted on all training points "
                   "(train + validation) and scored once on the test set.")
presets.row("search", lectures_selection.SEARCH, lectures_selection.SEARCH_HELP, chart=CHART, chart_height=450)

top = st.columns([1.5, 1.2, 1.2, 1, 1, 1])
with top[0]:
    key = settings.setting(sweeps.MODEL, model_setting.SESSION_KEY, format_func=model_setting.label)
spec = sweeps.MODELS[key]
with st.expander(f"More settings: the other hyperparameters of {spec.label}, the random seed"):
    hp = params.param_widgets(spec)
    seed = settings.setting(SEED, "search_seed", control="number")
options = [p.link for p in sweeps.tunable(spec, hp)]
if len(options) < 2:
    st.info(f"{spec.label} has {'one hyperparameter' if options else 'no hyperparameters'} to tune: a 2-parameter "
            "search needs two. Choose another model, or see the Validation curve page for one parameter.",
            icon=":material/info:")
    stop()


def _label(name: str) -> str:
    return spec.param(name).label or name


pair = sweeps.SEARCH_PAIR.get(key, ())
x_default = next(n for n in [*pair, *options] if n in options)
x_spec = ParamSpec("x_param", "choice", x_default, choices=tuple(options), label="across",
                   help="The hyperparameter along the heatmap's columns.")
px = settings.setting(x_spec, f"search_x_{key}", where=top[1], format_func=_label)
rest = tuple(n for n in options if n != px)
y_default = next(n for n in [*pair[1:], *rest] if n in rest)
py = settings.setting(ParamSpec("y_param", "choice", y_default, choices=rest, label="down",
                                help="The hyperparameter along the heatmap's rows."),
                      f"search_y_{key}", where=top[2], format_func=_label)
px, py = spec.param(px).name, spec.param(py).name  # the link holds link keys (k), the model its names
count = settings.setting(VALUES, "search_values", where=top[3])
folds = settings.setting(FOLDS, "search_folds", where=top[4])
with top[5]:
    use_random = settings.setting(RANDOM, "search_random")

problem = sweeps.too_few(data, minimum=max(folds, 3))
if problem:
    st.warning(problem, icon=":material/info:")
    with st.container(key=CHART):
        charts.plotly_chart(fit_screen(CHART, points_figure(data.X_train, data.y_train, bounds=data.bounds,
                                                            height=440)),
                            width="stretch", height="stretch", config=CONFIG)
    stop()

xs = tuple(sweeps.sweep_values(spec.param(px), count))
ys = tuple(sweeps.sweep_values(spec.param(py), count))
key_params = tuple(sorted(hp.items()))
try:
    scores, best, grid_test, grid_error = sweeps.cached(
        run_grid, recipe, drawn, key, key_params, px, py, xs, ys, folds,
        text=f"Grid search, {len(xs) * len(ys)} settings × {folds} folds")
    randoms = None
    if use_random:
        randoms = sweeps.cached(run_random, recipe, drawn, key, key_params, px, py, len(xs) * len(ys), folds,
                                   seed, text=f"Random search, {len(xs) * len(ys)} settings × {folds} folds")
except ValidationError as err:
    st.warning(f"The search could not run on these points: {err}", icon=":material/info:")
    stop()

points = None
if randoms is not None:
    drawn_settings, random_scores, random_best, random_test = randoms
    px_spec, py_spec = spec.param(px), spec.param(py)
    positions = [(np.interp(_rank(px_spec, s[px]), [_rank(px_spec, v) for v in xs], np.arange(len(xs))),
                  np.interp(_rank(py_spec, s[py]), [_rank(py_spec, v) for v in ys], np.arange(len(ys))))
                 for s in drawn_settings]
    points = (np.array([p[0] for p in positions]), np.array([p[1] for p in positions]), random_scores)

picked = st.session_state.get("search_heatmap")
selected = best
if picked and picked.get("selection", {}).get("points"):
    point = picked["selection"]["points"][0]
    i, j = int(round(point["x"])), int(round(point["y"]))
    if 0 <= i < len(xs) and 0 <= j < len(ys):
        selected = (i, j)

left, right = st.columns([1.15, 1], gap="medium")
with left:
    fig = search_figure(xs, ys, scores, x_label=_label(px), y_label=_label(py), best=best, selected=selected,
                        random_points=points, height=450)
    with st.container(key=CHART):
        charts.plotly_chart(fit_screen(CHART, fig), width="stretch", height="stretch", config=CONFIG,
                            key="search_heatmap", on_select="rerun", selection_mode="points")
    alt_text.summary(CHART, f"Mean {folds}-fold CV accuracy of {spec.label} over {len(xs)} values of {_label(px)} "
                     f"and {len(ys)} of {_label(py)}; the best cell at {_label(px)} = {xs[best[0]]}, "
                     f"{_label(py)} = {ys[best[1]]}", data,
                     {"best CV accuracy": float(scores[best[1], best[0]]), "its test accuracy": grid_test})
    st.caption("Mean CV accuracy per cell; solid frame: the best cell; dashed: the cell shown on the right. "
               "Click a cell to see its boundary." + (" Points: the random search's draws, coloured alike."
                                                        if points is not None else ""))
    if grid_error:
        st.caption(f"Grey cells could not be fitted: {grid_error}")

i, j = selected
cell = {px: xs[i], py: ys[j]}
cell_params = tuple(sorted({**hp, **cell}.items()))
fit = fits.fit(recipe, drawn, key, cell_params)
with right:
    where = "the best cell" if selected == best else "the chosen cell"
    text = f"{_label(px)} = {sweeps.value_text(xs[i])}, {_label(py)} = {sweeps.value_text(ys[j])}"
    if fit.model is None:
        st.warning(fit.error, icon=":material/block:")
    else:
        score = scores[j, i]
        grid = fits.grid(recipe, drawn, key, cell_params, 120)
        cell_fig = decision_figure(fit.model, data.X_train, data.y_train, X_test=data.X_test, y_test=data.y_test,
                                   grid=grid, height=420 - presets.ROW_HEIGHT, axis_titles=data.axes)
        with st.container(key="search_cell"):
            st.markdown(f"**{text}**" + (f": CV {score:.1%}" if np.isfinite(score) else ""))
            with st.container(key="search_cell_chart"):
                charts.plotly_chart(fit_screen("search_cell_chart", cell_fig), width="stretch", height="stretch",
                                    config=CONFIG)
        st.caption(f"The boundary of {where}, fitted on all {len(data.y_train)} training points.")

bi, bj = best
finite = scores[np.isfinite(scores)]
drawn_best = None if randoms is None else float(random_scores[random_best])
if finite.size:
    guide.see(reading.search_reading(
        f"{_label(px)} = {sweeps.value_text(xs[bi])}, {_label(py)} = {sweeps.value_text(ys[bj])}", scores[bj, bi],
        float(finite.min()), float(finite.max()), grid_test, drawn_best if np.isfinite(drawn_best or 0) else None),
        key, {**hp, px: xs[bi], py: ys[bj]})
st.subheader("The winner, refitted on train + validation and tested once", anchor=False)
cols = st.columns(4)
cols[0].metric("grid search's best", f"{_label(px)} {sweeps.value_text(xs[bi])}, "
               f"{_label(py)} {sweeps.value_text(ys[bj])}")
cols[1].metric("its CV accuracy", f"{scores[bj, bi]:.1%}",
               help="The best of many noisy means: an optimistic estimate of the winner's accuracy.")
cols[2].metric("its test accuracy", "—" if grid_test is None else f"{grid_test:.1%}",
               help="Refitted on all training points (the validation folds included), scored on the test set "
                    "the search never saw.")
if randoms is not None:
    rb = drawn_settings[random_best]
    cols[3].metric("random search's best", f"CV {random_scores[random_best]:.1%}"
                   + ("" if random_test is None else f", test {random_test:.1%}"),
                   help=f"{_label(px)} = {sweeps.value_text(rb[px])}, {_label(py)} = {sweeps.value_text(rb[py])}")
    st.caption(f"Random search's best draw: {_label(px)} = {sweeps.value_text(rb[px])}, "
               f"{_label(py)} = {sweeps.value_text(rb[py])}.")

guide.next_pages("validation_curve", "cross_validation", "bias_variance", model=key, params=hp)
show_code(code_model_pages.search_page(recipe, drawn, key, hp, px, xs, py, ys, folds),
          "The grid search of the heatmap: every pair of values scored by cross-validation, the best refitted.")
finish()
