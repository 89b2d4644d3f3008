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


# --- link keys: a parameter renamed to scikit-learn's name keeps the key links already carry ---

def test_renamed_parameters_keep_their_link_keys():
    assert MODELS["knn"].param("n_neighbors").link == "k"
    assert MODELS["perceptron"].param("max_iter").link == "max_epochs"
    assert MODELS["perceptron"].param("eta0").link == "lr"
    # a link's key finds the parameter too (the Validation curve page's vary=k)
    assert MODELS["knn"].param("k").name == "n_neighbors"


@pytest.mark.parametrize("key", list(MODELS))
def test_link_keys_name_one_parameter_each(key):
    spec = MODELS[key]
    links = [p.link for p in spec.params]
    assert len(set(links)) == len(links)
    # no link key is another parameter's name, so param(name or link key) is never ambiguous
    for p in spec.params:
        assert p.link == p.name or p.link not in {q.name for q in spec.params}
        assert spec.param(p.link) is p and spec.param(p.name) is p


def test_the_catalog_builds_scikit_learn_names_from_link_keys():
    knn = MODELS["knn"].make(n_neighbors=7)
    perceptron = MODELS["perceptron"].make(max_iter=5, eta0=0.1)
    assert knn.get_params()["n_neighbors"] == 7
    assert (perceptron.max_iter, perceptron.eta0) == (5, 0.1)
    assert MODELS["linear_svc_cs"].make().multi_class == "crammer_singer"
