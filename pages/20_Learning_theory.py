"""Learning theory: PAC sample sizes, shattering by clicking, bounds against the test error,
Rademacher complexity by random labels, and the Bayes error of known densities."""

import numpy as np
import streamlit as st

from catalog.models import MODELS
from catalog.specs import ParamSpec
from mlcore.datasets import GENERATORS
from mlcore.theory import KNOWN_DENSITIES
from ui import reading
from ui.core import alt_text, charts, guide, lectures_theory, params, presets, settings
from ui.core.charts import config as chart_config
from ui.core.layout import finish, fit_screen, page
from ui.core.progress import Progress
from ui.core.show_code import show_code
from ui.data import draw
from ui.learning_theory import experiments as work
from ui.learning_theory import shatter_points
from ui.learning_theory import theory_figures as figures
from ui.learning_theory import theory_texts as texts
from ui.learning_theory.bounds_tab import bounds_tab
from ui.learning_theory.tab_code import tab_code
from viz.theory import labelings_figure, points_plane, rademacher_figure, random_fits_figure

CONFIG = chart_config("learning_theory", scroll_zoom=False)
TABS = {"pac": "PAC", "shattering": "Shattering", "bounds": "Bounds against reality",
        "rademacher": "Rademacher", "bayes": "Bayes error"}
TAB = ParamSpec("tab", "choice", "pac", choices=tuple(TABS), label="tab")
PAC_CHART, SHATTER_CHART = "theory_pac", "theory_shatter"

EPS = ParamSpec("eps", "float", 0.1, 0.01, 0.5, step=0.01, label="ε (error allowed)",
                help="The learner's hypothesis may err on at most this fraction of new examples.")
DELTA = ParamSpec("delta", "float", 0.05, 0.01, 0.5, step=0.01, label="δ (chance of a bad sample)",
                  help="With probability at least 1 − δ the guarantee holds.")
ATTRS = ParamSpec("d", "int", 6, 1, 20, label="boolean attributes d",
                  help="Each attribute is required true, required false, or ignored: |H| = 3^d conjunctions.")
HCLASS_LABELS = {"lines": "lines (half-planes)", "rectangles": "axis-aligned rectangles",
                 "intervals_x1": "intervals on x₁", "intervals_x2": "intervals on x₂",
                 "stumps": "decision stumps", "trees": "trees of depth ≤ k"}
HCLASS = ParamSpec("hclass", "choice", "lines", choices=tuple(HCLASS_LABELS), label="hypothesis class",
                   help="Class 1 (orange) is the positive side: inside the rectangle or interval, "
                        "on one side of the line or the stump's threshold, a leaf of the tree.")
TREE_K = ParamSpec("tree_k", "int", 2, 1, 4, label="tree depth k")
FAMILY = ParamSpec("rad_family", "choice", "knn", choices=tuple(work.CAPACITY), label="model family",
                   help="Capacity grows along the ladder: smaller k, deeper trees, larger C.")
DRAWS = ParamSpec("draws", "int", 10, 2, 50, label="random-label draws",
                  help="How many random labelings σ are fitted per point; more draws, a steadier mean.")
BAYES_MODELS = tuple(MODELS)
BAYES_MODEL = ParamSpec("bayes_model", "choice", "knn", choices=BAYES_MODELS, label="learned model")


# --- PAC ------------------------------------------------------------------------------------

def pac_tab():
    left, right = st.columns([1, 2.2], gap="large")
    with left:
        eps = settings.setting(EPS, "th_eps")
        delta = settings.setting(DELTA, "th_delta")
        d = settings.setting(ATTRS, "th_d")
        h_size, m, working = texts.pac_working(eps, delta, d)
        st.metric("examples needed m", f"{m:,}",
                  help="The smallest whole m with m ≥ (1/ε)(ln|H| + ln(1/δ)).")
        st.markdown(working)
    with right, st.container(key=PAC_CHART):
        charts.plotly_chart(fit_screen(PAC_CHART, figures.pac_curves(m, delta, h_size, d)),
                            width="stretch", height="stretch", theme=None, config=CONFIG)
    alt_text.summary(PAC_CHART, f"The PAC bound: the error ε a consistent learner reaches against the number of "
                     f"examples m, for δ = {delta:g} and |H| = {h_size:,} conjunctions of {d} attributes; "
                     f"m = {m:,} examples reach ε = {eps:g}")
    guide.see(reading.pac_reading(eps, delta, d))
    st.caption("Any learner that outputs a conjunction consistent with m examples is, with probability "
               "at least 1 − δ, within error ε, once m ≥ (1/ε)(ln|H| + ln(1/δ)). ε falls as 1/m; a smaller δ or "
               "a larger class only adds a logarithm.")
    st.markdown("**EnjoySport** (Mitchell): six attributes, each two-valued in the notes, so 3⁶ = 729 "
                "conjunctions; with ε = 0.1 and δ = 0.05 a consistent learner needs m ≥ 96 examples.")
    st.dataframe(texts.ENJOYSPORT, hide_index=True)


