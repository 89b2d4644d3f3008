""""What you see" on the Bias-variance page: Domingos' terms at the current setting and along the
swept one."""

from __future__ import annotations

import math

from ui.reading.regime import Reading, value_text

# --- Bias-variance (the Bias-variance page) ---------------------------------------------------------
# Domingos' terms at the current setting and the expected loss along the swept setting. Two losses on
# the curve count as equal when they differ by less than TIE_SE standard errors of their difference
# (paired: the curve's values share their training sets and test points,
# mlcore.model_selection.paired_loss_se).

TIE_SE = 2.0


def _share(x: float) -> str:
    return f"{x:.1%}"


def bias_variance_reading(label: str, values, losses, paired, current: int | None, terms: dict,
                          known: bool, knob: str | None = None) -> Reading:
    """What the decomposition says at the current setting: which term is largest, which way to move
    the swept setting (``label``, at ``values``; ``current`` its index there or None) to lower the
    expected loss (the curve's ``losses``; ``paired[i][j]`` the standard error of losses[i] − losses[j]),
    and the noise floor when the distribution
    is ``known``. ``terms``: expected_loss, bias, net_variance, noise, noise_term at the current setting.
    The regime: "fine" at the bottom of the curve, else "overfitting" when the net variance outweighs
    the bias, "underfitting" when the bias does; None without a curve."""
    loss, bias, net = terms["expected_loss"], terms["bias"], terms["net_variance"]
    if known:
        split = (f"Expected loss {_share(loss)} = noise term {_share(terms['noise_term'])} + bias {_share(bias)} + "
                 f"net variance {_share(net)}")
    else:
        split = f"Expected loss {_share(loss)} = bias {_share(bias)} + net variance {_share(net)}"
    if net > bias:
        why = ("the net variance outweighs the bias: the models disagree with each other more than their vote "
               "is wrong")
    else:
        why = "the bias outweighs the net variance: the models agree, but their vote is wrong on more points"
    sentences = [f"{split}. Of what a model can change, {why}."]
    if known:
        sentences.append(f"The noise floor: {_share(terms['noise'])} of the labels differ from the Bayes "
                         "classifier's, and no model's expected loss goes below it.")
    else:
        sentences.append("These points' distribution is unknown, so the noise is counted in the bias.")
    finite = [i for i, v in enumerate(losses) if v is not None and math.isfinite(v)]
    which = None
    if finite:
        best = min(finite, key=lambda i: losses[i])
        at_best = f"{label} = {value_text(values[best])}"
        if current is None or current not in finite:
            sentences.append(f"On the curve the expected loss is lowest, {_share(losses[best])}, at {at_best}.")
        elif abs(losses[current] - losses[best]) <= TIE_SE * paired[current][best]:
            which = "fine"
            sentences.append(f"{label} = {value_text(values[current])} is at the bottom of the curve (within its "
                             "standard error): moving it does not lower the expected loss.")
        else:
            which = "overfitting" if net > bias else "underfitting"
            sentences.append(f"Move {label} towards {value_text(values[best])}: the curve's lowest expected loss, "
                             f"{_share(losses[best])}, is at {at_best}; here the model is too "
                             f"{'flexible' if which == 'overfitting' else 'simple'} for these points.")
    return Reading(which, tuple(sentences), ("validation_curve", "learning_curves"), knob)
