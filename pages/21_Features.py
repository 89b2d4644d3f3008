"""Features: scale or transform an axis and watch distance-based models change while the tree
does not; a feature map Φ for a linear model; filter, wrapper and ℓ1 selection on data with noise."""

from dataclasses import replace

import numpy as np
import streamlit as st

from catalog import code_other_pages
from catalog.models import MODELS
from catalog.specs import ParamSpec
from mlcore.feature_selection._sequential import search_costs
from ui import reading
from ui.core import alt_text, charts, guide, lectures_theory, presets, sections, settings
from ui.core.charts import config as chart_config
from ui.core.layout import Ahead, compute_ahead, finish, page, part, screen_height
from ui.core.show_code import show_code
from ui.features import studies
from ui.live.live_chart import shared_chart
from viz.decision import decision_figure, points_figure
from viz.features import (
    balls_figure,
    l1_path_figure,
    path_figure,
    ranking_figure,
    stability_figure,
)

CONFIG = chart_config("features", scroll_zoom=False, double_click=False)
AXIS = ParamSpec("axis", "choice", "x2", choices=("x1", "x2"), label="axis",
                 help="The feature whose units change (multiplied by the factor).")
STRETCH = ParamSpec("stretch", "float", 5.0, 0.1, 10.0, log=True, label="stretch factor",
                    help="Multiply one feature by this: 10 is a change of units (metres to decimetres), "
                         "0.1 squashes it. Distance-based models weigh that feature 10 (or 0.1) times as much.")
TRANSFORM = ParamSpec("transform", "choice", "none", choices=tuple(studies.TRANSFORMS), label="then apply",
                      help="A transform fitted on the training points (after the stretch), before the model.")
DEGREE = ParamSpec("degree", "int", 3, 1, 8, label="degree d of Φ",
                   help="Φ(x) = every monomial x₁ᵃ x₂ᵇ with 1 ≤ a + b ≤ d: a linear boundary in Z = Φ(x) "
                        "is a curve of degree d in the plane.")
EXTRA = ParamSpec("extra", "int", 4, 0, 10, label="noise features",
                  help="Extra features that carry no information about the class (and copies of x1).")
COPIES = ParamSpec("copies", "int", 0, 0, 3, label="of which copies of x1",
                   help="How many of the extra features are noisy copies of x1 (x1 + 0.5ε): redundant, not useless.")
PLANE_X = ParamSpec("plane_x", "int", 1, 1, 12, label="plane: horizontal feature", help="Feature on the x-axis.")
PLANE_Y = ParamSpec("plane_y", "int", 3, 1, 12, label="plane: vertical feature", help="Feature on the y-axis.")
SEL_MODEL = ParamSpec("sel_model", "choice", "knn", choices=("knn", "prototype", "logistic", "tree"),
                      label="model the wrapper scores",
                      help="Forward and backward search score each subset by this model's CV accuracy "
                           "(kNN and LwP standardise the features first).")
CV = ParamSpec("cv", "int", 5, 2, 10, label="CV folds", help="k of the stratified k-fold cross-validation.")
STAB_METHOD = ParamSpec("stab_method", "choice", "pearson", choices=("pearson", "mutual_info", "stump", "forward"),
                        label="selector",
                        help="Top-k by a filter score, or forward selection (kNN, 3-fold CV) to k features.")
STAB_K = ParamSpec("stab_k", "int", 2, 1, 12, label="features kept (k)", help="How many features the selector keeps.")
N_BOOT = ParamSpec("n_boot", "int", 20, 5, 50, label="bootstrap samples",
                   help="The selector is refitted on this many bootstrap samples of the training set.")
SHORT = studies.SHORT
SECTIONS = {"phi": "Φ: X → Z, a linear model on polynomial features",
            "select": "Selecting features on data with noise features"}
SELECTION_ITEMS = ("extra", "copies", "plane_x", "plane_y", "sel_model", "cv", "stab_method", "stab_k", "n_boot")
METHOD_LABELS = {"pearson": "|Pearson r|, top k", "mutual_info": "mutual information, top k",
                 "stump": "stump accuracy, top k", "forward": "forward selection (kNN)"}


