"""Learning theory: PAC sample sizes, shattering by clicking, bounds against the test error,
Rademacher complexity by random labels, and the Bayes error of known densities."""

import math

import numpy as np
import pandas as pd
import streamlit as st

from catalog import code_other_pages
from catalog.models import MODELS
from catalog.specs import ParamSpec
from mlcore.theory import KNOWN_DENSITIES, conjunction_count, pac_epsilon, pac_sample_size
from ui.core import charts, params, settings
from ui.core.charts import config as chart_config
from ui.core.layout import finish, fit_screen, page
from ui.core.progress import Progress
from ui.core.show_code import show_code
from ui.data import draw
from ui.data.dataset_panel import BLANK
from ui.learning_theory import experiments as work
from viz import decision_figure
from viz.theory import (
    bounds_figure,
    labelings_figure,
    pac_figure,
    points_plane,
    rademacher_figure,
    random_fits_figure,
)

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
MAX_CLICK = 8        # 2^8 = 256 labelings; the grid shows all of them up to GRID_ALL points
GRID_ALL = 6
LINEAR = ("logistic", "least_squares", "perceptron", "linear_svm_sgd")
BOUND_MODEL = ParamSpec("bound_model", "choice", "logistic", choices=LINEAR, label="linear model",
                        help="A linear classifier in the plane: its class (lines) has VC dimension d = 3.")
BOUND_DELTA = ParamSpec("bound_delta", "float", 0.05, 0.01, 0.5, step=0.01, label="δ",
                        help="The bounds hold with probability at least 1 − δ.")
RESAMPLES = ParamSpec("resamples", "int", 10, 3, 30, label="resamples per m",
                      help="Fresh training samples per size m (and random-label draws for R̂).")
FAMILY = ParamSpec("rad_family", "choice", "knn", choices=tuple(work.CAPACITY), label="model family",
                   help="Capacity grows along the ladder: smaller k, deeper trees, larger C.")
DRAWS = ParamSpec("draws", "int", 10, 2, 50, label="random-label draws",
                  help="How many random labelings σ are fitted per point; more draws, a steadier mean.")
BAYES_MODELS = tuple(MODELS)
BAYES_MODEL = ParamSpec("bayes_model", "choice", "knn", choices=BAYES_MODELS, label="learned model")
SHATTER_KEY = "theory_pts"
ENJOYSPORT = pd.DataFrame(
    [["sunny", "warm", "normal", "strong", "warm", "same", "yes"],
     ["sunny", "warm", "high", "strong", "warm", "same", "yes"],
     ["rainy", "cold", "high", "strong", "warm", "change", "no"],
     ["sunny", "warm", "high", "strong", "cool", "change", "yes"]],
    columns=["sky", "air temp", "humidity", "wind", "water", "forecast", "enjoy sport"])


# --- PAC ------------------------------------------------------------------------------------

def pac_tab():
    left, right = st.columns([1, 2.2], gap="large")
    with left:
        eps = settings.setting(EPS, "th_eps")
        delta = settings.setting(DELTA, "th_delta")
        d = settings.setting(ATTRS, "th_d")
        h_size = conjunction_count(d)
        m = pac_sample_size(eps, delta, h_size)
        st.metric("examples needed m", f"{m:,}",
                  help="The smallest whole m with m ≥ (1/ε)(ln|H| + ln(1/δ)).")
        st.markdown(f"|H| = 3^{d} = **{h_size:,}** conjunctions  \n"
                    f"m ≥ (1/{eps:g})(ln {h_size:,} + ln(1/{delta:g})) = "
                    f"({math.log(h_size):.3f} + {math.log(1 / delta):.3f}) / {eps:g} = "
                    f"{(math.log(h_size) + math.log(1 / delta)) / eps:.2f}")
    with right, st.container(key=PAC_CHART):
        charts.plotly_chart(fit_screen(PAC_CHART, pac_figure(m, pac_epsilon(m, delta, h_size), delta, d,
                                                         m_max=max(1000, 2 * m))),
                            width="stretch", height="stretch", theme=None, config=CONFIG)
    st.caption("Any learner that outputs a conjunction consistent with m examples is, with probability "
               "at least 1 − δ, within error ε, once m ≥ (1/ε)(ln|H| + ln(1/δ)). ε falls as 1/m; a smaller δ or "
               "a larger class only adds a logarithm.")
    st.markdown("**EnjoySport** (Mitchell): six attributes, each two-valued in the notes, so 3⁶ = 729 "
                "conjunctions; with ε = 0.1 and δ = 0.05 a consistent learner needs m ≥ 96 examples.")
    st.dataframe(ENJOYSPORT, hide_index=True)


