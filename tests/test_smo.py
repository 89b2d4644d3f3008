"""Each named step of the SMO solver (mlcore.svm._smo.SMO) on problems small enough to check by hand.

The numbers below are dyadic (halves, quarters), so every value the steps produce is exact
in floating point and the expected values are the hand-computed ones, compared exactly.
"""

import numpy as np
import pytest

from mlcore.svm._newton import free_set_newton_step
from mlcore.svm._smo import SMO, solve_dual, two_variable_step


def _two_points():
    # x_0 = (0, 0) with y = +1 and x_1 = (2, 0) with y = -1, linear kernel
    X = np.array([[0.0, 0.0], [2.0, 0.0]])
    return X @ X.T, np.array([1.0, -1.0])


def test_two_variable_update_on_two_points_reaches_the_analytic_solution():
    # From beta = 0: F = y = (1, -1), i = 0, j = 1, a_01 = K_00 + K_11 - 2 K_01 = 4,
    # d = (F_0 - F_1) / a = 1/2. The hard-margin SVM of two points: alpha = (1/2, 1/2),
    # w = -1/2 x_1 = (-1, 0), b = 1, so f(x) = 1 - x_1 is +1 at x_0 and -1 at x_1.
    K, y = _two_points()
    smo = SMO(K, y, 10.0, 1e-6)
    assert smo.select_working_set() == (0, 1, 4.0)
    smo.update_pair(0, 1, 4.0)
    np.testing.assert_array_equal(smo.beta, [0.5, -0.5])
    np.testing.assert_array_equal(smo.F, [1.0, 1.0])  # F = y - K beta, level: the KKT point
    assert smo.select_working_set() is None and smo.converged and smo.gap == 0.0
    sol = solve_dual(K, y, 10.0, 1e-6, 100)
    np.testing.assert_array_equal(sol.beta, [0.5, -0.5])
    assert sol.b == 1.0 and sol.n_iter == 1 and sol.objective == 0.5  # D = sum alpha - |w|^2 / 2


def test_two_variable_update_clips_to_the_box_and_b_is_the_midpoint():
    # C = 1/4 < 1/2: the step stops at the box, alpha = (C, C). Then K beta = (0, -1) and
    # F = (1, 0), both at a bound, no free vector: m = max over I_up = F_1 = 0,
    # M = min over I_low = F_0 = 1, and b = (m + M) / 2 = 1/2.
    K, y = _two_points()
    sol = solve_dual(K, y, 0.25, 1e-6, 100)
    np.testing.assert_array_equal(sol.beta, [0.25, -0.25])
    assert sol.converged and sol.gap == -1.0 and sol.b == 0.5


@pytest.mark.parametrize("ai,aj,delta,same,want", [
    (0.0, 0.0, 0.5, False, (0.5, 0.5)),    # opposite labels: both move by delta
    (0.0, 0.0, 2.0, False, (1.0, 1.0)),    # ... and stop at C, alpha_i - alpha_j kept
    (0.5, 0.0, -1.0, False, (0.5, 0.0)),   # alpha_j would go below 0: alpha_j = 0, alpha_i = diff
    (0.75, 0.25, 0.5, True, (0.25, 0.75)),  # equal labels: alpha_i - delta, alpha_j + delta
    (0.75, 0.25, 0.875, True, (0.0, 1.0)),  # alpha_i would go below 0: alpha_i = 0, alpha_j = sum
    (0.75, 0.5, -0.5, True, (1.0, 0.25)),   # sum > C and alpha_i above C: alpha_i = C
])
def test_two_variable_step_keeps_the_sum_or_difference_and_stays_in_the_box(ai, aj, delta, same, want):
    got = two_variable_step(ai, aj, delta, same, 1.0)
    assert got == want
    assert all(0.0 <= a <= 1.0 for a in got)
    if same:
        assert got[0] + got[1] == ai + aj
    else:
        assert got[0] - got[1] == ai - aj


