"""Which model drew this? One model's decision regions on generated data; the student names its
family among four. The reveal fits all four (mlcore models, the catalog's ``catalog.models``
entries ``CATALOG_KEYS`` with the settings below) on the same data, side by side.

What gives a family away is the shape of its boundary:

    kNN (k = 1)       ragged, with islands around single points (a Voronoi boundary);
    decision tree     horizontal and vertical pieces only: x_j <= t splits make axis-aligned boxes;
    linear            one straight line w·x + b = 0;
    RBF SVM           smooth curves, sum_i a_i y_i exp(-gamma ||x - x_i||^2) + b = 0;
    naive Bayes       a conic aligned with the axes: with per-class Gaussians of diagonal covariance,
                      log p(x | c) is quadratic in x with no x1·x2 term;
    MLP (ReLU)        straight pieces at any angle: the network is piecewise linear in x;
    random forest     axis-aligned steps, many and small: a vote of trees, boxes that do not line up.

Levels by how alike the four look: 1 offers four plainly different shapes (kNN, tree, linear,
RBF SVM); 2 pairs look-alikes (tree and forest, RBF SVM and naive Bayes); 3 offers four curved or
stepped boundaries on noisier data (naive Bayes, MLP, RBF SVM, random forest). A task is only
made when the drawn model's regions differ from every other option's on at least ``DIFFERENT``
of the plane and each of its regions covers at least ``REGION`` of it, so the answer can be read
off the picture.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from exercises.verdicts import Verdict, task_rng
from mlcore.datasets import make_dataset
from mlcore.ensemble import RandomForestClassifier
from mlcore.linear_model import LogisticRegression
from mlcore.naive_bayes import GaussianNB
from mlcore.neighbors import KNeighborsClassifier
from mlcore.neural_network import MLPClassifier
from mlcore.svm import SVC
from mlcore.tree import DecisionTreeClassifier

KIND = "which_model"
# family -> (label, the catalog's model key, constructor settings)
FAMILIES = {
    "knn": ("k nearest neighbours (k = 1)", "knn", {"n_neighbors": 1}),
    "tree": ("decision tree", "tree", {"max_depth": 6}),
    "linear": ("linear model (logistic regression)", "logistic", {}),
    "rbf_svm": ("SVM with an RBF kernel", "svm", {"kernel": "rbf", "gamma": 2.0, "C": 10.0}),
    "naive_bayes": ("Gaussian naive Bayes", "gaussian_nb", {}),
    "mlp": ("neural network (MLP, ReLU)", "mlp", {"hidden_layer_sizes": (12, 12), "max_iter": 400,
                                                   "learning_rate_init": 0.02, "random_state": 0}),
    "forest": ("random forest", "random_forest", {"n_estimators": 30, "random_state": 0}),
}
CATALOG_KEYS = {family: key for family, (_, key, _) in FAMILIES.items()}
_CLASSES = {"knn": KNeighborsClassifier, "tree": DecisionTreeClassifier, "linear": LogisticRegression,
            "rbf_svm": SVC, "naive_bayes": GaussianNB, "mlp": MLPClassifier, "forest": RandomForestClassifier}
TELLS = {
    "knn": "a ragged boundary with small islands around single points: each spot takes the class of "
           "its one nearest training point",
    "tree": "only horizontal and vertical pieces: each split is x₁ ≤ t or x₂ ≤ t, so the regions are boxes",
    "linear": "one straight line across the whole plane",
    "rbf_svm": "smooth curves that wrap around groups of points, bending anywhere",
    "naive_bayes": "one smooth conic (an ellipse, a parabola or a hyperbola) lined up with the axes: "
                   "each class is a Gaussian with no tilt",
    "mlp": "straight pieces at any angle joined at corners: a ReLU network is piecewise linear",
    "forest": "many small horizontal and vertical steps that do not line up: the vote of many trees",
}
OPTIONS = {1: ("knn", "tree", "linear", "rbf_svm"),
           2: ("tree", "forest", "rbf_svm", "naive_bayes"),
           3: ("naive_bayes", "mlp", "rbf_svm", "forest")}
# level -> (datasets, noise range, points)
DATA = {1: (("moons", "xor", "blobs"), (0.1, 0.2), 120),
        2: (("moons", "circles", "blobs", "xor"), (0.15, 0.3), 150),
        3: (("moons", "circles", "xor", "blobs"), (0.25, 0.4), 180)}
DIFFERENT = 0.04     # share of the plane where the drawn model and each other option disagree, at least
REGION = 0.1        # share of the plane each of the drawn model's regions covers, at least
GRID = 60            # cells per side of the plane on which that share is measured


@dataclass(frozen=True)
class Task:
    level: int
    seed: int
    options: tuple      # four family keys, in the order shown
    drawn: str          # the family that drew the regions
    dataset: str
    noise: float
    n: int
    data_seed: int

    def data(self) -> tuple[np.ndarray, np.ndarray]:
        return make_dataset(self.dataset, n=self.n, noise=self.noise, seed=self.data_seed)


def build(family: str):
    """An unfitted mlcore model of ``family`` with this exercise's settings."""
    return _CLASSES[family](**FAMILIES[family][2])