@st.fragment
def scaling(recipe, drawn, data, tail) -> None:
    """The stretch, the transform and the eight panels they change, with what reads them (What you
    see, the code under the page, the link): a step of the stretch reruns this alone
    (ui.core.layout.part), not the sections below, whose work does not depend on it."""
    with part("features", share=True):
        left, right = st.columns([1, 3.6], gap="medium")
        with left:
            axis = settings.setting(AXIS, "feat_axis", control="segmented")
            factor = settings.setting(STRETCH, "feat_stretch")
            transform = settings.setting(TRANSFORM, "feat_transform", format_func=lambda k: studies.TRANSFORMS[k])
            st.caption("kNN, LwP and the RBF SVM measure **distances**, and in a distance every dimension counts "
                       "the same: stretch one and it dominates. A tree **compares one feature with a threshold**: a "
                       "stretch moves threshold and points together, so its regions stay. An increasing map of each "
                       "feature (z-score, min-max, log, sigmoid) splits the training points alike too; clipping "
                       "(it merges values) and unit length (it mixes the features) can change the tree.")
        axis_index = 0 if axis == "x1" else 1
        panels, problem = studies.scaling_panels(recipe, drawn, axis_index, factor, transform)
        with right:
            if panels is None:
                st.info(problem, icon=":material/info:")
                charts.plotly_chart(points_figure(data.X_train, data.y_train, bounds=data.bounds, height=430),
                                    width="stretch", config=CONFIG, key="feat_scaling")
            else:
                after = studies.after_text(axis_index, factor, transform)
                with st.container(key="feat_scaling"):   # updated in place: ui/live/live_chart.py
                    screen_height("feat_scaling", studies.SCALING_HEIGHT)
                    shared_chart("feat_scaling", CONFIG, studies.scaling_chart, recipe, drawn, axis_index, factor,
                                 transform)
                alt_text.summary("feat_scaling", f"Decision regions of {len(panels[0])} models on the raw features "
                                 f"(top) and after {after} (bottom)", data,
                                 {f"{SHORT[p.key]} test accuracy{' after' if n else ''}": p.test_acc
                                  for n, row in enumerate(panels) for p in row})
                changed = {p.key: int(np.sum(p.train_pred != q.train_pred))
                           for p, q in zip(panels[0], panels[1], strict=True)}
                st.caption("Both rows on the original plane: the bottom model was fitted on the transformed training "
                           "points and each place x is coloured by its prediction at T(x).")
                guide.see(reading.features_reading(changed, SHORT, after, len(data.y_train)), "knn", {})
        with tail:   # under the sections, as the page's last lines, but written by this part
            guide.next_pages("playground", "svm", "learning_theory", model="knn", params={})
            show_code(code_other_pages.features_page(recipe, drawn, 0 if axis == "x1" else 1, factor, transform,
                                                  studies.SCALING_MODELS, settings.value("feat_degree", DEGREE.default),
                                                  settings.value("feat_C", MODELS["logistic"].param("C").default)),
                      "The stretch (and transform) in front of each model, and logistic regression on polynomial "
                      "features.")
        at = lambda q: (recipe, drawn, 0 if q["axis"] == "x1" else 1, q["stretch"], q["transform"])   # noqa: E731
        compute_ahead("features", (AXIS, STRETCH, TRANSFORM), {"axis": axis, "stretch": factor, "transform": transform},
                      lambda q: [(builder, *at(w)) for w in [q, *further(q, factor)]
                                 for builder in (studies.scaling_panels, studies.scaling_chart)],
                      scope="scaling", chart=None if panels is None else
                      Ahead("feat_scaling", studies.scaling_chart, at, lambda p: f"feat_{p.name}"))


