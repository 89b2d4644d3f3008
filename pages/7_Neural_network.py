"""Neural network: train an MLP, replay its training epoch by epoch, look inside its hidden
units; and the logic gates, from one perceptron to the two-layer XOR network."""

import numpy as np
import streamlit as st

from catalog.models import MODELS
from catalog.specs import ParamSpec
from mlcore.neural_network import GATES
from ui.core import alt_text, charts, guide, lectures, motion, params, presets, sections, settings
from ui.core.charts import config as chart_config
from ui.core.layout import Ahead, compute_ahead, controls, finish, page, screen_height
from ui.core.show_code import show_fit
from ui.live.live_chart import shared_chart
from ui.neural_network import logic_gates as gates
from ui.neural_network.epoch_figures import curves, hidden_space, regions, unit_maps
from ui.neural_network.training import loss_text, regions_caption, train, what_you_see
from viz.decision import points_figure

SPEC = MODELS["mlp"]
CHART = "nn_main"
PLANE_HEIGHT = 550   # px on a 720 px screen: the plane reaches the bottom of the first screen
CHART_CONFIG = chart_config("neural_network", scroll_zoom=False, double_click=False)
PLAY_SECONDS = 0.4
# session keys: the epoch slider, the last epoch it could show, play, play in the previous run, and
# whether the fragment was defined with a timer
EPOCH, LAST, PLAYING, WAS_PLAYING, TIMER = "nn_epoch", "_nn_last_epoch", "nn_play", "_nn_was_playing", "_nn_timer"
PLAY = ParamSpec("play", "bool", False, label="play",
                 help="Step through the epochs on its own, from where the slider is.")
GATE = ParamSpec("gate", "choice", "AND", choices=tuple(GATES), label="gate",
                 help="The truth table shown, as four (or two) labelled points.")
XOR_SEED = ParamSpec("xor_seed", "int", 0, 0, 9, label="training seed",
                     help="The random initial weights of the small network trained on XOR. "
                          "Some seeds end in a local minimum that gets only 3 of 4 right.")


def follow_step() -> None:
    """A lecture step shows its network trained (the last epoch) and not playing: the epoch slider
    goes to the last epoch it showed, which it then follows to the new network's last."""
    settings.put(PLAYING, False)
    if LAST in st.session_state:
        settings.put(EPOCH, st.session_state[LAST])


recipe, drawn, data, _ = page("Neural network", name="neural_network", opening=lectures.NN_OPENING)
still = motion.reduced(PLAYING)
st.sidebar.caption("A multi-layer perceptron: each hidden unit computes f(w·x + b) of the layer below, "
                   "the output layer a softmax over the classes. Back-propagation gives the gradient "
                   "of the cross-entropy; SGD or Adam follow it, one batch at a time.")

TABS = ("Train and replay", "Logic gates")
SECTIONS = {"curves": "Loss and accuracy", "units": "What each hidden unit computes",
            "hidden": "The data as the last hidden layer sees it"}
# a link to a gate (gate=XOR) or to the tab (tab=gates) reopens the Logic gates tab
if settings.take("tab") == "gates" or "gate" in settings.untaken("gate"):
    st.session_state["nn_tab"] = TABS[1]
train_tab, gates_tab = st.tabs(TABS, key="nn_tab", on_change="rerun")
settings.link_item("tab", "gates" if gates_tab.open else None)

with train_tab:
    left, right = controls([1, 3.4], gap="medium")
    with left:
        st.caption(SPEC.summary)
        hp = params.param_widgets(SPEC)
    key_params = tuple(sorted(hp.items()))
    with right:
        presets.row("nn", lectures.NN, lectures.NN_HELP, chart=CHART, chart_height=PLANE_HEIGHT,
                    on_click=follow_step)
        model, error, test_curve = train(recipe, drawn, key_params)


def _epoch_slider(model) -> tuple[ParamSpec, int]:
    """The epoch slider over the kept epochs, and its step. A slider that showed the last epoch
    keeps showing the last one when a new network trains for another number of epochs."""
    stored = model.snapshot_epochs_
    every = int(stored[1] - stored[0]) if len(stored) > 1 else 1
    last = int(stored[-1]) if every == 1 or stored[-1] % every == 0 else int(stored[-2])
    if st.session_state.get(LAST, last) != last and settings.value(EPOCH) == st.session_state[LAST]:
        settings.put(EPOCH, last)
    st.session_state[LAST] = last
    spec = ParamSpec("epoch", "int", last, 0, last, step=every if last else None, label="epoch",
                     help="The weights after this many passes over the training data"
                          + (f" (every {every}th epoch is kept)." if every > 1 else "."))
    return spec, every


