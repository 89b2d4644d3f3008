"""A step of Compare models' folds slider redoes only what the folds change: the panels' regions
come from the models fitted on all training points, which no folds step refits or regrids; and
the folds next to the one shown are cross-validated ahead, so the step itself cross-validates
nothing. Both fail on a page that cross-validates and grids every model again per step."""

import threading

import pytest
from support.apptest import assert_clean, figure, run_page, widget

pytestmark = pytest.mark.app

PAGE = "pages/15_Compare_models.py"
MODELS = "knn,tree,logistic"
TIMEOUT = 120


def _join_ahead():
    for t in threading.enumerate():
        if t.name.startswith("ahead-"):
            t.join(TIMEOUT)
            assert not t.is_alive(), "a thread computing ahead did not end"


def _count_in_runs(monkeypatch, module, name) -> list[str]:
    """Calls of ``module.name`` made by page runs (not by threads computing ahead)."""
    calls, real = [], getattr(module, name)

    def counted(*a, **k):
        if not threading.current_thread().name.startswith("ahead-"):
            calls.append(name)
        return real(*a, **k)
    monkeypatch.setattr(module, name, counted)
    return calls


def _titles(at) -> str:
    return " ".join(a.get("text", "") for a in figure(at).get("layout", {}).get("annotations", []))


def test_a_folds_step_draws_no_grid_again(monkeypatch):
    import viz.grid
    from ui.serving import ahead

    monkeypatch.setattr(ahead, "ENABLED", False)
    at = run_page(PAGE, {"data": "moons", "n": "200", "seed": "8101", "models": MODELS})
    assert_clean(at)
    grids = _count_in_runs(monkeypatch, viz.grid, "evaluate_grid")
    before = _titles(at)
    widget(at, "compare_folds").set_value(6).run()
    assert_clean(at)
    assert _titles(at) != before and _titles(at).count("CV ") == 3, _titles(at)
    assert grids == [], "a folds step computed the panels' grids again"


def test_the_next_folds_were_cross_validated_ahead(monkeypatch):
    import mlcore.model_selection as model_selection
    from ui.serving import ahead

    monkeypatch.setattr(ahead, "ENABLED", True)
    _join_ahead()   # an earlier test's thread would take the server's free places
    fits = _count_in_runs(monkeypatch, model_selection, "cross_validate")
    at = run_page(PAGE, {"data": "moons", "n": "200", "seed": "8102", "models": MODELS})
    assert_clean(at)
    assert len(fits) == 3
    _join_ahead()   # while the student looks at 5 folds, 4 and 6 are cross-validated
    fits.clear()
    widget(at, "compare_folds").set_value(6).run()
    assert_clean(at)
    assert fits == [], "the step to 6 folds cross-validated in the run"
    assert _titles(at).count("CV ") == 3, _titles(at)
    _join_ahead()   # after the step up: 7 first
    widget(at, "compare_folds").set_value(7).run()
    assert_clean(at)
    assert fits == [], "the step to 7 folds cross-validated in the run"


def test_the_numbers_are_those_of_a_run_without_anything_ahead(monkeypatch):
    """The same link, computed ahead or in the run, shows the same CV accuracies."""
    from ui.serving import ahead

    link = {"data": "moons", "n": "200", "seed": "8103", "models": MODELS}
    monkeypatch.setattr(ahead, "ENABLED", True)
    at = run_page(PAGE, link)
    _join_ahead()
    widget(at, "compare_folds").set_value(6).run()
    ahead_titles = _titles(at)
    import streamlit as st
    st.cache_resource.clear()
    monkeypatch.setattr(ahead, "ENABLED", False)
    fresh = run_page(PAGE, {**link, "compare_folds": "6"})
    assert_clean(fresh)
    assert _titles(fresh) == ahead_titles
