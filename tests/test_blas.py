"""One BLAS thread per server process (ui/serving/blas.py): before numpy loads and after."""

import ast
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
CLEAN = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")}
PRODUCT = "import numpy as np; np.ones((400, 400)) @ np.ones((400, 400))"


def _python(code: str, **env) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**CLEAN, **env}, capture_output=True,
                          text=True, timeout=120, check=True)
    return done.stdout.strip()


def _threads_of_a_fresh_numpy() -> int:
    return int(_python(f"from ui.serving import blas; {PRODUCT}; print(blas.threads())"))


def test_one_thread_before_numpy_loads():
    assert _python(f"from ui.serving import blas; blas.one_thread(); {PRODUCT}; print(blas.threads())") == "1"


def test_one_thread_after_numpy_loaded():
    if _threads_of_a_fresh_numpy() < 2:
        pytest.skip("numpy's BLAS uses one thread on this machine anyway")
    out = _python(f"{PRODUCT}; from ui.serving import blas; before = blas.threads(); blas.one_thread(); {PRODUCT}; "
                  "print(before, blas.threads())")
    before, after = map(int, out.split())
    assert before >= 2 and after == 1


def test_a_thread_count_the_environment_gives_wins():
    if _threads_of_a_fresh_numpy() < 2:
        pytest.skip("numpy's BLAS uses one thread on this machine anyway")
    out = _python(f"from ui.serving import blas; blas.one_thread(); {PRODUCT}; print(blas.threads())",
                  OPENBLAS_NUM_THREADS="2")
    assert out == "2"


def test_the_app_asks_for_one_thread_before_it_imports_anything_else():
    """app.py's first statements: the import of ui.serving.blas, then its call; nothing that could
    load numpy comes before them."""
    body = [node for node in ast.parse((ROOT / "app.py").read_text()).body
            if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))]   # the docstring
    first, second = body[:2]
    assert isinstance(first, ast.ImportFrom) and first.module == "ui.serving" and [a.name for a in first.names] == [
        "blas"]
    assert isinstance(second, ast.Expr) and ast.unparse(second.value) == "blas.one_thread()"
