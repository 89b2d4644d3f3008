"""Learning curves: training and validation accuracy against the number of training points."""

import numpy as np
import pandas as pd
import streamlit as st

from catalog import code_model_pages
from catalog.models import MODELS
from catalog.specs import ParamSpec
from mlcore.metrics import accuracy_score, balanced_accuracy_score, cost_sensitive_loss, precision_recall_f1
from mlcore.model_selection import fold_mean_sd, learning_curve_regime
from ui import reading
from ui.core import alt_text, charts, guide, lectures_selection, presets, settings
from ui.core.charts import config as chart_config
from ui.core.layout import Ahead, compute_ahead, finish, page, part, screen_height
from ui.core.model_setting import MODEL
from ui.core.show_code import show_code
from ui.live.live_chart import shared_chart
from ui.model_selection import curve_runs
from viz import points_figure

CHART = "lc_chart"
CONFIG = chart_config("learning_curves", scroll_zoom=False, double_click=False)
FOLDS = ParamSpec("folds", "int", 5, 2, 10, label="folds",
                  help="k of stratified k-fold cross-validation: each point is validated once, by a model "
                       "trained on the other k − 1 folds.")
SIZES = ParamSpec("sizes", "int", 8, 3, 15, label="training sizes",
                  help="How many training-set sizes, evenly spaced from 10% to 100% of a training fold.")
TARGET = ParamSpec("target", "float", 0.9, 0.5, 1.0, step=0.01, label="target accuracy",
                   help="The accuracy the task needs (dashed line). Training accuracy below it: high bias.")
MAX_GAP = 0.05
SLIDERS = (SIZES, FOLDS, TARGET)   # drawn ahead (the sizes first: before any moved); session keys lc_ + name
MISS_COST = ParamSpec("miss_cost", "float", 100.0, 1.0, 10000.0, log=True, label="cost of a missed rare point",
                      help="Cost matrix entry C[rare, common]; a false alarm C[common, rare] costs 1.")

recipe, drawn, data, _ = page("Learning curves", name="learning", opening=lectures_selection.LEARNING_OPENING)
st.sidebar.caption("A **learning curve** shows how accuracy changes as the model sees more training points. "
                   "Training accuracy usually falls and validation accuracy rises until they meet. "
                   "Where they meet and how far apart they stay tell underfitting from overfitting.")
presets.row("learning", lectures_selection.LEARNING, lectures_selection.LEARNING_HELP, chart=CHART, chart_height=430)
# below the lecture row (and mostly its line) on a 1280x720 screen; one height, so a link redraws the same figure
SIDE_HEIGHT = 390 - presets.ROW_HEIGHT


def rare_class_costs() -> None:
    """Why accuracy alone can mislead: the expander under the curve."""
    with st.expander("Why accuracy alone can mislead: 9990 points of one class, 10 of the other"):
        miss = settings.setting(MISS_COST, "lc_miss_cost")
        y_true = np.array([0] * 9990 + [1] * 10)
        rows = []
        for name, y_pred in (("always the common class", np.zeros(10000, dtype=int)),
                             ("always the rare class", np.ones(10000, dtype=int))):
            recall = precision_recall_f1(y_true, y_pred, labels=[0, 1])[1]
            rows.append({"classifier": name, "accuracy": accuracy_score(y_true, y_pred),
                         "balanced accuracy": balanced_accuracy_score(y_true, y_pred),
                         "recall of the rare class": recall[1],
                         "mean cost": cost_sensitive_loss(y_true, y_pred, [[0, 1], [miss, 0]])})
        numbers = ("accuracy", "balanced accuracy", "recall of the rare class", "mean cost")
        st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch",
                     column_config={c: st.column_config.NumberColumn(format="%.3f") for c in numbers})
        st.caption("Cost matrix C[true, predicted] = [[0, 1], [cost of a miss, 0]]; mean cost = (1/n) Σᵢ C[yᵢ, ŷᵢ]. "
                   "Balanced accuracy weighs each class equally: the mean of the per-class recalls, i.e. accuracy "
                   "with weight n / (K n_c) on each point of class c. Always answering the common class is 99.9% "
                   "accurate, finds none of the rare points, and is worse than useless once a miss costs more than "
                   "999 false alarms.")


