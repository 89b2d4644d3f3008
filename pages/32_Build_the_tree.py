"""Build the tree by hand: choose a region, a feature and a threshold, see each node's impurity
and the split's gain, and compare with CART's greedy choice; or, on the tennis table, choose the
attribute ID3 would test. The rules are in exercises/tree_by_hand.py."""

import streamlit as st

from catalog.specs import ParamSpec
from exercises import tree_by_hand as rules
from ui.core import settings
from ui.core.show_code import show_code
from ui.exercises import shell, tree_hand, tree_table

MODES = {"plane": "on the plane", "table": "on the tennis table"}
MODE = ParamSpec("mode", "choice", "plane", choices=tuple(MODES), label="version",
                 help="On the plane: cut regions along x₁ or x₂ as CART does (numbers). On the tennis table: "
                      "choose the attribute ID3 tests, on the lecture's 14 days (categories).")
LEVEL_TEXT = {
    1: "Plane: two classes that one or two cuts separate (Gini). Table: the root of the tennis tree.",
    2: "Plane: two classes in three bands, 10% of labels flipped (entropy). Table: the outlook = sunny branch.",
    3: "Plane: three classes in four regions, 5% of labels flipped (Gini). Table: the outlook = rain branch.",
}

task = shell.begin("tree", LEVEL_TEXT, intro="Grow a decision tree yourself, one split at a time, then compare "
                                             "it with the algorithm's.")
main, side = st.columns([1.45, 1], gap="medium")
with side:
    mode = settings.setting(MODE, "ex_tree_mode", control="segmented", format_func=MODES.get)
table = mode == "table"
instance = rules.make(task.level, task.seed, table=table)

if table:
    side.markdown(f"Which attribute should the tree test at **{tree_table.node_name(instance)}**? Solved when "
                  "it has the largest information gain there (in a tie, each attribute of the tie counts).")
    attribute = tree_table.choose(task, instance, main, side)
    verdict = rules.check(instance, attribute) if attribute else None
else:
    side.markdown(
        f"Make **{instance.splits} split{'s' if instance.splits > 1 else ''}**, each with at least "
        f"**{100 * rules.SHARE:.0f}% of the best gain in its region** (CART's greedy choice; exactly "
        f"{100 * rules.SHARE:.0f}% counts).")
    tree_hand.take_link(task, instance)
    made = tree_hand.plane(task, instance, main, side)
    verdict = rules.check(instance, made) if made else None

with side:   # under the answer, where the student looks next
    shell.outcome(task, verdict)
    shell.hints(task, rules.hints(instance))
if table and attribute:
    tree_table.gains(instance)
elif not table:
    tree_hand.report(instance, made)
if shell.revealed(task, bool(verdict and verdict.done)):
    if table:
        tree_table.reveal(instance)
    else:
        tree_hand.reveal(instance, made)
show_code(tree_table.code(instance) if table else tree_hand.code(instance, made),
          "The task and your answer checked by the exercise's rules, beside mlcore's algorithm.")
shell.finish(task, teaches=("tree", "id3"), answers=(tree_hand.HAND_ITEM, tree_table.ATTR.name))
