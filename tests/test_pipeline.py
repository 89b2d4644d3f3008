"""Pipeline: the contract (params, clone, fit returns self, unfitted use), delegation, no leak,
and scikit-learn's own estimator checks on two pipelines."""

import warnings

import numpy as np
import pytest
from sklearn.utils.estimator_checks import estimator_checks_generator
from support.sklearn_checks import EXCLUDED, check_name, sklearn_tags

from mlcore import NotFittedError, ValidationError, clone
from mlcore.linear_model import LogisticRegression
from mlcore.neighbors import KNeighborsClassifier
from mlcore.pipeline import Pipeline
from mlcore.preprocessing import MinMaxScaler, PolynomialFeatures, StandardScaler
from mlcore.svm import SVC


def _data(seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(80, 2)) * np.array([1.0, 100.0])
    y = np.where(X[:, 0] + X[:, 1] / 100 > 0, "yes", "no")
    return X, y


def _pipe():
    return Pipeline([("scale", StandardScaler()), ("knn", KNeighborsClassifier(n_neighbors=3))])


def test_params_use_step_names_and_reach_inside():
    pipe = _pipe()
    params = pipe.get_params()
    assert params["knn__n_neighbors"] == 3 and params["scale__with_mean"] is True
    assert params["knn"] is pipe.steps[1][1]
    assert set(pipe.get_params(deep=False)) == {"steps"}
    pipe.set_params(knn__n_neighbors=7, scale=MinMaxScaler())
    assert pipe.steps[1][1].n_neighbors == 7 and isinstance(pipe.steps[0][1], MinMaxScaler)
    with pytest.raises(ValidationError, match="no step 'tree'"):
        pipe.set_params(tree__max_depth=2)


def test_clone_copies_the_steps_and_fit_leaves_them_alone():
    pipe = _pipe()
    twin = clone(pipe)
    assert twin.steps[1][1] is not pipe.steps[1][1] and twin.get_params()["knn__n_neighbors"] == 3
    X, y = _data()
    assert pipe.fit(X, y) is pipe
    assert not hasattr(pipe.steps[0][1], "mean_")  # the given steps stay unfitted
    assert hasattr(pipe.named_steps["scale"], "mean_")
    assert not hasattr(clone(pipe), "steps_")


def test_predictions_equal_the_steps_by_hand():
    X, y = _data()
    X_test = _data(1)[0]
    pipe = Pipeline([("poly", PolynomialFeatures(degree=2)), ("scale", StandardScaler()),
                     ("logistic", LogisticRegression())]).fit(X, y)
    poly = PolynomialFeatures(degree=2).fit(X)
    scale = StandardScaler().fit(poly.transform(X))
    model = LogisticRegression().fit(scale.transform(poly.transform(X)), y)
    Z = scale.transform(poly.transform(X_test))
    np.testing.assert_array_equal(pipe.predict(X_test), model.predict(Z))
    np.testing.assert_array_equal(pipe.decision_function(X_test), model.decision_function(Z))
    np.testing.assert_array_equal(pipe.predict_proba(X_test), model.predict_proba(Z))
    assert pipe.score(X_test, model.predict(Z)) == 1.0
    assert list(pipe.classes_) == ["no", "yes"]


def test_methods_follow_the_final_step():
    X, y = _data()
    pipe = Pipeline([("scale", StandardScaler()), ("svm", SVC())]).fit(X, y)
    assert hasattr(pipe, "decision_function") and not hasattr(pipe, "transform")
    knn = _pipe().fit(X, y)
    assert not hasattr(knn, "decision_function")
    assert hasattr(Pipeline([("a", StandardScaler()), ("b", MinMaxScaler())]), "transform")


def test_scaling_inside_the_pipeline_fixes_knn_on_unequal_units():
    # Feature 2 is in units 100x larger: unscaled kNN is ruled by it, scaled kNN uses both.
    X, y = _data()
    X_test, y_test = _data(2)
    raw = KNeighborsClassifier(n_neighbors=3).fit(X, y).score(X_test, y_test)
    scaled = _pipe().fit(X, y).score(X_test, y_test)
    assert scaled > raw + 0.05


