"""SVM and kernels: the margin and the support vectors live, where f(x) comes from, the kernel trick."""

import math

import numpy as np
import streamlit as st

from catalog.models import MODELS
from catalog.specs import ParamSpec
from mlcore import ValidationError
from mlcore.svm import LinearSVMSGD
from ui.core import charts, overlays, params, settings
from ui.core.charts import config as chart_config
from ui.core.layout import finish, page, screen_height, stop
from ui.core.show_code import show_fit
from ui.data import draw
from ui.id3.worked_examples import LOSS_GALLERY_TEXT
from ui.live.live_chart import shared_chart
from ui.serving import fits
from ui.serving.cache import sharable
from viz.losses import loss_gallery_figure
from viz.svm import (
    contributions_figure,
    landscape_figure,
    lift_figure,
    loss_figure,
    machine_name,
    machine_support,
    margin_figure,
    margin_width,
    objective_figure,
    unfitted_figure,
)

SPEC = MODELS["svm"]
CHART_CONFIG = chart_config("svm", scroll_zoom=False, double_click=False)
RESOLUTION = 200
SHOW_TEST = ParamSpec("show_test", "bool", False, label="show test points")
EPOCHS = ParamSpec("epochs", "int", 50, 5, 200, step=5, label="epochs",
                   help="Passes of Pegasos over the training points.")

# A lecture in five steps: each sets the dataset and the SVM's hyperparameters. The seed is part of
# it: with seed 0 the one outlier of steps 2-4 is a training point on the wrong side of the gap.
_LINE = {"ds_data": "linear", "ds_n": 60, "ds_noise": 0.0, "ds_margin": 1.0, "ds_classes": 2, "ds_seed": 0, "ds_test": 0.3,
         "ds_label_noise": 0.0, "ds_imbalance": 0.0}
LESSON = [
    ("1 · hard margin",
     "The classes can be split by a line, so C = ∞ is allowed: no point may sit inside the margin. "
     "Only the few points on the dashed lines (the support vectors) decide the boundary.",
     {**_LINE, "ds_outliers": 0.0, "p_svm_kernel": "linear", "p_svm_C": math.inf}),
    # outliers 0.02 of 60 points is exactly one point, moved to the far ring with a random label
    ("2 · one outlier",
     "One point lies far out on the other class's side: now no line separates the classes, and the "
     "hard margin has no solution.",
     {**_LINE, "ds_outliers": 0.02, "p_svm_kernel": "linear", "p_svm_C": math.inf}),
    ("3 · small C",
     "C = 0.05: slack is cheap, so the margin is wide and many points become (bounded) support vectors.",
     {**_LINE, "ds_outliers": 0.02, "p_svm_kernel": "linear", "p_svm_C": 0.05}),
    ("4 · large C",
     "C = 100: each unit of slack is expensive, so the margin narrows to misclassify as little as possible.",
     {**_LINE, "ds_outliers": 0.02, "p_svm_kernel": "linear", "p_svm_C": 100.0}),
    ("5 · RBF kernel",
     "No line separates a ring from its centre, but exp(−γ‖x − z‖²) lets the boundary bend into a closed curve.",
     {"ds_data": "circles", "ds_n": 200, "ds_noise": 0.1, "ds_classes": 2, "ds_seed": 0, "ds_label_noise": 0.0,
      "ds_outliers": 0.0, "ds_imbalance": 0.0, "p_svm_kernel": "rbf", "p_svm_gamma": 1.0, "p_svm_C": 1.0}),
]


def lesson_holds(i: int) -> bool:
    """Whether every setting of lecture step i still has the value the step gave it: its text
    describes those settings, so it is shown only while they hold."""
    return all(settings.value(key) == value for key, value in LESSON[i][2].items())


def pair_options(model) -> dict[str, str]:
    """URL code -> label of every binary machine of a multi-class SVM, in ``pairs_`` order:
    one-vs-one "0-2" -> "class 0 vs class 2", one-vs-rest "2-rest" -> "class 2 vs rest"."""
    out = {}
    for a, b in model.pairs_:
        B = model.classes_[b]
        if a < 0:
            out[f"{B}-rest"] = f"class {B} vs rest"
        else:
            A = model.classes_[a]
            out[f"{A}-{B}"] = f"class {A} vs class {B}"
    return out


