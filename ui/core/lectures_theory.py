"""The lecture rows and openings of the Learning theory and Features pages: each step a dataset,
a tab or section and the settings its sentence is about.

Learning theory opens on overlapping blobs (noise 1): the Bayes error is a few per cent, so the
Bayes tab has an error to show, and the bounds tab flips a tenth of its labels (its own setting),
so its test error is never a flat zero. Features opens on noisy moons, where the models differ
and a stretched axis changes the distance-based ones visibly.
"""

from __future__ import annotations

from ui.core.lectures_selection import NOISY_MOONS, model_values
from ui.core.presets import Step, dataset
from ui.learning_theory import shatter_points

OVERLAPPING_BLOBS = dataset(data="blobs", n=200, noise=1.0, seed=0)
_TAB = "th_tab"  # the tabs' session key: its value is the tab's label
# kNN's hyperparameters at their defaults, without choosing it as the other pages' model
_KNN_DEFAULTS = {key: value for key, value in model_values("knn").items() if key != "model"}

THEORY_HELP = ("PAC sample size → shattering → bounds against the test error → Rademacher complexity → the Bayes "
               "error. Each step opens its tab with its settings, on overlapping blobs.")
THEORY = [
    Step("PAC", "EnjoySport: 3⁶ = 729 conjunctions; with ε = 0.1 and δ = 0.05 a consistent learner needs "
                "m ≥ (ln 729 + ln 20) / 0.1, so 96 examples.",
         {**OVERLAPPING_BLOBS, _TAB: "PAC", "th_eps": 0.1, "th_delta": 0.05, "th_d": 6}),
    Step("shattering", "Four points in a square: no line puts the two diagonals apart, so lines realise 14 of the "
                       "16 labelings and do not shatter them. Three points not on a line they do shatter: d = 3.",
         {**OVERLAPPING_BLOBS, _TAB: "Shattering", "th_hclass": "lines",
          shatter_points.SHATTER_KEY: list(shatter_points.EXAMPLES["square"])}),
    Step("bounds", "A tenth of the labels flipped, so the test error stays above 10%. The VC bound is above 1 (it "
                   "says nothing) for the smallest samples and more than twice the test error up to m = 2000.",
         {**OVERLAPPING_BLOBS, _TAB: "Bounds against reality", "th_bound_model": "logistic", "th_bound_delta": 0.05,
          "th_resamples": 10, "th_bound_flip": 0.1}),
    Step("Rademacher", "Fit random labels: 1-NN fits any labeling, so R̂ = ½ and a good training fit says nothing; "
                       "25 neighbours cannot follow random labels, R̂ stays far below.",
         {**OVERLAPPING_BLOBS, _TAB: "Rademacher", "th_family": "knn", "th_draws": 10, "th_cap_knn": 1}),
    Step("Bayes error", "Where the blobs overlap even the Bayes classifier errs, a few per cent: no model can do "
                        "better, and kNN's true error lies above it.",
         {**OVERLAPPING_BLOBS, _TAB: "Bayes error", "th_bayes_model": "knn", **_KNN_DEFAULTS}),
]
THEORY_OPENING = {**OVERLAPPING_BLOBS, _TAB: "PAC"}

# --- Features ----------------------------------------------------------------------------------

CIRCLES = dataset(data="circles", n=200, noise=0.1, seed=0)
_SCALING = {"feat_axis": "x2", "feat_stretch": 5.0, "feat_transform": "none"}
_POLY = {"feat_degree": 3, "feat_C": 1.0}
_SELECTION = {"feat_extra": 4, "feat_copies": 0, "feat_sel_model": "knn", "feat_cv": 5}
# the page's section (tab) a step talks about: only the open one is built (pages/21_Features.py)
_PHI_OPEN = {"feat_section": "Φ: X → Z, a linear model on polynomial features"}
_SELECTION_OPEN = {"feat_section": "Selecting features on data with noise features"}
FEATURES_HELP = ("Stretch one axis (kNN moves, the tree does not) → a polynomial map Φ on circles → selection "
                 "with noise features. Each step loads its dataset and settings.")
FEATURES = [
    Step("stretch", "x2 × 10: kNN, LwP and the RBF SVM now measure mostly x2, and their regions change; the tree "
                    "cuts x2 at a stretched threshold, so its regions stay exactly as they were.",
         {**NOISY_MOONS, **_SCALING, "feat_stretch": 10.0, **_POLY, **_SELECTION}),
    Step("polynomial Φ", "Further down, Φ: on circles no line separates the classes, so logistic regression on "
                         "(x₁, x₂) is near chance; on the monomials up to degree 2 a line in Z is a circle in the "
                         "plane, right on every test point.",
         {**CIRCLES, **_SCALING, **_POLY, "feat_degree": 2, **_SELECTION, **_PHI_OPEN}),
    Step("noise features", "Further down, selection with four noise features: every filter ranks x1 and x2 first; "
                           "kNN on all six features scores lower than on x1 and x2, and forward selection's best "
                           "subset is those two.",
         {**NOISY_MOONS, **_SCALING, **_POLY, **_SELECTION, **_SELECTION_OPEN}),
]
FEATURES_OPENING = {**NOISY_MOONS, **_SCALING}
