"""The Multi-class page's fits and figures (ui/multiclass), without Streamlit: the model each
strategy's settings make, its scores and grid, Crammer–Singer beside one-vs-all, and figures that
read nothing but their arguments (so the server-wide cache can key them)."""

import inspect

import numpy as np
import pytest

from catalog.models import MODELS
from mlcore.multiclass import OneVsOneClassifier, OneVsRestClassifier, OutputCodeClassifier
from mlcore.svm import SVC, LinearSVC
from ui.data.dataset_panel import Recipe
from ui.multiclass import strategy_figures
from ui.multiclass.strategy_figures import pair_plane, plane
from ui.multiclass.strategy_fits import build, fit_pair, fit_strategy
from ui.serving import cache, fits
from viz.grid import evaluate_grid

THREE = Recipe("blobs", n=60, noise=0.5, classes=3, seed=1)
SETTINGS = {"strategy": "ovr", "base": "knn", "code": "random", "code_size": 1.5, "decoding": "hamming", "C": 1.0}


def fitted(recipe=THREE, **changed):
    s = {**SETTINGS, **changed}
    return fit_strategy(recipe, (), s["strategy"], s["base"], s["code"], s["code_size"], s["decoding"], s["C"])


def test_build_makes_the_model_each_strategy_names():
    ovr = build("ovr", "tree", "random", 1.5, "hamming", 1.0)
    assert type(ovr) is OneVsRestClassifier and type(ovr.estimator) is type(MODELS["tree"].make())
    assert type(build("ovo", "knn", "random", 1.5, "hamming", 1.0)) is OneVsOneClassifier
    ecoc = build("ecoc", "knn", "exhaustive", 2.0, "loss", 1.0)
    assert type(ecoc) is OutputCodeClassifier
    assert (ecoc.code, ecoc.code_size, ecoc.decoding, ecoc.random_state) == ("exhaustive", 2.0, "loss", 0)
    cs = build("crammer_singer", "knn", "random", 1.5, "hamming", 7.0)
    assert type(cs) is LinearSVC and (cs.C, cs.multi_class) == (7.0, "crammer_singer")


@pytest.mark.parametrize("strategy", ["ovr", "ovo", "ecoc", "crammer_singer"])
def test_scores_and_grid_are_those_of_the_model_fitted_anew(strategy):
    (model, grid, train_acc, test_acc), error = fitted(strategy=strategy)
    assert error is None
    data = fits.dataset(THREE, ())
    again = build(strategy, "knn", "random", 1.5, "hamming", 1.0).fit(data.X_train, data.y_train)
    assert train_acc == again.score(data.X_train, data.y_train)
    assert test_acc == again.score(data.X_test, data.y_test)
    assert grid.labels.shape == (200, 200)
    assert np.array_equal(np.asarray(grid.classes)[grid.labels.ravel()], again.predict(grid.points()))


def test_a_typed_code_that_cannot_tell_classes_apart_is_a_message():
    result, error = fitted(strategy="ecoc", code="+1 -1; +1 -1; -1 +1")
    assert result is None and isinstance(error, str) and error


def test_crammer_singer_and_one_vs_all_agree_where_their_predictions_do():
    cs, ovr, grids, agree = fit_pair(THREE, (), 0.5)
    assert type(cs) is LinearSVC and (cs.C, cs.multi_class) == (0.5, "crammer_singer")
    assert type(ovr) is OneVsRestClassifier and type(ovr.estimator) is SVC
    assert (ovr.estimator.kernel, ovr.estimator.C) == ("linear", 0.5)
    points = evaluate_grid(cs, fits.dataset(THREE, ()).bounds, 150).points()
    assert agree == pytest.approx(np.mean(cs.predict(points) == ovr.predict(points)), abs=1e-12)
    assert 0 < agree < 1


def test_the_plane_marks_the_point_and_leaves_its_height_to_the_container():
    fig, grid, explained = plane(THREE, (), *SETTINGS.values(), np.array([0.25, -0.5]))
    star = fig.data[-1]
    assert star.name == "inspected point" and (star.x[0], star.y[0]) == (0.25, -0.5)
    assert fig.layout.height is None and explained is None
    assert np.array_equal(grid.labels, fitted()[0][1].labels)


def test_each_pair_plane_titles_its_own_models_accuracy():
    cs, ovr, _, _ = fit_pair(THREE, (), 1.0)
    data = fits.dataset(THREE, ())
    for which, model in enumerate((cs, ovr)):
        title = pair_plane(THREE, (), 1.0, which).layout.title.text
        assert title.endswith(f"train accuracy {model.score(data.X_train, data.y_train):.1%}")


@pytest.mark.parametrize("builder", [f for _, f in inspect.getmembers(strategy_figures, inspect.isfunction)
                                     if f.__module__ == strategy_figures.__name__], ids=lambda f: f.__name__)
def test_the_figures_read_only_their_arguments(builder):
    cache._check(builder)   # raises TypeError if the builder reads a session's variable
