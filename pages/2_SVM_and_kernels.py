"""SVM & kernels: the margin and the support vectors live, where f(x) comes from, the kernel trick."""

import math

import numpy as np
import streamlit as st

from mlcore import ValidationError
from mlcore.registry import MODELS
from mlcore.sgd_svm import LinearSVMSGD, primal_objective
from mlcore.svm import SVC
from ui import compute, dataset, draw, params, state
from ui.layout import page_setup
from viz import points_figure
from viz.svm import (
    contributions_figure,
    landscape_figure,
    lift_figure,
    loss_figure,
    margin_figure,
    objective_figure,
)

page_setup("SVM & kernels")

SPEC = MODELS["svm"]
CHART_CONFIG = {"displayModeBar": False, "scrollZoom": False}
URL_TAKEN = {f.name for f in dataset.FIELDS} | {"data", "pts"}

# A lecture in five steps: each sets the dataset and the SVM's hyperparameters.
_LINE = {"ds_data": "linear", "ds_n": 60, "ds_noise": 0.0, "ds_margin": 1.0, "ds_classes": 2,
         "ds_outliers": 0.0, "ds_imbalance": 0.0}
LESSON = [
    ("1 · separable data, hard margin",
     "The classes can be split by a line, so C = ∞ is allowed: no point may sit inside the margin. "
     "Only the few points on the dashed lines (the support vectors) decide the boundary.",
     {**_LINE, "ds_label_noise": 0.0, "p_svm_kernel": "linear", "p_svm_C": math.inf}),
    ("2 · one outlier",
     "A few labels flipped: now no line separates the classes, and the hard margin has no solution.",
     {**_LINE, "ds_label_noise": 0.1, "p_svm_kernel": "linear", "p_svm_C": math.inf}),
    ("3 · soft margin, small C",
     "C = 0.05: slack is cheap, so the margin is wide and many points become (bounded) support vectors.",
     {**_LINE, "ds_label_noise": 0.1, "p_svm_kernel": "linear", "p_svm_C": 0.05}),
    ("4 · soft margin, large C",
     "C = 100: each unit of slack is expensive, so the margin narrows to misclassify as little as possible.",
     {**_LINE, "ds_label_noise": 0.1, "p_svm_kernel": "linear", "p_svm_C": 100.0}),
    ("5 · circles with the RBF kernel",
     "No line separates a ring from its centre, but exp(−γ‖x − z‖²) lets the boundary bend into a closed curve.",
     {"ds_data": "circles", "ds_n": 200, "ds_noise": 0.1, "ds_classes": 2, "ds_label_noise": 0.0,
      "ds_outliers": 0.0, "ds_imbalance": 0.0, "p_svm_kernel": "rbf", "p_svm_gamma": 1.0, "p_svm_C": 1.0}),
]


def apply_lesson(i: int) -> None:
    for key, value in LESSON[i][2].items():
        state.preset(key, value)
    st.session_state["svm_lesson"] = i


@st.cache_data(max_entries=16, show_spinner=False)
def lifted_model(recipe, drawn, C: float):
    """An SVM with the homogeneous degree-2 kernel (x·z)², whose feature map is 3-D."""
    data = compute.dataset(recipe, drawn)
    try:
        return SVC(C=C, kernel="poly", degree=2, gamma=1.0, coef0=0.0, max_iter=30_000).fit(
            data.X_train, data.y_train), None
    except ValidationError as err:
        return None, str(err)


@st.cache_data(max_entries=16, show_spinner=False)
def primal_route(recipe, drawn, C: float, epochs: int):
    """Pegasos on the soft-margin problem of a linear SVM with this C (lambda = 1 / (C n)), and
    the exact optimum of the same objective from SMO; or an error message."""
    data = compute.dataset(recipe, drawn)
    X, y = data.X_train, data.y_train
    lam = 1.0 / (C * len(y))
    try:
        sgd = LinearSVMSGD(lam=lam, max_epochs=epochs, random_state=0).fit(X, y)
        exact = SVC(C=C, kernel="linear", tol=1e-5, max_iter=30_000).fit(X, y)
    except ValidationError as err:
        return None, None, None, str(err)
    sign = np.where(y == exact.classes_[1], 1.0, -1.0)
    best = primal_objective(exact.coef_[0], float(exact.intercept_[0]), X, sign, lam)
    return sgd.history_, best, lam, None


# --- state from the link, then the shared dataset panel -------------------------------------
query = state.url_once("svm")
problems = []
if query is not None:
    problems += dataset.from_url(query) + draw.from_url(query) + params.from_url(SPEC, query, URL_TAKEN)
