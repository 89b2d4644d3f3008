"""The pages under streamlit.testing.v1.AppTest: they run, react to widgets, survive bad links."""

import pathlib

import numpy as np
import pytest
from support.apptest import PAGES, PLAYGROUND, assert_clean, decode, figure, run_page

from catalog.models import MODELS
from catalog.specs import ParamSpec
from mlcore.datasets import GENERATORS
from ui.core.settings import log_grid, snap

pytestmark = pytest.mark.app


def heatmap_z(at) -> np.ndarray:
    fig = figure(at)
    heat = [t for t in fig["data"] if t.get("type") == "heatmap"]
    assert heat, "the decision figure has no heatmap"
    return decode(heat[0]["z"])


def test_every_page_runs():
    at = run_page()
    assert_clean(at)
    assert len(PAGES) >= 1
    for page in PAGES:
        at.switch_page(page).run()
        assert_clean(at)


# The addresses the pages/ directory gave the pages before app.py became a router:
# links, bookmarks and the browser tests use them, so they must not change.
OLD_URL_PATHS = {"pages/1_Playground.py": "Playground", "pages/2_SVM_and_kernels.py": "SVM_and_kernels",
                 "pages/3_Decision_tree.py": "Decision_tree", "pages/4_ID3_on_a_table.py": "ID3_on_a_table",
                 "pages/5_Ensembles.py": "Ensembles"}


def test_menu_is_home_then_every_page_at_its_old_address():
    from ui.core.layout import menu

    entries = menu()
    assert (entries[0].file, entries[0].label, entries[0].url_path) == ("home.py", "Home", "")
    assert sorted(e.file for e in entries[1:]) == PAGES
    addresses = {e.file: e.url_path for e in entries[1:]}
    assert {f: addresses.get(f) for f in OLD_URL_PATHS} == OLD_URL_PATHS
    labels = {e.file: e.label for e in entries[1:]}
    assert [labels.get(f) for f in OLD_URL_PATHS] == ["Playground", "SVM and kernels", "Decision tree",
                                                      "ID3 on a table", "Ensembles"]


def test_router_runs_home_first_and_each_page_once():
    at = run_page()
    assert_clean(at)
    assert [t.value for t in at.title] == ["Classifier Playground"]
    at.switch_page("pages/3_Decision_tree.py").run()
    assert_clean(at)
    assert [t.value for t in at.title] == ["Decision tree"], "the landing content must not frame other pages"


def test_a_page_run_without_the_router_reruns_through_it():
    """AppTest, like a fresh server, starts a pages/ app in Streamlit's legacy mode, which runs
    the page file without app.py; the page must then register the real menu (Home, not app)."""
    at = run_page(PLAYGROUND)
    assert_clean(at)
    registered = {pathlib.Path(info["script_path"]).name for info in at._registered_pages.values()}
    assert "home.py" in registered and "app.py" not in registered


def test_landing_page_links_every_page_and_lists_every_model():
    at = run_page()
    text = " ".join(m.value for m in at.markdown)
    for spec in MODELS.values():
        assert spec.label in text
    linked = {e.proto.page for e in at.get("page_link")}
    assert linked == {pathlib.Path(p).stem.split("_", 1)[1] for p in PAGES}


def test_playground_draws_regions_and_scores():
    at = run_page(PLAYGROUND)
    assert_clean(at)
    z = heatmap_z(at)
    assert z.shape == (200, 200)
    labels = {m.label: m.value for m in at.metric}
    assert labels["train accuracy"].endswith("%") and labels["test accuracy"].endswith("%")
    # the regions and the confusion matrix: the learning curve's section is closed, so not built
    assert len(at.get("plotly_chart")) == 2
    table = [m.value for m in at.markdown if m.value.startswith("| class | precision")]
    assert len(table) == 1, "no per-class table"
    rows = [r.split("|")[1:-1] for r in table[0].splitlines()[2:]]
    assert [r[0].strip() for r in rows] == ["0", "1"]          # moons: one row per class
    assert all(0 <= float(v) <= 1 for r in rows for v in r[1:4]), rows


