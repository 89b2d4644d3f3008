"""scikit-learn's names and defaults (issue 21): what scikit-learn users type works here.

Every public class and function of mlcore (the ``__all__`` of every public module) whose name
scikit-learn also uses, in the same family or in any of its public packages, is compared with its
namesake: the constructor's parameters (what ``get_params`` reads) or the function's, and the
parameters of the public methods both have (``kneighbors``, ``inverse_transform``...).

- A parameter of ours that scikit-learn's namesake lacks fails, unless ``EXTRAS`` lists it as a
  feature scikit-learn does not have, with the reason. A renamed parameter (``k`` for
  ``n_neighbors``) is never an extra: it is a spelling to fix.
- A parameter with a default on both sides must have scikit-learn's, unless ``DEFAULTS`` lists
  the difference with its reason. Numbers compare by value (1 and 1.0 agree), arrays elementwise.
  A parameter one side requires (scikit-learn's optional ``y=None`` of ``fit``, our optional
  ``estimator=None`` of the multi-class wrappers) has no default to compare.
- Both lists must be exact: an entry that no longer describes a difference fails too.

Parameters scikit-learn has and we lack (``n_jobs``, ``sample_weight``...) are not checked: a
missing feature says so with a TypeError, a renamed one would not.
"""

from __future__ import annotations

import importlib
import inspect
import numbers
import pkgutil
import warnings

import numpy as np
import pytest
import sklearn
from sklearn.utils import all_estimators

import mlcore

# Public mlcore modules without an ``__all__``, with the reason; any other public module must
# declare one, so that a new module's names are compared too.
WITHOUT_ALL = {
    "mlcore.base": "its public names are re-exported by mlcore.__all__ (BaseEstimator, clone, "
                   "check_is_fitted...); the rest are mlcore's own validation helpers",
}

# Parameters scikit-learn's namesake does not have: features it lacks, each with the reason.
# Keys: (name, method or "", parameter); "" is the constructor or the function itself.
EXTRAS = {
    ("Perceptron", "", "pocket"): "Gallant's pocket algorithm, a lecture topic: keep the weights with the "
                                  "fewest training mistakes",
    ("DecisionTreeClassifier", "", "gain_ratio"): "C4.5's gain ratio as the split score (the ID3 lecture)",
    ("SVC", "", "multiclass"): "train one-vs-rest machines instead of one-vs-one; scikit-learn always trains "
                               "one-vs-one (its decision_function_shape only reshapes the scores)",
    ("OutputCodeClassifier", "", "code"): "the lecture's codes (one-vs-all, exhaustive, the notes' 6-bit "
                                          "code); scikit-learn draws a random code only",
    ("OutputCodeClassifier", "", "decoding"): "loss-based decoding besides Hamming distance; scikit-learn "
                                              "decodes by Euclidean distance only",
    ("MLPClassifier", "", "max_snapshots"): "how many weight copies training keeps for the page's replay",
    ("MLPClassifier", "fit", "on_epoch"): "called after every epoch (a page's progress bar)",
    ("SequentialFeatureSelector", "", "random_state"): "shuffles the points before they are dealt to the "
                                                       "folds; here cv is a number of folds only",
    ("SequentialFeatureSelector", "fit", "progress"): "called after every step (a page's progress bar)",
    ("AdaBoostClassifier", "decision_function", "n_rounds"): "the ensemble of the first n rounds, for a "
                                                             "page's round slider (scikit-learn: staged_*)",
    ("AdaBoostClassifier", "predict", "n_rounds"): "as for decision_function",
    ("AdaBoostClassifier", "predict_proba", "n_rounds"): "as for decision_function",
    ("cross_validate", "", "callback"): "progress reports (done, total, what) for a page's progress bar",
    ("cross_val_score", "", "callback"): "as for cross_validate",
    ("learning_curve", "", "callback"): "as for cross_validate",
    ("learning_curve", "", "return_errors"): "also return which fits failed and why (the page says so)",
    ("validation_curve", "", "callback"): "as for cross_validate",
    ("validation_curve", "", "return_errors"): "as for learning_curve",
    ("GridSearchCV", "", "callback"): "as for cross_validate",
    ("RandomizedSearchCV", "", "callback"): "as for cross_validate",
}

