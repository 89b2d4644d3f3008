"""The "explain the model" switch on the Playground and the model pages, under AppTest.

Expected values come from the chart's own data points (class means of the drawn training
points, brute-force nearest neighbours) or from the model refitted on them, not from viz.explain.
"""

import numpy as np
import pytest
from support.apptest import PLAYGROUND, assert_clean, decode, figure, run_page, values

pytestmark = pytest.mark.app


def _traces(fig, name):
    return [t for t in fig["data"] if t.get("name") == name]


def _train_points(fig):
    """{class label: (n, 2) points} from the chart's training traces."""
    out = {}
    for t in fig["data"]:
        name = t.get("name", "")
        if name.startswith("class ") and name.endswith(" (train)"):
            out[name[len("class "):-len(" (train)")]] = np.column_stack([decode(t["x"]), decode(t["y"])]).astype(float)
    return out


def _linked(at, name):
    value = at.query_params.get(name)
    return value[0] if isinstance(value, list) else value


def test_switch_on_playground_is_linked_and_off_by_default():
    at = run_page(PLAYGROUND, query={"model": "prototype"})
    assert_clean(at)
    assert at.toggle(key="explain").value is False
    assert not _traces(figure(at), "prototypes")
    at.toggle(key="explain").set_value(True).run()
    assert_clean(at)
    assert _linked(at, "explain") == "true"
    fig = figure(at)
    proto = _traces(fig, "prototypes")[0]
    drawn = np.column_stack([decode(proto["x"]), decode(proto["y"])])
    points = _train_points(fig)
    means = np.array([points[c].mean(axis=0) for c in sorted(points, key=int)])
    # the chart's points are float32: their means agree with the model's to float32 rounding
    np.testing.assert_allclose(drawn, means, rtol=1e-5, atol=1e-5)
    assert _traces(fig, "perpendicular bisector")
    assert "prototype" in " ".join(c.value for c in at.caption)


def test_knn_on_playground_rings_the_nearest_points_of_the_default_query():
    at = run_page(PLAYGROUND, query={"model": "knn", "k": "7", "explain": "true"})
    assert_clean(at)
    fig = figure(at)
    query = np.array([decode(_traces(fig, "query point")[0]["x"])[0],
                      decode(_traces(fig, "query point")[0]["y"])[0]], float)
    test = [t for t in _traces(fig, "test points") if t.get("x") and decode(t["x"]).size]
    tests = np.column_stack([decode(test[0]["x"]), decode(test[0]["y"])]).astype(float)
    points = np.vstack(list(_train_points(fig).values()))
    middle = np.linalg.norm(tests - points.mean(axis=0), axis=1)
    np.testing.assert_allclose(query, tests[np.argmin(middle)], rtol=1e-6)
    ringed = _traces(fig, "neighbours")[0]
    ringed = np.column_stack([decode(ringed["x"]), decode(ringed["y"])]).astype(float)
    nearest = points[np.argsort(np.linalg.norm(points - query, axis=1))[:7]]
    assert {tuple(np.round(p, 4)) for p in ringed} == {tuple(np.round(p, 4)) for p in nearest}
    captions = " ".join(c.value for c in at.caption)
    assert "switch the click mode to *inspect*" in captions
    assert any(a.get("name") == "vote" and "k = 7 vote" in a["text"] for a in fig["layout"]["annotations"])


def test_knn_query_follows_the_inspected_spot():
    def prepare(at):
        at.session_state["inspect_xy"] = (0.25, -0.5)
    at = run_page(PLAYGROUND, query={"model": "knn", "explain": "true"}, prepare=prepare)
    assert_clean(at)
    q = _traces(figure(at), "query point")[0]
    np.testing.assert_allclose([decode(q["x"])[0], decode(q["y"])[0]], [0.25, -0.5])
    assert "switch the click mode" not in " ".join(c.value for c in at.caption)


@pytest.mark.parametrize("key, traces", [
    ("perceptron", ["w (normal vector)"]),
    ("least_squares", ["w (normal vector)"]),
    ("logistic", ["w (normal vector)"]),
    ("gaussian_nb", ["class 0: 1σ", "class 1: 2σ", "means"]),
    ("tree", ["leaf mix"]),
])
def test_each_model_overlay_on_playground(key, traces):
    at = run_page(PLAYGROUND, query={"model": key, "explain": "true"})
    assert_clean(at)
    fig = figure(at)
    for name in traces:
        assert _traces(fig, name), f"{key}: no {name!r} in {[t.get('name') for t in fig['data']]}"