@pytest.mark.parametrize("key", list(MODELS))
def test_each_model_changes_the_figure(key):
    at = run_page(PLAYGROUND)
    before = heatmap_z(at)
    at.selectbox(key="model").set_value(key).run()
    assert_clean(at)
    if key != "knn":
        assert not np.array_equal(before, heatmap_z(at)), f"{key} drew the same regions as knn"


def test_knn_k_changes_the_figure():
    at = run_page(PLAYGROUND)
    before = heatmap_z(at)
    at.slider(key="p_knn_k").set_value(25).run()
    assert_clean(at)
    assert not np.array_equal(before, heatmap_z(at))
    assert at.query_params.get("k") in ("25", ["25"])


def test_logistic_C_changes_the_figure():
    at = run_page(PLAYGROUND, query={"model": "logistic", "data": "moons"})
    assert_clean(at)
    before = heatmap_z(at)
    at.select_slider(key="p_logistic_C").set_value(0.001).run()
    assert_clean(at)
    assert not np.array_equal(before, heatmap_z(at))


def test_hidden_parameter_appears_when_relevant():
    at = run_page(PLAYGROUND)
    keys = {s.key for s in at.slider}
    assert "p_knn_p" not in keys
    at.selectbox(key="p_knn_metric").set_value("minkowski").run()
    assert "p_knn_p" in {s.key for s in at.slider}


def test_a_good_link_restores_the_view():
    at = run_page(PLAYGROUND, query={"data": "spirals", "classes": "3", "n": "150", "model": "logistic",
                                     "C": "100", "penalty": "l1", "pts": "0.5,0.5,1;-1,2,0"})
    assert_clean(at)
    assert not at.warning
    assert at.selectbox(key="ds_data").value == "spirals"
    assert at.slider(key="ds_classes").value == 3
    assert at.slider(key="ds_n").value == 150
    assert at.selectbox(key="model").value == "logistic"
    assert at.select_slider(key="p_logistic_C").value == 100
    assert at.selectbox(key="p_logistic_penalty").value == "l1"
    assert "2 drawn points" in " ".join(c.value for c in at.caption)
    # and the URL still describes the view after the run
    assert at.query_params["model"] in ("logistic", ["logistic"])


def test_a_bad_link_warns_once_and_falls_back_to_defaults():
    at = run_page(PLAYGROUND, query={"n": "many", "k": "999", "model": "knn", "noise": "-1"})
    assert not at.exception
    assert len(at.warning) == 1
    text = at.warning[0].value
    assert "points" in text and "k (neighbours)" in text and "noise" in text
    assert at.slider(key="ds_n").value == GENERATORS["blobs"].default_n
    assert at.slider(key="p_knn_k").value == MODELS["knn"].param("k").default
    assert heatmap_z(at).shape == (200, 200)


def test_an_unknown_model_or_dataset_in_the_link_warns():
    at = run_page(PLAYGROUND, query={"model": "deep_net", "data": "mnist", "pts": "1,2"})
    assert not at.exception
    assert len(at.warning) == 1
    text = at.warning[0].value
    assert "deep_net" in text and "mnist" in text and "drawn points" in text
    assert at.selectbox(key="model").value == "knn"


def test_k_larger_than_the_training_set_shows_a_message_not_a_crash():
    at = run_page(PLAYGROUND, query={"n": "20"})
    at.slider(key="p_knn_k").set_value(50).run()
    assert not at.exception
    assert len(at.error) == 1 and "k" in at.error[0].value
    fig = figure(at)
    assert not [t for t in fig["data"] if t.get("type") == "heatmap"]
    assert sum(len(decode(t["x"])) for t in fig["data"] if t.get("type") == "scatter") == 20


def test_blank_canvas_asks_for_points():
    at = run_page(PLAYGROUND, query={"data": "blank"})
    assert not at.exception
    assert len(at.error) == 1 and "two classes" in at.error[0].value
    at = run_page(PLAYGROUND, query={"data": "blank", "k": "1", "pts": "-1,-1,0;-1.5,-1,0;1,1,1;1.2,1.5,1"})
    assert_clean(at)
    assert heatmap_z(at).shape == (200, 200)


