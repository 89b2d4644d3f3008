"""MLPClassifier: back-propagation against finite differences, accuracy against scikit-learn,
the replay of training (snapshots, curves) and the messages for bad settings."""

import warnings

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning
from sklearn.neural_network import MLPClassifier as SkMLP

from mlcore import ValidationError
from mlcore.datasets import make_dataset, train_test_split
from mlcore.neural_network import MLPClassifier
from mlcore.neural_network._network import (
    Buffers,
    Layout,
    backward,
    forward,
    softmax_cross_entropy,
    squared_weights,
)

ACTIVATIONS = ("relu", "tanh", "logistic", "identity")


# ---- the gradient ------------------------------------------------------------------------

def _objective(layout, params, X, y, activation, alpha):
    """J = (1/m) sum_i -log P_{i, y_i} + (alpha / 2m) sum ||W||^2, recomputed from scratch."""
    Ws, bs = layout.views(params)
    A = forward(Ws, bs, X, activation, Buffers(layout, len(X)).A)
    return (softmax_cross_entropy(A[-1], y) + 0.5 * alpha * squared_weights(Ws)) / len(X)


@pytest.mark.parametrize("activation", ACTIVATIONS)
def test_gradient_matches_central_differences(activation):
    rng = np.random.default_rng(7)
    layout = Layout((2, 5, 4, 3))
    params = layout.glorot(rng, activation) * 3  # larger weights: every layer's nonlinearity matters
    X = rng.normal(size=(9, 2))
    y = rng.integers(0, 3, size=9)
    alpha = 0.3
    if activation == "relu":
        # relu has a kink at 0: a difference step must not cross it, so no hidden unit's
        # input z may lie within the step of 0 at these data
        Ws, bs = layout.views(params)
        Z1 = X @ Ws[0] + bs[0]
        Z2 = np.maximum(Z1, 0) @ Ws[1] + bs[1]
        assert min(np.abs(Z1).min(), np.abs(Z2).min()) > 1e-3

    buffers = Buffers(layout, len(X))
    Ws, bs = layout.views(params)
    A = forward(Ws, bs, X, activation, buffers.A)
    softmax_cross_entropy(A[-1], y)
    grad = np.empty(layout.n_params)
    gWs, gbs = layout.views(grad)
    backward(Ws, X, y, buffers.A, buffers.delta, activation, alpha, gWs, gbs)

    # Central differences: truncation error (h^2 / 6) |J'''| and rounding error about
    # eps |J| / h. With h = 1e-5, J and its derivatives of order 1: both below 1e-9, so
    # 1e-7 leaves a wide margin while a wrong term (a missing alpha/m W, a wrong f') is >= 1e-3.
    h = 1e-5
    numeric = np.empty_like(grad)
    for j in range(layout.n_params):
        up, down = params.copy(), params.copy()
        up[j] += h
        down[j] -= h
        numeric[j] = (_objective(layout, up, X, y, activation, alpha)
                      - _objective(layout, down, X, y, activation, alpha)) / (2 * h)
    assert np.abs(grad).max() > 1e-2
    np.testing.assert_allclose(grad, numeric, rtol=0, atol=1e-7)


# ---- against scikit-learn -------------------------------------------------------------------

def _data(name, seed):
    classes = 3 if name == "blobs" else 2
    noise = {"moons": 0.3, "circles": 0.2, "xor": 0.2, "blobs": 1.0}[name]
    X, y = make_dataset(name, n=240, noise=noise, seed=seed, n_classes=classes)
    return train_test_split(X, y, test_size=0.3, random_state=seed, stratify=y)


@pytest.mark.parametrize("solver", ["adam", "sgd"])
@pytest.mark.parametrize("name", ["moons", "circles", "xor", "blobs"])
def test_test_accuracy_within_two_points_of_scikit_learn(name, solver):
    epochs = 150
    settings = dict(hidden_layer_sizes=(16, 16), activation="relu", solver=solver, learning_rate_init=0.01,
                    alpha=1e-4, batch_size=32, max_iter=epochs, tol=0.0, n_iter_no_change=epochs + 1)
    ours, theirs = [], []
    for seed in range(5):
        X_tr, X_te, y_tr, y_te = _data(name, seed)
        model = MLPClassifier(random_state=seed, **settings).fit(X_tr, y_tr)
        assert model.n_iter_ == epochs
        ours.append(model.score(X_te, y_te))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            reference = SkMLP(random_state=seed, **settings).fit(X_tr, y_tr)
        assert reference.n_iter_ == epochs
        theirs.append(reference.score(X_te, y_te))
    assert abs(np.mean(ours) - np.mean(theirs)) <= 0.02, (ours, theirs)


