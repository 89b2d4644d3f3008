"""Sections below a page's main chart (ui/core/sections.py): only the open tab is built, the link
names it, a link setting read in a section opens it, and the open one is kept over a run that
stopped before the tabs."""

import json

import pytest
from support.apptest import assert_clean, run_page

pytestmark = pytest.mark.app

SVM = "pages/2_SVM_and_kernels.py"
KERNEL = "The kernel trick"
PRIMAL = "The same problem in the primal: Pegasos"


def _chart_types(at) -> set[str]:
    return {t["type"] for c in at.get("plotly_chart") for t in json.loads(c.proto.spec)["data"]}


def _open_tab(at) -> str | None:
    return at.session_state["svm_section"] if "svm_section" in at.session_state else None


def test_closed_sections_are_not_built():
    at = run_page(SVM)
    assert_clean(at)
    # the kernel trick's lift and landscape are the page's only 3-D charts (surface, scatter3d)
    assert not _chart_types(at) & {"surface", "scatter3d"}, "a closed section's 3-D charts were built"
    assert not [s for s in at.slider if s.key == "svm_epochs"], "the closed primal section drew its slider"
    at.session_state["svm_section"] = KERNEL
    at.run()
    assert_clean(at)
    assert {"surface", "scatter3d"} <= _chart_types(at)
    assert at.query_params.get("section") in ("kernel", ["kernel"])


@pytest.mark.parametrize("query, tab", [
    ({"section": "kernel"}, KERNEL),
    ({"epochs": "20"}, PRIMAL),                # a link from before the tabs: its setting's section opens
    ({"data": "moons"}, "Where f(x) comes from"),
])
def test_the_link_opens_its_section(query, tab):
    at = run_page(SVM, query)
    assert_clean(at)
    assert _open_tab(at) == tab
    if "epochs" in query:
        assert at.slider(key="svm_epochs").value == 20


def test_a_bad_section_warns_and_opens_the_first():
    at = run_page(SVM, {"section": "nowhere"})
    assert not at.exception
    assert any("section" in w.value for w in at.warning)
    assert _open_tab(at) == "Where f(x) comes from"


def test_the_open_section_outlives_a_run_that_stopped_early():
    at = run_page(SVM, {"data": "moons", "noise": "0.3", "kernel": "linear", "section": "primal"})
    assert at.slider(key="svm_epochs")
    at.select_slider(key="p_svm_C").set_value(float("inf")).run()   # no hard margin on moons: the page stops
    assert any("hard margin" in w.value for w in at.warning)
    at.select_slider(key="p_svm_C").set_value(1.0).run()
    assert_clean(at)
    assert _open_tab(at) == PRIMAL and at.slider(key="svm_epochs")