def _advance(last: int, every: int) -> None:
    """While playing, each run of the fragment moves the epoch on by one step; play pressed at
    the end starts again at 0; at the end play switches itself off (and a whole run removes the
    fragment's timer)."""
    playing = bool(settings.value(PLAYING, False))
    was_playing = st.session_state.get(WAS_PLAYING, False)
    st.session_state[WAS_PLAYING] = playing
    if not playing:
        return
    current = settings.value(EPOCH, last)
    if not was_playing:
        if current >= last:
            settings.put(EPOCH, 0)
    elif current >= last:
        settings.put(PLAYING, False)
        st.session_state[WAS_PLAYING] = False
        st.rerun()
    else:
        settings.put(EPOCH, min(last, current + every))


def replay(model, test_curve):
    """The epoch slider and everything drawn at that epoch; reruns alone when it moves."""
    spec, every = _epoch_slider(model)
    _advance(int(spec.high), every)
    # play and the epoch beside the plane, with its numbers: a row above it cost the plane 80 px of height
    chart, stats = st.columns([4, 1])
    playing = settings.setting(PLAY, PLAYING, url=None, where=stats, disabled=still)
    if still:
        stats.caption(motion.why())
    if playing != st.session_state.get(TIMER, False):
        st.rerun()   # the fragment's timer is set when it is defined: a whole run sets it anew
    epoch = settings.setting(spec, EPOCH, clamp=True, where=stats)
    settings.publish()
    at = model.at_epoch(model.nearest_snapshot(epoch))
    position = int(np.searchsorted(model.snapshot_epochs_, at.n_iter_))
    stats.metric("epoch", f"{at.n_iter_} / {model.n_iter_}")
    stats.metric("loss", "—" if at.n_iter_ == 0 else loss_text(model.loss_curve_[at.n_iter_ - 1]),
                 help="Mean cross-entropy (plus the L2 term) over the batches of that epoch.")
    stats.metric("train accuracy", f"{model.train_scores_[at.n_iter_]:.1%}")
    stats.metric("test accuracy", "—" if test_curve is None else f"{test_curve[position]:.1%}")
    # every figure at this epoch is built once per link and epoch (charts.shared_figure), its grid with it
    shown = (recipe, drawn, key_params, at.n_iter_)
    with chart, st.container(key=CHART):   # updated in place: ui/live/live_chart.py
        screen_height(CHART, PLANE_HEIGHT)
        shared_chart(CHART, CHART_CONFIG, regions, *shown)
    alt_text.summary(CHART, f"Decision regions of a {alt_text.model_text('neural network', hp)} at epoch "
                     f"{at.n_iter_} of {model.n_iter_}", data,
                     {"train accuracy": model.train_scores_[at.n_iter_],
                      "test accuracy": None if test_curve is None else test_curve[position]})
    st.caption(regions_caption(model, hp["max_iter"], at.n_iter_))
    guide.see(what_you_see(recipe, drawn, key_params, model, test_curve), SPEC.key, hp)
    # below the first screen one view at a time, built only when open (ui/core/sections.py)
    section = sections.tabs(SECTIONS, "nn_section")
    settings.publish()   # the open section is a link item, also after a run of this fragment alone
    if section["curves"].open:
        charts.plotly_chart(charts.shared_figure(curves, *shown), width="stretch", config=CHART_CONFIG,
                            key="nn_curves", where=section["curves"])
    if section["units"].open:
        with section["units"]:
            charts.plotly_chart(charts.shared_figure(unit_maps, *shown), width="stretch", config=CHART_CONFIG,
                                key="nn_units")
            st.caption("Each tile is one hidden unit's output f(w·a + b) over the same plane as the chart above "
                       "(x₁ across, x₂ up), scaled to its own largest |value|: blue positive, vermillion "
                       "negative, white zero. Layer 1 draws lines (or soft steps); deeper layers combine them.")
    if section["hidden"].open:
        with section["hidden"]:
            space = charts.shared_figure(hidden_space, *shown)
            charts.plotly_chart(space, width="stretch", config=CHART_CONFIG, key="nn_hidden")
            st.caption(f"The training points mapped through the hidden layers, drawn with "
                       f"{space.layout.meta['how']}. The output layer is a linear softmax on these coordinates: "
                       "a network that fits the data has made the classes (nearly) linearly separable here.")
    # the epochs next to this one: the regions go to the browser now, the open section is computed
    def at_q(q):
        return recipe, drawn, key_params, model.nearest_snapshot(q["epoch"])

    below = [builder for builder, name in ((curves, "curves"), (unit_maps, "units"), (hidden_space, "hidden"))
             if section[name].open]
    compute_ahead("nn_epoch", [spec], {"epoch": epoch}, lambda q: [(b, *at_q(q)) for b in (regions, *below)],
                  scope=(recipe, drawn, key_params), chart=Ahead(CHART, regions, at_q, lambda p: EPOCH))


