"""Multi-class: one-vs-rest, one-vs-one, error-correcting output codes and Crammer–Singer on the same
data; each binary machine, the combined regions, and what decides the class at a clicked point."""

from dataclasses import replace

import numpy as np
import streamlit as st

from catalog.models import MODELS
from catalog.specs import ParamSpec
from mlcore.multiclass import (
    NOTES_BITS,
    NOTES_CODE,
    OneVsOneClassifier,
    OneVsRestClassifier,
    OutputCodeClassifier,
    errors_corrected,
    min_distance,
)
from mlcore.svm import LinearSVC
from ui.core import alt_text, charts, guide, lectures, presets, settings
from ui.core.charts import config as chart_config
from ui.core.layout import Ahead, compute_ahead, controls, finish, page, part, screen_height
from ui.core.params import point_inputs
from ui.core.settings import snap
from ui.core.show_code import show_model
from ui.data import draw
from ui.data.dataset_panel import BLANK, FIELDS
from ui.live.live_chart import shared_chart
from ui.multiclass.strategy_figures import MAIN_HEIGHT, MAX_PANELS, ahead_work, machines, pair_plane, plane
from ui.multiclass.strategy_fits import build, fit_pair, fit_strategy, strategy_reading
from viz.decision import points_figure
from viz.multiclass import code_rows, highlight_trace, point_rows, vote_rows

CHART_CONFIG = chart_config("multiclass", scroll_zoom=False, double_click=False)
STRATEGIES = {"ovr": "one-vs-rest", "ovo": "one-vs-one", "ecoc": "output codes", "crammer_singer": "Crammer–Singer"}
STRATEGY = ParamSpec("strategy", "choice", "ovr", choices=tuple(STRATEGIES), label="strategy",
                     help="How K classes are reduced to two-class machines, or (Crammer–Singer) solved as one problem.")
BASE = MODELS["one_vs_rest"].param("base")
_CODE = MODELS["output_code"].param("code")
CODE = replace(_CODE, choices=(*_CODE.choices, "typed"),
               help=_CODE.help + " typed: your own table of ±1, one row per class.")
CODE_SIZE = MODELS["output_code"].param("code_size")
DECODING = MODELS["output_code"].param("decoding")
CS_C = MODELS["linear_svc_cs"].param("C")
# the sliders whose neighbouring positions are computed and drawn ahead, and their widgets
KNOBS = {"noise": next(f for f in FIELDS if f.name == "noise"), "C": CS_C, "code_size": CODE_SIZE}
WIDGET = {"noise": "ds_noise", "C": "mc_C", "code_size": "mc_code_size"}
TYPED_DEFAULT = "+1 -1 -1 +1; -1 +1 -1 +1; -1 -1 +1 -1"
# Data on which Crammer–Singer and one-vs-all linear SVMs visibly differ (about 20% of the plane):
# six noisy blobs, the last classes small.
DIFFER = {"ds_data": "blobs", "ds_classes": 6, "ds_noise": 0.8, "ds_imbalance": 0.7, "ds_n": 200, "ds_seed": 0,
          "ds_label_noise": 0.0, "ds_outliers": 0.0}
FOUR_BLOBS = {"ds_data": "blobs", "ds_classes": 4, "ds_noise": 0.5, "ds_n": 200, "ds_seed": 0,
              "ds_imbalance": 0.0, "ds_label_noise": 0.0, "ds_outliers": 0.0}


def use_data(recipe: dict) -> None:
    for key, value in recipe.items():
        settings.put(key, value)


def inspect_click(x: float, y: float) -> None:
    """The inspected point's boxes take the clicked spot (at their 2 decimals)."""
    st.session_state["mc_px"], st.session_state["mc_py"] = round(x, 2), round(y, 2)


def worked_example() -> None:
    """The lecture notes' 8-class, 6-bit code and the predicted bits, decoded on screen."""
    st.subheader("The notes' worked example", anchor=False)
    word = " ".join(f"{b:+d}" for b in NOTES_BITS)
    rows = code_rows(NOTES_CODE, NOTES_BITS)
    distances = [r["Hamming distance"] for r in rows]
    decoded = int(np.argmin(distances)) + 1
    d = min_distance(NOTES_CODE)
    left, right = st.columns([3, 2], gap="large")
    with left:
        st.markdown(f"The six machines predict **b = ({word})**. Its Hamming distance to each class's code word:")
        st.dataframe(rows, hide_index=True, width="stretch", key="mc_notes_table")
    with right:
        a, b = st.columns(2)
        a.metric("decoded class", decoded)
        b.metric("its distance", min(distances))
        a.metric("minimum pairwise distance d", d)
        b.metric("errors corrected", errors_corrected(NOTES_CODE))
        st.caption(f"Distances to classes 1–8: {', '.join(map(str, distances))}. Classes 4 and 5 differ in bit 5 "
                   f"only, so d = {d}: a code corrects ⌊(d − 1)/2⌋ wrong bits, here none. One flipped bit can "
                   "turn a 4 into a 5.")


