"""Impurity functions against the table in shared/worked_examples.md (16 examples, 2 classes)."""

import math

import numpy as np
import pytest

from mlcore.tree import (
    entropy,
    gain_ratio,
    gini,
    impurity,
    impurity_decrease,
    max_impurity,
    misclassification,
    split_entropy,
)


@pytest.mark.parametrize("counts,mis,gin,ent", [
    ((16, 0), 0.0, 0.0, 0.0),
    ((15, 1), 0.0625, 0.117, 0.337),
    ((8, 8), 0.5, 0.5, 1.0),
])
def test_the_sixteen_example_table(counts, mis, gin, ent):
    assert misclassification(counts) == pytest.approx(mis, abs=5e-4)
    assert gini(counts) == pytest.approx(gin, abs=5e-4)
    assert entropy(counts) == pytest.approx(ent, abs=5e-4)


@pytest.mark.parametrize("K", [2, 3, 4, 6])
def test_upper_bounds_with_K_classes_are_reached_by_the_uniform_node(K):
    uniform = np.ones(K)
    assert misclassification(uniform) == pytest.approx(1 - 1 / K)
    assert gini(uniform) == pytest.approx(1 - 1 / K)
    assert entropy(uniform) == pytest.approx(math.log2(K))
    for c in ("gini", "entropy", "misclassification"):
        assert max_impurity(c, K) == pytest.approx(float(impurity(uniform, c)))
        rng = np.random.default_rng(K)
        # K proportions and their K terms, each rounded a few times: within 4 K eps of the bound
        assert np.all(impurity(rng.random((200, K)), c) <= max_impurity(c, K) + 4 * K * np.finfo(np.float64).eps)


def test_tennis_root_entropy_and_wind_gain():
    # 9 yes / 5 no; wind weak [6+, 2-], strong [3+, 3-]
    assert entropy((9, 5)) == pytest.approx(0.940, abs=5e-4)
    assert entropy((6, 2)) == pytest.approx(0.811, abs=5e-4)
    assert entropy((3, 3)) == pytest.approx(1.000, abs=5e-4)
    assert impurity_decrease((9, 5), [(6, 2), (3, 3)], "entropy") == pytest.approx(0.048, abs=5e-4)


def test_vectorised_rows_and_empty_nodes():
    rows = np.array([[16, 0], [15, 1], [8, 8], [0, 0]], float)
    np.testing.assert_allclose(gini(rows), [0, 1 - (15 / 16) ** 2 - (1 / 16) ** 2, 0.5, 0])
    assert entropy([0, 0]) == 0.0 and misclassification([0, 0]) == 0.0
    # Weighted counts give the same impurity as the proportions.
    assert gini([0.3, 0.1]) == pytest.approx(gini([3, 1]))


def test_gain_ratio_penalises_many_valued_splits():
    # A day id splits 14 days into 14 pure singletons: maximal gain 0.940, split info log2 14.
    singletons = np.eye(2)[[0] * 9 + [1] * 5]
    assert impurity_decrease((9, 5), singletons, "entropy") == pytest.approx(0.940, abs=5e-4)
    assert split_entropy(np.ones(14)) == pytest.approx(math.log2(14))
    assert gain_ratio((9, 5), singletons) == pytest.approx(0.940 / math.log2(14), abs=5e-4)
    assert gain_ratio((9, 5), [(9, 5)]) == 0.0
