"""ui.serving.cache.shared: one result per builder and arguments, read-only, and no builder that
reads anything but its arguments."""

from __future__ import annotations

import ast
import dataclasses
import pathlib

import numpy as np
import pytest

from ui.data.recipe import Recipe
from ui.serving.cache import key, sharable, shared

ROOT = pathlib.Path(__file__).resolve().parents[1]
BUILT = []   # the arguments of every call that was computed, not found


@dataclasses.dataclass(frozen=True)
class Options:
    depth: int = 3
    name: str = "gini"


def describe(n, x, name, pair, array, recipe, options, table):
    """A result that depends on every argument."""
    BUILT.append(1)
    return {"text": repr((n, x, name, pair, recipe, options, sorted(table.items()))),
            "array": np.array(array, copy=True), "dtype": str(np.asarray(array).dtype)}


BASE = dict(n=3, x=0.5, name="knn", pair=(1, "rest"), array=np.arange(6.0).reshape(2, 3), recipe=Recipe(),
            options=Options(), table={"k": 5, "weights": "uniform"})
CHANGED = {
    "int": ("n", 4),
    "float": ("x", 0.5000001),
    "str": ("name", "knN"),
    "tuple": ("pair", (1, "rest", None)),
    "tuple item": ("pair", (2, "rest")),
    "array content": ("array", np.arange(6.0).reshape(2, 3) + np.eye(2, 3) * 1e-12),
    "array dtype": ("array", np.arange(6).reshape(2, 3)),
    "array shape": ("array", np.arange(6.0).reshape(3, 2)),
    "recipe field": ("recipe", Recipe(seed=1)),
    "recipe drawn-erased": ("recipe", Recipe(erased=(3,))),
    "dataclass field": ("options", Options(depth=4)),
    "dict value": ("table", {"k": 6, "weights": "uniform"}),
    "dict key": ("table", {"k": 5, "weight": "uniform"}),
    "bool for int": ("n", True),
    "float for int": ("n", 3.0),
    "None": ("x", None),
}


@pytest.mark.parametrize("kind", CHANGED)
def test_changing_one_argument_changes_the_key_and_the_result(kind):
    name, value = CHANGED[kind]
    changed = {**BASE, name: value}
    assert key(describe, **changed) != key(describe, **BASE)
    BUILT.clear()
    before, after = shared(describe, **BASE), shared(describe, **changed)
    assert len(BUILT) <= 2 and after is not before
    assert after["text"] != before["text"] or not np.array_equal(after["array"], before["array"]) \
        or after["dtype"] != before["dtype"]
    assert after["text"] == describe(**changed)["text"]


def test_equal_arguments_find_the_same_result():
    first = shared(describe, **BASE)
    BUILT.clear()
    # equal values in other objects: a copied array (and a non-contiguous view of equal content)
    wide = np.zeros((2, 6))
    wide[:, ::2] = BASE["array"]
    again = shared(describe, **{**BASE, "array": wide[:, ::2], "recipe": Recipe(), "pair": (1, "rest")})
    assert again is first and BUILT == []


def double(x):
    return 2 * x


def triple(x):
    return 3 * x


def test_the_builder_is_part_of_the_key():
    assert key(double, 2) != key(triple, 2)
    assert (shared(double, 2), shared(triple, 2)) == (4, 6)


def test_defaults_are_part_of_the_key():
    def builder_with(default):
        def build(x, offset=default):
            return x + offset
        return build
    one, two = builder_with(1), builder_with(2)
    assert key(one, 1) != key(two, 1)
    assert shared(one, 1) == 2 and shared(two, 1) == 3


def test_arrays_in_a_result_are_read_only():
    result = shared(describe, **BASE)
    with pytest.raises(ValueError, match="read-only"):
        result["array"][0, 0] = 1.0


def test_a_closure_is_refused_when_registered_and_when_called():
    offset = 2

    def build(x):
        return x + offset

    with pytest.raises(TypeError, match="reads offset from the function around it.*as arguments"):
        sharable(max_entries=2)(build)
    with pytest.raises(TypeError, match="reads offset from the function around it"):
        shared(build, 1)
    with pytest.raises(TypeError, match="lambda"):
        shared(lambda x: x, 1)


data = np.arange(3.0)   # a page's variable, as ``data`` is on a page


def reads_a_variable(x):
    return x + data


def calls_a_helper(x):
    return _helper(x)


def _helper(x):
    return x * data


LIMIT = 3   # a constant: a builder may read it


def reads_a_constant(x):
    return min(x, LIMIT)


def test_a_builder_that_reads_its_module_variables_is_refused():
    with pytest.raises(TypeError, match="reads data from its module.*as arguments"):
        shared(reads_a_variable, 1.0)
    with pytest.raises(TypeError, match="calls_a_helper reads data"):
        shared(calls_a_helper, 1.0)
    assert shared(reads_a_constant, 5) == 3


def test_an_argument_that_cannot_be_keyed_is_refused():
    class Model:
        coef = np.ones(2)

    with pytest.raises(TypeError, match="type Model cannot be part of a key"):
        key(describe, Model())


COUNTED = []


@sharable(max_entries=2)
def bounded(x):
    COUNTED.append(x)
    return x


def test_a_builder_can_be_an_argument():
    """As ui.live.live_chart's encoding takes the figure's builder: by its name, registered or not."""
    assert key(describe, bounded) == key(describe, bounded.builder) != key(describe, double)
    with pytest.raises(TypeError, match="reads data from its module"):
        key(describe, reads_a_variable)


def test_a_registered_builder_keeps_its_bound():
    COUNTED.clear()
    for x in (101, 102, 103, 101):   # 101 was the least recently used of three: dropped
        bounded(x)
    assert COUNTED == [101, 102, 103, 101]
    assert bounded(101) == 101 and COUNTED == [101, 102, 103, 101]   # kept now
    assert shared(bounded, 101) == 101 and COUNTED == [101, 102, 103, 101]   # the same cache


def test_streamlit_caches_only_in_the_cache_module():
    """Every server-wide cache goes through ui.serving.cache: no other module of the app uses
    st.cache_data or st.cache_resource."""
    files = [ROOT / "app.py", ROOT / "home.py",
             *(p for d in ("pages", "ui", "viz", "catalog") for p in (ROOT / d).rglob("*.py"))]
    caches = {"cache_data", "cache_resource", "experimental_memo", "experimental_singleton"}
    users = {path.relative_to(ROOT).as_posix() for path in files
             for node in ast.walk(ast.parse(path.read_text())) if _names(node) & caches}
    assert users == {"ui/serving/cache.py"}


def _names(node) -> set:
    if isinstance(node, ast.Attribute):
        return {node.attr}
    if isinstance(node, ast.Name):
        return {node.id}
    if isinstance(node, ast.ImportFrom):
        return {a.name for a in node.names}
    return set()
