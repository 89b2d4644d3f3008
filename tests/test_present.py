"""Lecture tools: the chart config and its image file name, presenter scale, the dark theme.

Unit tests of ui.core.charts and viz.present on real figures of the viz builders, and AppTests that
``?present=1`` is read, kept in the link, enlarges the figures and can be left."""

import json

import numpy as np
import plotly.graph_objects as go
import pytest
from streamlit.testing.v1 import AppTest
from support.apptest import PLAYGROUND, assert_clean, link, run_page

from mlcore.datasets import make_dataset
from mlcore.neighbors import KNeighborsClassifier
from mlcore.tree import DecisionTreeClassifier
from ui.core import charts
from viz import confusion_figure, decision_figure, palette
from viz import present as look
from viz.curves import learning_curve_figure
from viz.tree import tree_diagram

# WCAG 2.1 success criterion 1.4.11 (non-text contrast): graphical objects a reader must tell
# apart, such as a chart's markers, need 3:1 against what is next to them; text needs 4.5:1.
GRAPHIC_CONTRAST, TEXT_CONTRAST = 3.0, 4.5


@pytest.fixture(scope="module")
def moons():
    X, y = make_dataset("moons", n=120, noise=0.2, seed=0)
    return X, y


def _decision(moons, **kw) -> dict:
    X, y = moons
    model = KNeighborsClassifier(n_neighbors=7).fit(X, y)
    return decision_figure(model, X, y, X_test=X[:20], y_test=y[:20], height=500, **kw).to_dict()


def _figures(moons) -> list[dict]:
    X, y = moons
    tree = DecisionTreeClassifier(max_depth=2).fit(X, y)
    sizes = np.array([20, 40, 80])
    scores = np.array([[1.0, 0.9], [0.95, 0.9], [0.92, 0.91]])
    return [_decision(moons), confusion_figure(np.array([[40, 3], [5, 32]]), [0, 1]).to_dict(),
            tree_diagram(tree).to_dict(),
            learning_curve_figure(sizes, scores, scores - 0.05).to_dict()]


