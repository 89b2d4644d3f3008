"""The learning panel's faster fits give the numbers the plain fits give, exactly.

* The MLP trains the folds of one training size as one stack in lockstep
  (``MLPClassifier._fit_together``, used by ``learning_curve``): every network must come out
  bit for bit as ``fit`` makes it alone, and the learning curve must equal a plain loop of
  fits and scores.
* AdaBoost's stumps come from ``mlcore.tree._stump``: every node array must be the general
  grower's, and the boosted model the one the grower's stumps make."""

import numpy as np
import pytest

from mlcore.base import clone
from mlcore.datasets import make_dataset
from mlcore.ensemble import AdaBoostClassifier
from mlcore.ensemble import _adaboost as adaboost_module
from mlcore.model_selection import StratifiedKFold, learning_curve
from mlcore.neural_network import MLPClassifier
from mlcore.tree import DecisionTreeClassifier
from mlcore.tree._grower import grow_forest
from mlcore.tree._stump import applies, grow_stump

FITTED = ("coefs_", "intercepts_", "loss_curve_", "train_scores_", "snapshot_epochs_", "_snapshots", "classes_")


def _datasets(sizes, classes=2, seed=0):
    X, y = make_dataset("blobs" if classes > 2 else "moons", n=400, noise=0.3, seed=seed, n_classes=classes)
    rng = np.random.default_rng(seed)
    out = []
    for size in sizes:
        pick = rng.permutation(len(y))[:size]
        out.append((X[pick], y[pick]))
    return out


def _assert_same(together, alone):
    assert together.n_iter_ == alone.n_iter_ and together.t_ == alone.t_
    for name in FITTED:
        a, b = getattr(together, name), getattr(alone, name)
        for x, z in zip(a if isinstance(a, list) else [a], b if isinstance(b, list) else [b], strict=True):
            np.testing.assert_array_equal(x, z, err_msg=name)


SETTINGS = [
    dict(hidden_layer_sizes=(8, 8), learning_rate_init=0.01, batch_size=32),          # the Playground's
    dict(hidden_layer_sizes=(5,), activation="tanh", solver="sgd", learning_rate_init=0.1, batch_size=17),
    dict(hidden_layer_sizes=(6, 4, 3), activation="logistic", alpha=0.5, batch_size="auto"),
    dict(hidden_layer_sizes=(), alpha=0.0, batch_size=1, max_iter=15),
    dict(hidden_layer_sizes=(7,), activation="identity", solver="sgd", nesterovs_momentum=False, shuffle=False,
         max_iter=40, max_snapshots=7),
]


@pytest.mark.parametrize("settings", SETTINGS)
@pytest.mark.parametrize("classes", [2, 3])
def test_fit_together_is_each_fit_alone(settings, classes):
    # three of one size train as a stack (they stop at different epochs), one alone
    data = _datasets([90, 90, 90, 61], classes)
    model = MLPClassifier(random_state=3, **settings)
    together = model._fit_together(data)
    for (X, y), fitted in zip(data, together, strict=True):
        alone = clone(model).fit(X, y)
        _assert_same(fitted, alone)
        np.testing.assert_array_equal(fitted.predict_proba(X), alone.predict_proba(X))
    if settings is SETTINGS[0]:
        assert len({m.n_iter_ for m in together[:3]}) > 1, "the stack should lose networks on the way"


def test_a_diverging_network_fails_alone():
    data = _datasets([80, 80, 80])
    X, y = data[1]
    data[1] = (X * 1e307, y)       # its first products overflow
    model = MLPClassifier(hidden_layer_sizes=(4,), learning_rate_init=0.5, random_state=0)
    together = model._fit_together(data)
    with pytest.raises(Exception) as alone:
        clone(model).fit(*data[1])
    assert isinstance(together[1], Exception) and str(together[1]) == str(alone.value)
    for i in (0, 2):
        _assert_same(together[i], clone(model).fit(*data[i]))


def test_other_seeds_fit_one_by_one():
    data = _datasets([50, 50])
    rng = np.random.default_rng(5)
    # a Generator is shared by the fits one after another: no lockstep, same as fitting in turn
    together = MLPClassifier(hidden_layer_sizes=(3,), max_iter=20, random_state=rng)._fit_together(data)
    rng = np.random.default_rng(5)
    for (X, y), fitted in zip(data, together, strict=True):
        _assert_same(fitted, MLPClassifier(hidden_layer_sizes=(3,), max_iter=20, random_state=rng).fit(X, y))


