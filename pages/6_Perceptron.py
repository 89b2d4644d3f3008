"""Perceptron: online learning replayed one example at a time, the mistake bound, the pocket,
a least-squares start and the kernel perceptron's mistake counts."""

import streamlit as st

from catalog import code_model_pages
from catalog.models import MODELS
from catalog.specs import ParamSpec
from ui.core import alt_text, charts, guide, lectures, motion, overlays, params, presenter, presets, settings
from ui.core.charts import config as chart_config
from ui.core.layout import Ahead, compute_ahead, finish, page, screen_height, stop
from ui.core.progress import Progress
from ui.core.show_code import show_code
from ui.live.live_chart import shared_chart
from ui.perceptron import perceptron_texts as texts
from ui.perceptron import replay_charts
from ui.perceptron import runs as work
from viz.decision import points_figure
from viz.perceptron import alpha_figure, bound_figure, epochs_figure

CHART = "pc_main"  # its plane: 540 px on a 720 px screen under the lecture row (592 - presets.ROW_HEIGHT)
CHART_CONFIG = chart_config("perceptron", scroll_zoom=False, double_click=False)
PLAY_EVERY = 0.7  # seconds between two examples while playing
SWEEP_GAPS = (0.1, 0.2, 0.35, 0.5, 0.75, 1.0, 1.5, 2.0)
SWEEP_SEEDS = (0, 1, 2)
PERCEPTRON = MODELS["perceptron"]

SOURCE = ParamSpec("source", "choice", work.SHARED, choices=(work.SHARED, work.SEPARABLE), label="data",
                   help="The session's dataset (its training points), or two classes separated by a straight "
                        "gap generated here, to see the mistake bound.")
GAP = ParamSpec("gap", "float", 0.5, 0.05, 2.0, step=0.05, label="gap between the classes",
                help="Width of the empty band between the classes: the margin 2γ of the best line is at least this.")
SEP_N = ParamSpec("sep_n", "int", 60, 10, 400, step=10, label="points")
SEP_SEED = ParamSpec("sep_seed", "int", 0, 0, 9999, label="seed")
START = ParamSpec("start", "choice", "zero", choices=("zero", "least_squares"), label="start from",
                  help="w = 0, b = 0 (the textbook start), or the least-squares classifier's weights "
                       "(regress ±1 on x; one of the notes suggests it as a starting point).")
SHUFFLE = ParamSpec("shuffle", "bool", True, label="shuffle every epoch",
                    help="Visit the points in a new random order each epoch (seed 0); off: always in the data's order.")
SWEEP = ParamSpec("sweep", "bool", False, label="sweep the gap",
                  help="Fit the SVM and the perceptron on separable data for several gaps and seeds (a few seconds).")


def _go(key: str, value: int) -> None:
    settings.put(key, value)


def _toggle_play() -> None:
    st.session_state["pc_playing"] = not st.session_state.get("pc_playing", False)
    st.session_state["_pc_play_changed"] = True


recipe, drawn, data, drawing = page(
    "Perceptron", name="perceptron",
    # a fresh session takes the source from its link (source=...) before the setting reads it
    draw_on=CHART if settings.value("pc_source", st.query_params.get("source", work.SHARED)) == work.SHARED
    else None)

still = motion.reduced("pc_playing")
with presenter.settings_popover() if presenter.active() else st.sidebar:   # presenting: the bar's Settings
    st.header("Perceptron", anchor=False)
    source = settings.setting(SOURCE, "pc_source", control="radio", format_func=lambda v: {
        work.SHARED: "the session's dataset", work.SEPARABLE: "separable, with a gap"}[v])
    if source == work.SEPARABLE:
        gap = settings.setting(GAP, "pc_gap")
        c1, c2 = st.columns(2)
        sep_n = settings.setting(SEP_N, "pc_sep_n", where=c1, control="number")
        sep_seed = settings.setting(SEP_SEED, "pc_sep_seed", where=c2, control="number")
        src = (source, float(gap), int(sep_n), int(sep_seed))
    else:
        src = (source, 0.0, 0, 0)
    classes = work.class_list(recipe, drawn, src)
    if len(classes) > 2:
        st.caption(f"These data have {len(classes)} classes; the perceptron separates two sides. "
                   "Pick a class against another one or against the rest (one-vs-rest).")
        c1, c2 = st.columns(2)
        pos = settings.setting(ParamSpec("pos", "choice", classes[1], choices=classes, label="+1: class"),
                               "pc_pos", where=c1)
        neg = settings.setting(ParamSpec("neg", "choice", classes[0], choices=(*classes, work.REST),
                                         label="−1: class"), "pc_neg", where=c2)
    else:
        pos, neg = (classes[1], classes[0]) if len(classes) == 2 else (1, 0)
    pair = (pos, neg)
    # "epochs" in the link: "max_epochs" is the kernel perceptron's, further down the page.
    epochs = settings.setting(PERCEPTRON.param("max_epochs"), "pc_epochs", url="epochs")
    lr = settings.setting(PERCEPTRON.param("lr"), "pc_lr")
    start = settings.setting(START, "pc_start", control="radio",
                             format_func=lambda v: {"zero": "w = 0", "least_squares": "least squares"}[v])
    shuffle = settings.setting(SHUFFLE, "pc_shuffle")
    explain_on = overlays.replay_toggle("pc_explain")

