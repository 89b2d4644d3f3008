"""The Learning curves and Validation curve pages, the Playground's learning-curve panel, the
figures and helpers behind them, and the 1/3 test fraction."""

import numpy as np
import pytest
from support.apptest import assert_clean, decode, run_page

from catalog.models import MODELS
from mlcore.model_selection import fold_mean_sd, learning_curve_regime
from ui.core.settings import _fits, _widget_value
from viz.curves import learning_curve_figure, validation_curve_figure, value_axis

LEARNING = "pages/10_Learning_curves.py"
VALIDATION = "pages/11_Validation_curve.py"
MOONS = {"data": "moons", "noise": "0.35", "n": "200"}


def _chart(at, key):
    """The figure of the chart inside the container ``key`` (or the chart with that key)."""
    import json

    for chart in at.get("plotly_chart"):
        spec = json.loads(chart.proto.spec)
        if key in (chart.proto.id or "") or spec.get("layout", {}).get("uirevision") == key:
            return spec
    raise KeyError(key)


# --- pages -----------------------------------------------------------------------------------

@pytest.mark.app
@pytest.mark.parametrize("model", list(MODELS))
def test_learning_curves_page_runs_for_every_model(model):
    at = run_page(LEARNING, query={**MOONS, "model": model, "sizes": "4", "folds": "3"})
    assert_clean(at)
    curve = _chart(at, "learning_curve")
    names = [t.get("name") for t in curve["data"]]
    assert "training" in names and "validation" in names
    assert len(decode(next(t for t in curve["data"] if t.get("name") == "validation")["x"])) >= 1
    text = " ".join(m.value for m in at.markdown)
    assert "What you see" in text and "nan" not in text.lower()
    assert any(f"**{name}**" in text for name in ("high variance", "high bias")) or "reaches the" in text


@pytest.mark.app
@pytest.mark.parametrize("model", list(MODELS))
def test_validation_curve_page_runs_for_every_model(model):
    at = run_page(VALIDATION, query={**MOONS, "model": model, "folds": "3"})
    assert_clean(at)
    text = " ".join(m.value for m in at.markdown) + " ".join(i.value for i in at.info)
    assert "nan" not in text.lower()
    if MODELS[model].params:
        curve = _chart(at, "validation_curve")
        assert any(t.get("name") == "best" for t in curve["data"])
        assert "Best" in text
    else:
        assert "no hyperparameter to vary" in text


@pytest.mark.app
def test_validation_curve_value_redraws_the_boundary_and_keeps_the_curve():
    at = run_page(VALIDATION, query={**MOONS, "model": "knn", "vary": "k"})
    assert_clean(at)
    before_curve = _chart(at, "validation_curve")
    before = _chart(at, "decision")
    assert before["layout"]["title"]["text"].startswith("k (neighbours) = 5")
    at.session_state["p_knn_k"] = 25  # what a click at k = 25 on the curve puts there
    at.run()
    assert_clean(at)
    after = _chart(at, "decision")
    assert after["layout"]["title"]["text"].startswith("k (neighbours) = 25")
    heat = [decode(t["z"]) for fig in (before, after) for t in fig["data"] if t.get("type") == "heatmap"]
    assert not np.array_equal(heat[0], heat[1])
    after_curve = _chart(at, "validation_curve")
    # same validation means (the curve does not depend on the chosen k), the marker moved
    same = [t for t in before_curve["data"] if t.get("name") == "validation"]
    again = [t for t in after_curve["data"] if t.get("name") == "validation"]
    np.testing.assert_array_equal(decode(same[0]["y"]), decode(again[0]["y"]))
    assert before_curve["layout"]["shapes"][0]["x0"] != after_curve["layout"]["shapes"][0]["x0"]


@pytest.mark.app
def test_learning_page_boundary_at_a_chosen_size():
    at = run_page(LEARNING, query={**MOONS, "model": "tree", "sizes": "4", "at": "0"})
    assert_clean(at)
    boundary = _chart(at, "decision")
    sizes = decode(_chart(at, "learning_curve")["data"][1]["x"])
    assert boundary["layout"]["title"]["text"].startswith(f"{int(sizes[0])} points")


@pytest.mark.app
@pytest.mark.parametrize("page", [LEARNING, VALIDATION])
@pytest.mark.parametrize("query", [{"data": "blank"}, {"data": "blank", "pts": "0,0,0;1,1,1"},
                                   {"data": "blank", "pts": "0,0,0;1,1,0;2,1,0"}])
def test_degenerate_data_gives_a_message(page, query):
    at = run_page(page, query=query)
    assert_clean(at)
    assert at.warning, "a message saying why there is no curve"


@pytest.mark.app
def test_playground_shows_the_learning_curve_in_its_section_under_the_chart():
    import json

    def kinds(at):
        return [json.loads(c.proto.spec)["layout"].get("uirevision") for c in at.get("plotly_chart")]

    closed = run_page("pages/1_Playground.py", query={**MOONS, "model": "tree"})
    assert_clean(closed)
    assert "learning_curve" not in kinds(closed), "the learning curve was built in a closed section"
    at = run_page("pages/1_Playground.py", query={**MOONS, "model": "tree", "section": "learning"})
    assert_clean(at)
    assert kinds(at).index("learning_curve") == kinds(at).index("decision") + 1
    assert any(c.value.startswith("At ") and "validation" in c.value for c in at.caption)

    def reading():
        return next(m.value for m in at.markdown if "What you see" in m.value)

    assert "**overfitting**" in reading()  # a full tree on noisy moons
    at.session_state["p_tree_max_depth"] = 1
    at.run()
    assert_clean(at)
    assert "**underfitting**" in reading()  # a stump cannot follow the moons


