"""Neural network: train an MLP, replay its training epoch by epoch, look inside its hidden
units; and the logic gates, from one perceptron to the two-layer XOR network."""

import numpy as np
import pandas as pd
import streamlit as st

from catalog.models import MODELS
from catalog.specs import ParamSpec
from mlcore import ValidationError
from mlcore.linear_model import Perceptron
from mlcore.neural_network import GATES, MLPClassifier, perceptron_output, xor_network
from ui.core import charts, lectures, params, presets, settings
from ui.core.charts import config as chart_config
from ui.core.layout import finish, page, screen_height
from ui.core.progress import Progress
from ui.core.show_code import show_fit
from ui.serving import fits
from ui.serving.cache import sharable
from viz.decision import decision_figure, points_figure
from viz.gates import gate_figure, linear_text
from viz.grid import evaluate_grid
from viz.mlp import curves_figure, hidden_space_figure, unit_maps_figure

SPEC = MODELS["mlp"]
CHART = "nn_main"
CHART_CONFIG = chart_config("neural_network", scroll_zoom=False, double_click=False)
# Weights kept per fit at most (floats): about 8 MB, whatever the architecture and epochs.
SNAPSHOT_BUDGET = 1_000_000
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
# The small network trained on the four XOR points: 2 hidden units, so its hidden plane is the
# analogue of the notes' (z1, z2).
XOR_NET = dict(hidden_layer_sizes=(2,), activation="logistic", solver="adam", learning_rate_init=0.1,
               alpha=0.0, batch_size=4, max_iter=300, tol=0.0, n_iter_no_change=300)


