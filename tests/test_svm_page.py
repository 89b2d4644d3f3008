"""The SVM and kernels page under AppTest: the lecture sequence and the C slider change what is drawn;
with three classes, one pair machine at a time."""

import json

import numpy as np
import pytest
from sklearn.svm import SVC as SkSVC
from support.apptest import decode, run_page

pytestmark = pytest.mark.app

PAGE = "pages/2_SVM_and_kernels.py"


def _open(query=None):
    at = run_page(PAGE, query)
    assert not at.exception, [e.message for e in at.exception]
    return at


def _margin_figure(at) -> dict:
    figs = [json.loads(c.proto.spec) for c in at.get("plotly_chart")]
    return next(f for f in figs if any("SVs (" in (t.get("name") or "") for t in f["data"]))


def test_page_draws_margins_and_support_vectors():
    at = _open()
    fig = _margin_figure(at)
    levels = sorted((t["contours"]["start"], t["contours"]["end"]) for t in fig["data"] if t["type"] == "contour")
    assert levels == [(-1.0, 1.0), (0.0, 0.0)]
    assert not at.error


def test_lecture_sequence_hard_margin_then_outlier_then_soft_margin():
    at = _open()
    at.button(key="preset_svm_0").click().run()
    assert not at.exception and not at.warning
    at.button(key="preset_svm_1").click().run()
    assert any("finite C" in w.value for w in at.warning), "the outlier step must explain the hard margin fails"
    at.button(key="preset_svm_2").click().run()
    small_C = _margin_figure(at)
    at.button(key="preset_svm_3").click().run()
    large_C = _margin_figure(at)
    assert not at.exception
    assert "support vectors" in small_C["layout"]["annotations"][0]["text"]
    # a smaller C buys a wider margin with more support vectors
    def count(fig):
        return int(fig["layout"]["annotations"][0]["text"].split()[0])
    assert count(small_C) > count(large_C)


def _xy(trace) -> np.ndarray:
    return np.column_stack([decode(trace["x"]), decode(trace["y"])]).astype(float)


def test_three_classes_pick_a_pair_machine_and_see_its_margins():
    at = _open({"data": "blobs"})   # a bare link opens on moons, which have no classes slider
    at.slider(key="ds_classes").set_value(3).run()
    at.select_slider(key="p_svm_tol").set_value(1e-5).run()
    pick = at.selectbox(key="svm_pair")
    assert pick.options == ["class 0 vs class 1", "class 0 vs class 2", "class 1 vs class 2"]
    assert pick.value == "0-1", "the first pair is the default"
    pick.set_value("0-2").run()
    assert not at.exception and not at.error
    assert any("separates class 0 from class 2" in c.value and "vote of the 3 pair machines" in c.value
               for c in at.caption)
    assert at.query_params.get("pair") in ("0-2", ["0-2"]), "the pair goes into the shareable link"

    fig = _margin_figure(at)
    train = {int(t["name"].split()[1]): t for t in fig["data"] if t["name"].endswith("(train)")}
    assert train[1].get("opacity", 1.0) < 0.5 and train[0].get("opacity", 1.0) == 1.0
    X = np.vstack([_xy(train[k]) for k in range(3)])
    y = np.concatenate([np.full(len(decode(train[k]["x"])), k) for k in range(3)])
    # oracle: LIBSVM on the page's training points with the page's settings (C 1, rbf, gamma 1);
    # its (0, 2) column is positive for class 0, the page's machine for class 2
    sk = SkSVC(C=1.0, kernel="rbf", gamma=1.0, tol=1e-5, decision_function_shape="ovo").fit(X, y)
    contours = [t for t in fig["data"] if t["type"] == "contour"]
    assert sorted((t["contours"]["start"], t["contours"]["end"]) for t in contours) == [(-1.0, 1.0), (0.0, 0.0)]
    assert all("0 vs 2" in t["name"] for t in contours)
    gx, gy = np.meshgrid(decode(contours[0]["x"]).astype(float), decode(contours[0]["y"]).astype(float))
    expected = -sk.decision_function(np.column_stack([gx.ravel(), gy.ravel()]))[:, 1].reshape(gx.shape)
    for t in contours:
        np.testing.assert_allclose(decode(t["z"]).astype(float).reshape(gx.shape), expected, atol=5e-3)
    # the rings are the (0, 2) machine's support vectors (dual_coef_ rows: class 0 -> row 1, class 2 -> row 0)
    sv, lab, coef = sk.support_, y[sk.support_], sk.dual_coef_
    pair_sv = sv[((lab == 0) & (coef[1] != 0)) | ((lab == 2) & (coef[0] != 0))]
    rings = np.vstack([_xy(t) for t in fig["data"] if "SVs (" in (t.get("name") or "")])
    key = lambda P: sorted(map(tuple, np.round(P, 3)))  # noqa: E731
    assert key(rings) == key(X[pair_sv])
    assert f"{len(pair_sv)} support vectors of the 0 vs 2 machine" in fig["layout"]["annotations"][0]["text"]
    # the explanation below takes apart the same machine's f(x)
    assert any("f(x) of the 0 vs 2 machine" in m.value for m in at.markdown)
    assert any(m.value.startswith("The vote at x: 0 vs 1 →") for m in at.markdown)