def test_logistic_adds_the_sigmoid_and_probability_hover():
    at = run_page(PLAYGROUND, query={"model": "logistic"})
    charts_off = len(at.get("plotly_chart"))
    at.toggle(key="explain").set_value(True).run()
    assert_clean(at)
    assert len(at.get("plotly_chart")) == charts_off + 1
    fig = figure(at)
    train = [t for t in fig["data"] if t.get("name", "").endswith("(train)")][0]
    assert "P(y = 1 | x)" in train["hovertemplate"] and "margin y·f(x)/‖w‖" in train["hovertemplate"]


def test_switch_is_greyed_out_for_a_model_with_nothing_to_show():
    at = run_page(PLAYGROUND, query={"model": "random_forest", "explain": "true"})
    assert_clean(at)
    assert at.toggle(key="explain").disabled


def test_svm_page_draws_w_for_the_linear_kernel_only():
    at = run_page("pages/2_SVM_and_kernels.py", query={"kernel": "linear", "explain": "true"})
    assert_clean(at)
    fig = figure(at)
    arrow = _traces(fig, "w (normal vector)")
    assert arrow
    train = [t for t in fig["data"] if t.get("name", "").endswith("(train)")][0]
    assert "slack" in train["hovertemplate"] and "margin y·f(x)/‖w‖" in train["hovertemplate"]
    at = run_page("pages/2_SVM_and_kernels.py", query={"kernel": "rbf", "explain": "true"})
    assert_clean(at)
    assert at.toggle(key="svm_explain").disabled
    assert not _traces(figure(at), "w (normal vector)")


def test_tree_page_leaf_mix_on_hover():
    at = run_page("pages/3_Decision_tree.py", query={"explain": "true", "depth": "2"})
    assert_clean(at)
    assert _linked(at, "explain") == "true"
    fig = figure(at)
    boxes = _traces(fig, "leaf mix")[0]
    text = " ".join(np.ravel(boxes["text"]).tolist())
    assert "training points" in text and "predicted" in text
    train = [t for t in fig["data"] if t.get("name", "").endswith("(train)")][0]
    assert "leaf %{customdata[" in train["hovertemplate"]
    # at depth 2 there are at most 4 leaves, so at most 4 different texts
    assert 1 <= len(set(np.ravel(boxes["text"]).tolist())) <= 4


def test_perceptron_page_margins_under_the_weights_drawn():
    at = run_page("pages/6_Perceptron.py", query={"explain": "true", "step": "5"})
    assert_clean(at)
    fig = figure(at)
    boundary = _traces(fig, "boundary w·x + b = 0")[0]
    ends = np.column_stack([decode(boundary["x"]), decode(boundary["y"])]).astype(float)
    direction = ends[1] - ends[0]
    w = np.array([direction[1], -direction[0]])   # a normal of the drawn line, up to sign
    expected, shown = [], []
    for t in fig["data"]:
        if t.get("name", "").endswith(("(y = -1)", "(y = +1)")):
            sign = -1.0 if t["name"].endswith("(y = -1)") else 1.0
            pts = np.column_stack([decode(t["x"]), decode(t["y"])]).astype(float)
            shown.append(decode(t["customdata"]).reshape(len(pts), -1)[:, 1])
            expected.append(sign * ((pts - ends[0]) @ w) / np.linalg.norm(w))
    expected, shown = np.concatenate(expected), np.concatenate(shown)
    # y times the signed distance to the drawn line, whichever way this normal points (float32
    # points: tolerance 1e-4)
    orientation = np.sign(expected @ shown)
    np.testing.assert_allclose(shown, orientation * expected, atol=1e-4)
    assert "Smallest: γ" in " ".join(c.value for c in at.caption)


def test_perceptron_link_with_its_own_data_opens_without_the_drawing_panel():
    """source=separable draws on the page's own data: a fresh link must not show the panel for
    drawing on the shared dataset (it read the source before the link was taken; the random
    link walk found it once the explain switch changed its path)."""
    switched = run_page("pages/6_Perceptron.py")
    switched.radio(key="pc_source").set_value("separable").run()
    fresh = run_page("pages/6_Perceptron.py", query={"source": "separable"})
    assert_clean(fresh)
    assert "draw_on" not in values(fresh)
    assert values(fresh).keys() == values(switched).keys()
