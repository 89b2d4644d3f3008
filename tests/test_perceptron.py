"""Perceptron: the vectorised epochs against a plain per-example loop, scikit-learn's
Perceptron, the logic-gate worked examples and the mistake bound."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.linear_model import Perceptron as SkPerceptron

from mlcore.base import NotFittedError, ValidationError
from mlcore.linear_model import Perceptron

GATE_X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=float)
AND, OR, XOR = np.array([0, 0, 0, 1]), np.array([0, 1, 1, 1]), np.array([0, 1, 1, 0])


def reference_fit(X, y, max_iter=20, eta0=1.0, pocket=False, shuffle=True, random_state=None):
    """The textbook loop, one example at a time (what Perceptron must reproduce exactly)."""
    classes = np.unique(y)
    n, d = X.shape
    rng = np.random.default_rng(random_state)
    orders = [rng.permutation(n) if shuffle else np.arange(n) for _ in range(max_iter)]
    problems = [classes[1:]] if len(classes) == 2 else [[c] for c in classes]
    runs = []
    for positive in problems:
        t = np.where(np.isin(y, positive), 1.0, -1.0)
        w, b = np.zeros(d), 0.0

        def errors(w, b, t=t):
            return sum(int((x @ w + b > 0) != (ti > 0)) for x, ti in zip(X, t, strict=True))

        best, best_errors = (w.copy(), b), errors(w, b)
        run = {"epoch": [], "index": [], "coef": [], "intercept": [], "mistakes": [], "train_mistakes": [],
               "epoch_train_mistakes": []}
        converged = False
        for epoch in range(max_iter):
            updates = 0
            for i in orders[epoch]:
                if t[i] * (X[i] @ w + b) <= 0:
                    w = w + eta0 * t[i] * X[i]
                    b = b + eta0 * t[i]
                    updates += 1
                    run["epoch"].append(epoch)
                    run["index"].append(i)
                    run["coef"].append(w.copy())
                    run["intercept"].append(b)
                    e = errors(w, b)
                    run["train_mistakes"].append(e)
                    if e < best_errors:
                        best, best_errors = (w.copy(), b), e
            run["mistakes"].append(updates)
            run["epoch_train_mistakes"].append(errors(w, b))
            if updates == 0:
                converged = True
                break
        run["converged"] = converged
        run["final"] = (w, b) if (converged or not pocket) else best
        runs.append(run)
    return runs


def assert_same_as_reference(model, runs, pocket):
    assert len(model.history_) == len(runs)
    for k, (h, r) in enumerate(zip(model.history_, runs, strict=True)):
        d = model.n_features_in_
        assert h["epoch"].tolist() == r["epoch"]
        assert h["index"].tolist() == r["index"]
        assert np.array_equal(h["coef"], np.array(r["coef"]).reshape(-1, d))
        assert np.array_equal(h["intercept"], np.array(r["intercept"]))
        assert h["mistakes"].tolist() == r["mistakes"]
        assert h["epoch_train_mistakes"].tolist() == r["epoch_train_mistakes"]
        assert h["n_epochs"] == len(r["mistakes"]) and h["converged"] == r["converged"]
        if pocket:
            assert h["train_mistakes"].tolist() == r["train_mistakes"]
        else:
            assert "train_mistakes" not in h
        assert np.array_equal(model.coef_[k], r["final"][0])
        assert model.intercept_[k] == r["final"][1]
    assert model.converged_ == all(r["converged"] for r in runs)
    assert model.n_iter_ == max(len(r["mistakes"]) for r in runs)


@pytest.mark.parametrize("n_classes", [2, 3])
@pytest.mark.parametrize("pocket", [False, True])
@pytest.mark.parametrize("shuffle", [False, True])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_vectorised_epochs_equal_the_per_example_loop(n_classes, pocket, shuffle, seed):
    rng = np.random.default_rng(seed)
    n = 80
    X = rng.normal(size=(n, 2)) + rng.integers(0, n_classes, n)[:, None] * 1.5
    y = rng.integers(0, n_classes, n)  # noisy labels: many mistakes, no convergence
    y[: n // 2] = (X[: n // 2, 0] > 1.0).astype(int) % n_classes
    params = dict(max_iter=7, eta0=0.5, pocket=pocket, shuffle=shuffle, random_state=seed)
    model = Perceptron(**params).fit(X, y)
    assert_same_as_reference(model, reference_fit(X, y, **params), pocket)


@settings(max_examples=40, deadline=None)
@given(
    data=st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3), st.integers(0, 2)), min_size=3, max_size=25),
    pocket=st.booleans(),
    seed=st.integers(0, 10_000),
)
def test_integer_points_with_ties_on_the_boundary_equal_the_loop(data, pocket, seed):
    """Small integer coordinates put points exactly on the boundary (margin 0 is a mistake)."""
    X = np.array([[a, b] for a, b, _ in data], dtype=float)
    y = np.array([c for *_, c in data])
    if len(np.unique(y)) < 2:
        y[0] = (y[0] + 1) % 3
    params = dict(max_iter=5, pocket=pocket, random_state=seed)
    model = Perceptron(**params).fit(X, y)
    assert_same_as_reference(model, reference_fit(X, y, **params), pocket)


@pytest.mark.parametrize("n_classes", [2, 3, 4])
@pytest.mark.parametrize("epochs", [1, 4, 15])
def test_same_weights_as_scikit_learn_without_shuffling(n_classes, epochs):
    """scikit-learn's Perceptron (constant step eta0 = 1, no penalty, no tolerance) is
    the same online rule; its one-vs-all rows must match ours exactly."""
    rng = np.random.default_rng(n_classes * 10 + epochs)
    X = rng.normal(size=(70, 3))
    y = rng.integers(0, n_classes, 70)
    ours = Perceptron(max_iter=epochs, shuffle=False).fit(X, y)
    ref = SkPerceptron(shuffle=False, tol=None, max_iter=epochs, eta0=1.0).fit(X, y)
    # Both add the same points +-x_i in the same order, so the weights differ only if some
    # update differs, and then by a whole training point (|x_i| > 0.01 for every one here).
    # Rounding alone (another summation order of a 3-term dot product deciding no mistake
    # differently) stays below (updates) eps max|x|, far under the 1e-6 allowed.
    assert np.linalg.norm(X, axis=1).min() > 0.01
    np.testing.assert_allclose(ours.coef_, ref.coef_, rtol=0, atol=1e-6)
    np.testing.assert_allclose(ours.intercept_, ref.intercept_, rtol=0, atol=1e-6)
    grid = rng.normal(size=(300, 3))
    assert np.array_equal(ours.predict(grid), ref.predict(grid))


# ---- worked examples: logic gates (shared/worked_examples.md section 3) ----

def step(z):
    return (z > 0).astype(int)


def test_textbook_gate_weights_compute_the_gates():
    assert step(GATE_X @ np.array([1.0, 1.0]) - 1.5).tolist() == AND.tolist()
    assert step(GATE_X @ np.array([1.0, 1.0]) - 0.5).tolist() == OR.tolist()
    z1 = step(GATE_X[:, 0] - GATE_X[:, 1] - 0.5)
    z2 = step(-GATE_X[:, 0] + GATE_X[:, 1] - 0.5)
    assert step(z1 + z2 - 0.5).tolist() == XOR.tolist()


@pytest.mark.parametrize("gate", [AND, OR], ids=["AND", "OR"])
@pytest.mark.parametrize("params", [dict(shuffle=False), dict(random_state=0), dict(random_state=7, eta0=0.1),
                                    dict(random_state=3, pocket=True)])
def test_perceptron_learns_and_and_or(gate, params):
    model = Perceptron(**params).fit(GATE_X, gate)
    assert model.converged_
    assert model.predict(GATE_X).tolist() == gate.tolist()
    # the learnt line separates with a positive margin: y (w·x + b) > 0 everywhere
    t = np.where(gate == 1, 1, -1)
    assert np.all(t * model.decision_function(GATE_X) > 0)
    assert model.history_[0]["mistakes"][-1] == 0


def test_and_from_zero_without_shuffling_by_hand():
    """Order 00, 01, 10, 11, labels -1, -1, -1, +1, eta0 = 1, traced by hand:
    epoch 1: 00 is a mistake (margin 0) -> w=(0,0), b=-1; 01: -1 ok; 10: ok;
    11: -1 <= 0 -> w=(1,1), b=0. Epoch 2: 00: 0 -> b=-1; 01: 0 -> w=(1,0), b=-2; ..."""
    model = Perceptron(shuffle=False).fit(GATE_X, AND)
    h = model.history_[0]
    assert h["index"][:4].tolist() == [0, 3, 0, 1]
    assert h["coef"][:4].tolist() == [[0, 0], [1, 1], [1, 1], [1, 0]]
    assert h["intercept"][:4].tolist() == [-1, 0, -1, -2]


@pytest.mark.parametrize("seed", range(6))
def test_xor_is_not_learnt_but_the_pocket_gets_three_of_four(seed):
    plain = Perceptron(random_state=seed).fit(GATE_X, XOR)
    assert not plain.converged_ and plain.n_iter_ == 20
    assert all(m > 0 for m in plain.history_[0]["mistakes"])
    pocket = Perceptron(random_state=seed, pocket=True).fit(GATE_X, XOR)
    assert not pocket.converged_
    assert np.sum(pocket.predict(GATE_X) != XOR) <= 1  # no line gets all four
    h = pocket.history_[0]
    assert h["train_mistakes"].min() == np.sum(pocket.predict(GATE_X) != XOR)


# ---- the mistake bound ----

@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("eta0", [1.0, 0.01])
def test_number_of_updates_is_within_the_novikoff_bound(seed, eta0):
    """Novikoff's bound with the bias folded in: with x' = (x, 1), R = max_i ||x'_i|| and
    gamma = min_i y_i u·x'_i for a unit vector u = (w*, b*) / ||(w*, b*)|| that separates
    the data, the perceptron started at 0 makes at most (R / gamma)^2 updates (any eta0:
    from zero eta0 only rescales the weights, so the mistakes are the same)."""
    rng = np.random.default_rng(seed)
    angle = rng.uniform(0, 2 * np.pi)
    w_star, b_star = np.array([np.cos(angle), np.sin(angle)]), rng.uniform(-1, 1)  # the line crosses the box
    X = rng.uniform(-3, 3, size=(400, 2))
    raw = X @ w_star + b_star
    keep = np.abs(raw) > 0.3 * np.linalg.norm(np.append(w_star, b_star))
    X, y = X[keep], (raw[keep] > 0).astype(int)
    t = np.where(y == 1, 1.0, -1.0)
    u = np.append(w_star, b_star) / np.linalg.norm(np.append(w_star, b_star))
    Xa = np.column_stack([X, np.ones(len(X))])
    R = np.max(np.linalg.norm(Xa, axis=1))
    gamma = np.min(t * (Xa @ u))
    assert gamma > 0
    bound = (R / gamma) ** 2
    model = Perceptron(max_iter=int(bound) + 2, eta0=eta0, random_state=seed).fit(X, y)
    updates = len(model.history_[0]["index"])
    assert model.converged_
    assert updates == model.history_[0]["mistakes"].sum()
    assert updates <= bound
    assert model.score(X, y) == 1.0


# ---- history, multi-class, learning rate ----

def test_history_structure_and_consistency():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(50, 2))
    y = rng.integers(0, 3, 50)
    model = Perceptron(max_iter=6, random_state=1, pocket=True).fit(X, y)
    assert isinstance(model.history_, list) and len(model.history_) == 3
    assert model.coef_.shape == (3, 2) and model.intercept_.shape == (3,)
    for k, h in enumerate(model.history_):
        u = len(h["index"])
        assert h["epoch"].shape == (u,) and h["coef"].shape == (u, 2) and h["intercept"].shape == (u,)
        assert h["train_mistakes"].shape == (u,)
        assert np.all(np.diff(h["epoch"]) >= 0)
        assert np.bincount(h["epoch"], minlength=h["n_epochs"]).tolist() == h["mistakes"].tolist()
        t = np.where(y == k, 1.0, -1.0)
        prev_w, prev_b = np.zeros(2), 0.0
        for i, w, b in zip(h["index"], h["coef"], h["intercept"], strict=True):
            assert t[i] * (X[i] @ prev_w + prev_b) <= 0, "every update follows a mistake"
            np.testing.assert_allclose(w, prev_w + t[i] * X[i])
            assert b == pytest.approx(prev_b + t[i])
            prev_w, prev_b = w, b
    scores = model.decision_function(X)
    assert scores.shape == (50, 3)
    assert np.array_equal(model.predict(X), model.classes_[np.argmax(scores, axis=1)])


def test_binary_shapes_and_string_labels():
    rng = np.random.default_rng(2)
    X = rng.normal(size=(30, 2))
    y = np.where(X[:, 0] + X[:, 1] > 0, "yes", "no")
    model = Perceptron(random_state=0, max_iter=100).fit(X, y)
    assert model.coef_.shape == (1, 2) and model.intercept_.shape == (1,)
    assert len(model.history_) == 1
    scores = model.decision_function(X)
    assert scores.shape == (30,)
    assert np.array_equal(model.predict(X), np.where(scores > 0, "yes", "no"))
    assert model.score(X, y) == 1.0


def test_learning_rate_only_rescales_the_weights():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(60, 2))
    y = (X[:, 0] - 0.5 * X[:, 1] + 0.3 * rng.normal(size=60) > 0).astype(int)
    a = Perceptron(eta0=1.0, random_state=4).fit(X, y)
    b = Perceptron(eta0=0.25, random_state=4).fit(X, y)
    assert a.history_[0]["index"].tolist() == b.history_[0]["index"].tolist()
    # Exact: 0.25 is a power of two, so every product, sum and score of b is exactly 0.25
    # times a's (scaling by 2^-2 commutes with rounding), and the mistakes are the same.
    np.testing.assert_array_equal(b.coef_, 0.25 * a.coef_)
    np.testing.assert_array_equal(b.intercept_, 0.25 * a.intercept_)


def test_same_seed_same_model_and_shuffle_matters():
    rng = np.random.default_rng(8)
    X = rng.normal(size=(40, 2))
    y = rng.integers(0, 2, 40)
    a = Perceptron(random_state=11).fit(X, y)
    b = Perceptron(random_state=11).fit(X, y)
    assert np.array_equal(a.coef_, b.coef_) and np.array_equal(a.intercept_, b.intercept_)
    a.fit(X, y)
    assert np.array_equal(a.coef_, b.coef_)
    c = Perceptron(random_state=12).fit(X, y)
    assert a.history_[0]["index"].tolist() != c.history_[0]["index"].tolist()


# ---- degenerate data ----

@pytest.mark.parametrize("scale", [1e-9, 1.0, 1e9])
@pytest.mark.parametrize("pocket", [False, True])
def test_extreme_scales_duplicates_and_collinear_points_stay_finite(scale, pocket):
    rng = np.random.default_rng(0)
    base = rng.normal(size=(10, 1))
    X = np.column_stack([base, 2 * base])  # collinear
    X = np.vstack([X, X[:3]]) * scale  # duplicates
    y = (base[:, 0] > 0).astype(int)
    y = np.append(y, 1 - y[:3])  # duplicates with conflicting labels
    model = Perceptron(pocket=pocket, random_state=0).fit(X, y)
    for value in (model.coef_, model.intercept_, model.decision_function(X), model.history_[0]["coef"]):
        assert np.all(np.isfinite(value))
    assert not model.converged_  # conflicting duplicates cannot be separated


def test_identical_points_with_two_labels():
    X = np.ones((4, 2))
    model = Perceptron(pocket=True, random_state=0).fit(X, [0, 1, 0, 1])
    assert np.all(np.isfinite(model.decision_function(X)))
    assert np.sum(model.predict(X) != np.array([0, 1, 0, 1])) == 2


# ---- validation ----

@pytest.mark.parametrize("params, message", [
    (dict(max_iter=0), "max_iter=0 .* must be >= 1"),
    (dict(max_iter=2.5), "max_iter=2.5 .* whole number"),
    (dict(eta0=0.0), "eta0=0.0 .* must be > 0"),
    (dict(eta0=-1.0), "eta0=-1.0 .* must be > 0"),
    (dict(eta0=float("nan")), "eta0=nan .* finite"),
    (dict(pocket="yes"), "pocket='yes' .* True or False"),
    (dict(shuffle=1), "shuffle=1 .* True or False"),
    (dict(random_state="seed"), "random_state='seed'"),
])
def test_bad_hyperparameters_are_explained(params, message):
    with pytest.raises(ValidationError, match=message):
        Perceptron(**params).fit(GATE_X, AND)


def test_unfitted_and_wrong_feature_count():
    with pytest.raises(NotFittedError):
        Perceptron().predict(GATE_X)
    model = Perceptron(random_state=0).fit(GATE_X, AND)
    with pytest.raises(ValidationError, match="3 features, but .* the model was trained on 2"):
        model.decision_function(np.ones((2, 3)))
