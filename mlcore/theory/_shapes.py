"""Class densities of the curved and boxed generators of ``mlcore.datasets`` (the limit of many points).

Each clean class is a shape: a curve s(t) with its parameter t drawn from a density w(t), or a
union of boxes with uniform points; the generator then adds isotropic jitter N(0, σ² I) with
σ = noise · s (the spec's ``noise_scale``). So p(x | k) = ∫ w(t) φ_σ(x − s_k(t)) dt for a curve and
the box indicator convolved with φ_σ for boxes, φ_σ the 2-D normal density. Written to match
``mlcore/datasets/_generators.py`` exactly (a test samples the generator against them):

* moons (s = 1.6): class 0 is 1.6 ((cos t, sin t) − c), class 1 1.6 ((1 − cos t, 0.5 − sin t) − c),
  c = (0.5, 0.25), t uniform on [0, π]. The arc integral is taken by composite 8-point
  Gauss–Legendre on panels of arc length ≤ 2σ (the integrand is a bump of width σ along the arc,
  which 8 nodes over 2σ integrate to about 1e-7), as a log-sum-exp so far points do not underflow.
* circles (s = 1.2): class 0 on the circle of radius 2.4, class 1 on radius 1.2, t uniform on
  [0, 2π]. Closed form: with ρ = ‖x‖, p(x | k) = exp(−(ρ² + r²) / 2σ²) I₀(rρ / σ²) / (2πσ²),
  I₀ the modified Bessel function (numpy's ``i0``; past 700 its asymptotic series).
* xor (s = 1.25): each coordinate's magnitude is uniform on [0.1, 2.5], with signs (+, +) or
  (−, −) for class 0 and mixed for class 1. With u(z) = [Φ((z − 0.1)/σ) − Φ((z − 2.5)/σ)] / 2.4,
  the density of such a magnitude plus jitter: p(x | 0) = ½ [u(x₁) u(x₂) + u(−x₁) u(−x₂)],
  p(x | 1) = ½ [u(−x₁) u(x₂) + u(x₁) u(−x₂)].
* checkerboard (s = 1.2): cell (i, j) of the 4 × 4 board is [1.2 i − 2.4, 1.2 (i + 1) − 2.4] ×
  [1.2 j − 2.4, ...], class (i + j) mod 2, 8 cells per class chosen uniformly:
  p(x | k) = (1/8) Σ_cells v_i(x₁) v_j(x₂), v_i the uniform on the cell's side convolved with φ_σ.

Spirals are not written here: their arms are long against a small σ, so the grid integrals
would take seconds. With noise 0 a curve class has no density (all its mass is on the curve): ``curve_nodes`` gives
the nodes and weights of its measure, and the log densities are then those of a tiny σ
(``SINGULAR_SIGMA``), whose argmax is the nearest curve, the limit of the Bayes rule.
"""

from __future__ import annotations

import math

import numpy as np

CURVES = ("moons", "circles")
BOXES = ("xor", "checkerboard")
SCALE = {"moons": 1.6, "circles": 1.2, "xor": 1.25, "checkerboard": 1.2}
MOON_RADIUS, MOON_SHIFT = 1.6, np.array([0.5, 0.25])
CIRCLE_RADII = (2.4, 1.2)
XOR_RANGE = (0.1, 2.5)
CELL = 1.2
SINGULAR_SIGMA = 1e-3
MAX_NODES = 8192
_GL_X, _GL_W = np.polynomial.legendre.leggauss(8)
_CHUNK = 4096  # points per block of the log-sum-exp (a block is points × nodes doubles)


def _log_i0_scaled(z: np.ndarray) -> np.ndarray:
    """log(I₀(z) e^−z), z ≥ 0: numpy's i0 (Cephes) below 700, above it the asymptotic series
    I₀(z) e^−z = (1 + 1/(8z) + 9/(2 (8z)²) + 225/(6 (8z)³)) / √(2πz) (next term < 1e-12 there)."""
    z = np.asarray(z, dtype=np.float64)
    small = z < 700
    out = np.empty_like(z)
    out[small] = np.log(np.i0(z[small])) - z[small]
    big = z[~small]
    series = 1 + 1 / (8 * big) + 9 / (128 * big ** 2) + 225 / (3072 * big ** 3)
    out[~small] = np.log(series) - 0.5 * np.log(2 * math.pi * big)
    return out


def _curve(name: str, k: int):
    """(s(t) for an array t, speed bound max ‖s'(t)‖, t interval, w(t)) of class k's clean curve."""
    if name == "moons":
        def s(t):
            if k == 0:
                base = np.column_stack([np.cos(t), np.sin(t)])
            else:
                base = np.column_stack([1 - np.cos(t), 0.5 - np.sin(t)])
            return (base - MOON_SHIFT) * MOON_RADIUS
        return s, MOON_RADIUS, (0.0, math.pi), lambda t: np.full_like(t, 1 / math.pi)
    r = CIRCLE_RADII[k]
    return (lambda t: r * np.column_stack([np.cos(t), np.sin(t)]), r, (0.0, 2 * math.pi),
            lambda t: np.full_like(t, 1 / (2 * math.pi)))


