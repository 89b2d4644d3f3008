"""A step of the main slider on Learning curves (the training sizes) and on Cross-validation (the
folds) finds what it shows computed: the neighbours of the value the page opened on are computed in
the background while the student reads it, and after a step the neighbours of the new value. The
run of the step then fits nothing of its own. And what the Cross-validation page draws from the
shared builders is what the splitter gives: each point coloured by the fold that validates it."""

import threading

import numpy as np
import pytest
from support.apptest import assert_clean, run_page, widget

from catalog.models import MODELS
from mlcore.model_selection import StratifiedKFold
from ui.data.dataset_panel import Recipe
from ui.model_selection import curve_runs, cv_runs
from ui.serving import ahead, fits

LEARNING, CV = "pages/10_Learning_curves.py", "pages/12_Cross-validation.py"
AHEAD = []   # what the threads computing ahead fitted (its own thread's name starts with "ahead-")


def _join_ahead():
    """Wait for every thread computing ahead (an earlier test's too: they hold the server's threads)."""
    for thread in threading.enumerate():
        if thread.name.startswith("ahead-"):
            thread.join(120)
            assert not thread.is_alive(), "a thread computing ahead did not end"


def _counting(monkeypatch, module, name, what):
    """Record ``what(*args, **kwargs)`` of every call of ``module.name``: the step's own run's calls
    in the returned list, those computed ahead in ``AHEAD``."""
    seen, original = [], getattr(module, name)
    AHEAD.clear()

    def counted(*args, **kwargs):
        (AHEAD if threading.current_thread().name.startswith("ahead-") else seen).append(what(*args, **kwargs))
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    monkeypatch.setattr(ahead, "ENABLED", True)
    _join_ahead()
    return seen


@pytest.mark.app
def test_a_sizes_step_finds_its_learning_curve_computed_ahead(monkeypatch):
    # the number of training sizes a learning curve is computed for
    fitted = _counting(monkeypatch, curve_runs, "learning_curve", lambda *a, train_sizes, **k: len(train_sizes))
    at = run_page(LEARNING, {"data": "moons", "n": "90", "seed": "913", "sizes": "6"})
    assert_clean(at)
    assert fitted == [6]
    _join_ahead()   # opened: 5 and 7 sizes computed while the student reads the page
    assert {5, 7} <= set(AHEAD), AHEAD
    fitted.clear()
    widget(at, "lc_sizes").set_value(7).run()
    assert_clean(at)
    assert fitted == [], fitted   # the run of the step fitted nothing: the curve at 7 sizes was ready
    _join_ahead()
    assert 8 in AHEAD, AHEAD      # and after the step, the next one up


@pytest.mark.app
def test_a_folds_step_finds_its_fits_computed_ahead(monkeypatch):
    # the number of splits each cross-validation is given (the first MAX_PANELS of a splitter's)
    fitted = _counting(monkeypatch, cv_runs, "cross_validate", lambda model, X, y, cv, **k: len(cv))
    at = run_page(CV, {"data": "moons", "n": "90", "seed": "914", "model": "tree", "folds": "5"})
    assert_clean(at)
    assert fitted == [5]
    _join_ahead()
    assert {4, 6} <= set(AHEAD), AHEAD
    fitted.clear()
    widget(at, "cv_folds").set_value(6).run()
    assert_clean(at)
    assert fitted == [], fitted
    _join_ahead()
    assert 7 in AHEAD, AHEAD


@pytest.mark.parametrize("folds", [2, 5, 7])
def test_the_folds_plane_colours_each_point_by_the_fold_that_validates_it(folds):
    recipe = Recipe(data="moons", n=120, seed=915)
    data = fits.dataset(recipe, ())
    fig, grid, caption = cv_runs.fold_plane.builder(recipe, (), (), "stratified", folds, False, 0, 1 / 3)
    assert grid is None and "fold" in caption
    shown = {t.name: sorted(zip(t.x.tolist(), t.y.tolist(), strict=True)) for t in fig.data}
    assert sorted(shown) == sorted(f"fold {f + 1}" for f in range(folds))
    # the splitter as scikit-learn's users know it, applied here apart from the page
    X = data.X_train.astype(np.float32)
    for f, (_, test) in enumerate(StratifiedKFold(folds).split(data.X_train, data.y_train)):
        assert shown[f"fold {f + 1}"] == sorted(zip(X[test, 0].tolist(), X[test, 1].tolist(), strict=True))


def test_each_panel_is_titled_with_its_splits_accuracy():
    recipe, params = Recipe(data="moons", n=120, seed=916), tuple(sorted(MODELS["knn"].defaults().items()))
    data = fits.dataset(recipe, ())
    fig = cv_runs.split_panels.builder(recipe, (), "knn", params, "stratified", 4, False, 0, 1 / 3)[0]
    titles = [a.text for a in fig.layout.annotations if a.text and a.text.startswith("fold")]
    expected = []
    for f, (train, test) in enumerate(StratifiedKFold(4).split(data.X_train, data.y_train)):
        model = MODELS["knn"].make(**dict(params)).fit(data.X_train[train], data.y_train[train])
        accuracy = np.mean(model.predict(data.X_train[test]) == data.y_train[test])
        expected.append(f"fold {f + 1}: {accuracy:.0%}")
    assert titles == expected


def test_folds_the_data_cannot_split_give_the_points_alone_not_an_error():
    # drawn ahead at the position next to the one shown, which may be one fold too many
    recipe, params = Recipe(data="moons", n=12, seed=917), tuple(sorted(MODELS["knn"].defaults().items()))
    classes = np.unique(fits.dataset(recipe, ()).y_train, return_counts=True)[1]
    folds = int(classes.min()) + 1   # more folds than the smallest class has points
    fig, _, reason = cv_runs.fold_plane.builder(recipe, (), (), "stratified", folds, False, 0, 1 / 3)
    assert "fold" not in " ".join(t.name or "" for t in fig.data) and reason
    assert cv_runs.split_panels.builder(recipe, (), "knn", params, "stratified", folds, False, 0, 1 / 3)[0].data == ()
