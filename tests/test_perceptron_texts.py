"""What the Perceptron page writes from its runs (ui/perceptron/perceptron_texts), without Streamlit."""

import numpy as np

from mlcore.datasets import make_dataset
from mlcore.linear_model import Perceptron, PerceptronReplay
from ui.perceptron import perceptron_texts as texts
from ui.perceptron.runs import bound_runs, pocket_counts


def _run():
    X, y = make_dataset("linear", n=40, noise=0.0, margin=0.3, seed=1)
    t = np.where(y == 1, 1.0, -1.0)
    return X, t, Perceptron(pocket=True, shuffle=True, random_state=0).fit(X, t)


def test_each_step_says_whether_y_times_the_score_was_a_mistake():
    X, t, model = _run()
    replay = PerceptronReplay(model.history_[0])
    assert texts.step_text(replay, 0, None, X, t).startswith(f"**Step 0 of {replay.n_steps}**")
    assert texts.updates_text(None, model.history_[0]).startswith("Updates so far: 0 of")
    for s in range(1, replay.n_steps + 1):
        step = replay.step(s)
        w, b = replay.weights(s - 1)
        x, y = X[step.index], t[step.index]
        said = texts.step_text(replay, s, step, X, t)
        assert ("a mistake" in said) == (y * (w @ x + b) <= 0), s
        assert f"point {step.index} at" in said


def test_the_bound_table_has_a_row_per_constant_with_the_mistakes_of_its_perceptron():
    X, t, _ = _run()
    runs = bound_runs(X, t)
    table = texts.bound_table(runs)
    rows = {r["constant"]: r for _, r in table.iterrows()}
    assert rows["(R̃/γ̃)²"]["mistakes made"] == runs.with_bias
    assert rows["(2R/γ)²"]["mistakes made"] == runs.scaled
    assert float(rows["(2R/γ)²"]["bound"].replace(",", "")) == round(runs.bounds.bound_2R, 1)


def test_the_pocket_count_never_rises_and_starts_no_worse_than_the_start():
    X, t, model = _run()
    replay = PerceptronReplay(model.history_[0])
    pocket = pocket_counts(replay, X, t)
    assert len(pocket) == model.history_[0]["n_epochs"]
    assert np.all(np.diff(pocket) <= 0)
    w0, b0 = replay.weights(0)
    assert pocket[0] <= np.count_nonzero(np.sign(X @ w0 + b0) != t)
