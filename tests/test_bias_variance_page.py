"""The Bias-variance page on its default data (noisy moons, n = 200, noise 0.35): the textbook shapes
with the noise term apart from the bias, each lecture step's claim, the opening view, and data
whose distribution is unknown.

A shape along the swept setting is tested as "monotone up to the standard error, with a clear
trend": no step between neighbouring values goes the wrong way by more than 2 standard errors of
their difference, and the last value differs from the first in the claimed direction by more than
3. The standard error of a difference is taken as sqrt(se₁² + se₂²) (the two values share their
training sets and test points, so this is larger than the truth: generous to the steps, strict
on the trend)."""

import numpy as np
import pytest
from support.apptest import assert_clean, charts, decode, link, run_page, values

from catalog.models import MODELS
from mlcore.neighbors import KNeighborsClassifier
from mlcore.theory import BayesClassifier, generator_bias_variance, generator_samples
from mlcore.tree import DecisionTreeClassifier
from ui.core import lectures_bias_variance as lectures
from ui.core.presets import recipe_of
from ui.data import draw
from ui.model_selection import bias_variance_runs as runs
from ui.serving import fits

PAGE = "pages/14_Bias-variance.py"
DEFAULT = recipe_of(lectures.OPENING)
LOSS, NOISE_TERM, BIAS, VARIANCE, NET = range(5)   # runs.COLUMNS


def shaped(values, ses, direction: int) -> bool:
    values, ses = np.asarray(values), np.asarray(ses)
    slack = 2 * np.hypot(ses[1:], ses[:-1])
    steps_ok = (direction * np.diff(values) >= -slack).all()
    return bool(steps_ok and direction * (values[-1] - values[0]) > 3 * np.hypot(ses[0], ses[-1]))


def page_curve(key: str, name: str):
    """The curve exactly as the page computes it on its default data (the page's own function)."""
    spec = MODELS[key]
    params = tuple(sorted({p.name: p.default for p in spec.params}.items()))
    vals = runs.curve_values(key, spec.param(name))
    terms, ses, _, errors = runs.curve(DEFAULT, (), key, params, name, vals, lectures.ROUNDS)
    assert not errors
    return vals, terms, ses


def test_knn_bias_grows_with_k_and_its_variance_falls():
    vals, terms, ses = page_curve("knn", "n_neighbors")
    assert vals[0] == 1 and vals[-1] >= 45
    assert shaped(terms[:, BIAS], ses[:, BIAS], +1), terms[:, BIAS]
    assert shaped(terms[:, VARIANCE], ses[:, VARIANCE], -1), terms[:, VARIANCE]
    assert shaped(terms[:, NET], ses[:, NET], -1), terms[:, NET]
    # the noise is a term of its own: 1-NN's vote is near the Bayes label though its loss is not
    assert terms[0, BIAS] < 0.03 and terms[0, NOISE_TERM] > 0.04
    np.testing.assert_allclose(terms[:, LOSS], terms[:, NOISE_TERM] + terms[:, BIAS] + terms[:, NET], atol=1e-12)


def test_tree_bias_falls_with_depth_and_its_variance_rises():
    vals, terms, ses = page_curve("tree", "max_depth")
    assert vals[0] == 1 and vals[-1] is None
    assert shaped(terms[:, BIAS], ses[:, BIAS], -1), terms[:, BIAS]
    assert shaped(terms[:, NET], ses[:, NET], +1), terms[:, NET]
    # A stump's threshold wanders between samples (the gain is flat across the moons' overlap), so its
    # variance is above depth 2's; from depth 2 on the variance rises, and the full tree's is the largest.
    assert shaped(terms[1:, VARIANCE], ses[1:, VARIANCE], +1), terms[:, VARIANCE]
    assert terms[-1, VARIANCE] == terms[:, VARIANCE].max()
    np.testing.assert_allclose(terms[:, LOSS], terms[:, NOISE_TERM] + terms[:, BIAS] + terms[:, NET], atol=1e-12)


# --- the lecture steps: each claim checked by fitting the step's model with mlcore directly ------------

def curve_of(step, model, param: str, key: str):
    """The step's data; the decomposition at every value the page's curve shows, with mlcore alone."""
    recipe = recipe_of(step.values)
    bayes = BayesClassifier(recipe.data, noise=recipe.noise, seed=recipe.seed)
    n_train = len(fits.dataset(recipe, ()).y_train)
    samples = generator_samples(bayes, n_train, runs.TEST_POINTS, step.values[f"bv_rounds_{key}"])
    vals = runs.curve_values(key, MODELS[key].param(param))
    results = {v: generator_bias_variance(model(v), bayes, n_train, n_test=runs.TEST_POINTS,
                                          n_rounds=step.values[f"bv_rounds_{key}"], samples=samples) for v in vals}
    return results


