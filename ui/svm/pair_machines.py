"""The binary machines of a multi-class SVM on the SVM page: their link codes and labels, their
f(x) on the page's grid, what the chosen one is, and how they make the prediction at a point."""

from __future__ import annotations

import numpy as np

from catalog.models import MODELS
from ui.serving import fits
from ui.serving.cache import sharable

SPEC = MODELS["svm"]


def pair_options(model) -> dict[str, str]:
    """URL code -> label of every binary machine of a multi-class SVM, in ``pairs_`` order:
    one-vs-one "0-2" -> "class 0 vs class 2", one-vs-rest "2-rest" -> "class 2 vs rest"."""
    out = {}
    for a, b in model.pairs_:
        B = model.classes_[b]
        if a < 0:
            out[f"{B}-rest"] = f"class {B} vs rest"
        else:
            A = model.classes_[a]
            out[f"{A}-{B}"] = f"class {A} vs class {B}"
    return out


@sharable(max_entries=8)
def pair_values(recipe, drawn, key_params, resolution: int) -> np.ndarray:
    """Every pair machine's f_p on the page's grid, (ny, nx, P) float32, so switching the pair
    costs no kernel evaluations."""
    model = fits.fit(recipe, drawn, SPEC.key, key_params).model
    grid = fits.grid(recipe, drawn, SPEC.key, key_params, resolution)
    return model.pairwise_decision(grid.points()).reshape(*grid.shape, -1).astype(np.float32)


def pair_caption(model, machine: int) -> str:
    """What the chosen machine is and how the machines make the multi-class prediction."""
    a, b = model.pairs_[machine]
    B, K, P = model.classes_[b], len(model.classes_), len(model.pairs_)
    if a < 0:
        return (f"**Machine {B} vs rest**: the SVM that separates class {B} from all the other classes "
                f"(f(x) > 0 on {B}'s side); the {K}-class prediction (coloured regions, grey line) is the class "
                f"whose machine gives the largest f(x) among the {P} machines. ")
    A = model.classes_[a]
    return (f"**Pair machine {A} vs {B}**: the SVM that separates class {A} from class {B}, "
            f"trained on their points only (the other classes are faded; f(x) > 0 on {B}'s side); "
            f"the {K}-class prediction (coloured regions, grey line) is the vote of the {P} pair machines. ")


def vote_text(model, f_all: np.ndarray, x: np.ndarray) -> str:
    """How the machines' values at x make the multi-class prediction."""
    label = model.predict(x[None])[0]
    if model.pairs_[0, 0] < 0:
        k = int(np.argmax(f_all))
        return f"Largest f(x) is {f_all[k]:.3g}, class {model.classes_[k]}'s machine: predicted **{label}**."
    wins = model.pairwise_winners(x[None])[0]
    ballot = ", ".join(f"{model.classes_[a]} vs {model.classes_[b]} → {w}"
                       for (a, b), w in zip(model.pairs_, wins, strict=True))
    return f"The vote at x: {ballot}; predicted **{label}**."