def test_drawn_points_survive_a_model_change_and_undo_removes_one():
    at = run_page(PLAYGROUND, query={"pts": "0.5,0.5,1;-1,2,0;2,2,2"})
    at.selectbox(key="model").set_value("logistic").run()
    at.slider(key="ds_n").set_value(100).run()
    assert "3 drawn points" in " ".join(c.value for c in at.caption)
    at.button(key="draw_undo").click().run()
    assert "2 drawn points" in " ".join(c.value for c in at.caption)
    assert at.query_params["pts"] in ("0.5,0.5,1;-1,2,0", ["0.5,0.5,1;-1,2,0"])


def test_five_classes_draw_five_class_traces():
    at = run_page(PLAYGROUND, query={"classes": "5"})
    assert_clean(at)
    names = [t.get("name", "") for t in figure(at)["data"]]
    assert sum(n.startswith("class ") and n.endswith("(train)") for n in names) == 5


def test_the_dataset_is_shared_across_a_page_switch():
    at = run_page(PLAYGROUND)
    at.slider(key="ds_n").set_value(300).run()
    at.switch_page("home.py").run()
    at.switch_page(PLAYGROUND).run()
    assert at.slider(key="ds_n").value == 300


@pytest.mark.parametrize("gen", list(GENERATORS))
def test_every_model_on_every_generator(gen):
    at = run_page(PLAYGROUND, query={"data": gen, "n": "60"})
    assert_clean(at)
    for key in MODELS:
        at.selectbox(key="model").set_value(key).run()
        assert_clean(at)
        assert heatmap_z(at).shape == (200, 200)


def test_log_sliders_offer_nice_values_and_snap_to_them():
    C = ParamSpec("C", "float", 1.0, 1e-3, 1e4, log=True, allow_inf=True)
    grid = log_grid(C)
    assert grid[:4] == [0.001, 0.002, 0.005, 0.01] and grid[-2:] == [1e4, float("inf")]
    assert 1.0 in grid and len(grid) == 3 * 7 + 1 + 1
    assert snap(C, 0.3) == 0.2 and snap(C, 0.4) == 0.5 and snap(C, float("inf")) == float("inf")
    n = ParamSpec("n", "int", 100, 1, 300, log=True)
    assert log_grid(n) == [1, 2, 5, 10, 20, 50, 100, 200, 300]
    assert snap(ParamSpec("p", "float", 3.0, 1.0, 10.0, step=0.5), 3.3) == 3.5


def test_a_none_choice_shows_as_no_limit_and_round_trips():
    at = run_page(PLAYGROUND, query={"model": "random_forest", "data": "moons", "n": "60"})
    assert_clean(at)
    depth = at.selectbox(key="p_random_forest_max_depth")
    assert depth.value == "no limit", "a None default must not show Streamlit's 'Choose an option'"
    before = heatmap_z(at)
    depth.set_value(1).run()
    assert_clean(at)
    assert at.selectbox(key="p_random_forest_max_depth").value == 1
    assert not np.array_equal(heatmap_z(at), before)
    at.selectbox(key="p_random_forest_max_depth").set_value("no limit").run()
    assert_clean(at)
    assert np.array_equal(heatmap_z(at), before)


def test_id3_page_shows_the_naive_bayes_weather_example():
    """worked_examples.md: new day (sunny, cool, high, strong), maximum likelihood."""
    at = run_page("pages/4_ID3_on_a_table.py")
    assert_clean(at)
    frame = next(df.value for df in at.dataframe if "score" in df.value.columns)
    scores = dict(zip(frame["class"], frame["score"], strict=True))
    assert round(scores["yes"], 4) == 0.0053 and round(scores["no"], 4) == 0.0206
    assert round(dict(zip(frame["class"], frame["posterior"], strict=True))["no"], 3) == 0.795
    assert any("Prediction: **no**" in m.value for m in at.markdown)
    at.toggle(key="nb_laplace").set_value(True).run()
    assert_clean(at)
    smoothed = next(df.value for df in at.dataframe if "score" in df.value.columns)
    assert not np.allclose(smoothed["score"], frame["score"])