# Defaults that differ from scikit-learn's on purpose, with the reason. Same keys as EXTRAS.
DEFAULTS = {
    ("Perceptron", "", "max_iter"): "20, not 1000: scikit-learn also stops when the loss stalls (tol, "
                                    "n_iter_no_change); ours stops only after an epoch without a mistake, so on "
                                    "overlapping classes it runs every epoch and records each update in history_",
    ("LinearSVC", "", "max_iter"): "interior-point steps (15 to 30 reach tol), not LIBLINEAR's coordinate-"
                                   "descent passes",
    ("SVC", "", "max_iter"): "scikit-learn's -1 is no limit; SMO here raises when it stops early, and a bound "
                             "keeps a hard margin (C = inf) on overlapping classes from running forever",
    ("LogisticRegression", "", "penalty"): "scikit-learn 1.8 deprecated penalty for l1_ratio; its default, "
                                           "'deprecated', means l1_ratio=0, the L2 penalty: our 'l2'",
    ("LogisticRegression", "", "tol"): "another solver (Newton's method, proximal Newton for l1) whose tol bounds "
                                       "the step and the gradient in scaled variables; near the optimum each Newton "
                                       "step squares the error, so a tight tol costs a step or two",
    ("MLPClassifier", "", "validation_fraction"): "held out only to record validation_scores_ (there is no "
                                                  "early stopping); scikit-learn holds it out only with "
                                                  "early_stopping=True, off by default: both train on every point",
    ("SelectKBest", "", "score_func"): "a name among pearson, mutual_info and stump (a function works too); "
                                       "there is no ANOVA F test (f_classif) here",
    ("SelectKBest", "", "k"): "k larger than the number of features is refused with a message (scikit-learn "
                              "warns and keeps all): 10 would fail on the plane's 2 features",
}

# What the lookup must find (a guard against a lookup that silently finds nothing).
EXPECTED = {"KNeighborsClassifier", "Perceptron", "LinearSVC", "SVC", "LogisticRegression", "MLPClassifier",
            "train_test_split", "KFold", "cross_val_score", "learning_curve", "GridSearchCV", "rbf_kernel",
            "check_is_fitted", "StandardScaler", "Pipeline", "DecisionTreeClassifier", "BaggingClassifier"}


