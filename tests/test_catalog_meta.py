"""The catalog turns a link's base-model key and AdaBoost's depth into estimator instances.

Links keep their parameter names (``base=logistic``, ``max_depth=3``); the algorithms only
ever see an ``estimator=`` instance.
"""

import numpy as np
import pytest
from sklearn.datasets import make_moons

from catalog.models import MODELS
from mlcore.base import ValidationError
from mlcore.ensemble import AdaBoostClassifier, BaggingClassifier


@pytest.mark.parametrize("key", MODELS["bagging"].param("base").choices)
def test_every_bagging_base_key_becomes_that_catalog_model(key):
    bag = MODELS["bagging"].make(base=key, n_estimators=3)
    assert isinstance(bag, BaggingClassifier)
    assert type(bag.estimator) is MODELS[key].cls
    expected = MODELS[key].make().get_params()
    assert {k: bag.get_params()[f"estimator__{k}"] for k in expected} == expected
    X, y = make_moons(60, noise=0.2, random_state=0)
    assert bag.fit(X, y).predict(X).shape == (60,)


def test_each_make_builds_a_new_base_model():
    a, b = MODELS["bagging"].make(), MODELS["bagging"].make()
    assert a.estimator is not b.estimator


@pytest.mark.parametrize("bad", ["bagging", "nope"])
def test_a_base_that_cannot_be_bagged_is_refused_readably(bad):
    with pytest.raises(ValidationError, match=f"base={bad!r} is not a model bagging can copy"):
        MODELS["bagging"].make(base=bad)


@pytest.mark.parametrize("depth", [1, 3])
def test_adaboost_max_depth_from_a_link_is_its_trees_depth(depth):
    ada = MODELS["adaboost"].make(max_depth=depth, n_estimators=5)
    assert isinstance(ada, AdaBoostClassifier) and ada.get_params()["estimator__max_depth"] == depth
    X, y = make_moons(200, noise=0.3, random_state=0)
    ada.fit(X, y)
    assert max(t.get_depth() for t in ada.estimators_) == depth


def test_the_catalog_default_adaboost_is_the_plain_default():
    X, y = make_moons(200, noise=0.3, random_state=0)
    ours = MODELS["adaboost"].make().fit(X, y)
    plain = AdaBoostClassifier(random_state=0).fit(X, y)
    np.testing.assert_array_equal(ours.estimator_weights_, plain.estimator_weights_)
    np.testing.assert_array_equal(ours.predict_proba(X), plain.predict_proba(X))
