"""Cross-validation: which points each fold tests, one boundary per fold, and nested CV."""

import numpy as np
import streamlit as st

from catalog import code_model_pages
from catalog.specs import ParamSpec
from mlcore import ValidationError
from ui import reading
from ui.core import alt_text, charts, guide, lectures_selection, presets, settings
from ui.core.charts import config as chart_config
from ui.core.layout import Ahead, compute_ahead, finish, fit_screen, page, part, screen_height
from ui.core.show_code import show_code
from ui.live.live_chart import shared_chart
from ui.model_selection import cv_runs, sweeps
from ui.model_selection.cv_runs import HOLDOUT_TEXT, MAX_PANELS, fold_fits, nested
from ui.serving import fits
from viz.decision import points_figure
from viz.selection import nested_figure

CHART, PANELS = "cv_main", "cv_panels"
CONFIG = chart_config("cross_validation", scroll_zoom=False, double_click=False)
SPLITTERS = {"stratified": "stratified k-fold", "kfold": "k-fold", "loo": "leave-one-out",
             "shuffle": "repeated holdout (ShuffleSplit)", "bootstrap": "bootstrap (out-of-bag test)"}
SPLITTER = ParamSpec("splitter", "choice", "stratified", choices=tuple(SPLITTERS), label="splitter",
                     help="How the training set is cut into training and validation parts.")
FOLDS = ParamSpec("folds", "int", 5, 2, 10, label="folds / splits",
                  help="k for k-fold; the number of random splits for holdout and bootstrap.")
SHUFFLE = ParamSpec("shuffle", "bool", False, label="shuffle before cutting",
                    help="k-fold cuts the points in their order; shuffle them first (seeded).")
HOLDOUT = ParamSpec("holdout", "choice", 1 / 3, choices=(0.2, 0.25, 1 / 3, 0.5), label="validation share",
                    help="The share of the points each holdout split validates on; 1/3 is the notes' 2/3 : 1/3.")
CV_SEED = ParamSpec("cv_seed", "int", 0, 0, 999, label="split seed", help="Seeds the shuffle and the random splits.")
NESTED = ParamSpec("nested", "bool", False, label="nested cross-validation",
                   help="Outer folds estimate, inner 3-fold CV tunes one hyperparameter on each outer training part.")


recipe, drawn, data, _ = page("Cross-validation", name="cross_validation", opening=lectures_selection.CV_OPENING)
st.sidebar.caption("Cross-validation estimates how well a model does on points it has not seen: every point "
                   "is held out once (k-fold), or many random holdouts are averaged. Nested CV keeps the "
                   "choice of a hyperparameter inside the training part of each outer fold.")
presets.row("cross_validation", lectures_selection.CV, lectures_selection.CV_HELP, chart=CHART, chart_height=460)


@st.fragment
def cv_part(recipe, drawn, data) -> None:
    """The model, the splitter and its settings, and everything they change: a step of one of them
    reruns this alone (ui.core.layout.part), and the folds next to the one shown are computed ahead."""
    with part("cross_validation", share=True):
        left, right = st.columns([1, 3], gap="large")
        with left:
            key, spec, hp = sweeps.model_picker()
            st.divider()
            kind = settings.setting(SPLITTER, "cv_splitter", format_func=SPLITTERS.get)
            folds = settings.setting(FOLDS, "cv_folds") if kind != "loo" else FOLDS.default
            shuffle = settings.setting(SHUFFLE, "cv_shuffle") if kind in ("stratified", "kfold") else False
            holdout = (settings.setting(HOLDOUT, "cv_holdout", format_func=lambda v: HOLDOUT_TEXT.get(v, str(v)))
                       if kind == "shuffle" else HOLDOUT.default)
            seed = (settings.setting(CV_SEED, "cv_seed", control="number")
                    if shuffle or kind in ("shuffle", "bootstrap") else 0)
            st.divider()
            do_nested = settings.setting(NESTED, "cv_nested")
        key_params = tuple(sorted(hp.items()))
        splitting = (kind, folds, shuffle, seed, float(holdout))
        if not splits_and_stats(recipe, drawn, data, right, key, spec, hp, splitting):
            return
        if do_nested:
            nested_part(recipe, drawn, key, spec, hp, folds)
        guide.next_pages("search", "learning_curves", "validation_curve", model=key, params=hp)
        show_code(code_model_pages.cross_validation_page(recipe, drawn, key, hp, kind, folds, shuffle, seed, holdout),
                  "The page's splitter and the validation accuracy of every split.")
        if kind != "loo":
            # a folds step: its plane drawn by the browser at once, its fits and panels computed ahead
            rest, cut = (recipe, drawn, key, key_params, kind), (shuffle, seed, float(holdout))

            def plane_at(q: dict) -> tuple:
                return recipe, drawn, (), kind, q["folds"], *cut

            compute_ahead("cross_validation", [FOLDS], {"folds": folds}, lambda q: [
                (cv_runs.fold_plane, *plane_at(q)), (fold_fits, *rest, q["folds"], *cut),
                (cv_runs.split_panels, *rest, q["folds"], *cut)],
                scope=(recipe, drawn, key, key_params, kind, *cut), opening="folds",
                chart=Ahead(CHART, cv_runs.fold_plane, plane_at, lambda p: "cv_folds"))


