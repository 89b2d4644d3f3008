"""The README and the docs name only files, modules and commands that exist, and the README's
two set-up commands are the ones CI runs.

What is checked in README.md, CONTRIBUTING.md, CHANGELOG.md and docs/*.md:

- every file path in inline code (`ui/core/settings.py`, `deploy/k8s.yaml`, `docs/`) exists,
  relative to the repository's root; a bare file name (`settings.py`) names some file of the
  repository; a markdown link to a local file exists, relative to the document;
- every dotted name that starts with one of the project's packages (`ui.core.settings.setting`)
  is a module, or a name defined at the top of one;
- every `python ...` and `streamlit ...` command, in code blocks and in inline code, runs
  something that exists: the script of `python path.py`, the module file of
  `python -m package.module` (an installed module for `python -m pytest`), the script of
  `streamlit run app.py`, and every relative path among their arguments.
"""

import ast
import importlib.util
import os
import pathlib
import re
import shlex

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]

DOCS = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md",
        *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))]
README_MAX_LINES = 250
CI = ROOT / ".ci" / "run"
PACKAGES = {"mlcore", "ui", "viz", "catalog", "benchmarks", "deploy", "tests", "pages"}
# Made when the tests run, not kept in the repository (.gitignore).
GENERATED = ("artifacts/",)
EXTENSIONS = (".py", ".md", ".js", ".toml", ".yaml", ".yml", ".cfg", ".txt", ".png", ".csv", ".json")
SKIPPED_DIRS = {".git", ".venv", "venv", "artifacts", "__pycache__", ".pytest_cache", ".ruff_cache",
                ".hypothesis"}

FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.M | re.S)
INLINE = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"\]\(([^)\s]+)\)")
PATH = re.compile(r"[A-Za-z0-9_.\-]+(?:/[A-Za-z0-9_.\-]+)*/?")
DOTTED = re.compile(r"([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)")
COMMAND_SPLIT = re.compile(r"&&|\|\||;|\||&")


def file_names() -> set[str]:
    """The name of every file of the repository (its working tree, less caches and venvs)."""
    names = set()
    for _, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS]
        names.update(files)
    return names


def split_markdown(text: str) -> tuple[list[str], str]:
    """The fenced code blocks, and the rest of the text (where inline code and links are)."""
    return FENCE.findall(text), FENCE.sub("", text)


def is_path(token: str) -> bool:
    if token.startswith(("/", "~", ".../")) or "://" in token or not PATH.fullmatch(token):
        return False
    first = token.split("/")[0]
    if not re.search(r"[A-Za-z]", first):  # 2/3, 1/510: numbers, not paths
        return False
    return "/" in token or token.endswith(EXTENSIONS)


def path_problem(token: str, names: set[str]) -> str | None:
    if token.startswith(GENERATED):
        return None
    if "/" not in token:
        return None if token in names else f"no file named {token} in the repository"
    return None if (ROOT / token).exists() else f"{token} does not exist"


