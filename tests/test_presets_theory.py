"""The lecture rows of the Learning theory and Features pages (ui.core.lectures_theory): each step
sets its settings, shows its line, reopens from its link, and its sentence holds, checked on the
step's own data with formulas written here, mlcore fitted directly, or scikit-learn as the oracle."""

import itertools
import math

import numpy as np
import pytest
from sklearn.svm import SVC
from support.apptest import assert_clean, captions, charts, click_step, decode, figure, link, run_page, values

import catalog
from mlcore.datasets import make_dataset, train_test_split
from mlcore.feature_selection import mutual_info_scores
from mlcore.model_selection import StratifiedKFold, cross_val_score
from mlcore.pipeline import Pipeline
from mlcore.preprocessing import PolynomialFeatures, StandardScaler
from ui.core import lectures_theory as lectures
from ui.core.presets import recipe_of
from ui.data import draw
from ui.learning_theory import shatter_points
from ui.serving import fits

pytestmark = pytest.mark.app

THEORY, FEATURES = "pages/20_Learning_theory.py", "pages/21_Features.py"
PAGES = {"theory": (THEORY, lectures.THEORY), "features": (FEATURES, lectures.FEATURES)}
CASES = [(name, i) for name, (_, steps) in PAGES.items() for i in range(len(steps))]


@pytest.mark.parametrize(("name", "i"), CASES)
def test_a_step_sets_its_settings_shows_its_line_and_reopens_from_its_link(name, i):
    page, steps = PAGES[name]
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


# --- Learning theory -------------------------------------------------------------------------------

def separable(X, y) -> bool:
    """Whether a line separates the labels (scikit-learn's hard-margin linear SVM fits them all)."""
    if len(set(y)) < 2:
        return True
    return SVC(kernel="linear", C=1e8).fit(X, y).score(X, y) == 1.0


def labelings_realised(points) -> int:
    X = np.array(points, dtype=float)
    return sum(separable(X, np.array(y)) for y in itertools.product((0, 1), repeat=len(X)))


def metric(at, label):
    return next(m.value for m in at.metric if m.label.startswith(label))


def test_pac_and_shattering_steps_show_what_their_text_says():
    pac, shattering = lectures.THEORY[:2]
    v = pac.values
    assert 3 ** v["th_d"] == 729
    assert math.ceil((math.log(729) + math.log(1 / v["th_delta"])) / v["th_eps"]) == 96  # "so 96 examples"
    at = click_step(run_page(THEORY), "theory", 0)
    assert metric(at, "examples needed m") == "96"

    square = shattering.values[shatter_points.SHATTER_KEY]
    assert len(square) == 4 and labelings_realised(square) == 14       # "14 of the 16 ... do not shatter"
    assert labelings_realised(shatter_points.EXAMPLES["triangle"]) == 8  # three points not on a line: shattered
    at = click_step(at, "theory", 1)
    assert any(w.value.startswith("Not shattered: lines (half-planes) realise 14 of the 16") for w in at.warning)


def vc_bound(train_error: float, m: int, d: int, delta: float) -> float:
    """The notes' VC bound, written here: R̂ + √(2 ln(em/d) / (m/d)) + √(ln(1/δ) / (2m))."""
    return train_error + math.sqrt(2 * math.log(math.e * m / d) / (m / d)) + math.sqrt(math.log(1 / delta) / (2 * m))


def test_bounds_step_shows_what_its_text_says():
    step = lectures.THEORY[2]
    v, recipe = step.values, recipe_of(step.values)

    def sample(m, seed):
        return make_dataset(recipe.data, n=m, noise=recipe.noise, seed=seed, n_classes=2,
                            label_noise=v["th_bound_flip"])

    X_test, y_test = sample(2000, 12345)
    for m in (10, 100, 2000):
        train, test = [], []
        for seed in range(5):
            X, y = sample(m, seed)
            model = catalog.get("logistic").make().fit(X, y)
            train.append(1 - model.score(X, y))
            test.append(1 - model.score(X_test, y_test))
        assert np.mean(test) > 0.1                                       # "the test error stays above 10%"
        bound = vc_bound(float(np.mean(train)), m, 3, v["th_bound_delta"])
        assert bound > 2 * np.mean(test)                                 # "more than twice the test error"
        if m == 10:
            assert bound > 1                                             # "above 1 for the smallest samples"

    # the page: the test-error curve it draws is never zero (the opening's lesson too)
    at = click_step(run_page(THEORY), "theory", 2)
    test_curve = next(t for t in figure_by_key(at, "bounds")["data"] if t.get("name") == "test error (mean)")
    assert (decode(test_curve["y"]) > 0.1).all()


def figure_by_key(at, revision: str) -> dict:
    return next(figure(at, i) for i in range(len(at.get("plotly_chart")))
                if figure(at, i)["layout"].get("uirevision") == revision)