recipe = dataset.dataset_panel()
drawn = draw.points()
data = compute.dataset(recipe, drawn)

st.title("SVM & kernels", anchor=False)
state.warn_bad_url(problems)
st.markdown(
    "A support vector machine looks for the boundary f(x) = 0 with the **widest margin**: the band "
    "between f(x) = −1 and f(x) = +1. It is solved exactly in the dual by SMO, "
    "max Σαᵢ − ½ ΣΣ αᵢαⱼyᵢyⱼK(xᵢ, xⱼ) with 0 ≤ αᵢ ≤ C and Σαᵢyᵢ = 0, and only the points with αᵢ > 0 "
    "(the **support vectors**) shape f(x) = Σ αᵢyᵢK(xᵢ, x) + b.")

with st.expander("Lecture sequence: separable data → hard margin → an outlier → soft margin → RBF",
                 expanded=False):
    cols = st.columns(len(LESSON))
    for i, (col, (label, _, _)) in enumerate(zip(cols, LESSON, strict=True)):
        col.button(label, key=f"svm_lesson_{i}", on_click=apply_lesson, args=(i,), width="stretch")
    if "svm_lesson" in st.session_state:
        st.info(LESSON[st.session_state["svm_lesson"]][1], icon=":material/school:")

if data.error or data.n_classes_train < 2:
    st.warning(data.error or "The training set needs points of at least two classes: generate data in "
               "the sidebar or draw points on the Playground.", icon=":material/info:")
    st.stop()

left, right = st.columns([1, 3], gap="large")
with left:
    hp = params.param_widgets(SPEC)
    if hp["kernel"] == "rbf":
        st.caption(f"γ = {hp['gamma']:g} is a width σ = 1/√(2γ) = {1 / math.sqrt(2 * hp['gamma']):.3g}")
    st.divider()
    state.remember("svm_show_test", False)
    show_test = st.toggle("show test points", key="svm_show_test")
    state.keep("svm_show_test")

key_params = tuple(sorted(hp.items()))
fit = compute.fit(recipe, drawn, SPEC.key, key_params)
model = fit.model

with right:
    if model is None:
        st.warning(fit.error, icon=":material/block:")
        st.plotly_chart(points_figure(data.X_train, data.y_train, bounds=data.bounds, height=600),
                        width="stretch", config=CHART_CONFIG, key="svm_points")
    else:
        m1, m2, m3, m4 = st.columns(4)
        m1.metric("train accuracy", f"{fit.train_acc:.1%}")
        m2.metric("test accuracy", "—" if fit.test_acc is None else f"{fit.test_acc:.1%}")
        n_bound = int(model.at_bound_.any(axis=0).sum())
        m3.metric("support vectors", len(model.support_), help=f"{n_bound} at the bound α = C, "
                  f"{len(model.support_) - n_bound} free (0 < α < C, exactly on a margin)")
        width = model.margin_width()
        m4.metric("margin width 2/‖w‖", "—" if width is None else f"{width:.3g}",
                  help="Shown for the linear kernel with two classes, where w = Σ αᵢyᵢxᵢ exists in the plane.")
        grid = compute.grid(recipe, drawn, SPEC.key, key_params, 200)
        fig = margin_figure(model, data.X_train, data.y_train, X_test=data.X_test, y_test=data.y_test,
                            show_test=show_test, grid=grid, height=600)
        # Clicking a point selects it; it becomes the point whose f(x) is taken apart below.
        fig.update_traces(selector=dict(type="scatter"), unselected=dict(marker=dict(opacity=1.0)))
        event = st.plotly_chart(fig, width="stretch", config=CHART_CONFIG, key="svm_margin",
                                on_select="rerun", selection_mode="points")
        picked = (event or {}).get("selection", {}).get("points", []) if isinstance(event, dict) else \
            getattr(getattr(event, "selection", None), "points", [])
        if picked and "x" in picked[0] and "y" in picked[0]:
            choice = (round(float(picked[0]["x"]), 2), round(float(picked[0]["y"]), 2))
            if st.session_state.get("svm_picked") != choice:
                st.session_state["svm_picked"] = choice
                state.preset("svm_px", choice[0])
                state.preset("svm_py", choice[1])
        binary = len(model.classes_) == 2
        st.caption(
            ("Solid line: f(x) = 0. Dashed: the margins f(x) = ±1. " if binary else
             "With more than two classes each pair of classes has its own machine (one-vs-one vote); "
             "the margins of a single machine are drawn with two classes. ")
            + "Black rings: free support vectors (on the margin); red rings: bounded ones (α = C, inside "
              "the margin or misclassified); ring size grows with α. Hover a point for f(x), y·f(x) and its "
              "slack ξ; click it to take its f(x) apart below.")
        if model.fit_status_ != "converged":
            st.info(model.fit_status_, icon=":material/hourglass_bottom:")

