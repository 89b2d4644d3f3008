"""The Bayes classifier and the Bayes error for generators whose densities are known.

For a joint distribution p(x, y) the Bayes classifier is h*(x) = argmax_j p(x, y = j) and the
Bayes error R* = 1 − ∫ max_j p(x, y = j) dx, the smallest error any classifier can have. The
true error of any h is R(h) = 1 − ∫ p(x, y = h(x)) dx. Both integrals are computed here by the
midpoint rule on a fine square grid that holds all but a negligible part of the mass.

Densities of ``mlcore.datasets.make_dataset`` in the limit of many points (what a fresh sample is
drawn from), with class weights π_k ∝ 1 − imbalance·k/(K − 1) (its ``class_sizes``):

* blobs: x | y = k ~ N(μ_k, s² I), μ_k = 1.8 (cos a_k, sin a_k), a_k = 3π/4 + 2πk/K,
  s² = 0.2² + noise².
* linear: x | y = k uniform on the part of the disc ‖x‖ ≤ 2.6 with ±w·x ≥ margin/2 (− for class 0),
  an area A = R² acos(h/R) − h √(R² − h²) with h = margin/2, R = 2.6, then convolved with the
  jitter N(0, noise² I). In coordinates t = w·x, u across w the convolution is the 1-D integral

      p(x | k) = (1/A) ∫_h^R φ_σ(t_x − t) [Φ((√(R² − t²) − u_x)/σ) − Φ((−√(R² − t²) − u_x)/σ)] dt,

  taken with t = R cos θ by 64-point Gauss–Legendre. Φ uses Abramowitz–Stegun 7.1.26 for erf
  (absolute error below 1.5e-7, numpy has no erf).
* label noise p: each label moves to one of the K − 1 others with probability p, so
  p(x, j) = (1 − p) p₀(x, j) + p/(K − 1) Σ_{c≠j} p₀(x, c).
* outliers q: a fraction q of points is uniform on the frame 2.8 ≤ max(|x1|, |x2|) ≤ 3.2 with a
  uniform label: p(x, j) ← (1 − q) p(x, j) + q · U_frame(x) / K.

* moons, circles, xor, checkerboard: the densities of ``mlcore/theory/_shapes.py`` (spirals
  have none written).

With noise 0 the moons and circles put all their mass on curves: there is no density to
integrate on a grid, so the integrals below then sum over the curves' quadrature nodes (each
class's curve carries its prior, the label noise mixes the labels there, and the outlier frame,
which the curves never touch, is integrated on the grid as before).
"""

from __future__ import annotations

import math

import numpy as np

from ..base import ValidationError, clone
from ..datasets import GENERATORS, make_dataset
from ..datasets._generators import OUTLIER_FRAME
from . import _shapes

__all__ = ["BayesClassifier", "KNOWN_DENSITIES", "excess_error"]

KNOWN_DENSITIES = ("blobs", "linear", *_shapes.CURVES, *_shapes.BOXES)
DISC_RADIUS = 2.6
BLOB_RADIUS, BLOB_SPREAD = 1.8, 0.2
_NODES, _WEIGHTS = np.polynomial.legendre.leggauss(64)


def _erf(x: np.ndarray) -> np.ndarray:
    """Abramowitz–Stegun 7.1.26: |error| < 1.5e-7."""
    sign = np.sign(x)
    x = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * x)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-x * x))


def _Phi(x: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + _erf(x / math.sqrt(2.0)))


def linear_direction(seed: int) -> np.ndarray:
    """The unit normal w of the "linear" generator for ``seed``: the first draw of its shape stream
    (mirrors ``_linear`` in mlcore/datasets/_generators.py; a test checks the two agree)."""
    shape_rng = np.random.default_rng(np.random.SeedSequence(seed).spawn(5)[0])
    angle = shape_rng.uniform(0, 2 * math.pi)
    return np.array([math.cos(angle), math.sin(angle)])