@sharable(max_entries=8)
def pair_values(recipe, drawn, key_params, resolution: int) -> np.ndarray:
    """Every pair machine's f_p on the page's grid, (ny, nx, P) float32, so switching the pair
    costs no kernel evaluations."""
    model = fits.fit(recipe, drawn, SPEC.key, key_params).model
    grid = fits.grid(recipe, drawn, SPEC.key, key_params, resolution)
    return model.pairwise_decision(grid.points()).reshape(*grid.shape, -1).astype(np.float32)


def pair_caption(model, machine: int) -> str:
    """What the chosen machine is and how the machines make the multi-class prediction."""
    a, b = model.pairs_[machine]
    B, K, P = model.classes_[b], len(model.classes_), len(model.pairs_)
    if a < 0:
        return (f"**Machine {B} vs rest**: the SVM that separates class {B} from all the other classes "
                f"(f(x) > 0 on {B}'s side); the {K}-class prediction (coloured regions, grey line) is the class "
                f"whose machine gives the largest f(x) among the {P} machines. ")
    A = model.classes_[a]
    return (f"**Pair machine {A} vs {B}**: the SVM that separates class {A} from class {B}, trained on their points only "
            f"(the other classes are faded; f(x) > 0 on {B}'s side); the {K}-class prediction (coloured "
            f"regions, grey line) is the vote of the {P} pair machines. ")


def vote_text(model, f_all: np.ndarray, x: np.ndarray) -> str:
    """How the machines' values at x make the multi-class prediction."""
    label = model.predict(x[None])[0]
    if model.pairs_[0, 0] < 0:
        k = int(np.argmax(f_all))
        return f"Largest f(x) is {f_all[k]:.3g}, class {model.classes_[k]}'s machine: predicted **{label}**."
    wins = model.pairwise_winners(x[None])[0]
    ballot = ", ".join(f"{model.classes_[a]} vs {model.classes_[b]} → {w}"
                       for (a, b), w in zip(model.pairs_, wins, strict=True))
    return f"The vote at x: {ballot}; predicted **{label}**."


def apply_lesson(i: int) -> None:
    for key, value in LESSON[i][2].items():
        settings.put(key, value)
    st.session_state["svm_lesson"] = i


@sharable(max_entries=16)
def lifted_model(recipe, drawn, C: float):
    """An SVM with the homogeneous degree-2 kernel (x·z)², whose feature map is 3-D."""
    data = fits.dataset(recipe, drawn)
    try:
        return SPEC.make(C=C, kernel="poly", degree=2, gamma=1.0, coef0=0.0).fit(data.X_train, data.y_train), None
    except ValidationError as err:
        return None, str(err)


@sharable(max_entries=16)
def primal_route(recipe, drawn, C: float, epochs: int):
    """Pegasos on the soft-margin problem of a linear SVM with this C (lambda = 1 / (C n)), and
    the exact optimum of the same objective from SMO; or an error message."""
    data = fits.dataset(recipe, drawn)
    X, y = data.X_train, data.y_train
    lam = 1.0 / (C * len(y))
    try:
        sgd = LinearSVMSGD(lam=lam, max_epochs=epochs, random_state=0).fit(X, y)
        exact = SPEC.make(C=C, kernel="linear", tol=1e-5).fit(X, y)
    except ValidationError as err:
        return None, None, None, str(err)
    return sgd.history_, exact.primal_objective(X, y, lam), lam, None


# The page's figures, each built once per server for its arguments (ui.serving.cache.shared).

def margin_plane(recipe, drawn, key_params, machine: int, show_test: bool, explain_on: bool, height: int):
    """The margin plane, its grid and the overlay's explanation (ui.live.live_chart.shared_chart)."""
    data, model = fits.dataset(recipe, drawn), fits.fit(recipe, drawn, SPEC.key, key_params).model
    grid = fits.grid(recipe, drawn, SPEC.key, key_params, RESOLUTION)
    binary = len(model.classes_) == 2
    values = None if binary else pair_values(recipe, drawn, key_params, RESOLUTION)[:, :, machine]
    fig = margin_figure(model, data.X_train, data.y_train, machine=machine, machine_values=values,
                        X_test=data.X_test, y_test=data.y_test, show_test=show_test, grid=grid, height=height)
    explained = overlays.overlay(fig, model, data, explain_on, X_test=data.X_test if show_test else [])
    fig.layout.height = None   # the container's height (screen_height)
    return fig, grid, explained