def fit(task: Task, family: str):
    X, y = task.data()
    return build(family).fit(X, y)


def bounds(X: np.ndarray) -> tuple[float, float, float, float]:
    """The plane around the data, 10% wider on each side."""
    lo, hi = X.min(axis=0), X.max(axis=0)
    pad = 0.1 * (hi - lo)
    return float(lo[0] - pad[0]), float(hi[0] + pad[0]), float(lo[1] - pad[1]), float(hi[1] + pad[1])


def disagreement(task: Task) -> dict[str, float]:
    """For every other option, the share of a GRID x GRID plane where it predicts another class
    than the drawn model; under ``"drawn"``, the share of the plane the drawn model's smallest
    region covers (a region too small shows no boundary to read)."""
    X, _ = task.data()
    x0, x1, y0, y1 = bounds(X)
    gx, gy = np.meshgrid(np.linspace(x0, x1, GRID), np.linspace(y0, y1, GRID))
    P = np.column_stack([gx.ravel(), gy.ravel()])
    drawn = fit(task, task.drawn).predict(P)
    shares = {f: float(np.mean(fit(task, f).predict(P) != drawn)) for f in task.options if f != task.drawn}
    return {**shares, "drawn": float(min(np.mean(drawn == c) for c in np.unique(task.data()[1])))}


def make(level: int, seed: int) -> Task:
    """The task of (level, seed): the options in a shuffled order, the drawn family, the data. Drawn
    again (from the same generator, so still the same on every machine) while some other option
    would draw nearly the same regions."""
    rng = task_rng(KIND, level, seed)
    names, (low, high), n = DATA[level]
    task = None
    for _ in range(20):
        options = tuple(str(f) for f in rng.permutation(OPTIONS[level]))
        task = Task(level, seed, options, options[int(rng.integers(4))], str(names[int(rng.integers(len(names)))]),
                    round(float(rng.uniform(low, high)), 2), n, int(rng.integers(1, 10_000)))
        shares = disagreement(task)
        if shares.pop("drawn") >= REGION and min(shares.values()) >= DIFFERENT:
            break
    return task


def label(family: str) -> str:
    return FAMILIES[family][0]


def check(task: Task, answer: str | None) -> Verdict:
    """Done when the answer is the family that drew the regions (score 1, else 0)."""
    if answer == task.drawn:
        return Verdict(True, 1.0, f"It is the {label(task.drawn)}: {TELLS[task.drawn]}. "
                                  "The shape of a boundary tells the family before any number does.")
    if answer not in task.options:
        return Verdict(False, 0.0, "Pick one of the four families.")
    return Verdict(False, 0.0, f"Not the {label(answer)}: it would draw {TELLS[answer]}. Does this boundary "
                               "look like that everywhere? Follow it once more from edge to edge.")


def hints(task: Task) -> tuple[str, ...]:
    ruled_out = [f for f in task.options if f != task.drawn][:2]
    return (
        "Follow the boundary from edge to edge: is it one straight line, horizontal and vertical steps, "
        "smooth curves, or ragged with islands around single points?",
        " ".join(f"**{label(f)}**: {TELLS[f]}." for f in task.options),
        f"It is not the {label(ruled_out[0])} and not the {label(ruled_out[1])}.",
    )


def reveal(task: Task) -> dict:
    """Every option fitted on the task's data: family -> fitted mlcore model."""
    return {f: fit(task, f) for f in task.options}


def solve(task: Task) -> str:
    return task.drawn
