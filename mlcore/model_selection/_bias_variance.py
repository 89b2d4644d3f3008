"""Bias and variance of a classifier under the 0-1 loss, after Domingos (2000).

A model f_D is fitted on ``n_rounds`` bootstrap samples D of the training set and each
predicts every test point x (true label t). Per test point:

* main prediction   y_m(x) = the mode of f_D(x) over the rounds (ties: the first class
                    in sorted order, as ``np.argmax`` takes it);
* optimal label     y*(x)  = the Bayes prediction when it is known (``y_optimal``),
                    otherwise the test label itself (noise assumed 0);
* noise             N(x) = [t != y*];
* bias              B(x) = [y_m != y*]   (0 or 1, so bias^2 = bias for this loss);
* variance          V(x) = P_D(f_D(x) != y_m);
* loss              L(x) = P_D(f_D(x) != t), its mean over x is the expected loss.

The exact identity (per point, hence for the means) that the tests check is

    L(x) = N(x) * (P_D(f_D = y*) - P_D(f_D = t))          the noise term, 0 when t = y*
           + B(x)                                          bias
           + (1 - B(x)) V(x)                               variance on unbiased points
           - B(x) P_D(f_D = y*)                            variance on biased points

When B(x) = 1 every f_D = y* differs from y_m, so P_D(f_D = y*) = c V(x) with
c = P_D(f_D = y* | f_D != y_m): Domingos' c2 = -c. With two classes c = 1 (the only other
label is y*), so with noise 0 the expected loss is bias + V_u - V_b with
V_u = mean (1 - B) V and V_b = mean B V: variance on biased points *lowers* the loss.
``net_variance`` is V_u - V_b with V_b = mean B P_D(f_D = y*), which equals mean B V for two
classes and is Domingos' c2-weighted biased variance for more.

Training sets: by default n draws with replacement from the n training points (bootstrap
samples of the one training set); a sample that misses a class is drawn again, since a
classifier cannot learn from one class. When the distribution is known, each round can draw a
fresh training set from it instead (``bias_variance_from_samples``; ``mlcore.theory``'s
``generator_bias_variance`` does so for the generators): that is the textbook E_D over training
sets, where bootstrap samples of one set share its noise, which then shows as bias.

Standard errors (``BiasVariance.standard_errors``): every term is a mean over test points of a
per-point value computed from the rounds, so it varies with both, and its variance is about the
sum of two parts: the test points' (the per-point values' variance / n_test, with the rounds
fixed) and the rounds' (the term's variance over ``SE_REPLICAS`` bootstrap replicas of the rounds,
with the points fixed). As for any crossed design, the sum counts the rounds-by-points
interaction twice, so it errs on the large side.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ..base import ValidationError, check_array, check_random_state, clone

_REDRAWS = 100  # bootstrap samples drawn before giving up on one that holds every class
SE_REPLICAS = 200
TERMS = ("expected_loss", "noise", "noise_term", "bias", "variance", "variance_unbiased", "variance_biased",
         "net_variance")


@dataclass(frozen=True)
class BiasVariance:
    """The decomposition's means over the test points, their standard errors, and the per-round predictions."""

    expected_loss: float
    bias: float
    variance: float
    variance_unbiased: float
    variance_biased: float
    net_variance: float
    noise: float
    noise_term: float
    main_prediction: np.ndarray
    predictions: np.ndarray          # (n_rounds, n_test)
    estimators: list = field(default_factory=list)
    standard_errors: dict = field(default_factory=dict)   # term name (TERMS) -> standard error


def bias_variance_decomposition(estimator, X_train, y_train, X_test, y_test, *, n_rounds: int = 50,
                                random_state=None, y_optimal=None, callback=None,
                                return_estimators: bool = False) -> BiasVariance:
    """Domingos' 0-1 loss decomposition of ``estimator`` over ``n_rounds`` bootstrap samples.

    See the module docstring for the definitions and the identity
    ``expected_loss = noise_term + bias + net_variance``. ``y_optimal``: the Bayes-optimal
    label of each test point when it is known; without it the noise is taken as 0.
    ``callback(done, total, what)`` after each round.
    """
    X_train = check_array(X_train, name="X_train")
    y_train = np.asarray(y_train)
    if y_train.shape != (len(X_train),):
        raise ValidationError("y_train and y_test need one label per point of X_train and X_test")
    classes = np.unique(y_train)
    if len(classes) < 2:
        raise ValidationError("the training set has a single class: bias and variance need a classifier, "
                              "which needs at least two classes")
    rng = check_random_state(random_state)

    def bootstrap(r):
        sample = _bootstrap(rng, y_train, classes)
        return X_train[sample], y_train[sample]

    return _rounds(estimator, bootstrap, X_test, y_test, n_rounds, rng, y_optimal, callback, return_estimators,
                   "bootstrap sample", X_train.shape[1])


def bias_variance_from_samples(estimator, draw: Callable, X_test, y_test, *, n_rounds: int = 50,
                               random_state=None, y_optimal=None, callback=None,
                               return_estimators: bool = False) -> BiasVariance:
    """The same decomposition with round r fitted on ``draw(r)``, a training set (X, y) drawn
    afresh from the distribution (the test points must come from it too, independently).
    ``random_state`` seeds only the standard errors' replicas."""
    return _rounds(estimator, draw, X_test, y_test, n_rounds, check_random_state(random_state), y_optimal,
                   callback, return_estimators, "training set", None)


