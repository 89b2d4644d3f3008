"""The margin losses of the loss gallery, at y·f = -1, 0, 1, 2 worked out from their formulas."""

import math

import numpy as np
import pytest

from mlcore.metrics import (
    MARGIN_LOSSES,
    exponential_margin_loss,
    hinge_margin_loss,
    logistic_margin_loss,
    squared_margin_loss,
    zero_one_margin_loss,
)

M = np.array([-1.0, 0.0, 1.0, 2.0])
EPS = np.finfo(np.float64).eps


def test_zero_one_counts_the_boundary_as_a_mistake():
    np.testing.assert_array_equal(zero_one_margin_loss(M), [1, 1, 0, 0])


def test_hinge_by_hand():
    # max(0, 1 - m): 2, 1, 0, 0 (exact in floating point)
    np.testing.assert_array_equal(hinge_margin_loss(M), [2, 1, 0, 0])


def test_squared_by_hand():
    # (1 - m)^2: 4, 1, 0, 1: it charges m = 2 although that point is right with room to spare
    np.testing.assert_array_equal(squared_margin_loss(M), [4, 1, 0, 1])


def test_exponential_by_hand():
    want = [math.e, 1.0, 1 / math.e, math.exp(-2)]
    np.testing.assert_allclose(exponential_margin_loss(M), want, rtol=4 * EPS)


def test_logistic_in_bits_by_hand():
    # log2(1 + e^-m): log2(1 + e), log2 2 = 1, log2(1 + 1/e), log2(1 + e^-2)
    want = [math.log2(1 + math.e), 1.0, math.log2(1 + 1 / math.e), math.log2(1 + math.exp(-2))]
    np.testing.assert_allclose(logistic_margin_loss(M), want, rtol=8 * EPS)
    # the natural-log version: ln 2 at m = 0
    np.testing.assert_allclose(logistic_margin_loss(M, base=math.e)[1], math.log(2), rtol=4 * EPS)


def test_every_surrogate_upper_bounds_the_zero_one_loss_and_the_natural_log_one_does_not():
    m = np.linspace(-4, 4, 8001)
    zero_one = zero_one_margin_loss(m)
    for name in ("hinge", "logistic", "exponential", "squared"):
        assert np.all(MARGIN_LOSSES[name](m) >= zero_one), name
    # in nats ln(1 + e^-m) < 1 exactly when m > -ln(e - 1) = -0.541: there it is below the 0-1 loss
    below = logistic_margin_loss(m, base=math.e) < zero_one
    cut = -math.log(math.e - 1)
    assert np.all(below == ((m > cut) & (m <= 0)))
    assert below.any()


def test_losses_stay_finite_far_out():
    far = np.array([-700.0, 700.0])
    assert np.all(np.isfinite(logistic_margin_loss(far)))
    assert logistic_margin_loss(far)[0] == pytest.approx(700 / math.log(2), rel=8 * EPS)
    assert list(MARGIN_LOSSES) == ["0-1", "hinge", "logistic", "exponential", "squared"]