# --- shattering -----------------------------------------------------------------------------

def _points() -> list:
    return st.session_state.setdefault(SHATTER_KEY, [])


def _add_point(x: float, y: float):
    if len(_points()) < MAX_CLICK:
        st.session_state[SHATTER_KEY] = [*_points(), (round(x, 3), round(y, 3))]


def _set_points(pts):
    st.session_state[SHATTER_KEY] = list(pts)


EXAMPLES = {"triangle": [(-1.5, -1.0), (1.5, -1.0), (0.0, 1.5)],
            "square": [(-1.2, -1.2), (1.2, -1.2), (1.2, 1.2), (-1.2, 1.2)],
            "diamond": [(0.0, -1.6), (1.6, 0.0), (0.0, 1.6), (-1.6, 0.0)],
            "collinear": [(-1.8, -1.2), (0.0, 0.0), (1.8, 1.2)]}


def _points_from_link():
    raw = settings.take("spts")
    if raw is None:
        return
    try:
        pts = [tuple(float(v) for v in item.split(",")) for item in raw.split(";") if item]
        if not 1 <= len(pts) <= MAX_CLICK or any(len(p) != 2 or not all(map(math.isfinite, p))
                                                   or max(map(abs, p)) > 100 for p in pts):
            raise ValueError
    except ValueError:
        settings.report(f"**points to shatter** (`spts`) should look like `0,1;1.5,-1` "
                        f"(1 to {MAX_CLICK} points x,y). They were left out.")
        return
    _set_points(pts)


def shattering_tab():
    draw.listen(SHATTER_CHART, True, on_click=_add_point, key="theory_click", every_click=True)
    pts = _points()
    left, right = st.columns([1, 2.2], gap="large")
    with left:
        key = settings.setting(HCLASS, "th_hclass", format_func=HCLASS_LABELS.get)
        depth = settings.setting(TREE_K, "th_tree_k") if key == "trees" else TREE_K.default
        c1, c2 = st.columns(2)
        c1.button("Undo", icon=":material/undo:", key="th_undo", disabled=not pts, width="stretch",
                  on_click=_set_points, args=(pts[:-1],))
        c2.button("Clear", icon=":material/delete:", key="th_clear", disabled=not pts, width="stretch",
                  on_click=_set_points, args=([],))
        st.caption("Examples:")
        cols = st.columns(2)
        for i, (name, example) in enumerate(EXAMPLES.items()):
            cols[i % 2].button(name, key=f"th_ex_{name}", width="stretch", on_click=_set_points, args=(example,))
        verdict = st.container(key="theory_verdict")
    with right, st.container(key=SHATTER_CHART):
        charts.plotly_chart(points_plane(np.array(pts).reshape(-1, 2)), width="stretch", theme=None,
                            config={**CONFIG, "doubleClick": False})
    label = HCLASS_LABELS[key].replace("≤ k", f"≤ {depth}")
    if not pts:
        verdict.info(f"Click on the plane to place points (up to {MAX_CLICK}), or pick an example.")
    else:
        labels, realised = work.shatter(tuple(pts), key, depth)
        m, got = len(pts), int(realised.sum())
        if realised.all():
            verdict.success(f"Shattered: {label} realise all {2 ** m} labelings of these {m} points.")
        else:
            verdict.warning(f"Not shattered: {label} realise {got} of the {2 ** m} labelings of these "
                            f"{m} points (crossed out below).")
        if m <= GRID_ALL:
            st.caption(f"All {2 ** m} labelings (orange = class 1). ✓ realised, ✗ impossible for {label}."
                       + (" The line drawn is the hard-margin SVM's (the widest gap)." if key == "lines" else ""))
            show = None
        else:
            show = np.flatnonzero(~realised)[:64]
            st.caption(f"{m} points have {2 ** m} labelings; shown: the {len(show)} that {label} cannot realise"
                       + (" (the first 64)." if (~realised).sum() > 64 else "."))
        if show is None or len(show):
            lines = work.max_margin_lines(tuple(pts)) if key == "lines" else None
            charts.plotly_chart(labelings_figure(np.array(pts), labels, realised, indices=show, lines=lines),
                                width="stretch", theme=None, config=CONFIG, key="theory_labelings")
    settings.link_item("spts", ";".join(f"{x:g},{y:g}" for x, y in pts) or None)
    with st.expander(f"VC dimension of {label}, found by trying", expanded=key == "lines"):
        vc, counts = work.vc_by_trying(key, depth)
        rows = [{"m": m, "most labelings realised Π(m)": c, "2^m": 2 ** m, "some set shattered": c == 2 ** m}
                for m, c in enumerate(counts, start=1)]
        st.dataframe(pd.DataFrame(rows), hide_index=True)
        more = " (at least: the search stops at 6 points)" if vc == len(counts) else ""
        st.markdown(f"Tried m points on a circle and 50 random sets of m points for m = 1, 2, …: "
                    f"**VC dimension {vc}{more}**. A shattered set proves VC ≥ m; no shattered set among "
                    "the tries only suggests VC < m.")


