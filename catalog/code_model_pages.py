"""The "Show code" text of each page, from the page's current arguments (pure: no Streamlit).

Each function returns a whole script (``catalog.code_render.render``) that computes what its page shows
with the same mlcore calls and arguments, and prints it. The dataset comes first (``data_code``:
a recipe, inline points or a CSV file, plus the drawn points), as on every page of the plane.
"""

from __future__ import annotations

from catalog.code_render import (
    Code,
    constructor,
    data_code,
    fit_snippet,
    lines,
    literal,
    model_code,
    render,
    score_code,
    wrap,
)

from .models import get

__all__ = ["fit_snippet", "tree_page", "perceptron_page", "learning_curve_page", "validation_curve_page",
           "cross_validation_page", "search_page", "bias_variance_page", "compare_page", "swept"]

SELECTION = "mlcore.model_selection"
THEORY = "mlcore.theory"


def _text(value) -> str:
    return constructor(value)[0] if hasattr(value, "get_params") else literal(value)


def _imports(value) -> set:
    return constructor(value)[1] if hasattr(value, "get_params") else set()


def swept(model_key: str, params: dict, name: str, values) -> tuple[str, list[str], set]:
    """How a sweep of the catalog's ``name`` over ``values`` reads as constructor arguments: the
    one argument that changes (``estimator__max_depth`` for AdaBoost's depth, ``estimator`` for a
    base model, ``hidden_layer_sizes`` for the units), each value as source text, the imports."""
    spec = get(model_key)
    arguments = [spec.arguments(**{**params, name: v}) for v in values]
    texts = [{k: _text(v) for k, v in a.items()} for a in arguments]
    changing = [k for k in texts[0] if len({t[k] for t in texts}) > 1] or \
        [k for k in texts[0] if k == name] or [next(iter(texts[0]))]
    if len(changing) != 1:
        raise ValueError(f"{name} changes {changing} at once: no single argument to sweep")
    arg = changing[0]
    imports = set().union(*(_imports(a[arg]) for a in arguments))
    return arg, [t[arg] for t in texts], imports


def tree_page(source, drawn: tuple, params: dict, depth: int) -> str:
    """The Decision tree page: the full tree (its growth settings), cut at the slider's depth."""
    return render(data_code(source, drawn), model_code("tree", params, name="full"),
                  lines("full.fit(X_train, y_train)",
                        f"model = cut_at_depth(full, {int(depth)})  # the depth slider: the full tree cut there",
                        imports=("from mlcore.tree import cut_at_depth",)),
                  Code(score_code().imports, score_code().lines[1:]),
                  _reference_tree(params))


REFERENCE_ARGS = ("criterion", "max_depth", "min_samples_split", "min_samples_leaf", "min_impurity_decrease")


def _reference_tree(params: dict) -> Code:
    """The same full tree grown by the recursive reference CART (mlcore/tree/_reference.py), where
    the impurity and the best-split search can be read; it has no gain ratio, so not then."""
    if params.get("gain_ratio"):
        return lines()
    arguments = [f"    {name}={literal(params[name])}," for name in REFERENCE_ARGS if name in params]
    return lines("# The same tree, grown by the readable recursive CART of mlcore/tree/_reference.py:",
                 "reference = build_reference_tree(", "    X_train, y_train,", *arguments, ")",
                 'print("reference CART grows the same splits:",',
                 "      np.array_equal(reference.feature, full.tree_.feature)",
                 "      and np.array_equal(reference.threshold, full.tree_.threshold))",
                 imports=("import numpy as np", "from mlcore.tree import build_reference_tree"))


