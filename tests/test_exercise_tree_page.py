"""The "Build the tree" page under AppTest: at every level, on the plane and on the tennis table, a
right play is solved and a wrong one is not (a hint offered); the link reopens the task with the
student's splits; the reveal shows mlcore's CART (or ID3) choice."""

import contextlib
import io
import re

import numpy as np
import pandas as pd
import pytest
from support.apptest import assert_clean, figure, link, run_page
from support.exercises import hint_offered, not_yet, open_hint, open_task, reveal, solved

from exercises import LEVELS
from exercises import tree_by_hand as rules
from mlcore.tree import DecisionTreeClassifier
from ui.core.show_code import LABEL

pytestmark = pytest.mark.app

PAGE = "pages/32_Build_the_tree.py"
SEED = 17


def make_split(at, level, seed, split):
    """Choose the region, the axis and the threshold with the widgets, then Make this split."""
    key = f"ex_tree-{level}-{seed}"
    at.selectbox(key=f"{key}_region").set_value(split.region).run()
    next(w for w in at.get("button_group") if w.key == f"{key}_axis").set_value(split.feature).run()
    at.number_input(key=f"{key}_threshold").set_value(round(split.threshold, 3)).run()
    at.button(key="ex_tree_split").click().run()
    assert_clean(at)
    return at


def poor_root_split(task):
    every = rules.candidates(task, np.ones(len(task.y), dtype=bool))
    f, t, _ = min((c for c in every if c[2] > 0), key=lambda c: c[2])
    return rules.Split("", f, t)


def training_points(at) -> list:
    return [(trace["name"], trace["x"], trace["y"]) for trace in figure(at, 0)["data"]
            if trace["name"].startswith("class")]


@pytest.mark.parametrize("level", LEVELS)
def test_plane_right_play_is_solved_and_the_link_reopens_it(level):
    task = rules.make(level, SEED)
    at = open_task(PAGE, level, SEED)
    assert not solved(at) and not not_yet(at)
    for split in rules.solve(task):
        make_split(at, level, SEED, split)
    assert solved(at), [w.value for w in at.warning]
    items = link(at)
    assert items["seed"] == str(SEED) and items["hand"] and items["done"] == f"tree:{level}:100"
    again = run_page(PAGE, query=items)
    assert_clean(again)
    assert solved(again) and training_points(again) == training_points(at)


@pytest.mark.parametrize("level", LEVELS)
def test_plane_wrong_play_is_not_yet_with_a_hint(level):
    task = rules.make(level, SEED)
    at = make_split(open_task(PAGE, level, SEED), level, SEED, poor_root_split(task))
    assert not solved(at) and not_yet(at) and hint_offered(at)
    assert "95%" in next(w.value for w in at.warning if w.value.startswith("**Not yet**"))
    open_hint(at)
    assert any(i.value.startswith("**Hint 1.**") for i in at.info)


def test_a_cut_outside_the_region_cannot_be_made():
    at = open_task(PAGE, 1, SEED)
    at.number_input(key=f"ex_tree-1-{SEED}_threshold").set_value(9.0).run()
    assert at.button(key="ex_tree_split").disabled
    assert any("one side" in w.value for w in at.warning)


def test_undo_takes_back_the_last_split():
    task = rules.make(2, SEED)
    at = open_task(PAGE, 2, SEED)
    make_split(at, 2, SEED, rules.solve(task)[0])
    assert link(at)["hand"]
    at.button(key="ex_tree_undo").click().run()
    assert "hand" not in link(at) and not solved(at) and not not_yet(at)


def test_the_reveal_shows_carts_choice_in_each_region():
    """CART's split of the root, computed here with mlcore's tree of depth 1, is in the reveal's table."""
    level, task = 2, rules.make(2, SEED)
    at = open_task(PAGE, level, SEED)
    make_split(at, level, SEED, poor_root_split(task))
    reveal(at)
    assert_clean(at)
    stump = DecisionTreeClassifier(criterion=task.criterion, max_depth=1).fit(task.X, task.y).tree_
    tables = [d.value for d in at.dataframe if isinstance(d.value, pd.DataFrame) and "CART's split" in d.value]
    feature, threshold = re.match(r"(x.) ≤ (-?[\d.]+) \(gain", tables[0]["CART's split"].iloc[0]).groups()
    assert feature == rules.FEATURES[stump.feature[0]]
    assert abs(float(threshold) - stump.threshold[0]) <= 5e-4     # shown to three decimals
    assert any("CART (mlcore) at depth 1" in str(c.proto.spec) for c in at.get("plotly_chart"))
    assert any("test points" in m.value for m in at.markdown)


@pytest.mark.parametrize("hand", ["X9:abc", "LL1:0.3", "1:0.3;1:0.5", "1:0.3;R2:0.1;L2:0.2", "1:1e400"])
def test_a_bad_hand_item_is_reported(hand):
    """Malformed, a region no split made, a region split twice, more splits than level 1 task 3 asks."""
    at = run_page(PAGE, query={"seed": "3", "hand": hand})
    assert_clean(at)
    assert any("your splits" in w.value for w in at.warning)
    assert "hand" not in link(at)


TENNIS = {1: ("outlook", "wind"), 2: ("humidity", "temperature"), 3: ("wind", "temperature")}


@pytest.mark.parametrize("level", LEVELS)
def test_tennis_right_and_wrong(level):
    right, wrong = TENNIS[level]
    at = open_task(PAGE, level, SEED, mode="table")
    radio = at.radio(key=f"ex_tree-{level}-{SEED}_attr")
    radio.set_value(wrong).run()
    assert not_yet(at) and hint_offered(at) and not solved(at)
    at.radio(key=f"ex_tree-{level}-{SEED}_attr").set_value(right).run()
    assert solved(at)
    assert any(m.value.startswith("**Every attribute's information gain**") for m in at.markdown)
    again = run_page(PAGE, query=link(at))
    assert_clean(again)
    assert solved(again) and link(again)["attr"] == right and link(again)["mode"] == "table"


def test_tennis_root_shows_the_notes_gains_and_reveals_id3():
    at = open_task(PAGE, 1, SEED, mode="table", attr="outlook")
    text = "\n".join(m.value for m in at.markdown)
    # shared/worked_examples.md: H(S) = 0.940; gains 0.246 (0.2467 printed to three places), 0.151, 0.048, 0.029
    assert "H(S) = 0.940" in text
    for name, gain in (("outlook", "0.247"), ("humidity", "0.152"), ("wind", "0.048"), ("temperature", "0.029")):
        assert f"**{name}** {gain}" in text
    reveal(at)
    assert any(m.value.startswith("**ID3 (mlcore) tests outlook**") for m in at.markdown)


def test_show_code_checks_the_same_splits_and_prints_the_pages_verdict():
    level, task = 3, rules.make(3, SEED)
    at = open_task(PAGE, level, SEED)
    for split in rules.solve(task):
        make_split(at, level, SEED, split)
    shown = next(s.value for s in at.success if s.value.startswith("**Solved**"))
    code = next(c.value for e in at.expander if e.label == LABEL for c in e.code if c.language == "python")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<show code>", "exec"), {})
    verdict_line = out.getvalue().splitlines()[task.splits]   # after one line per split
    assert verdict_line in shown