presets.row("perceptron", lectures.PERCEPTRON, lectures.PERCEPTRON_HELP, chart=CHART, chart_height=592)
binary = work.binary(recipe, drawn, src, pair)
if binary.error:
    st.info(binary.error, icon=":material/info:")
    X_all, y_all, bounds, _ = work.source(recipe, drawn, src)
    charts.plotly_chart(points_figure(X_all, y_all, bounds=bounds, height=480), width="stretch", config=CHART_CONFIG,
                        key=CHART)
    stop()

run_args = (recipe, drawn, src, pair, int(epochs), float(lr), start, bool(shuffle))
model = work.run(*run_args)
history = model.history_[0]
replay = replay_charts.replay_of(*run_args)
X, t = binary.X, binary.t


def replay_panel():
    """Step, next-mistake and play controls, the plane at that step and weight space; reruns alone."""
    ss = st.session_state
    n_steps = replay.n_steps
    step_key = "pc_step"
    if ss.pop("_pc_play_changed", False):
        st.rerun()  # the whole page, so the fragment is rebuilt with (or without) its timer
    s = min(int(settings.value(step_key, 0) or 0), n_steps)
    if ss.get("pc_playing"):
        if s >= n_steps:
            ss["pc_playing"] = False
            st.rerun()
        s += 1
        settings.put(step_key, s)
    chart_col, side = st.columns([3, 1.1] if presenter.active() else [3, 2], gap="medium")
    with side:
        spec = ParamSpec("step", "int", 0, 0, n_steps, label="step: examples looked at",
                         help="Step s shows the s-th example the perceptron looked at (epoch by epoch, in its "
                              "visiting order) and the weights after it. The link keeps the step.")
        s = settings.setting(spec, step_key, clamp=True)
        settings.publish()  # the fragment reruns alone: the step reaches the link here
        b1, b2, b3 = st.columns(3)
        b1.button("start", icon=":material/first_page:", key="pc_first", on_click=_go, args=(step_key, 0),
                  width="stretch", help="Back to the weights training started from.")
        b2.button("back", icon=":material/chevron_left:", key="pc_back", on_click=_go, args=(step_key, max(s - 1, 0)),
                  width="stretch", disabled=s == 0)
        b3.button("step", icon=":material/chevron_right:", key="pc_next", on_click=_go,
                  args=(step_key, min(s + 1, n_steps)), width="stretch",
                  disabled=s >= n_steps, help="Look at the next example.")
        b4, b5 = st.columns(2)
        nxt = replay.next_mistake(s)
        b4.button("next mistake", icon=":material/skip_next:", key="pc_next_mistake", on_click=_go,
                  args=(step_key, nxt or n_steps), width="stretch", disabled=nxt is None,
                  help="Run on to the next example that causes an update.")
        if still:   # reduced motion: the step buttons, no auto-play
            b5.caption(motion.why())
        else:
            b5.button("pause" if ss.get("pc_playing") else "play", key="pc_play", on_click=_toggle_play,
                      icon=":material/pause:" if ss.get("pc_playing") else ":material/play_arrow:",
                      width="stretch", help=f"One example every {PLAY_EVERY:g} s.")
        step = replay.step(s) if s > 0 else None
        st.markdown(texts.step_text(replay, s, step, X, t))
        st.caption(texts.updates_text(step, history))
        charts.plotly_chart(charts.shared_figure(replay_charts.weights, *run_args, s), width="stretch",
                            config=CHART_CONFIG, key="pc_weights")
    with chart_col, st.container(key=CHART):   # updated in place: ui/live/live_chart.py
        screen_height(CHART, replay_charts.PLANE_HEIGHT)
        margins = shared_chart(CHART, CHART_CONFIG, replay_charts.plane, *run_args, s, explain_on)
    with chart_col:
        alt_text.summary(CHART, *texts.chart_summary(replay, s, X, t, binary.names))
        if margins:
            st.caption(margins)
    # the plane at the steps next to this one goes to the browser now, drawn the moment the slider shows one
    compute_ahead("pc_replay", [spec], {"step": s}, lambda q: [
        (replay_charts.plane, *run_args, q["step"], explain_on), (replay_charts.weights, *run_args, q["step"])],
        scope=(run_args, explain_on), chart=Ahead(CHART, replay_charts.plane,
                                                  lambda q: (*run_args, q["step"], explain_on), lambda p: step_key))


st.fragment(run_every=PLAY_EVERY if st.session_state.get("pc_playing") else None)(replay_panel)()
st.caption(texts.run_text(model, len(X), epochs))
pocket = work.pocket_counts(replay, X, t)
perceptron_params = {"max_iter": int(epochs), "eta0": float(lr)}
guide.see(work.what_you_see(recipe, drawn, src, pair, model, pocket[-1], classes), "perceptron", perceptron_params)

