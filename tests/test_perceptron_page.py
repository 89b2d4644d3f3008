"""The Perceptron page under AppTest: the replay steps through the recorded weights, the step is
in the link, the bounds hold, and degenerate data gives a message, never a traceback."""

import numpy as np
import pytest
from support.apptest import assert_clean, decode, keyed_figure, run_page, widget

from catalog.models import MODELS
from mlcore.datasets import make_dataset
from mlcore.linear_model import LeastSquaresClassifier, Perceptron, PerceptronReplay

pytestmark = pytest.mark.app

PAGE = "pages/6_Perceptron.py"
SEPARABLE = {"source": "separable", "gap": "0.3", "sep_n": "60", "sep_seed": "3"}


def separable_problem():
    """The page's separable data for SEPARABLE, built here with mlcore (same generator call)."""
    X, y = make_dataset("linear", n=60, noise=0.0, margin=0.3, seed=3)
    return X, np.where(y == 1, 1.0, -1.0)


def chart(at, key):
    return keyed_figure(at, key)


def boundary_points(fig) -> np.ndarray:
    line = next(t for t in fig["data"] if t.get("name") == "boundary w·x + b = 0")
    return np.column_stack([decode(line["x"]), decode(line["y"])]).astype(float)


def step_value(at) -> int:
    return int(widget(at, "pc_step").value)


def assert_line_is(points, w, b):
    assert points.shape == (2, 2) and np.linalg.norm(points[0] - points[1]) > 0.5
    # The end points are computed from (w, b) in float64: on the line up to rounding.
    np.testing.assert_allclose(points @ w + b, 0.0, atol=1e-9 * (np.abs(w).sum() * 3 + abs(b)))


def test_steps_draw_the_recorded_weights_and_the_step_is_in_the_link():
    X, t = separable_problem()
    model = Perceptron(max_iter=20, eta0=1.0, pocket=True, shuffle=True, random_state=0).fit(X, t)
    replay = PerceptronReplay(model.history_[0])
    at = run_page(PAGE, query=SEPARABLE)
    assert_clean(at)
    assert step_value(at) == 0
    at.button(key="pc_next_mistake").click().run()
    assert_clean(at)
    first = replay.next_mistake(0)
    assert step_value(at) == first
    fig = chart(at, "pc_main")
    w, b = model.history_[0]["coef"][0], model.history_[0]["intercept"][0]
    assert_line_is(boundary_points(fig), w, b)
    names = [tr.get("name") for tr in fig["data"]]
    assert "mistake: y (w·x + b) ≤ 0, update" in names
    ring = next(tr for tr in fig["data"] if tr.get("name", "").startswith("mistake"))
    assert np.allclose([decode(ring["x"])[0], decode(ring["y"])[0]], X[model.history_[0]["index"][0]])
    for _ in range(3):
        at.button(key="pc_next").click().run()
    assert_clean(at)
    s = first + 3
    assert step_value(at) == s
    assert_line_is(boundary_points(chart(at, "pc_main")), *replay.weights(s))
    assert at.query_params["step"] in (str(s), [str(s)])
    # The link reopens the same step, with the same line.
    again = run_page(PAGE, query={**SEPARABLE, "step": str(s)})
    assert_clean(again)
    assert step_value(again) == s
    assert_line_is(boundary_points(chart(again, "pc_main")), *replay.weights(s))
    again.button(key="pc_back").click().run()
    assert step_value(again) == s - 1


def test_the_bound_table_holds_and_lists_both_constants():
    at = run_page(PAGE, query=SEPARABLE)
    assert_clean(at)
    table = at.dataframe[0].value
    rows = {r["constant"]: r for _, r in table.iterrows()}
    assert {"(R̃/γ̃)²", "(2R/γ)²", "(R/γ₀)²"} <= set(rows)
    for r in rows.values():
        if r["bound"] != "—":
            assert int(r["mistakes made"]) <= float(str(r["bound"]).replace(",", ""))


def test_least_squares_start_is_the_least_squares_line():
    X, t = separable_problem()
    ls = LeastSquaresClassifier().fit(X, t)
    at = run_page(PAGE, query={**SEPARABLE, "start": "least_squares"})
    assert_clean(at)
    assert_line_is(boundary_points(chart(at, "pc_main")), ls.coef_[0], ls.intercept_[0])


def test_kernel_perceptron_rings_carry_alpha():
    X, t = separable_problem()
    at = run_page(PAGE, query=SEPARABLE)
    fig = chart(at, "pc_alpha")
    rings = next(tr for tr in fig["data"] if tr.get("name", "").startswith("α"))
    spec = MODELS["kernel_perceptron"]  # the page's kernel perceptron at the catalog's defaults
    alpha = spec.make(**{p.name: p.default for p in spec.params}).fit(X, t).alpha_[0]
    assert sorted(decode(rings["customdata"]).tolist()) == sorted(alpha[alpha > 0].tolist())


def test_more_than_two_classes_pick_a_pair_or_one_against_the_rest():
    at = run_page(PAGE, query={"data": "blobs", "classes": "4"})
    assert_clean(at)
    assert widget(at, "pc_pos").value == 1 and widget(at, "pc_neg").value == 0
    widget(at, "pc_neg").set_value("rest").run()
    assert_clean(at)
    names = [tr.get("name") for tr in chart(at, "pc_main")["data"]]
    assert "the rest (y = -1)" in names and "class 1 (y = +1)" in names
    widget(at, "pc_neg").set_value(1).run()
    assert [i.value for i in at.info] and "two different classes" in at.info[0].value


@pytest.mark.parametrize("query, says", [
    ({"data": "blank"}, "no points"),
    ({"data": "blank", "pts": "0.5,0.5,1;-1,2,1;1,1,1"}, "one class"),
])
def test_degenerate_data_gives_a_message(query, says):
    at = run_page(PAGE, query=query)
    assert_clean(at)
    assert any(says in i.value for i in at.info)


def test_two_points_replay_and_bound():
    at = run_page(PAGE, query={"data": "blank", "pts": "-1,0.5,0;1,-0.5,1"})
    assert_clean(at)
    at.button(key="pc_next_mistake").click().run()
    assert_clean(at)
    assert step_value(at) == 1
    assert at.dataframe, "two separable points have a bound"


def test_not_separable_data_points_to_the_pocket():
    at = run_page(PAGE, query={"data": "moons"})
    assert_clean(at)
    assert any("not linearly separable" in i.value for i in at.info)
    assert not at.dataframe


def test_both_perceptrons_keep_their_own_epochs_in_the_link():
    at = run_page(PAGE, query={**SEPARABLE, "epochs": "5", "max_epochs": "7", "step": "4"})
    assert_clean(at)
    assert widget(at, "pc_epochs").value == 5 and widget(at, "p_kernel_perceptron_max_epochs").value == 7
    assert at.query_params["epochs"] in ("5", ["5"]) and at.query_params["max_epochs"] in ("7", ["7"])
    assert not at.warning
