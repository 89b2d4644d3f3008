"""The arithmetic of a fully connected network: forward pass, softmax cross-entropy, backward pass.

Layer sizes ``d = s_0, s_1, ..., s_L = K``. Every weight lives in ONE flat float64
vector; ``W_l`` (s_{l-1}, s_l) and ``b_l`` (s_l,) are views into it, so an optimiser
step is a handful of vectorised operations on the whole vector and a snapshot is one
copy. The training loop reuses preallocated buffers (``Buffers``) for activations and
back-propagated errors; nothing here loops over samples.

Forward pass (row vectors, a batch ``A_0 = X`` of m rows):

    Z_l = A_{l-1} W_l + b_l,   A_l = f(Z_l)   for the hidden layers l = 1..L-1
    Z_L = A_{L-1} W_L + b_L,   P = softmax(Z_L)   (P_ik = exp(Z_ik) / sum_j exp(Z_ij))

Loss of a batch (scikit-learn's: the L2 term is divided by the batch size m, so
alpha means the same as in ``MLPClassifier(alpha=...)``):

    J = (1/m) sum_i -log P_{i, y_i}  +  (alpha / (2m)) sum_l ||W_l||_F^2

Gradient (back-propagation; f' written through the activation's own output A):

    Delta_L = (P - Y) / m                       Y one-hot
    dJ/dW_l = A_{l-1}^T Delta_l + (alpha/m) W_l,   dJ/db_l = sum_i Delta_l[i]
    Delta_{l-1} = (Delta_l W_l^T) * f'(Z_{l-1})

with f' = [A > 0] (relu), 1 - A^2 (tanh), A (1 - A) (logistic), 1 (identity).
"""

from __future__ import annotations

import numpy as np

ACTIVATIONS = ("relu", "tanh", "logistic", "identity")


def _relu(Z):
    np.maximum(Z, 0.0, out=Z)


def _tanh(Z):
    np.tanh(Z, out=Z)


def _logistic(Z):
    # 1 / (1 + exp(-z)) written as 0.5 (1 + tanh(z / 2)): the same function, no overflow for any z
    Z *= 0.5
    np.tanh(Z, out=Z)
    Z += 1.0
    Z *= 0.5


def _identity(Z):
    pass


_APPLY = {"relu": _relu, "tanh": _tanh, "logistic": _logistic, "identity": _identity}


def _times_derivative(activation: str, delta, A) -> None:
    """delta *= f'(Z), with f' expressed through A = f(Z)."""
    if activation == "relu":
        delta[A <= 0.0] = 0.0
    elif activation == "tanh":
        delta *= 1.0 - A * A
    elif activation == "logistic":
        delta *= A * (1.0 - A)


class Layout:
    """Where each layer's W_l and b_l sit in the flat parameter vector."""

    def __init__(self, sizes):
        self.sizes = tuple(int(s) for s in sizes)
        self.slices = []
        start = 0
        for fan_in, fan_out in zip(self.sizes[:-1], self.sizes[1:], strict=True):
            w = slice(start, start + fan_in * fan_out)
            b = slice(w.stop, w.stop + fan_out)
            self.slices.append((w, b, (fan_in, fan_out)))
            start = b.stop
        self.n_params = start

    @property
    def n_layers(self) -> int:
        """Weight layers L (hidden layers + the output layer)."""
        return len(self.slices)

    def views(self, flat):
        """([W_1..W_L], [b_1..b_L]) as views into ``flat``: writing to them writes ``flat``."""
        Ws = [flat[w].reshape(shape) for w, _, shape in self.slices]
        bs = [flat[b] for _, b, _ in self.slices]
        return Ws, bs

    def glorot(self, rng, activation: str) -> np.ndarray:
        """scikit-learn's initialisation: W and b uniform in +-sqrt(c / (fan_in + fan_out)),
        c = 2 for logistic, 6 otherwise."""
        flat = np.empty(self.n_params)
        factor = 2.0 if activation == "logistic" else 6.0
        for w, b, (fan_in, fan_out) in self.slices:
            bound = np.sqrt(factor / (fan_in + fan_out))
            flat[w] = rng.uniform(-bound, bound, fan_in * fan_out)
            flat[b] = rng.uniform(-bound, bound, fan_out)
        return flat


class Buffers:
    """Activations A_1..A_L and errors Delta_1..Delta_L for batches of up to ``rows`` rows."""

    def __init__(self, layout: Layout, rows: int):
        self.A = [np.empty((rows, s)) for s in layout.sizes[1:]]
        self.delta = [np.empty((rows, s)) for s in layout.sizes[1:]]


def forward(Ws, bs, X, activation: str, A) -> list:
    """Fill A_1..A_L (views of the first len(X) rows of the buffers ``A``) with the hidden
    activations and the output scores Z_L (not yet softmaxed); return those views."""
    m = len(X)
    out = []
    previous = X
    last = len(Ws) - 1
    for layer, (W, b) in enumerate(zip(Ws, bs, strict=True)):
        Z = A[layer][:m]
        np.matmul(previous, W, out=Z)
        Z += b
        if layer < last:
            _APPLY[activation](Z)
        out.append(Z)
        previous = Z
    return out


def softmax_cross_entropy(Z, y) -> float:
    """Turn the scores Z (m, K) into probabilities in place; return sum_i -log P_{i, y_i}.

    -log P_iy = log sum_j exp(Z_ij - max_i) - (Z_iy - max_i): exact, and no exp overflows.
    """
    Z -= Z.max(axis=1, keepdims=True)
    picked = Z[np.arange(len(Z)), y]
    np.exp(Z, out=Z)
    totals = Z.sum(axis=1)
    Z /= totals[:, None]
    return float(np.log(totals).sum() - picked.sum())


def backward(Ws, X, y, A, delta, activation: str, alpha: float, gWs, gbs) -> None:
    """Write dJ/dW_l and dJ/db_l into ``gWs`` / ``gbs`` (views of the flat gradient), given the
    forward pass ``A`` of the batch (``A[-1]`` holding P) and the error buffers ``delta``."""
    m = len(X)
    L = len(Ws)
    D = delta[L - 1][:m]
    np.copyto(D, A[L - 1][:m])
    D[np.arange(m), y] -= 1.0
    D *= 1.0 / m
    for layer in range(L - 1, -1, -1):
        below = X if layer == 0 else A[layer - 1][:m]
        np.matmul(below.T, D, out=gWs[layer])
        if alpha:
            gWs[layer] += (alpha / m) * Ws[layer]
        np.sum(D, axis=0, out=gbs[layer])
        if layer:
            D_below = delta[layer - 1][:m]
            np.matmul(D, Ws[layer].T, out=D_below)
            _times_derivative(activation, D_below, below)
            D = D_below


def squared_weights(Ws) -> float:
    """sum_l ||W_l||_F^2 (the intercepts are not penalised)."""
    return float(sum(np.vdot(W, W) for W in Ws))