def terms_figure(recipe, drawn, key_params, machine: int, x):
    model = fits.fit(recipe, drawn, SPEC.key, key_params).model
    return contributions_figure(model, x, machine=machine, top=12)


def lift_plane(recipe, drawn, C: float):
    data = fits.dataset(recipe, drawn)
    return lift_figure(lifted_model(recipe, drawn, C)[0], data.X_train, data.y_train, height=460)


def landscape(recipe, drawn, key_params):
    data = fits.dataset(recipe, drawn)
    return landscape_figure(fits.fit(recipe, drawn, SPEC.key, key_params).model, data.X_train, data.y_train,
                            bounds=data.bounds, height=460)


def gallery(recipe, drawn, key_params):
    """The loss gallery with the training points' margins as ticks on the m axis (two classes:
    one f(x) per point)."""
    data, model = fits.dataset(recipe, drawn), fits.fit(recipe, drawn, SPEC.key, key_params).model
    margins = (np.where(data.y_train == model.classes_[1], 1.0, -1.0) * model.decision_function(data.X_train)
               if len(model.classes_) == 2 else None)
    return loss_gallery_figure(margins=margins)


def primal_figure(recipe, drawn, C: float, epochs: int):
    history, best, _, _ = primal_route(recipe, drawn, C, epochs)
    return objective_figure(history, best, height=300)


recipe, drawn, data, _ = page("SVM and kernels", name="svm")
st.sidebar.caption(
    "A support vector machine looks for the boundary f(x) = 0 with the **widest margin**: the band "
    "between f(x) = −1 and f(x) = +1. It is solved exactly in the dual by SMO, "
    "max Σαᵢ − ½ ΣΣ αᵢαⱼyᵢyⱼK(xᵢ, xⱼ) with 0 ≤ αᵢ ≤ C and Σαᵢyᵢ = 0, and only the points with αᵢ > 0 "
    "(the **support vectors**) shape f(x) = Σ αᵢyᵢK(xᵢ, x) + b.")


def pick_point(x: float, y: float, data, show_test: bool) -> None:
    """The point taken apart becomes the shown data point nearest the click, if one is within 3%
    of the plane's size, else the clicked spot itself (any x has an f(x))."""
    X = np.vstack([data.X_train, data.X_test]) if show_test and len(data.X_test) else data.X_train
    x0, x1, y0, y1 = data.bounds
    dist = np.hypot((X[:, 0] - x) / (x1 - x0), (X[:, 1] - y) / (y1 - y0))
    if len(X) and dist.min() <= 0.03:
        x, y = X[int(np.argmin(dist))]
    settings.put("svm_px", round(float(x), 2))
    settings.put("svm_py", round(float(y), 2))


# The lecture's steps sit in one row of short buttons, and a step's text in one line under them,
# so that on a 1280x720 projector the chart stays whole on the first screen after any step.
lecture = st.columns([1.1, *[2] * len(LESSON)], vertical_alignment="center")
lecture[0].markdown("**Lecture**", help="Separable data → hard margin → an outlier → soft margin → RBF: "
                    "each step loads its dataset and settings.")
for i, (col, (label, _, _)) in enumerate(zip(lecture[1:], LESSON, strict=True)):
    col.button(label, key=f"svm_lesson_{i}", on_click=apply_lesson, args=(i,), width="stretch")
lesson_text = None
if "svm_lesson" in st.session_state:
    step = st.session_state["svm_lesson"]
    if lesson_holds(step):
        lesson_text = f":material/school: **{LESSON[step][0]}.** {LESSON[step][1]}"
    else:
        lesson_text = (f"The settings have changed since step “{LESSON[step][0]}”, so its text is hidden: "
                       "click a step to load its settings again.")
    st.caption(lesson_text)

if data.error or data.n_classes_train < 2:
    st.warning(data.error or "The training set needs points of at least two classes: generate data in "
               "the sidebar or draw points on the Playground.", icon=":material/info:")
    stop()

