""""Show code": the few lines of ``mlcore`` that reproduce what a page shows.

Pure text generation (no Streamlit), so tests can execute every snippet and compare it with the
page's computation. A snippet is built from parts, each a :class:`Code` (its imports and its
lines), joined by :func:`render`:

- :func:`data_code`: the dataset, from a generator recipe (``make_dataset`` then
  ``train_test_split``, as ``ui.serving.fits.dataset``), from points written inline, or from a CSV
  file; points drawn on the plane join the training set, after the split, as on the page;
- :func:`model_code`: ``model = Class(...)`` with the arguments the catalog passes
  (``ModelSpec.make``), nested estimators written as constructors;
- :func:`call_code`: one call of a library function with literal arguments
  (``learning_curve(model, X_train, y_train, cv=5)``).

:func:`fit_snippet` is a model page's: data, model, fit, and the train and test accuracy.
"""

from __future__ import annotations

import inspect
import math
from dataclasses import dataclass, field

from .models import get

# The page's variable names, which the lines of the parts share.
TRAIN, TEST = ("X_train", "y_train"), ("X_test", "y_test")


@dataclass(frozen=True)
class Code:
    imports: tuple = ()   # whole import lines
    lines: tuple = ()     # statements (and comments), in order


@dataclass(frozen=True)
class Points:
    """Data given as points (x1, x2, label), written inline; ``test``: the fraction held out by
    ``train_test_split(..., random_state=seed, stratify=y)``, None: every point trains."""
    points: tuple
    test: float | None = None
    seed: int = 0


@dataclass(frozen=True)
class CsvFile:
    """Data read from a CSV file with a header: two feature columns and a label column;
    ``numeric_labels``: the labels are whole numbers (else kept as strings)."""
    path: str
    features: tuple = ("x1", "x2")
    label: str = "label"
    numeric_labels: bool = True
    test: float | None = None
    seed: int = 0


@dataclass(frozen=True)
class Sets:
    """The training and test sets written out point by point, (x1, x2, label) each: your own or
    edited points, which no recipe reproduces."""
    train: tuple
    test: tuple = ()


# --- values as Python source ------------------------------------------------------------------

