"""The benchmarks import the app's own helpers; a renamed helper must fail here, not months
later when someone re-measures the README's tables."""

import importlib
import pathlib

import pytest

from benchmarks import bench_browser
from catalog.models import MODELS

BENCHMARKS = pathlib.Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.mark.parametrize("name", sorted(p.stem for p in BENCHMARKS.glob("bench_*.py")))
def test_every_benchmark_imports_as_a_module_of_the_package(name):
    """`python -m benchmarks.<name>` imports the module first: an import that only worked with
    benchmarks/ or the repository put on sys.path by hand fails here."""
    module = importlib.import_module(f"benchmarks.{name}")
    assert callable(module.main)


@pytest.mark.parametrize("key", sorted(MODELS))
def test_every_model_gets_a_slider_and_a_start_that_leaves_room(key):
    keys = bench_browser.slider_for(MODELS[key])
    assert keys[-1] == bench_browser.FALLBACK
    start = bench_browser.low_start(MODELS[key], 7)
    for name, value in start.items():
        float(value)  # a number the link accepts
        assert name.split(".")[-1] in {p.name for p in MODELS[key].params}
