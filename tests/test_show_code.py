""""Show code": every snippet executes in a fresh namespace and reproduces the page's numbers."""

import math

import numpy as np
import pytest

from catalog import code_render
from catalog.models import MODELS
from mlcore import ValidationError
from ui.data.dataset_panel import Recipe
from ui.serving import fits

DRAWN = ((0.5, 0.25, 1), (-1.125, 2.0, 0), (2.2, -0.7, 1))
RECIPES = {
    "noisy moons + drawn": (Recipe("moons", n=120, noise=0.3, seed=3), DRAWN),
    "imbalance + label noise": (Recipe("blobs", n=100, noise=0.5, classes=3, seed=1, test=0.25, imbalance=0.6,
                                       label_noise=0.15), ()),
    "linear, outliers, margin": (Recipe("linear", n=60, noise=0.0, seed=0, outliers=0.04, margin=1.0), ()),
    "blank canvas": (Recipe("blank", n=0, noise=0.0), DRAWN + ((0.0, 0.0, 0), (1.0, 1.0, 1))),
}


def run(snippet: str) -> dict:
    namespace: dict = {}
    exec(compile(snippet, "<show code>", "exec"), namespace)
    return namespace


def changed_params(spec) -> dict:
    """A value other than the default for every parameter (the low end, or another choice), so the
    snippet must write each one correctly."""
    out = {}
    for p in spec.params:
        if p.kind == "bool":
            out[p.name] = not p.default
        elif p.kind == "choice":
            out[p.name] = next(c for c in p.choices if c != p.default)
        elif p.kind == "int":
            out[p.name] = int(p.low) + 1 if p.low + 1 <= p.high else int(p.low)
        else:
            out[p.name] = float(p.high) if p.log else float(p.low) + (p.step or 0.1)
    return out


def check(recipe, drawn, key, params):
    expected = fits.fit(recipe, drawn, key, tuple(sorted(params.items())))
    snippet = code_render.fit_snippet(recipe, drawn, key, params)
    if expected.error is not None:
        with pytest.raises(ValidationError) as err:
            run(snippet)
        assert str(err.value) == expected.error
        return
    ns = run(snippet)
    assert ns["train_acc"] == expected.train_acc
    assert ns["test_acc"] == expected.test_acc


@pytest.mark.parametrize("key", list(MODELS))
@pytest.mark.parametrize("case", list(RECIPES))
def test_every_model_reproduces_the_page_accuracy(key, case):
    recipe, drawn = RECIPES[case]
    check(recipe, drawn, key, {})


@pytest.mark.parametrize("key", list(MODELS))
def test_changed_parameters_are_written(key):
    recipe, drawn = RECIPES["noisy moons + drawn"]
    check(recipe, drawn, key, changed_params(MODELS[key]))


def test_hard_margin_and_unlimited_depth_are_literals():
    snippet = code_render.fit_snippet(Recipe("linear", n=40, noise=0.0), (), "svm", {"C": math.inf, "kernel": "linear"})
    assert 'C=float("inf")' in snippet
    assert "from mlcore.svm import SVC" in snippet
    assert "max_depth=None" in code_render.fit_snippet(Recipe(), (), "tree", {})


def test_a_refusing_model_raises_the_page_message():
    # one outlier makes the classes inseparable: the hard margin refuses, in the snippet as on the page
    recipe, hard = Recipe("linear", n=60, noise=0.0, outliers=0.04), {"C": math.inf, "kernel": "linear"}
    assert fits.fit(recipe, (), "svm", tuple(sorted(hard.items()))).error
    check(recipe, (), "svm", hard)


def test_points_inline_and_csv_give_the_same_data(tmp_path):
    rng = np.random.default_rng(0)
    X = rng.normal(size=(30, 2))
    y = (X[:, 0] + X[:, 1] > 0).astype(int)
    rows = tuple((float(a), float(b), int(c)) for (a, b), c in zip(X, y, strict=True))
    inline = run(code_render.render(code_render.data_code(code_render.Points(rows, test=0.3, seed=2), DRAWN)))
    path = tmp_path / "mine.csv"
    path.write_text("a,b,cls\n" + "".join(f"{a!r},{b!r},{c}\n" for a, b, c in rows))
    from_csv = run(code_render.render(code_render.data_code(
        code_render.CsvFile(str(path), ("a", "b"), "cls", test=0.3, seed=2), DRAWN)))
    for name in ("X_train", "y_train", "X_test", "y_test"):
        np.testing.assert_array_equal(inline[name], from_csv[name])
    assert len(inline["y_test"]) == 9 and len(inline["y_train"]) == 21 + len(DRAWN)
    np.testing.assert_array_equal(inline["X_train"][-len(DRAWN):], np.array(DRAWN)[:, :2])


def test_points_without_a_split_all_train_and_string_labels_stay_strings(tmp_path):
    rows = ((0.0, 0.0, "cat"), (1.0, 1.0, "dog"), (2.0, 0.5, "dog"))
    ns = run(code_render.render(code_render.data_code(code_render.Points(rows))))
    assert list(ns["y_train"]) == ["cat", "dog", "dog"] and len(ns["y_test"]) == 0
    path = tmp_path / "pets.csv"
    path.write_text("x1,x2,label\n0,0,cat\n1,1,dog\n2,0.5,dog\n")
    ns = run(code_render.render(code_render.data_code(code_render.CsvFile(str(path), numeric_labels=False))))
    assert list(ns["y_train"]) == ["cat", "dog", "dog"]


def test_long_constructors_wrap_and_stay_valid():
    snippet = code_render.fit_snippet(Recipe(), (), "mlp", {})
    assert "model = MLPClassifier(\n" in snippet
    assert all(len(line) <= 110 for line in snippet.splitlines())


@pytest.mark.parametrize("model_key", ["knn", "logistic", "tree"])
@pytest.mark.parametrize("with_split", [False, True])
def test_own_points_and_erased_ones_are_written_out_and_give_the_page_accuracy(model_key, with_split):
    """Uploaded points (the recipe splits them, or their own split column does) and erased ones:
    no recipe reproduces them, so the code writes the page's sets out and gets its accuracies."""
    from ui.core import show_code as ui_code
    from ui.data import own_points
    from ui.data.csv_table import Table

    rng = np.random.default_rng(3)
    X = rng.normal(size=(60, 2)) * 5.0 + 100.0
    y = (X[:, 0] + 0.3 * rng.normal(size=60) > 100.0).astype(int)
    test = tuple(bool(i % 4 == 0) for i in range(60)) if with_split else None
    table = Table(tuple((float(a), float(b), int(c)) for (a, b), c in zip(X, y, strict=True)), ("no", "yes"),
                  ("x1", "x2", "label"), test)
    recipe = Recipe("blobs", seed=4, upload=own_points._keep(table), erased=(2, 9, 31))
    params = {"max_depth": 3} if model_key == "tree" else {}
    page = fits.fit(recipe, DRAWN, model_key, tuple(sorted(params.items())))
    source = ui_code.source(recipe)
    assert isinstance(source, code_render.Sets) and len(source.train) + len(source.test) == 60 - 3
    ns = run(code_render.fit_snippet(source, DRAWN, model_key, params))
    assert ns["train_acc"] == page.train_acc and ns["test_acc"] == page.test_acc
