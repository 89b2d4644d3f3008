"""The logic gates of the lecture notes (shared/worked_examples.md, section 3) as the Neural
network page shows them: truth tables, the textbook perceptrons, the two-layer XOR network,
and a trained network on XOR."""

import itertools

import numpy as np
import pytest

from mlcore.neural_network import GATES, MLPClassifier, perceptron_output, step, xor_network
from viz.gates import half_plane, line_segment, linear_text

X2 = [[0, 0], [0, 1], [1, 0], [1, 1]]


def test_truth_tables():
    assert GATES["AND"].X.tolist() == X2 and GATES["AND"].y.tolist() == [0, 0, 0, 1]
    assert GATES["OR"].y.tolist() == [0, 1, 1, 1]
    assert GATES["NAND"].y.tolist() == [1, 1, 1, 0]
    assert GATES["XOR"].y.tolist() == [0, 1, 1, 0]
    assert GATES["NOT"].X.tolist() == [[0], [1]] and GATES["NOT"].y.tolist() == [1, 0]


def test_textbook_weights():
    # the notes: AND w0 = -1.5, OR w0 = -0.5, both with w = (1, 1)
    assert GATES["AND"].w.tolist() == [1, 1] and GATES["AND"].w0 == -1.5
    assert GATES["OR"].w.tolist() == [1, 1] and GATES["OR"].w0 == -0.5
    assert GATES["NAND"].w.tolist() == [-1, -1] and GATES["NAND"].w0 == 1.5
    assert GATES["NOT"].w.tolist() == [-1] and GATES["NOT"].w0 == 0.5
    assert GATES["XOR"].w is None


@pytest.mark.parametrize("name", ["AND", "OR", "NAND", "NOT"])
def test_each_perceptron_computes_its_gate(name):
    gate = GATES[name]
    # w·x + w0 on the table: exact (halves and small integers)
    assert perceptron_output(gate.w, gate.w0, gate.X).tolist() == gate.y.tolist()


def test_and_scores_are_the_notes():
    assert (GATES["AND"].X @ GATES["AND"].w + GATES["AND"].w0).tolist() == [-1.5, -0.5, -0.5, 0.5]
    assert (GATES["OR"].X @ GATES["OR"].w + GATES["OR"].w0).tolist() == [-0.5, 0.5, 0.5, 1.5]


def test_step_is_strict():
    assert step([-1, 0, 1e-300, 2]).tolist() == [0, 0, 1, 1]


def test_no_perceptron_on_a_grid_computes_xor():
    gate = GATES["XOR"]
    values = np.linspace(-3, 3, 25)
    for w1, w2, w0 in itertools.product(values, values, values):
        assert perceptron_output([w1, w2], w0, gate.X).tolist() != gate.y.tolist()


def test_xor_network_is_the_notes():
    hidden, out = xor_network(GATES["XOR"].X)
    # z1 = step(x1 - x2 - 0.5), z2 = step(-x1 + x2 - 0.5), out = step(z1 + z2 - 0.5)
    assert hidden.tolist() == [[0, 0], [0, 1], [1, 0], [0, 0]]
    assert out.tolist() == [0, 1, 1, 0]


def test_the_pages_trained_xor_network_solves_it():
    page_net = dict(hidden_layer_sizes=(2,), activation="logistic", solver="adam", learning_rate_init=0.1,
                    alpha=0.0, batch_size=4, max_iter=300, tol=0.0, n_iter_no_change=300)
    gate = GATES["XOR"]
    net = MLPClassifier(random_state=0, **page_net).fit(gate.X, gate.y)
    assert net.predict(gate.X).tolist() == [0, 1, 1, 0]
    # in its hidden plane the output layer's line separates the classes, as z1 + z2 = 0.5 does
    H = net.hidden_activations(gate.X)[0]
    scores = H @ net.coefs_[1] + net.intercepts_[1]
    assert (np.argmax(scores, axis=1) == gate.y).all()


def test_lines_and_half_planes_on_the_square():
    seg = line_segment([1.0, 1.0], -1.5)            # x1 + x2 = 1.5 inside [-0.5, 1.5]^2
    assert sorted(map(tuple, seg.tolist())) == [(0.0, 1.5), (1.5, 0.0)]
    poly = half_plane([1.0, 1.0], -1.5)             # the triangle above it
    assert sorted(map(tuple, poly.tolist())) == [(0.0, 1.5), (1.5, 0.0), (1.5, 1.5)]
    assert line_segment([1.0, 1.0], 10.0).shape == (0, 2)


def test_linear_text():
    assert linear_text([1.0, 1.0], -1.5) == "x₁ + x₂ − 1.5"
    assert linear_text([-1.0, 1.0], -0.5) == "−x₁ + x₂ − 0.5"
    assert linear_text([-1.0], 0.5) == "−x₁ + 0.5"
    assert linear_text([2.0, -1.0], 0.0) == "2x₁ − x₂"
