"""Shared fixtures for the app tests."""

import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.fixture
def root() -> pathlib.Path:
    return ROOT