recipe, drawn, data, _ = page("Multi-class", name="multiclass", opening=lectures.MULTICLASS_OPENING)
st.sidebar.caption(
    "Most classifiers separate two classes. **One-vs-rest** trains one machine per class against all others; "
    "**one-vs-one** one per pair, which then vote; **output codes** give each class a code word of ±1 bits, "
    "one machine per bit, and predict the nearest word. **Crammer–Singer** learns all K weight vectors in one "
    "problem: the true class must beat every other by a margin of 1.")

if data.error or data.n_classes_train < 2:
    st.warning(data.error or "The training set needs points of at least two classes: generate data in the "
               "sidebar, or use four blobs.", icon=":material/info:")
    st.button("Use four blobs", on_click=use_data, args=(FOUR_BLOBS,), key="mc_use_blobs_empty")
    worked_example()
    finish()
    st.stop()

K = data.n_classes_train
# the click listener outside the settings column: in presenter mode that is a closed popover
draw.listen("mc_main", True, on_click=inspect_click, key="mc_click")
@st.fragment
def strategy_part(recipe, drawn, data, K):
    """The strategy, its settings and everything they change: a step reruns this alone."""
    with part("multiclass", share=True):
        left, right = controls([1, 3], gap="large")
        with left:
            if K < 3:
                # beside the chart, not above it, so the chart stays on the first screen
                st.info(f"The shared dataset has {K} classes, so every strategy is one two-class machine. "
                        "Set **classes** to 3–6 in the sidebar, or:", icon=":material/info:")
                st.button("Use four blobs", on_click=use_data, args=(FOUR_BLOBS,), key="mc_use_blobs")
            strategy = settings.setting(STRATEGY, "mc_strategy", control="radio", format_func=STRATEGIES.get)
            base, code, code_size, decoding = BASE.default, "random", CODE_SIZE.default, DECODING.default
            C = CS_C.default
            if strategy == "crammer_singer":
                C = settings.setting(CS_C, "mc_C")
            else:
                base = settings.setting(BASE, "mc_base", format_func=lambda k: MODELS[k].label)
            if strategy == "ecoc":
                code = settings.setting(CODE, "mc_code")
                if code == "random":
                    code_size = settings.setting(CODE_SIZE, "mc_code_size")
                if code == "typed":
                    linked = settings.take("typed")
                    if linked is not None or "mc_typed" not in st.session_state:
                        st.session_state["mc_typed"] = TYPED_DEFAULT if linked is None else linked
                    code = st.text_area("your code (one row per class, rows split by ;)", key="mc_typed", height=90)
                    settings.link_item("typed", code if code != TYPED_DEFAULT else None)
                decoding = settings.setting(DECODING, "mc_decoding")
            first = data.X_test[0] if len(data.X_test) else data.X_train[0]
            st.caption("Click the plane to inspect a point.")
            point = np.array(point_inputs("mc", first, st.columns(2), link_as="the inspected point"))

        fit_args = (recipe, drawn, strategy, base, code, code_size, decoding, C)
        fitted, error = fit_strategy(*fit_args)
        with right:
            presets.row("multiclass", lectures.MULTICLASS, lectures.MULTICLASS_HELP, chart="mc_main",
                        chart_height=MAIN_HEIGHT)
            if fitted is None:
                st.error(error, icon=":material/block:")
                fig = points_figure(data.X_train, data.y_train, bounds=data.bounds, height=MAIN_HEIGHT)
                fig.add_trace(highlight_trace(point))
                charts.plotly_chart(fig, width="stretch", config=CHART_CONFIG, key="mc_main")
            else:
                model, _, train_acc, test_acc = fitted
                chart_col, stats = st.columns([4, 1])
                stats.metric("train accuracy", f"{train_acc:.1%}")
                stats.metric("test accuracy", "—" if test_acc is None else f"{test_acc:.1%}")
                n_machines = len(model.estimators_) if hasattr(model, "estimators_") else 1
                stats.metric("binary machines" if hasattr(model, "estimators_") else "joint problems", n_machines)
                if isinstance(model, LinearSVC):
                    stats.metric("duality gap / P", f"{model.duality_gap_ / model.primal_objective_:.1e}",
                                 help="P(W) − D(λ) over P(W): the objective is certified within this fraction "
                                      "of its minimum.")
                with chart_col, st.container(key="mc_main"):   # updated in place: ui/live/live_chart.py
                    screen_height("mc_main", MAIN_HEIGHT)
                    shared_chart("mc_main", CHART_CONFIG, plane, *fit_args, point)
                alt_text.summary("mc_main", f"Decision regions of the {STRATEGIES[strategy]} strategy over "
                                 f"{n_machines} "
                                 f"{'binary machines' if hasattr(model, 'estimators_') else 'joint problem'}", data,
                                 {"train accuracy": train_acc, "test accuracy": test_acc})
                # the SVM page draws its own one-vs-one or one-vs-rest machines: its link opens on this scheme
                svm_view = {"multiclass": "ovr" if strategy == "ovr" else "ovo"}
                guide.see(strategy_reading(*fit_args), "svm", svm_view)

        if fitted is not None:
            model = fitted[0]
            label = model.predict(point[None])[0]
            st.subheader(f"At the inspected point ({point[0]:.2f}, {point[1]:.2f}): predicted {label}", anchor=False)
            if isinstance(model, OutputCodeClassifier):
                word = model.code_words(point[None])[0]
                losses = model.losses(point[None])[0]
                a, b = st.columns([3, 2], gap="large")
                a.markdown(f"Code word of the machines' signs: **({' '.join(f'{v:+d}' for v in word)})**")
                a.dataframe(code_rows(model.code_book_, word, [str(c) for c in model.classes_], losses),
                            hide_index=True, width="stretch", key="mc_point_table")
                b.metric("minimum pairwise distance d", model.min_distance_)
                b.metric("errors corrected ⌊(d − 1)/2⌋", model.errors_corrected_)
                b.caption("Hamming decoding: the nearest code word; a tie goes to the smaller hinge loss "
                          "Σₗ max(0, 1 − Mₖₗ fₗ(x)), then to the first class. Loss decoding uses the hinge loss alone.")
            else:
                a, b = st.columns([3, 2], gap="large")
                a.dataframe(point_rows(model, point), hide_index=True, width="stretch", key="mc_point_table")
                if isinstance(model, OneVsOneClassifier):
                    b.dataframe(vote_rows(model, point), hide_index=True, width="stretch", key="mc_votes")
                    b.caption("Each pair machine votes; the most votes win. A tie goes to the class with the larger "
                              "sum of its machines' scores (scikit-learn's rule).")
                elif isinstance(model, OneVsRestClassifier):
                    b.caption("Each machine scores its class against the rest; the largest score wins "
                              "(f > 0 only says the machine claims the point).")
                else:
                    b.caption("One weight vector per class; the largest score wins. Training asks the true class "
                              "to beat "
                              "every other by 1: min ½Σₖ‖wₖ‖² + C Σᵢ maxₖ(1 − δ + wₖ·xᵢ − w_yᵢ·xᵢ).")
            if hasattr(model, "estimators_"):
                st.subheader("Each binary machine", anchor=False)
                st.caption("Tinted: the side where the machine's score is positive. One-vs-one machines never see the "
                           "faded classes; output-code machines split the classes into the +1 (dark) and −1 groups.")
                charts.plotly_chart(charts.shared_figure(machines, *fit_args), width="stretch", config=CHART_CONFIG,
                                    key="mc_machines")
                if len(model.estimators_) > MAX_PANELS:
                    st.caption(f"The first {MAX_PANELS} of the {len(model.estimators_)} machines.")

        if K >= 3:
            st.subheader("Crammer–Singer beside one-vs-all", anchor=False)
            C_pair = C if strategy == "crammer_singer" else CS_C.default
            agree = fit_pair(recipe, drawn, C_pair)[-1]
            st.markdown(f"Both linear, both at C = {C_pair:g}. Crammer–Singer solves one problem for all K weight "
                        "vectors; one-vs-all trains K separate SVMs (SMO) whose scores were never meant to be "
                        "compared. "
                        f"They agree on **{agree:.1%}** of the plane.")
            st.button("Show data where they differ", on_click=use_data, args=(DIFFER,), key="mc_differ")
            for which, (col, key) in enumerate(zip(st.columns(2), ("mc_cs", "mc_ovr"), strict=True)):
                charts.plotly_chart(charts.shared_figure(pair_plane, recipe, drawn, C_pair, which), width="stretch",
                                    config=CHART_CONFIG, key=key, where=col)

        guide.next_pages("svm", "nn", "perceptron", model="svm", params=svm_view if fitted is not None else {})
        show_model(recipe, drawn, build(strategy, base, code, code_size, decoding, C))
        # The sliders computed (and the plane drawn) ahead: the data's noise, and C or the code size
        knobs = {"C": C} if strategy == "crammer_singer" else \
            {"code_size": code_size} if strategy == "ecoc" and code == "random" else {}
        if recipe.data != BLANK and not recipe.upload and not recipe.erased:   # else a noise step is other data
            knobs = {"noise": recipe.noise} | knobs
        def at(q):
            return (recipe._replace(noise=q.get("noise", recipe.noise)), drawn, strategy, base, code,
                    q.get("code_size", code_size), decoding, q.get("C", C))
        if knobs:
            compute_ahead("multiclass", [KNOBS[name] for name in knobs], knobs, lambda q: ahead_work(
                          at, q, point, snap(KNOBS["noise"], 2 * q["noise"] - recipe.noise) if "noise" in q else None),
                          scope=(recipe._replace(noise=None), drawn, strategy, base, code, decoding, tuple(point)),
                          chart=Ahead("mc_main", plane, lambda q: (*at(q), point), lambda p: WIDGET[p.name])
                          if fitted is not None else None)


strategy_part(recipe, drawn, data, K)
worked_example()
finish()