def perceptron_page(source, drawn: tuple, pos, neg, epochs: int, lr: float, start: str, shuffle: bool,
                    separable: tuple | None = None) -> str:
    """The Perceptron page on the session's training set, or with ``separable = (gap, n, seed)`` on
    the page's own separable data (every point trains): class ``pos`` is +1, ``neg`` (or "rest") -1."""
    data = data_code(source, drawn)
    if separable is not None:
        gap, n, seed = separable
        data = lines(f"X_train, y_train = make_dataset('linear', n={int(n)}, noise=0.0, margin={literal(float(gap))}, "
                     f"seed={int(seed)})", imports=("import numpy as np", "from mlcore.datasets import make_dataset"))
    other = "y_train != pos" if neg == "rest" else f"y_train == {literal(neg)}"
    init = ""
    extra: tuple = ()
    if start == "least_squares":
        extra = ("ls = LeastSquaresClassifier().fit(X, t)  # start from the least-squares line",)
        init = ", coef_init=ls.coef_, intercept_init=ls.intercept_"
    return render(
        data,
        lines(f"pos = {literal(pos)}",
              f"keep = (y_train == pos) | ({other})",
              "X, t = X_train[keep], np.where(y_train[keep] == pos, 1.0, -1.0)", *extra,
              wrap(f"model = Perceptron(max_iter={int(epochs)}, eta0={literal(float(lr))}, pocket=True, "
                   f"shuffle={literal(bool(shuffle))}, random_state=0)"),
              f"model.fit(X, t{init})",
              'print("updates:", len(model.history_[0]["index"]), "epochs:", model.history_[0]["n_epochs"])',
              'print(f"training accuracy {model.score(X, t):.1%}")',
              imports=("from mlcore.linear_model import Perceptron",
                       *(("from mlcore.linear_model import LeastSquaresClassifier",) if extra else ()))))


def _splitter(folds: int, seed: int) -> Code:
    return lines(f"cv = StratifiedKFold({int(folds)}, shuffle=True, random_state={int(seed)})",
                 imports=(f"from {SELECTION} import StratifiedKFold",))


def learning_curve_page(source, drawn: tuple, model_key: str, params: dict, folds: int, n_sizes: int) -> str:
    """The Learning curves page: ``learning_curve`` on the training set, sizes 10% to 100%."""
    seed = int(source.seed)
    return render(data_code(source, drawn), model_code(model_key, params), _splitter(folds, seed),
                  lines(wrap(f"sizes, train_scores, test_scores = learning_curve(model, X_train, y_train, "
                             f"train_sizes=np.linspace(0.1, 1.0, {int(n_sizes)}), cv=cv, shuffle=True, "
                             f"random_state={seed})"),
                        "for m, train, test in zip(sizes, train_scores, test_scores):",
                        '    print(f"{m:4d} points: train {np.nanmean(train):.1%}, validation {np.nanmean(test):.1%}")',
                        imports=(f"from {SELECTION} import learning_curve",)))


def validation_curve_page(source, drawn: tuple, model_key: str, params: dict, name: str, values,
                          folds: int) -> str:
    """The Validation curve page: ``validation_curve`` over the values of one hyperparameter."""
    arg, texts, imports = swept(model_key, params, name, values)
    return render(data_code(source, drawn), model_code(model_key, params), _splitter(folds, source.seed),
                  lines(wrap(f"values = [{', '.join(texts)}]"),
                        wrap(f"train_scores, test_scores = validation_curve(model, X_train, y_train, "
                             f"param_name={literal(arg)}, param_range=values, cv=cv)"),
                        "for value, train, test in zip(values, train_scores, test_scores):",
                        f'    print(f"{arg} = {{value}}: train {{np.nanmean(train):.1%}}, '
                        'validation {np.nanmean(test):.1%}")',
                        imports=(f"from {SELECTION} import validation_curve", *sorted(imports))))


_SPLITTERS = {
    "stratified": "StratifiedKFold({folds}, shuffle={shuffle}, random_state={seed})",
    "kfold": "KFold({folds}, shuffle={shuffle}, random_state={seed})",
    "loo": "LeaveOneOut()",
    "shuffle": "ShuffleSplit({folds}, test_size={holdout}, random_state={seed})",
    "bootstrap": "Bootstrap({folds}, random_state={seed})",
}


def cross_validation_page(source, drawn: tuple, model_key: str, params: dict, kind: str, folds: int,
                          shuffle: bool, seed: int, holdout: float) -> str:
    """The Cross-validation page: the chosen splitter and ``cross_validate`` on the training set."""
    call = _SPLITTERS[kind].format(folds=int(folds), shuffle=literal(bool(shuffle)),
                                   seed=literal(int(seed) if shuffle or kind in ("shuffle", "bootstrap") else None),
                                   holdout=literal(float(holdout)))
    name = call.split("(")[0]
    return render(data_code(source, drawn), model_code(model_key, params),
                  lines(f"cv = {call}",
                        "scores = cross_validate(model, X_train, y_train, cv=cv)[\"test_score\"]",
                        'print(f"accuracy per split: {np.round(scores, 3)}")',
                        'print(f"mean {np.nanmean(scores):.1%} ± {np.nanstd(scores):.1%}")',
                        imports=(f"from {SELECTION} import cross_validate", f"from {SELECTION} import {name}")))