def test_unfitted_and_bad_input():
    X, y = _data()
    with pytest.raises(NotFittedError):
        _pipe().predict(X)
    with pytest.raises(ValidationError, match="fit and transform"):
        Pipeline([("knn", KNeighborsClassifier()), ("scale", StandardScaler())]).fit(X, y)
    with pytest.raises(ValidationError, match="distinct"):
        Pipeline([("a", StandardScaler()), ("a", KNeighborsClassifier())]).fit(X, y)
    pipe = _pipe().fit(X, y)
    with pytest.raises(ValidationError, match="features"):
        pipe.predict(X[:, :1])
    with pytest.raises(ValidationError, match="NaN"):
        pipe.predict(np.array([[np.nan, 1.0]]))


class CheckedPipeline(Pipeline):
    __sklearn_tags__ = sklearn_tags


def _sklearn_cases():
    pipes = {"scale-knn": [("scale", StandardScaler()), ("knn", KNeighborsClassifier())],
             "poly-logistic": [("poly", PolynomialFeatures(degree=2)), ("logistic", LogisticRegression())]}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # not a sklearn.base.BaseEstimator, by design
        for key, steps in pipes.items():
            for estimator, check in estimator_checks_generator(CheckedPipeline(steps), legacy=True):
                name = check_name(check)
                reason = EXCLUDED.get(name.split("[")[0])
                marks = [pytest.mark.skip(reason=reason)] if reason else []
                yield pytest.param(estimator, check, id=f"{key}-{name}", marks=marks)


@pytest.mark.parametrize("estimator, check", list(_sklearn_cases()))
def test_sklearn_check(estimator, check):
    check(estimator)


@pytest.mark.parametrize("factor", [0.1, 10.0, 1000.0])
def test_a_tree_ignores_a_stretched_axis_and_knn_does_not(factor):
    from functools import partial

    from mlcore.datasets import make_dataset
    from mlcore.preprocessing import FunctionTransformer
    from mlcore.tree import DecisionTreeClassifier

    X, y = make_dataset("moons", n=300, noise=0.3, seed=1)
    X_test, _ = make_dataset("moons", n=300, noise=0.3, seed=2)
    stretch = ("stretch", FunctionTransformer(func=partial(np.multiply, np.array([1.0, factor]))))
    # A threshold is a midpoint of two neighbouring values, and scaling maps midpoints to midpoints:
    # the stretched tree makes the same cuts, so every prediction (not only on training points) agrees.
    raw_tree = DecisionTreeClassifier().fit(X, y).predict(X_test)
    np.testing.assert_array_equal(Pipeline([stretch, ("tree", DecisionTreeClassifier())]).fit(X, y).predict(X_test),
                                  raw_tree)
    raw_knn = KNeighborsClassifier().fit(X, y).predict(X_test)
    stretched_knn = Pipeline([stretch, ("knn", KNeighborsClassifier())]).fit(X, y).predict(X_test)
    assert np.mean(raw_knn != stretched_knn) > 0.02


@pytest.mark.parametrize("transform", ["log", "sigmoid"])
def test_a_tree_splits_training_points_alike_after_an_increasing_map(transform):
    from mlcore.datasets import make_dataset
    from mlcore.preprocessing import FunctionTransformer
    from mlcore.tree import DecisionTreeClassifier

    X, y = make_dataset("moons", n=300, noise=0.3, seed=3)
    raw = DecisionTreeClassifier().fit(X, y)
    mapped = Pipeline([("f", FunctionTransformer(transform)), ("tree", DecisionTreeClassifier())]).fit(X, y)
    np.testing.assert_array_equal(mapped.predict(X), raw.predict(X))
    np.testing.assert_array_equal(mapped.named_steps["tree"].tree_.feature, raw.tree_.feature)
