"""Logic gates as data, the textbook perceptrons that compute them, and the two-layer XOR net.

A perceptron with weights w and bias w0 outputs step(w·x + w0), step(z) = 1 if z > 0 else 0,
on inputs x in {0, 1}^d. The lecture notes' weights (shared/worked_examples.md, section 3):

    AND:  w = (1, 1),  w0 = -1.5      (only x = (1, 1) gets above the line x1 + x2 = 1.5)
    OR:   w = (1, 1),  w0 = -0.5
    NAND: w = (-1, -1), w0 = 1.5      (AND with every sign flipped)
    NOT:  w = (-1,),   w0 = 0.5       (one input)

XOR is not linearly separable: no (w, w0) computes it (the four inequalities
w0 <= 0, w2 + w0 > 0, w1 + w0 > 0, w1 + w2 + w0 <= 0 add up to 0 < 0). Two layers do:

    z1 = step(x1 - x2 - 0.5),   z2 = step(-x1 + x2 - 0.5),   out = step(z1 + z2 - 0.5)

z1 fires only on (1, 0), z2 only on (0, 1); in the hidden (z1, z2) plane the four inputs
land on (0, 0), (0, 1), (1, 0), (0, 0), which the line z1 + z2 = 0.5 separates.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

TWO_INPUTS = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=np.float64)
ONE_INPUT = np.array([[0], [1]], dtype=np.float64)


class Gate(NamedTuple):
    """A truth table (X, y) and, if one exists, the textbook perceptron (w, w0) computing it."""
    name: str
    X: np.ndarray
    y: np.ndarray
    w: np.ndarray | None
    w0: float | None


GATES = {
    "AND": Gate("AND", TWO_INPUTS, np.array([0, 0, 0, 1]), np.array([1.0, 1.0]), -1.5),
    "OR": Gate("OR", TWO_INPUTS, np.array([0, 1, 1, 1]), np.array([1.0, 1.0]), -0.5),
    "NAND": Gate("NAND", TWO_INPUTS, np.array([1, 1, 1, 0]), np.array([-1.0, -1.0]), 1.5),
    "NOT": Gate("NOT", ONE_INPUT, np.array([1, 0]), np.array([-1.0]), 0.5),
    "XOR": Gate("XOR", TWO_INPUTS, np.array([0, 1, 1, 0]), None, None),
}

# The notes' two-layer XOR network: hidden weights (one column per hidden unit), biases, output.
XOR_HIDDEN_W = np.array([[1.0, -1.0], [-1.0, 1.0]])
XOR_HIDDEN_B = np.array([-0.5, -0.5])
XOR_OUT_W = np.array([1.0, 1.0])
XOR_OUT_B = -0.5


def step(z) -> np.ndarray:
    """1 where z > 0, else 0 (as integers)."""
    return (np.asarray(z) > 0).astype(np.int64)


def perceptron_output(w, w0: float, X) -> np.ndarray:
    """step(X w + w0) for each row of X."""
    return step(np.asarray(X, dtype=np.float64) @ np.asarray(w, dtype=np.float64) + w0)


def xor_network(X) -> tuple[np.ndarray, np.ndarray]:
    """(hidden (n, 2) = (z1, z2), out (n,)) of the notes' two-layer XOR net on the rows of X."""
    hidden = step(np.asarray(X, dtype=np.float64) @ XOR_HIDDEN_W + XOR_HIDDEN_B)
    return hidden, step(hidden @ XOR_OUT_W + XOR_OUT_B)