def search_page(source, drawn: tuple, model_key: str, params: dict, across: str, xs, down: str, ys,
                folds: int) -> str:
    """The Search page's grid: ``GridSearchCV`` over two hyperparameters, refit, test score."""
    x_arg, x_texts, x_imports = swept(model_key, params, across, xs)
    y_arg, y_texts, y_imports = swept(model_key, params, down, ys)
    return render(data_code(source, drawn), model_code(model_key, params),
                  lines("param_grid = {",
                        f"    {literal(x_arg)}: [{', '.join(x_texts)}],",
                        f"    {literal(y_arg)}: [{', '.join(y_texts)}],",
                        "}",
                        f"search = GridSearchCV(model, param_grid, cv={int(folds)}).fit(X_train, y_train)",
                        'print("best:", search.best_params_, f"CV accuracy {search.best_score_:.1%}")',
                        "if len(y_test):",
                        '    print(f"test accuracy of the refitted best {search.score(X_test, y_test):.1%}")',
                        imports=(f"from {SELECTION} import GridSearchCV", *sorted(x_imports | y_imports))))


def bias_variance_page(source, drawn: tuple, model_key: str, params: dict, rounds: int, known: bool = False,
                       n_test: int = 1000) -> str:
    """The Bias-variance page: Domingos' decomposition, over fresh training sets from the generator
    against the Bayes label (``known``), else over bootstrap samples on the test set."""
    if not known:
        return render(data_code(source, drawn), model_code(model_key, params),
                      lines(wrap(f"result = bias_variance_decomposition(model, X_train, y_train, X_test, y_test, "
                                 f"n_rounds={int(rounds)}, random_state=0)"),
                            'print(f"loss {result.expected_loss:.3f} = bias {result.bias:.3f} '
                            '+ net variance {result.net_variance:.3f}")',
                            imports=(f"from {SELECTION} import bias_variance_decomposition",)))
    fields = ", ".join(f"{n}={literal(float(getattr(source, n)))}"
                       for n in ("imbalance", "label_noise", "outliers", "margin"))
    return render(data_code(source, drawn), model_code(model_key, params), lines(
        "# the generator's density is known: its Bayes classifier gives the best possible label",
        wrap(f"bayes = BayesClassifier({literal(source.data)}, noise={literal(float(source.noise))}, "
             f"n_classes={int(source.classes)}, {fields}, seed={int(source.seed)})"),
        "# fresh training sets of the training set's size, fresh test points, both from the generator",
        wrap(f"result = generator_bias_variance(model, bayes, len(y_train), n_test={int(n_test)}, "
             f"n_rounds={int(rounds)})"),
        'print(f"loss {result.expected_loss:.3f} = noise term {result.noise_term:.3f} + bias {result.bias:.3f} '
        '+ net variance {result.net_variance:.3f}")',
        imports=(f"from {THEORY} import BayesClassifier, generator_bias_variance",)))


def compare_page(source, drawn: tuple, models: list[tuple[str, dict]], folds: int) -> str:
    """The Compare models page: ``cross_validate`` of every chosen model on the same training set."""
    parts = [model_code(key, params, name=f"models[{literal(key)}]") for key, params in models]
    chosen = Code(tuple(sorted({i for p in parts for i in p.imports})),
                  ("models = {}", *(line for p in parts for line in p.lines)))
    return render(data_code(source, drawn), chosen,
                  lines("for name, model in models.items():",
                        f"    scores = cross_validate(model, X_train, y_train, cv={int(folds)})[\"test_score\"]",
                        '    print(f"{name}: {np.nanmean(scores):.1%} ± {np.nanstd(scores):.1%}")',
                        imports=(f"from {SELECTION} import cross_validate",)))