def snapshots_for(hp: dict, n_classes: int) -> int:
    """How many weight copies fit SNAPSHOT_BUDGET: every epoch unless the network is large."""
    sizes = (2, *(hp["hidden_units"],) * hp["hidden_layers"], n_classes)
    n_params = sum((a + 1) * b for a, b in zip(sizes[:-1], sizes[1:], strict=True))
    return int(min(hp["max_iter"], max(20, SNAPSHOT_BUDGET // n_params)))


@sharable(max_entries=16)   # at most SNAPSHOT_BUDGET floats (8 MB) of kept weights each
def train(recipe, drawn, key_params: tuple):
    """(model, None, test accuracy at every kept epoch) or (None, message, None). Trained once
    for the whole server per link: a hall on one link trains one network, and an epoch step
    finds it at once."""
    data = fits.dataset(recipe, drawn)
    if data.error:
        return None, data.error, None
    if data.n_classes_train < 2:
        have = "no points" if not len(data.y_train) else "points of one class only"
        return None, (f"The training set has {have}: a network needs at least two classes to learn a "
                      "boundary. Generate data or draw points of a second class."), None
    hp = dict(key_params)
    progress = Progress("Training", unit="epochs")
    try:
        model = SPEC.make(**hp, max_snapshots=snapshots_for(hp, data.n_classes_train))
        model.fit(data.X_train, data.y_train, on_epoch=lambda epoch, epochs, loss: progress(epoch, epochs, f"loss {loss_text(loss)}"))
    except ValidationError as err:
        return None, str(err), None
    finally:
        progress.done()
    test = model.score_curve(data.X_test, data.y_test) if len(data.y_test) else None
    return model, None, test


def loss_text(loss: float) -> str:
    """A loss in a few characters: 0.693, or 3.71e+58 when the steps overshoot."""
    return f"{loss:.3f}" if loss < 1000 else f"{loss:.3g}"


def growth_note(curve) -> str:
    """A sentence when the loss ended higher than it began: the steps overshoot."""
    if len(curve) < 2 or not curve[-1] > 1.5 * curve[0]:
        return ""
    return (f" The loss grew from {loss_text(curve[0])} to {loss_text(curve[-1])}: each step overshoots the "
            "minimum. A smaller learning rate (or Adam, or larger batches) lets it settle.")


# The figures at one epoch, each built once per server for its link and epoch (charts.shared_figure).

def _at(recipe, drawn, key_params: tuple, epoch: int):
    """The dataset and the network with the weights it had after ``epoch`` (a kept epoch)."""
    return fits.dataset(recipe, drawn), train(recipe, drawn, key_params)[0].at_epoch(epoch)


def regions(recipe, drawn, key_params: tuple, epoch: int):
    data, at = _at(recipe, drawn, key_params, epoch)
    fig = decision_figure(at, data.X_train, data.y_train, X_test=data.X_test, y_test=data.y_test,
                          grid=evaluate_grid(at, data.bounds, 200), height=470, uirevision="nn")
    fig.layout.height = None   # the element's height (screen_height)
    return fig


def curves(recipe, drawn, key_params: tuple, epoch: int):
    model, _, test_curve = train(recipe, drawn, key_params)
    return curves_figure(model, test_epochs=model.snapshot_epochs_, test_scores=test_curve, current=epoch,
                         height=280)


def unit_maps(recipe, drawn, key_params: tuple, epoch: int):
    data, at = _at(recipe, drawn, key_params, epoch)
    units = sum(c.shape[1] for c in at.coefs_[:-1])
    return unit_maps_figure(at, data.bounds, resolution=36 if units <= 64 else 24)


def hidden_space(recipe, drawn, key_params: tuple, epoch: int):
    data, at = _at(recipe, drawn, key_params, epoch)
    return hidden_space_figure(at, data.X_train, data.y_train, height=380)


def follow_step() -> None:
    """A lecture step shows its network trained (the last epoch) and not playing: the epoch slider
    goes to the last epoch it showed, which it then follows to the new network's last."""
    settings.put(PLAYING, False)
    if LAST in st.session_state:
        settings.put(EPOCH, st.session_state[LAST])


recipe, drawn, data, _ = page("Neural network", name="neural_network")
st.sidebar.caption("A multi-layer perceptron: each hidden unit computes f(w·x + b) of the layer below, "
                   "the output layer a softmax over the classes. Back-propagation gives the gradient "
                   "of the cross-entropy; SGD or Adam follow it, one batch at a time.")

train_tab, gates_tab = st.tabs(["Train and replay", "Logic gates"])

with train_tab:
    left, right = st.columns([1, 3.4], gap="medium")
    with left:
        st.caption(SPEC.summary)
        hp = params.param_widgets(SPEC)
    key_params = tuple(sorted(hp.items()))
    with right:
        presets.row("nn", lectures.NN, lectures.NN_HELP, chart=CHART, chart_height=470, on_click=follow_step)
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
    top = st.columns([1.3, 5], vertical_alignment="bottom")
    playing = settings.setting(PLAY, PLAYING, url=None, where=top[0])
    if playing != st.session_state.get(TIMER, False):
        st.rerun()   # the fragment's timer is set when it is defined: a whole run sets it anew
    epoch = settings.setting(spec, EPOCH, clamp=True, where=top[1])
    settings.publish()
    at = model.at_epoch(model.nearest_snapshot(epoch))
    chart, stats = st.columns([4, 1])
    position = int(np.searchsorted(model.snapshot_epochs_, at.n_iter_))
    stats.metric("epoch", f"{at.n_iter_} / {model.n_iter_}")
    stats.metric("loss", "—" if at.n_iter_ == 0 else loss_text(model.loss_curve_[at.n_iter_ - 1]),
                 help="Mean cross-entropy (plus the L2 term) over the batches of that epoch.")
    stats.metric("train accuracy", f"{model.train_scores_[at.n_iter_]:.1%}")
    stats.metric("test accuracy", "—" if test_curve is None else f"{test_curve[position]:.1%}")
    # every figure at this epoch is built once per link and epoch (charts.shared_figure), its grid with it
    shown = (recipe, drawn, key_params, at.n_iter_)
    with chart:
        screen_height(CHART, 470)
    charts.plotly_chart(charts.shared_figure(regions, *shown), width="stretch", height="stretch",
                        config=CHART_CONFIG, key=CHART, where=chart)
    stopped = (f"Training stopped after {model.n_iter_} epochs: the loss fell by less than {model.tol:g} "
               f"for {model.n_iter_no_change} epochs in a row." if model.n_iter_ < hp["max_iter"] else
               f"Trained for all {model.n_iter_} epochs.") + growth_note(model.loss_curve_)
    st.caption(f"The regions of the network after epoch {at.n_iter_}. {stopped} Moving the slider only "
               "runs the kept weights forward: nothing is retrained.")
    charts.plotly_chart(charts.shared_figure(curves, *shown), width="stretch", config=CHART_CONFIG,
                        key="nn_curves")
    st.subheader("What each hidden unit computes", anchor=False)
    charts.plotly_chart(charts.shared_figure(unit_maps, *shown), width="stretch", config=CHART_CONFIG,
                        key="nn_units")
    st.caption("Each tile is one hidden unit's output f(w·a + b) over the same plane as the chart above "
               "(x₁ across, x₂ up), scaled to its own largest |value|: blue positive, vermillion negative, "
               "white zero. Layer 1 draws lines (or soft steps); deeper layers combine them.")
    st.subheader("The data as the last hidden layer sees it", anchor=False)
    space = charts.shared_figure(hidden_space, *shown)
    charts.plotly_chart(space, width="stretch", config=CHART_CONFIG, key="nn_hidden")
    st.caption(f"The training points mapped through the hidden layers, drawn with {space.layout.meta['how']}. "
               "The output layer is a linear softmax on these coordinates: a network that fits the data "
               "has made the classes (nearly) linearly separable here.")


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

@sharable(max_entries=10)
def xor_mlp(seed: int):
    g = GATES["XOR"]
    return MLPClassifier(random_state=seed, **XOR_NET).fit(g.X, g.y)


# The gates' figures, each built once per server for its arguments (charts.shared_figure).

def gate_plane(name: str):
    gate = GATES[name]
    return gate_figure(gate.X, gate.y, lines=[(gate.w, gate.w0, linear_text(gate.w, gate.w0))], height=460)


def xor_one(w, w0: float, right_count: int):
    """XOR with the line of one perceptron, w·x + w0 = 0."""
    gate = GATES["XOR"]
    return gate_figure(gate.X, gate.y, lines=[(w, w0, "perceptron")],
                       title=f"One perceptron: {right_count} of 4 at best", height=440)


def xor_lines():
    gate = GATES["XOR"]
    return gate_figure(gate.X, gate.y, lines=[(np.array([1.0, -1.0]), -0.5, "z₁: x₁ − x₂ − 0.5"),
                                              (np.array([-1.0, 1.0]), -0.5, "z₂: −x₁ + x₂ − 0.5")],
                       shade=None, title="Two hidden units: two lines", height=440)


def xor_hidden():
    """The hidden plane of the designed network, each point labelled with the inputs that land on
    it ((0, 0) and (1, 1) share one)."""
    gate = GATES["XOR"]
    hidden, _ = xor_network(gate.X)
    labels = [" and ".join(f"({int(a)}, {int(b)})" for (a, b), h in zip(gate.X, hidden, strict=True)
                           if (h == here).all()) for here in hidden]
    return gate_figure(hidden, gate.y, lines=[(np.array([1.0, 1.0]), -0.5, "z₁ + z₂ − 0.5")],
                       axis_titles=("z₁", "z₂"), point_labels=labels, text_position="bottom center",
                       title="The hidden plane (z₁, z₂)", height=440)


def xor_learned(seed: int):
    gate, net = GATES["XOR"], xor_mlp(seed)
    n_right = int((net.predict(gate.X) == gate.y).sum())
    return decision_figure(net, gate.X, gate.y, bounds=(-0.5, 1.5, -0.5, 1.5), resolution=120, height=380,
                           title=f"2 logistic hidden units, Adam: {n_right} of 4")


def xor_learned_hidden(seed: int):
    gate = GATES["XOR"]
    return hidden_space_figure(xor_mlp(seed), gate.X, gate.y, height=380)


def _gate_table(gate) -> pd.DataFrame:
    columns = {f"x{j + 1}": gate.X[:, j].astype(int) for j in range(gate.X.shape[1])}
    z = gate.X @ gate.w + gate.w0
    return pd.DataFrame({**columns, "w·x + w0": z, "step(w·x + w0)": perceptron_output(gate.w, gate.w0, gate.X),
                         gate.name: gate.y})


with gates_tab:
    name = settings.setting(GATE, "nn_gate", control="segmented")
    gate = GATES[name]
    if gate.w is not None:
        left, right = st.columns([1, 1.4], gap="large")
        with left:
            weights = ", ".join(f"{v:g}" for v in gate.w)
            st.markdown(f"**{name}** as one perceptron: output step(w·x + w0) with w = ({weights}), "
                        f"w0 = {gate.w0:g}.")
            st.dataframe(_gate_table(gate), hide_index=True)
            st.caption("step(z) = 1 if z > 0, else 0. The last two columns agree on every row: the "
                       "perceptron computes the gate." + (" NOT has one input: its line is the point "
                                                          "x₁ = 0.5." if name == "NOT" else ""))
        with right:
            plane = charts.shared_figure(gate_plane, name)
            charts.plotly_chart(plane, width="stretch", config=CHART_CONFIG, key="nn_gate_plane")
    else:
        st.markdown("**XOR** is 1 when exactly one input is 1. No line puts (0, 1) and (1, 0) on one side "
                    "and (0, 0), (1, 1) on the other: a perceptron needs w0 ≤ 0 and w1 + w2 + w0 ≤ 0, but "
                    "also w2 + w0 > 0 and w1 + w0 > 0; adding the last two gives w1 + w2 + 2 w0 > 0, "
                    "which contradicts the sum of the first two.")
        hidden, out = xor_network(gate.X)
        one = Perceptron(max_iter=100, pocket=True, random_state=0).fit(gate.X, gate.y)
        c1, c2, c3 = st.columns(3, gap="medium")
        with c1:
            w = one.coef_[0]
            right_count = int((one.predict(gate.X) == gate.y).sum())
            best = charts.shared_figure(xor_one, w, one.intercept_[0], right_count)
            charts.plotly_chart(best, width="stretch", config=CHART_CONFIG, key="nn_xor_one")
            st.caption(f"The pocket perceptron after 100 epochs keeps the best line it met: {right_count} of "
                       "4 points right. Every line leaves at least one point on the wrong side.")
        with c2:
            charts.plotly_chart(charts.shared_figure(xor_lines), width="stretch", config=CHART_CONFIG,
                                key="nn_xor_lines")
            st.caption("z₁ = step(x₁ − x₂ − 0.5) fires only at (1, 0), z₂ = step(−x₁ + x₂ − 0.5) only at (0, 1).")
        with c3:
            charts.plotly_chart(charts.shared_figure(xor_hidden), width="stretch", config=CHART_CONFIG,
                                key="nn_xor_hidden")
            st.caption("Each point is labelled with the inputs x that land there. (0, 0) and (1, 1) both land on "
                       "(0, 0): now one line, out = step(z₁ + z₂ − 0.5), "
                       "separates the classes.")
        table = pd.DataFrame({"x1": gate.X[:, 0].astype(int), "x2": gate.X[:, 1].astype(int),
                              "z1": hidden[:, 0], "z2": hidden[:, 1], "out": out, "XOR": gate.y})
        st.dataframe(table, hide_index=True)

        st.subheader("A trained network on XOR", anchor=False)
        seed = settings.setting(XOR_SEED, "nn_xor_seed")
        net = xor_mlp(seed)
        c1, c2 = st.columns(2, gap="medium")
        with c1:
            charts.plotly_chart(charts.shared_figure(xor_learned, seed), width="stretch", config=CHART_CONFIG,
                                key="nn_xor_mlp")
        with c2:
            charts.plotly_chart(charts.shared_figure(xor_learned_hidden, seed),
                                width="stretch", config=CHART_CONFIG, key="nn_xor_mlp_hidden")
        st.caption(f"The same idea learned instead of designed: {net.n_iter_} epochs of Adam on the four points. "
                   "Right: the points in its two hidden units' plane (h₁, h₂), where the output layer draws "
                   "one straight line, as z₁ + z₂ = 0.5 does for the designed network.")

with train_tab:
    show_fit(recipe, drawn, SPEC.key, hp)
finish()