def test_rademacher_and_bayes_steps_show_what_their_text_says():
    rademacher, bayes = lectures.THEORY[3:]
    data = fits.dataset(recipe_of(rademacher.values), ())
    X = data.X_train[:100]
    rng = np.random.default_rng(0)
    for k, check in ((1, lambda r: r == 0.5), (25, lambda r: r < 0.2)):
        fitted = []
        for _ in range(10):
            sigma = rng.choice([-1, 1], size=len(X))
            model = catalog.get("knn").make(n_neighbors=k).fit(X, sigma)
            fitted.append(0.5 - np.mean(model.predict(X) != sigma))      # R̂ = ½ − (training error on σ)
        assert check(float(np.mean(fitted))), k                          # 1-NN: ½; 25 neighbours: far below

    assert "model" not in bayes.values          # the tab's own model: the other pages' model stays as it was
    # two blobs 3.6 apart, each of standard deviation √(0.2² + noise²): R* = Φ(−1.8 / sd)
    sd = math.sqrt(0.2 ** 2 + bayes.values["ds_noise"] ** 2)
    bayes_error = 0.5 * math.erfc(1.8 / sd / math.sqrt(2))
    assert 0.01 < bayes_error < 0.1                                      # "a few per cent"
    data = fits.dataset(recipe_of(bayes.values), ())
    model = catalog.get("knn").make().fit(data.X_train, data.y_train)
    fresh = [make_dataset("blobs", n=5000, noise=bayes.values["ds_noise"], seed=seed) for seed in range(100, 104)]
    error = np.mean([1 - model.score(X_new, y_new) for X_new, y_new in fresh])  # on 20 000 fresh points
    assert error > bayes_error                                           # "kNN's true error lies above it"
    at = click_step(run_page(THEORY), "theory", 4)
    assert abs(float(metric(at, "Bayes error").rstrip("%")) / 100 - bayes_error) < 0.003


# --- Features -----------------------------------------------------------------------------------------

def test_stretch_step_moves_the_distance_models_and_not_the_tree():
    step = lectures.FEATURES[0]
    data = fits.dataset(recipe_of(step.values), ())
    X, y = data.X_train, data.y_train
    stretch = np.array([1.0, step.values["feat_stretch"]])  # axis x2
    assert step.values["feat_axis"] == "x2"
    for key, moves in (("knn", True), ("prototype", True), ("svm", True), ("tree", False)):
        raw = catalog.get(key).make().fit(X, y).predict(X)
        stretched = catalog.get(key).make().fit(X * stretch, y).predict(X * stretch)
        assert (raw != stretched).any() == moves, key


def test_polynomial_step_needs_the_map_on_circles():
    step = lectures.FEATURES[1]
    data = fits.dataset(recipe_of(step.values), ())
    raw = catalog.get("logistic").make(C=step.values["feat_C"]).fit(data.X_train, data.y_train)
    assert abs(raw.score(data.X_test, data.y_test) - 0.5) < 0.15          # "near chance"
    mapped = Pipeline([("phi", PolynomialFeatures(degree=step.values["feat_degree"], include_bias=False)),
                       ("scale", StandardScaler()),
                       ("logistic", catalog.get("logistic").make(C=step.values["feat_C"]))])
    assert mapped.fit(data.X_train, data.y_train).score(data.X_test, data.y_test) == 1.0  # "every test point"


def test_noise_features_step_shows_what_its_text_says():
    v = lectures.FEATURES[2].values
    recipe = recipe_of(v)
    X, y = make_dataset(recipe.data, n=recipe.n, noise=recipe.noise, seed=recipe.seed, extra_features=v["feat_extra"])
    X, _, y, _ = train_test_split(X, y, test_size=recipe.test, random_state=recipe.seed, stratify=y)
    pearson = np.abs([np.corrcoef(X[:, j], y)[0, 1] for j in range(X.shape[1])])
    stump = [best_stump(X[:, j], y) for j in range(X.shape[1])]
    for scores in (pearson, mutual_info_scores(X, y), np.array(stump)):
        assert set(np.argsort(scores)[-2:]) == {0, 1}                   # "every filter ranks x1 and x2 first"

    def knn_cv(columns):
        model = Pipeline([("scale", StandardScaler()), ("knn", catalog.get("knn").make())])
        return float(np.mean(cross_val_score(model, X[:, columns], y, cv=StratifiedKFold(v["feat_cv"]))))

    assert knn_cv(list(range(X.shape[1]))) < knn_cv([0, 1])              # all six score lower than x1, x2
    chosen, path = [], []
    while len(chosen) < X.shape[1]:                                      # forward selection, by hand
        score, j = max((knn_cv([*chosen, j]), j) for j in range(X.shape[1]) if j not in chosen)
        chosen.append(j)
        path.append((score, tuple(chosen)))
    best = max(path, key=lambda p: (p[0], -len(p[1])))
    assert set(best[1]) == {0, 1}                                        # "forward selection's best subset"


def best_stump(x, y) -> float:
    """The training accuracy of the best one-threshold rule on one feature."""
    order = np.sort(np.unique(x))
    cuts = (order[:-1] + order[1:]) / 2
    return max(max(np.mean((x > t) == y), np.mean((x > t) != y)) for t in cuts)
