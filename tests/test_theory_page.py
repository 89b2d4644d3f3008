"""The Learning theory page under AppTest: every tab runs, reacts and explains degenerate data."""

import pytest
from support.apptest import assert_clean, figure, run_page, widget

pytestmark = pytest.mark.app

PAGE = "pages/20_Learning_theory.py"


def open_tab(tab, **query):
    return run_page(PAGE, query={"tab": tab, **query})


def metric(at, label):
    return next(m.value for m in at.metric if m.label == label)


def test_pac_tab_gives_96_for_enjoysport_and_follows_epsilon():
    at = run_page(PAGE)
    assert_clean(at)
    assert metric(at, "examples needed m") == "96"
    widget(at, "th_eps").set_value(0.2).run()  # (ln 729 + ln 20) / 0.2 = 47.9
    assert_clean(at)
    assert metric(at, "examples needed m") == "48"
    assert at.query_params["eps"] == "0.2"  # the link keeps the new ε


@pytest.mark.parametrize("points, verdict, realised", [
    ("-1.5,-1;1.5,-1;0,1.5", "Shattered: lines (half-planes) realise all 8 labelings of these 3 points.", 8),
    ("-1,-1;1,-1;1,1;-1,1", "Not shattered: lines (half-planes) realise 14 of the 16", 14),
    ("0,0;1,1;2,2", "Not shattered: lines (half-planes) realise 6 of the 8", 6),
    ("0.5,0.5;0.5,0.5", "Not shattered: lines (half-planes) realise 2 of the 4", 2),
])
def test_shattering_verdict_and_grid(points, verdict, realised):
    at = open_tab("shattering", spts=points)
    assert_clean(at)
    said = [s.value for s in at.success] + [w.value for w in at.warning]
    assert any(s.startswith(verdict) for s in said), said
    m = points.count(";") + 1
    grid = next(figure(at, i) for i in range(len(at.get("plotly_chart")))
                if figure(at, i)["layout"].get("uirevision") == "labelings")
    modes = [t.get("mode") for t in grid["data"]]
    assert modes.count("markers") == 2 * 2 ** m  # two classes per labeling panel
    assert modes.count("lines") == realised - 2  # a separating line for each one but the two constants


def test_shattering_class_choice_and_examples():
    at = open_tab("shattering")
    assert_clean(at)
    assert any("Click on the plane" in i.value for i in at.info)
    at.button(key="th_ex_diamond").click().run()
    widget(at, "th_hclass").set_value("rectangles").run()
    assert_clean(at)
    assert any(s.value.startswith("Shattered: axis-aligned rectangles realise all 16") for s in at.success)
    widget(at, "th_hclass").set_value("trees").run()
    assert_clean(at)


def test_bad_points_in_the_link_are_explained():
    at = open_tab("shattering", spts="1,nan;oops")
    assert_clean(at)
    assert any("spts" in w.value for w in at.warning)


def test_bad_tab_in_the_link_falls_back():
    at = run_page(PAGE, query={"tab": "nonsense"})
    assert_clean(at)
    assert any("tab" in w.value for w in at.warning)
    assert metric(at, "examples needed m") == "96"


def test_bounds_tab_draws_all_four_curves():
    at = open_tab("bounds", data="moons", noise="0.3")
    assert_clean(at)
    names = [t.get("name", "") for t in figure(at)["data"]]
    assert any(n.startswith("VC bound") for n in names) and any(n.startswith("Rademacher bound") for n in names)
    assert "training error R̂" in names and "test error (mean)" in names


@pytest.mark.parametrize("query", [{"data": "blank"}, {"data": "blobs", "classes": "3"}])
def test_bounds_tab_explains_what_it_needs(query):
    at = open_tab("bounds", **query)
    assert_clean(at)
    assert any("two classes" in i.value for i in at.info)


def test_rademacher_tab_and_degenerate_data():
    at = open_tab("rademacher")
    assert_clean(at)
    assert any("R̂ ≈ 0.50" in h.value for h in at.subheader)  # kNN k = 1 fits any labels
    at = open_tab("rademacher", data="blank")
    assert_clean(at)
    assert any("at least 10 points" in i.value for i in at.info)


def test_bayes_tab_for_known_and_unknown_densities():
    at = open_tab("bayes", data="blobs", noise="1")
    assert_clean(at)
    # two blobs 3.6 apart, s = √(0.04 + 1): R* = Φ(−1.8 / 1.0198) = 3.88%
    assert metric(at, "Bayes error R*").startswith("3.8")
    at = open_tab("bayes", data="spirals")
    assert_clean(at)
    assert any("density" in i.value for i in at.info)
