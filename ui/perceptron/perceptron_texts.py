"""What the Perceptron page says about its runs: the replay's step, the run's outcome, the three
mistake bounds against the mistakes made (with Novikoff's theorem, which the table's rows
follow), the runs from the two starts and the kernel perceptron's α.

Plain functions of fitted models and arrays, no Streamlit: the page lays out what they return.
"""

import numpy as np
import pandas as pd

from ui.perceptron.runs import BoundRuns

NOVIKOFF = (
    "**Theorem (Novikoff).** If every example has ‖z‖ ≤ R and a unit vector u has y u·z ≥ γ > 0 for all of "
    "them, the perceptron started at 0 makes at most **(R/γ)²** mistakes, in any order, over all epochs "
    "(u·w grows by γ per mistake, ‖w‖² by at most R²). The notes state (R/γ)² for the update "
    "w += y·x, b += y. That update is the perceptron on x̃ = (x, 1), so the bound holds with R and γ "
    "measured there (second row), or for a perceptron without bias and a line through the origin "
    "(first row). With the bias as the weight of a constant R instead, ‖x̃‖ ≤ √2 R and, for the SVM's "
    "line (|b|/‖w‖ ≤ R since it crosses the data's ball), ‖ũ‖ ≤ √2: the bound is **(2R/γ)²** with the "
    "plain R and γ (third row). (R/γ)² with R = max‖x‖ and the SVM's γ does not bound a perceptron with "
    "a bias: x = 0.1 (+1) and x = −0.1 (−1) have R = γ = 0.1, bound 1, yet it makes 2 mistakes. "
    "γ is measured on the hard-margin SVM's hyperplane (SMO, C = ∞, linear kernel); the mistakes are "
    "counted from w = 0 until an epoch without one, whatever the start chosen above.")


def step_text(replay, s: int, step, X, t) -> str:
    """Step s of the replay (``step``, None at step 0): the starting weights, or the example looked
    at, y (w·x + b) and whether it was a mistake."""
    n_steps = replay.n_steps
    w0, b0 = replay.weights(0)
    if step is None:
        return (f"**Step 0 of {n_steps}**: the starting weights w = ({w0[0]:.3g}, {w0[1]:.3g}), "
                f"b = {b0:.3g}. Press *step* to look at the first example.")
    x = X[step.index]
    y = int(t[step.index])
    score = float(step.coef_before @ x + step.intercept_before)
    verdict = (f"**{y:+d}·({score:.3g}) ≤ 0: a mistake**, so w ← w + lr·y·x, b ← b + lr·y" if step.mistake
               else f"{y:+d}·({score:.3g}) > 0: correct, no update")
    return (f"**Step {s} of {n_steps}** · epoch {step.epoch + 1}, example {step.position + 1} of "
            f"{replay.n}: point {step.index} at ({x[0]:.2f}, {x[1]:.2f}), y = {y:+d}.  \n"
            f"y (w·x + b) = {verdict}.")


def updates_text(step, history: dict) -> str:
    updates = 0 if step is None else step.updates_before + int(step.mistake)
    return f"Updates so far: {updates} of {len(history['index'])}."


def run_text(model, n: int, epochs: int) -> str:
    """The run the page replays: its size, whether it converged, and how to read the plane."""
    history = model.history_[0]
    trained = ("converged: an epoch without a mistake" if model.converged_
               else f"did not converge in {epochs} epoch(s)")
    return (f"{n} points, {history['n_epochs']} epoch(s), {len(history['index'])} updates; {trained}. "
            "Solid: the boundary after the step, with its normal vector w. Dashed: before the update. "
            "Ringed: the example looked at (red when it was a mistake).")


def bound_table(bound: BoundRuns) -> pd.DataFrame:
    """The three bounds (one row each, as in NOVIKOFF), their R and γ, and the mistakes of the
    perceptron each is about."""
    b = bound.bounds
    origin = "—" if b.bound_origin is None else f"{b.bound_origin:,.1f}"
    return pd.DataFrame([
        {"constant": "(R/γ₀)²", "bound": origin, "mistakes made": "—" if bound.no_bias is None else bound.no_bias,
         "R": f"{b.R:.3g} = max‖x‖",
         "γ": "none: no line through 0 separates" if b.gamma_origin is None
         else f"{b.gamma_origin:.3g}: best line through 0",
         "bias": "none (b = 0), line through the origin"},
        {"constant": "(R̃/γ̃)²", "bound": f"{b.bound_augmented:,.1f}", "mistakes made": bound.with_bias,
         "R": f"{b.R_aug:.3g} = max‖(x, 1)‖", "γ": f"{b.gamma_aug:.3g}: best through 0 of (x, 1)",
         "bias": "weight of a constant 1 (this page's)"},
        {"constant": "(2R/γ)²", "bound": f"{b.bound_2R:,.1f}", "mistakes made": bound.scaled,
         "R": f"{b.R:.3g} = max‖x‖", "γ": f"{b.gamma:.3g} = 1/‖w‖, hard-margin SVM",
         "bias": "weight of a constant R (run on x/R)"},
    ])


def start_text(key: str, model) -> tuple[str, int, str, str]:
    """(label, updates, their help, the caption under them) of the run from the start ``key``."""
    h = model.history_[0]
    label = "from w = 0" if key == "zero" else "from the least-squares weights"
    return (f"updates {label}", len(h["index"]),
            f"{h['n_epochs']} epoch(s); {'converged' if model.converged_ else 'not converged'}.",
            f"{h['n_epochs']} epoch(s), {'converged' if model.converged_ else 'did not converge'}, "
            f"{int(h['epoch_train_mistakes'][-1])} training mistakes at the end.")


def alpha_text(model) -> str:
    """How many points the kernel perceptron ever got wrong, and how often."""
    alpha = model.alpha_[0]
    return (f"Ring size grows with αᵢ: {int(np.count_nonzero(alpha))} of {len(alpha)} points were ever a "
            f"mistake, {int(alpha.sum())} mistakes in all, largest αᵢ = {int(alpha.max())}; "
            f"{'converged' if model.converged_ else 'not converged'}.")


def chart_summary(replay, s: int, X: np.ndarray, t: np.ndarray, names: tuple) -> tuple:
    """What the replay's plane shows at step ``s``, for ``ui.core.alt_text.summary``: the text, the
    points' class names (``names``: the −1 side's, the +1 side's) and the training accuracy of the
    weights after step s under the prediction rule +1 iff w·x + b > 0."""
    w, b = replay.weights(s)
    return (f"The perceptron's line w·x + b = 0 after step {s} of {replay.n_steps}",
            np.where(t > 0, names[1], names[0]), {"train accuracy": float(np.mean((X @ w + b > 0) == (t > 0)))})
