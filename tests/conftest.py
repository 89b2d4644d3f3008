"""Shared fixtures for the app tests."""

import pathlib

import pytest
from hypothesis import settings

# The same examples on every run and every machine: a property test that fails does so for
# everyone, with the example in its report, instead of now and then in CI.
settings.register_profile("reproducible", derandomize=True)
settings.load_profile("reproducible")

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.fixture
def root() -> pathlib.Path:
    return ROOT
