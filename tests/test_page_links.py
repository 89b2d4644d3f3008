"""Shareable links of the Decision tree and ID3 pages, under AppTest: a link restores every
setting, the address bar follows the widgets, and a bad value is a warning, never a traceback."""

import pytest
from streamlit.testing.v1 import AppTest
from support.apptest import link, run_page

pytestmark = pytest.mark.app

TREE = "pages/3_Decision_tree.py"
ID3 = "pages/4_ID3_on_a_table.py"


def open_page(page, query) -> AppTest:
    at = run_page(page, query)
    assert not at.exception, [e.message for e in at.exception]
    return at


def warning_text(at) -> str:
    assert len(at.warning) == 1, [w.value for w in at.warning]
    return at.warning[0].value


# --- Decision tree ---------------------------------------------------------------------------

TREE_LINK = {"data": "moons", "n": "150", "criterion": "entropy", "min_samples_split": "10",
             "min_samples_leaf": "3", "min_impurity_decrease": "0.004", "gain_ratio": "true", "depth": "2",
             "follow": "false", "val_fraction": "0.4", "prune_step": "1"}


def test_tree_link_restores_every_setting_and_the_url_follows_the_widgets():
    at = open_page(TREE, TREE_LINK)
    assert not at.warning
    assert at.selectbox(key="ds_data").value == "moons" and at.slider(key="ds_n").value == 150
    assert at.selectbox(key="tree_criterion").value == "entropy"
    assert at.slider(key="tree_min_split").value == 10
    assert at.slider(key="tree_min_leaf").value == 3
    assert at.slider(key="tree_min_dec").value == pytest.approx(0.004)
    assert at.toggle(key="tree_gain_ratio").value is True
    assert at.slider(key="tree_depth").value == 2
    assert at.toggle(key="tree_follow").value is False
    assert at.slider(key="tree_val").value == pytest.approx(0.4)
    assert at.slider(key="tree_prune_step").value == 1
    assert next(m.value for m in at.metric if m.label == "depth").startswith("2 of ")
    assert link(at) == TREE_LINK  # the same link comes back out
    at.slider(key="tree_depth").set_value(1).run()
    at.selectbox(key="tree_criterion").set_value("gini").run()
    assert not at.exception
    got = link(at)
    # a regrown tree has a new depth range: the slider keeps 1 (it used to drop to 0)
    assert got["depth"] == "1" and "criterion" not in got  # gini is the default
    assert got["min_samples_leaf"] == "3"


def test_a_new_tree_restarts_the_pruning_step_where_its_pruning_stops():
    at = open_page(TREE, {"data": "moons", "n": "300", "noise": "0.4", "label_noise": "0.1", "prune_step": "1"})
    assert at.slider(key="tree_prune_step").value == 1
    at.selectbox(key="tree_criterion").set_value("entropy").run()
    assert not at.exception
    stop = next(int(c.value.split("stops at step ")[1].split(" ")[0]) for c in at.caption
                if "Reduced-error pruning stops at step" in c.value)
    assert stop != 1, "the data should make the two sequences stop at different steps"
    assert at.slider(key="tree_prune_step").value == stop
    assert "prune_step" not in link(at)


def test_tree_link_to_a_followed_point():
    at = open_page(TREE, {"data": "moons", "x1": "0.5", "x2": "-0.25"})
    assert not at.warning
    assert at.number_input(key="tree_px").value == 0.5 and at.number_input(key="tree_py").value == -0.25
    assert "x₁ = 0.5 ≤" in " ".join(m.value for m in at.markdown)
    assert link(at)["x1"] == "0.5" and link(at)["x2"] == "-0.25"


def test_tree_depth_past_the_full_tree_shows_the_full_tree_and_says_so():
    at = open_page(TREE, {"data": "moons", "n": "150", "depth": "60"})
    depth = at.slider(key="tree_depth")
    assert depth.value == depth.max > 3
    assert "**depth** = `60` is past its largest value here" in warning_text(at)


