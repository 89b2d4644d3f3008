"""Ensemble figures: traces checked against the models they draw."""

import numpy as np
import pytest
from sklearn.datasets import make_moons

from mlcore.ensemble import AdaBoostClassifier, BaggingClassifier, RandomForestClassifier
from mlcore.linear_model import LogisticRegression
from mlcore.naive_bayes import GaussianNB
from viz.ensemble import (
    FirstMembers,
    boosting_figure,
    boosting_history_figure,
    members_figure,
    vote_curve_figure,
    vote_figure,
    weight_sizes,
)
from viz.grid import grid_points


@pytest.fixture(scope="module")
def moons():
    X, y = make_moons(150, noise=0.3, random_state=0)
    return X, y


def _heatmaps(fig):
    return [t for t in fig.data if t.type == "heatmap"]


def test_vote_figure_draws_the_vote_of_the_first_members(moons):
    X, y = moons
    rf = RandomForestClassifier(n_estimators=20, random_state=0).fit(X, y)
    fig = vote_figure(rf, 3, X, y, resolution=60)
    heat = _heatmaps(fig)[0]
    assert heat.z.dtype == np.float32
    P = grid_points(np.asarray(heat.x, dtype=float), np.asarray(heat.y, dtype=float))
    mean3 = np.mean([t.predict_proba(P) for t in rf.estimators_[:3]], axis=0)
    np.testing.assert_array_equal(np.floor(heat.z).astype(int).ravel(), np.argmax(mean3, axis=1))
    # the whole forest gives a different picture than its first three trees
    full = _heatmaps(vote_figure(rf, 20, X, y, resolution=60))[0]
    assert not np.array_equal(full.z, heat.z)


def test_members_figure_shows_each_members_own_regions(moons):
    X, y = moons
    bag = BaggingClassifier(estimator=LogisticRegression(), n_estimators=6, random_state=0).fit(X, y)
    fig = members_figure(bag, X, y, count=4, resolution=30)
    heats = _heatmaps(fig)
    assert len(heats) == 4
    for member, heat in zip(bag.estimators_, heats, strict=False):
        P = grid_points(np.asarray(heat.x, dtype=float), np.asarray(heat.y, dtype=float))
        np.testing.assert_array_equal(np.floor(heat.z).astype(int).ravel(), member.predict(P))
    # one panel per member: each heatmap on axes of its own, with that panel's training points
    panels = [(h.xaxis, h.yaxis) for h in heats]
    assert len(set(panels)) == len(heats)
    points = {(t.xaxis, t.yaxis) for t in fig.data if t.type == "scatter"}
    assert points == set(panels)


def test_vote_curve_ends_at_the_full_models_accuracy(moons):
    X, y = moons
    rf = RandomForestClassifier(n_estimators=15, random_state=0).fit(X[:100], y[:100])
    fig = vote_curve_figure(rf, X[:100], y[:100], X_test=X[100:], y_test=y[100:], current=5)
    train, test = fig.data[0], fig.data[1]
    assert len(train.x) == 15
    assert train.y[-1] == pytest.approx(rf.score(X[:100], y[:100]), abs=1e-6)
    assert test.y[0] == pytest.approx(np.mean(rf.estimators_[0].predict(X[100:]) == y[100:]), abs=1e-6)


def test_boosting_figure_sizes_points_by_weight_and_draws_the_stump(moons):
    X, y = moons
    ada = AdaBoostClassifier(n_estimators=10).fit(X, y)
    r = 4
    fig = boosting_figure(ada, r, X, y, resolution=50)
    w = ada.history_[r - 1]["sample_weight"]
    sizes = np.concatenate([np.asarray(t.marker.size) for t in fig.data if t.name and t.name.endswith("(train)")])
    order = np.concatenate([np.flatnonzero(y == k) for k in (0, 1)])
    expected = weight_sizes(w)[order]
    np.testing.assert_allclose(sizes, expected, rtol=1e-6)
    big = expected > 4.0
    # marker AREA is proportional to the weight
    ratio = (sizes[big] / sizes[big].max()) ** 2
    np.testing.assert_allclose(ratio, w[order][big] / w.max(), rtol=1e-5)
    split = [t for t in fig.data if t.name and "split" in t.name][0]
    tree = ada.estimators_[r - 1].tree_
    coord = np.asarray(split.x if tree.feature[0] == 0 else split.y, dtype=float)
    assert coord[0] == coord[1] == tree.threshold[0]
    heat = _heatmaps(fig)[0]
    P = grid_points(np.asarray(heat.x, dtype=float), np.asarray(heat.y, dtype=float))
    labels = (ada.decision_function(P, n_rounds=r) > 0).astype(int)
    np.testing.assert_array_equal(np.floor(heat.z).astype(int).ravel(), labels)


def test_boosting_history_shows_alphas_and_errors(moons):
    X, y = moons
    ada = AdaBoostClassifier(n_estimators=12, learning_rate=0.5).fit(X, y)
    fig = boosting_history_figure(ada, current=3)
    bars = [t for t in fig.data if t.type == "bar"][0]
    np.testing.assert_allclose(bars.y, ada.estimator_weights_, rtol=1e-6)
    lines = [t for t in fig.data if t.type == "scatter"]
    np.testing.assert_allclose(lines[0].y, ada.estimator_errors_, rtol=1e-6)
    staged = [np.mean(p != y) for p in ada.staged_predict(X)]
    np.testing.assert_allclose(lines[1].y, staged, rtol=1e-6)
    assert fig.layout.shapes[0].x0 == 3


def test_first_members_adapter_matches_staged_probabilities(moons):
    X, y = moons
    bag = BaggingClassifier(estimator=GaussianNB(), n_estimators=5, random_state=0).fit(X, y)
    part = FirstMembers(bag, 2)
    by_hand = np.mean([np.asarray(m.predict_proba(X)) for m in bag.estimators_[:2]], axis=0)
    np.testing.assert_allclose(part.predict_proba(X), by_hand, atol=1e-10)
