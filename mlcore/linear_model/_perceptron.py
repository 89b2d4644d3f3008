"""The online perceptron (Rosenblatt), with the pocket variant and one-vs-all.

Labels are mapped to y in {-1, +1}. Starting from w = 0, b = 0 the points are
visited one at a time; a point is a mistake when

    y (w·x + b) <= 0,

and a mistake triggers the update

    w <- w + eta·y·x,    b <- b + eta·y      (eta: ``eta0``).

An epoch is one pass over the training points (in a fresh random order when
``shuffle``). Training stops after the first epoch without a mistake (the data
is then separated), or after ``max_iter`` epochs. Started from zero (the
default), eta only rescales (w, b) and never changes the boundary; started from
given weights (``fit(X, y, coef_init=..., intercept_init=...)``, e.g. the
least-squares solution) it sets how far one update moves them.

The bias is the weight of a constant feature: v = (w, b) and x~ = (x, 1), so
y (w·x + b) = y v·x~ and the update is v <- v + eta·y·x~. With
``fit_intercept=False`` the constant is 0: b stays 0 and the boundary passes
through the origin.

Pocket (Gallant): after every update the new weights are scored on the whole
training set, and the weights with the fewest training mistakes seen so far
(strictly fewer replaces; w = 0 is the first candidate) are the ones returned.
A training mistake here is a point the prediction rule (+1 iff w·x + b > 0)
gets wrong, i.e. the training error a student sees; it differs from the update
test only for points exactly on the boundary. On data that is not linearly
separable the plain perceptron never settles; the pocket still returns
something sensible. If training converges, the final (separating) weights are
returned.

More than two classes: one-vs-all. Perceptron k separates class k (+1) from the
rest (-1); predict argmax_k (w_k·x + b_k).
"""

from __future__ import annotations

import numbers

import numpy as np

from ..base import (
    BaseEstimator,
    ClassifierMixin,
    LinearClassifierMixin,
    ValidationError,
    check_array,
    check_random_state,
    check_scalar,
    check_X_y,
)

# Margins are computed for a window of upcoming points at a time; the window
# doubles while no mistake is found, so an epoch costs about (mistakes + log n)
# numpy calls instead of n Python steps.
_FIRST_WINDOW = 64