with train_tab, right:
    if model is None:
        st.error(error, icon=":material/block:")
        charts.plotly_chart(points_figure(data.X_train, data.y_train, bounds=data.bounds, height=470),
                            width="stretch", config=CHART_CONFIG, key=CHART)
    else:
        playing = bool(settings.value(PLAYING, False))
        st.session_state[TIMER] = playing
        st.fragment(run_every=PLAY_SECONDS if playing else None)(replay)(model, test_curve)


# --- logic gates -----------------------------------------------------------------------------

with gates_tab:
    name = settings.setting(GATE, "nn_gate", control="segmented")
    gate = GATES[name]
    if gate.w is not None:
        left, right = st.columns([1, 1.4], gap="large")
        with left:
            st.markdown(gates.gate_text(gate))
            st.dataframe(gates.gate_table(gate), hide_index=True)
            st.caption("step(z) = 1 if z > 0, else 0. The last two columns agree on every row: the "
                       "perceptron computes the gate." + (" NOT has one input: its line is the point "
                                                          "x₁ = 0.5." if name == "NOT" else ""))
        with right:
            plane = charts.shared_figure(gates.gate_plane, name)
            charts.plotly_chart(plane, width="stretch", config=CHART_CONFIG, key="nn_gate_plane")
    else:
        st.markdown("**XOR** is 1 when exactly one input is 1. No line puts (0, 1) and (1, 0) on one side "
                    "and (0, 0), (1, 1) on the other: a perceptron needs w0 ≤ 0 and w1 + w2 + w0 ≤ 0, but "
                    "also w2 + w0 > 0 and w1 + w0 > 0; adding the last two gives w1 + w2 + 2 w0 > 0, "
                    "which contradicts the sum of the first two.")
        w, w0, right_count = gates.best_line(gate)
        c1, c2, c3 = st.columns(3, gap="medium")
        with c1:
            best = charts.shared_figure(gates.xor_one, w, w0, right_count)
            charts.plotly_chart(best, width="stretch", config=CHART_CONFIG, key="nn_xor_one")
            st.caption(f"The pocket perceptron after 100 epochs keeps the best line it met: {right_count} of "
                       "4 points right. Every line leaves at least one point on the wrong side.")
        with c2:
            charts.plotly_chart(charts.shared_figure(gates.xor_lines), width="stretch", config=CHART_CONFIG,
                                key="nn_xor_lines")
            st.caption("z₁ = step(x₁ − x₂ − 0.5) fires only at (1, 0), z₂ = step(−x₁ + x₂ − 0.5) only at (0, 1).")
        with c3:
            charts.plotly_chart(charts.shared_figure(gates.xor_hidden), width="stretch", config=CHART_CONFIG,
                                key="nn_xor_hidden")
            st.caption("Each point is labelled with the inputs x that land there. (0, 0) and (1, 1) both land on "
                       "(0, 0): now one line, out = step(z₁ + z₂ − 0.5), "
                       "separates the classes.")
        st.dataframe(gates.xor_table(gate), hide_index=True)

        st.subheader("A trained network on XOR", anchor=False)
        seed = settings.setting(XOR_SEED, "nn_xor_seed")
        net = gates.xor_mlp(seed)
        c1, c2 = st.columns(2, gap="medium")
        with c1:
            charts.plotly_chart(charts.shared_figure(gates.xor_learned, seed), width="stretch",
                                config=CHART_CONFIG, key="nn_xor_mlp")
        with c2:
            charts.plotly_chart(charts.shared_figure(gates.xor_learned_hidden, seed),
                                width="stretch", config=CHART_CONFIG, key="nn_xor_mlp_hidden")
        st.caption(f"The same idea learned instead of designed: {net.n_iter_} epochs of Adam on the four points. "
                   "Right: the points in its two hidden units' plane (h₁, h₂), where the output layer draws "
                   "one straight line, as z₁ + z₂ = 0.5 does for the designed network.")

with train_tab:
    guide.next_pages("multiclass", "perceptron", model=SPEC.key, params=hp)
    show_fit(recipe, drawn, SPEC.key, hp)
finish()
