"""Domingos' 0-1 bias-variance decomposition: the terms add up to the expected loss.

Every quantity here is a mean of counts over rounds (multiples of 1 / n_rounds), so two ways of
summing them differ only by the rounding of a few dozen additions: tolerance 1e-12.
"""

import numpy as np
import pytest

from mlcore import ClassifierMixin, ValidationError
from mlcore.base import BaseEstimator
from mlcore.datasets import make_dataset
from mlcore.model_selection import bias_variance_decomposition
from mlcore.neighbors import KNeighborsClassifier
from mlcore.tree import DecisionTreeClassifier

ATOL = 1e-12


class SignOfFirstFeature(ClassifierMixin, BaseEstimator):
    """Ignores its training set: class 1 where x1 > 0. Its variance over samples is 0."""

    def __init__(self):
        pass

    def fit(self, X, y):
        self.classes_ = np.unique(y)
        return self

    def predict(self, X):
        return self.classes_[(np.asarray(X)[:, 0] > 0).astype(int)]


def split(name, n=240, classes=2, seed=0, noise=0.3):
    X, y = make_dataset(name, n=n, noise=noise, seed=seed, n_classes=classes)
    return X[: n // 2], y[: n // 2], X[n // 2:], y[n // 2:]


def by_hand(predictions, y):
    """The decomposition written directly from the definitions, one test point at a time."""
    loss, bias, v_unbiased, v_biased = [], [], [], []
    for column, label in zip(predictions.T, y, strict=True):
        values, counts = np.unique(column, return_counts=True)
        main = values[np.argmax(counts)]
        variance = np.mean(column != main)
        b = float(main != label)
        loss.append(np.mean(column != label))
        bias.append(b)
        v_unbiased.append((1 - b) * variance)
        v_biased.append(b * variance)
    return np.mean(loss), np.mean(bias), np.mean(v_unbiased), np.mean(v_biased)


@pytest.mark.parametrize("model", [KNeighborsClassifier(n_neighbors=1), KNeighborsClassifier(n_neighbors=15),
                                   DecisionTreeClassifier(), DecisionTreeClassifier(max_depth=2)])
def test_two_classes_loss_is_bias_plus_unbiased_minus_biased_variance(model):
    result = bias_variance_decomposition(model, *split("moons"), n_rounds=25, random_state=0)
    loss, bias, v_unbiased, v_biased = by_hand(result.predictions, split("moons")[3])
    assert result.expected_loss == pytest.approx(loss, abs=ATOL)
    assert result.bias == pytest.approx(bias, abs=ATOL)
    assert result.variance_unbiased == pytest.approx(v_unbiased, abs=ATOL)
    assert result.variance_biased == pytest.approx(v_biased, abs=ATOL)  # two classes: P(f = y) = V on biased points
    assert result.noise == 0.0
    # Domingos (2000), two classes, noise 0: E[L] = B + V_u - V_b
    assert result.expected_loss == pytest.approx(bias + v_unbiased - v_biased, abs=ATOL)


def test_three_classes_identity_with_domingos_weighted_biased_variance():
    X_train, y_train, X_test, y_test = split("blobs", classes=3, noise=1.0)
    result = bias_variance_decomposition(DecisionTreeClassifier(), X_train, y_train, X_test, y_test,
                                         n_rounds=30, random_state=1)
    assert result.variance_biased > 0, "the case is only a test if some biased points vary"
    assert result.expected_loss == pytest.approx(result.bias + result.net_variance, abs=ATOL)
    # With 3 classes the plain B * V over-counts: a biased point's other wrong label is no help.
    _, _, _, plain_biased = by_hand(result.predictions, y_test)
    assert result.variance_biased <= plain_biased + ATOL


def test_known_noise_enters_the_identity():
    X_train, y_train, X_test, y_test = split("moons", seed=4)
    # Pretend the Bayes-optimal labels differ from the observed ones on every fifth test point.
    optimal = y_test.copy()
    optimal[::5] = 1 - optimal[::5]
    result = bias_variance_decomposition(KNeighborsClassifier(n_neighbors=3), X_train, y_train, X_test, y_test,
                                         n_rounds=20, random_state=0, y_optimal=optimal)
    assert result.noise == pytest.approx(np.mean(optimal != y_test), abs=ATOL)
    assert result.noise_term != 0
    loss = np.mean(result.predictions != y_test)
    assert result.expected_loss == pytest.approx(loss, abs=ATOL)
    assert result.expected_loss == pytest.approx(result.noise_term + result.bias + result.net_variance, abs=ATOL)


def test_a_model_that_ignores_its_sample_has_no_variance():
    X_train, y_train, X_test, y_test = split("moons", seed=2)
    result = bias_variance_decomposition(SignOfFirstFeature(), X_train, y_train, X_test, y_test, n_rounds=10,
                                         random_state=0)
    errors = np.mean(SignOfFirstFeature().fit(X_train, y_train).predict(X_test) != y_test)
    assert result.variance == 0.0 and result.net_variance == 0.0
    assert result.bias == pytest.approx(errors, abs=ATOL) and result.expected_loss == pytest.approx(errors, abs=ATOL)


def test_one_nearest_neighbour_varies_more_than_a_smooth_vote():
    data = split("moons", noise=0.4)
    wiggly = bias_variance_decomposition(KNeighborsClassifier(n_neighbors=1), *data, n_rounds=30, random_state=0)
    smooth = bias_variance_decomposition(KNeighborsClassifier(n_neighbors=25), *data, n_rounds=30, random_state=0)
    assert wiggly.variance > smooth.variance


def test_seed_callback_and_estimators():
    data = split("moons")
    calls = []
    first = bias_variance_decomposition(DecisionTreeClassifier(), *data, n_rounds=6, random_state=5,
                                        callback=lambda d, t, w: calls.append((d, t)), return_estimators=True)
    second = bias_variance_decomposition(DecisionTreeClassifier(), *data, n_rounds=6, random_state=5)
    np.testing.assert_array_equal(first.predictions, second.predictions)
    assert calls == [(i, 6) for i in range(1, 7)]
    assert len(first.estimators) == 6
    np.testing.assert_array_equal(first.estimators[2].predict(data[2]), first.predictions[2])


def test_bad_input_is_explained():
    X_train, y_train, X_test, y_test = split("moons")
    with pytest.raises(ValidationError, match="single class"):
        bias_variance_decomposition(KNeighborsClassifier(n_neighbors=1), X_train, np.zeros(len(y_train)),
                                    X_test, y_test)
    with pytest.raises(ValidationError, match="n_rounds"):
        bias_variance_decomposition(KNeighborsClassifier(n_neighbors=1), X_train, y_train, X_test, y_test, n_rounds=0)


# --- a known distribution: fresh training sets, the Bayes label, standard errors ---------------------

from mlcore.model_selection import bias_variance_from_samples  # noqa: E402
from mlcore.theory import BayesClassifier, generator_bias_variance, generator_samples  # noqa: E402


def test_against_the_bayes_label_the_noise_is_a_term_of_its_own():
    bayes = BayesClassifier("moons", noise=0.35)
    result = generator_bias_variance(KNeighborsClassifier(n_neighbors=5), bayes, 100, n_test=800, n_rounds=15)
    samples = generator_samples(bayes, 100, 800, 15)
    np.testing.assert_array_equal(result.predictions[3], KNeighborsClassifier(n_neighbors=5).fit(
        *samples["training_sets"][3]).predict(samples["X_test"]))
    assert result.noise == pytest.approx(np.mean(samples["y_optimal"] != samples["y_test"]), abs=ATOL)
    assert result.noise > 0.05   # noisy moons: about 11% of labels are not the Bayes label
    assert result.expected_loss == pytest.approx(np.mean(result.predictions != samples["y_test"]), abs=ATOL)
    assert result.expected_loss == pytest.approx(result.noise_term + result.bias + result.net_variance, abs=ATOL)


def test_fresh_samples_are_independent_of_the_recipe_sample_and_of_each_other():
    bayes = BayesClassifier("moons", noise=0.35, seed=0)
    samples = generator_samples(bayes, 140, 500, 3)
    own = make_dataset("moons", n=140, noise=0.35, seed=0)[0]
    firsts = [own[0], samples["X_test"][0], *(X[0] for X, _ in samples["training_sets"])]
    assert len({tuple(p) for p in firsts}) == len(firsts)


def test_the_standard_errors_match_the_spread_over_repeated_draws():
    # Twenty independent repetitions (another seed: other training sets and test points). The standard
    # error should be near the repetitions' standard deviation, which twenty of them know to within
    # about a third (chi-square with 19 degrees of freedom: 95% of it within 0.69 to 1.31 of the
    # truth); the estimate errs on the large side (see the module), so up to twice is allowed.
    runs = [generator_bias_variance(KNeighborsClassifier(n_neighbors=5), BayesClassifier("moons", noise=0.35, seed=s),
                                    140, n_test=600, n_rounds=30) for s in range(20)]
    for term in ("expected_loss", "bias", "variance", "net_variance", "noise_term"):
        spread = np.std([getattr(r, term) for r in runs], ddof=1)
        se = np.mean([r.standard_errors[term] for r in runs])
        assert 0.65 * spread <= se <= 2.0 * spread, term


def test_a_drawn_training_set_with_one_class_is_refused():
    X, y = make_dataset("moons", n=40, seed=0)
    with pytest.raises(ValidationError, match="single class"):
        bias_variance_from_samples(KNeighborsClassifier(n_neighbors=1), lambda r: (X, np.zeros_like(y)), X, y,
                                   n_rounds=2)


def test_the_paired_standard_error_matches_the_spread_of_differences():
    # k = 5 against k = 15 on the same training sets and test points, twenty times over (see the
    # standard errors' test for the bounds); the same predictions differ by exactly 0.
    from mlcore.model_selection import paired_loss_se

    differences, ses = [], []
    for s in range(20):
        bayes = BayesClassifier("moons", noise=0.35, seed=s)
        samples = generator_samples(bayes, 140, 600, 30)
        a, b = (generator_bias_variance(KNeighborsClassifier(n_neighbors=k), bayes, 140, n_test=600, n_rounds=30,
                                        samples=samples) for k in (5, 15))
        differences.append(a.expected_loss - b.expected_loss)
        ses.append(paired_loss_se(a.predictions, b.predictions, samples["y_test"]))
        assert paired_loss_se(a.predictions, a.predictions, samples["y_test"]) == 0.0
    spread = np.std(differences, ddof=1)
    assert 0.65 * spread <= np.mean(ses) <= 2.0 * spread
    assert np.mean(ses) < 0.5 * np.mean([a.standard_errors["expected_loss"]]), "pairing cancels most of the noise"
