"""The Playground's learning panel and What you see's cross-validated accuracies share their
fits: a step fits the five whole folds once (ui.serving.fits.folds), not once for the accuracies
and again for the panel's largest size."""

import threading

import numpy as np
import pytest

import catalog
from mlcore.model_selection import StratifiedKFold, cross_validate, learning_curve
from mlcore.neighbors import KNeighborsClassifier
from ui.data.dataset_panel import Recipe
from ui.model_selection import curve_runs
from ui.serving import fits

PARAMS = (("metric", "euclidean"), ("n_neighbors", 5), ("p", 3.0), ("weights", "uniform"))


def recipe(seed):
    return Recipe("moons", n=200, noise=0.3, seed=seed)


def test_panel_is_the_learning_curve_with_the_folds_as_its_largest_size():
    r = recipe(9101)
    data = fits.dataset(r, ())
    panel = curve_runs.panel_curve(r, (), "knn", PARAMS)
    # independently: mlcore's learning curve on the same folds and shuffles, and cross_validate
    splitter = StratifiedKFold(5, shuffle=True, random_state=r.seed)
    sizes, train, test = learning_curve(catalog.get("knn").make(**dict(PARAMS)), data.X_train, data.y_train,
                                        train_sizes=np.linspace(0.1, 1.0, 8), cv=splitter, shuffle=True,
                                        random_state=r.seed)
    whole = cross_validate(catalog.get("knn").make(**dict(PARAMS)), data.X_train, data.y_train, cv=splitter,
                           return_train_score=True)
    assert panel.x == tuple(int(s) for s in sizes)
    np.testing.assert_array_equal(panel.train[:-1], train[:-1])
    np.testing.assert_array_equal(panel.test[:-1], test[:-1])
    np.testing.assert_array_equal(panel.train[-1], whole["train_score"])
    np.testing.assert_array_equal(panel.test[-1], whole["test_score"])
    # What you see quotes the panel's largest size
    assert fits.cv(r, (), "knn", PARAMS) == pytest.approx((whole["train_score"].mean(), whole["test_score"].mean()))


def test_a_step_fits_the_whole_folds_once(monkeypatch):
    calls, me = [], threading.get_ident()
    fit = KNeighborsClassifier.fit

    def counting(self, X, y):
        # this test's own fits: a background thread another test started (compute ahead) may fit too
        if threading.get_ident() == me:
            calls.append(len(y))
        return fit(self, X, y)

    monkeypatch.setattr(KNeighborsClassifier, "fit", counting)
    r = recipe(9102)
    fits.cv(r, (), "knn", PARAMS)                     # What you see's accuracies: five fits
    assert len(calls) == 5
    curve_runs.panel_curve(r, (), "knn", PARAMS)      # the panel: only its seven smaller sizes
    assert len(calls) == 5 + 5 * 7
    assert max(calls[5:]) < min(calls[:5])
