"""SVM and kernels: the margin and the support vectors live, where f(x) comes from, the kernel trick."""

import math

import numpy as np
import streamlit as st

from catalog.models import MODELS
from catalog.specs import ParamSpec
from ui import reading
from ui.core import alt_text, charts, guide, lectures, overlays, params, presets, sections, settings
from ui.core.charts import config as chart_config
from ui.core.layout import Ahead, compute_ahead, controls, finish, page, screen_height, stop
from ui.core.show_code import show_fit
from ui.data import draw
from ui.id3.worked_examples import LOSS_GALLERY_TEXT
from ui.live.live_chart import shared_chart
from ui.serving import fits
from ui.svm.clicked_point import POINT_SECTION, SECTION_KEY, pick_point
from ui.svm.lift_and_primal import lifted_model, primal_route
from ui.svm.pair_machines import pair_caption, pair_options, vote_text
from ui.svm.svm_figures import gallery, landscape, lift_plane, margin_plane, primal_figure, terms_figure
from viz.svm import loss_figure, machine_name, machine_support, margin_width, unfitted_figure

SPEC = MODELS["svm"]
CHART_CONFIG = chart_config("svm", scroll_zoom=False, double_click=False)
SHOW_TEST = ParamSpec("show_test", "bool", False, label="show test points")
EPOCHS = ParamSpec("epochs", "int", 50, 5, 200, step=5, label="epochs",
                   help="Passes of Pegasos over the training points.")
SECTIONS = {"point": POINT_SECTION, "kernel": "The kernel trick", "loss": "Hinge loss",
            "primal": "The same problem in the primal: Pegasos"}


recipe, drawn, data, _ = page("SVM and kernels", name="svm", opening=lectures.SVM_OPENING)
st.sidebar.caption(
    "A support vector machine looks for the boundary f(x) = 0 with the **widest margin**: the band "
    "between f(x) = −1 and f(x) = +1. It is solved exactly in the dual by SMO, "
    "max Σαᵢ − ½ ΣΣ αᵢαⱼyᵢyⱼK(xᵢ, xⱼ) with 0 ≤ αᵢ ≤ C and Σαᵢyᵢ = 0, and only the points with αᵢ > 0 "
    "(the **support vectors**) shape f(x) = Σ αᵢyᵢK(xᵢ, x) + b.")

# The lecture's steps sit in one row of short buttons, and a step's text in one line under them,
# so that on a 1280x720 projector the chart stays whole on the first screen after any step.
lesson_text = presets.row("svm", lectures.SVM, lectures.SVM_HELP, say_changed=True)

if data.error or data.n_classes_train < 2:
    st.warning(data.error or "The training set needs points of at least two classes: generate data in "
               "the sidebar or draw points on the Playground.", icon=":material/info:")
    stop()

left, right = controls([1, 3], gap="large")
with left:
    pair_slot = st.empty()  # filled once the fit says which machines exist: the first control with 3+ classes
    hp = params.param_widgets(SPEC)
    if hp["kernel"] == "rbf":
        st.caption(f"γ = {hp['gamma']:g} is a width σ = 1/√(2γ) = {1 / math.sqrt(2 * hp['gamma']):.3g}")
    st.divider()
    show_test = settings.setting(SHOW_TEST, "svm_show_test")

key_params = tuple(sorted(hp.items()))
fit = fits.fit(recipe, drawn, SPEC.key, key_params)
plane_at = None   # the margin plane's arguments at other settings, once it is drawn
model = fit.model
binary = model is None or len(model.classes_) == 2
with left:
    explain_on = overlays.toggle(model, "svm_explain")

# More than two classes: one binary machine at a time is drawn, the teaching view.
machine, pair_code = 0, None
if not binary:
    options = pair_options(model)
    codes = list(options)
    pair = ParamSpec("pair", "choice", codes[0], choices=tuple(codes),
                     label="pair machine" if hp["multiclass"] == "ovo" else "machine",
                     help=(f"The {len(model.classes_)}-class SVM is {len(codes)} binary SVMs "
                           + ("(one per pair of classes, each trained on that pair's points only). "
                              if hp["multiclass"] == "ovo" else "(one per class against all the others). ")
                           + "Pick the one whose boundary, margins and support vectors are drawn."))
    pair_code = settings.setting(pair, "svm_pair", where=pair_slot.container(), format_func=options.__getitem__)
    machine = codes.index(pair_code)

