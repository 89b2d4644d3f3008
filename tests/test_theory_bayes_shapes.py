"""The Bayes classifier of moons, circles, xor and checkerboard (mlcore/theory/_shapes.py) against
samples of the generator itself, against closed forms, and against a fine kNN on a large sample.

Tolerances: a generator sample of n points has its classes in fixed proportions and exactly
round(p n) flipped labels, so the Bayes classifier's error on it varies by at most the binomial
standard error sqrt(R (1 − R) / n); we allow 4 of them, plus GRID_TOL for the midpoint rule."""

import math

import numpy as np
import pytest

from mlcore.datasets import make_dataset
from mlcore.neighbors import KNeighborsClassifier
from mlcore.theory import BayesClassifier, _shapes

GRID_TOL = 2e-3
N = 5000

RECIPES = [("moons", dict(noise=0.35)), ("moons", dict(noise=0.15, imbalance=0.5)),
           ("moons", dict(noise=0.3, label_noise=0.1)), ("circles", dict(noise=0.3)),
           ("circles", dict(noise=0.2, imbalance=0.4, label_noise=0.05)), ("xor", dict(noise=0.3)),
           ("xor", dict(noise=0.0, label_noise=0.2)), ("checkerboard", dict(noise=0.1)),
           ("moons", dict(noise=0.0)), ("circles", dict(noise=0.0, label_noise=0.1)),
           ("moons", dict(noise=0.3, outliers=0.1))]


@pytest.mark.parametrize(("name", "recipe"), RECIPES)
def test_the_bayes_error_is_the_error_on_a_large_sample(name, recipe):
    bayes = BayesClassifier(name, **recipe)
    r_star = bayes.bayes_error()
    X, y = make_dataset(name, n=N, seed=123, **recipe)
    sample_error = np.mean(bayes.predict(X) != y)
    se = math.sqrt(max(r_star * (1 - r_star), 1 / N) / N)
    assert sample_error == pytest.approx(r_star, abs=4 * se + GRID_TOL)


@pytest.mark.parametrize(("name", "recipe"), RECIPES)
def test_the_masses_add_up_to_one(name, recipe):
    _, mass = BayesClassifier(name, **recipe).quadrature()
    # the outlier frame's edges cut grid cells: up to the frame's share times a cell's width
    assert mass.sum() == pytest.approx(1.0, abs=GRID_TOL + 0.03 * recipe.get("outliers", 0.0))


@pytest.mark.parametrize("name", ["moons", "circles", "xor"])
def test_symmetric_label_noise_keeps_the_bayes_label_and_adds_to_its_error(name):
    # two classes, a fraction p of labels flipped: the posterior becomes (1 − p) η + p (1 − η), whose
    # argmax is η's, and the error R0 (1 − p) + (1 − R0) p = p + (1 − 2p) R0
    clean, noisy = BayesClassifier(name, noise=0.3), BayesClassifier(name, noise=0.3, label_noise=0.2)
    X, _ = make_dataset(name, n=2000, noise=0.3, seed=5)
    np.testing.assert_array_equal(clean.predict(X), noisy.predict(X))
    r0 = clean.bayes_error()
    assert noisy.bayes_error() == pytest.approx(0.2 + 0.6 * r0, abs=GRID_TOL)


def test_without_noise_the_curves_are_told_apart_exactly():
    for name in ("moons", "circles"):
        X, y = make_dataset(name, n=2000, noise=0.0, seed=3)
        bayes = BayesClassifier(name, noise=0.0)
        assert bayes.singular and bayes.bayes_error() == pytest.approx(0.0, abs=1e-12)
        np.testing.assert_array_equal(bayes.predict(X), y)


def test_the_circles_closed_form_is_the_integral_over_the_circle():
    # the Bessel form against the same density summed over the curve's quadrature nodes
    sigma = 0.3 * _shapes.SCALE["circles"]
    X = make_dataset("circles", n=300, noise=0.5, seed=2)[0]
    closed = _shapes.class_log_densities("circles", X, 0.3, lambda z: z)
    for k in (0, 1):
        nodes, weights = _shapes.curve_nodes("circles", k, sigma)
        sq = ((X[:, None, :] - nodes[None]) ** 2).sum(axis=2)
        summed = (weights * np.exp(-sq / (2 * sigma ** 2))).sum(axis=1) / (2 * math.pi * sigma ** 2)
        np.testing.assert_allclose(np.exp(closed[:, k]), summed, rtol=1e-6, atol=1e-12)


@pytest.mark.parametrize(("name", "noise"), [("moons", 0.35), ("circles", 0.3), ("xor", 0.3)])
def test_a_fine_knn_on_a_large_sample_agrees_where_the_bayes_classifier_is_sure(name, noise):
    # 20,000 points, k = 101: where the Bayes posterior of the winner is at least 0.8, kNN's vote
    # share has a standard error of at most 0.05, so it falls below 1/2 (6 of them) only where its
    # neighbourhood (radius about 0.2) reaches across the boundary; we allow 1% of such points.
    X = np.vstack([make_dataset(name, n=5000, noise=noise, seed=s)[0] for s in range(4)])
    y = np.concatenate([make_dataset(name, n=5000, noise=noise, seed=s)[1] for s in range(4)])
    knn = KNeighborsClassifier(n_neighbors=101).fit(X, y)
    bayes = BayesClassifier(name, noise=noise)
    queries = make_dataset(name, n=3000, noise=noise, seed=99)[0]
    sure = bayes.predict_proba(queries).max(axis=1) >= 0.8
    assert sure.sum() > 1000
    agree = np.mean(knn.predict(queries[sure]) == bayes.predict(queries[sure]))
    assert agree >= 0.99
