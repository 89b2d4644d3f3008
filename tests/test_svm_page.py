"""The SVM & kernels page under AppTest: the lecture sequence and the C slider change what is drawn."""

import json
import pathlib

import pytest
from streamlit.testing.v1 import AppTest

pytestmark = pytest.mark.app

APP = str(pathlib.Path(__file__).resolve().parents[1] / "app.py")
PAGE = "pages/2_SVM_and_kernels.py"


def _open():
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.switch_page(PAGE).run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def _margin_figure(at) -> dict:
    figs = [json.loads(c.proto.spec) for c in at.get("plotly_chart")]
    return next(f for f in figs if any("support vectors" in (t.get("name") or "") for t in f["data"]))


def test_page_draws_margins_and_support_vectors():
    at = _open()
    fig = _margin_figure(at)
    levels = sorted((t["contours"]["start"], t["contours"]["end"]) for t in fig["data"] if t["type"] == "contour")
    assert levels == [(-1.0, 1.0), (0.0, 0.0)]
    assert not at.error


def test_lecture_sequence_hard_margin_then_outlier_then_soft_margin():
    at = _open()
    at.button(key="svm_lesson_0").click().run()
    assert not at.exception and not at.warning
    at.button(key="svm_lesson_1").click().run()
    assert any("finite C" in w.value for w in at.warning), "the outlier step must explain the hard margin fails"
    at.button(key="svm_lesson_2").click().run()
    small_C = _margin_figure(at)
    at.button(key="svm_lesson_3").click().run()
    large_C = _margin_figure(at)
    assert not at.exception
    assert "support vectors" in small_C["layout"]["annotations"][0]["text"]
    # a smaller C buys a wider margin with more support vectors
    def count(fig):
        return int(fig["layout"]["annotations"][0]["text"].split()[0])
    assert count(small_C) > count(large_C)
