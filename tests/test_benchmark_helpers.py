"""The benchmarks import the app's own helpers; a renamed helper must fail here, not months
later when someone re-measures the README's tables."""

import pathlib
import sys

import pytest

from catalog.models import MODELS

BENCHMARKS = str(pathlib.Path(__file__).resolve().parents[1] / "benchmarks")


@pytest.fixture(scope="module")
def bench_browser():
    sys.path.insert(0, BENCHMARKS)
    try:
        import bench_browser
        yield bench_browser
    finally:
        sys.path.remove(BENCHMARKS)


@pytest.mark.parametrize("key", sorted(MODELS))
def test_every_model_gets_a_slider_and_a_start_that_leaves_room(bench_browser, key):
    keys = bench_browser.slider_for(MODELS[key])
    assert keys[-1] == bench_browser.FALLBACK
    start = bench_browser.low_start(MODELS[key], 7)
    for name, value in start.items():
        float(value)  # a number the link accepts
        assert name.split(".")[-1] in {p.name for p in MODELS[key].params}
