"""The nearest-neighbours exercise's rules: the model's neighbours and vote are the truth, ties follow
the rule the page states (equal distances: the smaller point number; equal votes: the smaller
class number), a right answer is accepted and a wrong one rejected with what is off."""

import numpy as np
import pytest

from exercises import LEVELS
from exercises import neighbours as nn

SEEDS = range(1, 16)


def task(points, classes, query, k, n_classes=2):
    return nn.Task(1, 1, k, tuple(map(tuple, points)), tuple(classes), tuple(query), n_classes)


def by_hand(t: nn.Task) -> tuple[list[int], int]:
    """The k nearest by sorting (squared distance, index), and the vote by counting: the largest
    count, the smallest class among equal counts (derived here, not by the model)."""
    sq = [((x - t.query[0]) ** 2 + (y - t.query[1]) ** 2, i) for i, (x, y) in enumerate(t.points)]
    near = [i for _, i in sorted(sq)[:t.k]]
    counts = [sum(t.classes[i] == c for i in near) for c in range(t.n_classes)]
    return near, min(c for c in range(t.n_classes) if counts[c] == max(counts))


@pytest.mark.parametrize("level", LEVELS)
def test_a_task_is_the_same_for_the_same_level_and_seed_and_has_the_levels_shape(level):
    assert nn.make(level, 7) == nn.make(level, 7)
    assert nn.make(level, 7) != nn.make(level, 8)
    k, n, classes = nn.SHAPES[level]
    for seed in SEEDS:
        t = nn.make(level, seed)
        assert (t.k, len(t.points), t.n_classes) == (k, n, classes)
        assert set(t.classes) == set(range(classes))
        coords = np.array([*t.points, t.query])
        assert np.all(coords * 2 == np.round(coords * 2)), "coordinates are multiples of 0.5"
        assert tuple(t.query) not in set(t.points)


@pytest.mark.parametrize("level", LEVELS)
def test_the_models_answer_is_the_one_worked_out_by_hand_and_it_is_accepted(level):
    for seed in SEEDS:
        t = nn.make(level, seed)
        truth = nn.reveal(t)
        near, vote = by_hand(t)
        assert list(truth.neighbours) == near and truth.predicted == vote
        x, y = t.points[near[-1]]
        assert truth.radius == pytest.approx(np.hypot(x - t.query[0], y - t.query[1]))
        verdict = nn.check(t, nn.solve(t))
        assert verdict.done and verdict.score == 1.0


def test_levels_one_and_two_have_no_tie_at_the_edge_and_level_three_always_a_tie():
    for seed in SEEDS:
        assert not nn.tie_at_edge(nn.make(1, seed)) and not nn.tie_at_edge(nn.make(2, seed))
        t = nn.make(3, seed)
        assert nn.tie_at_edge(t) or nn.tied_vote(t)


def test_equal_distances_at_the_edge_go_to_the_smaller_point_number():
    # points 1 and 2 are both 1 from the star; k = 1 keeps point 1
    t = task([(1, 0), (0, 1), (2, 2)], [0, 1, 1], (0, 0), k=1)
    assert nn.tie_at_edge(t)
    assert nn.reveal(t).neighbours == (0,)
    assert nn.check(t, nn.Answer(frozenset({0}), 0)).done
    wrong = nn.check(t, nn.Answer(frozenset({1}), 1))
    assert not wrong.done
    assert "equally far" in wrong.message and "smaller number" in wrong.message and "point 1" in wrong.message
    # numbered the other way round, the other point wins: the rule is the number, not the place
    swapped = task([(0, 1), (1, 0), (2, 2)], [1, 0, 1], (0, 0), k=1)
    assert nn.reveal(swapped).neighbours == (0,) and nn.reveal(swapped).predicted == 1


def test_a_tied_vote_goes_to_the_smaller_class_number():
    two = task([(1, 0), (0, 1.5), (3, 3)], [1, 0, 1], (0, 0), k=2)
    assert nn.tied_vote(two) and nn.reveal(two).predicted == 0
    assert nn.check(two, nn.Answer(frozenset({0, 1}), 0)).done
    wrong = nn.check(two, nn.Answer(frozenset({0, 1}), 1))
    assert not wrong.done and wrong.score == 0.5 and "smaller class number" in wrong.message
    # three classes, votes 1, 2, 2 with k = 5: class 1 beats class 2
    three = task([(0.5, 0), (0, 0.5), (1, 0), (0, 1), (1, 1), (3, 3)], [2, 1, 2, 1, 0, 0], (0, 0), k=5,
                 n_classes=3)
    assert nn.reveal(three).votes == (1, 2, 2) and nn.reveal(three).predicted == 1


def test_a_farther_point_is_rejected_with_both_distances():
    t = task([(1, 0), (0, 2), (3, 0)], [0, 1, 1], (0, 0), k=2)
    verdict = nn.check(t, nn.Answer(frozenset({0, 2}), 0))
    assert not verdict.done
    assert "Point 3 (d = 3.00)" in verdict.message and "point 2 (d = 2.00)" in verdict.message
    # half the neighbours right and one wrong: nothing for the points; the vote is right
    assert verdict.score == pytest.approx(0.5 * 0 + 0.5 * (nn.reveal(t).predicted == 0))


def test_the_wrong_number_of_points_or_no_vote_is_not_done():
    t = task([(1, 0), (0, 2), (3, 0)], [0, 1, 1], (0, 0), k=2)
    too_few = nn.check(t, nn.Answer(frozenset({0}), 0))
    assert not too_few.done and "pick exactly 2" in too_few.message
    no_vote = nn.check(t, nn.Answer(frozenset({0, 1}), None))
    assert not no_vote.done and no_vote.score == 0.5


def test_hints_unfold_from_gentle_to_the_radius_and_state_the_tie_rule():
    t = nn.make(3, 2)
    hints = nn.hints(t)
    assert len(hints) >= 2
    assert hints[1] == nn.TIE_RULE
    assert f"{nn.reveal(t).radius:.2f}" in hints[-1] and f"{nn.reveal(t).radius:.2f}" not in hints[0]