with right:
    if model is None:
        # the message beside the points, not above them: the chart stays on the first screen
        chart_col, why = st.columns([3, 2])
        why.warning(fit.error, icon=":material/block:")
        charts.plotly_chart(unfitted_figure(data.X_train, data.y_train, X_test=data.X_test, y_test=data.y_test,
                                               show_test=show_test, bounds=data.bounds, height=465),
                               width="stretch", config=CHART_CONFIG, key="svm_points", where=chart_col)
    else:
        chart_col, stats = st.columns([4, 1])  # metrics beside the chart: it keeps the height
        m1 = m2 = m3 = m4 = stats
        m1.metric("train accuracy", f"{fit.train_acc:.1%}")
        m2.metric("test accuracy", "—" if fit.test_acc is None else f"{fit.test_acc:.1%}")
        n_bound = int(model.at_bound_.any(axis=0).sum())
        m3.metric("support vectors" if binary else "SVs, all machines", len(model.support_),
                  help=f"{n_bound} at the bound α = C, {len(model.support_) - n_bound} free (0 < α < C, "
                       "exactly on a margin)" + ("" if binary else " in at least one machine"))
        width = margin_width(model, machine)
        m4.metric("margin width 2/‖w‖", "—" if width is None else f"{width:.3g}",
                  help="Shown for the linear kernel, where w = Σ αᵢyᵢxᵢ exists in the plane"
                       + ("." if binary else " (of the chosen pair machine)."))
        height = 562 if lesson_text is None else 492

        # a click on the plane (from the previous render) takes that point's f(x) apart below
        draw.listen("svm_margin", True, key="svm_click",
                    on_click=lambda x, y: pick_point(x, y, data, show_test))
        with chart_col, st.container(key="svm_margin"):   # updated in place: ui/live/live_chart.py
            screen_height("svm_margin", height)
            explained = shared_chart("svm_margin", CHART_CONFIG, margin_plane, recipe, drawn, key_params,
                                     machine, show_test, explain_on, height)
            plane_at = lambda q: (recipe, drawn, tuple(sorted(q.items())), machine, show_test, explain_on, height)  # noqa: E731
        alt_text.summary("svm_margin", f"Decision boundary f(x) = 0, margins f(x) = ±1 and {len(model.support_)} "
                         f"support vectors of an {alt_text.model_text('SVM', hp)}", data,
                         {"train accuracy": fit.train_acc, "test accuracy": fit.test_acc})
        st.caption(("Solid line: f(x) = 0. Dashed: the margins f(x) = ±1. " if binary else
                    pair_caption(model, machine) + "Solid line: this machine's f(x) = 0. Dashed: its margins "
                    "f(x) = ±1. ")
                   + "Black rings: free support vectors (on the margin); red rings: bounded ones (α = C, inside "
                     "the margin or misclassified); ring size grows with α. Hover a point for f(x), y·f(x) and "
                     "its slack ξ; click it (or any spot) to take its f(x) apart below.")
        scores = reading.Scores(fit.train_acc, fit.test_acc, *(fits.cv(recipe, drawn, SPEC.key, key_params)
                                                               or (None, None)),
                                fits.reference(recipe, drawn), len(data.y_train))
        guide.see(reading.svm_reading(hp, scores, len(model.support_)), SPEC.key, hp)
        overlays.below(explained, model, data)
        if model.fit_status_ != "converged":
            st.info(model.fit_status_, icon=":material/hourglass_bottom:")

if model is None:
    stop()

# --- below the chart: one section at a time, built only when open (ui/core/sections.py) ---------
section = sections.tabs(SECTIONS, SECTION_KEY, opened_by={"point": ("x1", "x2"), "primal": ("epochs",)})
if section["point"].open:
    with section["point"]:
        c1, c2 = st.columns([1, 3], gap="large")
        with c1:
            px, py = params.point_inputs("svm", data.X_train[0], link_as="the point taken apart")
            x = np.array([px, py])
            f_all = model.pairwise_decision(x[None])[0]
            f = float(f_all[machine])
            which = "" if binary else f"of the {machine_name(model, machine)} machine "
            st.markdown(f"f(x) {which}= Σ αᵢyᵢK(xᵢ, x) + b = **{f:.4g}**  \n"
                        f"{len(machine_support(model, machine))} support-vector terms, "
                        f"b = {model.intercept_[machine]:.4g}")
            if not binary:
                st.markdown(vote_text(model, f_all, x))
        with c2:
            terms = charts.shared_figure(terms_figure, recipe, drawn, key_params, machine, x)
            charts.plotly_chart(terms, width="stretch", config=CHART_CONFIG, key="svm_terms")

