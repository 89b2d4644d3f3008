"""Generalisation bounds as the lecture notes state them (natural logarithms throughout).

* Finite class, realisable case (PAC): with probability at least 1 - δ every h in H that is
  consistent with m i.i.d. examples has true error at most ε as soon as

      m ≥ (1/ε) (ln|H| + ln(1/δ)).

* Conjunctions of d boolean attributes, each attribute required true, required false or
  ignored: |H| = 3^d (EnjoySport, d = 6: 729).
* VC bound, for a class of VC dimension d and m ≥ d examples:

      R(h) ≤ R̂(h) + √(2 ln(em/d) / (m/d)) + √(ln(1/δ) / (2m)).

* Rademacher bound:  R(h) ≤ R̂_S(h) + R̂_S(H) + 3 √(ln(2/δ) / (2m)).
* Norm bound for the L2-bounded linear class {x ↦ w·x : ‖w‖ ≤ γ} on points with ‖x‖ ≤ r:

      R̂_S(H) ≤ r·γ / √m.
"""

from __future__ import annotations

import math
import numbers

from ..base import ValidationError

__all__ = ["pac_sample_size", "pac_epsilon", "conjunction_count", "vc_bound", "rademacher_bound",
           "norm_bound"]


def _number(value, name: str, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
        raise ValidationError(f"{name}={value!r} must be a finite number ({what})")
    return float(value)


def _open_unit(value, name: str, what: str) -> float:
    value = _number(value, name, what)
    if not 0.0 < value < 1.0:
        raise ValidationError(f"{name}={value:g} must lie strictly between 0 and 1 ({what})")
    return value


def _count(value, name: str, what: str, low: int = 1) -> int:
    ok = isinstance(value, numbers.Integral) and not isinstance(value, bool)
    if not ok and isinstance(value, float) and value.is_integer():
        ok = True
    if not ok or int(value) < low:
        raise ValidationError(f"{name}={value!r} must be a whole number of at least {low} ({what})")
    return int(value)


def pac_sample_size(eps: float, delta: float, h_size: int) -> int:
    """The smallest whole m with m ≥ (1/ε)(ln|H| + ln(1/δ)).

    ε = 0.1, δ = 0.05, |H| = 729 (the EnjoySport conjunctions): (6.592 + 2.996) / 0.1 = 95.9,
    so m = 96.
    """
    eps = _open_unit(eps, "eps", "the error ε the learner may make")
    delta = _open_unit(delta, "delta", "the probability δ of being unlucky")
    h_size = _count(h_size, "h_size", "the number of hypotheses |H|")
    return math.ceil((math.log(h_size) + math.log(1.0 / delta)) / eps)


def pac_epsilon(m: int, delta: float, h_size: int) -> float:
    """The same inequality solved for ε: ε = (ln|H| + ln(1/δ)) / m (may exceed 1: vacuous)."""
    m = _count(m, "m", "the number of training examples")
    delta = _open_unit(delta, "delta", "the probability δ of being unlucky")
    h_size = _count(h_size, "h_size", "the number of hypotheses |H|")
    return (math.log(h_size) + math.log(1.0 / delta)) / m


def conjunction_count(d: int) -> int:
    """|H| = 3^d: each of d boolean attributes is required true, required false, or ignored."""
    return 3 ** _count(d, "d", "the number of boolean attributes", low=0)


def vc_bound(train_error: float, m: int, d: int, delta: float) -> float:
    """R̂(h) + √(2 ln(em/d) / (m/d)) + √(ln(1/δ) / (2m)), for m ≥ d examples and VC dimension d."""
    train_error = _number(train_error, "train_error", "the training error R̂(h)")
    m = _count(m, "m", "the number of training examples")
    d = _count(d, "d", "the VC dimension")
    delta = _open_unit(delta, "delta", "the probability δ of being unlucky")
    if m < d:
        raise ValidationError(f"the VC bound needs at least d = {d} examples; m = {m}")
    return (train_error + math.sqrt(2.0 * math.log(math.e * m / d) / (m / d))
            + math.sqrt(math.log(1.0 / delta) / (2.0 * m)))


def rademacher_bound(train_error: float, rademacher: float, m: int, delta: float) -> float:
    """R̂_S(h) + R̂_S(H) + 3 √(ln(2/δ) / (2m))."""
    train_error = _number(train_error, "train_error", "the training error R̂_S(h)")
    rademacher = _number(rademacher, "rademacher", "the empirical Rademacher complexity R̂_S(H)")
    m = _count(m, "m", "the number of training examples")
    delta = _open_unit(delta, "delta", "the probability δ of being unlucky")
    return train_error + rademacher + 3.0 * math.sqrt(math.log(2.0 / delta) / (2.0 * m))


def norm_bound(r: float, gamma: float, m: int) -> float:
    """r·γ / √m: the Rademacher complexity of {x ↦ w·x : ‖w‖ ≤ γ} on m points with ‖x‖ ≤ r."""
    r = _number(r, "r", "the radius of the data, max ‖x‖")
    gamma = _number(gamma, "gamma", "the bound γ on ‖w‖")
    if r < 0 or gamma < 0:
        raise ValidationError("r and gamma are norms: they cannot be negative")
    m = _count(m, "m", "the number of training examples")
    return r * gamma / math.sqrt(m)