def test_learning_curve_equals_a_plain_loop_of_fits():
    X, y = make_dataset("moons", n=300, noise=0.3, seed=1)
    model = MLPClassifier(hidden_layer_sizes=(8, 8), learning_rate_init=0.01, batch_size=32, random_state=0)
    cv = StratifiedKFold(5, shuffle=True, random_state=1)
    sizes, train, test = learning_curve(model, X, y, train_sizes=np.linspace(0.1, 1.0, 8), cv=cv, shuffle=True,
                                        random_state=1)
    rng = np.random.default_rng(1)
    for i, (fold, held) in enumerate(cv.split(X, y)):
        fold = rng.permutation(fold)
        for s, size in enumerate(sizes):
            fitted = clone(model).fit(X[fold[:size]], y[fold[:size]])
            assert train[s, i] == np.mean(fitted.predict(X[fold[:size]]) == y[fold[:size]])
            assert test[s, i] == np.mean(fitted.predict(X[held]) == y[held])


# ---- AdaBoost's stumps ---------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(60))
def test_stump_is_the_growers_stump(seed):
    rng = np.random.default_rng(seed)
    K, n = int(rng.integers(2, 4)), int(rng.integers(2, 90))
    X, y = make_dataset("blobs", n=90, noise=1.0, seed=seed, n_classes=K)
    X, y = X[:n], y[:n]
    if seed % 2:
        X = np.round(X, 1)                          # equal values: cuts between them are not valid
    w = rng.random(n) * (rng.random(n) > 0.2)       # some points of weight 0 take no part
    w[0] = max(w[0], 0.25)
    settings = dict(criterion=("gini", "entropy", "misclassification")[seed % 3],
                    min_samples_leaf=int(rng.integers(1, 4)), min_impurity_decrease=(0.0, 0.02)[seed % 5 == 0])
    order = np.argsort(X, axis=0, kind="stable")
    assert applies(w, 1, None, False, X.shape[1])
    ours = grow_stump(X, y, K, w, order, **settings)
    growers = grow_forest(X, y, K, w[None], max_depth=1, order=order, **settings)
    for name in growers.__dataclass_fields__:
        a, b = getattr(ours, name), getattr(growers, name)
        assert a.dtype == b.dtype, name
        np.testing.assert_array_equal(a, b, err_msg=name)


def test_stump_leaves_whole_weights_and_deeper_trees_to_the_grower():
    w = np.full(10, 0.1)
    assert applies(w, 1, None, False, 2)
    assert not applies(np.ones(10), 1, None, False, 2)      # integer sums in the grower
    assert not applies(w, 2, None, False, 2) and not applies(w, 1, None, True, 2)
    assert not applies(w, 1, 1, False, 2) and applies(w, 1, 2, False, 2)


@pytest.mark.parametrize("settings", [dict(), dict(learning_rate=0.3, n_estimators=80),
                                      dict(estimator=DecisionTreeClassifier(max_depth=1, criterion="entropy",
                                                                            min_samples_leaf=3))])
@pytest.mark.parametrize("classes", [2, 3])
def test_adaboost_with_stumps_is_the_growers_adaboost(monkeypatch, settings, classes):
    X, y = make_dataset("blobs" if classes > 2 else "moons", n=200, noise=0.4, seed=2, n_classes=classes)
    fast = AdaBoostClassifier(random_state=0, **settings).fit(X, y)
    monkeypatch.setattr(adaboost_module, "stump_applies", lambda *args: False)
    plain = AdaBoostClassifier(random_state=0, **settings).fit(X, y)
    np.testing.assert_array_equal(fast.estimator_weights_, plain.estimator_weights_)
    np.testing.assert_array_equal(fast.estimator_errors_, plain.estimator_errors_)
    np.testing.assert_array_equal(fast.predict_proba(X), plain.predict_proba(X))
    for a, b in zip(fast.history_, plain.history_, strict=True):
        assert a.keys() == b.keys()
        for key in a:
            np.testing.assert_array_equal(a[key], b[key], err_msg=key)


def test_learning_curve_reports_each_mlp_fit_error_as_before():
    X, y = make_dataset("moons", n=120, noise=0.3, seed=1)
    bad = MLPClassifier(alpha=-1.0, random_state=0)
    with pytest.raises(Exception) as plain:
        clone(bad).fit(X, y)
    sizes, train, test, errors = learning_curve(bad, X, y, train_sizes=[0.5, 1.0], cv=3, return_errors=True)
    assert np.isnan(train).all() and np.isnan(test).all()
    assert [(s, i) for s, i, _ in errors] == [(int(s), i) for i in range(3) for s in sizes]   # split by split
    assert {message for _, _, message in errors} == {str(plain.value)}
    with pytest.raises(type(plain.value)):
        learning_curve(bad, X, y, train_sizes=[1.0], cv=3, error_score="raise")