if model is None:
    st.stop()

# --- where f(x) comes from ------------------------------------------------------------------
st.subheader("Where f(x) comes from", anchor=False)
c1, c2 = st.columns([1, 3], gap="large")
with c1:
    first = data.X_train[0]
    state.remember("svm_px", round(float(first[0]), 2))
    state.remember("svm_py", round(float(first[1]), 2))
    px = st.number_input("x₁", key="svm_px", step=0.1, format="%.2f")
    py = st.number_input("x₂", key="svm_py", step=0.1, format="%.2f")
    state.keep("svm_px")
    state.keep("svm_py")
    machine = 0
    if len(model.pairs_) > 1:
        names = [f"{model.classes_[b]} vs {'rest' if a < 0 else model.classes_[a]}" for a, b in model.pairs_]
        machine = st.selectbox("machine", range(len(names)), format_func=names.__getitem__, key="svm_machine")
    x = np.array([px, py])
    f = float(model.pairwise_decision(x[None])[0, machine])
    st.markdown(f"f(x) = Σ αᵢyᵢK(xᵢ, x) + b = **{f:.4g}**  \n{len(model.support_)} support-vector terms, "
                f"b = {model.intercept_[machine]:.4g}")
with c2:
    st.plotly_chart(contributions_figure(model, x, machine=machine, top=12), width="stretch",
                    config=CHART_CONFIG, key="svm_terms")

# --- the kernel trick -------------------------------------------------------------------------
st.subheader("The kernel trick", anchor=False)
binary = len(model.classes_) == 2
k1, k2 = st.columns(2, gap="large")
with k1:
    st.markdown("**Lifting to 3-D.** The kernel (x·z)² is the inner product of "
                "φ(x) = (x₁², √2 x₁x₂, x₂²): a conic boundary in the plane is a flat plane up there.")
    if not binary:
        st.caption("Shown for two classes.")
    else:
        lift, lift_err = lifted_model(recipe, drawn, hp["C"] if math.isfinite(hp["C"]) else 1e3)
        if lift is None:
            st.caption(lift_err)
        else:
            st.plotly_chart(lift_figure(lift, data.X_train, data.y_train, height=460), width="stretch",
                            key="svm_lift")
with k2:
    st.markdown("**The decision surface.** f(x) of the model above as a landscape: the boundary is its "
                "sea level, the margins the contour lines at ±1.")
    if binary:
        st.plotly_chart(landscape_figure(model, data.X_train, data.y_train, bounds=data.bounds, height=460),
                        width="stretch", key="svm_landscape")
    else:
        st.caption("Shown for two classes.")

# --- losses ------------------------------------------------------------------------------------
st.subheader("Hinge loss", anchor=False)
l1, l2 = st.columns([2, 1], gap="large")
with l1:
    st.plotly_chart(loss_figure(height=320), width="stretch", config=CHART_CONFIG, key="svm_loss")
with l2:
    st.markdown("The soft-margin SVM minimises ½‖w‖² + C Σ max(0, 1 − yᵢf(xᵢ)). The hinge is zero "
                "only beyond the margin (y·f ≥ 1), so points far on the right side cost nothing and "
                "never become support vectors; logistic regression's loss never reaches zero, so "
                "every point pulls on its boundary.")

# --- the primal route ---------------------------------------------------------------------------
st.subheader("The same problem in the primal: Pegasos", anchor=False)
p1, p2 = st.columns([1, 2], gap="large")
with p1:
    st.markdown("The soft margin is also min λ/2‖w‖² + (1/n) Σ max(0, 1 − yᵢ(w·xᵢ + b)) with λ = 1/(Cn). "
                "Pegasos takes sub-gradient steps of size 1/(λt) on random mini-batches; SMO solves the "
                "dual exactly. Both should reach the same value.")
    state.remember("svm_epochs", 50)
    epochs = st.slider("epochs", 5, 200, step=5, key="svm_epochs")
    state.keep("svm_epochs")
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
            st.plotly_chart(objective_figure(history, best, height=300), width="stretch",
                            config=CHART_CONFIG, key="svm_primal")

# --- the link to this view ------------------------------------------------------------------
items = dataset.to_url(recipe) | params.to_url(SPEC, hp, URL_TAKEN) | draw.to_url(drawn)
state.write_url(items)
with st.sidebar:
    with st.expander("Link to this view"):
        state.share_link(items)
