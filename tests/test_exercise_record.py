"""The progress item of an exercise link (``done=``) and the checkers' shared helpers: a link is
untrusted, so only known kinds, levels 1-3 and scores 0-100 get through, bounded in length."""

import numpy as np
import pytest

from exercises import KINDS, LEVELS, record
from exercises.verdicts import Verdict, close_enough, ratio_score, task_rng


def test_a_written_progress_reads_back_the_same():
    progress = {("line", 1): 100, ("tree", 3): 45, ("shatter", 2): 0}
    text = record.write(progress)
    assert record.read(text) == (progress, [])
    assert text.index("line") < text.index("tree") < text.index("shatter")  # the menu's order


@pytest.mark.parametrize("piece", ["nosuch:1:100", "line:0:100", "line:4:100", "line:1:101", "line:1:-5",
                                   "line:1", "line:x:50", "line:1:50:9", "<script>:1:1", ":::"])
def test_a_piece_the_app_did_not_write_is_ignored_and_named(piece):
    progress, ignored = record.read(f"tree:2:80,{piece}")
    assert progress == {("tree", 2): 80}
    assert ignored == [piece]


def test_a_repeated_entry_keeps_its_best_score_and_the_item_is_bounded():
    assert record.read("line:1:40,line:1:90,line:1:10")[0] == {("line", 1): 90}
    progress, ignored = record.read("line:1:1," * 1000)
    assert progress == {} and "characters" in ignored[0]
    everything = ",".join(f"{k}:{lv}:100" for k in KINDS for lv in LEVELS)
    assert len(everything) <= record.MAX_TEXT
    assert len(record.read(everything)[0]) == len(KINDS) * len(LEVELS)


def test_merge_keeps_the_best_score_in_percent():
    p = record.merge({}, "line", 2, 0.456)
    assert p == {("line", 2): 46}
    assert record.merge(p, "line", 2, 0.2) == p
    assert record.merge(p, "line", 2, 1.0) == {("line", 2): 100}


def test_a_task_is_the_same_for_the_same_kind_level_and_seed_and_differs_otherwise():
    draw = lambda *a: task_rng(*a).normal(size=5)  # noqa: E731
    assert np.array_equal(draw("line", 1, 17), draw("line", 1, 17))
    assert not np.array_equal(draw("line", 1, 17), draw("line", 1, 18))
    assert not np.array_equal(draw("line", 1, 17), draw("line", 2, 17))
    assert not np.array_equal(draw("line", 1, 17), draw("tree", 1, 17))


def test_a_tolerance_accepts_its_own_edge_and_nothing_past_it():
    assert close_enough(0.11, 0.1, 0.01)   # exactly at the edge (0.1 + 0.01 is not exact in binary)
    assert close_enough(0.09, 0.1, 0.01)
    assert not close_enough(0.1101, 0.1, 0.01)
    assert not close_enough(0.0899, 0.1, 0.01)


def test_scores_stay_in_zero_to_one():
    assert ratio_score(0.9, 1.0) == pytest.approx(0.9)
    assert ratio_score(2.0, 1.0) == 1.0 and ratio_score(-1.0, 1.0) == 0.0 and ratio_score(1.0, 0.0) == 1.0
    with pytest.raises(ValueError):
        Verdict(True, 1.5, "")