def _public_modules():
    for info in pkgutil.walk_packages(mlcore.__path__, "mlcore."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            yield importlib.import_module(info.name)
    yield mlcore


def _sklearn_index() -> dict:
    """Names scikit-learn exports from its public packages, to their objects."""
    index = dict(all_estimators())
    packages = [info.name for info in pkgutil.iter_modules(sklearn.__path__, "sklearn.")
                if not info.name.rsplit(".", 1)[1].startswith("_") and not info.name.endswith((".tests", ".conftest"))]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in [*packages, "sklearn.utils.validation"]:
            module = importlib.import_module(name)
            # a module without __all__ (sklearn.utils.validation): the functions defined in it
            exported = getattr(module, "__all__", None) or [
                n for n, v in vars(module).items()
                if not n.startswith("_") and getattr(v, "__module__", None) == module.__name__]
            for public in exported:
                try:
                    index.setdefault(public, getattr(module, public))
                except (AttributeError, ImportError):  # experimental names need an explicit enable
                    pass
    return index


def _namesakes() -> list[tuple[str, object, object]]:
    """(name, ours, scikit-learn's) for every public class or function of ours with a namesake."""
    index, pairs, seen = _sklearn_index(), [], set()
    for module in _public_modules():
        names = getattr(module, "__all__", None)
        if names is None:
            continue
        try:  # the same family first: mlcore.metrics.pairwise -> sklearn.metrics.pairwise
            family = importlib.import_module("sklearn" + module.__name__[len("mlcore"):])
        except ImportError:
            family = None
        for name in names:
            ours = getattr(module, name)
            theirs = getattr(family, name, None) or index.get(name)
            if (id(ours) in seen or theirs is None or not callable(ours)
                    or (isinstance(ours, type) and issubclass(ours, BaseException))):
                continue
            seen.add(id(ours))
            pairs.append((name, ours, theirs))
    return pairs


NAMESAKES = _namesakes()


def _parameters(func) -> dict[str, inspect.Parameter]:
    return {n: p for n, p in inspect.signature(func).parameters.items()
            if n != "self" and p.kind is not p.VAR_KEYWORD}


def _same_default(a, b) -> bool:
    if a is b:
        return True
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b and type(a) is type(b)
    if isinstance(a, numbers.Number) and isinstance(b, numbers.Number):
        return a == b or (np.isnan(a) and np.isnan(b))
    if isinstance(a, (tuple, list, np.ndarray)) and isinstance(b, (tuple, list, np.ndarray)):
        return np.shape(a) == np.shape(b) and bool(np.all(np.asarray(a) == np.asarray(b)))
    try:
        return type(a) is type(b) and bool(a == b)
    except (TypeError, ValueError):
        return False


def _differences(name: str, method: str, ours, theirs) -> tuple[dict, dict]:
    """({key: sentence} for parameters scikit-learn lacks, {key: sentence} for other defaults)."""
    mine, sk = _parameters(ours), _parameters(theirs)
    if any(p.kind is p.VAR_POSITIONAL for p in sk.values()):
        # train_test_split(*arrays): our leading positional data arguments (X, y) are those arrays
        for n in [n for n, p in mine.items() if p.default is p.empty and p.kind is not p.KEYWORD_ONLY]:
            del mine[n]
    extras, defaults = {}, {}
    for n, p in mine.items():
        key = (name, method, n)
        if n not in sk:
            missing = [m for m in sk if m not in mine and sk[m].kind is not sk[m].VAR_POSITIONAL]
            extras[key] = f"{n!r} is not scikit-learn's; did you mean one of {missing}?"
        elif p.default is not p.empty and sk[n].default is not p.empty \
                and not _same_default(p.default, sk[n].default):
            defaults[key] = f"{n}={p.default!r}, scikit-learn's {sk[n].default!r}"
    return extras, defaults


def _pair_differences(name: str, ours, theirs) -> tuple[dict, dict]:
    """``_differences`` of a function, or of a class's constructor and the public methods both have."""
    pairs = [("", ours, theirs)]
    if isinstance(ours, type):
        pairs = [("", ours.__init__, theirs.__init__)]
        pairs += [(m, getattr(ours, m), getattr(theirs, m)) for m in sorted(dir(ours))
                  if not m.startswith("_") and inspect.isfunction(getattr(ours, m, None))
                  and callable(getattr(theirs, m, None)) and not isinstance(getattr(theirs, m), type)]
    extras, defaults = {}, {}
    for method, mine, sk in pairs:
        try:
            more_extras, more_defaults = _differences(name, method, mine, sk)
        except (TypeError, ValueError):  # no signature to read (a C function)
            continue
        extras.update(more_extras)
        defaults.update(more_defaults)
    return extras, defaults


def test_every_public_module_declares_its_names():
    without = {m.__name__ for m in _public_modules() if not hasattr(m, "__all__")}
    assert without == set(WITHOUT_ALL)


def test_the_lookup_finds_the_namesakes():
    assert EXPECTED <= {name for name, _, _ in NAMESAKES}


@pytest.mark.parametrize("name, ours, theirs", NAMESAKES, ids=[n for n, _, _ in NAMESAKES])
def test_parameters_are_spelled_as_in_scikit_learn(name, ours, theirs):
    extras, _ = _pair_differences(name, ours, theirs)
    unlisted = {k: v for k, v in extras.items() if k not in EXTRAS}
    assert not unlisted, unlisted


@pytest.mark.parametrize("name, ours, theirs", NAMESAKES, ids=[n for n, _, _ in NAMESAKES])
def test_defaults_are_scikit_learns(name, ours, theirs):
    _, defaults = _pair_differences(name, ours, theirs)
    unlisted = {k: v for k, v in defaults.items() if k not in DEFAULTS}
    assert not unlisted, unlisted


def test_every_listed_difference_is_still_one():
    extras, defaults = {}, {}
    for name, ours, theirs in NAMESAKES:
        more_extras, more_defaults = _pair_differences(name, ours, theirs)
        extras.update(more_extras)
        defaults.update(more_defaults)
    assert not set(EXTRAS) - set(extras), "EXTRAS lists parameters that are no longer extra"
    assert not set(DEFAULTS) - set(defaults), "DEFAULTS lists defaults that now agree"
    assert all(reason.strip() for reason in [*EXTRAS.values(), *DEFAULTS.values()])


def test_a_renamed_parameter_is_caught():
    """The comparison itself: a k= spelling of n_neighbors is reported, not allowed."""
    from sklearn.neighbors import KNeighborsClassifier as SkKNN

    class Renamed:
        def __init__(self, k=5, weights="uniform"):
            pass

    extras, defaults = _differences("Renamed", "", Renamed.__init__, SkKNN.__init__)
    assert list(extras) == [("Renamed", "", "k")] and "n_neighbors" in extras[("Renamed", "", "k")]
    assert not defaults
