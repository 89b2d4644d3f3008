"""Lecture presets (ui.core.presets, ui.core.lectures): each step sets its settings, shows its one line while
they hold, leaves the page clean, and goes into the link like any change."""

import math

import numpy as np
import pytest
from support.apptest import assert_clean, assert_reopens, captions, charts, click_step, link, run_page, values, widget

from mlcore.linear_model import Perceptron
from mlcore.multiclass import OneVsOneClassifier, OneVsRestClassifier, OutputCodeClassifier
from mlcore.neural_network import MLPClassifier
from mlcore.svm import LinearSVC
from ui.core import lectures
from ui.core.presets import recipe_of
from ui.data import draw
from ui.serving import fits

pytestmark = pytest.mark.app

PAGES = {"playground": ("pages/1_Playground.py", lectures.PLAYGROUND),
         "svm": ("pages/2_SVM_and_kernels.py", lectures.SVM),
         "tree": ("pages/3_Decision_tree.py", lectures.TREE),
         "ensembles": ("pages/5_Ensembles.py", lectures.ENSEMBLES),
         "perceptron": ("pages/6_Perceptron.py", lectures.PERCEPTRON),
         "nn": ("pages/7_Neural_network.py", lectures.NN),
         "multiclass": ("pages/8_Multi-class.py", lectures.MULTICLASS)}
CASES = [(name, i) for name, (_, steps) in PAGES.items() for i in range(len(steps))]


def metric(at, label: str) -> str:
    return next(m.value for m in at.metric if m.label.startswith(label))


@pytest.mark.parametrize(("name", "i"), CASES)
def test_a_step_sets_its_settings_shows_its_line_and_reopens_from_its_link(name, i):
    page, steps = PAGES[name]
    # start from a changed session: drawn points and another dataset, which the step must replace
    at = run_page(page, {"data": "circles", "n": "120", "pts": "0.5,0.5,1;1,1,0"})
    assert at.session_state[draw.KEY]
    click_step(at, name, i)
    resolved = at.session_state[f"_preset_{name}_values"]
    for key, value in steps[i].values.items():
        held = at.session_state[key]
        expected = resolved[key] if callable(value) else value  # a function: the tree's depth, checked below
        assert held == ("no limit" if expected is None else expected), key
    assert at.session_state[draw.KEY] == []
    assert any(steps[i].text in c for c in captions(at))
    assert_reopens_with_its_warnings(at, page)


def assert_reopens_with_its_warnings(at, page: str):
    """``assert_reopens``, where a step's page warns by design (the SVM's hard margin on data no line
    separates): the link reopens the same settings, charts and warnings, and adds none of its own."""
    assert_clean(at)
    fresh = run_page(page, link(at))
    assert_clean(fresh)
    assert [w.value for w in fresh.warning] == [w.value for w in at.warning]
    assert values(fresh) == values(at)
    assert charts(fresh) == charts(at)


ID3 = "pages/4_ID3_on_a_table.py"


@pytest.mark.parametrize("i", range(len(lectures.NAIVE_BAYES)))
def test_a_naive_bayes_step_sets_its_table_row_and_smoothing_shows_its_line_and_reopens(i):
    step = lectures.NAIVE_BAYES[i]
    # start elsewhere: another table and smoothing on, which the step must replace
    at = run_page(ID3, {"table": "kids_play", "laplace": "true"})
    click_step(at, "id3_nb", i)
    for key, value in step.values.items():
        assert at.session_state[key] == value, key
    assert any(step.text in c for c in captions(at))
    assert_reopens(at, ID3)


def test_knn_steps_show_what_their_text_says():
    at = run_page("pages/1_Playground.py")
    assert metric(click_step(at, "playground", 0), "train accuracy") == "100.0%"   # k = 1
    assert metric(click_step(at, "playground", 1), "train accuracy") != "100.0%"   # k = 15
    assert metric(click_step(at, "playground", 2), "train accuracy") == "100.0%"   # weighted: own vote 1/0
    assert metric(click_step(at, "playground", 3), "train accuracy") == "100.0%"   # logistic, separable
    assert metric(click_step(at, "playground", 4), "train accuracy") != "100.0%"   # overlapping