# ---- mistakes per epoch; pocket against the current weights ----
st.subheader("Mistakes per epoch: the current weights against the pocket", anchor=False)
left, right = st.columns([3, 1])
charts.plotly_chart(epochs_figure(history, pocket=pocket, height=300), width="stretch", config=CHART_CONFIG,
                    key="pc_epoch_chart", where=left)
final_current = int(history["epoch_train_mistakes"][-1])
right.metric("training mistakes, last weights", final_current)
right.metric("training mistakes, pocket", int(pocket[-1]),
             help="The pocket keeps the weights with the fewest training mistakes seen after any update.")
right.caption("On data no line separates, the perceptron never settles: its last weights jump around. "
              "The pocket (Gallant) keeps the best weights seen so far, so its curve only goes down.")

# ---- the mistake bound ----
st.subheader("The mistake bound", anchor=False)
bound = work.bounds_for(recipe, drawn, src, pair, bool(shuffle))
if bound.bounds is None:
    st.info(f"{bound.error}. The bound needs separable data: choose *separable, with a gap* in the sidebar. "
            "On these data the pocket above is the sensible answer.", icon=":material/info:")
else:
    st.dataframe(texts.bound_table(bound), hide_index=True, width="stretch")
    st.markdown(texts.NOVIKOFF)
    if not bound.converged:
        st.caption(f"Some bound run stopped at {work.MAX_BOUND_EPOCHS} epochs before converging.")
    sweep_on = settings.setting(SWEEP, "pc_sweep") if source == work.SEPARABLE else False
    if sweep_on:
        with Progress("Fitting the SVM and the perceptron for each gap and seed", unit="gaps") as progress:
            sweep = work.sweep(src[2], src[3], SWEEP_GAPS, SWEEP_SEEDS, progress)
        charts.plotly_chart(bound_figure(sweep, current=src[1]), width="stretch", config=CHART_CONFIG,
                            key="pc_sweep_fig")
        st.caption(f"{src[2]} points, seeds {src[3]}–{src[3] + len(SWEEP_SEEDS) - 1}; each bound line is the "
                   "largest over the seeds. The bounds fall like 1/γ²; the perceptron usually needs far fewer "
                   "mistakes than its worst case.")
    elif source == work.SEPARABLE:
        st.caption("Turn on *sweep the gap* to see the bounds and the mistakes over several gaps.")

# ---- least-squares start ----
st.subheader("Starting from the least-squares weights", anchor=False)
other = "zero" if start == "least_squares" else "least_squares"
alt = work.run(recipe, drawn, src, pair, int(epochs), float(lr), other, bool(shuffle))
runs = {start: model, other: alt}
cols = st.columns(2)
for col, key in zip(cols, ("zero", "least_squares"), strict=True):
    label, updates, explained, said = texts.start_text(key, runs[key])
    col.metric(label, updates, help=explained)
    col.caption(said)
st.caption("Least squares regresses the ±1 labels on (x, 1) in one solve; its line is often close to a good one, "
           "so the perceptron has less to correct. From a non-zero start the learning rate matters "
           "(from zero it only rescales w), and the mistake bound above, proved from w = 0, no longer applies.")

# ---- kernel perceptron ----
st.subheader("The kernel perceptron: α counts the mistakes on each point", anchor=False)
kp = MODELS["kernel_perceptron"]
kl, kr = st.columns([1, 3], gap="large")
with kl:
    kernel_params = params.param_widgets(kp)
    st.caption("f(x) = Σᵢ αᵢ yᵢ (K(xᵢ, x) + 1): the weight vector is never formed. Each mistake on point i "
               "adds 1 to αᵢ, so αᵢ = how often the perceptron corrected itself on it. With the linear kernel "
               "it is this page's perceptron from w = 0 in dual form, visiting in the data's order.")
kmodel, kerror = work.kernel_fit(recipe, drawn, src, pair, tuple(sorted(kernel_params.items())))
with kr:
    if kmodel is None:
        st.error(kerror, icon=":material/block:")
    else:
        fig = alpha_figure(kmodel, X, t, bounds=binary.bounds, height=460,
                           class_names={-1.0: binary.names[0].removeprefix("class "),
                                        1.0: binary.names[1].removeprefix("class ")})
        charts.plotly_chart(fig, width="stretch", config=CHART_CONFIG, key="pc_alpha")
        st.caption(texts.alpha_text(kmodel))

guide.next_pages("svm", "nn", model="perceptron", params=perceptron_params)
show_code(code_model_pages.perceptron_page(recipe, drawn, pos, neg, epochs, lr, start, shuffle,
                                   separable=src[1:] if source == work.SEPARABLE else None),
          "The two sides, the perceptron as the replay runs it (pocket counts recorded), fit, its updates.")
finish()
