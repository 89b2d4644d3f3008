"""Ensembles, Multi-class and ID3 on a table teach (issue 22): "What you see" names what each shows in
two contrasting states, each page links to at least two others and the page at the other end opens
on the same data and model, and a bare link opens where the lesson shows (no score of 100%)."""

import math
import re

import numpy as np
import pytest
from support.apptest import assert_clean, charts, decode, link, page_links, run_page, seen, values

from mlcore.datasets import TABLES
from mlcore.linear_model import Perceptron
from mlcore.multiclass import OneVsOneClassifier, OneVsRestClassifier
from mlcore.tree import ID3Classifier
from ui.core import lectures
from ui.core.layout import menu, section_of
from ui.core.presets import recipe_of
from ui.serving import fits

pytestmark = pytest.mark.app

ENSEMBLES, MULTICLASS, ID3 = "pages/5_Ensembles.py", "pages/8_Multi-class.py", "pages/4_ID3_on_a_table.py"
NOISY_MOONS = {"data": "moons", "noise": "0.35"}
FIVE_BLOBS = {"data": "blobs", "classes": "5", "noise": "0.8", "base": "perceptron"}


def state(at, key):
    try:
        return at.session_state[key]
    except KeyError:
        return None


def percents(text: str) -> list[int]:
    return [int(p) for p in re.findall(r"(\d+)%", text)]


# --- Ensembles ----------------------------------------------------------------------------------

def test_one_tree_is_variance_and_a_hundred_trees_vote_it_away_without_overfitting():
    one = run_page(ENSEMBLES, {**NOISY_MOONS, "model": "random_forest", "n_estimators": "1"})
    assert_clean(one)
    text = seen(one)
    assert "One tree alone" in text and "**variance**" in text and "more trees" in text

    many = run_page(ENSEMBLES, {**NOISY_MOONS, "model": "random_forest", "n_estimators": "100"})
    assert_clean(many)
    text = seen(many)
    alone, vote = re.search(r"One tree alone scores (\d+)% on the test points on average, the vote of all 100 "
                            r"scores (\d+)%", text).groups()
    assert int(alone) < int(vote)           # the claim: the vote does better than one tree
    assert f"{vote}.0%" == next(m.value for m in many.metric if m.label == "test accuracy")
    assert "never make it overfit" in text
    oob = next(m.value for m in many.metric if m.label == "out-of-bag accuracy")
    assert f"Out-of-bag accuracy (each point scored only by the trees that never saw it) {round(float(oob[:-1]))}%" \
        in text
    # the test curve of the chart "Accuracy as members are added" moves as little as the text says
    moved = int(re.search(r"From 50 to 100 trees the test accuracy moves by (\d+) point", text).group(1))
    test = next(t for fig in charts(many) for t in fig["data"] if t.get("name") == "test accuracy")
    tail = decode(test["y"]).astype(float)[49:]
    assert round(100 * (tail.max() - tail.min())) == moved


def test_the_reading_follows_the_members_slider():
    at = run_page(ENSEMBLES, {**NOISY_MOONS, "model": "random_forest", "n_estimators": "20"})
    assert "the vote of all 20" in seen(at)
    next(s for s in at.slider if s.label == "members in the vote").set_value(3).run()
    assert_clean(at)
    assert "the vote of the first 3 of 20" in seen(at)
    assert len({path for path, _ in page_links(at)}) >= 2


def test_adaboost_of_one_round_underfits_and_of_many_deep_rounds_overfits():
    one = run_page(ENSEMBLES, {**NOISY_MOONS, "model": "adaboost", "n_estimators": "1"})
    assert_clean(one)
    text = seen(one)
    assert "**underfitting**" in text and "larger number of rounds" in text and "After round 1 of 1" in text
    many = run_page(ENSEMBLES, {**NOISY_MOONS, "model": "adaboost", "n_estimators": "200", "max_depth": "3"})
    assert_clean(many)
    text = seen(many)
    assert "**overfitting**" in text and "smaller number of rounds" in text
    train = next(m.value for m in many.metric if m.label == "train accuracy")
    assert f"training error {100 - round(float(train[:-1]))}%" in text and "Test error was lowest at round" in text


