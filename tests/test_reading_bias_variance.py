"""The Bias-variance page's reading (ui.reading.bias_variance_reading): which term outweighs
the other, the noise floor or its absence, and which way the curve says to move."""

from ui.reading import TIE_SE, bias_variance_reading

VALUES = (1, 5, 9, 15, 25, 49)
LOSSES = (0.18, 0.14, 0.136, 0.133, 0.135, 0.156)



def paired(se: float, n: int = 6):
    """Every pair of losses' difference with standard error ``se``."""
    return [[se] * n for _ in range(n)]


SES = paired(0.008)


def terms(bias=0.01, net=0.05, noise=0.12, noise_term=0.08):
    return {"expected_loss": noise_term + bias + net, "bias": bias, "net_variance": net, "noise": noise,
            "noise_term": noise_term}


def test_variance_outweighing_bias_far_from_the_bottom_is_overfitting_and_points_to_the_bottom():
    r = bias_variance_reading("k", VALUES, LOSSES, SES, 0, terms(bias=0.02, net=0.09), True, "n_neighbors")
    assert r.regime == "overfitting"
    assert "net variance outweighs the bias" in r.text
    assert "Move k towards 15" in r.text and "13.3%" in r.text
    assert "noise floor: 12.0%" in r.text
    assert r.knob == "n_neighbors" and set(r.pages) == {"validation_curve", "learning_curves"}


def test_bias_outweighing_variance_at_the_large_end_is_underfitting():
    r = bias_variance_reading("k", VALUES, LOSSES, SES, 5, terms(bias=0.10, net=0.0), True)
    assert r.regime == "underfitting"
    assert "bias outweighs the net variance" in r.text and "towards 15" in r.text


def test_within_the_standard_errors_of_the_bottom_is_fine():
    # 0.136 against 0.133: 0.003 apart, far less than TIE_SE standard errors of the difference
    assert 0.136 - 0.133 < TIE_SE * 0.008
    r = bias_variance_reading("k", VALUES, LOSSES, SES, 2, terms(), True)
    assert r.regime == "fine" and "bottom of the curve" in r.text and "Move" not in r.text


def test_a_clear_step_above_the_bottom_is_not_fine():
    # 0.14 against 0.133, the difference's standard error 0.001: 7 of them apart
    r = bias_variance_reading("k", VALUES, LOSSES, paired(0.001), 1, terms(), True)
    assert r.regime == "overfitting" and "Move k towards 15" in r.text


def test_unknown_distribution_says_the_noise_is_in_the_bias_and_names_no_floor():
    r = bias_variance_reading("depth", (1, 2, None), (0.3, 0.2, 0.25), paired(0.01, 3), 2, terms(), False)
    assert "noise is counted in the bias" in r.text and "noise floor" not in r.text
    assert "noise term" not in r.text


def test_no_limit_and_gaps_on_the_curve():
    r = bias_variance_reading("depth", (1, 2, None), (0.3, float("nan"), 0.2), paired(0.01, 3), 0, terms(), True)
    assert "towards no limit" in r.text
    r = bias_variance_reading("depth", (1, 2, None), (0.3, 0.2, 0.25), paired(0.01, 3), None, terms(), True)
    assert r.regime is None and "lowest, 20.0%, at depth = 2" in r.text
