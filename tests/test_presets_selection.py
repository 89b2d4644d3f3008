"""The lecture rows of the model-selection pages (ui.core.lectures_selection): each step sets its
settings, shows its line, reopens from its link, and its sentence holds: every claim is checked
here on the step's own data, fitted with mlcore directly (not through the page's helpers)."""

import numpy as np
import pytest
from support.apptest import assert_clean, captions, charts, click_step, link, run_page, values

import catalog
from mlcore.model_selection import (
    Bootstrap,
    GridSearchCV,
    LeaveOneOut,
    ParameterSampler,
    StratifiedKFold,
    cross_validate,
    learning_curve,
    learning_curve_regime,
    loguniform,
    nested_cross_val_score,
)
from ui.core import lectures_selection as lectures
from ui.core.presets import recipe_of
from ui.data import draw
from ui.model_selection.curve_runs import curve_values
from ui.model_selection.sweeps import search_grid, sweep_values
from ui.serving import fits

pytestmark = pytest.mark.app

PAGES = {"learning": ("pages/10_Learning_curves.py", lectures.LEARNING),
         "validation": ("pages/11_Validation_curve.py", lectures.VALIDATION),
         "cross_validation": ("pages/12_Cross-validation.py", lectures.CV),
         "search": ("pages/13_Search.py", lectures.SEARCH),
         "compare": ("pages/15_Compare_models.py", lectures.COMPARE)}
CASES = [(name, i) for name, (_, steps) in PAGES.items() for i in range(len(steps))]


@pytest.mark.parametrize(("name", "i"), CASES)
def test_a_step_sets_its_settings_shows_its_line_and_reopens_from_its_link(name, i):
    page, steps = PAGES[name]
    # start from a changed session: drawn points and another dataset, which the step must replace
    at = run_page(page, {"data": "circles", "n": "120", "pts": "0.5,0.5,1;1,1,0"})
    assert at.session_state[draw.KEY]
    click_step(at, name, i)
    for key, value in steps[i].values.items():
        assert at.session_state[key] == ("no limit" if value is None else value), key
    assert at.session_state[draw.KEY] == []
    assert any(steps[i].text in c for c in captions(at))
    fresh = run_page(page, link(at))
    assert_clean(fresh)
    assert [w.value for w in fresh.warning] == [w.value for w in at.warning]
    assert values(fresh) == values(at)
    assert charts(fresh) == charts(at)


def step_data(step):
    return fits.dataset(recipe_of(step.values), ())


def step_model(step):
    return catalog.get(step.values["model"]).make(**lectures.params_of(step.values))


# --- Learning curves ---------------------------------------------------------------------------------

def regime_of(step):
    """The step's learning curve (stratified 5-fold, 8 sizes, shuffled by the dataset's seed) and its regime."""
    data, seed = step_data(step), step.values["ds_seed"]
    _, train, test = learning_curve(step_model(step), data.X_train, data.y_train,
                                    train_sizes=np.linspace(0.1, 1.0, step.values["lc_sizes"]),
                                    cv=StratifiedKFold(5, shuffle=True, random_state=seed), shuffle=True,
                                    random_state=seed)
    return train, test, learning_curve_regime(train, test, target=step.values["lc_target"])


def test_learning_curve_steps_show_what_their_text_says():
    bias, variance, more = lectures.LEARNING
    _, _, regime = regime_of(bias)
    assert regime.name == "high bias"                          # "meet below the 90% target"
    assert regime.validation < 0.9 and abs(regime.gap) < 0.05
    train, test, small = regime_of(variance)
    assert small.name == "high variance"
    assert (train.mean(axis=1) - test.mean(axis=1) > 0.05).all()  # "a gap of more than 5 points at every size"
    _, _, large = regime_of(more)
    assert more.values["ds_n"] == 5 * variance.values["ds_n"]    # "five times the points"
    assert large.gap < 0.05 < small.gap                       # "the gap ... is under 5 points" (it was over)
    assert large.train < small.train - 0.03                   # "its training accuracy comes down"


# --- Validation curve ----------------------------------------------------------------------------------

def curve_of(step, name: str):
    """(values, mean train accuracy, mean validation accuracy) of the step's model over ``name``."""
    data, spec = step_data(step), catalog.get(step.values["model"])
    splits = list(StratifiedKFold(5, shuffle=True, random_state=step.values["ds_seed"]).split(data.X_train,
                                                                                            data.y_train))
    tried = curve_values(spec.param(name))
    train, valid = [], []
    for value in tried:
        scores = cross_validate(spec.make(**{**lectures.params_of(step.values), name: value}), data.X_train,
                                data.y_train, cv=splits, return_train_score=True)
        train.append(np.mean(scores["train_score"]))
        valid.append(np.mean(scores["test_score"]))
    return tried, np.array(train), np.array(valid)


def test_validation_curve_steps_show_what_their_text_says():
    knn, svm, tree = lectures.VALIDATION
    ks, train, valid = curve_of(knn, "n_neighbors")
    assert (ks[0], ks[-1]) == (1, 50)
    assert train[0] == 1.0 and train[0] - valid[0] > 0.10     # k = 1: 100%, over 10 points less on validation
    assert train[-1] < valid.max() - 0.1 and valid[-1] < valid.max() - 0.1  # k = 50: low on both
    assert 0 < int(np.argmax(valid)) < len(ks) - 1            # the peak lies between

    gammas, train, valid = curve_of(svm, "gamma")
    assert gammas[-1] == 100
    assert max(train[0], valid[0]) < valid.max() - 0.05       # small γ: both low
    assert train[-1] >= 0.98 and train[-1] - valid[-1] > 0.2  # γ = 100: training near 100%, validation far below
    assert 0 < int(np.argmax(valid)) < len(gammas) - 1

    depths, train, valid = curve_of(tree, "max_depth")
    assert depths[0] == 1 and valid[0] < valid.max() - 0.1   # depth 1 underfits
    assert train[-1] == 1.0                                   # deeper: 100% on the training points
    deep = valid[[i for i, d in enumerate(depths) if d is None or d >= 5]]
    assert deep.max() - deep.min() < 0.03                     # the validation accuracy levels off


