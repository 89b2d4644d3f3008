"""The "Show code" text of the table, theory and features pages (pure: no Streamlit); the model
and model-selection pages' is in ``catalog.code_model_pages``."""

from __future__ import annotations

from catalog.code_render import constructor, data_code, lines, literal, model_code, render, wrap

from .models import get

THEORY = "mlcore.theory"
HYPOTHESES = {"lines": "Lines()", "rectangles": "Rectangles()", "intervals_x1": "Intervals(0)",
              "intervals_x2": "Intervals(1)", "stumps": "Stumps()", "trees": "Trees({depth})"}


def id3_page(table: str | None, criterion: str, gain_ratio: bool, laplace: bool, csv_name: str | None = None,
             features: tuple = (), target: str = "") -> str:
    """The ID3 page: a built-in table (``tennis``, ``kids_play``) or an uploaded CSV, ID3, the
    1-rule and categorical naive Bayes, each with its training accuracy."""
    if csv_name is None:
        data = lines(f"table = {table}()", "X, y, features = table.X, table.y, list(table.features)",
                     imports=(f"from mlcore.datasets import {table}",))
    else:
        data = lines(f"with open({literal(csv_name)}, newline='') as f:",
                     "    rows = list(csv.DictReader(f))",
                     f"features = {literal(list(features))}",
                     "X = np.array([[r[name] for name in features] for r in rows], dtype=str)",
                     f"y = np.array([r[{literal(target)}] for r in rows], dtype=str)",
                     imports=("import csv", "import numpy as np"))
    return render(data, lines(
        f"model = ID3Classifier(criterion={literal(criterion)}, gain_ratio={literal(bool(gain_ratio))})"
        ".fit(X, y, feature_names=features)",
        "one_rule = OneRuleClassifier().fit(X, y, feature_names=features)",
        f"nb = CategoricalNB(alpha={literal(1.0 if laplace else 0.0)}).fit(X, y)"
        + ("  # alpha=1: Laplace smoothing" if laplace else ""),
        "for name, fitted in (('ID3', model), ('1-rule', one_rule), ('naive Bayes', nb)):",
        '    print(f"{name}: training accuracy {fitted.score(X, y):.1%}")',
        imports=("from mlcore.naive_bayes import CategoricalNB",
                 "from mlcore.tree import ID3Classifier, OneRuleClassifier")))


def pac_tab(eps: float, delta: float, d: int) -> str:
    return render(lines(
        f"H = conjunction_count({int(d)})  # 3^d conjunctions of d boolean attributes",
        f"m = pac_sample_size({literal(float(eps))}, {literal(float(delta))}, H)",
        f"print(f'|H| = {{H}}: a consistent learner needs m >= {{m}} examples; with m of them, "
        f"eps = {{pac_epsilon(m, {literal(float(delta))}, H):.3f}}')",
        imports=(f"from {THEORY} import conjunction_count, pac_epsilon, pac_sample_size",)))


def shattering_tab(points, hclass: str, depth: int) -> str:
    name = HYPOTHESES[hclass].split("(")[0]
    return render(lines(
        f"X = np.array({literal([list(map(float, p)) for p in points])}).reshape(-1, 2)",
        f"H = {HYPOTHESES[hclass].format(depth=int(depth))}",
        "labelings, realised = realisable_labelings(X, H)",
        'print(f"{int(realised.sum())} of {len(labelings)} labelings realised")',
        "print(vc_dimension_by_trying(H, max_m=6))  # the VC dimension, found by trying point sets",
        imports=("import numpy as np", f"from {THEORY} import {name}, realisable_labelings, vc_dimension_by_trying")))


