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

Bootstrap samples: n draws with replacement from the n training points; a sample that
misses a class is drawn again, since a classifier cannot learn from one class.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..base import ValidationError, check_array, check_random_state, clone

_REDRAWS = 100  # bootstrap samples drawn before giving up on one that holds every class


@dataclass(frozen=True)
class BiasVariance:
    """The decomposition's means over the test points, and the per-round predictions."""

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


def bias_variance_decomposition(estimator, X_train, y_train, X_test, y_test, *, n_rounds: int = 50,
                                random_state=None, y_optimal=None, callback=None,
                                return_estimators: bool = False) -> BiasVariance:
    """Domingos' 0-1 loss decomposition of ``estimator`` over ``n_rounds`` bootstrap samples.

    See the module docstring for the definitions and the identity
    ``expected_loss = noise_term + bias + net_variance``. ``y_optimal``: the Bayes-optimal
    label of each test point when it is known (data generated without label noise); without
    it the noise is taken as 0. ``callback(done, total, what)`` after each round.
    """
    X_train = check_array(X_train, name="X_train")
    X_test = check_array(X_test, name="X_test", n_features=X_train.shape[1])
    y_train, y_test = np.asarray(y_train), np.asarray(y_test)
    if y_train.shape != (len(X_train),) or y_test.shape != (len(X_test),):
        raise ValidationError("y_train and y_test need one label per point of X_train and X_test")
    if isinstance(n_rounds, bool) or not isinstance(n_rounds, (int, np.integer)) or n_rounds < 1:
        raise ValidationError(f"n_rounds={n_rounds!r} must be a whole number of at least 1")
    classes = np.unique(y_train)
    if len(classes) < 2:
        raise ValidationError("the training set has a single class: bias and variance need a classifier, "
                              "which needs at least two classes")
    target = y_test if y_optimal is None else np.asarray(y_optimal)
    if target.shape != y_test.shape:
        raise ValidationError("y_optimal needs one label per test point")
    rng = check_random_state(random_state)
    predictions, estimators = [], []
    for r in range(n_rounds):
        sample = _bootstrap(rng, y_train, classes)
        model = clone(estimator).fit(X_train[sample], y_train[sample])
        predictions.append(np.asarray(model.predict(X_test)))
        if return_estimators:
            estimators.append(model)
        if callback is not None:
            callback(r + 1, n_rounds, f"bootstrap sample {r + 1} of {n_rounds}")
    predictions = np.array(predictions)
    return _decompose(predictions, y_test, target, estimators)


def _bootstrap(rng: np.random.Generator, y: np.ndarray, classes: np.ndarray) -> np.ndarray:
    n = len(y)
    for _ in range(_REDRAWS):
        sample = rng.integers(0, n, size=n)
        if len(np.unique(y[sample])) == len(classes):
            return sample
    raise ValidationError(f"{_REDRAWS} bootstrap samples in a row missed a class: "
                          "add points to the smallest class")


def _decompose(predictions: np.ndarray, y_test: np.ndarray, y_star: np.ndarray, estimators) -> BiasVariance:
    """The terms from the (n_rounds, n_test) predictions; every mean is over the test points."""
    labels, codes = np.unique(np.concatenate([predictions.ravel(), y_test, y_star]), return_inverse=True)
    rounds, n_test = predictions.shape
    pred = codes[:predictions.size].reshape(rounds, n_test)
    t = codes[predictions.size:predictions.size + n_test]
    best = codes[predictions.size + n_test:]
    # votes[k, i]: how many rounds predicted label k at test point i.
    votes = np.zeros((len(labels), n_test), dtype=np.int64)
    np.add.at(votes, (pred, np.broadcast_to(np.arange(n_test), pred.shape)), 1)
    main = np.argmax(votes, axis=0)
    columns = np.arange(n_test)
    p_main = votes[main, columns] / rounds
    p_best = votes[best, columns] / rounds
    p_label = votes[t, columns] / rounds
    noise = (t != best).astype(np.float64)
    bias = (main != best).astype(np.float64)
    variance = 1.0 - p_main
    loss = 1.0 - p_label
    unbiased = (1.0 - bias) * variance
    biased = bias * p_best
    return BiasVariance(
        expected_loss=float(loss.mean()), bias=float(bias.mean()), variance=float(variance.mean()),
        variance_unbiased=float(unbiased.mean()), variance_biased=float(biased.mean()),
        net_variance=float(unbiased.mean() - biased.mean()), noise=float(noise.mean()),
        noise_term=float((noise * (p_best - p_label)).mean()), main_prediction=labels[main],
        predictions=predictions, estimators=estimators)