class Perceptron(LinearClassifierMixin, ClassifierMixin, BaseEstimator):
    """Online perceptron: w += eta0·y·x on every mistake y (w·x + b) <= 0 (scikit-learn's names).

    Parameters
    ----------
    max_iter : int >= 1
        Passes over the data at most; stops early after an epoch with no mistake.
    eta0 : float > 0
        Step size of each update.
    pocket : bool
        Return the weights with the fewest training mistakes seen (not the last ones).
    shuffle : bool
        Visit the points in a new random order every epoch (else in the given order).
    random_state : int or None
        Seed of the shuffling (0 by default, as scikit-learn's; None: a fresh seed).
    fit_intercept : bool
        Learn the bias b (the weight of a constant feature 1); False keeps b = 0.

    ``fit(X, y, coef_init=None, intercept_init=None)`` starts from the given weights
    ((d,) or (1, d) and a number for two classes, (K, d) and (K,) otherwise) instead of 0.

    Learned attributes
    ------------------
    classes_, n_features_in_
    coef_ : (1, d) for two classes, (K, d) for K > 2 (row k: class k against the rest).
    intercept_ : (1,) or (K,).
    n_iter_ : epochs run (the largest over the one-vs-all problems; scikit-learn's name).
    converged_ : True when an epoch without a mistake was reached (by every problem).
    history_ : list with one dict per binary problem (one for two classes, K for
        one-vs-all, problem k being class k against the rest), holding numpy arrays:

        - ``"epoch"`` (u,): epoch of each update (0-based), u = number of updates;
        - ``"index"`` (u,): row of X (training order) of the point that was a mistake;
        - ``"position"`` (u,): where that point comes in its epoch's visiting order;
        - ``"order"`` (n_epochs, n): the rows of X in the order each epoch looked at them
          (every example looked at, mistake or not: a page replays training from it);
        - ``"initial_coef"`` (d,) and ``"initial_intercept"``: the weights training started from;
        - ``"coef"`` (u, d) and ``"intercept"`` (u,): w and b right after each update;
        - ``"mistakes"`` (n_epochs,): updates (online mistakes) made in each epoch;
        - ``"epoch_train_mistakes"`` (n_epochs,): training points the weights at the end
          of each epoch misclassify (prediction rule: +1 iff w·x + b > 0);
        - ``"train_mistakes"`` (u,) (pocket only): training points the weights right
          after each update misclassify (prediction rule: +1 iff w·x + b > 0);
        - ``"n_epochs"``, ``"converged"``: as above, for this problem.
    """

    def __init__(self, max_iter=20, eta0=1.0, pocket=False, shuffle=True, random_state=0,
                 fit_intercept=True):
        self.max_iter = max_iter
        self.eta0 = eta0
        self.pocket = pocket
        self.shuffle = shuffle
        self.random_state = random_state
        self.fit_intercept = fit_intercept

    def fit(self, X, y, coef_init=None, intercept_init=None):
        name = type(self).__name__
        max_iter = check_scalar(self.max_iter, "max_iter", kind=numbers.Integral, low=1, model=name)
        eta = check_scalar(self.eta0, "eta0", low=0, low_inclusive=False, model=name)
        pocket = _check_bool(self.pocket, "pocket", name)
        shuffle = _check_bool(self.shuffle, "shuffle", name)
        fit_intercept = _check_bool(self.fit_intercept, "fit_intercept", name)
        rng = check_random_state(self.random_state)

        X, y_enc, classes = check_X_y(X, y)
        n = X.shape[0]
        n_problems = 1 if len(classes) == 2 else len(classes)
        starts = _initial_weights(coef_init, intercept_init, n_problems, X.shape[1], fit_intercept, name)
        orders = _EpochOrders(n, rng if shuffle else None)
        if len(classes) == 2:
            targets = [np.where(y_enc == 1, 1.0, -1.0)]
        else:
            targets = [np.where(y_enc == k, 1.0, -1.0) for k in range(len(classes))]

        runs = [_train_binary(X, t, orders, max_iter, eta, pocket, start, fit_intercept)
                for t, start in zip(targets, starts, strict=True)]

        self.classes_ = classes
        self.n_features_in_ = X.shape[1]
        self.coef_ = np.array([r["best_coef"] for r in runs])
        self.intercept_ = np.array([r["best_intercept"] for r in runs])
        for r in runs:
            del r["best_coef"], r["best_intercept"]
        self.history_ = runs
        self.n_iter_ = max(r["n_epochs"] for r in runs)
        self.converged_ = all(r["converged"] for r in runs)
        return self


def _check_bool(value, name, model):
    if not isinstance(value, (bool, np.bool_)):
        raise ValidationError(f"{name}={value!r} for {model} must be True or False")
    return bool(value)


def _initial_weights(coef_init, intercept_init, n_problems, d, fit_intercept, model):
    """The starting v = (w, b) of each binary problem (one row each): zeros, or the given weights."""
    starts = np.zeros((n_problems, d + 1))
    if coef_init is not None:
        starts[:, :d] = _rows(coef_init, n_problems, d, "coef_init", model,
                              "one row per binary problem, one weight per feature")
    if intercept_init is not None:
        b = _rows(intercept_init, n_problems, 1, "intercept_init", model, "one number per binary problem")
        if not fit_intercept and np.any(b != 0):
            raise ValidationError(f"intercept_init for {model} must be 0 with fit_intercept=False "
                                  "(the boundary then passes through the origin)")
        starts[:, d] = b[:, 0]
    return starts


def _rows(value, rows, cols, name, model, what):
    arr = check_array(np.reshape(value, (1, -1)) if np.ndim(value) < 2 else value, name=name)
    if arr.size != rows * cols:
        raise ValidationError(f"{name} for {model} must hold {rows} x {cols} number(s) ({what}); "
                              f"got shape {np.shape(value)}")
    return arr.reshape(rows, cols)


class _EpochOrders:
    """The visiting order of every epoch, drawn once and shared by the one-vs-all problems."""

    def __init__(self, n, rng):
        self._n, self._rng, self._orders = n, rng, []

    def __getitem__(self, epoch):
        if self._rng is None:
            return np.arange(self._n)
        while len(self._orders) <= epoch:
            self._orders.append(self._rng.permutation(self._n))
        return self._orders[epoch]