# --- shattering -----------------------------------------------------------------------------

def shattering_tab():
    draw.listen(SHATTER_CHART, True, on_click=shatter_points.add_point, key="theory_click", every_click=True)
    pts = shatter_points.points()
    left, right = st.columns([1, 2.2], gap="large")
    with left:
        key = settings.setting(HCLASS, "th_hclass", format_func=HCLASS_LABELS.get)
        depth = settings.setting(TREE_K, "th_tree_k") if key == "trees" else TREE_K.default
        c1, c2 = st.columns(2)
        c1.button("Undo", icon=":material/undo:", key="th_undo", disabled=not pts, width="stretch",
                  on_click=shatter_points.set_points, args=(pts[:-1],))
        c2.button("Clear", icon=":material/delete:", key="th_clear", disabled=not pts, width="stretch",
                  on_click=shatter_points.set_points, args=([],))
        st.caption("Examples:")
        cols = st.columns(2)
        for i, (name, example) in enumerate(shatter_points.EXAMPLES.items()):
            cols[i % 2].button(name, key=f"th_ex_{name}", width="stretch", on_click=shatter_points.set_points,
                               args=(example,))
        verdict = st.container(key="theory_verdict")
    with right, st.container(key=SHATTER_CHART):
        charts.plotly_chart(points_plane(np.array(pts).reshape(-1, 2)), width="stretch", theme=None,
                            config={**CONFIG, "doubleClick": False})
    label = HCLASS_LABELS[key].replace("≤ k", f"≤ {depth}")
    if not pts:
        verdict.info(f"Click on the plane to place points (up to {shatter_points.MAX_CLICK}), "
                     "or pick an example.")
    else:
        labels, realised = work.shatter(tuple(pts), key, depth)
        shattered, said = texts.shatter_verdict(label, len(pts), realised)
        (verdict.success if shattered else verdict.warning)(said)
        show, caption = texts.labelings_shown(label, key, len(pts), realised)
        st.caption(caption)
        if show is None or len(show):
            lines = work.max_margin_lines(tuple(pts)) if key == "lines" else None
            charts.plotly_chart(labelings_figure(np.array(pts), labels, realised, indices=show, lines=lines),
                                width="stretch", theme=None, config=CONFIG, key="theory_labelings")
    settings.link_item("spts", shatter_points.link_text(pts))
    with st.expander(f"VC dimension of {label}, found by trying", expanded=key == "lines"):
        table, said = texts.vc_summary(*work.vc_by_trying(key, depth))
        st.dataframe(table, hide_index=True)
        st.markdown(said)


# --- Rademacher -------------------------------------------------------------------------------

def rademacher_tab(recipe, drawn, data):
    if len(data.X_train) < 10:
        st.info("R̂ is measured on the dataset's training points: generate data or draw at least 10 points.")
        return
    left, right = st.columns([1, 2.6], gap="large")
    with left:
        family = settings.setting(FAMILY, "th_family", format_func=lambda k: MODELS[k].label)
        draws = settings.setting(DRAWS, "th_draws")
        st.caption("R̂_S(H) = ½ − E_σ[min training error on labels σ]: fit random ±1 labels; "
                   "½ means the model fits any labels, 0 that it cannot follow them at all.")
    with Progress("Fitting random labels", unit="curve points") as progress:
        sizes, curves = work.rademacher_curves(recipe, drawn, family, draws, progress=progress)
    with right:
        charts.plotly_chart(rademacher_figure(sizes, curves), width="stretch", theme=None, config=CONFIG,
                            key="theory_rademacher")
        if family == "knn":
            st.caption("k nearest neighbours needs k ≤ m: a line starts at the first m it can be fitted on.")
    if sizes:
        guide.see(reading.rademacher_reading(sizes[-1], {label: r[-1] for label, (r, _) in curves.items()}))
    name, values = work.CAPACITY[family]
    choice = ParamSpec(f"cap_{family}", "choice", values[-1], choices=values,
                       label=f"{MODELS[family].label}: {MODELS[family].param(name).link}")
    with left:
        value = settings.setting(choice, f"th_cap_{family}", format_func=lambda v: "no limit" if v is None else str(v))
    m = min(100, len(data.X_train))
    X, est = work.random_fits(recipe, drawn, family, value, m)
    if isinstance(est, str):
        st.info(f"{work.capacity_label(family, value)} cannot be fitted on {m} points: {est}")
        return
    st.subheader(texts.random_fits_title(work.capacity_label(family, value), m, est.value), anchor=False)
    charts.plotly_chart(random_fits_figure(est.models, X, est.signs, data.bounds), width="stretch", theme=None,
                        config=CONFIG, key="theory_random_fits")