if section["kernel"].open:
    k1, k2 = section["kernel"].columns(2, gap="large")
    with k1:
        st.markdown("**Lifting to 3-D.** The kernel (x·z)² is the inner product of "
                    "φ(x) = (x₁², √2 x₁x₂, x₂²): a conic boundary in the plane is a flat plane up there.")
        if not binary:
            st.caption("Shown for two classes.")
        else:
            C_lift = hp["C"] if math.isfinite(hp["C"]) else 1e3
            lift, lift_err = lifted_model(recipe, drawn, C_lift)
            if lift is None:
                st.caption(lift_err)
            else:
                lifted = charts.shared_figure(lift_plane, recipe, drawn, C_lift)
                charts.plotly_chart(lifted, width="stretch", key="svm_lift")
    with k2:
        st.markdown("**The decision surface.** f(x) of the model above as a landscape: the boundary is its "
                    "sea level, the margins the contour lines at ±1.")
        if binary:
            land = charts.shared_figure(landscape, recipe, drawn, key_params)
            charts.plotly_chart(land, width="stretch", key="svm_landscape")
        else:
            st.caption("Shown for two classes.")

if section["loss"].open:
    with section["loss"]:
        l1, l2 = st.columns([2, 1], gap="large")
        with l1:
            charts.plotly_chart(charts.shared_figure(loss_figure, height=320), width="stretch",
                                config=CHART_CONFIG, key="svm_loss")
        with l2:
            st.markdown("The soft-margin SVM minimises ½‖w‖² + C Σ max(0, 1 − yᵢf(xᵢ)). The hinge is zero "
                        "only beyond the margin (y·f ≥ 1), so points far on the right side cost nothing and "
                        "never become support vectors; logistic regression's loss never reaches zero, so "
                        "every point pulls on its boundary.")
        gallery_box = st.expander("Loss gallery: 0-1, hinge, logistic, exponential and squared losses of the "
                                  "margin y·f(x)", key="svm_gallery", on_change="rerun")
        if gallery_box.open:
            g1, g2 = gallery_box.columns([2, 1], gap="large")
            charts.plotly_chart(charts.shared_figure(gallery, recipe, drawn, key_params), width="stretch",
                                config=CHART_CONFIG, key="svm_losses", where=g1)
            g2.markdown(LOSS_GALLERY_TEXT)

if section["primal"].open:
    p1, p2 = section["primal"].columns([1, 2], gap="large")
    with p1:
        st.markdown("The soft margin is also min λ/2‖w‖² + (1/n) Σ max(0, 1 − yᵢ(w·xᵢ + b)) with λ = 1/(Cn). "
                    "Pegasos takes sub-gradient steps of size 1/(λt) on random mini-batches; SMO solves the "
                    "dual exactly. Both should reach the same value.")
        # Pegasos runs for two classes only: with more, its epochs would steer nothing
        epochs = settings.setting(EPOCHS, "svm_epochs") if binary else None
    if not binary:
        with p2:
            st.caption("Shown for two classes.")
    else:
        C_primal = hp["C"] if math.isfinite(hp["C"]) else 1e3
        history, best, lam, perr = primal_route(recipe, drawn, C_primal, epochs)
        with p2:
            if history is None:
                st.caption(perr)
            else:
                gap = history[-1]["objective"] / best - 1 if best > 0 else 0.0
                st.caption(f"linear kernel, C = {C_primal:g} (λ = {lam:.3g}); after {epochs} epochs Pegasos is "
                           f"{gap:.2%} above the optimum")
                route = charts.shared_figure(primal_figure, recipe, drawn, C_primal, epochs)
                charts.plotly_chart(route, width="stretch", config=CHART_CONFIG, key="svm_primal")

guide.next_pages("validation_curve", "bias_variance", "search", "perceptron", model=SPEC.key, params=hp)
show_fit(recipe, drawn, SPEC.key, hp)
if plane_at is not None:   # the plane at C's (gamma's, ...) next positions: drawn the moment the slider shows one
    compute_ahead("svm", SPEC, hp, lambda q: [(margin_plane, *plane_at(q)),
                                             (fits.cv, recipe, drawn, SPEC.key, tuple(sorted(q.items())))],
                  chart=Ahead("svm_margin", margin_plane, plane_at, lambda p: params.widget_key(SPEC, p)))
finish()