# --- Cross-validation -------------------------------------------------------------------------------------

def test_cross_validation_steps_show_what_their_text_says():
    five, loo, boot, nested = lectures.CV
    data = step_data(five)
    X, y = data.X_train, data.y_train
    model = step_model(five)
    splits = list(StratifiedKFold(5).split(X, y))
    validated = np.concatenate([test for _, test in splits])
    assert np.array_equal(np.sort(validated), np.arange(len(y)))          # every point validated once
    scores = cross_validate(model, X, y, cv=splits)["test_score"]
    assert scores.max() - scores.min() > 0.05                              # "spread over more than 5 points"

    splits = list(LeaveOneOut().split(X, y))
    assert len(splits) == len(y) and all(len(test) == 1 for _, test in splits)  # one fit per point
    assert set(np.unique(cross_validate(model, X, y, cv=splits)["test_score"])) <= {0.0, 1.0}

    for train, test in Bootstrap(boot.values["cv_folds"], random_state=boot.values["cv_seed"]).split(X, y):
        assert len(train) == len(y) and len(np.unique(train)) < len(y)    # n draws, with replacement
        assert not np.isin(test, train).any()                             # out-of-bag: never drawn
        assert 0.25 < len(test) / len(y) < 0.45                            # "the third or so"

    spec = catalog.get("knn")
    tried = sweep_values(spec.param("n_neighbors"), 6)
    search = GridSearchCV(step_model(nested), search_grid(spec, lectures.params_of(nested.values),
                                                          [{"n_neighbors": k} for k in tried]), cv=3)
    result = nested_cross_val_score(search, X, y, cv=StratifiedKFold(5))
    picks = {tried[int(np.argmin(r["rank_test_score"]))] for r in result.inner_results}
    assert len(picks) > 1                                                  # "not all pick the same k"


# --- Search ----------------------------------------------------------------------------------------------

def grid_search(step):
    data, spec = step_data(step), catalog.get("svm")
    count = step.values["search_values"]
    Cs, gammas = sweep_values(spec.param("C"), count), sweep_values(spec.param("gamma"), count)
    cells = [{"C": c, "gamma": g} for g in gammas for c in Cs]
    search = GridSearchCV(step_model(step), search_grid(spec, lectures.params_of(step.values), cells), cv=5)
    search.fit(data.X_train, data.y_train)
    return Cs, gammas, search.cv_results_["mean_test_score"].reshape(len(gammas), len(Cs)), search, data


def test_search_steps_show_what_their_text_says():
    grid, random, once = lectures.SEARCH
    Cs, gammas, scores, search, data = grid_search(grid)
    assert scores.size == 16 and gammas[-1] == 100
    assert (scores[-1] == scores.min(axis=0)).all()                         # γ = 100: the worst row at every C
    assert (scores[-1] < scores.max() - 0.1).all()
    j, i = np.unravel_index(np.argmax(scores), scores.shape)
    assert 0 < i < len(Cs) - 1 and 0 < j < len(gammas) - 1                  # the best cell is inside the grid

    spec = catalog.get("svm")
    space = {name: loguniform(spec.param(name).low, spec.param(name).high) for name in ("C", "gamma")}
    draws = list(ParameterSampler(space, 16, random_state=random.values["search_seed"]))
    assert len({d["C"] for d in draws}) == 16 and len({d["gamma"] for d in draws}) == 16  # 16 values of each axis
    drawn = GridSearchCV(step_model(random), search_grid(spec, {}, draws), cv=5).fit(data.X_train, data.y_train)
    assert abs(drawn.best_score_ - scores.max()) <= 0.02                    # within 2 points of the best cell

    _, _, scores, search, data = grid_search(once)
    assert scores.size == 36
    assert search.score(data.X_test, data.y_test) < search.best_score_     # tested once, it is lower


# --- Compare models ---------------------------------------------------------------------------------------

def compared(step) -> dict[str, float]:
    data = step_data(step)
    return {key: float(np.mean(cross_validate(catalog.get(key).make(), data.X_train, data.y_train,
                                              cv=StratifiedKFold(5))["test_score"]))
            for key in lectures.COMPARED}


def test_compare_steps_show_what_their_text_says():
    moons, circles, xor = (compared(step) for step in lectures.COMPARE)
    assert moons["logistic"] < 0.9
    assert all(moons[k] > moons["logistic"] + 0.05 for k in ("knn", "svm", "mlp"))
    assert abs(circles["logistic"] - 0.5) < 0.1                             # at chance
    assert all(circles[k] > 0.9 for k in ("knn", "tree", "svm", "gaussian_nb"))
    assert all(xor[k] < 0.6 for k in ("logistic", "gaussian_nb", "adaboost"))  # near chance
    assert all(xor[k] > 0.8 for k in ("knn", "tree", "svm"))
    # the page's step holds exactly these models, every one at its defaults
    for step in lectures.COMPARE:
        assert step.values["cmp_models"] == list(lectures.COMPARED)
