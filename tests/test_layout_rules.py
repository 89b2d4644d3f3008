"""The house rules of the layout: pages stay thin, ui/ is grouped in sub-packages, and a module's
name is enough to find it.

- No page file is over 250 lines: a page declares settings and lays out; its computation lives
  in mlcore or in its helper package ui/<page>/.
- ui/ holds at most 8 modules at its top level (its own __init__.py not counted): the rest sit
  in sub-packages by role.
- No two modules under ui/, viz/, catalog/ or at the top level share a file name (__init__.py
  aside), so a name in a traceback or a review points at one file.
"""

import collections
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
MAX_PAGE_LINES = 250
MAX_UI_TOP_LEVEL = 8
NAMED_ONCE = ("ui", "viz", "catalog", "exercises", "polls")  # plus the .py files at the top level


def page_lines(path: pathlib.Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def top_level_modules(package: pathlib.Path) -> list[str]:
    return sorted(p.name for p in package.glob("*.py") if p.name != "__init__.py")


def shared_names(root: pathlib.Path, packages=NAMED_ONCE) -> dict[str, list[str]]:
    """{file name: its paths} for every name that two or more modules share."""
    paths = [*root.glob("*.py"), *(p for package in packages for p in (root / package).rglob("*.py"))]
    by_name = collections.defaultdict(list)
    for path in paths:
        if path.name != "__init__.py":
            by_name[path.name].append(path.relative_to(root).as_posix())
    return {name: sorted(where) for name, where in by_name.items() if len(where) > 1}


PAGES = sorted((ROOT / "pages").glob("*.py"))


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_no_page_is_over_250_lines(path):
    lines = page_lines(path)
    assert lines <= MAX_PAGE_LINES, (
        f"pages/{path.name} has {lines} lines (at most {MAX_PAGE_LINES}): move its computation, and the "
        f"text and figures it prepares from results, into ui/<page>/ or mlcore")


def test_ui_has_at_most_8_modules_at_its_top_level():
    found = top_level_modules(ROOT / "ui")
    assert len(found) <= MAX_UI_TOP_LEVEL, f"ui/ has {len(found)} modules at its top level: {found}"


def test_no_two_modules_share_a_name():
    assert PAGES and (ROOT / "ui" / "core").is_dir()  # the rules look at the real tree
    assert not shared_names(ROOT), shared_names(ROOT)


# ---------------------------------------------------------------- the checks can fail

def test_the_checks_catch_a_long_page_a_crowded_ui_and_a_shared_name(tmp_path):
    (tmp_path / "pages").mkdir()
    long_page = tmp_path / "pages" / "1_Long.py"
    long_page.write_text("x = 1\n" * (MAX_PAGE_LINES + 1))
    assert page_lines(long_page) == MAX_PAGE_LINES + 1

    ui = tmp_path / "ui"
    (ui / "perceptron").mkdir(parents=True)
    for name in ("__init__", *(f"m{i}" for i in range(MAX_UI_TOP_LEVEL))):
        (ui / f"{name}.py").write_text("")
    assert len(top_level_modules(ui)) == MAX_UI_TOP_LEVEL  # __init__.py is not counted
    (ui / "one_more.py").write_text("")
    assert len(top_level_modules(ui)) == MAX_UI_TOP_LEVEL + 1

    (tmp_path / "viz").mkdir()
    (tmp_path / "catalog").mkdir()
    for path in ("ui/perceptron/__init__.py", "viz/__init__.py", "ui/perceptron/runs.py",
                 "viz/perceptron.py", "catalog/specs.py", "app.py"):
        (tmp_path / path).write_text("")
    assert shared_names(tmp_path) == {}  # __init__.py everywhere, and a package named like a module
    (tmp_path / "ui" / "perceptron" / "perceptron.py").write_text("")
    (tmp_path / "catalog" / "app.py").write_text("")
    assert shared_names(tmp_path) == {"perceptron.py": ["ui/perceptron/perceptron.py", "viz/perceptron.py"],
                                      "app.py": ["app.py", "catalog/app.py"]}
