"""What the Bias-variance page says: its metrics (value ± standard error, and what each measures)
and its captions, for a known distribution (noise separated) and for data whose distribution is
unknown (noise counted in the bias)."""

from __future__ import annotations

from mlcore.model_selection import BiasVariance
from ui.model_selection.bias_variance_runs import TEST_POINTS, View

SIDEBAR = ("Fit the same model on many training sets. Where their boundaries disagree the model has **variance**; "
           "where even their majority vote is wrong it has **bias**. Simple models have bias, flexible ones "
           "variance; the expected loss is lowest in between. No model goes below the **noise**: the labels that "
           "even the best possible classifier (the Bayes classifier) gets wrong.")


def value(result: BiasVariance, name: str) -> str:
    """``13.4% ± 0.9`` (the standard error in points of percent)."""
    se = result.standard_errors.get(name, float("nan"))
    return f"{getattr(result, name):.1%} ± {100 * se:.1f}"


def metrics(view: View) -> list[tuple[str, str, str]]:
    """(label, value, help) of each term shown beside the chart."""
    r = view.result
    points = (f"the {view.n_test} fresh test points drawn from the generator" if view.known
              else f"the {view.n_test} test points")
    se = ("± its standard error (two-way bootstrap over the training sets and the test points), in points of "
          "percent.")
    rows = [("expected loss", value(r, "expected_loss"),
             f"Mean over {points} and the training sets of [prediction ≠ label], {se}")]
    if view.known:
        rows.append(("noise", value(r, "noise"),
                     "Share of test labels the Bayes classifier (the best possible, computed from the generator's "
                     f"density) gets wrong: the Bayes error, which no model can beat. {se}"))
    optimal = "the Bayes label" if view.known else "the test label (the noise is counted here)"
    rows += [("bias", value(r, "bias"),
              f"Share of test points whose main prediction (the models' vote) differs from {optimal}. 0 or 1 per "
              f"point, so bias² = bias. {se}"),
             ("variance", value(r, "variance"),
              f"Mean share of the models that disagree with the vote. {se}"),
             ("net variance", value(r, "net_variance"),
              "Variance on points the vote gets right (adds to the loss) minus variance on points it gets wrong (a "
              f"disagreeing model is then right, so it lowers the loss). {se}")]
    return rows


def identity(view: View) -> str:
    """The identity the terms satisfy, with the numbers."""
    r = view.result
    if view.known:
        return (f"Expected loss = noise term + bias + net variance: {r.noise_term:.1%} + {r.bias:.1%} + "
                f"{r.net_variance:.1%} = {r.expected_loss:.1%}. The noise term is the noise ({r.noise:.1%}) weighted "
                "by how often the models predict the Bayes label where the label is noisy (Domingos' c₁).")
    return (f"Expected loss = bias + net variance: {r.bias:.1%} + {r.net_variance:.1%} = {r.expected_loss:.1%}. "
            "The distribution of these points is not known (drawn, erased or uploaded points), so the best "
            "possible label is unknown: each test label stands for it, and **the noise is counted in the bias**.")


def overlay_caption(view: View, rounds: int, shown: int) -> str:
    where = ("fresh training sets of the same size drawn from the generator" if view.known
             else "bootstrap samples of the training set")
    return (f"Thin lines: the boundaries of {shown} of the {rounds} models, each fitted on one of {rounds} {where}. "
            "Regions: their majority vote (the main prediction), paler where they disagree.")


def curve_caption(known: bool, rounds: int, n_test: int, current: bool, errors: list[str]) -> str:
    if known:
        text = (f"Each value: {rounds} models on fresh training sets, scored on {TEST_POINTS} fresh test points "
                "against the Bayes label, so the noise term is apart from the bias; bars: ± one standard error. "
                "The other hyperparameters stay as set.")
    else:
        text = (f"Each value: {rounds} models on bootstrap samples, scored on the {n_test} test points; bars: ± one "
                "standard error. The noise is counted in the bias (the distribution is unknown).")
    if current:
        text += " Dotted line: the current setting."
    if errors:
        text += f" Gaps: values that could not be fitted ({errors[0]})."
    return text
