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


@pytest.mark.parametrize("path", _files("exercises"), ids=lambda p: p.name)
def test_exercise_rules_import_numpy_mlcore_and_stdlib_only(path):
    """The checkers are read and tested without Streamlit, plotly or the app's ui."""
    foreign = {m for m in _imports(path) if m not in STDLIB and m not in {"numpy", "mlcore", "exercises"}}
    assert not foreign, f"{path.name} imports {sorted(foreign)}"


@pytest.mark.parametrize("path", _files("polls"), ids=lambda p: p.name)
def test_poll_rules_import_no_app_layer(path):
    """The poll rules are read and tested without Streamlit; psycopg only for a PostgreSQL store."""
    allowed = {"numpy", "mlcore", "exercises", "polls", "psycopg"}
    foreign = {m for m in _imports(path) if m not in STDLIB and m not in allowed}
    assert not foreign, f"{path.name} imports {sorted(foreign)}"


@pytest.mark.parametrize("path", _files("viz"), ids=lambda p: p.name)
def test_viz_does_not_import_streamlit(path):
    assert "streamlit" not in set(_imports(path)), f"{path.name} imports streamlit"


def test_the_checker_catches_a_foreign_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import scipy.linalg\nfrom sklearn import svm\nimport numpy as np\n")
    assert set(_imports(bad)) - STDLIB - {"numpy"} == {"scipy", "sklearn"}


# ---------------------------------------------------------------- the project's import graph

PACKAGES = ("mlcore", "exercises", "polls", "catalog", "viz", "ui")
LAYERS_ABOVE_MLCORE = {"exercises", "polls", "catalog", "ui", "viz", "streamlit", "pages", "app", "home"}


def _module_files(root, packages, leaves=()):
    """{module name: file}: every .py under ``packages`` (a package's __init__ is the package),
    plus ``leaves`` (files nothing imports, named by their path)."""
    modules = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    for path in leaves:
        modules[str(path.relative_to(root))] = path
    return modules


def _imported_names(module, path, is_package):
    """Absolute names of everything ``path`` imports, anywhere in the file (inside functions too).

    ``from .x import y`` is resolved against the module's package; a ``from p import name``
    yields both ``p.name`` (in case it is a submodule) and ``p``.
    """
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield (alias.name,)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)] if node.level > 1 else base
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module
            yield tuple(f"{source}.{alias.name}" for alias in node.names) + (source,)


def _resolve(name, modules):
    """The project module ``name`` refers to: itself or its longest known prefix; None if foreign."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in modules:
            return candidate
    return None


def import_graph(root, packages=PACKAGES, leaves=()):
    """{module: set of project modules it imports}."""
    modules = _module_files(root, packages, leaves)
    graph = {}
    for module, path in modules.items():
        targets = set()
        for choices in _imported_names(module, path, path.name == "__init__.py"):
            # `from p import name`: the submodule p.name if there is one, else p itself
            found = next((m for m in (_resolve(c, modules) for c in choices) if m), None)
            if found and found != module:
                targets.add(found)
        graph[module] = targets
    return graph


def find_cycle(graph):
    """One cycle as [a, b, ..., a] if the directed graph has any, else None (depth-first search)."""
    state = {}          # absent: unseen, 1: on the current path, 2: finished
    path = []

    def visit(node):
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def _project_graph():
    leaves = [ROOT / "app.py", ROOT / "home.py", *sorted((ROOT / "pages").glob("*.py"))]
    return import_graph(ROOT, leaves=[p for p in leaves if p.exists()])


def test_the_project_import_graph_has_no_cycle():
    graph = _project_graph()
    assert "mlcore.ensemble._bagging" in graph and "catalog.models" in graph
    assert "catalog.specs" in graph["catalog.models"]          # the graph sees real edges
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_pages_and_the_app_are_leaves():
    graph = _project_graph()
    leaves = {m for m in graph if m.endswith(".py")}
    assert "pages/5_Ensembles.py" in leaves and "ui.core.layout" in graph["pages/5_Ensembles.py"]
    assert not any(leaves & targets for targets in graph.values())


@pytest.mark.parametrize("path", _files("mlcore"), ids=lambda p: p.name)
def test_mlcore_never_imports_the_layers_above_it(path):
    above = set(_imports(path)) & LAYERS_ABOVE_MLCORE
    assert not above, f"{path.name} imports {sorted(above)}: algorithms must not know the catalog or the app"


def test_the_cycle_checker_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None
    assert find_cycle({"a": {"a"}}) == ["a", "a"]


def test_the_graph_sees_relative_imports_inside_functions(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .first import f\n")
    (pkg / "first.py").write_text("from .sub import second\n\ndef f():\n    return second.g()\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "second.py").write_text("def g():\n    from ..first import f  # late: still a cycle\n")
    (tmp_path / "page.py").write_text("import pkg.sub.second\n")
    graph = import_graph(tmp_path, packages=("pkg",), leaves=[tmp_path / "page.py"])
    assert graph == {"pkg": {"pkg.first"}, "pkg.first": {"pkg.sub.second"}, "pkg.sub": set(),
                     "pkg.sub.second": {"pkg.first"}, "page.py": {"pkg.sub.second"}}
    cycle = find_cycle(graph)
    assert cycle[0] == cycle[-1] and sorted(cycle[1:]) == ["pkg.first", "pkg.sub.second"]


# ---------------------------------------------------------------- the tests' own modules

def _test_module_imports(path):
    """What ``path`` imports that breaks the tests' rules: a test module (test_*.py, however it
    is spelled: ``test_x``, ``tests.test_x``, ``from tests import test_x``), conftest (pytest's
    own, never imported), or anything under ``tests.`` (the helpers in tests/support are
    imported as ``support.x``: one module object, never two under two names)."""
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if any(p.startswith("test_") or p == "conftest" for p in parts) or parts[0] == "tests":
                yield name


def _python_files(*folders):
    return [p for folder in folders for p in sorted((ROOT / folder).rglob("*.py"))]


@pytest.mark.parametrize("path", _python_files("tests"), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_test_module_imports_another(path):
    assert not list(_test_module_imports(path)), (
        f"{path.name} imports {sorted(set(_test_module_imports(path)))}: shared fixtures go in "
        "tests/conftest.py, shared helpers in tests/support (imported as support.x)")


@pytest.mark.parametrize("path", _python_files("benchmarks", "deploy"), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_scripts_import_no_test_module(path):
    test_modules = [n for n in _test_module_imports(path) if not n.startswith("tests.support")]
    assert not test_modules, f"{path.name} imports {sorted(set(test_modules))}"


def test_the_test_import_checker_catches_every_spelling(tmp_path):
    bad = tmp_path / "test_bad.py"
    bad.write_text("import test_app\nfrom tests.test_browser import page\nfrom tests import test_x\n"
                   "def f():\n    from test_owndata_upload import GOOD\n"
                   "from conftest import ROOT\nfrom tests.support.apptest import run_page\n"
                   "from support.apptest import run_page\nimport pytest\nfrom streamlit.testing.v1 import AppTest\n")
    assert set(_test_module_imports(bad)) == {
        "test_app", "tests.test_browser", "tests.test_browser.page", "tests", "tests.test_x",
        "test_owndata_upload", "test_owndata_upload.GOOD", "conftest", "conftest.ROOT",
        "tests.support.apptest", "tests.support.apptest.run_page"}
