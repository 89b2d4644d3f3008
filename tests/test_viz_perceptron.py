"""Figures of the Perceptron page, checked on their traces."""

import numpy as np
import pytest

from mlcore.linear_model import Perceptron, PerceptronReplay, pocket_curve
from viz.perceptron import epochs_figure, line_segment, replay_figure, weight_figure

BOX = (-3.0, 3.0, -2.0, 2.0)


@pytest.mark.parametrize("w, b, expected", [
    ((1.0, 0.0), -1.0, [[1.0, -2.0], [1.0, 2.0]]),      # vertical x1 = 1
    ((0.0, 2.0), 1.0, [[-3.0, -0.5], [3.0, -0.5]]),     # horizontal x2 = -0.5
    ((1.0, -1.0), 0.0, [[-2.0, -2.0], [2.0, 2.0]]),     # the diagonal, cut by the top and bottom
])
def test_line_segment_ends_on_the_box(w, b, expected):
    seg = line_segment(np.array(w), b, BOX)
    # Exact: these ends are dyadic (x = -(b + w2 y) / w1 with small integers).
    assert sorted(map(tuple, seg.tolist())) == sorted(map(tuple, expected))


@pytest.mark.parametrize("w, b", [((0.0, 0.0), 1.0), ((1.0, 0.0), -5.0)])
def test_no_segment_without_a_line_in_the_box(w, b):
    assert line_segment(np.array(w), b, BOX).shape == (0, 2)


def fitted():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(30, 2))
    t = np.where(X[:, 0] - X[:, 1] + 0.3 * rng.normal(size=30) > 0, 1.0, -1.0)
    return X, t, Perceptron(max_iter=4, pocket=True, random_state=0).fit(X, t)


def test_a_mistake_step_draws_both_lines_the_ring_and_the_update_arrow():
    X, t, model = fitted()
    replay = PerceptronReplay(model.history_[0])
    s = replay.next_mistake(replay.next_mistake(0))
    step = replay.step(s)
    fig = replay_figure(X, t, step, BOX)
    by_name = {tr.name: tr for tr in fig.data}
    after = np.column_stack([by_name["boundary w·x + b = 0"].x, by_name["boundary w·x + b = 0"].y])
    before = np.column_stack([by_name["boundary before the update"].x, by_name["boundary before the update"].y])
    np.testing.assert_allclose(after @ step.coef_after + step.intercept_after, 0, atol=1e-12)
    np.testing.assert_allclose(before @ step.coef_before + step.intercept_before, 0, atol=1e-12)
    ring = by_name["mistake: y (w·x + b) ≤ 0, update"]
    assert (ring.x[0], ring.y[0]) == tuple(X[step.index])
    arrows = weight_figure(model.history_[0], step).layout.annotations
    update = [a for a in arrows if a.arrowcolor == "#B2182B" and a.showarrow]
    assert len(update) == 1
    assert ((update[0].ax, update[0].ay) == tuple(step.coef_before)
            and (update[0].x, update[0].y) == tuple(step.coef_after))
    # A correct example: one line, a dark ring, no update arrow.
    quiet = next(k for k in range(1, replay.n_steps + 1) if not replay.step(k).mistake and k > s)
    names = [tr.name for tr in replay_figure(X, t, replay.step(quiet), BOX).data]
    assert "boundary before the update" not in names and "looked at: correct, no update" in names


def test_epochs_figure_holds_the_recorded_counts():
    X, t, model = fitted()
    h = model.history_[0]
    pocket = pocket_curve(h, int(np.count_nonzero(t > 0)))
    fig = epochs_figure(h, pocket=pocket)
    assert list(fig.data[0].y) == h["mistakes"].tolist()
    assert list(fig.data[1].y) == h["epoch_train_mistakes"].tolist()
    assert list(fig.data[2].y) == pocket.tolist()
    assert all(p <= c for p, c in zip(pocket, h["epoch_train_mistakes"], strict=True))
