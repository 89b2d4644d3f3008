"""Empirical Rademacher complexity by random labels: ½ for a learner that fits anything, ≈ 0 for a constant."""

import numpy as np
import pytest

from mlcore import ValidationError
from mlcore.base import BaseEstimator, ClassifierMixin
from mlcore.datasets import make_dataset
from mlcore.linear_model import LogisticRegression
from mlcore.neighbors import KNeighborsClassifier
from mlcore.theory import empirical_rademacher


class MajorityClassifier(ClassifierMixin, BaseEstimator):
    """Predicts the most frequent training label everywhere: a class of constants."""

    def __init__(self):
        pass

    def fit(self, X, y):
        self.classes_, counts = np.unique(y, return_counts=True)
        self.majority_ = self.classes_[np.argmax(counts)]
        return self

    def predict(self, X):
        return np.full(len(X), self.majority_)


def _points(m=200, seed=3):
    return make_dataset("moons", n=m, noise=0.3, seed=seed)[0]


def test_one_nearest_neighbour_fits_any_labels():
    X = _points()
    assert len(np.unique(X, axis=0)) == len(X)  # distinct points: each is its own nearest neighbour
    est = empirical_rademacher(KNeighborsClassifier(n_neighbors=1), X, n_draws=10, random_state=0)
    assert est.value == 0.5 and est.std == 0.0  # exact: every training error is 0/m


def test_a_constant_classifier_has_complexity_near_zero():
    # ½ − E[min(#+, #−)/m] = E|mean σ|/2 ≈ √(2/(πm))/2 = 0.028 at m = 200
    est = empirical_rademacher(MajorityClassifier(), _points(), n_draws=50, random_state=1)
    assert 0.0 <= est.value < 0.06


def test_capacity_orders_the_estimates():
    X = _points()
    flexible = empirical_rademacher(KNeighborsClassifier(n_neighbors=3), X, n_draws=10, random_state=0).value
    rigid = empirical_rademacher(LogisticRegression(), X, n_draws=10, random_state=0).value
    assert flexible > rigid + 0.1


def test_progress_draws_and_determinism():
    calls = []
    X = _points(40)
    a = empirical_rademacher(LogisticRegression(), X, n_draws=5, random_state=7,
                             progress=lambda done, total: calls.append((done, total)), keep_models=True)
    b = empirical_rademacher(LogisticRegression(), X, n_draws=5, random_state=7)
    assert calls == [(t, 5) for t in range(1, 6)]
    assert a.signs.shape == (5, 40) and set(np.unique(a.signs)) <= {-1, 1}
    assert np.array_equal(a.signs, b.signs) and a.value == b.value
    assert len(a.models) == 5 and a.stderr == pytest.approx(a.std / np.sqrt(5), rel=1e-12)


def test_two_points_with_equal_coins_need_no_fit():
    # with 2 points, half of the draws give one class: counted as error 0 (a constant fits them)
    est = empirical_rademacher(LogisticRegression(), np.array([[0.0, 0.0], [1.0, 1.0]]), n_draws=20,
                               random_state=0)
    assert np.isfinite(est.value) and 0.0 <= est.value <= 0.5


@pytest.mark.parametrize("X, draws", [(np.zeros((1, 2)), 5), (np.array([[0.0, np.inf], [1, 1]]), 5),
                                      (np.zeros((5, 2)), 0)])
def test_bad_input_is_explained(X, draws):
    with pytest.raises(ValidationError):
        empirical_rademacher(LogisticRegression(), X, n_draws=draws)
