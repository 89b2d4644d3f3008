"""What the Learning theory page says about its results: the PAC working, the shattering verdict
and the labelings drawn under it, the VC dimension found by trying, the bounds that say nothing
and where their samples come from, the heading of the random-label fits, the Bayes split's four
numbers; and the EnjoySport table the PAC tab quotes.

Plain functions of numbers and arrays, no Streamlit: the page lays out what they return.
"""

import math

import numpy as np
import pandas as pd

from mlcore.theory import conjunction_count, pac_sample_size

GRID_ALL = 6         # every labeling is drawn up to this many points; beyond, only the impossible ones
ENJOYSPORT = pd.DataFrame(
    [["sunny", "warm", "normal", "strong", "warm", "same", "yes"],
     ["sunny", "warm", "high", "strong", "warm", "same", "yes"],
     ["rainy", "cold", "high", "strong", "warm", "change", "no"],
     ["sunny", "warm", "high", "strong", "cool", "change", "yes"]],
    columns=["sky", "air temp", "humidity", "wind", "water", "forecast", "enjoy sport"])


def pac_working(eps: float, delta: float, d: int) -> tuple[int, int, str]:
    """(|H|, the sample size m, the working of m ≥ (1/ε)(ln|H| + ln(1/δ))) for the 3^d conjunctions
    of d boolean attributes."""
    h_size = conjunction_count(d)
    m = pac_sample_size(eps, delta, h_size)
    return h_size, m, (f"|H| = 3^{d} = **{h_size:,}** conjunctions  \n"
                       f"m ≥ (1/{eps:g})(ln {h_size:,} + ln(1/{delta:g})) = "
                       f"({math.log(h_size):.3f} + {math.log(1 / delta):.3f}) / {eps:g} = "
                       f"{(math.log(h_size) + math.log(1 / delta)) / eps:.2f}")


def shatter_verdict(label: str, m: int, realised: np.ndarray) -> tuple[bool, str]:
    """(shattered, the sentence saying so) for ``realised``, one flag per labeling of m points."""
    got = int(realised.sum())
    if realised.all():
        return True, f"Shattered: {label} realise all {2 ** m} labelings of these {m} points."
    return False, (f"Not shattered: {label} realise {got} of the {2 ** m} labelings of these "
                   f"{m} points (crossed out below).")


def labelings_shown(label: str, key: str, m: int, realised: np.ndarray) -> tuple[np.ndarray | None, str]:
    """(which labelings to draw, None for all of them; the caption above the grid)."""
    if m <= GRID_ALL:
        svm = " The line drawn is the hard-margin SVM's (the widest gap)." if key == "lines" else ""
        return None, f"All {2 ** m} labelings (orange = class 1). ✓ realised, ✗ impossible for {label}.{svm}"
    show = np.flatnonzero(~realised)[:64]
    return show, (f"{m} points have {2 ** m} labelings; shown: the {len(show)} that {label} cannot realise"
                  + (" (the first 64)." if (~realised).sum() > 64 else "."))


def vc_summary(vc: int, counts) -> tuple[pd.DataFrame, str]:
    """The table of Π(m) against 2^m, and the sentence that reads the VC dimension off it."""
    rows = [{"m": m, "most labelings realised Π(m)": c, "2^m": 2 ** m, "some set shattered": c == 2 ** m}
            for m, c in enumerate(counts, start=1)]
    more = " (at least: the search stops at 6 points)" if vc == len(counts) else ""
    said = (f"Tried m points on a circle and 50 random sets of m points for m = 1, 2, …: "
            f"**VC dimension {vc}{more}**. A shattered set proves VC ≥ m; no shattered set among "
            "the tries only suggests VC < m.")
    return pd.DataFrame(rows), said


def vacuous_bounds(result: dict) -> str | None:
    """The sizes m where a bound is above 1 and so says nothing about the error; None if neither is."""
    vacuous = [f"the {name} bound for m ≤ {int(result['sizes'][over][-1])}"
               for name, key in (("VC", "vc"), ("Rademacher", "rad_bound"))
               for over in [np.flatnonzero(result[key] > 1)] if len(over)]
    if vacuous:
        return "Vacuous (above 1, so it says nothing about the error): " + "; ".join(vacuous) + "."
    return None


def samples_note(resamples: int, recipe) -> str:
    """Where the bounds tab's training and test samples come from."""
    return (f"{resamples} fresh training samples per m from the sidebar's generator "
            f"({recipe.data}, noise {recipe.noise:g}, {recipe.label_noise:.0%} of the labels flipped), each scored "
            "on 2000 fresh test points.")


def random_fits_title(capacity: str, m: int, rademacher: float) -> str:
    """The heading over the fits of one capacity on random labels."""
    return f"{capacity} on random labels of {m} points: R̂ ≈ {rademacher:.2f}"


def bayes_metrics(split: dict) -> list[tuple[str, str, str]]:
    """(label, value, help) of the Bayes error, the model's true error and the two parts of the excess."""
    return [("Bayes error R*", f"{split['bayes']:.3%}", "1 − ∫ max_j p(x, j) dx on a 300 × 300 grid."),
            ("error of the model R(ĥ)", f"{split['risk']:.3%}",
             "Its true error: 1 − ∫ p(x, ĥ(x)) dx with the known density."),
            ("estimation", f"{split['estimation']:+.3%}", "R(ĥ) − R(h*_H): what the small sample costs."),
            ("approximation", f"{split['approximation']:+.3%}",
             "R(h*_H) − R*: what the model's class cannot express.")]