def test_a_link_opens_the_pair_it_names():
    at = _open({"classes": "3", "pair": "1-2"})
    assert at.selectbox(key="svm_pair").value == "1-2"
    assert all("1 vs 2" in t["name"] for t in _margin_figure(at)["data"] if t["type"] == "contour")


def test_a_link_to_a_pair_that_does_not_exist_says_so():
    at = _open({"classes": "3", "pair": "4-5"})
    assert at.selectbox(key="svm_pair").value == "0-1"          # the first pair instead
    said = " ".join(w.value for w in at.warning)
    assert "4-5" in said and "0-1, 0-2, 1-2" in said


def _all_points(fig) -> np.ndarray:
    """Every drawn data point, training and test (not the legend's dataless key)."""
    P = np.vstack([_xy(t) for t in fig["data"] if t.get("type") == "scatter"
                   and (t["name"].endswith("(train)") or t["name"] == "test points")])
    return P[~np.isnan(P).any(axis=1)]


def test_lecture_step_two_adds_exactly_one_outlier_and_the_fallback_chart_names_the_test_points():
    at = _open()
    at.toggle(key="svm_show_test").set_value(True).run()
    at.button(key="preset_svm_0").click().run()
    separable = _all_points(json.loads(at.get("plotly_chart")[0].proto.spec))
    at.button(key="preset_svm_1").click().run()
    assert any("finite C" in w.value for w in at.warning)
    fallback = json.loads(at.get("plotly_chart")[0].proto.spec)
    names = [t["name"] for t in fallback["data"]]
    # the held-out points are drawn as test points, not under a "(train)" name
    assert "test points" in names
    n_train = sum(len(decode(t["x"])) for t in fallback["data"] if t["name"].endswith("(train)"))
    test = next(t for t in fallback["data"] if t["name"] == "test points")
    assert n_train == 42 and len(decode(test["x"])) == 18, "60 points, 30% held out"
    # the figure stores coordinates at a precision relative to the plot's span: compare to 0.01
    after = _all_points(fallback)
    distance = np.abs(after[:, None, :] - separable[None, :, :]).max(axis=2).min(axis=1)
    assert len(after) == len(separable) == 60
    assert (distance > 0.01).sum() == 1, "step 2 moves one point, not several"


def test_lecture_text_is_hidden_once_the_settings_no_longer_match_it():
    at = _open()
    at.button(key="preset_svm_2").click().run()

    def step_text(at):
        return [c.value for c in at.caption if "C = 0.05" in c.value]

    assert step_text(at) and "3 · small C" in step_text(at)[0]
    at.select_slider(key="p_svm_C").set_value(float("inf")).run()
    assert not step_text(at), "the text of step 3 describes C = 0.05 only"
    assert any("changed since step “3 · small C”" in c.value for c in at.caption)
    at.select_slider(key="p_svm_C").set_value(0.05).run()
    assert step_text(at), "back at the step's settings, back the text"


def test_pegasos_epochs_slider_shows_only_where_pegasos_runs():
    at = _open({"data": "blobs", "section": "primal"})   # the primal route's tab, built only when open
    assert at.slider(key="svm_epochs").value == 50
    at.slider(key="ds_classes").set_value(4).run()
    assert not at.exception
    assert not [s for s in at.slider if s.key == "svm_epochs"], "no Pegasos with 4 classes: no epochs slider"
    at.slider(key="ds_classes").set_value(2).run()
    assert at.slider(key="svm_epochs").value == 50


def test_page_title_is_the_menu_label():
    from pathlib import Path

    from ui.core.layout import page_label
    at = _open()
    assert [t.value for t in at.title] == [page_label(Path(PAGE))] == ["SVM and kernels"]


def test_contribution_bars_axis_title_uses_subscripts_not_underscores():
    at = _open()
    figs = [json.loads(c.proto.spec) for c in at.get("plotly_chart")]
    titles = [f["layout"].get("yaxis", {}).get("title", {}).get("text", "") for f in figs]
    assert "αᵢ yᵢ K(xᵢ, x)" in titles
    assert not any("_i" in t for t in titles)


def test_a_link_with_an_off_grid_C_says_it_is_moved_to_the_nearest_slider_position():
    at = _open({"C": "7.3"})
    assert at.select_slider(key="p_svm_C").value == 10.0
    said = " ".join(w.value for w in at.warning)
    assert "7.3" in said and "nearest, 10" in said
    on_grid = _open({"C": "5"})
    assert on_grid.select_slider(key="p_svm_C").value == 5.0 and not on_grid.warning
