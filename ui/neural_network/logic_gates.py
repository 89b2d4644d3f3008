"""The logic gates of the Neural network page: each gate's truth table as one perceptron computes
it, XOR against one perceptron's best line, the designed two-layer XOR network and a small trained
one. The figures are built once per server for their arguments (charts.shared_figure)."""

import numpy as np
import pandas as pd

from mlcore.linear_model import Perceptron
from mlcore.neural_network import GATES, MLPClassifier, perceptron_output, xor_network
from ui.serving.cache import sharable
from viz.decision import decision_figure
from viz.gates import gate_figure, linear_text
from viz.mlp import hidden_space_figure

# The small network trained on the four XOR points: 2 hidden units, so its hidden plane is the
# analogue of the notes' (z1, z2).
XOR_NET = dict(hidden_layer_sizes=(2,), activation="logistic", solver="adam", learning_rate_init=0.1,
               alpha=0.0, batch_size=4, max_iter=300, tol=0.0, n_iter_no_change=300)


@sharable(max_entries=10)
def xor_mlp(seed: int):
    g = GATES["XOR"]
    return MLPClassifier(random_state=seed, **XOR_NET).fit(g.X, g.y)


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


def gate_table(gate) -> pd.DataFrame:
    columns = {f"x{j + 1}": gate.X[:, j].astype(int) for j in range(gate.X.shape[1])}
    z = gate.X @ gate.w + gate.w0
    return pd.DataFrame({**columns, "w·x + w0": z, "step(w·x + w0)": perceptron_output(gate.w, gate.w0, gate.X),
                         gate.name: gate.y})


def gate_text(gate) -> str:
    """The gate as one perceptron: its weights and bias."""
    weights = ", ".join(f"{v:g}" for v in gate.w)
    return (f"**{gate.name}** as one perceptron: output step(w·x + w0) with w = ({weights}), "
            f"w0 = {gate.w0:g}.")


def best_line(gate) -> tuple:
    """(w, w0, points right) of the pocket perceptron after 100 epochs on the gate."""
    one = Perceptron(max_iter=100, pocket=True, random_state=0).fit(gate.X, gate.y)
    return one.coef_[0], one.intercept_[0], int((one.predict(gate.X) == gate.y).sum())


def xor_table(gate) -> pd.DataFrame:
    """The designed two-layer network on the four inputs: its hidden units z1, z2 and its output."""
    hidden, out = xor_network(gate.X)
    return pd.DataFrame({"x1": gate.X[:, 0].astype(int), "x2": gate.X[:, 1].astype(int),
                         "z1": hidden[:, 0], "z2": hidden[:, 1], "out": out, "XOR": gate.y})