@pytest.mark.app
@pytest.mark.parametrize("raw, n_test", [("0.3333333333", 67), ("0.3", 60), ("0.25", 50), ("0.45", 90)])
def test_test_fraction_reaches_one_third_and_old_links_stay_exact(raw, n_test):
    at = run_page("pages/1_Playground.py", query={**MOONS, "test": raw})
    assert_clean(at)
    assert not at.warning, [w.value for w in at.warning]
    assert any(f"{n_test} test points" in c.value for c in at.caption)


# --- helpers ---------------------------------------------------------------------------------

def test_curve_values_are_positions_of_the_widget():
    from ui.model_selection.curve_runs import curve_values

    for spec in MODELS.values():
        for p in spec.params:
            values = curve_values(p)
            assert 1 < len(values) <= 13, (spec.key, p.name, values)
            for v in values:
                assert _fits(p, _widget_value(v)), (spec.key, p.name, v)
            if p.kind in ("int", "float"):
                assert values == sorted(values) and p.default in values


def test_nearest_value_on_log_linear_and_choice_axes():
    from ui.model_selection.curve_runs import nearest_value

    assert nearest_value([0.01, 0.1, 1.0, 10.0], np.log10(0.8), log=True) == 1.0
    assert nearest_value([1, 5, 9], 6.9, log=False) == 5
    assert nearest_value([1, 5, 9], 7.1, log=False) == 9
    assert nearest_value([1, 2, None], 1.8, log=False) is None  # "no limit" sits at position 2


def test_variable_params_put_scales_first_and_respect_relevance():
    from ui.model_selection.curve_runs import variable_params

    tree = [p.name for p in variable_params(MODELS["tree"], MODELS["tree"].defaults())]
    assert tree[0] == "max_depth" and "criterion" in tree
    svm = MODELS["svm"]
    assert "gamma" not in [p.name for p in variable_params(svm, {**svm.defaults(), "kernel": "linear"})]


# --- figures and the regime ------------------------------------------------------------------

def test_learning_figure_means_skip_failed_fits():
    sizes = [5, 10, 20]
    train = np.array([[np.nan, np.nan], [1.0, 0.8], [0.9, 0.9]])
    test = np.array([[np.nan, np.nan], [0.6, np.nan], [0.7, 0.9]])
    fig = learning_curve_figure(sizes, train, test)
    line = next(t for t in fig.data if t.name == "validation")
    np.testing.assert_array_equal(line.x, np.float32([10, 20]))
    np.testing.assert_allclose(line.y, [0.6, 0.8], rtol=1e-6)  # float32 of exact means
    band = next(t for t in fig.data if t.name == "validation ± sd")
    np.testing.assert_allclose(band.y, [0.6, 0.9, 0.7, 0.6], rtol=1e-6)  # 0.8 ± 0.1, 0.6 ± 0


def test_validation_figure_stars_the_best_and_uses_log_positions():
    values = [0.01, 0.1, 1.0, 10.0]
    test = np.array([[0.6, 0.6], [0.8, 0.86], [0.85, 0.85], [0.7, 0.8]])
    fig = validation_curve_figure(values, test, test, param_label="C", log=True, selected=0.1)
    star = next(t for t in fig.data if t.name == "best")
    assert star.x[0] == pytest.approx(np.log10(1.0)) and star.y[0] == pytest.approx(0.85)
    assert fig.layout.shapes[0].x0 == pytest.approx(-1.0)
    assert list(fig.layout.xaxis.ticktext) == ["0.01", "0.1", "1", "10"]
    x, labels = value_axis([None, 3], log=False)
    assert list(x) == [0, 1] and labels == ["no limit", "3"]


def test_fold_mean_sd_and_regimes():
    mean, sd, count = fold_mean_sd([[1.0, 0.0], [np.nan, 0.5], [np.nan, np.nan]])
    assert mean[0] == 0.5 and sd[0] == 0.5 and mean[1] == 0.5 and count.tolist() == [2, 1, 0]
    assert np.isnan(mean[2])
    high_variance = learning_curve_regime([[1.0, 1.0]], [[0.8, 0.84]])
    assert high_variance.name == "high variance" and high_variance.gap == pytest.approx(0.18)
    assert learning_curve_regime([[0.75, 0.75]], [[0.74, 0.72]]).name == "high bias"
    assert learning_curve_regime([[0.75, 0.75]], [[0.74, 0.72]], target=0.7).name == "fine"
    assert learning_curve_regime([[0.75, 0.75]], [[0.4, 0.5]]).name == "high bias"  # bias first
    assert learning_curve_regime([[0.95, 0.95]], [[0.9, 0.9]], target=0.9, max_gap=0.05).name == "fine"
    # the last size that was scored counts
    assert learning_curve_regime([[0.7, 0.7], [np.nan, np.nan]], [[0.7, 0.7], [np.nan, np.nan]]).train == 0.7
