"""Multi-layer perceptron trained by back-propagation, with a replayable training history.

The model (see ``_network`` for the forward pass, the loss and the gradient): hidden
layers of ``hidden_layer_sizes`` units with activation f, and a softmax output layer of
K units, trained to minimise the softmax cross-entropy plus an L2 penalty,

    J = (1/m) sum_i -log P(y_i | x_i)  +  (alpha / (2m)) sum_l ||W_l||^2      per batch of m points,

by mini-batch SGD (with momentum) or Adam, exactly as scikit-learn's ``MLPClassifier``
does, with its parameter names and meanings. One difference: scikit-learn gives two
classes a single logistic output unit; here every K (2 included) has K softmax outputs.
For two classes that is the same family of functions (softmax of (z_0, z_1) is the
logistic function of z_1 - z_0) with one redundant output unit.

Training (one epoch = one pass over the training set):

* shuffle the points (``shuffle``), cut them into batches of ``batch_size``
  ("auto": min(200, n); a larger number is cut to n), one optimiser step per batch;
* the epoch's loss (``loss_curve_``) is the mean of the batch losses weighted by batch size;
* stop after ``max_iter`` epochs, or when the loss has not fallen by at least ``tol`` below
  the best loss so far for more than ``n_iter_no_change`` epochs in a row (scikit-learn's rule).

What is recorded so a page can replay training without refitting:

* ``loss_curve_[e-1]``: the loss of epoch e, e = 1..n_iter_;
* ``train_scores_[e]``: training accuracy after e epochs, e = 0..n_iter_ (0: the initial weights);
* ``validation_scores_[e]`` the same on the held-out ``validation_fraction`` (None without one);
* the weights after the epochs ``snapshot_epochs_``: every s-th epoch, s = ceil(max_iter /
  max_snapshots), and the last one; so at most ``max_snapshots + 2`` copies of the weights
  are kept, whatever ``max_iter``. ``at_epoch(e)`` gives the model as it was then.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from ..base import (
    BaseEstimator,
    ClassifierMixin,
    ValidationError,
    check_array,
    check_choice,
    check_is_fitted,
    check_random_state,
    check_scalar,
    check_X_y,
    softmax,
)
from ._network import ACTIVATIONS, Buffers, Layout, backward, forward, softmax_cross_entropy, squared_weights
from ._optimizers import SGD, Adam

SOLVERS = ("adam", "sgd")
_AUTO_BATCH = 200


class MLPClassifier(ClassifierMixin, BaseEstimator):
    """A feed-forward neural network with softmax output, trained by SGD or Adam.

    Parameters (scikit-learn's meanings)
    ----------
    hidden_layer_sizes : tuple of ints >= 1 (may be empty: then it is softmax regression)
    activation : "relu", "tanh", "logistic" or "identity" (hidden layers)
    solver : "adam" or "sgd"
    alpha : float >= 0, the L2 penalty (divided by the batch size, as in scikit-learn)
    batch_size : int >= 1 or "auto" (min(200, n))
    learning_rate_init : float > 0, the constant step size eta
    max_iter : int >= 1, epochs at most
    shuffle : bool, reshuffle the points before every epoch
    random_state : None or int; the initial weights, the shuffles and the validation split
    tol, n_iter_no_change : the stopping rule above (tol=0 and n_iter_no_change >= max_iter: never stop early)
    momentum, nesterovs_momentum : for solver="sgd"
    validation_fraction : float in [0, 0.5): held out (stratified) to record ``validation_scores_``;
        0 (the default) trains on every point. Unlike scikit-learn it never stops training.
    max_snapshots : int >= 1, how many copies of the weights (besides epoch 0 and the last) to keep.

    Learned attributes
    ------------------
    classes_, n_features_in_, coefs_ (list of (s_{l-1}, s_l)), intercepts_ (list of (s_l,)),
    n_layers_ (hidden layers + 2, as scikit-learn counts), n_outputs_ (K), out_activation_
    ("softmax"), n_iter_, t_ (training points seen), loss_, best_loss_, loss_curve_,
    train_scores_, validation_scores_, snapshot_epochs_.
    """

    def __init__(self, hidden_layer_sizes=(100,), activation="relu", solver="adam", alpha=1e-4,
                 batch_size="auto", learning_rate_init=1e-3, max_iter=200, shuffle=True, random_state=None,
                 tol=1e-4, momentum=0.9, nesterovs_momentum=True, n_iter_no_change=10,
                 validation_fraction=0.0, max_snapshots=100):
        self.hidden_layer_sizes = hidden_layer_sizes
        self.activation = activation
        self.solver = solver
        self.alpha = alpha
        self.batch_size = batch_size
        self.learning_rate_init = learning_rate_init
        self.max_iter = max_iter
        self.shuffle = shuffle
        self.random_state = random_state
        self.tol = tol
        self.momentum = momentum
        self.nesterovs_momentum = nesterovs_momentum
        self.n_iter_no_change = n_iter_no_change
        self.validation_fraction = validation_fraction
        self.max_snapshots = max_snapshots

    # ---- fitting -------------------------------------------------------------------------

    def _checked(self):
        name = type(self).__name__
        sizes = self.hidden_layer_sizes
        if isinstance(sizes, (numbers.Integral, np.integer)) and not isinstance(sizes, bool):
            sizes = (sizes,)
        try:
            sizes = tuple(sizes)
        except TypeError:
            raise ValidationError(f"hidden_layer_sizes={sizes!r} for {name} must be a tuple of layer widths, "
                                  "e.g. (16, 16)") from None
        for width in sizes:
            check_scalar(width, "hidden_layer_sizes", kind=numbers.Integral, low=1, model=name)
        batch = self.batch_size
        if batch != "auto":
            batch = check_scalar(batch, "batch_size", kind=numbers.Integral, low=1, model=name)
        return dict(
            sizes=tuple(int(w) for w in sizes),
            activation=check_choice(self.activation, "activation", ACTIVATIONS, model=name),
            solver=check_choice(self.solver, "solver", SOLVERS, model=name),
            alpha=check_scalar(self.alpha, "alpha", low=0, high=math.inf, model=name),
            batch=batch,
            lr=check_scalar(self.learning_rate_init, "learning_rate_init", low=0, high=math.inf,
                            low_inclusive=False, model=name),
            max_iter=check_scalar(self.max_iter, "max_iter", kind=numbers.Integral, low=1, model=name),
            tol=check_scalar(self.tol, "tol", low=0, high=math.inf, model=name),
            momentum=check_scalar(self.momentum, "momentum", low=0, high=1, model=name),
            nesterov=bool(self.nesterovs_momentum),
            patience=check_scalar(self.n_iter_no_change, "n_iter_no_change", kind=numbers.Integral, low=1,
                                  model=name),
            validation=check_scalar(self.validation_fraction, "validation_fraction", low=0, high=0.5,
                                    high_inclusive=False, model=name),
            max_snapshots=check_scalar(self.max_snapshots, "max_snapshots", kind=numbers.Integral, low=1,
                                       model=name),
        )

    def fit(self, X, y, *, on_epoch=None):
        """Train from fresh Glorot-initialised weights; see the module docstring.

        ``on_epoch``: if given, called as ``on_epoch(epoch, max_iter, loss)`` after every epoch
        (a page's progress bar); it cannot change the training.
        """
        hp = self._checked()
        X, y_enc, classes = check_X_y(X, y)
        rng = check_random_state(self.random_state)
        layout = Layout((X.shape[1], *hp["sizes"], len(classes)))
        params = layout.glorot(rng, hp["activation"])
        X_train, y_train, X_val, y_val = _hold_out(X, y_enc, hp["validation"], rng)
        with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
            run = _train(layout, params, X_train, y_train, X_val, y_val, hp, bool(self.shuffle), rng, on_epoch)
        return self._store(classes, layout, run, len(X_train))

    def _store(self, classes, layout: Layout, run: _Run, n_train: int) -> MLPClassifier:
        self.classes_ = classes
        self.n_features_in_ = layout.sizes[0]
        self._set_weights(layout, run.params)
        self.n_iter_ = run.epochs
        self.t_ = run.epochs * n_train
        self.loss_curve_ = run.losses
        self.loss_ = float(run.losses[-1])
        self.best_loss_ = float(run.losses.min())
        self.train_scores_ = run.train_scores
        self.validation_scores_ = run.validation_scores
        self.snapshot_epochs_ = run.snapshot_epochs
        self._snapshots = run.snapshots
        return self

    def _fit_together(self, datasets) -> list:
        """Copies of this model fitted on each (X, y) of ``datasets``, or the error each fit
        raised: what ``fit`` gives on each, bit for bit, faster. (``learning_curve`` uses it.)

        With an integer ``random_state`` and no validation split, fits on the same number
        of points, features and classes start from the same weights and shuffle alike
        (the same seed makes the same draws), so they train as one stack in lockstep
        (``_train_stack``): a step costs about what one network's step costs. Any other
        fit runs alone."""
        models = [type(self)(**self.get_params()) for _ in datasets]
        out: list = [None] * len(datasets)
        groups: dict = {}
        try:
            hp = self._checked()
            lockstep = isinstance(self.random_state, numbers.Integral) and hp["validation"] == 0
        except Exception as error:     # every fit would raise it: reported per fit, as fit's errors are
            return [error] * len(datasets)
        for j, (X, y) in enumerate(datasets):
            try:
                X, y_enc, classes = check_X_y(X, y)
            except Exception as error:
                out[j] = error
                continue
            key = (X.shape, len(classes)) if lockstep else j
            groups.setdefault(key, []).append((j, X, y_enc, classes))
        for members in groups.values():
            if len(members) == 1:
                j, X, _, _ = members[0]
                try:
                    out[j] = models[j].fit(X, datasets[j][1])
                except Exception as error:   # reported per fit, as learning_curve does
                    out[j] = error
                continue
            X = np.stack([m[1] for m in members])
            layout = Layout((X.shape[2], *hp["sizes"], len(members[0][3])))
            rng = check_random_state(self.random_state)
            params = np.tile(layout.glorot(rng, hp["activation"]), (len(members), 1))
            with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
                runs = _train_stack(layout, params, X, np.stack([m[2] for m in members]), hp, bool(self.shuffle),
                                    rng)
            for (j, X_j, _, classes), run in zip(members, runs, strict=True):
                out[j] = run if isinstance(run, Exception) else models[j]._store(classes, layout, run, len(X_j))
        return out

    def _set_weights(self, layout: Layout, flat) -> None:
        Ws, bs = layout.views(np.array(flat, dtype=np.float64))
        self.coefs_, self.intercepts_ = Ws, bs
        self.n_layers_ = layout.n_layers + 1
        self.n_outputs_ = layout.sizes[-1]
        self.out_activation_ = "softmax"
        self._layout = layout

    # ---- prediction ----------------------------------------------------------------------

    def _forward(self, X):
        check_is_fitted(self)
        X = check_array(X, n_features=self.n_features_in_)
        buffers = Buffers(self._layout, len(X))
        with np.errstate(over="ignore", invalid="ignore"):
            return forward(self.coefs_, self.intercepts_, X, self.activation, buffers.A)

    def predict_proba(self, X) -> np.ndarray:
        """P(class k | x) = softmax(Z_L)_k, columns in the order of ``classes_``."""
        return softmax(self._forward(X)[-1])

    def predict_log_proba(self, X) -> np.ndarray:
        with np.errstate(divide="ignore"):
            return np.log(self.predict_proba(X))

    def predict(self, X) -> np.ndarray:
        """classes_[argmax_k Z_Lk] (the first maximum on ties)."""
        scores = self._forward(X)[-1]
        return self.classes_[np.argmax(scores, axis=1)]

    def hidden_activations(self, X) -> list:
        """The activations A_1..A_{L-1} of every hidden layer, each (n, units)."""
        return self._forward(X)[:-1]

    # ---- replay --------------------------------------------------------------------------

    def at_epoch(self, epoch: int) -> MLPClassifier:
        """A copy of this model with the weights it had after ``epoch`` epochs (one of
        ``snapshot_epochs_``), so predict, predict_proba and hidden_activations replay training."""
        check_is_fitted(self)
        stored = self.snapshot_epochs_
        where = np.flatnonzero(stored == epoch)
        if isinstance(epoch, bool) or not isinstance(epoch, (numbers.Integral, np.integer)) or not where.size:
            every = int(stored[1] - stored[0]) if len(stored) > 1 else 1
            which = "every epoch" if every == 1 else f"every {every}th epoch and the last"
            raise ValidationError(f"epoch={epoch!r}: the weights were kept after epochs {_epoch_list(stored)} "
                                  f"only ({which} of the {self.n_iter_} trained)")
        past = type(self)(**self.get_params())
        past.classes_ = self.classes_
        past.n_features_in_ = self.n_features_in_
        past._set_weights(self._layout, self._snapshots[where[0]])
        past.n_iter_ = int(epoch)
        return past

    def nearest_snapshot(self, epoch: int) -> int:
        """The latest stored epoch at or before ``epoch`` (epoch 0 if it is negative)."""
        check_is_fitted(self)
        stored = self.snapshot_epochs_
        return int(stored[max(0, np.searchsorted(stored, epoch, side="right") - 1)])

    def score_curve(self, X, y) -> np.ndarray:
        """Accuracy on (X, y) after each epoch of ``snapshot_epochs_`` (a forward pass each)."""
        y = np.asarray(y)
        return np.array([np.mean(self.at_epoch(int(e)).predict(X) == y) for e in self.snapshot_epochs_])


def _epoch_list(stored) -> str:
    shown = ", ".join(str(int(e)) for e in stored[:6])
    return shown + (f", ..., {int(stored[-1])}" if len(stored) > 6 else "")


def _hold_out(X, y, fraction: float, rng):
    """(X_train, y_train, X_val, y_val): ceil(fraction n_c) points of each class c held out,
    at least one left in training; no validation set when fraction is 0."""
    if fraction == 0:
        return X, y, None, None
    held = []
    for c in np.unique(y):
        members = np.flatnonzero(y == c)
        take = min(len(members) - 1, math.ceil(fraction * len(members)))
        held.append(rng.permutation(members)[:take])
    held = np.concatenate(held)
    keep = np.setdiff1d(np.arange(len(y)), held)
    if not held.size:
        raise ValidationError(f"validation_fraction={fraction} holds out no point: every class has one point")
    return X[keep], y[keep], X[held], y[held]


class _Run:
    """What one training run produced (filled by ``_train``)."""

    def __init__(self, layout, max_iter, every, max_snapshots, validation):
        self.losses = np.empty(max_iter)
        self.train_scores = np.empty(max_iter + 1)
        self.validation_scores = np.empty(max_iter + 1) if validation else None
        self.snapshots = np.empty((max_snapshots + 2, layout.n_params))
        self.snapshot_epochs = np.empty(max_snapshots + 2, dtype=np.intp)
        self.kept = 0
        self.every = every
        self.epochs = 0

    def keep(self, epoch, params, last=False):
        if (epoch % self.every == 0 or last) and not (self.kept and self.snapshot_epochs[self.kept - 1] == epoch):
            self.snapshots[self.kept] = params
            self.snapshot_epochs[self.kept] = epoch
            self.kept += 1

    def finish(self, params):
        e = self.epochs
        self.params = params
        self.losses = self.losses[:e]
        self.train_scores = self.train_scores[:e + 1]
        if self.validation_scores is not None:
            self.validation_scores = self.validation_scores[:e + 1]
        self.snapshots = self.snapshots[:self.kept].copy()
        self.snapshot_epochs = self.snapshot_epochs[:self.kept].copy()
        return self


def _accuracy(Ws, bs, X, y, activation, A) -> float:
    return float(np.mean(np.argmax(forward(Ws, bs, X, activation, A)[-1], axis=1) == y))


def _train(layout: Layout, params, X, y, X_val, y_val, hp: dict, shuffle: bool, rng, on_epoch=None) -> _Run:
    n = len(X)
    batch = min(_AUTO_BATCH, n) if hp["batch"] == "auto" else min(hp["batch"], n)
    max_iter, activation, alpha = hp["max_iter"], hp["activation"], hp["alpha"]
    if hp["solver"] == "adam":
        optimiser = Adam(layout.n_params, hp["lr"])
    else:
        optimiser = SGD(layout.n_params, hp["lr"], hp["momentum"], hp["nesterov"])
    grad = np.empty(layout.n_params)
    Ws, bs = layout.views(params)
    gWs, gbs = layout.views(grad)
    work = Buffers(layout, batch)
    whole = Buffers(layout, max(n, len(X_val) if X_val is not None else 0))
    X_shuffled, y_shuffled = X.copy(), y.copy()
    rows = {m: np.arange(m) for m in {batch, n % batch or batch}}   # the batch sizes met

    run = _Run(layout, max_iter, math.ceil(max_iter / hp["max_snapshots"]), hp["max_snapshots"], X_val is not None)
    run.keep(0, params)
    run.train_scores[0] = _accuracy(Ws, bs, X, y, activation, whole.A)
    if X_val is not None:
        run.validation_scores[0] = _accuracy(Ws, bs, X_val, y_val, activation, whole.A)
    best, stale = math.inf, 0
    for epoch in range(1, max_iter + 1):
        if shuffle:
            order = rng.permutation(n)
            np.take(X, order, axis=0, out=X_shuffled)
            np.take(y, order, out=y_shuffled)
        total = 0.0
        for start in range(0, n, batch):
            Xb, yb = X_shuffled[start:start + batch], y_shuffled[start:start + batch]
            A = forward(Ws, bs, Xb, activation, work.A)
            index = (rows[len(yb)], yb)
            total += softmax_cross_entropy(A[-1], yb, index)
            if alpha:
                total += 0.5 * alpha * squared_weights(Ws)
            backward(Ws, Xb, yb, work.A, work.delta, activation, alpha, gWs, gbs, index)
            optimiser.step(params, grad)
        loss = total / n
        if not math.isfinite(loss) or not np.isfinite(params).all():
            raise ValidationError(
                f"training diverged in epoch {epoch} (the loss became infinite): lower learning_rate_init "
                f"(now {hp['lr']:g}) or bring the features to a smaller scale")
        run.losses[epoch - 1] = loss
        run.train_scores[epoch] = _accuracy(Ws, bs, X, y, activation, whole.A)
        if X_val is not None:
            run.validation_scores[epoch] = _accuracy(Ws, bs, X_val, y_val, activation, whole.A)
        run.epochs = epoch
        stale = stale + 1 if loss > best - hp["tol"] else 0
        best = min(best, loss)
        stop = stale > hp["patience"] or epoch == max_iter
        run.keep(epoch, params, last=stop)
        if on_epoch is not None:
            on_epoch(epoch, max_iter, loss)
        if stop:
            break
    return run.finish(params)


def _train_stack(layout: Layout, params, X, y, hp: dict, shuffle: bool, rng) -> list:
    """``_train`` for a stack of F networks on (F, n, d) points and (F, n) labels, all
    starting from ``params`` (F, n_params) and shuffled by the same permutations (no
    validation split, no ``on_epoch``). Every network is updated exactly as ``_train``
    updates it alone (see ``_network``); one that stops or diverges leaves the stack.
    Returns each network's ``_Run``, or the ``ValidationError`` of its divergence."""
    F, n = y.shape
    batch = min(_AUTO_BATCH, n) if hp["batch"] == "auto" else min(hp["batch"], n)
    max_iter, activation, alpha = hp["max_iter"], hp["activation"], hp["alpha"]
    if hp["solver"] == "adam":
        optimiser = Adam((F, layout.n_params), hp["lr"])
    else:
        optimiser = SGD((F, layout.n_params), hp["lr"], hp["momentum"], hp["nesterov"])
    every = math.ceil(max_iter / hp["max_snapshots"])
    runs = [_Run(layout, max_iter, every, hp["max_snapshots"], False) for _ in range(F)]
    result: list = [None] * F
    live = np.arange(F)                  # which network each row of the stack is
    best, stale = np.full(F, math.inf), np.zeros(F, int)
    rows = {m: np.arange(m) for m in {batch, n % batch or batch}}   # the batch sizes met

    def arrays():
        grad = np.empty_like(params)
        Ws, bs = layout.views(params)
        gWs, gbs = layout.views(grad)
        return grad, Ws, bs, gWs, gbs, Buffers(layout, batch, len(live)), Buffers(layout, n, len(live))

    grad, Ws, bs, gWs, gbs, work, whole = arrays()
    X_shuffled, y_shuffled = X.copy(), y.copy()
    scores = _stack_accuracy(Ws, bs, X, y, activation, whole.A)
    for f in range(F):
        runs[f].keep(0, params[f])
        runs[f].train_scores[0] = scores[f]
    for epoch in range(1, max_iter + 1):
        if shuffle:
            order = rng.permutation(n)
            np.take(X, order, axis=1, out=X_shuffled)
            np.take(y, order, axis=1, out=y_shuffled)
        total = np.zeros(len(live))
        nets = np.arange(len(live))[:, None]
        for start in range(0, n, batch):
            Xb, yb = X_shuffled[:, start:start + batch], y_shuffled[:, start:start + batch]
            A = forward(Ws, bs, Xb, activation, work.A)
            index = (nets, rows[yb.shape[1]], yb)
            total += softmax_cross_entropy(A[-1], yb, index)
            if alpha:
                total += 0.5 * alpha * squared_weights(Ws)
            backward(Ws, Xb, yb, work.A, work.delta, activation, alpha, gWs, gbs, index)
            optimiser.step(params, grad)
        losses = total / n
        scores = _stack_accuracy(Ws, bs, X, y, activation, whole.A)
        going = np.ones(len(live), bool)
        for row, f in enumerate(live):
            loss, run = float(losses[row]), runs[f]
            if not math.isfinite(loss) or not np.isfinite(params[row]).all():
                result[f] = ValidationError(
                    f"training diverged in epoch {epoch} (the loss became infinite): lower learning_rate_init "
                    f"(now {hp['lr']:g}) or bring the features to a smaller scale")
                going[row] = False
                continue
            run.losses[epoch - 1] = loss
            run.train_scores[epoch] = scores[row]
            run.epochs = epoch
            stale[f] = stale[f] + 1 if loss > best[f] - hp["tol"] else 0
            best[f] = min(best[f], loss)
            stop = stale[f] > hp["patience"] or epoch == max_iter
            run.keep(epoch, params[row], last=stop)
            if stop:
                result[f] = run.finish(params[row].copy())
                going[row] = False
        if not going.any():
            break
        if not going.all():
            live, params = live[going], params[going]
            X, y, X_shuffled, y_shuffled = X[going], y[going], X_shuffled[going], y_shuffled[going]
            optimiser.keep(going)
            grad, Ws, bs, gWs, gbs, work, whole = arrays()
    return result


def _stack_accuracy(Ws, bs, X, y, activation, A) -> np.ndarray:
    return np.mean(np.argmax(forward(Ws, bs, X, activation, A)[-1], axis=-1) == y, axis=-1)
