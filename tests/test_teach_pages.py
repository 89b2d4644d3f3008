"""Every page teaches (issue 22), checked page by page under AppTest: a lecture row of three to five
steps, at least two links to other pages that open on the same dataset and model, and an opening
view (a bare link, a new session) that shows no 100% score unless the page is about separable data."""

import pathlib
import re
from urllib.parse import parse_qsl

import pytest
from support.apptest import LESSONS, PAGES, assert_clean, run_page

from ui.core.layout import page_url_path

pytestmark = pytest.mark.app

# Pages whose opening is about data a line separates: 100% is their lesson (the perceptron's theorem).
SEPARABLE = {"pages/6_Perceptron.py"}
# A state away from every opening and default: the links must carry it.
STATE = {"data": "moons", "noise": "0.3", "n": "160", "seed": "3"}
DATASET_KEYS = {"ds_data": "moons", "ds_noise": 0.3, "ds_n": 160, "ds_seed": 3}
# An exercise page teaches by its task, hints and reveal (tests/test_exercise_*_page.py), with no
# dataset of the session's, lecture row or reading of its own.


def links(at) -> list[tuple[str, dict[str, str]]]:
    return [(pl.proto.page, dict(parse_qsl(pl.proto.query_string))) for pl in at.get("page_link")]


def file_of(url_path: str) -> str:
    return next(p for p in PAGES if page_url_path(pathlib.Path(p)) == url_path)


@pytest.mark.parametrize("page", LESSONS)
def test_a_lecture_row_of_three_to_five_steps(page):
    at = run_page(page, STATE)
    assert_clean(at)
    steps = [b for b in at.button if b.key and b.key.startswith("preset_")]
    assert 3 <= len(steps) <= 5, [b.label for b in steps]


@pytest.mark.parametrize("page", LESSONS)
def test_links_to_other_pages_open_on_the_same_dataset_and_model(page):
    at = run_page(page, STATE)
    assert_clean(at)
    here = page_url_path(pathlib.Path(page))
    targets = {path: query for path, query in links(at) if path != here}
    assert len(targets) >= 2, targets
    for path, query in targets.items():
        target = run_page(file_of(path), query)
        assert_clean(target)
        assert not target.warning, (path, [w.value for w in target.warning])
        if "ds_data" in target.session_state and "data" in query:
            for key, value in DATASET_KEYS.items():
                assert target.session_state[key] == value, (path, key)
        if "model" in query and "model" in at.session_state and query["model"] == at.session_state["model"]:
            assert target.session_state["model"] == query["model"], path


@pytest.mark.parametrize("page", sorted(set(PAGES) - SEPARABLE))
def test_the_opening_view_shows_no_perfect_score(page):
    at = run_page(page)
    assert_clean(at)
    shown = [f"{m.label} {m.value}" for m in at.metric] + [c.value for c in at.caption] + [m.value for m in at.markdown]
    perfect = [t for t in shown if re.search(r"(?<![\d.])100(\.0)?%", t) and "accuracy" in t.lower()]
    assert not perfect, perfect


@pytest.mark.parametrize("page", LESSONS)
def test_every_page_reads_its_chart(page):
    at = run_page(page, STATE)
    assert_clean(at)
    seen = [m.value for m in at.markdown if "What you see" in m.value]
    assert len(seen) == 1, seen
    assert len(seen[0]) > 80  # sentences, not a label
