"""The Features page under AppTest: it runs, the stretch moves kNN's regions and not the tree's,
every transform runs, degenerate data gets a sentence, settings go into the link."""

import numpy as np
import pytest
from support.apptest import assert_clean, decode, figure, run_page, widget

from ui.features.studies import TRANSFORMS

pytestmark = pytest.mark.app

PAGE = "pages/21_Features.py"
MOONS = {"data": "moons", "noise": "0.3"}
SECTIONS = {"phi": "Φ: X → Z, a linear model on polynomial features",
            "select": "Selecting features on data with noise features"}


def _open_section(at, value: str):
    """Open a section's tab below the scaling panels (only the open one is built)."""
    at.session_state["feat_section"] = SECTIONS[value]
    return at.run()


def _panel_labels(at) -> list[np.ndarray]:
    """The scaling figure's heatmaps (kNN, LwP, SVM, tree raw; then the same after the transform)."""
    fig = figure(at, 0)
    return [decode(t["z"]) for t in fig["data"] if t.get("type") == "heatmap"]


def test_page_runs_with_every_chart():
    at = run_page(PAGE, query=MOONS)
    assert_clean(at)
    shown = len(at.get("plotly_chart"))   # the scaling panels and the open section, Φ
    _open_section(at, "select")
    assert_clean(at)
    assert shown + len(at.get("plotly_chart")) - 1 == 9   # the scaling panels counted once
    assert len(_panel_labels(at)) == 8


def test_stretch_moves_knn_but_not_the_tree():
    at = run_page(PAGE, query={**MOONS, "stretch": "1"})
    assert_clean(at)
    before = _panel_labels(at)
    # At stretch 1 with no transform, the bottom row is the top row.
    for raw, after in zip(before[:4], before[4:], strict=True):
        np.testing.assert_array_equal(raw, after)
    widget(at, "feat_stretch").set_value(10.0).run()
    assert_clean(at)
    after = _panel_labels(at)
    knn_raw, knn_after, tree_raw, tree_after = after[0], after[4], after[3], after[7]
    assert np.mean(knn_raw != knn_after) > 0.02, "stretching x2 by 10 should move kNN's boundary"
    # An axis scaled by 10 maps each tree threshold (a midpoint) to the same place on the plane.
    np.testing.assert_array_equal(tree_raw, tree_after)
    assert at.query_params["stretch"] in ("10", ["10"])


@pytest.mark.parametrize("transform", [t for t in TRANSFORMS if t != "none"])
def test_every_transform_runs(transform):
    at = run_page(PAGE, query={**MOONS, "transform": transform})
    assert_clean(at)
    assert len(_panel_labels(at)) == 8


def test_degree_and_selection_settings_change_the_charts():
    at = run_page(PAGE, query=MOONS)
    poly_before = figure(at, 2)
    widget(at, "feat_degree").set_value(5).run()
    assert_clean(at)
    assert figure(at, 2) != poly_before
    _open_section(at, "select")   # its first chart, after the scaling panels, is the ranking
    widget(at, "feat_extra").set_value(2).run()
    assert_clean(at)
    ranking = figure(at, 1)
    assert list(ranking["data"][0]["x"]) == ["x1", "x2", "x3 (noise)", "x4 (noise)"]
    widget(at, "feat_copies").set_value(1).run()
    assert_clean(at)
    assert list(figure(at, 1)["data"][0]["x"])[2] == "x3 (≈x1)"


def test_no_extra_features_and_a_narrow_plane():
    at = run_page(PAGE, query={**MOONS, "extra": "0"})   # a selection setting opens its section
    assert_clean(at)
    assert len(figure(at, 1)["data"][0]["x"]) == 2


@pytest.mark.parametrize("query", [
    {"data": "blank"},
    {"data": "blank", "pts": "-1,-1,0;1,1,1"},
    {"data": "blank", "pts": "-1,-1,0;1,1,0;2,2,0"},
])
def test_degenerate_data_gets_a_sentence(query):
    at = run_page(PAGE, query=query)
    assert not at.exception, [e.message for e in at.exception]
    assert at.info, "the page should say why nothing is fitted"


def test_a_bad_link_value_warns_and_falls_back():
    at = run_page(PAGE, query={**MOONS, "stretch": "abc", "transform": "cube"})
    assert not at.exception
    assert at.warning and "stretch" in at.warning[0].value
    assert widget(at, "feat_stretch").value == 5.0


def test_too_many_folds_for_a_small_class_gets_a_sentence():
    # 20 points, 70% for training: 7 per class, fewer than 10 folds need.
    at = run_page(PAGE, query={"data": "linear", "n": "20", "cv": "10", "extra": "1"})
    assert not at.exception, [e.message for e in at.exception]
    assert any("folds" in i.value for i in at.info)


def test_a_stretch_step_finds_the_next_stretch_computed_ahead(monkeypatch):
    """After a step of the stretch from 1 to 2, the panels and their figure at 5 (the next
    position the same way) are computed while the student looks: the step to 5 draws no panel
    figure in the run. Fails on a page that computes nothing ahead."""
    import threading

    import viz.features
    from ui.features import studies
    from ui.serving import ahead

    monkeypatch.setattr(ahead, "ENABLED", True)
    built, real = [], viz.features.panels_figure

    def counted(*a, **k):
        if not threading.current_thread().name.startswith("ahead-"):
            built.append(1)
        return real(*a, **k)
    monkeypatch.setattr(viz.features, "panels_figure", counted)
    monkeypatch.setattr(studies, "panels_figure", counted, raising=False)   # the page built it before
    for t in threading.enumerate():   # an earlier test's thread would take the server's free places
        if t.name.startswith("ahead-"):
            t.join(120)
    at = run_page(PAGE, query={"data": "moons", "n": "200", "seed": "6101", "stretch": "1"})
    widget(at, "feat_stretch").set_value(2.0).run()
    assert_clean(at)
    for t in threading.enumerate():
        if t.name.startswith("ahead-"):
            t.join(120)
    built.clear()
    widget(at, "feat_stretch").set_value(5.0).run()
    assert_clean(at)
    assert built == [], "the step to 5 built the panels' figure in the run"
    assert "x2 × 5" in " ".join(a.get("text", "") for a in figure(at)["layout"]["annotations"])