def test_stopping_rule_is_scikit_learns():
    """With a tolerance no epoch can beat, both stop after n_iter_no_change + 2 epochs (an integer)."""
    X_tr, _, y_tr, _ = _data("moons", 0)
    settings = dict(hidden_layer_sizes=(4,), max_iter=100, tol=1e6, n_iter_no_change=5, random_state=0)
    ours = MLPClassifier(**settings).fit(X_tr, y_tr)
    theirs = SkMLP(**settings).fit(X_tr, y_tr)
    assert ours.n_iter_ == theirs.n_iter_ == 7
    assert len(ours.loss_curve_) == len(theirs.loss_curve_) == 7


def test_initial_weights_follow_glorot_bounds():
    layout = Layout((2, 30, 20, 3))
    for activation, factor in (("relu", 6.0), ("logistic", 2.0)):
        flat = layout.glorot(np.random.default_rng(0), activation)
        for (w, b, (fan_in, fan_out)) in layout.slices:
            bound = np.sqrt(factor / (fan_in + fan_out))
            assert np.abs(flat[w]).max() <= bound and np.abs(flat[b]).max() <= bound
            # uniform over the whole interval (at least 60 draws each), not a narrower one
            assert np.abs(flat[w]).max() > 0.8 * bound


# ---- every setting runs ------------------------------------------------------------------

@pytest.mark.parametrize("solver", ["adam", "sgd"])
@pytest.mark.parametrize("activation", ACTIVATIONS)
def test_every_activation_and_solver_learns_blobs(activation, solver):
    X, y = make_dataset("blobs", n=150, noise=0.3, seed=1, n_classes=3)
    model = MLPClassifier((8,), activation=activation, solver=solver, learning_rate_init=0.05,
                          max_iter=60, random_state=0).fit(X, y)
    assert model.score(X, y) >= 0.95
    assert model.loss_curve_[-1] < model.loss_curve_[0]
    P = model.predict_proba(X)
    assert np.allclose(P.sum(axis=1), 1) and P.shape == (150, 3)


def test_no_hidden_layer_is_softmax_regression():
    X, y = make_dataset("linear", n=100, seed=0)
    model = MLPClassifier((), learning_rate_init=0.05, max_iter=100, random_state=0).fit(X, y)
    assert [c.shape for c in model.coefs_] == [(2, 2)] and model.n_layers_ == 2
    assert model.hidden_activations(X) == []
    assert model.score(X, y) >= 0.95


# ---- replay -----------------------------------------------------------------------------

def test_snapshots_replay_training_without_refitting():
    X, y = make_dataset("moons", n=120, noise=0.2, seed=2)
    model = MLPClassifier((6, 5), learning_rate_init=0.02, max_iter=30, tol=0.0, n_iter_no_change=100,
                          max_snapshots=10, validation_fraction=0.2, random_state=0).fit(X, y)
    assert model.snapshot_epochs_.tolist() == [0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30]
    last = model.at_epoch(30)
    assert np.array_equal(last.predict_proba(X), model.predict_proba(X))
    first = model.at_epoch(0)
    assert not np.allclose(first.predict_proba(X), model.predict_proba(X))
    # the recorded training accuracy after epoch e is the accuracy of the weights kept at e
    n_val = len(y) - round(len(y) * 0.8)
    assert len(model.validation_scores_) == len(model.train_scores_) == 31
    assert 0 < n_val
    hidden = model.at_epoch(12).hidden_activations(X)
    assert [h.shape for h in hidden] == [(120, 6), (120, 5)]
    assert np.all(hidden[0] >= 0)   # relu
    curve = model.score_curve(X, y)
    assert len(curve) == 11 and curve[-1] == model.score(X, y)
    assert model.nearest_snapshot(13) == 12 and model.nearest_snapshot(100) == 30