def splits_and_stats(recipe, drawn, data, right, key, spec, hp, splitting) -> bool:
    """The plane coloured by the splits, the estimate and its spread, and a panel per split; False
    when the data or the model cannot be cross-validated (the page says why)."""
    kind, folds = splitting[:2]
    key_params = tuple(sorted(hp.items()))
    X, y = data.X_train, data.y_train
    problem = sweeps.too_few(data, minimum=3 if kind in ("loo", "bootstrap", "shuffle") else max(folds, 3))
    if problem:
        with right:
            st.warning(problem, icon=":material/info:")
            with st.container(key=CHART):
                charts.plotly_chart(fit_screen(CHART, points_figure(X, y, bounds=data.bounds, height=460)),
                                    width="stretch", height="stretch", config=CONFIG)
        return False
    with right:
        try:
            splits, scores, _, errors = fold_fits(recipe, drawn, key, key_params, *splitting)
        except ValidationError as err:
            st.warning(str(err), icon=":material/info:")
            return False
        ok = np.isfinite(scores)
        chart, stats = st.columns([3, 1])
        with chart, st.container(key=CHART):   # updated in place: ui/live/live_chart.py
            screen_height(CHART, 460)
            caption = shared_chart(CHART, CONFIG, cv_runs.fold_plane, recipe, drawn,
                                   (key, key_params) if kind == "loo" else (), *splitting)
        chart.caption(caption)
        mean, sd = (float(np.mean(scores[ok])), float(np.std(scores[ok]))) if ok.any() else (None, None)
        what = {"loo": "LOO accuracy", "bootstrap": "out-of-bag accuracy"}.get(kind, "CV accuracy")
        stats.metric(what, "—" if mean is None else f"{mean:.1%}",
                     help="The mean of the per-split validation accuracies.")
        stats.metric("± sd over splits", "—" if sd is None else f"{sd:.1%}",
                     help="How much the estimate moves from split to split (for LOO: the spread of 0/1 outcomes).")
        stats.metric("fits", f"{int(ok.sum())} of {len(splits)}")
        full = fits.fit(recipe, drawn, key, key_params)
        stats.metric("test-set accuracy", "—" if full.test_acc is None else f"{full.test_acc:.1%}",
                     help="The model fitted on all training points, scored on the held-out test set: what CV "
                          "estimates.")
        alt_text.summary(CHART, f"The training points coloured by {len(splits)} {kind} splits of "
                         f"{alt_text.model_text(spec.label, hp)}", data,
                         {what: mean, "test-set accuracy": full.test_acc})
        if not ok.all():
            st.caption(f"{int((~ok).sum())} split(s) could not be fitted: {next(e for e in errors if e)}")
        guide.see(reading.cv_reading(scores, full.test_acc, "loo" if kind == "loo" else
                                     "folds" if kind in ("stratified", "kfold") else "splits"), key, hp)

    shown = min(len(splits), MAX_PANELS)
    st.subheader("One model per split" if kind != "loo" else f"The first {shown} of {len(splits)} leave-one-out fits",
                 anchor=False)
    with st.container(key=PANELS):   # updated in place, and drawn ahead like the plane above
        shared_chart(PANELS, CONFIG, cv_runs.split_panels, recipe, drawn, key, key_params, *splitting)
    st.caption("Each panel: the model fitted on that split's training points (filled), scored on its validation "
               "points (hollow)."
               + (f" Mean {mean:.1%} ± {sd:.1%} over {int(ok.sum())} splits." if mean is not None else ""))
    return True


def nested_part(recipe, drawn, key, spec, hp, folds) -> None:
    """Nested cross-validation: outer folds estimate, inner 3-fold searches choose one setting."""
    st.subheader("Nested cross-validation: outer folds estimate, inner folds tune", anchor=False)
    options = sweeps.tunable(spec, hp)
    if not options:
        st.info(f"{spec.label} has no hyperparameter to tune.", icon=":material/info:")
    else:
        names = [p.link for p in options]
        default = sweeps.COMPLEXITY.get(key, names[0])
        tuned_spec = ParamSpec("tune", "choice", default if default in names else names[0], choices=tuple(names),
                               label="tune", help="The hyperparameter the inner search chooses.")
        c1, c2 = st.columns([1, 3], gap="large")
        with c1:
            tuned = settings.setting(tuned_spec, f"cv_tune_{key}",
                                     format_func=lambda n: spec.param(n).label or n)
            tuned = spec.param(tuned).name  # the link holds the link key (k), the model its name
            values = tuple(sweeps.sweep_values(spec.param(tuned), 6))
            outer = min(folds, 5)
            st.caption(f"{outer} outer folds × 3 inner folds × {len(values)} values = "
                       f"{outer * (3 * len(values) + 1)} fits.")
        with c2:
            try:
                result = sweeps.cached(nested, recipe, drawn, key, tuple(sorted(hp.items())), tuned, values, outer,
                                       text="Nested cross-validation")
            except ValidationError as err:
                st.warning(f"Nested CV needs more points per class here: {err}", icon=":material/info:")
            else:
                inner = np.array([r["mean_test_score"] for r in result.inner_results])
                chosen = [int(np.argmin(r["rank_test_score"])) for r in result.inner_results]
                label = spec.param(tuned).label or tuned
                charts.plotly_chart(nested_figure(values, label, inner, chosen, result.scores), width="stretch",
                                    config=CONFIG, key="cv_nested_fig")
                picks = ", ".join(f"fold {f + 1}: {sweeps.value_text(values[c])}" for f, c in enumerate(chosen))
                st.caption(f"Chosen {label} per outer fold — {picks}. Nested estimate "
                           f"{result.scores.mean():.1%} ± {result.scores.std():.1%}; the inner winners' own "
                           f"scores average {result.inner_scores.mean():.1%}, an optimistic figure since each "
                           "is the best of several noisy means (stars above diamonds).")


cv_part(recipe, drawn, data)
finish()