class BayesClassifier:
    """The Bayes-optimal classifier of a generator recipe (no fitting: the density is known).

    ``predict_proba`` is the posterior p(y = j | x), ``predict`` its argmax (first on ties),
    ``joint`` the densities p(x, y = j) (n, K). Raises ValidationError for a generator whose
    density is not written here.
    """

    def __init__(self, name: str = "blobs", noise: float = 0.4, n_classes: int = 2, imbalance: float = 0.0,
                 label_noise: float = 0.0, outliers: float = 0.0, margin: float = 0.5, seed: int = 0):
        if name not in KNOWN_DENSITIES:
            label = GENERATORS[name].label if name in GENERATORS else repr(name)
            raise ValidationError(f"the density of {label} is not known here; the Bayes classifier needs "
                                  f"one of: {', '.join(GENERATORS[k].label for k in KNOWN_DENSITIES)}")
        # make_dataset validates every value the same way; a tiny draw costs nothing
        make_dataset(name, n=max(4, 2 * n_classes), noise=noise, seed=seed, n_classes=n_classes,
                     imbalance=imbalance, label_noise=label_noise, outliers=outliers, margin=margin)
        self.name, self.noise, self.n_classes, self.imbalance = name, float(noise), int(n_classes), float(imbalance)
        self.label_noise, self.outliers, self.margin, self.seed = (float(label_noise), float(outliers),
                                                                   float(margin), seed)
        k = np.arange(self.n_classes)
        weights = 1.0 - self.imbalance * k / max(self.n_classes - 1, 1)
        self.priors_ = weights / weights.sum()
        self.classes_ = k
        self.n_features_in_ = 2

    # --- the class-conditional densities, as logs (blobs far from every centre underflow) ---

    def _clean_log_joint(self, X: np.ndarray) -> np.ndarray:
        with np.errstate(divide="ignore"):
            log_prior = np.log(self.priors_)
            if self.name == "blobs":
                var = BLOB_SPREAD ** 2 + self.noise ** 2
                angle = 0.75 * math.pi + 2 * math.pi * self.classes_ / self.n_classes
                centres = BLOB_RADIUS * np.column_stack([np.cos(angle), np.sin(angle)])
                sq = ((X[:, None, :] - centres[None]) ** 2).sum(axis=2)
                return log_prior - sq / (2 * var) - math.log(2 * math.pi * var)
            if self.name == "linear":
                return log_prior + np.log(self._linear_density(X))
            return log_prior + _shapes.class_log_densities(self.name, X, self.noise, _Phi)

    def _linear_density(self, X: np.ndarray) -> np.ndarray:
        R, h = DISC_RADIUS, self.margin / 2
        area = R * R * math.acos(h / R) - h * math.sqrt(R * R - h * h)
        w = linear_direction(self.seed)
        t_x, u_x = X @ w, X @ np.array([-w[1], w[0]])
        out = np.empty((len(X), 2))
        for c, side in enumerate((-1.0, 1.0)):
            t_side = side * t_x
            if self.noise == 0:
                out[:, c] = ((t_side >= h) & (t_x ** 2 + u_x ** 2 <= R * R)) / area
                continue
            top = math.acos(h / R)   # t = R cos θ runs from R (θ = 0) down to h (θ = top)
            theta = (_NODES + 1) * top / 2
            t, half_chord = R * np.cos(theta), R * np.sin(theta)
            sigma = self.noise
            along = np.exp(-(t_side[:, None] - t) ** 2 / (2 * sigma ** 2)) / (math.sqrt(2 * math.pi) * sigma)
            across = _Phi((half_chord - u_x[:, None]) / sigma) - _Phi((-half_chord - u_x[:, None]) / sigma)
            out[:, c] = (along * across) @ (_WEIGHTS * half_chord) * (top / 2) / area  # dt = R sin θ dθ
        return out

    def _mixed(self, X: np.ndarray):
        """(scale (n,), shape (n, K)): label-noised p(x, j) = scale · shape_j before outliers."""
        log_joint = self._clean_log_joint(X)
        top = log_joint.max(axis=1)
        empty = ~np.isfinite(top)   # outside the support of every class
        top = np.where(empty, 0.0, top)
        shape = np.where(empty[:, None], self.priors_, np.exp(log_joint - top[:, None]))
        scale = np.where(empty, 0.0, np.exp(top))
        p, K = self.label_noise, self.n_classes
        shape = (1 - p) * shape + p / (K - 1) * (shape.sum(axis=1, keepdims=True) - shape)
        return scale, shape

    def _frame(self, X: np.ndarray) -> np.ndarray:
        inner, outer = OUTLIER_FRAME
        edge = np.abs(X).max(axis=1)
        return ((edge >= inner) & (edge <= outer)) / ((2 * outer) ** 2 - (2 * inner) ** 2)

    def _check(self, X) -> np.ndarray:
        X = np.asarray(X, dtype=np.float64)
        if X.ndim != 2 or X.shape[1] != 2:
            raise ValidationError(f"X must be (n, 2) points in the plane; got shape {X.shape}. "
                                  "Reshape your data")
        return X

    def joint(self, X) -> np.ndarray:
        """p(x, y = j) for each row of X: (n, K)."""
        X = self._check(X)
        scale, shape = self._mixed(X)
        q = self.outliers
        return (1 - q) * scale[:, None] * shape + q * self._frame(X)[:, None] / self.n_classes

    def predict_proba(self, X) -> np.ndarray:
        """p(y = j | x) = p(x, j) / Σ_c p(x, c); where every density underflows, the label-noised shape."""
        X = self._check(X)
        joint = self.joint(X)
        total = joint.sum(axis=1, keepdims=True)
        _, shape = self._mixed(X)
        fallback = shape / shape.sum(axis=1, keepdims=True)
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(total > 0, joint / np.where(total > 0, total, 1.0), fallback)

    def predict(self, X) -> np.ndarray:
        return self.classes_[np.argmax(self.predict_proba(X), axis=1)]

    # --- integrals over the plane ---

    @property
    def sigma(self) -> float:
        """The jitter's standard deviation (for blobs, the clusters' whole spread)."""
        if self.name == "blobs":
            return math.sqrt(BLOB_SPREAD ** 2 + self.noise ** 2)
        return self.noise * GENERATORS[self.name].noise_scale

    @property
    def singular(self) -> bool:
        """All the clean mass on curves (moons or circles without noise): no density."""
        return self.name in _shapes.CURVES and self.noise == 0

    def _reach(self) -> float:
        """Half the side of a square holding all but a negligible part (beyond 8σ) of the mass."""
        core = (BLOB_RADIUS if self.name == "blobs" else DISC_RADIUS) + 8 * self.sigma
        return max(core, OUTLIER_FRAME[1])

    def integration_grid(self, resolution: int = 400):
        """Cell centres (m², 2) of a square grid around the mass, and the cell area; m is
        ``resolution``, raised (up to 1200) so a cell is no wider than σ: the midpoint rule on a
        Gaussian of width σ sampled every σ errs by about e^(−2π²) ≈ 3e-9 of its mass."""
        L = self._reach()
        if self.sigma > 0:
            resolution = max(resolution, min(1200, math.ceil(2 * L / self.sigma)))
        step = 2 * L / resolution
        axis = -L + step * (np.arange(resolution) + 0.5)
        gx, gy = np.meshgrid(axis, axis)
        return np.column_stack([gx.ravel(), gy.ravel()]), step * step

    def quadrature(self, resolution: int = 400):
        """Points (m, 2) and masses (m, K) with ∫ f(x) p(x, j) dx ≈ Σ_i f(x_i) mass_ij: the grid's
        cells times p(x, j), or, when the mass lies on curves (``singular``), the curves' nodes
        with their share of each label plus the outlier frame's cells."""
        points, cell = self.integration_grid(resolution)
        if not self.singular:
            return points, self.joint(points) * cell
        K, p, q = self.n_classes, self.label_noise, self.outliers
        mixing = np.full((K, K), p / max(K - 1, 1))   # mixing[c, j]: a point of curve c labelled j
        np.fill_diagonal(mixing, 1 - p)
        parts, masses = [], []
        for c in range(K):
            nodes, weights = _shapes.curve_nodes(self.name, c, _shapes.SINGULAR_SIGMA)
            parts.append(nodes)
            masses.append((1 - q) * self.priors_[c] * weights[:, None] * mixing[c][None])
        frame = self._frame(points) > 0
        parts.append(points[frame])
        masses.append(np.repeat(q * self._frame(points[frame])[:, None] * cell / K, K, axis=1))
        return np.vstack(parts), np.vstack(masses)

    def bayes_error(self, resolution: int = 400) -> float:
        """R* = 1 − ∫ max_j p(x, j) dx by the ``quadrature`` (the midpoint rule on a grid)."""
        _, mass = self.quadrature(resolution)
        return float(1.0 - mass.max(axis=1).sum())

    def true_error(self, model, resolution: int = 400) -> float:
        """R(h) = 1 − ∫ p(x, y = h(x)) dx for a fitted model whose labels are 0..K−1 (a label
        outside them, from a drawn point of another class, is always wrong)."""
        points, mass = self.quadrature(resolution)
        return _error_of(mass, model.predict(points))


