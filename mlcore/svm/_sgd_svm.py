"""Linear SVM in the primal by Pegasos (Shalev-Shwartz, Singer, Srebro & Cotter 2011).

Objective (the soft margin with lambda = 1 / (C n)):

    P(w, b) = lambda/2 ||w||² + (1/n) sum_i max(0, 1 - y_i (w·x_i + b))

Step t on a mini-batch A with step size eta_t = 1 / (lambda t), V = {i in A : y_i (w·x_i + b) < 1}:

    w <- (1 - eta_t lambda) w + (eta_t / |A|) sum_{i in V} y_i x_i
    b <- b + (eta_t / |A|) sum_{i in V} y_i            (the bias is not regularised)
    w <- min(1, (1/sqrt(lambda)) / ||w||) w             (the optimum lies in that ball)

The returned model is the average of the iterates over the second half of training,
which removes the 1/t zig-zag of the last iterate. More than two classes: one-vs-rest.
"""

from __future__ import annotations

import numbers

import numpy as np

from ..base import (
    BaseEstimator,
    ClassifierMixin,
    check_array,
    check_is_fitted,
    check_random_state,
    check_scalar,
    check_X_y,
)


def primal_objective(w: np.ndarray, b: float, X: np.ndarray, y: np.ndarray, lam: float) -> float:
    """P(w, b) = lambda/2 ||w||² + mean hinge, y in {-1, +1}."""
    hinge = np.maximum(0.0, 1.0 - y * (X @ w + b))
    return float(0.5 * lam * w @ w + hinge.mean())


class LinearSVMSGD(ClassifierMixin, BaseEstimator):
    """Pegasos sub-gradient descent on the hinge loss plus (lambda/2)||w||².

    Fitted: coef_ (P, d), intercept_ (P,), with P = 1 for two classes (positive = classes_[1])
    and P = K one-vs-rest machines otherwise; history_: one dict per epoch with the
    primal objective, the margin violations and the (averaged) w and b of machine 0.
    """

    def __init__(self, lam=0.01, max_epochs=50, batch_size=8, random_state=None):
        self.lam = lam
        self.max_epochs = max_epochs
        self.batch_size = batch_size
        self.random_state = random_state

    def fit(self, X, y):
        X, y_enc, classes = check_X_y(X, y)
        name = "linear SVM (SGD)"
        lam = check_scalar(self.lam, "lam", low=0.0, low_inclusive=False, model=name)
        epochs = check_scalar(self.max_epochs, "max_epochs", kind=numbers.Integral, low=1, model=name)
        batch = check_scalar(self.batch_size, "batch_size", kind=numbers.Integral, low=1, model=name)
        rng = check_random_state(self.random_state)
        # Centring leaves the problem unchanged (the bias is free: w·(x - m) + b' = w·x + b)
        # but spares the bias from having to travel far, which Pegasos does slowly.
        shift = X.mean(axis=0)
        Xc = X - shift

        targets = ([np.where(y_enc == 1, 1.0, -1.0)] if len(classes) == 2 else
                   [np.where(y_enc == k, 1.0, -1.0) for k in range(len(classes))])
        seed = int(rng.integers(2**31))
        W, B, history = [], [], []
        for p, t in enumerate(targets):
            w, b, hist = _pegasos(Xc, t, lam, epochs, min(batch, len(t)), np.random.default_rng(seed))
            W.append(w)
            B.append(b)
            if p == 0:
                history = hist
        W, B = np.array(W), np.array(B)
        self.coef_ = W
        self.intercept_ = B - W @ shift
        for h in history:
            h["b"] = float(h["b"] - h["w"] @ shift)
        self.classes_ = classes
        self.n_features_in_ = X.shape[1]
        self.history_ = history
        self.n_iter_ = epochs
        return self

    def decision_function(self, X):
        check_is_fitted(self)
        X = check_array(X, n_features=self.n_features_in_)
        f = X @ self.coef_.T + self.intercept_
        return f[:, 0] if len(self.classes_) == 2 else f

    def predict(self, X):
        f = self.decision_function(X)
        idx = (f >= 0).astype(np.intp) if f.ndim == 1 else f.argmax(axis=1)
        return self.classes_[idx]


def _pegasos(X, y, lam, epochs, batch, rng):
    n, d = X.shape
    w, b = np.zeros(d), 0.0
    w_sum, b_sum, n_avg = np.zeros(d), 0.0, 0
    radius = 1.0 / np.sqrt(lam)
    t = 0
    history = []
    for epoch in range(epochs):
        order = rng.permutation(n)
        for start in range(0, n, batch):
            idx = order[start:start + batch]
            t += 1
            eta = 1.0 / (lam * t)
            yb = y[idx]
            viol = yb * (X[idx] @ w + b) < 1.0
            w *= 1.0 - eta * lam
            if viol.any():
                w += (eta / len(idx)) * (yb[viol] @ X[idx[viol]])
                b += (eta / len(idx)) * yb[viol].sum()
            norm = np.sqrt(w @ w)
            if norm > radius:
                w *= radius / norm
            if epoch >= epochs // 2:
                w_sum += w
                b_sum += b
                n_avg += 1
        wa, ba = (w_sum / n_avg, b_sum / n_avg) if n_avg else (w.copy(), b)
        margins = y * (X @ wa + ba)
        history.append({"epoch": epoch + 1, "steps": t, "objective": primal_objective(wa, ba, X, y, lam),
                        "violations": int((margins < 1).sum()), "mistakes": int((margins <= 0).sum()),
                        "w": wa.copy(), "b": float(ba)})
    return w_sum / n_avg, b_sum / n_avg, history
