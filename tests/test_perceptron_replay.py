"""The perceptron replay (every example looked at), the mistake bounds with the SVM's margins,
starting weights (least squares) and a perceptron without bias."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.linear_model import Perceptron as SkPerceptron

from mlcore.base import ValidationError
from mlcore.linear_model import (
    LeastSquaresClassifier,
    Perceptron,
    PerceptronReplay,
    mistake_bounds,
    pocket_curve,
)


def textbook_steps(X, t, orders, w0, b0, lr=1.0, constant=1.0):
    """One example at a time, as on the blackboard: (index, mistake, w_after, b_after) per step."""
    w, b = np.array(w0, dtype=float), float(b0)
    steps = []
    for order in orders:
        for i in order:
            mistake = t[i] * (X[i] @ w + b * constant) <= 0
            if mistake:
                w = w + lr * t[i] * X[i]
                b = b + lr * t[i] * constant
            steps.append((int(i), bool(mistake), w.copy(), b))
    return steps


def noisy(seed, n=40):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    y = (X[:, 0] + 0.5 * X[:, 1] + 0.6 * rng.normal(size=n) > 0).astype(int)
    return X, y, np.where(y == 1, 1.0, -1.0)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("shuffle", [True, False])
def test_replay_weights_at_every_step_equal_the_history_and_the_textbook_loop(seed, shuffle):
    X, y, t = noisy(seed)
    model = Perceptron(max_iter=5, shuffle=shuffle, random_state=seed).fit(X, y)
    h = model.history_[0]
    replay = PerceptronReplay(h)
    assert replay.n_steps == h["n_epochs"] * len(X)
    # The test's own loop visits the recorded orders; the replay must agree step by step.
    # Same additions of the same numbers in the same order: exact equality holds.
    expected = textbook_steps(X, t, h["order"], np.zeros(2), 0.0)
    assert len(expected) == replay.n_steps
    updates = 0
    for s, (index, mistake, w, b) in enumerate(expected, start=1):
        step = replay.step(s)
        assert step.index == index and step.mistake == mistake
        assert np.array_equal(step.coef_after, w) and step.intercept_after == b
        assert np.array_equal(replay.weights(s)[0], w) and replay.weights(s)[1] == b
        if mistake:
            # ... and right after an update the weights are history_'s row for that update.
            assert np.array_equal(step.coef_after, h["coef"][updates])
            assert step.intercept_after == h["intercept"][updates]
            updates += 1
    assert updates == len(h["index"])
    assert np.array_equal(replay.weights(replay.n_steps)[0], model.coef_[0])


def test_replay_navigation():
    X, y, _ = noisy(1)
    h = Perceptron(max_iter=3, random_state=1).fit(X, y).history_[0]
    replay = PerceptronReplay(h)
    mistakes = [s for s in range(1, replay.n_steps + 1) if replay.step(s).mistake]
    assert len(mistakes) == len(h["index"]) > 2
    assert replay.next_mistake(0) == mistakes[0]
    assert replay.next_mistake(mistakes[1]) == mistakes[2]
    assert replay.previous_mistake(mistakes[2]) == mistakes[1]
    assert replay.previous_mistake(mistakes[0]) is None
    assert replay.next_mistake(mistakes[-1]) is None
    assert np.array_equal(replay.weights(0)[0], [0.0, 0.0])
    first = replay.step(1)
    assert (first.epoch, first.position, first.index) == (0, 0, h["order"][0, 0])
    with pytest.raises(ValidationError, match="outside"):
        replay.step(replay.n_steps + 1)


def test_pocket_curve_is_the_best_training_error_seen_at_each_epoch_end():
    X, y, t = noisy(3, n=60)
    model = Perceptron(max_iter=6, pocket=True, random_state=3).fit(X, y)
    h = model.history_[0]
    first = int(np.count_nonzero(t > 0))  # w = 0 predicts -1 everywhere: every positive is wrong
    curve = pocket_curve(h, first)
    best, expected = first, []
    for e in range(h["n_epochs"]):
        steps = textbook_steps(X, t, h["order"][:e + 1], np.zeros(2), 0.0)
        for _, mistake, w, b in steps[e * len(X):]:
            if mistake:
                best = min(best, int(np.count_nonzero((X @ w + b > 0) != (t > 0))))
        expected.append(best)
    assert curve.tolist() == expected
    assert curve[-1] == np.count_nonzero(model.predict(X) != y)
    with pytest.raises(ValidationError, match="pocket=True"):
        pocket_curve(Perceptron(max_iter=2).fit(X, y).history_[0], first)


def test_starting_from_the_least_squares_weights():
    X, y, t = noisy(4, n=80)
    ls = LeastSquaresClassifier().fit(X, y)
    model = Perceptron(max_iter=4, random_state=0).fit(X, y, coef_init=ls.coef_, intercept_init=ls.intercept_)
    h = model.history_[0]
    assert np.array_equal(h["initial_coef"], ls.coef_[0]) and h["initial_intercept"] == ls.intercept_[0]
    expected = textbook_steps(X, t, h["order"], ls.coef_[0], ls.intercept_[0])
    assert np.array_equal(expected[-1][2], model.coef_[0]) and expected[-1][3] == model.intercept_[0]
    assert [s[0] for s in expected if s[1]] == h["index"].tolist()
    # Separating weights as the start: nothing to learn, one epoch without a mistake.
    Xs = np.array([[-2.0, 0.0], [-1.0, 1.0], [1.0, 0.5], [2.0, -1.0]])
    ys = np.array([0, 0, 1, 1])
    done = Perceptron().fit(Xs, ys, coef_init=[1.0, 0.0], intercept_init=0.0)
    assert done.converged_ and done.n_iter_ == 1 and len(done.history_[0]["index"]) == 0
    assert np.array_equal(done.coef_[0], [1.0, 0.0])
    assert np.array_equal(PerceptronReplay(done.history_[0]).weights(4)[0], [1.0, 0.0])


def test_starting_weights_are_validated():
    X, y, _ = noisy(0)
    with pytest.raises(ValidationError, match="coef_init .* 1 x 2"):
        Perceptron().fit(X, y, coef_init=[1.0, 2.0, 3.0])
    with pytest.raises(ValidationError, match="intercept_init"):
        Perceptron().fit(X, y, intercept_init=[1.0, 2.0])
    with pytest.raises(ValidationError, match="coef_init"):
        Perceptron().fit(X, y, coef_init=[np.nan, 1.0])
    with pytest.raises(ValidationError, match="fit_intercept=False"):
        Perceptron(fit_intercept=False).fit(X, y, intercept_init=1.0)
    y3 = np.arange(len(y)) % 3
    model = Perceptron(max_iter=2).fit(X, y3, coef_init=np.ones((3, 2)), intercept_init=np.zeros(3))
    assert [h["initial_coef"].tolist() for h in model.history_] == [[1.0, 1.0]] * 3


@pytest.mark.parametrize("epochs", [1, 5])
def test_without_bias_same_weights_as_scikit_learn(epochs):
    rng = np.random.default_rng(epochs)
    X = rng.normal(size=(60, 2))
    y = (X[:, 0] - X[:, 1] + 0.5 > 0).astype(int)
    ours = Perceptron(max_iter=epochs, shuffle=False, fit_intercept=False).fit(X, y)
    ref = SkPerceptron(shuffle=False, tol=None, max_iter=epochs, eta0=1.0, fit_intercept=False).fit(X, y)
    assert ours.intercept_[0] == 0.0 and np.all(ours.history_[0]["intercept"] == 0.0)
    # Same points added in the same order: a difference would be a whole point (|x| > 0.01).
    assert np.linalg.norm(X, axis=1).min() > 0.01
    np.testing.assert_allclose(ours.coef_, ref.coef_, rtol=0, atol=1e-6)
    expected = textbook_steps(X, np.where(y == 1, 1.0, -1.0), ours.history_[0]["order"], np.zeros(2), 0.0,
                              constant=0.0)
    assert np.array_equal(expected[-1][2], ours.coef_[0])


# ---- the mistake bounds ----

def separable(seed, margin, offset, n=150):
    """Uniform points in [-3, 3]^2 outside a band of width ``margin`` around the line
    u·x = offset: the line separates them with margin at least margin / 2."""
    rng = np.random.default_rng(seed)
    angle = rng.uniform(0, 2 * np.pi)
    u = np.array([np.cos(angle), np.sin(angle)])
    X = rng.uniform(-3, 3, size=(4 * n, 2))
    side = X @ u - offset
    keep = np.abs(side) >= margin / 2
    X, side = X[keep][:n], side[keep][:n]
    return X, (side > 0).astype(int)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), margin=st.sampled_from([0.05, 0.2, 0.6, 1.5]),
       offset=st.sampled_from([0.0, 0.4, -1.2]))
def test_observed_mistakes_never_exceed_the_bounds(seed, margin, offset):
    X, y = separable(seed, margin, offset)
    if len(np.unique(y)) < 2:
        return
    b = mistake_bounds(X, y)
    # The SVM's margin is the widest: at least the generator's band. SMO stops at a KKT gap of
    # tol = 1e-3, or 1e-2 on a thin margin (y f >= 1 - tol on the returned hyperplane, where the
    # margin is measured), so allow a few per cent.
    assert b.gamma >= margin / 2 * 0.95
    assert b.gamma_aug <= b.gamma * 1.05  # a bias paid for in the norm cannot widen it
    assert b.R_aug ** 2 == pytest.approx(b.R ** 2 + 1)
    with_bias = Perceptron(max_iter=int(b.bound_augmented) + 2, random_state=seed).fit(X, y)
    assert with_bias.converged_
    assert with_bias.history_[0]["mistakes"].sum() <= b.bound_augmented
    scaled = Perceptron(max_iter=int(b.bound_2R) + 2, random_state=seed).fit(X / b.R, y)
    assert scaled.converged_ and scaled.history_[0]["mistakes"].sum() <= b.bound_2R
    if b.gamma_origin is not None:
        no_bias = Perceptron(max_iter=int(b.bound_origin) + 2, fit_intercept=False, random_state=seed).fit(X, y)
        assert no_bias.converged_ and no_bias.history_[0]["mistakes"].sum() <= b.bound_origin
    else:
        assert abs(offset) > 0  # a line through the origin separates the offset-0 data


def test_a_thin_margin_smo_crawls_on_still_gets_its_bounds():
    """Seed 237, gap 0.05: SMO at C = inf, tol 1e-3 does not finish in 100 000 steps; the bounds
    come from the next attempt and still hold."""
    X, y = separable(237, 0.05, 0.0)
    b = mistake_bounds(X, y)
    assert 0.025 * 0.95 <= b.gamma and b.gamma_origin is not None
    model = Perceptron(max_iter=int(b.bound_augmented) + 2, random_state=0).fit(X, y)
    assert model.converged_ and model.history_[0]["mistakes"].sum() <= b.bound_augmented


def test_the_plain_bound_does_not_cover_a_perceptron_with_bias():
    """x = 0.1 (+1) and x = -0.1 (-1): R = 0.1, gamma = 0.1, so (R/gamma)^2 = 1, yet the
    perceptron with bias makes 2 mistakes (w = 0.1, b = 1 after the first, and -0.1 is then
    on the wrong side). With the 1 appended, R~^2 = 1.01 and gamma~ = 0.1: bound 101."""
    X, y = np.array([[0.1], [-0.1]]), np.array([1, 0])
    b = mistake_bounds(X, y)
    assert b.R == pytest.approx(0.1) and b.gamma == pytest.approx(0.1, rel=1e-3)
    assert (b.R / b.gamma) ** 2 == pytest.approx(1.0, rel=1e-2)
    model = Perceptron(shuffle=False).fit(X, y)
    assert model.history_[0]["mistakes"].sum() == 2
    assert b.bound_augmented == pytest.approx(101, rel=1e-2)
    assert b.bound_origin == pytest.approx(1.0, rel=1e-2)
    assert Perceptron(shuffle=False, fit_intercept=False).fit(X, y).history_[0]["mistakes"].sum() == 1


def test_no_bound_for_data_that_is_not_separable():
    X = np.array([[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [3.0, 0.0]])
    with pytest.raises(ValidationError, match="no mistake bound.*not linearly separable"):
        mistake_bounds(X, [0, 1, 0, 1])
    with pytest.raises(ValidationError, match="two classes"):
        mistake_bounds(X, [0, 1, 2, 1])
    # Separable, but not by a line through the origin (both classes on the ray x > 0).
    b = mistake_bounds(np.array([[1.0, 0.0], [2.0, 0.0], [3.0, 0.0]]), [0, 0, 1])
    assert b.gamma_origin is None and b.bound_origin is None and b.gamma == pytest.approx(0.5, rel=1e-3)
