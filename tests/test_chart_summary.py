"""Every page's main chart has a text summary for screen readers (issue 24, part 4: "each main
chart has a short text summary (classes, accuracy, what is drawn)"): a paragraph after the
chart, hidden by clipping (``display: none`` would hide it from screen readers too), naming the
chart it describes, with the page's own numbers."""

import re

import pytest
from support.apptest import PAGES, PLAYGROUND, assert_clean, run_page
from support.browser import MAIN_CHART

pytestmark = pytest.mark.app

SUMMARY = re.compile(r'<p class="chart-summary" id="summary-([\w-]+)"[^>]*>(.*?)</p>', re.S)


def summaries(at) -> dict[str, str]:
    """{chart key: summary text} of every summary on the page."""
    found = {}
    for element in at.get("html"):
        body = element.proto.body
        for key, text in SUMMARY.findall(body):
            assert "display: none" not in body and "clip" in body, "the summary must stay in the accessibility tree"
            found[key] = text
    return found


def shown_percent(at, label: str) -> str | None:
    """A metric's value as the page shows it ("92.1%"), to a whole percent ("92%")."""
    for m in at.metric:
        if m.label == label and m.value.endswith("%"):
            return f"{float(m.value[:-1]):.0f}%"
    return None


# Pages without a main chart: Compute it asks for numbers worked out from a table; Ask the room
# opens on its forms (a poll's chart and its summary: tests/test_poll_pages.py).
CHARTLESS = {"pages/34_Compute_it.py", "pages/39_Ask_the_room.py"}


def test_every_page_but_the_chartless_names_its_main_chart():
    names = {p: p.split("_", 1)[1].removesuffix(".py") for p in PAGES if p.startswith("pages/")}
    assert {p for p, name in names.items() if name not in MAIN_CHART} == CHARTLESS


@pytest.mark.parametrize("page", [p for p in PAGES if p not in CHARTLESS])
def test_the_main_chart_has_a_summary_with_the_pages_numbers(page):
    at = run_page(page)
    assert_clean(at)
    name = page.split("_", 1)[1].removesuffix(".py")
    got = summaries(at)
    assert MAIN_CHART[name] in got, f"{name}: no summary of {MAIN_CHART[name]}, only {sorted(got)}"
    text = got[MAIN_CHART[name]]
    assert re.search(r"\d", text), text
    for label in ("train accuracy", "test accuracy"):
        value = shown_percent(at, label)
        if value is not None:
            assert f"{label} {value}" in text, (label, value, text)


def test_the_playground_summary_names_the_classes_and_the_points():
    at = run_page(PLAYGROUND, query={"data": "blobs", "classes": "3", "n": "100", "pts": "0.5,0.5,1;1,1,2"})
    assert_clean(at)
    text = summaries(at)["playground_chart"]
    shown = next(c.value for c in at.caption if "training points (filled)" in c.value)
    train, test = (int(n) for n in re.findall(r"(\d+) (?:training|test) points", shown))
    assert train + test == 100 + 2   # the generated points and the two drawn ones
    assert f"{train} training and {test} test points of 3 classes (0, 1, 2)" in text
    assert "k nearest neighbours" in text and "Decision regions" in text