def _walk(node, path=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _walk(v, (*path, k))
    elif isinstance(node, list):
        for v in node:
            yield from _walk(v, path)
    else:
        yield path, node


# --- the config and the file name -------------------------------------------------------------

def test_config_offers_only_the_image_download_and_keeps_the_page_s_zoom_settings():
    cfg = charts.config("playground", scroll_zoom=False, double_click=False)
    assert cfg["modeBarButtons"] == [["toImage"]]
    assert cfg["displayModeBar"] == "hover" and cfg["displaylogo"] is False
    assert cfg["toImageButtonOptions"]["format"] == "png" and cfg["toImageButtonOptions"]["scale"] >= 2
    assert cfg["scrollZoom"] is False and cfg["doubleClick"] is False
    assert "scrollZoom" not in charts.config("id3") and "doubleClick" not in charts.config("id3")
    json.dumps(cfg)  # it goes to the browser as JSON: no functions in it


def test_file_name_says_page_model_dataset_and_changed_settings():
    name = charts.filename("playground", "playground_chart", {"model": "knn", "data": "moons"},
                           {"data": "moons", "n_neighbors": "7"})
    assert name == "playground_knn_moons_n-neighbors7"
    # a second chart of the page says which; defaults still name the model and the data
    assert charts.filename("playground", "playground_learning", {"model": "knn", "data": "blobs"}, {}) \
        == "playground_learning_knn_blobs"
    # drawn points are "drawn", not their coordinates; presenter mode says nothing about the chart
    drawn = charts.filename("svm", "svm_margin", {"data": "blank"}, {"pts": "0.1,0.2,0;0.3,0.4,1", "present": "1"})
    assert drawn == "svm_margin_blank_drawn"


def test_file_name_is_safe_and_bounded():
    link = {f"param{i}": "value with spaces/and:colons" * 2 for i in range(20)}
    name = charts.filename("Decision tree", "tree_plane", {"model": "tree"}, link)
    assert len(name) <= charts.MAX_NAME
    assert set(name) <= set("abcdefghijklmnopqrstuvwxyz0123456789_.+-")
    assert name.startswith("decision-tree_plane_tree_param0")


# --- presenter scale --------------------------------------------------------------------------

def test_presenter_mode_makes_the_figure_s_type_at_least_the_minimum(moons):
    for fig in _figures(moons):
        out = look.present(fig)
        go.Figure(out)  # still a valid figure
        layout = out["layout"]
        sizes = [v for path, v in _walk({k: v for k, v in layout.items() if k != "annotations"})
                 if path[-1:] == ("size",) and path[-2] in ("font", "tickfont")]
        assert layout["font"]["size"] >= look.MIN_FONT
        assert sizes and min(sizes) >= look.MIN_FONT, sizes
        # set explicitly, so a chart drawn with Streamlit's theme cannot shrink them
        assert layout["xaxis"]["tickfont"]["size"] >= look.MIN_FONT
        assert layout["legend"]["font"]["size"] >= look.MIN_FONT


def test_presenter_mode_grows_placed_text_less_so_it_still_fits(moons):
    X, y = moons
    before = tree_diagram(DecisionTreeClassifier(max_depth=2).fit(X, y)).to_dict()
    after = look.present(tree_diagram(DecisionTreeClassifier(max_depth=2).fit(X, y)).to_dict())
    pairs = [(a["textfont"]["size"], b["textfont"]["size"]) for a, b in zip(before["data"], after["data"], strict=True)
             if "size" in a.get("textfont", {})]
    pairs += [(a["font"]["size"], b["font"]["size"])
              for a, b in zip(before["layout"].get("annotations", []), after["layout"].get("annotations", []),
                              strict=True)
              if "size" in a.get("font", {})]
    assert pairs
    for old, new in pairs:
        assert new == pytest.approx(old * look.TEXT_SCALE)


def test_presenter_mode_scales_markers_and_lines_but_not_other_sizes(moons):
    before = _decision(moons)
    after = look.present(_decision(moons))
    for t0, t1 in zip(before["data"], after["data"], strict=True):
        if "size" in t0.get("marker", {}):
            assert np.allclose(np.asarray(t1["marker"]["size"]), np.asarray(t0["marker"]["size"]) * look.MARKER_SCALE)
        if "width" in t0.get("line", {}):
            assert t1["line"]["width"] == pytest.approx(t0["line"]["width"] * look.LINE_SCALE)
        if "contours" in t0:  # a contour's level step is not a drawn size
            assert t1["contours"] == t0["contours"]
    assert after["layout"]["height"] == before["layout"]["height"]


# --- the dark theme ---------------------------------------------------------------------------

def test_every_class_colour_stands_out_on_the_dark_paper():
    for color in palette.CLASS_COLORS:
        assert look.dark_color(color) == color  # the colour-blind-safe palette is kept
        assert look.contrast(color, look.PAPER) >= GRAPHIC_CONTRAST, color
    assert look.contrast(look.INK, look.PAPER) >= TEXT_CONTRAST


def test_dark_confidence_shading_grows_from_the_paper_towards_the_class_colour():
    for i in range(palette.MAX_CLASSES):
        faint = look.dark_color(palette.region_tint(i, 0.0))
        strong = look.dark_color(palette.region_tint(i, 1.0))
        c = palette.class_color(i)
        # faint near the boundary, stronger far from it, and still darker than the class's markers
        assert look.contrast(faint, look.PAPER) < look.contrast(strong, look.PAPER) < look.contrast(c, look.PAPER)
        # and the markers stand out on their own region where the model is surest
        assert look.contrast(c, strong) >= 1.5, (i, c, strong)


def test_dark_figures_have_dark_paper_light_text_and_no_white_left(moons):
    for fig in _figures(moons):
        out = look.dark(fig)
        go.Figure(out)
        layout = out["layout"]
        assert layout["paper_bgcolor"] == look.PAPER and layout["plot_bgcolor"] == look.PAPER
        assert look.contrast(layout["font"]["color"], look.PAPER) >= TEXT_CONTRAST
        colors = [v for _, v in _walk(out) if isinstance(v, str) and look.parse_color(v)]
        whites = [c for c in colors if look.parse_color(c)[0] == (255, 255, 255)]
        assert not whites


def test_grey_ink_turns_light_and_white_turns_into_the_paper():
    assert look.dark_color(palette.WHITE) == look.PAPER
    assert look.contrast(look.dark_color(palette.INK), look.PAPER) >= TEXT_CONTRAST
    assert look.dark_color("rgba(255,255,255,0.8)") == "rgba(14,17,23,0.8)"
    assert look.dark_color("not a colour") == "not a colour"


def test_light_screen_passes_the_figure_through_untouched(moons):
    fig = go.Figure(_decision(moons))
    assert charts.styled(fig, presenting_now=False, dark_now=False) is fig
    styled = charts.styled(fig, presenting_now=True, dark_now=True)
    assert styled.layout.paper_bgcolor == look.PAPER
    assert fig.layout.paper_bgcolor == palette.WHITE  # the page's figure itself is not changed


# --- presenter mode in the app ----------------------------------------------------------------

def _open(query=None) -> AppTest:
    return run_page(PLAYGROUND, query)


def _main_font(at) -> float:
    return json.loads(at.get("plotly_chart")[0].proto.spec)["layout"]["font"]["size"]


def test_present_link_is_read_kept_and_enlarges_the_figures():
    normal = _open()
    at = _open({"present": "1"})
    assert_clean(at)
    assert link(at).get("present") == "1"
    assert "present" not in link(normal)
    assert _main_font(at) >= look.MIN_FONT > _main_font(normal)
    assert at.button(key="present_exit")  # the way out is on the page
    cfg = json.loads(at.get("plotly_chart")[0].proto.config)
    assert cfg["toImageButtonOptions"]["filename"].startswith("playground_knn_blobs")
    # a setting changed in presenter mode keeps it in the link
    at.selectbox(key="ds_data").set_value("moons").run()
    assert link(at).get("present") == "1" and link(at).get("data") == "moons"
    at.button(key="present_exit").click().run()
    assert_clean(at)
    assert "present" not in link(at)
    assert _main_font(at) < look.MIN_FONT


def test_sidebar_toggle_switches_presenter_mode_on():
    at = _open()
    at.toggle(key="present_toggle").set_value(True).run()
    assert_clean(at)
    assert link(at).get("present") == "1"
    assert _main_font(at) >= look.MIN_FONT


def test_a_bad_present_value_is_reported_not_a_traceback():
    at = _open({"present": "maybe"})
    assert not at.exception
    assert any("present" in w.value for w in at.warning)
    assert "present" not in link(at)
