"""The model-selection pages (Cross-validation, Search, Bias-variance, Compare models) under AppTest:
every registered model, every splitter, degenerate data, and the numbers against mlcore itself."""

import numpy as np
import pytest
from support.apptest import assert_clean, decode, figure, run_page

from catalog.models import MODELS
from mlcore.datasets import make_dataset, train_test_split
from mlcore.model_selection import LeaveOneOut, StratifiedKFold, cross_val_score
from mlcore.neighbors import KNeighborsClassifier

pytestmark = pytest.mark.app

CV, SEARCH, BV, COMPARE = ("pages/12_Cross-validation.py", "pages/13_Search.py", "pages/14_Bias-variance.py",
                           "pages/15_Compare_models.py")
SMALL = {"data": "moons", "n": "80", "noise": "0.3"}  # small data keeps every model's run short
FAST = {"values": "3", "rounds": "5", "folds": "3", "search_folds": "3"}  # fewer fits per page
DEGENERATE = [{"data": "blank"}, {"data": "blank", "pts": "-1,-1,0;1,1,0;0.5,0.5,0"},
              {"data": "blank", "pts": "-1,-1,0;1,1,1"}]


def figures(at) -> list[dict]:
    return [figure(at, i) for i in range(len(at.get("plotly_chart")))]


def messages(at) -> str:
    return " ".join(str(e.value) for e in [*at.warning, *at.info])


@pytest.mark.parametrize("page", [CV, SEARCH, BV])
@pytest.mark.parametrize("model", sorted(MODELS))
def test_every_model_runs(page, model):
    at = run_page(page, query={**SMALL, "model": model, **FAST})
    assert_clean(at)
    assert at.get("plotly_chart") or "hyperparameter" in messages(at), f"{page} drew nothing for {model}"


@pytest.mark.parametrize("page", [CV, SEARCH, BV, COMPARE])
@pytest.mark.parametrize("query", DEGENERATE)
def test_degenerate_data_gets_a_sentence(page, query):
    at = run_page(page, query=query)
    assert_clean(at)
    text = messages(at)
    assert any(word in text for word in ("no training points", "one class", "Too few", "test set")), text
    assert "nan" not in text.lower()


def small_data(n=80, seed=0, test=0.3):
    X, y = make_dataset("moons", n=n, noise=0.3, seed=seed)
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=test, random_state=seed, stratify=y)
    return X_train, y_train, X_test, y_test


def test_cv_page_colours_points_by_fold_and_matches_cross_val_score():
    at = run_page(CV, query={**SMALL, "k": "3"})
    assert_clean(at)
    X_train, y_train, _, _ = small_data()
    folds = [f for f in figure(at, 0)["data"] if f["name"].startswith("fold ")]
    splits = list(StratifiedKFold(5).split(X_train, y_train))
    assert [len(decode(f["x"])) for f in folds] == [len(test) for _, test in splits]
    expected = cross_val_score(KNeighborsClassifier(n_neighbors=3), X_train, y_train, cv=5).mean()
    shown = {m.label: m.value for m in at.metric}
    assert shown["CV accuracy"] == f"{expected:.1%}"
    titles = [a["text"] for a in figure(at, 1)["layout"]["annotations"]]
    assert len(titles) == 5 and titles[0].startswith("fold 1: ")


def test_cv_page_leave_one_out_scores_every_split_and_draws_the_first_ten():
    at = run_page(CV, query={**SMALL, "n": "40", "splitter": "loo", "k": "3"})
    assert_clean(at)
    X_train, y_train, _, _ = small_data(n=40)
    expected = cross_val_score(KNeighborsClassifier(n_neighbors=3), X_train, y_train, cv=LeaveOneOut()).mean()
    shown = {m.label: m.value for m in at.metric}
    assert shown["LOO accuracy"] == f"{expected:.1%}"
    assert shown["fits"] == f"{len(y_train)} of {len(y_train)}"   # past the ten panels too
    titles = [a["text"] for a in figure(at, 1)["layout"]["annotations"]]
    assert len(titles) == 10 and titles[0].startswith("point 1: ")


@pytest.mark.parametrize("splitter, groups", [("loo", ["right when left out", "wrong when left out"]),
                                              ("bootstrap", ["split 1: out-of-bag", "split 1: training"]),
                                              ("shuffle", ["split 1: validation", "split 1: training"]),
                                              ("kfold", [f"fold {i}" for i in range(1, 4)])])
def test_every_splitter(splitter, groups):
    at = run_page(CV, query={**SMALL, "n": "40", "splitter": splitter, "folds": "3", "shuffle": "true"})
    assert_clean(at)
    assert [t["name"] for t in figure(at, 0)["data"]] == groups


