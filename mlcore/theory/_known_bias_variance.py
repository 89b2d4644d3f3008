"""Bias and variance against the Bayes-optimal label, for data from a generator whose density is known.

Domingos' decomposition (``mlcore.model_selection``) needs the optimal label y*(x) to separate
the noise from the bias. For a recipe of ``mlcore.datasets.make_dataset`` in ``KNOWN_DENSITIES``
it is the Bayes classifier's prediction, and the expectation over training sets can be taken
as the textbook takes it: every round fits a fresh training set of the same size drawn from the
generator, and the terms are averaged over fresh test points drawn from it too, independently.
So

    expected loss = noise term + bias + net variance

with noise N(x) = [t ≠ y*(x)] (its mean estimates the Bayes error R*), bias B(x) = [y_m(x) ≠ y*(x)]
and the variance of the models around their main prediction y_m, each with its standard error.
"""

from __future__ import annotations

import numpy as np

from ..base import ValidationError
from ..datasets import make_dataset
from ..model_selection import BiasVariance, bias_variance_from_samples
from ._bayes import BayesClassifier

__all__ = ["generator_bias_variance", "generator_samples", "TEST_STREAM", "TRAIN_STREAM"]

# Seeds of the fresh samples: SeedSequence((seed, stream)), so they share no stream with the
# recipe's own sample (SeedSequence(seed)) nor with each other.
TEST_STREAM, TRAIN_STREAM = 1, 2


def _seeds(seed: int, stream: int, count: int) -> np.ndarray:
    return np.random.SeedSequence((seed, stream)).generate_state(count)


def generator_samples(bayes: BayesClassifier, n_train: int, n_test: int = 1000, n_rounds: int = 50) -> dict:
    """What ``generator_bias_variance`` fits and scores, drawn once (a curve reuses them for every
    value, so its values differ only by the model): ``X_test``, ``y_test``, ``y_optimal`` (the
    Bayes label of each test point) and ``training_sets``, a list of ``n_rounds`` (X, y).
    Everything is seeded by ``bayes.seed``."""
    if not 4 <= n_test <= 5000:
        raise ValidationError(f"n_test={n_test} must be between 4 and 5000 (one draw of the generator)")
    recipe = dict(noise=bayes.noise, n_classes=bayes.n_classes, imbalance=bayes.imbalance,
                  label_noise=bayes.label_noise, outliers=bayes.outliers, margin=bayes.margin)
    X_test, y_test = make_dataset(bayes.name, n=n_test, seed=int(_seeds(bayes.seed, TEST_STREAM, 1)[0]), **recipe)
    sets = [make_dataset(bayes.name, n=n_train, seed=int(seed), **recipe)
            for seed in _seeds(bayes.seed, TRAIN_STREAM, n_rounds)]
    return {"X_test": X_test, "y_test": y_test, "y_optimal": bayes.predict(X_test), "training_sets": sets}


def generator_bias_variance(estimator, bayes: BayesClassifier, n_train: int, *, n_test: int = 1000,
                            n_rounds: int = 50, callback=None, return_estimators: bool = False,
                            samples: dict | None = None) -> BiasVariance:
    """The decomposition of ``estimator`` on ``bayes``'s generator: ``n_rounds`` fresh training sets
    of ``n_train`` points, ``n_test`` fresh test points (at most 5000, one draw), y* = bayes.predict;
    ``samples``: those of ``generator_samples`` with the same arguments, if already drawn."""
    samples = samples or generator_samples(bayes, n_train, n_test, n_rounds)
    sets = samples["training_sets"]
    return bias_variance_from_samples(estimator, lambda r: sets[r], samples["X_test"], samples["y_test"],
                                      n_rounds=len(sets), random_state=bayes.seed, y_optimal=samples["y_optimal"],
                                      callback=callback, return_estimators=return_estimators)