def _error_of(mass: np.ndarray, pred) -> float:
    """1 − Σ_i mass[i, pred(x_i)]; a label outside 0..K−1 takes no mass."""
    pred = np.asarray(pred).astype(np.int64)
    known = (pred >= 0) & (pred < mass.shape[1])
    return float(1.0 - mass[np.flatnonzero(known), pred[known]].sum())


def excess_error(estimator, bayes: BayesClassifier, X_train, y_train, large_n: int = 5000,
                 resolution: int = 300) -> dict:
    """The excess error R(ĥ) − R* of ``estimator`` fitted on (X_train, y_train), split as the notes do:

        R(ĥ) − R* = [R(ĥ) − R(h*_H)] + [R(h*_H) − R*]  =  estimation + approximation.

    h*_H, the best classifier in the class, is not computable; it is *defined* here as the same
    estimator (same hyperparameters) fitted on a fresh sample of ``large_n`` points from the
    generator (seed + 1), so "approximation" is the error that remains with plenty of data and
    "estimation" what the small sample adds. With a finite large sample the estimation part can
    come out slightly negative. Every R is the exact integral against the known density.
    """
    fitted = clone(estimator).fit(X_train, y_train)
    X_big, y_big = make_dataset(bayes.name, n=large_n, noise=bayes.noise, seed=(bayes.seed + 1) % 2 ** 32,
                                n_classes=bayes.n_classes, imbalance=bayes.imbalance,
                                label_noise=bayes.label_noise, outliers=bayes.outliers, margin=bayes.margin)
    best = clone(estimator).fit(X_big, y_big)
    points, mass = bayes.quadrature(resolution)   # once for the three integrals
    risk, best_risk = _error_of(mass, fitted.predict(points)), _error_of(mass, best.predict(points))
    bayes_risk = float(1.0 - mass.max(axis=1).sum())
    return {"risk": risk, "best_in_class": best_risk, "bayes": bayes_risk,
            "estimation": risk - best_risk, "approximation": best_risk - bayes_risk,
            "model": fitted, "best_model": best}