def test_train_scores_are_the_accuracy_of_the_kept_weights():
    X, y = make_dataset("circles", n=100, noise=0.1, seed=3)
    model = MLPClassifier((8,), activation="tanh", learning_rate_init=0.05, max_iter=12, random_state=1,
                          max_snapshots=100).fit(X, y)
    assert model.snapshot_epochs_.tolist() == list(range(model.n_iter_ + 1))
    for e in model.snapshot_epochs_:
        assert model.train_scores_[e] == model.at_epoch(int(e)).score(X, y)


def test_early_stop_keeps_the_last_epoch():
    X, y = make_dataset("blobs", n=60, noise=0.2, seed=0, n_classes=2)
    model = MLPClassifier((4,), max_iter=1000, max_snapshots=7, tol=1e6, n_iter_no_change=3,
                          random_state=0).fit(X, y)
    assert model.n_iter_ == 5
    assert model.snapshot_epochs_.tolist() == [0, 5]          # every 143rd epoch, and the last
    assert len(model.snapshot_epochs_) <= 7 + 2


def test_a_missing_epoch_is_explained():
    X, y = make_dataset("moons", n=60, seed=0)
    model = MLPClassifier((4,), max_iter=20, max_snapshots=5, tol=0.0, n_iter_no_change=50,
                          random_state=0).fit(X, y)
    with pytest.raises(ValidationError, match=r"kept after epochs 0, 4, 8, 12, 16, 20"):
        model.at_epoch(3)
    with pytest.raises(ValidationError, match=r"every epoch of the 20 trained"):
        MLPClassifier((4,), max_iter=20, tol=0.0, n_iter_no_change=50, random_state=0).fit(X, y).at_epoch(21)


# ---- bad settings ----------------------------------------------------------------------------

@pytest.mark.parametrize("settings, phrase", [
    (dict(hidden_layer_sizes=(0,)), "hidden_layer_sizes"),
    (dict(hidden_layer_sizes="wide"), "whole number"),
    (dict(hidden_layer_sizes=None), "tuple of layer widths"),
    (dict(activation="softplus"), "activation"),
    (dict(solver="lbfgs"), "'adam', 'sgd'"),
    (dict(learning_rate_init=0.0), "learning_rate_init"),
    (dict(alpha=-1.0), "alpha"),
    (dict(batch_size=0), "batch_size"),
    (dict(max_iter=0), "max_iter"),
    (dict(validation_fraction=0.5), "validation_fraction"),
    (dict(momentum=1.5), "momentum"),
    (dict(max_snapshots=0), "max_snapshots"),
])
def test_bad_settings_are_refused_with_the_parameter_named(settings, phrase):
    X, y = make_dataset("moons", n=40, seed=0)
    with pytest.raises(ValidationError, match=phrase):
        MLPClassifier(**settings).fit(X, y)


def test_divergence_is_reported_not_returned_as_nan():
    X, y = make_dataset("moons", n=60, seed=0)
    with pytest.raises(ValidationError, match="diverged.*lower learning_rate_init"):
        MLPClassifier((8,), activation="identity", solver="sgd", learning_rate_init=10, max_iter=50,
                      random_state=0).fit(X * 1e50, y)


def test_int_hidden_layer_sizes_means_one_layer():
    X, y = make_dataset("moons", n=40, seed=0)
    model = MLPClassifier(hidden_layer_sizes=3, max_iter=5, random_state=0).fit(X, y)
    assert [c.shape for c in model.coefs_] == [(2, 3), (3, 2)]


def test_on_epoch_reports_every_epoch_and_changes_nothing():
    X, y = make_dataset("moons", n=60, seed=0)
    seen = []
    settings = dict(hidden_layer_sizes=(4,), max_iter=7, random_state=0)
    watched = MLPClassifier(**settings).fit(X, y, on_epoch=lambda e, total, loss: seen.append((e, total, loss)))
    plain = MLPClassifier(**settings).fit(X, y)
    assert [(e, total) for e, total, _ in seen] == [(e, 7) for e in range(1, watched.n_iter_ + 1)]
    assert [loss for *_, loss in seen] == watched.loss_curve_.tolist()
    assert np.array_equal(watched.predict_proba(X), plain.predict_proba(X))