@st.fragment
def curve_part(recipe, drawn, data) -> None:
    """The model, its settings, the folds, the sizes and the target, and everything they change: a step
    of one of them reruns this alone (ui.core.layout.part)."""
    with part("learning", share=True):
        row = st.columns([1.3, 1, 0.8, 0.9, 1.2])
        model_key = settings.setting(MODEL, "model", where=row[0], format_func=lambda k: MODELS[k].label)
        spec = MODELS[model_key]
        with row[1].popover("hyperparameters", width="stretch", disabled=not spec.params):
            hp = curve_runs.param_widgets_apart(spec, None, st, st)
        folds = settings.setting(FOLDS, "lc_folds", where=row[2])
        n_sizes = settings.setting(SIZES, "lc_sizes", where=row[3])
        target = settings.setting(TARGET, "lc_target", where=row[4])
        key_params = tuple(sorted(hp.items()))

        chart_col, side = st.columns([1.25, 1], gap="medium")
        problem = data.error or curve_runs.data_problem(data.y_train, folds)
        if problem:
            with chart_col:
                st.warning(problem, icon=":material/info:")
                with st.container(key=CHART):
                    charts.plotly_chart(points_figure(data.X_train, data.y_train, bounds=data.bounds, height=430),
                                        width="stretch", theme=None, config=CONFIG)
            return

        with chart_col:
            curve = curve_runs.learning(recipe, drawn, model_key, key_params, folds, n_sizes)
        sizes = list(curve.x)
        AT = ParamSpec("at", "choice", len(sizes) - 1, choices=tuple(range(len(sizes))), label="boundary at",
                       help="The boundary beside the curve: the model trained on this many points.")
        with side:
            # a position on another list of sizes means nothing: back to the largest size (restart_on)
            at = settings.setting(AT, "lc_at", restart_on=tuple(sizes), format_func=lambda i: (
                f"{sizes[i]} training points" if 0 <= i < len(sizes) else str(i)))
        m = sizes[at]

        # -1: the largest size, where a step of the folds or the sizes starts again (so a position
        # drawn ahead has the arguments of the run that shows it)
        marked = -1 if at == len(sizes) - 1 else at
        with chart_col, st.container(key=CHART):   # updated in place: ui/live/live_chart.py
            screen_height(CHART, 430)
            shared_chart(CHART, CONFIG, curve_runs.learning_chart, recipe, drawn, model_key, key_params, folds,
                         n_sizes, marked, target)
        alt_text.summary(CHART, f"Learning curve of {alt_text.model_text(spec.label, hp)}: mean training and "
                         f"validation accuracy over {folds} folds for {sizes[0]} to {sizes[-1]} training points, "
                         f"at {m} points", data,
                         {"training accuracy": alt_text.mean(curve.train[at]),
                          "validation accuracy": alt_text.mean(curve.test[at])})

        subset = curve_runs.subset_fit(recipe, drawn, model_key, key_params, m)
        with side:
            if subset.model is None:
                st.info(subset.error, icon=":material/info:")
            with st.container(key="lc_boundary"):
                shared_chart("lc_boundary", CONFIG, curve_runs.subset_chart, recipe, drawn, model_key, key_params,
                             folds, n_sizes, marked, SIDE_HEIGHT)

        try:
            regime = learning_curve_regime(curve.train, curve.test, target=target, max_gap=MAX_GAP)
        except ValueError:
            regime = None
        if regime is None:
            st.warning("Every fit failed, so there is no curve to read; see below.", icon=":material/info:")
        else:
            guide.see(reading.learning_reading(regime.name, regime.train, regime.validation, target, sizes,
                                               fold_mean_sd(curve.test)[0]), model_key, hp)
        note = curve_runs.failures_text(curve, lambda i: f"{sizes[i]} points")
        st.caption(f"Stratified {folds}-fold cross-validation on the {len(data.y_train)} training points (the test set "
                   "is not used); each fold's training points are shuffled once and the first m of them train the "
                   "model. Bands: mean ± one standard deviation over the folds. " + (note or ""))

        rare_class_costs()

        guide.next_pages("learning_theory", "validation_curve", "bias_variance", model=model_key, params=hp)
        show_code(code_model_pages.learning_curve_page(recipe, drawn, model_key, hp, folds, n_sizes),
                  "The learning curve as the page computes it: stratified folds shuffled by the dataset's seed.")
        now = {"folds": folds, "sizes": n_sizes, "target": target}

        def chart_at(q: dict) -> tuple:
            same = q["folds"] == folds and q["sizes"] == n_sizes
            return recipe, drawn, model_key, key_params, q["folds"], q["sizes"], marked if same else -1, q["target"]

        compute_ahead("learning", SLIDERS, now, lambda q: [
            (curve_runs.learning, recipe, drawn, model_key, key_params, q["folds"], q["sizes"]),
            (curve_runs.learning_chart, *chart_at(q)),
            (curve_runs.subset_chart, *chart_at(q)[:-1], SIDE_HEIGHT)], scope=(recipe, drawn, model_key, key_params),
            opening="sizes", chart=Ahead(CHART, curve_runs.learning_chart, chart_at, lambda p: f"lc_{p.name}"))


curve_part(recipe, drawn, data)
finish()
