"""The Multi-class page under AppTest: every strategy draws its regions and machines, the inspected
point's scores / votes / code word, Crammer–Singer beside one-vs-all, the notes' ECOC example."""

import re

import numpy as np
import pytest
from support.apptest import assert_clean, charts, decode, run_page

from mlcore.multiclass import hamming_distances

pytestmark = pytest.mark.app

PAGE = "pages/8_Multi-class.py"
FOUR = {"data": "blobs", "classes": "4", "n": "120"}


def _page(query):
    return run_page(PAGE, query)


def _table(at, key):
    """AppTest's dataframes carry no key: tell them apart by their columns (and the page's order)."""
    frames = [d.value for d in at.dataframe]
    if key == "mc_notes_table":
        return frames[-1]
    if key == "mc_votes":
        return next(f for f in frames if list(f.columns) == ["class", "votes"])
    return frames[0]  # mc_point_table: the first table on the page


def _metric(at, label):
    return next(m.value for m in at.metric if m.label == label)


def test_notes_ecoc_example_on_screen():
    at = _page(FOUR)
    assert_clean(at)
    table = _table(at, "mc_notes_table")
    assert table["Hamming distance"].tolist() == [5, 5, 1, 4, 3, 3, 3, 4]
    assert table["class"].tolist() == [str(k) for k in range(1, 9)]
    assert table["code word"].iloc[2] == "-1 +1 +1 -1 +1 -1"
    assert _metric(at, "decoded class") == "3"
    assert _metric(at, "its distance") == "1"
    assert _metric(at, "minimum pairwise distance d") == "1"
    assert _metric(at, "errors corrected") == "0"
    assert any("(-1 +1 +1 -1 +1 +1)" in m.value for m in at.markdown)


@pytest.mark.parametrize("strategy, machines", [("ovr", 4), ("ovo", 6), ("ecoc", 6), ("crammer_singer", None)])
def test_each_strategy_draws_regions_machines_and_the_point(strategy, machines):
    at = _page({**FOUR, "strategy": strategy})
    assert_clean(at)
    main = charts(at)[0]
    z = decode(next(t for t in main["data"] if t["type"] == "heatmap")["z"])
    assert z.size == 200 * 200 and np.all(np.isfinite(z))
    star = next(t for t in main["data"] if t.get("name") == "inspected point")
    px, py = float(at.number_input(key="mc_px").value), float(at.number_input(key="mc_py").value)
    assert np.allclose([star["x"][0], star["y"][0]], [px, py])
    panels = [c for c in charts(at) if c["layout"].get("uirevision") == "machines"]
    if machines is None:
        assert not panels
        assert float(_metric(at, "duality gap / P")) <= 1e-4  # the catalog's default tol
    else:
        heat = [t for t in panels[0]["data"] if t["type"] == "heatmap"]
        assert len(heat) == machines == int(_metric(at, "binary machines"))
    rows = _table(at, "mc_point_table")
    assert len(rows) == {"ovr": 4, "ovo": 6, "ecoc": 4, "crammer_singer": 4}[strategy]
    heading = next(s.value for s in at.subheader if s.value.startswith("At the inspected point"))
    assert re.search(r"predicted [0-3]$", heading)


def test_one_vs_one_votes_add_up_and_decide():
    at = _page({**FOUR, "strategy": "ovo"})
    assert_clean(at)
    votes = _table(at, "mc_votes")
    assert votes["votes"].sum() == 6
    machines = _table(at, "mc_point_table")
    counted = machines["votes for"].value_counts()
    assert all(counted.get(c, 0) == v for c, v in zip(votes["class"], votes["votes"], strict=True))
    heading = next(s.value for s in at.subheader if s.value.startswith("At the inspected point"))
    winner = heading.rsplit(" ", 1)[1]
    assert votes.set_index("class")["votes"][winner] == votes["votes"].max()


def test_code_word_and_its_distances_at_the_point():
    at = _page({**FOUR, "strategy": "ecoc", "code": "exhaustive", "x1": "0.5", "x2": "-1"})
    assert_clean(at)
    table = _table(at, "mc_point_table")
    word_text = next(m.value for m in at.markdown if "Code word" in m.value)
    word = [int(b) for b in re.search(r"\(([-+0-9 ]+)\)", word_text).group(1).split()]
    code = np.array([[int(b) for b in row.split()] for row in table["code word"]])
    assert code.shape == (4, 7)  # 2^(K-1) - 1 bits
    assert table["Hamming distance"].tolist() == hamming_distances(word, code)[0].tolist()


def test_typed_code_from_the_link_and_a_bad_one_explained():
    at = _page({**FOUR, "strategy": "ecoc", "code": "typed", "typed": "+--+; -+-+; --+-; +++-"})
    assert_clean(at)
    assert at.text_area(key="mc_typed").value == "+--+; -+-+; --+-; +++-"
    assert int(_metric(at, "binary machines")) == 4
    at.text_area(key="mc_typed").set_value("+1 -1; -1 +1").run()
    assert not at.exception
    assert any("4 classes" in e.value for e in at.error)


def test_two_classes_say_so_and_blank_data_still_shows_the_example():
    at = _page({"data": "moons"})
    assert_clean(at)
    assert any("2 classes" in i.value for i in at.info)
    at.button(key="mc_use_blobs").click().run()
    assert_clean(at)
    assert not at.info and int(_metric(at, "binary machines")) == 4
    blank = _page({"data": "blank"})
    assert_clean(blank)
    assert blank.warning and _table(blank, "mc_notes_table")["Hamming distance"].tolist() == [5, 5, 1, 4, 3, 3, 3, 4]


def test_crammer_singer_beside_one_vs_all_on_data_where_they_differ():
    at = _page(FOUR)
    assert_clean(at)
    at.button(key="mc_differ").click().run()
    assert_clean(at)
    text = next(m.value for m in at.markdown if "agree on" in m.value)
    agree = float(re.search(r"agree on \*\*([0-9.]+)%", text).group(1))
    assert agree < 95
    titles = [c["layout"].get("title", {}).get("text", "") for c in charts(at)]
    assert any(t.startswith("Crammer–Singer") for t in titles) and any(t.startswith("one-vs-all") for t in titles)


@pytest.mark.parametrize("strategy", ["ovr", "ovo", "ecoc", "crammer_singer"])
@pytest.mark.parametrize("points, message", [
    ("0,0,0", "at least two classes"),       # one class: a warning, the worked example still shown
    ("0,0,0;1,1,1", "2 classes"),             # two points: one machine, and the page says so
    ("0,0,0;1,1,1;2,0,2", None),              # one point per class: every strategy still fits
])
def test_tiny_drawn_data_gives_messages_not_tracebacks(strategy, points, message):
    at = _page({"data": "blank", "pts": points, "strategy": strategy})
    assert_clean(at)
    shown = " ".join(w.value for w in at.warning) + " ".join(i.value for i in at.info)
    if message:
        assert message in shown
    else:
        assert not shown and any(s.value.startswith("At the inspected point") for s in at.subheader)
    assert _table(at, "mc_notes_table")["Hamming distance"].tolist() == [5, 5, 1, 4, 3, 3, 3, 4]
