"""Issue 14, defect 2 on the SVM page: a setting keeps its value when the page errors in
between (C = ∞ on overlapping data) and when a lecture step changes other settings."""

import math

import pytest
from streamlit.testing.v1 import AppTest
from support.apptest import run_page

pytestmark = pytest.mark.app

SVM = "pages/2_SVM_and_kernels.py"


def _open() -> AppTest:
    # the epochs slider is in the primal route's section, built only when its tab is open
    at = run_page(SVM, prepare=lambda at: at.session_state.__setitem__(
        "svm_section", "The same problem in the primal: Pegasos"))
    assert not at.exception, [e.message for e in at.exception]
    return at


def _epochs(at):
    return at.slider(key="svm_epochs").value


def test_epochs_survive_an_infinite_C_and_a_step_back():
    at = _open()
    at.selectbox(key="ds_data").set_value("moons").run()
    at.slider(key="ds_noise").set_value(0.3).run()
    at.selectbox(key="p_svm_kernel").set_value("linear").run()   # moons are not linearly separable
    at.slider(key="svm_epochs").set_value(70).run()
    C = at.select_slider(key="p_svm_C")
    options = list(C.options)
    at.select_slider(key="p_svm_C").set_value(math.inf).run()   # hard margin: the page says why
    assert not at.exception, [e.message for e in at.exception]
    assert any("hard margin" in w.value for w in at.warning), "C = ∞ on moons: the page says why"
    below = options[options.index("∞") - 1] if "∞" in options else options[-2]
    at.select_slider(key="p_svm_C").set_value(float(below)).run()
    assert not at.exception, [e.message for e in at.exception]
    assert _epochs(at) == 70


def test_epochs_survive_a_lecture_step():
    at = _open()
    at.selectbox(key="ds_data").set_value("moons").run()
    at.slider(key="svm_epochs").set_value(70).run()
    at.button(key="preset_svm_1").click().run()
    assert not at.exception, [e.message for e in at.exception]
    at.button(key="preset_svm_3").click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert _epochs(at) == 70
