"""Nested hyperparameters (scikit-learn's ``estimator__name``) and clone, on the base contract.

Small estimators defined here keep each check about BaseEstimator alone; the last
tests run the same rules on the real meta-estimators.
"""

import pickle

import numpy as np
import pytest

from mlcore.base import BaseEstimator, ValidationError, clone
from mlcore.ensemble import AdaBoostClassifier, BaggingClassifier
from mlcore.linear_model import LogisticRegression
from mlcore.tree import DecisionTreeClassifier


class Leaf(BaseEstimator):
    def __init__(self, depth=1, label="a"):
        self.depth = depth
        self.label = label


class Wrapper(BaseEstimator):
    def __init__(self, estimator=None, size=3, extra=None):
        self.estimator = estimator
        self.size = size
        self.extra = extra


def test_deep_params_name_the_inner_ones_with_a_double_underscore():
    outer = Wrapper(Wrapper(Leaf(depth=4), size=2), size=5)
    deep = outer.get_params(deep=True)
    assert deep["size"] == 5 and deep["estimator__size"] == 2
    assert deep["estimator__estimator__depth"] == 4 and deep["estimator__estimator__label"] == "a"
    assert deep["estimator"] is outer.estimator and deep["estimator__estimator"] is outer.estimator.estimator
    assert set(deep) == {"estimator", "size", "extra", "estimator__estimator", "estimator__size",
                         "estimator__extra", "estimator__estimator__depth", "estimator__estimator__label"}
    assert outer.get_params() == deep     # deep is the default, as in scikit-learn


def test_shallow_params_are_the_init_arguments_only():
    outer = Wrapper(Leaf(depth=4), size=5)
    assert outer.get_params(deep=False) == {"estimator": outer.estimator, "size": 5, "extra": None}
    assert Wrapper().get_params(deep=True) == {"estimator": None, "size": 3, "extra": None}


def test_set_params_reaches_inside_and_groups_per_inner_estimator(monkeypatch):
    leaf = Leaf()
    outer = Wrapper(leaf)
    calls = []
    original = Leaf.set_params

    def spy(self, **params):
        calls.append(params)
        return original(self, **params)

    monkeypatch.setattr(Leaf, "set_params", spy)
    assert outer.set_params(estimator__depth=7, size=9, estimator__label="b") is outer
    assert calls == [{"depth": 7, "label": "b"}]        # one call with both names
    assert (leaf.depth, leaf.label, outer.size) == (7, "b", 9)
    assert outer.estimator is leaf                         # changed in place, not replaced


def test_a_new_estimator_is_set_before_its_nested_names():
    outer = Wrapper(Leaf(depth=2))
    replacement = Leaf(depth=1)
    outer.set_params(estimator__depth=6, estimator=replacement)
    assert outer.estimator is replacement and replacement.depth == 6


def test_params_round_trip_through_set_params():
    outer = Wrapper(Wrapper(Leaf(depth=4)))
    twin = Wrapper(Wrapper(Leaf()))
    deep = outer.get_params()
    twin.set_params(**{k: v for k, v in deep.items() if "__" in k})
    assert twin.estimator.estimator.depth == 4 and twin.estimator is not outer.estimator


@pytest.mark.parametrize("name, says", [
    ("depht", "Wrapper has no hyperparameter 'depht'; it has estimator, extra, size"),
    ("estimator__depht", "Leaf has no hyperparameter 'depht'; it has depth, label"),
    ("size__depth", "size is 3, not an estimator"),
    ("extra__depth", "set extra=... to an estimator first"),
])
def test_unknown_names_get_a_readable_error(name, says):
    with pytest.raises(ValidationError, match=says):
        Wrapper(Leaf()).set_params(**{name: 1})


def test_nested_name_on_a_default_none_estimator_says_what_to_do():
    with pytest.raises(ValidationError, match="estimator is None"):
        BaggingClassifier().set_params(estimator__max_depth=3)


def test_clone_copies_nested_estimators_and_mutable_values():
    extra = {"weights": [1, 2]}
    leaf = Leaf(depth=3)
    outer = Wrapper(Wrapper(leaf), extra=extra)
    twin = clone(outer)
    assert type(twin.estimator.estimator) is Leaf and twin.estimator.estimator.depth == 3
    assert twin.estimator is not outer.estimator and twin.estimator.estimator is not leaf
    assert twin.extra == extra and twin.extra is not extra and twin.extra["weights"] is not extra["weights"]
    twin.set_params(estimator__estimator__depth=8)
    assert leaf.depth == 3                               # the original is untouched


def test_clone_leaves_fitted_state_behind():
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = np.array([0, 0, 1, 1])
    bag = BaggingClassifier(DecisionTreeClassifier(max_depth=1), n_estimators=3, random_state=0).fit(X, y)
    twin = clone(bag)
    assert not hasattr(twin, "classes_") and not hasattr(twin.estimator, "tree_")
    assert twin.get_params()["estimator__max_depth"] == 1 and twin.estimator is not bag.estimator


def test_clone_refuses_what_is_not_an_estimator():
    with pytest.raises(ValidationError, match="not an mlcore estimator"):
        clone("tree")


@pytest.mark.parametrize("meta", [BaggingClassifier, AdaBoostClassifier])
def test_meta_estimators_expose_their_trees_settings(meta):
    model = meta(DecisionTreeClassifier(max_depth=2), n_estimators=4, random_state=0)
    deep = model.get_params()
    assert deep["estimator__max_depth"] == 2 and deep["n_estimators"] == 4
    model.set_params(estimator__max_depth=3, estimator__criterion="entropy")
    assert (model.estimator.max_depth, model.estimator.criterion) == (3, "entropy")
    assert "estimator__max_depth" not in model.get_params(deep=False)
    assert "estimator=DecisionTreeClassifier(criterion='entropy', max_depth=3)" in repr(model)


def test_a_pickled_meta_estimator_keeps_its_estimator():
    model = BaggingClassifier(LogisticRegression(C=0.3), n_estimators=2)
    twin = pickle.loads(pickle.dumps(model))
    assert twin.get_params()["estimator__C"] == 0.3