def test_the_line_goes_when_a_setting_changes():
    at = click_step(run_page("pages/1_Playground.py"), "playground", 1)
    assert any(lectures.PLAYGROUND[1].text in c for c in captions(at))
    at.slider(key="p_knn_k").set_value(7).run()
    assert_clean(at)
    assert not any(lectures.PLAYGROUND[1].text in c for c in captions(at))
    assert not any("changed since" in c for c in captions(at)), "only a row with say_changed says so"


@pytest.mark.parametrize(("name", "page", "steps", "key", "value"),
                         [("svm", "pages/2_SVM_and_kernels.py", lectures.SVM, "p_svm_C", 1.0),
                          ("id3_nb", ID3, lectures.NAIVE_BAYES, "nb_laplace", True)])
def test_a_row_with_say_changed_says_the_settings_changed_then_shows_the_line_again(name, page, steps, key, value):
    at = click_step(run_page(page), name, 0)
    assert any(steps[0].text in c for c in captions(at))
    held = at.session_state[key]
    widget(at, key).set_value(value).run()
    assert_clean(at)
    assert not any(steps[0].text in c for c in captions(at))
    assert any(f"changed since step “{steps[0].label}”" in c for c in captions(at))
    widget(at, key).set_value(held).run()
    assert any(steps[0].text in c for c in captions(at)), "back at the step's settings, back its line"


def test_tree_steps_grow_then_prune():
    at = run_page("pages/3_Decision_tree.py")
    assert metric(click_step(at, "tree", 0), "depth").startswith("1 of")
    full = click_step(at, "tree", 2)
    assert metric(full, "train accuracy") == "100.0%"
    depth, of = metric(full, "depth").split(" of ")
    assert depth == of  # the slider at the full tree's depth
    leaves_full = int(metric(full, "leaves"))
    pruned = click_step(at, "tree", 3)
    assert int(metric(pruned, "leaves")) < leaves_full


def test_ensemble_steps_vote_with_every_tree():
    at = run_page("pages/5_Ensembles.py")
    for i, trees in enumerate((1, 10, 100)):
        assert metric(click_step(at, "ensembles", i), "members voting") == f"{trees}/{trees}"


def test_perceptron_steps_converge_only_on_separable_data():
    at = run_page("pages/6_Perceptron.py")
    done = [c for c in captions(click_step(at, "perceptron", 0)) if "converge" in c]
    assert done and all("did not converge" not in c for c in done)
    assert any("did not converge" in c for c in captions(click_step(at, "perceptron", 1)))
    assert any("did not converge" in c for c in captions(click_step(at, "perceptron", 2)))


def percent(text: str) -> float:
    return float(text.rstrip("%")) / 100


def step_data(step):
    return fits.dataset(recipe_of(step.values), ())


def step_network(step) -> tuple[MLPClassifier, object]:
    """The step's network fitted here from its values (mlcore directly, not the page's train)."""
    v, data = step.values, step_data(step)
    net = MLPClassifier(hidden_layer_sizes=(v["p_mlp_hidden_units"],) * v["p_mlp_hidden_layers"],
                        activation=v["p_mlp_activation"], solver=v["p_mlp_solver"],
                        learning_rate_init=v["p_mlp_learning_rate_init"], alpha=v["p_mlp_alpha"],
                        batch_size=v["p_mlp_batch_size"], max_iter=v["p_mlp_max_iter"], random_state=0)
    return net.fit(data.X_train, data.y_train), data


def boundary_radii(net) -> np.ndarray:
    """Along 72 rays from the centre, the first radius (to 3, the data's edge) where the class
    predicted at the centre changes; inf where it never does (the shape is open there)."""
    radii = np.linspace(0.0, 3.0, 301)
    out = []
    for angle in np.linspace(0, 2 * np.pi, 72, endpoint=False):
        labels = net.predict(radii[:, None] * np.array([np.cos(angle), np.sin(angle)]))
        changed = labels != labels[0]
        out.append(radii[np.argmax(changed)] if changed.any() else np.inf)
    return np.array(out)


