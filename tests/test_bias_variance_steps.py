"""A step of the model's setting on the Bias-variance page refits only what depends on it: the
overlay at the new value. The curve along the complexity axis does not depend on where the slider
stands (every value of the axis is fitted, whatever the current one), so a step finds it computed."""

import pytest
from support.apptest import assert_clean, charts, run_page, widget

from ui.model_selection import bias_variance_runs as runs
from ui.serving import ahead

PAGE = "pages/14_Bias-variance.py"
# an uncommon dataset seed and 5 training sets: the server's cache holds nothing of it yet, and it is quick
QUERY = {"data": "moons", "n": "80", "seed": "811", "model": "knn", "k": "5", "rounds": "5"}


@pytest.fixture
def fitted(monkeypatch):
    """The number of neighbours of every model the page fits a decomposition for, in order."""
    seen = []
    run = runs._run

    def counting(model, *args, **kwargs):
        seen.append(model.n_neighbors)
        return run(model, *args, **kwargs)

    monkeypatch.setattr(runs, "_run", counting)
    monkeypatch.setattr(ahead, "ENABLED", False)   # only what the step's own run fits
    return seen


@pytest.mark.app
def test_a_k_step_fits_the_new_k_only_and_keeps_the_curve(fitted):
    at = run_page(PAGE, QUERY)
    assert_clean(at)
    curve_before = charts(at)[1]
    values = runs.curve_values("knn", runs.sweeps.MODELS["knn"].param("n_neighbors"))
    assert set(values) <= set(fitted)   # the first run swept the axis
    fitted.clear()
    widget(at, "p_knn_k").set_value(6).run()
    assert_clean(at)
    assert fitted == [6]   # the overlay at k = 6, once; no value of the curve refitted
    after = charts(at)[1]
    # the same curve, its marker gone (6 is not on the axis)
    assert [t["y"] for t in after["data"] if t.get("name") == "expected loss"] == \
           [t["y"] for t in curve_before["data"] if t.get("name") == "expected loss"]
    fitted.clear()
    widget(at, "p_knn_k").set_value(5).run()
    assert_clean(at)
    assert fitted == []    # a step back: the overlay at k = 5 is kept for the server