def literal(value) -> str:
    """Source text that evaluates to ``value`` exactly (floats by repr, which round-trips)."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, float):
        if math.isinf(value):
            return 'float("inf")' if value > 0 else '-float("inf")'
        return repr(value)
    if isinstance(value, (int, str)):
        return repr(value)
    if hasattr(value, "item") and getattr(value, "shape", None) == ():  # a numpy scalar
        return literal(value.item())
    if hasattr(value, "tolist") and hasattr(value, "shape"):  # a numpy array (a typed output code)
        return f"np.array({literal(value.tolist())})"
    if isinstance(value, (list, tuple)):
        inner = ", ".join(literal(v) for v in value)
        return f"({inner},)" if isinstance(value, tuple) and len(value) == 1 else \
            (f"({inner})" if isinstance(value, tuple) else f"[{inner}]")
    if isinstance(value, dict):
        return "{" + ", ".join(f"{literal(k)}: {literal(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {type(value).__name__} {value!r} as a literal")


def public_module(cls: type) -> str:
    """The family package a class is imported from: mlcore.neighbors._classification -> mlcore.neighbors."""
    return ".".join(cls.__module__.split(".")[:2])


def _same(a, b) -> bool:
    try:
        return type(a) is type(b) and bool(a == b)
    except (TypeError, ValueError):
        return False


def wrap(line: str, width: int = 100) -> str:
    """A long ``name = Class(a=1, b=2)`` line with one argument per line (nested calls stay whole)."""
    head, _, rest = line.partition("(")
    if len(line) <= width or not rest.endswith(")"):
        return line
    args, depth, start, quote = [], 0, 0, None
    body = rest[:-1]
    for i, ch in enumerate(body):
        if quote:  # inside a string literal: brackets and commas are text
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            args.append(body[start:i].strip())
            start = i + 1
    args.append(body[start:].strip())
    indent = head[:len(head) - len(head.lstrip())]
    return head + "(\n" + "".join(f"{indent}    {a},\n" for a in args) + indent + ")"


def constructor(model, shown: tuple = ()) -> tuple[str, set]:
    """``Class(arg=value, ...)`` for an (unfitted) estimator: the arguments that differ from the
    class's defaults, plus the names in ``shown``; nested estimators likewise. Returns the text
    and the import lines it needs."""
    cls = type(model)
    defaults = {name: p.default for name, p in inspect.signature(cls.__init__).parameters.items()
                if p.default is not inspect.Parameter.empty}
    imports = {f"from {public_module(cls)} import {cls.__name__}"}
    args = []
    for name, value in model.get_params(deep=False).items():
        if name not in shown and name in defaults and _same(value, defaults[name]):
            continue
        if hasattr(value, "get_params"):
            text, more = constructor(value)
            imports |= more
        else:
            text = literal(value)
        args.append(f"{name}={text}")
    return f"{cls.__name__}({', '.join(args)})", imports


# --- the parts ----------------------------------------------------------------------------------

def model_code(model_key: str, params: dict, name: str = "model") -> Code:
    """``model = Class(...)`` as ``catalog.get(model_key).make(**params)`` builds it; the
    parameters the page shows (relevant ones) are always written, the rest only if not defaults."""
    spec = get(model_key)
    values = {**spec.defaults(), **params}
    shown = tuple(p.name for p in spec.params if p.relevant(values))
    text, imports = constructor(spec.make(**params), shown)
    return Code(tuple(sorted(imports)), (wrap(f"{name} = {text}"),))


_RECIPE_DEFAULTS = {"imbalance": 0.0, "label_noise": 0.0, "outliers": 0.0, "margin": 0.5}


def _split(test, seed) -> tuple[str, ...]:
    if test is None:
        return ("X_train, y_train = X, y", "X_test, y_test = X[:0], y[:0]  # no test set")
    return (f"X_train, X_test, y_train, y_test = train_test_split(X, y, test_size={literal(float(test))}, "
            f"random_state={literal(int(seed))}, stratify=y)",)


def _points_lines(rows, what: str) -> tuple[str, ...]:
    xs = ", ".join(f"[{literal(float(x1))}, {literal(float(x2))}]" for x1, x2, _ in rows)
    labels = ", ".join(literal(c.item() if hasattr(c, "item") else c) for _, _, c in rows)
    return (f"{what}X = np.array([{xs}]).reshape(-1, 2)", f"{what}y = np.array([{labels}])")


def data_code(source, drawn: tuple = ()) -> Code:
    """The training and test sets (``X_train, y_train, X_test, y_test``) from ``source``: a
    recipe (``ui.data.dataset_panel.Recipe``: anything with its fields), :class:`Points`, :class:`CsvFile` or
    :class:`Sets`;
    ``drawn`` (x1, x2, class) points join the training set after the split, as on the page."""
    imports = ["import numpy as np"]
    lines: list[str] = []
    if isinstance(source, Points):
        imports.append("from mlcore.datasets import train_test_split")
        lines += ["# the points, (x1, x2) and their labels", *_points_lines(source.points, "")]
        lines += _split(source.test, source.seed)
    elif isinstance(source, Sets):
        lines += ["# the points as the page holds them: the training set, then the test set",
                  *_points_lines(source.train, "train_"), *_points_lines(source.test, "test_"),
                  "X_train, y_train, X_test, y_test = train_X, train_y, test_X, test_y"]
    elif isinstance(source, CsvFile):
        imports += ["import csv", "from mlcore.datasets import train_test_split"]
        f1, f2 = source.features
        cast = "int" if source.numeric_labels else "str"
        lines += [f"with open({literal(source.path)}, newline='') as f:",
                  "    rows = list(csv.DictReader(f))",
                  f"X = np.array([[float(r[{literal(f1)}]), float(r[{literal(f2)}])] for r in rows])",
                  f"y = np.array([{cast}(r[{literal(source.label)}]) for r in rows])"]
        lines += _split(source.test, source.seed)
    elif source.data == "blank":
        lines += ["# a blank canvas: only the drawn points, no test set",
                  "X_train, y_train = np.zeros((0, 2)), np.zeros(0, dtype=np.int64)",
                  "X_test, y_test = X_train, y_train"]
    else:
        imports.append("from mlcore.datasets import make_dataset, train_test_split")
        extra = "".join(f", {name}={literal(float(getattr(source, name)))}"
                        for name, default in _RECIPE_DEFAULTS.items() if float(getattr(source, name)) != default)
        lines += [f"X, y = make_dataset({literal(source.data)}, n={int(source.n)}, "
                  f"noise={literal(float(source.noise))}, "
                  f"seed={int(source.seed)}, n_classes={int(source.classes)}{extra})"]
        lines += _split(source.test, source.seed)
    if drawn:
        lines += [f"# the {len(drawn)} point{'s' if len(drawn) > 1 else ''} drawn on the plane join"
                  f"{'' if len(drawn) > 1 else 's'} the training set",
                  *_points_lines(drawn, "drawn_"),
                  "X_train = np.vstack([X_train, drawn_X])",
                  "y_train = np.concatenate([y_train, drawn_y])"]
    return Code(tuple(imports), tuple(lines))


def call_code(target: str, function: str, module: str, *args: str, **kwargs) -> Code:
    """``target = function(arg, ..., name=value, ...)``: ``args`` are source text (variable
    names), ``kwargs`` values written as literals (a value of type :class:`Source` as is)."""
    parts = [*args, *(f"{k}={v.text if isinstance(v, Source) else literal(v)}" for k, v in kwargs.items())]
    return Code((f"from {module} import {function}",), (f"{target} = {function}({', '.join(parts)})",))


@dataclass(frozen=True)
class Source:
    """An argument written as source text, not as a literal (``StratifiedKFold(5)``)."""
    text: str
    imports: tuple = field(default=())


def lines(*statements: str, imports: tuple = ()) -> Code:
    return Code(tuple(imports), tuple(statements))


def render(*parts: Code) -> str:
    """The parts as one script: imports first (standard library, numpy, then mlcore, each once),
    then each part's lines, a blank line between parts."""
    imports = list(dict.fromkeys(i for p in parts for i in p.imports))
    order = {"import csv": 0, "import math": 0, "from functools import partial": 0, "import numpy as np": 1}
    imports.sort(key=lambda i: (order.get(i, 2), i))
    blocks = ["\n".join(imports)] + ["\n".join(p.lines) for p in parts if p.lines]
    return "\n\n".join(b for b in blocks if b) + "\n"


def score_code() -> Code:
    """Fit on the training set; accuracy on the training and (if any) the test set, as the page."""
    return lines("model.fit(X_train, y_train)",
                 "train_acc = accuracy(y_train, model.predict(X_train))",
                 "test_acc = accuracy(y_test, model.predict(X_test)) if len(y_test) else None",
                 'print(f"train accuracy {train_acc:.1%}")',
                 'print("test accuracy", "-" if test_acc is None else f"{test_acc:.1%}")',
                 imports=("from mlcore.metrics import accuracy",))


def instance_snippet(source, drawn: tuple, model) -> str:
    """Like :func:`fit_snippet` for a model a page builds itself (an unfitted instance)."""
    text, imports = constructor(model)
    return render(data_code(source, drawn), Code(tuple(sorted(imports)), (wrap(f"model = {text}"),)), score_code())


def fit_snippet(source, drawn: tuple, model_key: str, params: dict) -> str:
    """A model page's view: the data, the model with its parameters, fit, train and test accuracy."""
    return render(data_code(source, drawn), model_code(model_key, params), score_code())