# --- Multi-class ----------------------------------------------------------------------------------

def lecture_data():
    return fits.dataset(recipe_of(lectures.MULTICLASS[0].values), ())


def test_one_vs_rest_loses_a_class_and_one_vs_one_gives_every_class_a_region():
    data = lecture_data()
    assert str(dict(FIVE_BLOBS)["noise"]) == str(lectures.MULTICLASS[0].values["ds_noise"])
    machine = Perceptron(random_state=0)
    ovr = OneVsRestClassifier(machine).fit(data.X_train, data.y_train)
    ovo = OneVsOneClassifier(machine).fit(data.X_train, data.y_train)
    # the class one-vs-rest leaves fewest of its own test points, worked out here
    recall = [np.mean(ovr.predict(data.X_test[data.y_test == c]) == c) for c in ovr.classes_]
    worst = int(ovr.classes_[int(np.argmin(recall))])

    at = run_page(MULTICLASS, {**FIVE_BLOBS, "strategy": "ovr"})
    assert_clean(at)
    text = seen(at)
    assert text.count("One-vs-rest: 5 two-class machines (Perceptron)") == 1
    assert f"class {worst} (" in text and "loses its region" in text
    assert f"One-vs-one (10 machines) scores {ovo.score(data.X_test, data.y_test):.0%}" in text
    assert "switch to one-vs-one" in text

    at = run_page(MULTICLASS, {**FIVE_BLOBS, "strategy": "ovo"})
    assert_clean(at)
    text = seen(at)
    assert "One-vs-one: 10 two-class machines" in text and "Every class has a region" in text
    assert f"One-vs-rest (5 machines) scores {ovr.score(data.X_test, data.y_test):.0%}" in text
    assert "switch" not in text


# --- ID3 on a table ---------------------------------------------------------------------------------

def gain(X, y, j) -> float:
    def h(labels):
        _, counts = np.unique(labels, return_counts=True)
        return -sum(c / len(labels) * math.log2(c / len(labels)) for c in counts)
    return h(y) - sum(np.mean(X[:, j] == v) * h(y[X[:, j] == v]) for v in np.unique(X[:, j]))


def test_id3_names_the_root_split_with_its_gain_against_the_runner_up():
    table = TABLES["tennis"]()
    gains = sorted(((gain(table.X, table.y, j), name) for j, name in enumerate(table.features)), reverse=True)
    (g1, first), (g2, second) = gains[:2]
    at = run_page(ID3)
    assert_clean(at)
    assert f"At the root, **{first}** wins with information gain {g1:.3f} against {second}'s {g2:.3f}" in seen(at)
    assert first == "outlook"

    # under outlook = overcast every row plays: that node is a leaf, and says so
    assert set(table.y[table.X[:, table.features.index("outlook")] == "overcast"]) == {"yes"}
    node = next(o for o in at.selectbox if o.label == "node")
    overcast = next(re.match(r"node (\d+)", o).group(1) for o in node.options if "outlook = overcast" in o)
    at = run_page(ID3, {"node": overcast})
    assert_clean(at)
    assert "The node outlook = overcast is a leaf: it is pure. It predicts **yes**." in seen(at)


def test_id3_says_what_the_tree_does_on_rows_it_has_not_seen():
    table = TABLES["tennis"]()
    right = 0
    for i in range(len(table.y)):       # leave-one-out, worked out here
        keep = np.arange(len(table.y)) != i
        tree = ID3Classifier().fit(table.X[keep], table.y[keep], feature_names=list(table.features))
        right += int(tree.predict(table.X[i:i + 1])[0] == table.y[i])
    at = run_page(ID3)
    text = next(m.value for m in at.markdown if "training rows right" in m.value)
    assert f"all {len(table.y)} training rows right" in text and f"{right} of {len(table.y)} come out right" in text
    assert right < len(table.y)        # the point of saying it: unseen rows are not all right


