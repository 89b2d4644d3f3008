"""mlcore.theory bounds: the formulas of the notes at worked values (numbers worked by hand)."""

import math

import pytest

from mlcore import ValidationError
from mlcore.theory import (
    conjunction_count,
    norm_bound,
    pac_epsilon,
    pac_sample_size,
    rademacher_bound,
    vc_bound,
)


def test_enjoysport_needs_96_examples():
    # (ln 729 + ln 20) / 0.1 = (6.5917 + 2.9957) / 0.1 = 95.87, so 96 is the first whole m
    assert conjunction_count(6) == 729
    assert pac_sample_size(0.1, 0.05, 729) == 96
    assert pac_epsilon(96, 0.05, 729) <= 0.1 < pac_epsilon(95, 0.05, 729)


def test_pac_sample_size_small_cases():
    # |H| = 1, δ = 1/e: ln 1 + ln e = 1, so m = ceil(1/ε)
    assert pac_sample_size(0.25, 1 / math.e, 1) == 4
    assert conjunction_count(0) == 1 and conjunction_count(3) == 27


def test_vc_bound_worked_value():
    # R̂ = 0.1, m = 1000, d = 3, δ = 0.05:
    # √(2 ln(1000e/3) / (1000/3)) = √(2 · 6.80914 / 333.333) = 0.202127
    # √(ln 20 / 2000) = √(0.00149787) = 0.038702
    assert vc_bound(0.1, 1000, 3, 0.05) == pytest.approx(0.1 + 0.202127 + 0.038702, abs=2e-6)


def test_rademacher_bound_worked_value():
    # 0.1 + 0.05 + 3 √(ln 40 / 2000) = 0.15 + 3 · 0.0429469 = 0.278841
    assert rademacher_bound(0.1, 0.05, 1000, 0.05) == pytest.approx(0.278841, abs=2e-6)


def test_norm_bound_worked_value():
    assert norm_bound(2.0, 3.0, 100) == pytest.approx(0.6, rel=1e-15)  # 2 · 3 / 10


def test_bounds_shrink_with_m():
    values = [vc_bound(0.0, m, 3, 0.05) for m in (10, 100, 1000, 10000)]
    assert values == sorted(values, reverse=True)


@pytest.mark.parametrize("call", [
    lambda: pac_sample_size(0, 0.05, 729),
    lambda: pac_sample_size(0.1, 1.5, 729),
    lambda: pac_sample_size(0.1, 0.05, 0),
    lambda: pac_sample_size(float("nan"), 0.05, 3),
    lambda: vc_bound(0.1, 2, 3, 0.05),
    lambda: rademacher_bound(0.1, 0.2, 0, 0.05),
    lambda: norm_bound(-1, 1, 10),
    lambda: conjunction_count(-1),
])
def test_bad_input_is_explained(call):
    with pytest.raises(ValidationError):
        call()
