"""The two solvers, as scikit-learn's ``MLPClassifier`` runs them, on one flat parameter vector.

Each ``step(params, grad)`` updates ``params`` in place from the gradient g of one batch.

* SGD with momentum mu and a constant learning rate eta (velocity v, starting at 0):
      v <- mu v - eta g
      params <- params + mu v - eta g   (Nesterov's momentum)   or   params + v   (classic)
* Adam (Kingma and Ba), beta1 = 0.9, beta2 = 0.999, eps = 1e-8, step t = 1, 2, ...:
      m <- beta1 m + (1 - beta1) g,   v <- beta2 v + (1 - beta2) g^2
      params <- params - eta_t m / (sqrt(v) + eps),   eta_t = eta sqrt(1 - beta2^t) / (1 - beta1^t)

Every operation is elementwise, so ``n_params`` may be a shape (F, n_params): a stack of F
networks trained in lockstep, each updated exactly as alone; ``keep(rows)`` drops the others.
"""

from __future__ import annotations

import math

import numpy as np


class SGD:
    def __init__(self, n_params: int, learning_rate: float, momentum: float, nesterov: bool):
        self.learning_rate = learning_rate
        self.momentum = momentum
        self.nesterov = nesterov
        self.velocity = np.zeros(n_params)
        self.scratch = np.empty(n_params)

    def keep(self, rows):
        self.velocity, self.scratch = self.velocity[rows], self.scratch[rows]

    def step(self, params, grad):
        velocity, scratch = self.velocity, self.scratch
        np.multiply(grad, -self.learning_rate, out=scratch)   # -eta g
        velocity *= self.momentum
        velocity += scratch
        if self.nesterov:
            params += scratch
            scratch[:] = velocity
            scratch *= self.momentum
            params += scratch
        else:
            params += velocity


class Adam:
    BETA1, BETA2, EPSILON = 0.9, 0.999, 1e-8

    def __init__(self, n_params: int, learning_rate: float):
        self.learning_rate = learning_rate
        self.t = 0
        self.first = np.zeros(n_params)
        self.second = np.zeros(n_params)
        self.scratch = np.empty(n_params)

    def keep(self, rows):
        self.first, self.second, self.scratch = self.first[rows], self.second[rows], self.scratch[rows]

    def step(self, params, grad):
        b1, b2 = self.BETA1, self.BETA2
        self.t += 1
        first, second, scratch = self.first, self.second, self.scratch
        first *= b1
        np.multiply(grad, 1.0 - b1, out=scratch)
        first += scratch
        second *= b2
        np.multiply(grad, grad, out=scratch)
        scratch *= 1.0 - b2
        second += scratch
        rate = self.learning_rate * math.sqrt(1.0 - b2 ** self.t) / (1.0 - b1 ** self.t)
        np.sqrt(second, out=scratch)
        scratch += self.EPSILON
        np.divide(first, scratch, out=scratch)
        scratch *= rate
        params -= scratch