# --- Bayes error ------------------------------------------------------------------------------

def bayes_tab(recipe, drawn, data):
    if recipe.data not in KNOWN_DENSITIES:
        st.info("The Bayes classifier needs the true density: choose one of "
                f"{', '.join(f'**{GENERATORS[k].label}**' for k in KNOWN_DENSITIES)} in the sidebar's dataset panel.")
        return
    top = st.columns([1.2, 1, 1, 1, 1])
    with top[0]:
        model_key = settings.setting(BAYES_MODEL, "th_bayes_model", format_func=lambda k: MODELS[k].label)
    with st.expander("hyperparameters"):
        hp = params.param_widgets(MODELS[model_key])
    with st.spinner("Integrating over a fine grid and fitting the large sample…"):
        bayes, split = work.bayes_comparison(recipe, drawn, model_key, tuple(sorted(hp.items())))
    if bayes is None:
        st.error(split, icon=":material/block:")
        return
    for col, (label, value, explained) in zip(top[1:], texts.bayes_metrics(split), strict=True):
        col.metric(label, value, help=explained)
    bayes_plane, learned_plane = figures.bayes_planes(bayes, split["model"], MODELS[model_key].label, data)
    c1, c2 = st.columns(2)
    with c1:
        charts.plotly_chart(bayes_plane, width="stretch", theme=None, config=CONFIG, key="theory_bayes_plane")
    with c2:
        charts.plotly_chart(learned_plane, width="stretch", theme=None, config=CONFIG, key="theory_learned_plane")
    guide.see(reading.bayes_error_reading(MODELS[model_key].label, split["bayes"], split["risk"], split["estimation"],
                                    split["approximation"]), model_key, hp)
    st.caption("Excess error R(ĥ) − R* = estimation + approximation = [R(ĥ) − R(h*_H)] + [R(h*_H) − R*]. "
               "h*_H, the best model of the class, is taken to be the same model with the same settings fitted "
               "on 3000 fresh points; with a finite sample the estimation part can come out slightly negative.")


recipe, drawn, data, _ = page("Learning theory", name="theory", opening=lectures_theory.THEORY_OPENING)
presets.row("theory", lectures_theory.THEORY, lectures_theory.THEORY_HELP, chart=PAC_CHART, chart_height=420)
raw_tab = settings.take("tab")
if raw_tab is not None:
    try:
        st.session_state.setdefault("th_tab", TABS[TAB.coerce(raw_tab)])
    except ValueError as err:
        settings.report(f"{err}; the first tab is shown.")
shatter_points.points_from_link()
tabs = st.tabs(list(TABS.values()), key="th_tab", on_change="rerun")
for (tab_key, _label), tab in zip(TABS.items(), tabs, strict=True):
    if not tab.open:
        continue
    settings.link_item("tab", None if tab_key == TAB.default else tab_key)
    with tab:
        if tab_key == "pac":
            pac_tab()
        elif tab_key == "shattering":
            shattering_tab()
        elif tab_key == "bounds":
            bounds_tab(recipe, CONFIG)
        elif tab_key == "rademacher":
            rademacher_tab(recipe, drawn, data)
        else:
            bayes_tab(recipe, drawn, data)
        guide.next_pages("learning_curves", "bias_variance", "features")
        if code := tab_code(tab_key, recipe, drawn, data, shatter_points.points(), TREE_K.default):
            show_code(code, "The calls behind this tab, with its current settings.")
finish()