def test_nested_cv_draws_each_outer_fold_and_its_choice():
    at = run_page(CV, query={**SMALL, "nested": "true", "folds": "3"})
    assert_clean(at)
    nested = figure(at, 2)
    curves = [t for t in nested["data"] if t.get("mode") == "lines+markers"]
    assert [t["name"] for t in curves] == [f"outer fold {f}: inner CV" for f in (1, 2, 3)]
    assert any("Chosen k (neighbours) per outer fold" in c.value for c in at.caption)


def test_search_heatmap_marks_the_best_cell_and_shows_its_boundary():
    at = run_page(SEARCH, query={**SMALL, "model": "tree", "values": "4"})
    assert_clean(at)
    heat = figure(at, 0)
    z = decode(heat["data"][0]["z"]).astype(float)
    assert z.shape == (4, 4)
    frame = heat["layout"]["shapes"][0]
    i, j = round(frame["x0"] + 0.5), round(frame["y0"] + 0.5)
    # The best cell is the first maximum in grid order (rows = second parameter, fastest = first).
    assert (j, i) == np.unravel_index(int(np.argmax(z.ravel())), z.shape)
    random = [t for t in heat["data"] if t.get("name") == "random search"]
    assert random and len(decode(random[0]["x"])) == 16, "random search spends the grid's budget"
    assert any(m.value.endswith(f": CV {z[j, i]:.1%}") for m in at.markdown), "the best cell's boundary is shown"
    assert figure(at, 1)["data"][0]["type"] == "heatmap"


def test_search_knn_scores_are_mlcores_grid_search():
    at = run_page(SEARCH, query={**SMALL, "model": "knn", "values": "3", "random": "false"})
    assert_clean(at)
    z = decode(figure(at, 0)["data"][0]["z"]).astype(float)
    X_train, y_train, _, _ = small_data()
    # Across: k at 1, 7, 50 (geometric); down: weights uniform, distance, distance squared.
    ticks = figure(at, 0)["layout"]["xaxis"]["ticktext"]
    rows = figure(at, 0)["layout"]["yaxis"]["ticktext"]
    for j, weights in enumerate(rows):
        for i, k in enumerate(ticks):
            model = KNeighborsClassifier(n_neighbors=int(k), weights=weights.replace(" ", "_"))
            expected = cross_val_score(model, X_train, y_train, cv=5).mean()
            # the heatmap carries float32; k = 50 cannot fit 48 training points: NaN on both sides
            np.testing.assert_allclose(z[j, i], expected, rtol=0, atol=1e-6)
    assert np.isnan(z[:, -1]).all() and "—" in figure(at, 0)["data"][0]["text"][0]


def test_bias_variance_page_shows_the_identity_and_the_curve():
    at = run_page(BV, query={**SMALL, "model": "knn", "rounds": "10"})
    assert_clean(at)
    shown = {m.label: float(m.value.split("%")[0]) for m in at.metric}   # "14.0% ± 0.9"
    assert all(" ± " in m.value for m in at.metric), "every term with its standard error"
    identity = next(c.value for c in at.caption if c.value.startswith("Expected loss = noise term"))
    noise_term = float(identity.split(": ")[1].split("%")[0])
    assert shown["expected loss"] == pytest.approx(noise_term + shown["bias"] + shown["net variance"], abs=0.16)
    curve = figure(at, 1)
    names = [t["name"] for t in curve["data"]]
    assert names[:2] == ["expected loss", "noise term"] and len(decode(curve["data"][0]["y"])) == 6  # odd k: 1 to 49
    assert all("error_y" in t for t in curve["data"] if t["name"] != "noise: the floor")
    assert names[-1] == "noise: the floor"
    members = [t for t in figure(at, 0)["data"] if t.get("name") == "one resampled model's boundary"]
    assert members, "the resampled models' boundaries are drawn"


def test_compare_models_every_model_and_a_chosen_few():
    at = run_page(COMPARE, query=SMALL)
    assert_clean(at)
    titles = [a["text"] for a in figure(at, 0)["layout"]["annotations"]]
    assert len(titles) == len(MODELS)
    assert all("CV " in t or "could not" in t for t in titles)
    at = run_page(COMPARE, query={**SMALL, "models": "knn,svm,nonsense"})
    assert_clean(at)
    titles = [a["text"] for a in figure(at, 0)["layout"]["annotations"]]
    assert [t.split("<br>")[0] for t in titles] == [f"<b>{MODELS['knn'].label}</b>", f"<b>{MODELS['svm'].label}</b>"]
    assert "nonsense" in messages(at)