def further(q: dict, factor: float) -> list[dict]:
    """The stretch one more step past ``q`` the way ``q`` lies from the stretch shown, if the slider has
    it: computed ahead too, so that the step after the next finds its panels built and drawn ahead."""
    grid = settings.log_grid(STRETCH)
    if q["stretch"] == factor or q["stretch"] not in grid or factor not in grid:
        return []
    j = 2 * grid.index(q["stretch"]) - grid.index(factor)
    return [q | {"stretch": grid[j]}] if 0 <= j < len(grid) else []


def selection(recipe) -> None:
    """Section 3: filters, wrappers, the ℓ1 path and stability on the data with noise features."""
    s1, s2, s3, s4 = st.columns(4)
    extra = settings.setting(EXTRA, "feat_extra", where=s1)
    copies = settings.setting(replace(COPIES, high=min(COPIES.high, extra)), "feat_copies", where=s2, clamp=True) \
        if extra else 0
    wide, problem = studies.wide_data(recipe, extra, copies)
    if wide is None:
        st.info(problem, icon=":material/info:")
        return
    names = wide.names
    d = len(names)
    plane_x = settings.setting(replace(PLANE_X, high=d), "feat_plane_x", where=s3, clamp=True)
    plane_y = settings.setting(replace(PLANE_Y, high=d, default=min(PLANE_Y.default, d)), "feat_plane_y", where=s4,
                               clamp=True)

    r1, r2 = st.columns([1.4, 1], gap="medium")
    with r1:
        st.markdown(f"**Filters** score each feature alone: d = {d} scores, no model fitted.")
        charts.plotly_chart(ranking_figure(names, studies.rankings(recipe, extra, copies)), width="stretch",
                            config=CONFIG, key="feat_ranking")
    with r2:
        st.markdown(f"**The plane shows two of the {d} features**: {names[plane_x - 1]} and {names[plane_y - 1]}.")
        plane = wide.X_train[:, [plane_x - 1, plane_y - 1]]
        fig = points_figure(plane, wide.y_train, height=330)
        fig.update_layout(xaxis_title=names[plane_x - 1], yaxis_title=names[plane_y - 1])
        charts.plotly_chart(fig, width="stretch", config=CONFIG, key="feat_plane")

    w1, w2 = st.columns([1, 2.4], gap="medium")
    with w1:
        sel_key = settings.setting(SEL_MODEL, "feat_sel_model", format_func=lambda k: MODELS[k].label)
        cv = settings.setting(CV, "feat_cv")
        full = search_costs(d, d)
        st.markdown(f"**Costs** for d = {d}, each subset one {cv}-fold CV:\n"
                    f"- exhaustive: 2^d − 1 = **{2 ** d - 1:,}** subsets\n"
                    f"- forward, to all d: d + (d−1) + … = **{full['forward']}** (O(Kd) to reach K)\n"
                    f"- backward, down to 1: **{search_costs(d, 1)['backward']}** (O(d²))")
    with w2:
        paths, problem = studies.sequential_paths(recipe, extra, copies, sel_key, cv)
        if paths is None:
            st.info(f"No search: {problem}", icon=":material/info:")
        else:
            charts.plotly_chart(path_figure(paths, [n.split(" ")[0] for n in names]), width="stretch",
                                config=CONFIG, key="feat_paths")
            survivors = []
            for direction, path in paths.items():
                best = max(path, key=lambda step: (step["score"], -len(step["features"])))
                kept = ", ".join(names[j].split(" ")[0] for j in best["features"])
                size = len(best["features"])
                survivors.append(f"{direction}: best CV {best['score']:.1%} with {size} "
                                 f"feature{'s' if size > 1 else ''} ({kept})")
            st.caption("Smallest best subsets — " + "; ".join(survivors) + ".")

    l1, l2 = st.columns([1, 1], gap="medium")
    with l1:
        st.markdown("**Embedded: the ℓ1 path.** Logistic regression with penalty ||w||₁ on standardised features: "
                    "coefficients are exactly 0 until C is large enough, and the useful features come in first.")
        Cs, coefs = studies.l1_path(recipe, extra, copies)
        charts.plotly_chart(l1_path_figure(Cs, coefs, names), width="stretch", config=CONFIG, key="feat_l1")
    with l2:
        st.markdown("**Why ℓ1 gives zeros:** the loss's contours first touch the ℓ1 diamond at a corner, "
                    "where one weight is 0; the ℓ2 ball has no corners.")
        charts.plotly_chart(balls_figure(), width="stretch", config=CONFIG, key="feat_balls")

    st.markdown("**Stability.** Refit a selector on bootstrap samples of the training set: a feature chosen "
                "every time is a finding, one chosen now and then is chance.")
    b1, b2 = st.columns([1, 2.4], gap="medium")
    with b1:
        method = settings.setting(STAB_METHOD, "feat_stab_method", format_func=lambda k: METHOD_LABELS[k])
        k = settings.setting(replace(STAB_K, high=d), "feat_stab_k", clamp=True)
        n_boot = settings.setting(N_BOOT, "feat_n_boot")
    with b2:
        freq, jaccard, _ = studies.stability(recipe, extra, copies, method, k, n_boot)
        if freq is None:
            st.info(f"No stability estimate: {jaccard}", icon=":material/info:")
        else:
            charts.plotly_chart(stability_figure(names, freq), width="stretch", config=CONFIG, key="feat_stability")
            st.caption(f"Mean Jaccard similarity |S_a ∩ S_b| / |S_a ∪ S_b| of the {n_boot} selected sets: "
                       f"**{jaccard:.2f}** (1 = the same set every time).")