# --- bounds against reality --------------------------------------------------------------------

def bounds_tab(recipe):
    if recipe.data == BLANK or recipe.classes != 2:
        st.info("The bounds are drawn for a generator with two classes: pick one in the sidebar's dataset "
                "panel (the test error needs fresh samples, so drawn points are not used here).")
        return
    left, right = st.columns([1, 2.6], gap="large")
    with left:
        model_key = settings.setting(BOUND_MODEL, "th_bound_model", format_func=lambda k: MODELS[k].label)
        delta = settings.setting(BOUND_DELTA, "th_bound_delta")
        resamples = settings.setting(RESAMPLES, "th_resamples")
    with Progress("Fitting fresh samples and random labels", unit="training set sizes") as progress:
        result = work.bound_curves(recipe, model_key, delta, resamples, progress=progress)
    with right:
        charts.plotly_chart(bounds_figure(result, vc_dim=3, delta=delta), width="stretch", theme=None, config=CONFIG,
                            key="theory_bounds")
    vacuous = [f"the {name} bound for m ≤ {int(result['sizes'][over][-1])}"
               for name, key in (("VC", "vc"), ("Rademacher", "rad_bound"))
               for over in [np.flatnonzero(result[key] > 1)] if len(over)]
    if vacuous:
        st.warning("Vacuous (above 1, so it says nothing about the error): " + "; ".join(vacuous) + ".",
                   icon=":material/info:")
    with left:
        st.caption(f"{resamples} fresh training samples per m from the sidebar's generator "
                   f"({recipe.data}, noise {recipe.noise:g}), each scored on 2000 fresh test points.")
    st.caption("VC: R(h) ≤ R̂(h) + √(2 ln(em/d) / (m/d)) + √(ln(1/δ) / (2m)), d = 3 for lines in the plane.  "
               "Rademacher: R(h) ≤ R̂_S(h) + R̂_S(H) + 3√(ln(2/δ) / (2m)), with R̂_S(H) estimated by fitting "
               "random labels on the first sample of each size.")


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
    name, values = work.CAPACITY[family]
    choice = ParamSpec(f"cap_{family}", "choice", values[-1], choices=values,
                       label=f"{MODELS[family].label}: {name}")
    with left:
        value = settings.setting(choice, f"th_cap_{family}", format_func=lambda v: "no limit" if v is None else str(v))
    m = min(100, len(data.X_train))
    X, est = work.random_fits(recipe, drawn, family, value, m)
    if isinstance(est, str):
        st.info(f"{work.capacity_label(family, value)} cannot be fitted on {m} points: {est}")
        return
    st.subheader(f"{work.capacity_label(family, value)} on random labels of {m} points: "
                 f"R̂ ≈ {est.value:.2f}", anchor=False)
    charts.plotly_chart(random_fits_figure(est.models, X, est.signs, data.bounds), width="stretch", theme=None,
                        config=CONFIG, key="theory_random_fits")


