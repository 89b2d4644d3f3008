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

A stack of F networks of one layout trains in lockstep with the same functions: the flat
vector becomes an (F, n_params) array, every W_l, b_l, batch, activation and error gains a
leading axis F, and the sums above become one per network. Each network's numbers are then
those it gets alone, bit for bit: the same operations on the same numbers, in the same
order (one matrix product per network, sums along the same axis), only dispatched once
for all F instead of F times.
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
        """([W_1..W_L], [b_1..b_L]) as views into ``flat``: writing to them writes ``flat``.
        For a stack ``flat`` (F, n_params): W_l (F, s_{l-1}, s_l) and b_l (F, 1, s_l)."""
        if flat.ndim == 2:
            F = len(flat)
            return ([flat[:, w].reshape(F, *shape) for w, _, shape in self.slices],
                    [flat[:, b].reshape(F, 1, -1) for _, b, _ in self.slices])
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
    """Activations A_1..A_L and errors Delta_1..Delta_L for batches of up to ``rows`` rows
    (of each of ``stack`` networks, if given)."""

    def __init__(self, layout: Layout, rows: int, stack: int | None = None):
        lead = (rows,) if stack is None else (stack, rows)
        self.A = [np.empty(lead + (s,)) for s in layout.sizes[1:]]
        self.delta = [np.empty(lead + (s,)) for s in layout.sizes[1:]]


def forward(Ws, bs, X, activation: str, A) -> list:
    """Fill A_1..A_L (views of the first len(X) rows of the buffers ``A``) with the hidden
    activations and the output scores Z_L (not yet softmaxed); return those views."""
    m = X.shape[-2]
    out = []
    previous = X
    last = len(Ws) - 1
    for layer, (W, b) in enumerate(zip(Ws, bs, strict=True)):
        Z = A[layer][..., :m, :]
        np.matmul(previous, W, out=Z)
        Z += b
        if layer < last:
            _APPLY[activation](Z)
        out.append(Z)
        previous = Z
    return out


def label_index(y) -> tuple:
    """The index of the entries (i, y_i) of an (m, K) array, or (f, i, y_fi) of a stack (F, m, K)."""
    if y.ndim == 1:
        return np.arange(len(y)), y
    F, m = y.shape
    return np.arange(F)[:, None], np.arange(m), y


def softmax_cross_entropy(Z, y, index=None):
    """Turn the scores Z (m, K) into probabilities in place; return sum_i -log P_{i, y_i}
    (a float; for a stack Z (F, m, K), y (F, m): one sum per network).

    -log P_iy = log sum_j exp(Z_ij - max_i) - (Z_iy - max_i): exact, and no exp overflows.
    ``index``: ``label_index(y)`` if the caller keeps it (the training loop calls this
    thousands of times).
    """
    # ufunc.reduce rather than Z.max / Z.sum: the same sums, without their Python wrappers
    Z -= np.maximum.reduce(Z, axis=-1, keepdims=True)
    picked = Z[label_index(y) if index is None else index]
    np.exp(Z, out=Z)
    totals = np.add.reduce(Z, axis=-1)
    Z /= totals[..., None]
    losses = np.add.reduce(np.log(totals), axis=-1) - np.add.reduce(picked, axis=-1)
    return float(losses) if Z.ndim == 2 else losses


def backward(Ws, X, y, A, delta, activation: str, alpha: float, gWs, gbs, index=None) -> None:
    """Write dJ/dW_l and dJ/db_l into ``gWs`` / ``gbs`` (views of the flat gradient), given the
    forward pass ``A`` of the batch (``A[-1]`` holding P) and the error buffers ``delta``
    (``index``: as in ``softmax_cross_entropy``)."""
    m = X.shape[-2]
    L = len(Ws)
    D = delta[L - 1][..., :m, :]
    np.copyto(D, A[L - 1][..., :m, :])
    D[label_index(y) if index is None else index] -= 1.0
    D *= 1.0 / m
    stacked = X.ndim == 3
    for layer in range(L - 1, -1, -1):
        below = X if layer == 0 else A[layer - 1][..., :m, :]
        np.matmul(below.swapaxes(-1, -2), D, out=gWs[layer])
        if alpha:
            gWs[layer] += (alpha / m) * Ws[layer]
        np.add.reduce(D, axis=-2, out=gbs[layer], keepdims=stacked)
        if layer:
            D_below = delta[layer - 1][..., :m, :]
            np.matmul(D, Ws[layer].swapaxes(-1, -2), out=D_below)
            _times_derivative(activation, D_below, below)
            D = D_below


def squared_weights(Ws):
    """sum_l ||W_l||_F^2 (the intercepts are not penalised); for a stack, one per network."""
    if Ws[0].ndim == 2:
        return float(sum(np.vdot(W, W) for W in Ws))
    F = len(Ws[0])
    total = np.zeros(F)
    for W in Ws:
        w = W.reshape(F, 1, -1)       # each network's dot product w . w, as np.vdot takes it
        total += np.matmul(w, w.swapaxes(-1, -2))[:, 0, 0]
    return total