def test_tree_bad_link_warns_once_keeps_defaults_and_drawn_points():
    at = open_page(TREE, {"criterion": "purity", "min_samples_split": "1", "min_samples_leaf": "ten",
                          "min_impurity_decrease": "-0.1", "gain_ratio": "maybe", "depth": "deep",
                          "x1": "nan", "val_fraction": "0.9", "pts": "0.5,0.5,1;-1,2,0"})
    text = warning_text(at)
    for label in ("criterion", "min samples to split", "min samples per leaf", "min impurity decrease",
                  "gain ratio", "depth", "x₁ of the followed point", "validation fraction"):
        assert f"**{label}**" in text, label
    assert at.selectbox(key="tree_criterion").value == "gini"
    assert at.slider(key="tree_min_split").value == 2 and at.slider(key="tree_min_leaf").value == 1
    assert at.slider(key="tree_min_dec").value == 0.0 and at.toggle(key="tree_gain_ratio").value is False
    assert at.slider(key="tree_val").value == pytest.approx(0.3)
    assert list(at.session_state["drawn"]) == [(0.5, 0.5, 1), (-1.0, 2.0, 0)]
    assert len(at.get("plotly_chart")) == 4  # plane, diagram, pruning curve, pruned plane
    assert not at.error


# --- ID3 on a table --------------------------------------------------------------------------

ID3_LINK = {"table": "kids_play", "score": "ratio", "row": "5", "node": "1", "laplace": "true",
            "nb_outlook": "rainy", "nb_windy": "true"}


def test_id3_link_restores_every_setting_and_the_url_follows_the_widgets():
    at = open_page(ID3, ID3_LINK)
    assert not at.warning
    assert at.selectbox(key="id3_table").value == "kids_play"
    assert at.selectbox(key="id3_score").value == "ratio"
    assert at.number_input(key="id3_row").value == 5
    assert at.selectbox(key="id3_node").value == 1
    assert at.toggle(key="nb_laplace").value is True
    assert at.selectbox(key="nb_kids_play_outlook").value == "rainy"
    assert at.selectbox(key="nb_kids_play_windy").value == "true"
    assert any(m.value.startswith("Row 5 ends in leaf") for m in at.markdown)
    assert link(at) == ID3_LINK
    at.selectbox(key="id3_score").set_value("gini").run()
    at.number_input(key="id3_row").set_value(0).run()
    assert not at.exception
    got = link(at)
    assert got["score"] == "gini" and "row" not in got and got["table"] == "kids_play"


def test_id3_bad_link_warns_once_and_keeps_the_worked_example():
    at = open_page(ID3, {"table": "iris", "score": "chi2", "row": "99", "node": "42", "laplace": "perhaps",
                         "nb_outlook": "snowy", "nb_colour": "red"})
    text = warning_text(at)
    for part in ("**table** = `iris`", "**split score** = `chi2`", "**follow row** = `99`", "**node** = `42`",
                 "**Laplace smoothing** = `perhaps`", "`snowy`", "**nb_colour**"):
        assert part in text, part
    assert at.selectbox(key="id3_table").value == "tennis" and at.selectbox(key="id3_score").value == "gain"
    assert at.number_input(key="id3_row").value == 0 and at.selectbox(key="id3_node").value == 0
    assert at.selectbox(key="nb_tennis_outlook").value == "sunny"
    gains = next(df.value for df in at.dataframe if "gain" in df.value.columns)
    # worked_examples.md: the root gains of the tennis table
    assert dict(zip(gains["feature"], gains["gain"], strict=True))["outlook"] == pytest.approx(0.246, abs=1.5e-3)
    assert link(at) == {}


def test_id3_link_to_an_upload_says_the_rows_cannot_travel():
    at = open_page(ID3, {"table": "upload", "row": "3"})
    assert "**row** applies only to a built-in table" in warning_text(at)
    assert at.selectbox(key="id3_table").value == "upload"
    assert link(at) == {"table": "upload"}