def knn(k):
    return KNeighborsClassifier(n_neighbors=k)


def tree(depth):
    return DecisionTreeClassifier(max_depth=depth)


def test_knn_steps_say_what_the_decomposition_shows():
    one, fifteen, many = lectures.STEPS[:3]
    r = curve_of(one, knn, "n_neighbors", "knn")
    assert (one.values["p_knn_k"], fifteen.values["p_knn_k"], many.values["p_knn_k"]) == (1, 15, 49)
    assert r[1].variance == max(x.variance for x in r.values())          # "the largest variance on the curve"
    assert r[1].bias < 0.03                                               # "bias under 3%"
    assert r[15].variance < r[1].variance / 2                             # "less than half the variance of k = 1"
    assert r[15].expected_loss < r[1].expected_loss                       # "lower than at k = 1"
    assert r[49].variance < r[1].variance / 2                             # "less than half the variance of k = 1"
    assert r[49].bias == max(x.bias for x in r.values())                  # "the largest bias on the curve"
    X, y = fits.dataset(recipe_of(one.values), ()).X_train, fits.dataset(recipe_of(one.values), ()).y_train
    assert knn(1).fit(X, y).score(X, y) == 1.0                            # "follows its own noisy points"
    assert abs(49 / len(y) - 1 / 3) < 0.05                              # "a third of the training set"


def test_tree_steps_say_what_the_decomposition_shows():
    stump, full = lectures.STEPS[3:]
    assert stump.values["p_tree_max_depth"] == 1 and full.values["p_tree_max_depth"] is None
    r = curve_of(stump, tree, "max_depth", "tree")
    assert r[1].bias == max(x.bias for x in r.values())                   # "the largest bias on the curve"
    assert r[None].variance == max(x.variance for x in r.values())        # "the largest variance on the curve"
    assert r[None].expected_loss > r[3].expected_loss                     # "above that of depth 3"
    data = fits.dataset(recipe_of(full.values), ())
    assert tree(None).fit(data.X_train, data.y_train).score(data.X_train, data.y_train) == 1.0   # "every leaf pure"


@pytest.mark.app
@pytest.mark.parametrize("i", range(len(lectures.STEPS)))
def test_a_step_sets_its_settings_shows_its_line_and_reopens_from_its_link(i):
    step = lectures.STEPS[i]
    at = run_page(PAGE, {"data": "circles", "n": "120", "rounds": "10", "pts": "0.5,0.5,1;1,1,0"})
    at.button(key=f"preset_bias_variance_{i}").click().run()
    assert_clean(at)
    for key, value in step.values.items():
        assert at.session_state[key] == ("no limit" if value is None else value), key
    assert at.session_state[draw.KEY] == []
    assert any(step.text in c.value for c in at.caption)
    fresh = run_page(PAGE, link(at))
    assert_clean(fresh)
    assert values(fresh) == values(at)
    assert charts(fresh) == charts(at)


# --- the opening view and unknown distributions ---------------------------------------------------------

@pytest.mark.app
def test_a_bare_link_opens_on_noisy_moons_with_the_noise_apart():
    at = run_page(PAGE)
    assert_clean(at)
    assert (at.session_state["ds_data"], at.session_state["ds_noise"], at.session_state["model"]) == ("moons", 0.35,
                                                                                                        "knn")
    shown = {m.label: m.value for m in at.metric}
    assert set(shown) == {"expected loss", "noise", "bias", "variance", "net variance"}
    assert all(" ± " in v for v in shown.values())
    assert not any(v.startswith("100") for v in shown.values())
    seen = next(m.value for m in at.markdown if "What you see" in m.value)
    assert "noise floor" in seen
    # the reading points to the curve's lowest expected loss, or says the setting is there
    curve = charts(at)[1]
    loss = next(t for t in curve["data"] if t["name"] == "expected loss")
    best = loss["x"][int(np.argmin(decode(loss["y"])))]
    assert f"towards {best}:" in seen or "bottom of the curve" in seen


@pytest.mark.app
@pytest.mark.parametrize("query", [{"pts": "0.5,0.5,1;1,1,0"}, {"erased": "3"}])
def test_without_a_known_distribution_the_page_says_the_noise_is_in_the_bias(query):
    at = run_page(PAGE, {"data": "moons", "noise": "0.35", "n": "100", "rounds": "10", **query})
    assert_clean(at)
    assert "noise" not in {m.label for m in at.metric}
    assert any("the noise is counted in the bias" in c.value for c in at.caption)
    assert any("bootstrap samples" in c.value for c in at.caption)