recipe, drawn, data, _ = page("Features", name="features", opening=lectures_theory.FEATURES_OPENING)
st.sidebar.caption("Features are not neutral: their **units** decide what a distance-based model sees, a "
                   "**map Φ** lets a linear model draw curves, and **irrelevant features** hurt until a "
                   "selection method removes them.")
presets.row("features", lectures_theory.FEATURES, lectures_theory.FEATURES_HELP, chart="feat_scaling", chart_height=430)

scaling_box = st.container()   # section 1, drawn last: its part writes the page's tail too

# --- 2 and 3 below the first screen: one section at a time, built only when open ------------------
section = sections.tabs(SECTIONS, "feat_section", opened_by={"phi": ("degree", "C"), "select": SELECTION_ITEMS})
if section["phi"].open:
    with section["phi"]:
        c1, c2, c3 = st.columns([1, 1.8, 1.8], gap="medium")
        with c1:
            degree = settings.setting(DEGREE, "feat_degree")
            C = settings.setting(MODELS["logistic"].param("C"), "feat_C")
            st.caption("Logistic regression is linear in whatever features it gets. Give it Φ(x) (standardised), "
                       "the monomials of x₁, x₂ up to degree d, and the line w·Φ(x) + b = 0 in Z is a curve in "
                       "the plane. More degrees, more curves: watch the test accuracy for overfitting.")
        poly, problem = studies.poly_grids(recipe, drawn, degree, C)

if section["select"].open:
    with section["select"]:
        selection(recipe)

tail = st.container()
with scaling_box:
    scaling(recipe, drawn, data, tail)
if section["phi"].open:   # its two charts after the main chart, which the browser then draws first
    if poly is None:
        c2.info(problem, icon=":material/info:")
    else:
        for col, (model, grid, train_acc, test_acc, width), name in zip(
                (c2, c3), poly, ("raw x = (x₁, x₂)", f"Φ(x), degree {degree}"), strict=True):
            test = "—" if test_acc is None else f"{test_acc:.0%}"
            title = f"{name}: {width} features · train {train_acc:.0%} · test {test}"
            charts.plotly_chart(decision_figure(model, data.X_train, data.y_train, X_test=data.X_test,
                                                y_test=data.y_test, grid=grid, height=380, title=title,
                                                axis_titles=data.axes),
                                width="stretch", config=CONFIG, key=f"feat_poly_{width}", where=col)
finish()
