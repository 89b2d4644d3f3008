"""The Bayes classifier of the blobs and linear generators: errors against closed forms."""

import math

import numpy as np
import pytest

from mlcore import ValidationError
from mlcore.datasets import make_dataset
from mlcore.linear_model import LogisticRegression
from mlcore.neighbors import KNeighborsClassifier
from mlcore.theory import BayesClassifier, excess_error
from mlcore.theory._bayes import linear_direction

# The midpoint rule at 400 x 400 on smooth densities is far more accurate than this; the kink of
# max_j along the boundary costs O(step²) (step ≈ 0.05).
GRID_TOL = 2e-3


def _normal_cdf(z):
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))


@pytest.mark.parametrize("noise", [0.2, 0.5, 1.0])
def test_two_blobs_bayes_error_is_the_normal_tail(noise):
    # centres 3.6 apart, equal priors, equal round covariance s² I: R* = Φ(−1.8 / s)
    s = math.sqrt(0.2 ** 2 + noise ** 2)
    bayes = BayesClassifier("blobs", noise=noise)
    assert bayes.bayes_error() == pytest.approx(_normal_cdf(-1.8 / s), abs=GRID_TOL)


def test_label_noise_adds_its_rate_to_separated_blobs():
    # s = 0.2: R* = Φ(−9) ≈ 0 before flips; flipping 10% of the labels makes R* = 0.1
    assert BayesClassifier("blobs", noise=0.0, label_noise=0.1).bayes_error() == pytest.approx(0.1, abs=GRID_TOL)


def test_densities_integrate_to_one():
    for bayes in (BayesClassifier("linear", noise=0.3, margin=0.6, seed=4),
                  BayesClassifier("blobs", noise=0.4, n_classes=4, imbalance=0.5, outliers=0.1)):
        points, cell = bayes.integration_grid()
        assert bayes.joint(points).sum() * cell == pytest.approx(1.0, abs=GRID_TOL)


def test_linear_direction_matches_the_generator():
    for seed in (0, 1, 17):
        X, y = make_dataset("linear", n=300, noise=0.0, seed=seed, margin=0.8)
        side = X @ linear_direction(seed)
        assert (side[y == 1] >= 0.4 - 1e-12).all() and (side[y == 0] <= -0.4 + 1e-12).all()
        bayes = BayesClassifier("linear", noise=0.0, margin=0.8, seed=seed)
        assert (bayes.predict(X) == y).all()


def test_posterior_is_finite_far_away():
    bayes = BayesClassifier("blobs", noise=0.0, n_classes=3)
    far = np.array([[40.0, 40.0], [-1e3, 0.0], [0.0, 0.0]])
    proba = bayes.predict_proba(far)
    assert np.isfinite(proba).all() and np.allclose(proba.sum(axis=1), 1.0)
    empty = BayesClassifier("linear", noise=0.0).predict_proba(np.array([[9.0, 9.0]]))
    assert np.isfinite(empty).all()


def test_unknown_density_is_explained():
    with pytest.raises(ValidationError, match="not known"):
        BayesClassifier("spirals")


def test_excess_error_split():
    bayes = BayesClassifier("blobs", noise=0.8, seed=2)
    X, y = make_dataset("blobs", n=40, noise=0.8, seed=2)
    # equal covariances: the Bayes boundary is a line, so logistic regression's class holds it
    linear = excess_error(LogisticRegression(), bayes, X, y)
    assert linear["approximation"] == pytest.approx(0.0, abs=5e-3)
    assert linear["risk"] >= linear["bayes"] - GRID_TOL
    one_nn = excess_error(KNeighborsClassifier(n_neighbors=1), bayes, X, y)
    # Cover and Hart: with many points 1-NN's error tends to at most 2R*(1 − R*), above R* here
    r_star = one_nn["bayes"]
    assert 0.002 < one_nn["approximation"] <= r_star * (1 - 2 * r_star) + GRID_TOL
    total = one_nn["estimation"] + one_nn["approximation"]
    assert total == pytest.approx(one_nn["risk"] - one_nn["bayes"], abs=1e-12)


def test_a_label_the_density_does_not_have_is_always_wrong():
    class Always:
        def __init__(self, label):
            self.label = label

        def predict(self, X):
            return np.full(len(X), self.label)

    bayes = BayesClassifier("blobs", noise=0.3)
    assert bayes.true_error(Always(5)) == pytest.approx(1.0, abs=1e-9)
    assert bayes.true_error(Always(0)) == pytest.approx(0.5, abs=GRID_TOL)  # equal priors
