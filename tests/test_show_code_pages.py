""""Show code" on every page (AppTest): the expander is there, its code compiles, and executed it
gives the numbers the page shows (on small settings)."""

import contextlib
import io

import numpy as np
import pytest
from support.apptest import LESSONS, assert_clean, run_page

from ui.core.show_code import LABEL
from ui.data.dataset_panel import Recipe
from ui.model_selection import curve_runs

pytestmark = pytest.mark.app

SMALL = {"data": "moons", "n": "80", "noise": "0.3", "seed": "2", "pts": "0.5,0.25,1;-1.1,2,0"}
RECIPE = Recipe("moons", n=80, noise=0.3, seed=2)
DRAWN = ((0.5, 0.25, 1), (-1.1, 2.0, 0))


def snippet(at) -> str:
    """The one Python block of the page's "Show code" expander."""
    boxes = [e for e in at.expander if e.label == LABEL]
    assert len(boxes) == 1, f"{len(boxes)} Show code expanders"
    blocks = [c for c in boxes[0].code if c.language == "python"]
    assert len(blocks) == 1
    return blocks[0].value


def run(text: str) -> tuple[dict, str]:
    namespace: dict = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(text, "<show code>", "exec"), namespace)
    return namespace, out.getvalue()


def metric(at, label: str) -> str:
    return next(m.value for m in at.metric if m.label == label)


@pytest.mark.parametrize("page", LESSONS)
def test_every_page_shows_code_that_compiles(page):
    at = run_page(page)
    assert_clean(at)
    compile(snippet(at), page, "exec")


@pytest.mark.parametrize("model", ["knn", "tree", "svm", "random_forest", "mlp", "one_vs_one"])
def test_playground_code_prints_the_accuracies_shown(model):
    at = run_page("pages/1_Playground.py", query={**SMALL, "model": model})
    assert_clean(at)
    ns, _ = run(snippet(at))
    assert f"{ns['train_acc']:.1%}" == metric(at, "train accuracy")
    assert f"{ns['test_acc']:.1%}" == metric(at, "test accuracy")


@pytest.mark.parametrize("page", ["pages/2_SVM_and_kernels.py", "pages/3_Decision_tree.py"])
def test_model_pages_code_prints_the_accuracies_shown(page):
    at = run_page(page, query={**SMALL, "depth": "2"})
    assert_clean(at)
    ns, _ = run(snippet(at))
    assert f"{ns['train_acc']:.1%}" == metric(at, "train accuracy")
    assert f"{ns['test_acc']:.1%}" == metric(at, "test accuracy")


@pytest.mark.parametrize("query", [{}, {"criterion": "entropy", "max_depth": "4", "min_samples_leaf": "3"},
                                   {"gain_ratio": "true"}])
def test_tree_code_grows_the_page_tree_with_the_reference_cart(query):
    """The Decision tree page's code grows its full tree again with mlcore/tree/_reference.py and
    compares the node arrays (the reference has no gain ratio: then the code leaves it out)."""
    at = run_page("pages/3_Decision_tree.py", query={**SMALL, **query})
    assert_clean(at)
    ns, out = run(snippet(at))
    if query.get("gain_ratio"):
        assert "reference" not in ns
        return
    reference, full = ns["reference"], ns["full"].tree_
    assert reference.node_count == full.node_count > 1
    np.testing.assert_array_equal(reference.feature, full.feature)
    np.testing.assert_array_equal(reference.threshold, full.threshold)
    assert "reference CART grows the same splits: True" in out


def test_learning_curve_code_gives_the_page_curve():
    at = run_page("pages/10_Learning_curves.py", query={**SMALL, "model": "knn", "folds": "3", "sizes": "4"})
    assert_clean(at)
    ns, _ = run(snippet(at))
    curve = curve_runs.learning(RECIPE, DRAWN, "knn", (("metric", "euclidean"), ("n_neighbors", 5), ("p", 3.0),
                                                     ("weights", "uniform")), 3, 4)
    np.testing.assert_array_equal(ns["test_scores"], curve.test)
    np.testing.assert_array_equal(ns["train_scores"], curve.train)


def test_validation_curve_code_gives_the_page_curve():
    at = run_page("pages/11_Validation_curve.py", query={**SMALL, "model": "adaboost", "folds": "3",
                                                         "vary": "max_depth"})
    assert_clean(at)
    ns, _ = run(snippet(at))
    assert "param_name='estimator__max_depth'" in snippet(at)
    curve = curve_runs.validation(RECIPE, DRAWN, "adaboost", (("learning_rate", 1.0), ("n_estimators", 50)),
                              "max_depth", (1, 2, 3, 4, 5), 3)
    np.testing.assert_array_equal(ns["test_scores"], curve.test)


@pytest.mark.parametrize("splitter", ["stratified", "shuffle", "bootstrap"])
def test_cross_validation_code_gives_the_page_accuracy(splitter):
    at = run_page("pages/12_Cross-validation.py", query={**SMALL, "model": "tree", "splitter": splitter,
                                                         "folds": "4", "shuffle": "true"})
    assert_clean(at)
    ns, _ = run(snippet(at))
    label = {"bootstrap": "out-of-bag accuracy"}.get(splitter, "CV accuracy")
    assert f"{np.nanmean(ns['scores']):.1%}" == metric(at, label)


def test_bias_variance_code_gives_the_page_loss():
    at = run_page("pages/14_Bias-variance.py", query={**SMALL, "model": "tree", "rounds": "5"})
    assert_clean(at)
    ns, _ = run(snippet(at))
    assert f"{ns['result'].expected_loss:.1%}" == metric(at, "expected loss").split(" ±")[0]
    assert f"{ns['result'].bias:.1%}" == metric(at, "bias").split(" ±")[0]


def test_search_code_finds_the_page_best_score():
    at = run_page("pages/13_Search.py", query={**SMALL, "model": "knn", "search_values": "3", "search_folds": "3"})
    assert_clean(at)
    ns, _ = run(snippet(at))
    # the best CV score is the same whichever order the grid is walked in; the refit winner too
    assert f"{ns['search'].best_score_:.1%}" == metric(at, "its CV accuracy")
    assert f"{ns['search'].score(ns['X_test'], ns['y_test']):.1%}" == metric(at, "its test accuracy")


def test_compare_code_prints_each_models_cv_accuracy():
    at = run_page("pages/15_Compare_models.py", query={**SMALL, "models": "knn,prototype", "compare_folds": "3"})
    assert_clean(at)
    _, out = run(snippet(at))
    table = at.dataframe[0].value
    for key, label in (("knn", "k nearest neighbours"), ("prototype", "Learning with prototypes")):
        mean = float(table.loc[table["model"] == label, "CV accuracy"].iloc[0])
        assert f"{key}: {mean:.1%}" in out


def test_perceptron_code_gives_the_replayed_run():
    at = run_page("pages/6_Perceptron.py", query={**SMALL, "epochs": "5"})
    assert_clean(at)
    ns, _ = run(snippet(at))
    updates = next(m.value for m in at.metric if m.label.startswith("updates"))
    assert str(len(ns["model"].history_[0]["index"])) == str(updates)