# --- Bayes error ------------------------------------------------------------------------------

def bayes_tab(recipe, drawn, data):
    if recipe.data not in KNOWN_DENSITIES:
        st.info("The Bayes classifier needs the true density: choose **Gaussian blobs** or **Linearly "
                "separable** in the sidebar's dataset panel.")
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
    top[1].metric("Bayes error R*", f"{split['bayes']:.3%}", help="1 − ∫ max_j p(x, j) dx on a 300 × 300 grid.")
    top[2].metric("error of the model R(ĥ)", f"{split['risk']:.3%}",
                  help="Its true error: 1 − ∫ p(x, ĥ(x)) dx with the known density.")
    top[3].metric("estimation", f"{split['estimation']:+.3%}", help="R(ĥ) − R(h*_H): what the small sample costs.")
    top[4].metric("approximation", f"{split['approximation']:+.3%}",
                  help="R(h*_H) − R*: what the model's class cannot express.")
    c1, c2 = st.columns(2)
    bounds = data.bounds
    with c1:
        charts.plotly_chart(decision_figure(bayes, data.X_train, data.y_train, bounds=bounds, height=430,
                                        title="Bayes classifier (true density)", show_confidence=True),
                            width="stretch", theme=None, config=CONFIG, key="theory_bayes_plane")
    with c2:
        charts.plotly_chart(decision_figure(split["model"], data.X_train, data.y_train, bounds=bounds, height=430,
                                        title=f"{MODELS[model_key].label}, learned"),
                            width="stretch", theme=None, config=CONFIG, key="theory_learned_plane")
    st.caption("Excess error R(ĥ) − R* = estimation + approximation = [R(ĥ) − R(h*_H)] + [R(h*_H) − R*]. "
               "h*_H, the best model of the class, is taken to be the same model with the same settings fitted "
               "on 3000 fresh points; with a finite sample the estimation part can come out slightly negative.")


def theory_code(tab: str) -> None:
    """The open tab's mlcore calls with its current settings."""
    value = settings.value
    if tab == "pac":
        text = code_other_pages.pac_tab(value("th_eps"), value("th_delta"), value("th_d"))
    elif tab == "shattering":
        if not _points():
            return
        text = code_other_pages.shattering_tab(_points(), value("th_hclass"), value("th_tree_k", TREE_K.default))
    elif tab == "bounds":
        if value("th_bound_model") is None:  # the tab explained what it needs instead
            return
        text = code_other_pages.bounds_tab(recipe, value("th_bound_model"), value("th_bound_delta"),
                                        value("th_resamples"), work.BOUND_SIZES)
    elif tab == "rademacher":
        family = value("th_family")
        if family is None or f"th_cap_{family}" not in st.session_state:
            return
        text = code_other_pages.rademacher_tab(recipe, drawn, family, work.CAPACITY[family][0],
                                            value(f"th_cap_{family}"), min(100, len(data.X_train)))
    else:
        model_key = value("th_bayes_model")
        if model_key is None:
            return
        spec = MODELS[model_key]
        hp = {p.name: value(params.widget_key(spec, p), p.default) for p in spec.params}
        text = code_other_pages.bayes_tab(recipe, drawn, model_key, hp)
    show_code(text, "The calls behind this tab, with its current settings.")


recipe, drawn, data, _ = page("Learning theory", name="theory")
raw_tab = settings.take("tab")
if raw_tab is not None:
    try:
        st.session_state.setdefault("th_tab", TABS[TAB.coerce(raw_tab)])
    except ValueError as err:
        settings.report(f"{err}; the first tab is shown.")
_points_from_link()
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
            bounds_tab(recipe)
        elif tab_key == "rademacher":
            rademacher_tab(recipe, drawn, data)
        else:
            bayes_tab(recipe, drawn, data)
        theory_code(tab_key)
finish()