def _four_points():
    # K diagonal, so F_t = y_t - K_tt beta_t: from beta = (1/2, 0, -1/2, 0),
    # F = (1 - 1, 1 - 0, -1 + 1/2, -1 - 0) = (0, 1, -1/2, -1)
    K = np.diag([2.0, 1.0, 1.0, 20.0])
    y = np.array([1.0, 1.0, -1.0, -1.0])
    return K, y, np.array([0.5, 0.0, -0.5, 0.0])


def test_working_set_is_the_maximal_violator_and_the_best_second_order_partner():
    # I_up = {beta < U} = {0, 1, 2}, so i = argmax F over it = 1 (m = 1).
    # I_low = {beta > L} = {0, 2, 3}; gains (F_1 - F_t)^2 / a_1t with a_1t = K_11 + K_tt:
    # t = 0: 1/3, t = 2: (3/2)^2 / 2 = 9/8, t = 3: 4/21. j = 2, although the most violating
    # partner (smallest F, first-order choice) is t = 3: its curvature is large.
    K, y, beta0 = _four_points()
    smo = SMO(K, y, 10.0, 1e-6, beta0=beta0, shrinking=False)
    np.testing.assert_array_equal(smo.F, [0.0, 1.0, -0.5, -1.0])
    assert smo.select_working_set() == (1, 2, 2.0)


def test_working_set_with_equal_curvatures_is_the_maximal_violating_pair():
    # K = I: every a_it = 2, so the gain (F_i - F_t)^2 / 2 is largest at the smallest F_t:
    # i = argmax_{I_up} F = 1 and j = argmin_{I_low} F = 3, WSS 1's maximal violating pair.
    _, y, beta0 = _four_points()
    smo = SMO(np.eye(4), y, 10.0, 1e-6, beta0=beta0, shrinking=False)
    np.testing.assert_array_equal(smo.F, [0.5, 1.0, -0.5, -1.0])
    assert smo.select_working_set() == (1, 3, 2.0)


def test_gradient_update_keeps_F_equal_to_y_minus_K_beta():
    # The step on (1, 2): labels differ, delta = (F_1 - F_2) / a = 3/4, alpha = (0, 1/2) ->
    # (3/4, 5/4): beta_1 = 3/4, beta_2 = -5/4, and the pair's F become level: 1/4 each.
    K, y, beta0 = _four_points()
    smo = SMO(K, y, 10.0, 1e-6, beta0=beta0, shrinking=False)
    smo.update_pair(1, 2, 2.0)
    np.testing.assert_array_equal(smo.beta, [0.5, 0.75, -1.25, 0.0])
    np.testing.assert_array_equal(smo.F, y - K @ smo.beta)
    assert smo.F[1] == smo.F[2] == 0.25
    assert list(smo.in_up) == [True, True, True, False] and list(smo.in_low) == [True, True, True, True]


def test_shrink_leaves_out_exactly_the_bounded_variables_that_cannot_violate():
    # C = 1, K = diag(1/4, 1, 1, 1/4), beta = (1, 1/2, -1/2, -1): point 0 at its upper bound,
    # point 3 at its lower bound. F = (3/4, 1/2, -1/2, -3/4); m = max over I_up {1, 2, 3} = 1/2,
    # M = min over I_low {0, 1, 2} = -1/2. Point 0 is only in I_low with F > m, point 3 only
    # in I_up with F < M: both leave, points 1 and 2 (free) stay.
    K = np.diag([0.25, 1.0, 1.0, 0.25])
    y = np.array([1.0, 1.0, -1.0, -1.0])
    smo = SMO(K, y, 1.0, 1e-6, beta0=np.array([1.0, 0.5, -0.5, -1.0]))
    smo.shrink()
    assert smo.start == 2 and sorted(smo.order[smo.start:]) == [1, 2]
    np.testing.assert_array_equal(smo.beta_act, smo.beta[2:])  # the active set is the tail
    smo.unshrink()
    assert smo.start == 0
    np.testing.assert_array_equal(smo.F[np.argsort(smo.order)], [0.75, 0.5, -0.5, -0.75])


