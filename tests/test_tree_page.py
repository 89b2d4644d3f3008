"""Decision tree page (issue 14): a link to the full depth of a deep tree reopens, and the
pruning plane's legend names the hollow points as its title does."""

import json

import pytest
from streamlit.testing.v1 import AppTest
from support.apptest import link, run_page

pytestmark = pytest.mark.app

TREE = "pages/3_Decision_tree.py"
# 100 drawn points on the diagonal with alternating classes: every leaf holds one point and
# the greedy tree peels them off one per level, 99 levels deep (past the old cap of 64).
STAIRS = ";".join(f"{-2 + 4 * i / 100:g},{-2 + 4 * i / 100:g},{i % 2}" for i in range(100))


def open_tree(query) -> AppTest:
    at = run_page(TREE, query)
    assert not at.exception, [e.message for e in at.exception]
    return at


def depth_shown(at) -> str:
    return next(m.value for m in at.metric if m.label == "depth")


def test_a_link_to_the_full_depth_of_a_deep_tree_reopens():
    at = open_tree({"data": "blank", "pts": STAIRS, "follow": "false"})
    slider = at.slider(key="tree_depth")
    full_depth = int(slider.max)
    assert full_depth > 64
    slider.set_value(full_depth).run()
    shared = link(at)
    assert shared["depth"] == str(full_depth)
    again = open_tree(shared)
    assert not again.warning, [w.value for w in again.warning]
    assert again.slider(key="tree_depth").value == full_depth
    assert depth_shown(again) == f"{full_depth} of {full_depth}"


def test_the_pruning_plane_legend_says_validation_like_its_title():
    at = open_tree({"data": "moons", "n": "200"})
    charts = [json.loads(c.proto.spec) for c in at.get("plotly_chart")]
    pruned = next(c for c in charts if "hollow: validation points" in json.dumps(c["layout"].get("title")))
    legend = {t["name"] for t in pruned["data"] if t.get("showlegend", True) and "name" in t}
    assert "validation points" in legend and not any("test" in name for name in legend), legend
    hollow = [t for t in pruned["data"] if t.get("legendgroup") == "test" and t.get("hovertemplate")]
    assert hollow and all("(validation)" in t["hovertemplate"] for t in hollow)
    # the main plane's hollow points are the test set, and say so
    main = next(c for c in charts if any(t.get("name") == "test points" for t in c["data"]))
    assert "validation" not in json.dumps([t.get("name") for t in main["data"]])