def bounds_tab(source, model_key: str, delta: float, resamples: int, sizes) -> str:
    seed = int(source.seed)
    extra = "".join(f", {n}={literal(float(getattr(source, n)))}"
                    for n in ("imbalance", "label_noise", "outliers", "margin"))
    return render(model_code(model_key, {}), lines(
        "def sample(m, seed):",
        wrap(f"    return make_dataset({literal(source.data)}, n=m, noise={literal(float(source.noise))}, seed=seed, "
             f"n_classes=2{extra})", 110),
        "",
        f"for m in {literal(list(sizes))}:",
        wrap(f"    result = bounds_against_reality(model, sample, [m], vc_dim=3, n_resamples={int(resamples)}, "
             f"delta={literal(float(delta))}, rademacher_draws={int(resamples)}, "
             f"random_state={seed} * 10007 + m)", 110),
        "    print(m, {name: float(values[0]) for name, values in result.items()})",
        imports=("from mlcore.datasets import make_dataset", f"from {THEORY} import bounds_against_reality")))


def rademacher_tab(source, drawn: tuple, model_key: str, name: str, value, m: int) -> str:
    return render(data_code(source, drawn), model_code(model_key, {name: value}), lines(
        f"X = X_train[np.random.default_rng({int(source.seed)}).permutation(len(X_train))][:{int(m)}]",
        "estimate = empirical_rademacher(model, X, 8, random_state=0)  # 8 random labelings",
        'print(f"R = {estimate.value:.3f} ± {estimate.std:.3f}")',
        imports=(f"from {THEORY} import empirical_rademacher",)))


def bayes_tab(source, drawn: tuple, model_key: str, params: dict) -> str:
    fields = ", ".join(f"{n}={literal(float(getattr(source, n)))}"
                       for n in ("imbalance", "label_noise", "outliers", "margin"))
    return render(data_code(source, drawn), model_code(model_key, params), lines(
        wrap(f"bayes = BayesClassifier({literal(source.data)}, noise={literal(float(source.noise))}, "
             f"n_classes={int(source.classes)}, {fields}, seed={int(source.seed)})"),
        "split = excess_error(model, bayes, X_train, y_train, large_n=3000)",
        "print({part: value for part, value in split.items() if isinstance(value, float)})",
        imports=(f"from {THEORY} import BayesClassifier, excess_error",)))


TRANSFORMS = {"standard": "StandardScaler()", "minmax": "MinMaxScaler()", "clip": "QuantileClipper(0.05, 0.95)",
              "log": "FunctionTransformer(func='log')", "sigmoid": "FunctionTransformer(func='sigmoid')",
              "normalize": "Normalizer()"}


def features_page(source, drawn: tuple, axis: int, factor: float, transform: str, models, degree: int,
                  C: float) -> str:
    """The Features page: each model behind the stretch (and transform), then logistic regression
    on polynomial features."""
    factors = [1.0, 1.0]
    factors[axis] = float(factor)
    steps = [f"('stretch', FunctionTransformer(func=partial(np.multiply, np.array({literal(factors)}))))"]
    used = {"FunctionTransformer"}
    if transform in TRANSFORMS:
        steps.append(f"({literal(transform)}, {TRANSFORMS[transform]})")
        used.add(TRANSFORMS[transform].split("(")[0])
    model_lines, imports = [], set()
    for key in models:
        part = model_code(key, {}, name=f"models[{literal(key)}]")
        model_lines += part.lines
        imports |= set(part.imports)
    logistic_text, logistic_imports = constructor(get("logistic").make(C=C))
    return render(data_code(source, drawn), lines("models = {}", *model_lines, imports=tuple(sorted(imports))), lines(
        "for name, model in models.items():",
        f"    pipe = Pipeline([{', '.join(steps)}, (name, model)]).fit(X_train, y_train)",
        '    print(f"{name}: test accuracy after the stretch {np.mean(pipe.predict(X_test) == y_test):.1%}")',
        "",
        f"phi = Pipeline([('phi', PolynomialFeatures(degree={int(degree)}, include_bias=False)), "
        f"('scale', StandardScaler()),",
        f"               ('logistic', {logistic_text})]).fit(X_train, y_train)",
        'print(f"logistic regression on phi(x): train {phi.score(X_train, y_train):.1%}")',
        imports=("from functools import partial", "from mlcore.pipeline import Pipeline",
                 "from mlcore.preprocessing import "
                 f"{', '.join(sorted(used | {'PolynomialFeatures', 'StandardScaler'}))}",
                 *sorted(logistic_imports))))
