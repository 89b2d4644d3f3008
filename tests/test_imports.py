"""Layering rules: mlcore is numpy-only; viz never imports streamlit."""

import ast
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
STDLIB = set(sys.stdlib_module_names)


def _imports(path):
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0]


def _files(package):
    files = sorted((ROOT / package).rglob("*.py"))
    assert files, f"{package}/ has no Python files"
    return files


@pytest.mark.parametrize("path", _files("mlcore"), ids=lambda p: p.name)
def test_mlcore_imports_numpy_and_stdlib_only(path):
    foreign = {m for m in _imports(path) if m not in STDLIB and m not in {"numpy", "mlcore"}}
    assert not foreign, f"{path.name} imports {sorted(foreign)}"


@pytest.mark.parametrize("path", _files("viz"), ids=lambda p: p.name)
def test_viz_does_not_import_streamlit(path):
    assert "streamlit" not in set(_imports(path)), f"{path.name} imports streamlit"


def test_the_checker_catches_a_foreign_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import scipy.linalg\nfrom sklearn import svm\nimport numpy as np\n")
    assert set(_imports(bad)) - STDLIB - {"numpy"} == {"scipy", "sklearn"}
