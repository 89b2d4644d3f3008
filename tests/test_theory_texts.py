"""What the Learning theory page writes from its results (ui/learning_theory/theory_texts), without Streamlit."""

import math

import numpy as np

from ui.learning_theory import theory_texts as texts


def test_pac_working_gives_the_notes_96_for_enjoysport_and_the_smallest_whole_m():
    h_size, m, working = texts.pac_working(0.1, 0.05, 6)
    assert (h_size, m) == (729, 96)  # the notes' EnjoySport example
    for eps, delta, d in [(0.2, 0.05, 6), (0.05, 0.01, 10), (0.5, 0.5, 1)]:
        _, m, working = texts.pac_working(eps, delta, d)
        need = (d * math.log(3) + math.log(1 / delta)) / eps
        assert m - 1 < need <= m
        assert working.endswith(f"= {need:.2f}")


def test_shatter_verdict_counts_the_labelings_realised():
    assert texts.shatter_verdict("lines", 3, np.ones(8, bool)) == (
        True, "Shattered: lines realise all 8 labelings of these 3 points.")
    realised = np.ones(16, bool)
    realised[[6, 9]] = False  # XOR on a square
    shattered, said = texts.shatter_verdict("lines", 4, realised)
    assert not shattered and "realise 14 of the 16 labelings of these 4 points" in said


def test_all_labelings_are_drawn_up_to_six_points_then_only_the_impossible_ones():
    shown, caption = texts.labelings_shown("lines", "lines", 6, np.ones(64, bool))
    assert shown is None and caption.startswith("All 64 labelings") and "hard-margin SVM" in caption
    shown, caption = texts.labelings_shown("stumps", "stumps", 3, np.ones(8, bool))
    assert shown is None and "SVM" not in caption
    realised = np.ones(128, bool)
    realised[[3, 50, 70]] = False
    shown, caption = texts.labelings_shown("lines", "lines", 7, realised)
    assert shown.tolist() == [3, 50, 70] and caption.endswith("the 3 that lines cannot realise.")
    realised = np.zeros(256, bool)
    realised[::3] = True
    shown, caption = texts.labelings_shown("lines", "lines", 8, realised)
    assert shown.tolist() == [i for i in range(256) if i % 3][:64] and caption.endswith("(the first 64).")


def test_vc_summary_reads_the_largest_shattered_size():
    table, said = texts.vc_summary(3, [2, 4, 8, 14, 22, 32])
    assert table["some set shattered"].tolist() == [True, True, True, False, False, False]
    assert "**VC dimension 3**" in said
    _, said = texts.vc_summary(6, [2 ** m for m in range(1, 7)])  # every size tried was shattered
    assert "**VC dimension 6 (at least" in said


def test_vacuous_bounds_name_the_sizes_where_a_bound_is_above_one():
    sizes = np.array([10, 20, 50, 100])
    result = {"sizes": sizes, "vc": np.array([3.0, 1.5, 0.9, 0.6]), "rad_bound": np.array([0.9, 0.7, 0.5, 0.4])}
    said = texts.vacuous_bounds(result)
    assert "the VC bound for m ≤ 20" in said and "Rademacher" not in said
    assert texts.vacuous_bounds({**result, "vc": result["rad_bound"]}) is None