def defined_names(module: pathlib.Path) -> set[str]:
    """Names a module defines at its top level: functions, classes, assignments, imports."""
    names = set()
    for node in ast.parse(module.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for target in node.targets for t in ast.walk(target) if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names


def dotted_problem(name: str) -> str | None:
    """None when ``name`` is a project module, or a name defined at the top of one."""
    parts = name.split(".")
    if parts[0] not in PACKAGES:
        return None
    where = ROOT
    for i, part in enumerate(parts):
        if (where / part / "__init__.py").exists() or (where / part).is_dir():
            where = where / part
            continue
        if (where / f"{part}.py").exists():
            module = where / f"{part}.py"
            rest = parts[i + 1:]
            if rest and rest[0] not in defined_names(module):
                return f"{name}: {module.relative_to(ROOT)} defines no {rest[0]}"
            return None
        init = where / "__init__.py"
        if i and init.exists() and part in defined_names(init):
            return None
        return f"{name}: no module or name {part} in {where.relative_to(ROOT).as_posix() or '.'}"
    return None


def commands(blocks: list[str], spans: list[str]) -> list[str]:
    """Every `python ...` and `streamlit ...` command: one per line of a code block, one per
    inline code span, split at &&, ||, ;, | and &."""
    found = []
    for text in [*(line for block in blocks for line in block.splitlines()), *spans]:
        for part in COMMAND_SPLIT.split(text):
            try:
                words = shlex.split(part, comments=True)
            except ValueError:  # an unbalanced quote in prose: words are enough here
                words = part.split("#")[0].split()
            while words and re.fullmatch(r"[A-Z_][A-Z0-9_]*=\S*", words[0]):  # CP_LIVE_CHART=0 python ...
                words = words[1:]
            if words and words[0] in ("python", "python3", "streamlit"):
                found.append(" ".join(words))
    return found


def module_problem(module: str) -> str | None:
    top = module.split(".")[0]
    if top in PACKAGES or (ROOT / f"{top}.py").exists():
        base = ROOT.joinpath(*module.split("."))
        if base.with_suffix(".py").exists() or (base / "__main__.py").exists():
            return None
        return f"python -m {module}: no {base.relative_to(ROOT)}.py"
    return None if importlib.util.find_spec(top) else f"python -m {module}: no module {top} installed"


def arguments_problems(args: list[str], names: set[str]) -> list[str]:
    problems = []
    for arg in args:
        if arg in (">", ">>", "<", "<<") or arg.startswith(("<<", ">")):
            break  # a redirection: what follows is a file it writes or a heredoc
        if arg.startswith(("-", "<", "[")) or not is_path(arg):
            continue
        problem = path_problem(arg, names)
        if problem:
            problems.append(problem)
    return problems


def command_problems(command: str, names: set[str]) -> list[str]:
    """What a command names that does not exist."""
    words = shlex.split(command)
    if words[0] == "streamlit":
        if words[1:2] == ["run"] and len(words) > 2 and not (ROOT / words[2]).is_file():
            return [f"{command}: no {words[2]}"]
        return []
    args = words[1:]
    if not args or args[0] in ("-", "-c") or args[0].startswith("<<"):
        return []  # a script on stdin or in the command itself
    if args[0] == "-m":
        if len(args) < 2:
            return [f"{command}: -m without a module"]
        problem = module_problem(args[1])
        if problem:
            return [problem]
        if args[1] == "streamlit" and args[2:3] == ["run"] and len(args) > 3:
            return command_problems("streamlit " + " ".join(shlex.quote(a) for a in args[2:]), names)
        return arguments_problems(args[2:], names)
    script = args[0]
    if not (ROOT / script).is_file():
        return [f"{command}: no {script}"]
    return arguments_problems(args[1:], names)


def problems_in(text: str, doc_dir, names: set[str]) -> list[str]:
    """Every path, dotted name, link and command of a markdown text that names nothing."""
    blocks, prose = split_markdown(text)
    spans = INLINE.findall(prose)
    problems = []
    for span in spans:
        token = span.strip()
        if is_path(token):
            problems.append(path_problem(token, names))
        match = DOTTED.match(token)
        if match and not is_path(token):
            problems.append(dotted_problem(match.group(1)))
    for target in LINK.findall(prose):
        if "://" in target or target.startswith(("#", "mailto:")):
            continue
        target = target.split("#")[0]
        if not (doc_dir / target).exists():
            problems.append(f"link to {target}: no such file")
    for command in commands(blocks, spans):
        problems.extend(command_problems(command, names))
    return [p for p in problems if p]


@pytest.fixture(scope="module")
def names() -> set[str]:
    return file_names()


@pytest.mark.parametrize("doc", DOCS)
def test_every_path_module_and_command_in_the_docs_exists(doc, names):
    path = ROOT / doc
    problems = problems_in(path.read_text(encoding="utf-8"), path.parent, names)
    assert not problems, f"{doc} names what does not exist:\n" + "\n".join(f"- {p}" for p in problems)


def test_the_checker_reports_what_does_not_exist(names):
    text = """
See `ui/core/settings.py`, `ui.core.settings.setting`, [the deploy notes](docs/deploy.md) and
`python -m benchmarks.bench_loadgen lecture`.

But `ui/core/nowhere.py`, `ui.core.settings.nowhere`, `ui.nowhere.module`, `nowhere.py`,
[a lost page](docs/nowhere.md), `python -m benchmarks.nowhere`, `python -m nowhere_installed`:

```bash
python -m pip install -r requirements.txt && streamlit run nowhere.py
python -m pytest tests/test_nowhere.py
```
"""
    problems = problems_in(text, ROOT, names)
    for missing in ("ui/core/nowhere.py", "ui.core.settings.nowhere", "ui.nowhere.module", "nowhere.py",
                    "docs/nowhere.md", "benchmarks.nowhere", "nowhere_installed", "streamlit run nowhere.py",
                    "tests/test_nowhere.py"):
        assert any(missing in p for p in problems), f"{missing} not reported: {problems}"
    assert len(problems) == 9, problems  # and nothing that exists


def test_the_readme_is_short():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, f"README.md has {len(lines)} lines; at most {README_MAX_LINES}"


def test_the_readme_commands_are_the_ones_ci_runs():
    blocks, _ = split_markdown((ROOT / "README.md").read_text(encoding="utf-8"))
    lines = [line.strip() for block in blocks for line in block.splitlines() if line.strip()]
    tests = [line for line in lines if "pytest" in line]
    assert len(tests) == 1, f"the README should show one test command, it shows {tests}"
    ci = {line.strip() for line in CI.read_text(encoding="utf-8").splitlines()}
    assert tests[0] in ci, f"the README's test command is not a line of .ci/run: {tests[0]}"
    assert any("streamlit run app.py" in line for line in lines), \
        "the README does not say `streamlit run app.py`"


def test_teaching_lists_every_model_and_its_link_keys():
    from catalog.models import MODELS
    from ui.core.params import url_name

    text = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    missing = [f"{spec.key}: {name}" for spec in MODELS.values()
               for name in (spec.key, *(url_name(spec, p) for p in spec.params)) if f"`{name}`" not in text]
    assert not missing, "docs/teaching.md does not list these models and link keys:\n" + "\n".join(missing)
