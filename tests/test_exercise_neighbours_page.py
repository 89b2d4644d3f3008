"""The Nearest neighbours exercise page under AppTest, at every level: the model's neighbours and
vote are solved, a wrong pick is not (and a hint is offered), the link reopens the same task, the
reveal draws the model's neighbours and the circle through the k-th."""

import pytest
from support.apptest import assert_clean, charts, decode, figure, link, run_page
from support.exercises import hint_offered, not_yet, open_hint, open_task, reveal, solved

from exercises import LEVELS
from exercises import neighbours as nn

pytestmark = pytest.mark.app
PAGE = "pages/33_Nearest_neighbours.py"
SEED = 17


def play(at, picked, vote):
    next(m for m in at.multiselect if m.key.endswith("_picks")).set_value(sorted(i + 1 for i in picked)).run()
    next(r for r in at.radio if r.key.endswith("_vote")).set_value(vote).run()
    assert_clean(at)
    return at


@pytest.mark.parametrize("level", LEVELS)
def test_the_models_neighbours_and_vote_solve_the_task_and_count_in_the_progress(level):
    at = open_task(PAGE, level, SEED)
    assert not solved(at) and not not_yet(at)
    answer = nn.solve(nn.make(level, SEED))
    play(at, answer.picked, answer.vote)
    assert solved(at) and not not_yet(at)
    assert link(at)["done"] == f"neighbours:{level}:100"


@pytest.mark.parametrize("level", LEVELS)
def test_the_farthest_points_are_not_yet_and_a_hint_is_offered(level):
    t = nn.make(level, SEED)
    far = sorted(range(len(t.points)), key=lambda i: -nn.distances(t)[i])[:t.k]
    wrong_vote = (nn.reveal(t).predicted + 1) % t.n_classes
    at = play(open_task(PAGE, level, SEED), far, wrong_vote)
    assert not_yet(at) and not solved(at) and hint_offered(at)
    assert "done" not in link(at)
    open_hint(at)
    assert any(i.value.startswith("**Hint 1.**") for i in at.info)


@pytest.mark.parametrize("level", LEVELS)
def test_the_task_link_reopens_the_same_task(level):
    at = open_task(PAGE, level, SEED)
    fresh = run_page(PAGE, link(at))
    assert_clean(fresh)
    assert charts(fresh) == charts(at)
    other = open_task(PAGE, level, SEED + 1)
    assert charts(other) != charts(at)
    t = nn.make(level, SEED)
    points = [tr for tr in figure(fresh)["data"] if tr["name"].startswith("class ")]
    assert sum(len(decode(tr["x"])) for tr in points) == len(t.points)


@pytest.mark.parametrize("level", LEVELS)
def test_the_reveal_draws_the_models_neighbours_and_the_circle_through_the_kth(level):
    t = nn.make(level, SEED)
    truth = nn.reveal(t)
    at = reveal(open_task(PAGE, level, SEED))
    assert_clean(at)
    fig = figure(at)
    model = next(tr for tr in fig["data"] if tr["name"] == "the model's neighbours")
    drawn = zip(decode(model["x"]).tolist(), decode(model["y"]).tolist(), strict=True)
    assert sorted(drawn) == sorted(t.points[i] for i in truth.neighbours)
    (circle,) = fig["layout"]["shapes"]
    assert circle["x1"] - circle["x0"] == pytest.approx(2 * truth.radius)
    text = " ".join(m.value for m in at.markdown)
    order = ", ".join(f"point {i + 1} (d = {nn.distances(t)[i]:.2f}" for i in truth.neighbours)
    assert all(part in text for part in order.split(", point")), text
    assert f"**class {truth.predicted}**" in text


def test_the_students_own_link_brings_back_the_answer_and_a_bad_one_is_named():
    t = nn.make(2, SEED)
    answer = nn.solve(t)
    at = play(open_task(PAGE, 2, SEED), answer.picked, answer.vote)
    assert link(at)["picks"] == ",".join(str(i + 1) for i in sorted(answer.picked))
    again = run_page(PAGE, link(at))
    assert_clean(again)
    assert solved(again)
    bad = run_page(PAGE, {"level": "2", "seed": str(SEED), "picks": "1,1,99", "vote": "7"})
    assert_clean(bad)
    named = " ".join(w.value for w in bad.warning)
    assert "**picks**" in named and "**vote**" in named and not solved(bad) and not not_yet(bad)