def _rounds(estimator, draw, X_test, y_test, n_rounds, rng, y_optimal, callback, return_estimators, what,
            n_features) -> BiasVariance:
    X_test = check_array(X_test, name="X_test", n_features=n_features)
    y_test = np.asarray(y_test)
    if y_test.shape != (len(X_test),):
        raise ValidationError("y_train and y_test need one label per point of X_train and X_test")
    if isinstance(n_rounds, bool) or not isinstance(n_rounds, (int, np.integer)) or n_rounds < 1:
        raise ValidationError(f"n_rounds={n_rounds!r} must be a whole number of at least 1")
    target = y_test if y_optimal is None else np.asarray(y_optimal)
    if target.shape != y_test.shape:
        raise ValidationError("y_optimal needs one label per test point")
    predictions, estimators = [], []
    for r in range(n_rounds):
        X, y = draw(r)
        if len(np.unique(y)) < 2:
            raise ValidationError(f"{what} {r + 1} has a single class: a classifier needs two")
        model = clone(estimator).fit(X, y)
        predictions.append(np.asarray(model.predict(X_test)))
        if return_estimators:
            estimators.append(model)
        if callback is not None:
            callback(r + 1, n_rounds, f"{what} {r + 1} of {n_rounds}")
    return _decompose(np.array(predictions), y_test, target, estimators, rng)


def _bootstrap(rng: np.random.Generator, y: np.ndarray, classes: np.ndarray) -> np.ndarray:
    n = len(y)
    for _ in range(_REDRAWS):
        sample = rng.integers(0, n, size=n)
        if len(np.unique(y[sample])) == len(classes):
            return sample
    raise ValidationError(f"{_REDRAWS} bootstrap samples in a row missed a class: "
                          "add points to the smallest class")


def _per_point(votes: np.ndarray, t: np.ndarray, best: np.ndarray) -> dict:
    """Each term at each test point from votes[k, i] (rounds that predicted label k at point i)."""
    rounds = votes[:, 0].sum()
    columns = np.arange(votes.shape[1])
    main = np.argmax(votes, axis=0)
    p_main, p_best, p_label = (votes[main, columns] / rounds, votes[best, columns] / rounds,
                               votes[t, columns] / rounds)
    noise = (t != best).astype(np.float64)
    bias = (main != best).astype(np.float64)
    variance = 1.0 - p_main
    unbiased, biased = (1.0 - bias) * variance, bias * p_best
    return {"expected_loss": 1.0 - p_label, "noise": noise, "noise_term": noise * (p_best - p_label),
            "bias": bias, "variance": variance, "variance_unbiased": unbiased, "variance_biased": biased,
            "net_variance": unbiased - biased, "main": main}


def _decompose(predictions: np.ndarray, y_test: np.ndarray, y_star: np.ndarray, estimators,
               rng: np.random.Generator) -> BiasVariance:
    """The terms from the (n_rounds, n_test) predictions; every mean is over the test points."""
    labels, codes = np.unique(np.concatenate([predictions.ravel(), y_test, y_star]), return_inverse=True)
    rounds, n_test = predictions.shape
    pred = codes[:predictions.size].reshape(rounds, n_test)
    t = codes[predictions.size:predictions.size + n_test]
    best = codes[predictions.size + n_test:]
    # one_hot[r, k, i]: round r predicted label k at point i; votes are its sum over rounds.
    one_hot = (pred[:, None, :] == np.arange(len(labels))[None, :, None]).astype(np.int32)
    points = _per_point(one_hot.sum(axis=0), t, best)
    means = {name: float(points[name].mean()) for name in TERMS}
    return BiasVariance(**means, main_prediction=labels[points["main"]], predictions=predictions,
                        estimators=estimators, standard_errors=_standard_errors(one_hot, t, best, rng))


def _standard_errors(one_hot: np.ndarray, t: np.ndarray, best: np.ndarray, rng: np.random.Generator) -> dict:
    """Each term's standard error: the variance from the test points (the per-point values' variance
    over n_test) plus the variance from the rounds (over SE_REPLICAS bootstrap replicas of the rounds)."""
    rounds, _, n_test = one_hot.shape
    if rounds < 2 or n_test < 2:
        return {name: float("nan") for name in TERMS}
    points = _per_point(one_hot.sum(axis=0), t, best)
    from_points = np.array([points[name].var(ddof=1) / n_test for name in TERMS])
    replicas = np.empty((SE_REPLICAS, len(TERMS)))
    for b in range(SE_REPLICAS):
        resampled = _per_point(one_hot[rng.integers(0, rounds, rounds)].sum(axis=0), t, best)
        replicas[b] = [resampled[name].mean() for name in TERMS]
    from_rounds = replicas.var(axis=0, ddof=1)
    return dict(zip(TERMS, np.sqrt(from_points + from_rounds).tolist(), strict=True))


def paired_loss_se(predictions_a, predictions_b, y_test) -> float:
    """The standard error of the difference between two expected losses measured on the same rounds'
    training sets and the same test points ((n_rounds, n_test) predictions of each model).

    The difference is the mean of d(r, x) = [f_a,r(x) ≠ t] − [f_b,r(x) ≠ t] over rounds r and
    points x, a crossed design: its variance is about var_r(d̄(r, ·)) / R + var_x(d̄(·, x)) / n.
    Shared rounds and points cancel from d, so this is much smaller than the two losses' own
    standard errors combined as if independent."""
    y = np.asarray(y_test)
    d = (np.asarray(predictions_a) != y).astype(np.float64) - (np.asarray(predictions_b) != y)
    rounds, n_test = d.shape
    if rounds < 2 or n_test < 2:
        return float("nan")
    return float(np.sqrt(d.mean(axis=1).var(ddof=1) / rounds + d.mean(axis=0).var(ddof=1) / n_test))