def test_id3_hands_on_the_dataset_its_link_brought():
    at = run_page(ID3, {"data": "circles", "noise": "0.2"})
    assert_clean(at)
    out = dict(page_links(at))
    assert out["Decision_tree"]["data"] == "circles" and out["Playground"]["noise"] == "0.2"
    assert link(at)["data"] == "circles"       # and keeps it in its own link
    assert dict(page_links(run_page(ID3)))["Decision_tree"]["data"] == "moons"   # none brought: noisy moons


def test_naive_bayes_says_a_zero_count_decides_until_laplace():
    off = run_page(ID3, {"nb_outlook": "overcast"})
    assert_clean(off)
    decides = [m.value for m in off.markdown if "Which factor decides" in m.value]
    assert decides and "P(outlook = overcast | no) = 0" in decides[0] and "Laplace" in decides[0]
    on = run_page(ID3, {"nb_outlook": "overcast", "laplace": "true"})
    decides = [m.value for m in on.markdown if "Which factor decides" in m.value][0]
    assert "= 0" not in decides and "**yes** wins" in decides


# --- links and openings ----------------------------------------------------------------------------

FILES = {e.url_path: e.file for e in menu()}
FOCUS = ("complexity", "vary", "tune")
DATASET = ("ds_data", "ds_noise", "ds_classes", "ds_n", "ds_seed")


@pytest.mark.parametrize(("page", "query"), [
    (ENSEMBLES, {**NOISY_MOONS, "model": "random_forest", "min_samples_leaf": "3"}),
    (ENSEMBLES, {**NOISY_MOONS, "model": "adaboost", "n_estimators": "20"}),
    (MULTICLASS, {**FIVE_BLOBS, "strategy": "ovr"}),
    (ID3, {"score": "ratio"}),
])
def test_links_open_the_same_data_and_model_on_the_page_at_the_other_end(page, query):
    at = run_page(page, query)
    assert_clean(at)
    # an exercise makes its own data (ui.core.guide carries only presenter mode to it)
    out = [(path, q) for path, q in page_links(at) if FILES[path] != page and section_of(path) != "Exercises"]
    assert len({path for path, _ in out}) >= 2, out
    for path, q in out:
        target = run_page(FILES[path], q)
        assert_clean(target)
        taken, shown = link(target), values(target)
        missed = {k: v for k, v in q.items() if taken.get(k) != v}
        # the setting a curve page is about may be its default, which its own link leaves out
        assert all(k in FOCUS and v in shown.values() for k, v in missed.items()), (path, q, taken)
        for key in DATASET:     # the same dataset, field by field (ID3 has none: its links name noisy moons)
            assert state(target, key) == (state(at, key) if page != ID3 else state(run_page(FILES[path], {
                "data": "moons", "noise": "0.35"}), key)), (path, key)


def test_the_openings_show_the_lesson_and_no_score_of_100_percent():
    ens = run_page(ENSEMBLES)
    assert_clean(ens)
    assert ens.session_state["ds_data"] == "moons" and ens.session_state["ds_noise"] == 0.35
    assert all(m.value != "100.0%" for m in ens.metric), [m.value for m in ens.metric]
    assert "**variance**" in seen(ens)

    mc = run_page(MULTICLASS)
    assert_clean(mc)
    assert mc.session_state["ds_classes"] == 5 and mc.session_state["mc_strategy"] == "ovr"
    assert all(m.value != "100.0%" for m in mc.metric), [m.value for m in mc.metric]
    assert all(p < 100 for p in percents(seen(mc)))
    assert "loses its region" in seen(mc)
