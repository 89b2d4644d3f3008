"""Lecture presets (ui.presets, ui.lectures): each step sets its settings, shows its one line while
they hold, leaves the page clean, and goes into the link like any change."""

import pytest
from test_app import assert_clean
from test_link_roundtrip import assert_reopens, open_page

from ui import draw, lectures

pytestmark = pytest.mark.app

PAGES = {"playground": ("pages/1_Playground.py", lectures.PLAYGROUND),
         "tree": ("pages/3_Decision_tree.py", lectures.TREE),
         "ensembles": ("pages/5_Ensembles.py", lectures.ENSEMBLES),
         "perceptron": ("pages/6_Perceptron.py", lectures.PERCEPTRON)}
CASES = [(name, i) for name, (_, steps) in PAGES.items() for i in range(len(steps))]


def click(at, name: str, i: int):
    at.button(key=f"preset_{name}_{i}").click().run()
    assert_clean(at)
    return at


def metric(at, label: str) -> str:
    return next(m.value for m in at.metric if m.label.startswith(label))


def captions(at) -> list[str]:
    return [c.value for c in at.caption]


@pytest.mark.parametrize(("name", "i"), CASES)
def test_a_step_sets_its_settings_shows_its_line_and_reopens_from_its_link(name, i):
    page, steps = PAGES[name]
    # start from a changed session: drawn points and another dataset, which the step must replace
    at = open_page(page, {"data": "circles", "n": "120", "pts": "0.5,0.5,1;1,1,0"})
    assert at.session_state[draw.KEY]
    click(at, name, i)
    resolved = at.session_state[f"_preset_{name}_values"]
    for key, value in steps[i].values.items():
        held = at.session_state[key]
        expected = resolved[key] if callable(value) else value  # a function: the tree's depth, checked below
        assert held == ("no limit" if expected is None else expected), key
    assert at.session_state[draw.KEY] == []
    assert any(steps[i].text in c for c in captions(at))
    assert_reopens(at, page)


def test_knn_steps_show_what_their_text_says():
    at = open_page("pages/1_Playground.py")
    assert metric(click(at, "playground", 0), "train accuracy") == "100.0%"   # k = 1
    assert metric(click(at, "playground", 1), "train accuracy") != "100.0%"   # k = 15
    assert metric(click(at, "playground", 2), "train accuracy") == "100.0%"   # weighted: own vote 1/0
    assert metric(click(at, "playground", 3), "train accuracy") == "100.0%"   # logistic, separable
    assert metric(click(at, "playground", 4), "train accuracy") != "100.0%"   # overlapping


def test_the_line_goes_when_a_setting_changes():
    at = click(open_page("pages/1_Playground.py"), "playground", 1)
    assert any(lectures.PLAYGROUND[1].text in c for c in captions(at))
    at.slider(key="p_knn_k").set_value(7).run()
    assert_clean(at)
    assert not any(lectures.PLAYGROUND[1].text in c for c in captions(at))


def test_tree_steps_grow_then_prune():
    at = open_page("pages/3_Decision_tree.py")
    assert metric(click(at, "tree", 0), "depth").startswith("1 of")
    full = click(at, "tree", 2)
    assert metric(full, "train accuracy") == "100.0%"
    depth, of = metric(full, "depth").split(" of ")
    assert depth == of  # the slider at the full tree's depth
    leaves_full = int(metric(full, "leaves"))
    pruned = click(at, "tree", 3)
    assert int(metric(pruned, "leaves")) < leaves_full


def test_ensemble_steps_vote_with_every_tree():
    at = open_page("pages/5_Ensembles.py")
    for i, trees in enumerate((1, 10, 100)):
        assert metric(click(at, "ensembles", i), "members voting") == f"{trees}/{trees}"


def test_perceptron_steps_converge_only_on_separable_data():
    at = open_page("pages/6_Perceptron.py")
    done = [c for c in captions(click(at, "perceptron", 0)) if "converge" in c]
    assert done and all("did not converge" not in c for c in done)
    assert any("did not converge" in c for c in captions(click(at, "perceptron", 1)))
    assert any("did not converge" in c for c in captions(click(at, "perceptron", 2)))