def test_nn_steps_show_what_their_text_says():
    one, four, many, fast = lectures.NN
    net, data = step_network(one)
    assert net.score(data.X_train, data.y_train) <= 0.6                       # "at most 60% right"

    net, data = step_network(four)
    assert net.score(data.X_train, data.y_train) == 1.0                       # "100% right"
    assert net.predict([[0.0, 0.0]])[0] == 1                                  # the inner ring's class inside
    corners = boundary_radii(net)
    assert np.isfinite(corners).all()                                         # "a closed shape" round it
    assert corners.max() / corners.min() > 1.3                                # "with corners": far from round

    net, data = step_network(many)
    assert net.score(data.X_train, data.y_train) == 1.0
    round_ = boundary_radii(net)
    # "nearly round, between the rings" (radii 1.2 and 2.4): every ray crosses near 1.8
    assert net.predict([[0.0, 0.0]])[0] == 1 and ((1.5 < round_) & (round_ < 2.1)).all()
    assert round_.max() / round_.min() < 1.2                                  # "the corners are gone"

    net, data = step_network(fast)
    assert abs(min(net.loss_curve_) - math.log(2)) < 0.05                     # "stays near ln 2": never fell
    assert net.score(data.X_train, data.y_train) <= 0.6
    # the same network at the page's default rate 0.01 does learn: the rate is what fails ("overshoot")
    net, data = step_network(lectures.Step("", "", {**fast.values, "p_mlp_learning_rate_init": 0.01}))
    assert net.score(data.X_train, data.y_train) >= 0.95

    # the page shows the same, at the last epoch
    at = run_page("pages/7_Neural_network.py")
    assert percent(metric(click_step(at, "nn", 0), "train accuracy")) <= 0.6
    assert metric(click_step(at, "nn", 1), "train accuracy") == "100.0%"
    assert metric(click_step(at, "nn", 2), "train accuracy") == "100.0%"
    shown = click_step(at, "nn", 3)
    epoch, of = metric(shown, "epoch").split(" / ")
    assert epoch == of
    assert abs(float(metric(shown, "loss")) - math.log(2)) < 0.1


def test_a_nn_step_shows_its_network_trained_even_after_the_slider_moved():
    at = click_step(run_page("pages/7_Neural_network.py"), "nn", 2)
    at.slider(key="nn_epoch").set_value(1).run()
    assert metric(at, "epoch").startswith("1 / ")
    click_step(at, "nn", 0)
    epoch, of = metric(at, "epoch").split(" / ")
    assert epoch == of
    assert any(lectures.NN[0].text in c for c in captions(at))


def region_shares(model, bounds) -> np.ndarray:
    """The share of the plane (a 120 x 120 grid over the data's bounds) each of the five classes gets."""
    x1, x2 = np.meshgrid(np.linspace(bounds[0], bounds[1], 120), np.linspace(bounds[2], bounds[3], 120))
    labels = model.predict(np.column_stack([x1.ravel(), x2.ravel()]))
    return np.bincount(labels, minlength=5) / labels.size


def test_multiclass_steps_show_what_their_text_says():
    data = step_data(lectures.MULTICLASS[0])
    X, y = data.X_train, data.y_train
    machine = Perceptron(random_state=0)   # the catalog's perceptron at its defaults
    ovr = OneVsRestClassifier(machine).fit(X, y)
    ovo = OneVsOneClassifier(machine).fit(X, y)
    ecoc = OutputCodeClassifier(machine, code="random", code_size=1.5, random_state=0).fit(X, y)
    cs = LinearSVC(C=1.0, multi_class="crammer_singer").fit(X, y)
    assert np.unique(y).tolist() == [0, 1, 2, 3, 4]
    assert (len(ovr.estimators_), len(ovo.estimators_), len(ecoc.estimators_)) == (5, 10, 7)  # five, ten, seven
    assert ovr.score(X, y) < 0.75                                              # "under 75% right"
    assert region_shares(ovr, data.bounds)[4] < 0.02                          # "class 4 all but loses its region"
    assert ovo.score(X, y) > 0.8                                               # "over 80%"
    assert region_shares(ovo, data.bounds).min() > 0.1                         # "every class has its region"
    assert ecoc.score(X, y) > ovr.score(X, y)                                  # "beating one-vs-rest"
    assert region_shares(ecoc, data.bounds).min() > 0.1
    assert cs.score(X, y) > 0.8                                                # "over 80% right"

    at = run_page("pages/8_Multi-class.py")
    for i, (machines, accuracy) in enumerate(((5, ovr), (10, ovo), (7, ecoc))):
        click_step(at, "multiclass", i)
        assert metric(at, "binary machines") == str(machines)
        assert metric(at, "train accuracy") == f"{accuracy.score(X, y):.1%}"
    click_step(at, "multiclass", 3)
    assert metric(at, "joint problems") == "1"
    assert metric(at, "train accuracy") == f"{cs.score(X, y):.1%}"