def _first_mistake(Z, v, start):
    """Smallest i >= start with Z[i]·v <= 0, or None; Z holds the rows y_i (x_i, 1).

    Scanned window by window: y (w·x + b) = (y (x, 1))·(w, b) for a whole window is
    one matrix product.
    """
    n, window = len(Z), _FIRST_WINDOW
    while start < n:
        stop = min(n, start + window)
        bad = Z[start:stop] @ v <= 0
        first = int(bad.argmax())
        if bad[first]:
            return start + first
        start, window = stop, 2 * window
    return None


def _count_mistakes(Xa, positive, V, block=64):
    """Training points the prediction rule (+1 iff w·x + b > 0) gets wrong, for each row (w, b) of V."""
    # A few rows of V at a time keep the (rows, n) score block in cache: ~30x faster for n = 2000.
    return np.concatenate([np.count_nonzero((V[i:i + block] @ Xa.T > 0) != positive, axis=1)
                           for i in range(0, len(V), block)])


def _train_binary(X, t, orders, max_iter, eta, pocket, v0, fit_intercept):
    """One perceptron on targets t in {-1, +1} from the weights v0 = (w, b); the result is
    its history dict.

    Weights are kept augmented, v = (w, b), so a mistake on point i is the single
    update v <- v + eta·y_i (x_i, 1), which is w += eta·y·x, b += eta·y exactly
    (the constant is 0 without an intercept: b never moves).
    """
    n, d = X.shape
    Xa = np.column_stack([X, np.full(n, 1.0 if fit_intercept else 0.0)])
    signed = t[:, None] * Xa
    positive = t > 0
    v = np.array(v0, dtype=np.float64)
    best_v, best_count = v, int(_count_mistakes(Xa, positive, v[None, :])[0])
    indices, positions, visited, weights, train_mistakes, per_epoch, epoch_errors = [], [], [], [], [], [], []
    converged = False
    for epoch in range(max_iter):
        order = orders[epoch]
        visited.append(order)
        Z = signed[order]
        steps = eta * Z
        start = len(weights)
        pos = 0
        while (i := _first_mistake(Z, v, pos)) is not None:
            v = v + steps[i]
            indices.append(order[i])
            positions.append(i)
            weights.append(v)
            pos = i + 1
        per_epoch.append(len(weights) - start)
        epoch_errors.append(int(_count_mistakes(Xa, positive, v[None, :])[0]))
        if pocket and len(weights) > start:
            # Scoring the epoch's weights together is the same as after each update:
            # the first of the smallest counts is what a running "strictly fewer" keeps.
            counts = _count_mistakes(Xa, positive, np.array(weights[start:]))
            train_mistakes.extend(counts.tolist())
            first_best = int(np.argmin(counts))
            if counts[first_best] < best_count:
                best_v, best_count = weights[start + first_best], int(counts[first_best])
        if per_epoch[-1] == 0:
            converged = True
            break
    if converged or not pocket:
        # Separating weights make no mistake: return them, not an earlier tie that
        # had a point exactly on the boundary.
        best_v = v
    W = np.array(weights, dtype=np.float64).reshape(-1, d + 1)
    per_epoch = np.array(per_epoch, dtype=np.intp)
    history = {
        "epoch": np.repeat(np.arange(len(per_epoch)), per_epoch),
        "index": np.array(indices, dtype=np.intp),
        "position": np.array(positions, dtype=np.intp),
        "order": np.array(visited, dtype=np.intp).reshape(-1, n),
        "initial_coef": np.array(v0[:d], dtype=np.float64),
        "initial_intercept": float(v0[d]),
        "coef": W[:, :d],
        "intercept": W[:, d].copy(),
        "mistakes": per_epoch,
        "epoch_train_mistakes": np.array(epoch_errors, dtype=np.intp),
        "n_epochs": len(per_epoch),
        "converged": converged,
        "best_coef": best_v[:d].copy(),
        "best_intercept": float(best_v[d]),
    }
    if pocket:
        history["train_mistakes"] = np.array(train_mistakes, dtype=np.intp)
    return history
