"""Compare models shows its panels progressively: the chart is drawn before the first model is
cross-validated, and the last drawing holds every model's panel; a session that has every
result draws it once, fitting nothing."""

import json

import pytest
from support.apptest import assert_clean, run_page

pytestmark = pytest.mark.app

PAGE = "pages/15_Compare_models.py"
LINK = {"data": "moons", "models": "knn,tree,logistic"}


def test_the_chart_comes_before_the_fits_and_ends_whole(monkeypatch):
    import streamlit as st

    import mlcore.model_selection as model_selection
    from ui.core import charts
    from ui.serving import ahead

    # the results are shared by every session and the folds next to 5 are computed ahead in a
    # thread: this test counts the run's own fits, from empty caches
    monkeypatch.setattr(ahead, "ENABLED", False)
    st.cache_resource.clear()
    events = []
    cross_validate, plotly_chart = model_selection.cross_validate, charts.plotly_chart
    monkeypatch.setattr(model_selection, "cross_validate",
                        lambda *a, **k: events.append("fit") or cross_validate(*a, **k))
    monkeypatch.setattr(charts, "plotly_chart", lambda *a, **k: events.append("draw") or plotly_chart(*a, **k))
    at = run_page(PAGE, LINK)
    assert_clean(at)
    assert events.count("fit") == 3 and events[0] == "draw", events
    titles = " ".join(a.get("text", "") for a in json.loads(at.get("plotly_chart")[0].proto.spec)["layout"]
                      .get("annotations", []))
    assert "computing" not in titles and titles.count("CV ") == 3, titles
    events.clear()
    at.run()
    assert_clean(at)
    assert events == ["draw"], "with every result kept, one drawing and no fit"
