"""Sample weights in the tree: whole-number weights equal repeated points, a point of
weight 0 is as good as absent, and scikit-learn's own sample-weight checks pass."""

import numpy as np
import pytest
from sklearn.utils import ClassifierTags, InputTags, Tags, TargetTags, estimator_checks

from mlcore.base import ValidationError
from mlcore.datasets import make_dataset
from mlcore.tree import DecisionTreeClassifier


class _Tagged(DecisionTreeClassifier):
    """The tree with the tags scikit-learn's checks read (test-only)."""

    def __sklearn_tags__(self):
        return Tags(estimator_type="classifier", target_tags=TargetTags(required=True),
                    classifier_tags=ClassifierTags(), input_tags=InputTags())


SETTINGS = [{}, {"max_depth": 3}, {"criterion": "entropy"}, {"criterion": "misclassification"},
            {"gain_ratio": True}, {"min_impurity_decrease": 0.01}, {"splitter": "random"}, {"max_features": 3}]


@pytest.mark.parametrize("params", SETTINGS)
@pytest.mark.parametrize("check", ["check_sample_weight_equivalence_on_dense_data", "check_sample_weights_list",
                                   "check_sample_weights_not_an_array", "check_sample_weights_shape",
                                   "check_sample_weights_not_overwritten", "check_all_zero_sample_weights_error"])
def test_scikit_learn_sample_weight_checks(check, params):
    if "max_features" in params and check != "check_sample_weight_equivalence_on_dense_data":
        pytest.skip("these checks fit on 2 or 3 features")
    getattr(estimator_checks, check)("DecisionTreeClassifier", _Tagged(**params))


def _nodes(tree):
    return (tree.feature, tree.threshold, tree.children_left, tree.children_right, tree.value)


@pytest.mark.parametrize("params", SETTINGS[:6] + [{"max_depth": 5, "criterion": "entropy"}])
@pytest.mark.parametrize("seed", range(3))
def test_whole_weights_grow_the_tree_of_the_repeated_points(params, seed):
    X, y = make_dataset("moons", n=120, noise=0.3, seed=seed)
    X = np.round(X, 1)        # ties and duplicate points as well
    w = np.random.default_rng(seed).integers(0, 4, len(y))
    weighted = DecisionTreeClassifier(**params, random_state=0).fit(X, y, sample_weight=w).tree_
    repeated = DecisionTreeClassifier(**params, random_state=0).fit(X.repeat(w, axis=0), y.repeat(w)).tree_
    # whole-number class counts are exact in floats, so the trees are equal to the bit
    for a, b in zip(_nodes(weighted), _nodes(repeated), strict=True):
        np.testing.assert_array_equal(a, b)


def test_a_point_of_weight_zero_places_no_threshold():
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = np.array([0, 0, 1, 1])
    t = DecisionTreeClassifier().fit(X, y, sample_weight=[1, 1, 0, 1]).tree_
    assert t.feature[0] == 0 and t.threshold[0] == 2.0       # between 1 and 3, not 1.5
    np.testing.assert_array_equal(t.value[0], [2, 1])
    assert t.n_node_samples[0] == 3


def test_weight_zero_equals_leaving_the_point_out():
    X, y = make_dataset("blobs", n=90, noise=0.4, seed=4, n_classes=3)
    w = np.ones(len(y))
    w[::4] = 0
    kept = w > 0
    a = DecisionTreeClassifier(criterion="entropy").fit(X, y, sample_weight=w).tree_
    b = DecisionTreeClassifier(criterion="entropy").fit(X[kept], y[kept]).tree_
    for u, v in zip(_nodes(a), _nodes(b), strict=True):
        np.testing.assert_array_equal(u, v)


def test_weights_are_optional_and_unit_weights_change_nothing():
    X, y = make_dataset("moons", n=80, noise=0.3, seed=1)
    a = DecisionTreeClassifier().fit(X, y).tree_
    b = DecisionTreeClassifier().fit(X, y, sample_weight=None).tree_
    c = DecisionTreeClassifier().fit(X, y, sample_weight=np.ones(len(y))).tree_
    for u, v, s in zip(_nodes(a), _nodes(b), _nodes(c), strict=True):
        np.testing.assert_array_equal(u, v)
        np.testing.assert_array_equal(u, s)


@pytest.mark.parametrize("bad, words", [([1, 2], "2 values"), ([0, 0, 0], "zero"), ([1, -1, 1], "negative"),
                                        ([1, np.nan, 1], "NaN")])
def test_bad_weights_get_a_clear_message(bad, words):
    X = np.array([[0.0], [1.0], [2.0]])
    y = np.array([0, 1, 1])
    with pytest.raises(ValidationError, match=words):
        DecisionTreeClassifier().fit(X, y, sample_weight=bad)
