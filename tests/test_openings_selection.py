"""The openings of the model-selection, theory and features pages (ui.core.lectures_selection,
ui.core.lectures_theory): on the view a page opens on, its lesson is visible. No score it shows is
100% (on far-apart blobs every one was), the Search heatmap has contrast, and the Learning theory
bounds tab has a test error to hold the bounds against."""

import json
import re

import numpy as np
import pytest
from support.apptest import assert_clean, decode, run_page

from ui.core import lectures_selection, lectures_theory

pytestmark = pytest.mark.app

OPENINGS = {"pages/10_Learning_curves.py": lectures_selection.LEARNING_OPENING,
            "pages/11_Validation_curve.py": lectures_selection.VALIDATION_OPENING,
            "pages/12_Cross-validation.py": lectures_selection.CV_OPENING,
            "pages/13_Search.py": lectures_selection.SEARCH_OPENING,
            "pages/15_Compare_models.py": lectures_selection.COMPARE_OPENING,
            "pages/20_Learning_theory.py": lectures_theory.THEORY_OPENING,
            "pages/21_Features.py": lectures_theory.FEATURES_OPENING}
THEORY = "pages/20_Learning_theory.py"


def opened(page: str):
    """The page as a bare link opens it in a new session: on its opening view."""
    at = run_page(page)
    assert_clean(at)
    for key, value in OPENINGS[page].items():
        assert at.session_state[key] == ("no limit" if value is None else value), key
    return at


def shown_scores(at) -> list[str]:
    """Every text the page shows that may carry a score: metrics, markdown, captions, tables, and the
    titles, annotations and cell texts of its charts."""
    texts = [m.value for m in at.metric] + [m.value for m in at.markdown] + [c.value for c in at.caption]
    texts += [df.value.to_string() for df in at.dataframe]
    for chart in at.get("plotly_chart"):
        fig = json.loads(chart.proto.spec)
        layout = fig.get("layout", {})
        texts.append(str(layout.get("title", {}).get("text", "")))
        texts += [str(a.get("text", "")) for a in layout.get("annotations", [])]
        for trace in fig["data"]:
            if trace.get("type") == "heatmap" and "text" in trace:
                texts += [str(t) for row in trace["text"] for t in row]
    return [t for t in texts if "%" in t or re.search(r"\d\.\d", t)]


def score_texts(texts: list[str]) -> list[str]:
    """The texts that show a score of 100% (1.00 counted only where the text is about accuracy)."""
    return [t for t in texts if re.search(r"(?<![\d.])100(\.0+)?\s?%", t)
            or (re.fullmatch(r"\s*1\.0+\s*", t))]


@pytest.mark.parametrize("page", sorted(OPENINGS))
def test_no_score_on_the_opening_view_is_100_percent(page):
    at = opened(page)
    shown = shown_scores(at)
    assert shown, "the opening shows scores"
    assert not score_texts(shown), score_texts(shown)


def test_the_default_blobs_showed_100_percent_scores():
    """What the openings replace: on the sidebar's default (two far-apart blobs) the same pages show
    nothing but 100% (the check above can fail)."""
    at = run_page("pages/12_Cross-validation.py", {"data": "blobs"})
    assert_clean(at)
    assert score_texts(shown_scores(at))


def search_heatmap(at) -> dict:
    fig = next(json.loads(c.proto.spec) for c in at.get("plotly_chart")
               if json.loads(c.proto.spec)["layout"].get("uirevision") == "search")
    return next(t for t in fig["data"] if t.get("type") == "heatmap")


def test_the_search_heatmap_opens_with_contrast_and_a_colour_bar_within_one():
    heat = search_heatmap(opened("pages/13_Search.py"))
    z = decode(heat["z"]).astype(float)
    assert np.nanmax(z) - np.nanmin(z) >= 0.05                          # at least 5 points of accuracy
    assert heat["zmax"] <= 1.0


def test_the_search_colour_bar_stays_within_one_when_every_cell_is_100_percent():
    at = run_page("pages/13_Search.py", {"data": "blobs", "model": "knn"})  # far-apart blobs: every cell 1.0
    assert_clean(at)
    heat = search_heatmap(at)
    assert np.allclose(decode(heat["z"]), 1.0)
    assert heat["zmax"] <= 1.0 and list(heat["colorbar"]["tickvals"]) == [1.0]


def bounds_test_error(at) -> np.ndarray:
    fig = next(json.loads(c.proto.spec) for c in at.get("plotly_chart")
               if json.loads(c.proto.spec)["layout"].get("uirevision") == "bounds")
    return decode(next(t for t in fig["data"] if t.get("name") == "test error (mean)")["y"])


def test_the_bounds_tab_on_the_opening_data_shows_a_test_error():
    at = opened(THEORY)
    at.session_state["th_tab"] = "Bounds against reality"  # what a click on the tab sets
    at.run()
    assert_clean(at)
    assert (bounds_test_error(at) > 0).all()


def test_the_bounds_tab_has_a_test_error_even_on_far_apart_blobs():
    """Its own flipped labels: on the sidebar's default blobs a line is right everywhere, and the
    test error was a flat zero."""
    at = run_page(THEORY, {"tab": "bounds"})
    assert_clean(at)
    assert (bounds_test_error(at) > 0.05).all()
    at = run_page(THEORY, {"tab": "bounds", "bound_flip": "0"})           # the flips turned off: zero again
    assert_clean(at)
    assert (bounds_test_error(at) < 0.01).all()