left, right = st.columns([1, 3], gap="large")
with left:
    pair_slot = st.empty()  # filled once the fit says which machines exist: the first control with 3+ classes
    hp = params.param_widgets(SPEC)
    if hp["kernel"] == "rbf":
        st.caption(f"γ = {hp['gamma']:g} is a width σ = 1/√(2γ) = {1 / math.sqrt(2 * hp['gamma']):.3g}")
    st.divider()
    show_test = settings.setting(SHOW_TEST, "svm_show_test")

key_params = tuple(sorted(hp.items()))
fit = fits.fit(recipe, drawn, SPEC.key, key_params)
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
        height = 540 if lesson_text is None else 470

        # a click on the plane (from the previous render) takes that point's f(x) apart below
        draw.listen("svm_margin", True, key="svm_click",
                    on_click=lambda x, y: pick_point(x, y, data, show_test))
        with chart_col, st.container(key="svm_margin"):   # updated in place: ui/live/live_chart.py
            screen_height("svm_margin", height)
            explained = shared_chart("svm_margin", CHART_CONFIG, margin_plane, recipe, drawn, key_params,
                                     machine, show_test, explain_on, height)
        st.caption(("Solid line: f(x) = 0. Dashed: the margins f(x) = ±1. " if binary else
                    pair_caption(model, machine) + "Solid line: this machine's f(x) = 0. Dashed: its margins "
                    "f(x) = ±1. ")
                   + "Black rings: free support vectors (on the margin); red rings: bounded ones (α = C, inside "
                     "the margin or misclassified); ring size grows with α. Hover a point for f(x), y·f(x) and "
                     "its slack ξ; click it (or any spot) to take its f(x) apart below.")
        overlays.below(explained, model, data)
        if model.fit_status_ != "converged":
            st.info(model.fit_status_, icon=":material/hourglass_bottom:")

if model is None:
    stop()

# --- where f(x) comes from ------------------------------------------------------------------
st.subheader("Where f(x) comes from", anchor=False)
c1, c2 = st.columns([1, 3], gap="large")
with c1:
    px, py = params.point_inputs("svm", data.X_train[0], link_as="the point taken apart")
    x = np.array([px, py])
    f_all = model.pairwise_decision(x[None])[0]
    f = float(f_all[machine])
    which = "" if binary else f"of the {machine_name(model, machine)} machine "
    st.markdown(f"f(x) {which}= Σ αᵢyᵢK(xᵢ, x) + b = **{f:.4g}**  \n"
                f"{len(machine_support(model, machine))} support-vector terms, b = {model.intercept_[machine]:.4g}")
    if not binary:
        st.markdown(vote_text(model, f_all, x))
with c2:
    terms = charts.shared_figure(terms_figure, recipe, drawn, key_params, machine, x)
    charts.plotly_chart(terms, width="stretch", config=CHART_CONFIG, key="svm_terms")

# --- the kernel trick -------------------------------------------------------------------------
st.subheader("The kernel trick", anchor=False)
k1, k2 = st.columns(2, gap="large")
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

# --- losses ------------------------------------------------------------------------------------
st.subheader("Hinge loss", anchor=False)
l1, l2 = st.columns([2, 1], gap="large")
with l1:
    charts.plotly_chart(charts.shared_figure(loss_figure, height=320), width="stretch",
                        config=CHART_CONFIG, key="svm_loss")
with l2:
    st.markdown("The soft-margin SVM minimises ½‖w‖² + C Σ max(0, 1 − yᵢf(xᵢ)). The hinge is zero "
                "only beyond the margin (y·f ≥ 1), so points far on the right side cost nothing and "
                "never become support vectors; logistic regression's loss never reaches zero, so "
                "every point pulls on its boundary.")
with st.expander("Loss gallery: 0-1, hinge, logistic, exponential and squared losses of the margin y·f(x)"):
    g1, g2 = st.columns([2, 1], gap="large")
    charts.plotly_chart(charts.shared_figure(gallery, recipe, drawn, key_params), width="stretch",
                        config=CHART_CONFIG, key="svm_losses", where=g1)
    g2.markdown(LOSS_GALLERY_TEXT)

# --- the primal route ---------------------------------------------------------------------------
st.subheader("The same problem in the primal: Pegasos", anchor=False)
p1, p2 = st.columns([1, 2], gap="large")
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

show_fit(recipe, drawn, SPEC.key, hp)
finish()