def test_unshrink_rebuilds_F_for_the_left_out_variables():
    # After shrinking and steps on the active set, the left-out F are stale; unshrink sets
    # F_t = y_t - sum_s K_ts beta_s for them. The kept F was updated step by step, so it
    # agrees with the rebuilt one up to rounding: 1e-9 is a thousand times the rounding of
    # a few hundred steps on entries of size ~10.
    rng = np.random.default_rng(0)
    X = rng.normal(size=(80, 2))
    K = np.exp(-((X[:, None, :] - X[None, :, :]) ** 2).sum(-1))
    y = np.where(X[:, 0] + 0.3 * rng.normal(size=80) > 0, 1.0, -1.0)
    smo = SMO(K, y, 1.0, 1e-6)
    smo.run(30)  # 30 steps from beta = 0: most points still at a bound
    smo.shrink()
    assert smo.start > 0
    for _ in range(5):
        smo.update_pair(*smo.select_working_set())
    smo.unshrink()
    assert smo.start == 0
    beta = np.empty(80)
    beta[smo.order] = smo.beta
    F = np.empty(80)
    F[smo.order] = smo.F
    # F is updated step by step, K @ beta summed afresh: they differ by accumulated rounding
    # (~1e-14 here), far below 1e-9, and by O(1) if an update were wrong
    np.testing.assert_allclose(F, y - K @ beta, rtol=0, atol=1e-9)


def test_dual_objective_never_decreases_along_the_path():
    # Every unclipped or clipped pair step on a positive semi-definite K moves D uphill
    # (D gains d (F_i - F_j) - d^2 a / 2 >= 0 for 0 <= d <= the unclipped step).
    rng = np.random.default_rng(1)
    X = rng.normal(size=(40, 2))
    K = np.exp(-((X[:, None, :] - X[None, :, :]) ** 2).sum(-1))
    y = np.where(X[:, 1] > 0, 1.0, -1.0)
    y[:4] *= -1.0
    values = [solve_dual(K, y, 5.0, 1e-8, m).objective for m in range(1, 60)]
    # D is computed from F, kept up to date by the steps: 1e-12 allows for that rounding
    assert all(b >= a - 1e-12 for a, b in zip(values, values[1:], strict=False))


def test_newton_step_levels_F_on_the_free_set():
    # With the bounded variables held, the free-set Newton step solves
    # K_SS d + c 1 = F_S, 1^T d = 0, after which F_S is level (all equal c); here no variable
    # meets its bound on the way, so all six stay free. The ridge 1e-10 mean(diag K) leaves
    # them level to 1e-10 x |d| (|d| < 10 here), and the linear solve adds rounding of ~1e-13.
    rng = np.random.default_rng(2)
    X = 2.0 * rng.normal(size=(6, 2))  # points far apart: K is well conditioned, |d| moderate
    K = np.exp(-((X[:, None, :] - X[None, :, :]) ** 2).sum(-1))
    y = np.array([1.0, 1.0, 1.0, -1.0, -1.0, -1.0])
    beta0 = np.array([0.1, 0.2, 0.3, -0.2, -0.2, -0.2])
    smo = SMO(K, y, 1000.0, 1e-6, beta0=beta0, shrinking=False, newton=True)
    before = y @ smo.beta - 0.5 * smo.beta @ K @ smo.beta
    free_set_newton_step(smo)
    assert abs(smo.beta.sum()) < 1e-12  # sum beta = 0 kept (1^T d = 0)
    # the Newton step updates F in place; recomputing it differs only by rounding
    np.testing.assert_allclose(smo.F, y - K @ smo.beta, rtol=0, atol=1e-9)
    assert (smo.in_up & smo.in_low).all()
    assert np.ptp(smo.F) < 1e-8
    assert y @ smo.beta - 0.5 * smo.beta @ K @ smo.beta > before