def curve_nodes(name: str, k: int, sigma: float):
    """Nodes (m, 2) on class k's curve and weights (m,) summing to 1: composite 8-point
    Gauss–Legendre in t, panels of arc length at most 2σ (at least 16 panels, at most MAX_NODES nodes)."""
    s, speed, (a, b), w = _curve(name, k)
    panels = int(min(MAX_NODES // 8, max(16, math.ceil(speed * (b - a) / (2 * max(sigma, SINGULAR_SIGMA))))))
    edges = np.linspace(a, b, panels + 1)
    half = (edges[1:] - edges[:-1])[:, None] / 2
    t = ((edges[:-1] + edges[1:])[:, None] / 2 + half * _GL_X[None]).ravel()
    weights = (half * _GL_W[None]).ravel() * w(t)
    return s(t), weights / weights.sum()


def _log_curve_density(X: np.ndarray, nodes: np.ndarray, weights: np.ndarray, sigma: float) -> np.ndarray:
    """log Σ_i weights_i φ_σ(x − node_i) for each row of X, by blocks (log-sum-exp)."""
    out = np.empty(len(X))
    log_w = np.log(weights)
    for start in range(0, len(X), _CHUNK):
        block = X[start:start + _CHUNK]
        # ‖x − n‖² as ‖x‖² − 2 x·n + ‖n‖², a matrix product (its rounding, ~1e-15, is nothing against 2σ²)
        sq = (block ** 2).sum(axis=1)[:, None] - 2 * block @ nodes.T + (nodes ** 2).sum(axis=1)[None]
        a = log_w[None] - np.maximum(sq, 0.0) / (2 * sigma ** 2)
        top = a.max(axis=1)
        out[start:start + _CHUNK] = top + np.log(np.exp(a - top[:, None]).sum(axis=1))
    return out - math.log(2 * math.pi * sigma ** 2)


def _smooth_interval(z: np.ndarray, low: float, high: float, sigma: float, Phi) -> np.ndarray:
    """Density at z of a uniform on [low, high] plus N(0, σ²) (the indicator when σ = 0)."""
    if sigma == 0:
        return ((z >= low) & (z <= high)) / (high - low)
    return np.clip(Phi((z - low) / sigma) - Phi((z - high) / sigma), 0.0, None) / (high - low)


def class_log_densities(name: str, X: np.ndarray, noise: float, Phi) -> np.ndarray:
    """log p(x | k), (n, 2), for a generator named in CURVES or BOXES; ``Phi`` the normal cdf."""
    sigma = noise * SCALE[name]
    if name in BOXES:
        dens = _box_densities(name, X, sigma, Phi)
        with np.errstate(divide="ignore"):
            return np.log(dens)
    sigma = max(sigma, SINGULAR_SIGMA)
    if name == "circles":
        rho = np.sqrt((X ** 2).sum(axis=1))
        # −(ρ² + r²)/2σ² + log I₀(rρ/σ²) written as −(ρ − r)²/2σ² + log(I₀ e^−z): no cancellation
        return np.column_stack([-(rho - r) ** 2 / (2 * sigma ** 2) + _log_i0_scaled(r * rho / sigma ** 2)
                                - math.log(2 * math.pi * sigma ** 2) for r in CIRCLE_RADII])
    return np.column_stack([_log_curve_density(X, *curve_nodes(name, k, sigma), sigma) for k in range(2)])


def _box_densities(name: str, X: np.ndarray, sigma: float, Phi) -> np.ndarray:
    x1, x2 = X[:, 0], X[:, 1]
    if name == "xor":
        low, high = XOR_RANGE
        u = {(c, sign): _smooth_interval(sign * c_x, low, high, sigma, Phi)
             for c, c_x in ((0, x1), (1, x2)) for sign in (1, -1)}
        same = 0.5 * (u[0, 1] * u[1, 1] + u[0, -1] * u[1, -1])
        mixed = 0.5 * (u[0, -1] * u[1, 1] + u[0, 1] * u[1, -1])
        return np.column_stack([same, mixed])
    sides = [(_smooth_interval(x1, CELL * i - 2.4, CELL * (i + 1) - 2.4, sigma, Phi),
              _smooth_interval(x2, CELL * i - 2.4, CELL * (i + 1) - 2.4, sigma, Phi)) for i in range(4)]
    out = np.zeros((len(X), 2))
    for i in range(4):
        for j in range(4):
            out[:, (i + j) % 2] += sides[i][0] * sides[j][1] / 8
    return out
