"""extra_features: irrelevant and redundant columns added to the 2-D generators, backward compatible."""

import hashlib

import numpy as np
import pytest

from mlcore.base import ValidationError
from mlcore.datasets import GENERATORS, make_dataset

# Produced by main at 6635b5f, before extra_features existed: the first three rows, the sum of
# |X| and a digest of y. y is integers (compared exactly); X comes through sin/cos, whose last
# bit may differ between libm/SIMD builds, so it is compared to within a few ulps.
BEFORE = [
    (dict(name="moons", n=200, noise=0.15, seed=3),
     [[0.25832837341485737, 0.8578162158048234], [-1.270112633800053, 0.6930655479310792],
      [2.4782605897178995, -0.5230820185543021]],
     361.5320958608081, "46a0204ec27ab3dc99d92e81d20abb99f163207c0be6012be0bf7121cb60ddaa"),
    (dict(name="blobs", n=150, noise=0.4, seed=7, n_classes=3, label_noise=0.1, outliers=0.05),
     [[-0.686607320271526, -1.7839705012568672], [-1.0596610298635527, -1.8400405486759301],
      [2.0187224145451665, -3.110559665892392]],
     374.0929724488536, "025fcf5a6cc4114c061f77da123818cca5f1090c0028f565b3ade416c5461258"),
]


@pytest.mark.parametrize("recipe, rows, abs_sum, y_digest", BEFORE)
def test_default_gives_the_data_of_before(recipe, rows, abs_sum, y_digest):
    for X, y in (make_dataset(**recipe), make_dataset(**recipe, extra_features=0)):
        assert X.shape == (recipe["n"], 2)
        # numpy's vectorised sin/cos may differ by a few ulps between CPUs (SIMD paths): 1e-10
        # allows that and still catches any change of the data (another draw moves values by ~0.1).
        np.testing.assert_allclose(X[:3], rows, rtol=1e-10, atol=0)
        assert float(np.abs(X).sum()) == pytest.approx(abs_sum, rel=1e-10)
        assert hashlib.sha256(y.astype("<i8").tobytes()).hexdigest() == y_digest


def test_the_extra_stream_leaves_the_other_five_alone():
    # The premise of the sixth stream: spawn(6) begins with spawn(5)'s children.
    for seed in (0, 1, 12345):
        five = np.random.SeedSequence(seed).spawn(5)
        six = np.random.SeedSequence(seed).spawn(6)
        for a, b in zip(five, six[:5], strict=True):
            assert np.array_equal(np.random.default_rng(a).integers(0, 2**62, 8),
                                  np.random.default_rng(b).integers(0, 2**62, 8))


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_extra_columns_are_appended_and_move_nothing(name):
    X0, y0 = make_dataset(name, n=120, seed=5)
    X, y = make_dataset(name, n=120, seed=5, extra_features=4, correlated=1)
    assert X.shape == (120, 6)
    assert np.array_equal(X[:, :2], X0) and np.array_equal(y, y0)
    assert np.all(np.isfinite(X))


def test_noise_columns_are_independent_of_the_label_and_copies_follow_x1():
    X, y = make_dataset("blobs", n=2000, noise=0.3, seed=1, extra_features=3, correlated=1)
    copy_r = np.corrcoef(X[:, 0], X[:, 2])[0, 1]
    assert copy_r > 0.8  # x1 + 0.5 ε with sd(x1) ≈ 1.3: r = 1.3 / sqrt(1.3² + 0.25) ≈ 0.93
    for j in (3, 4):
        # Independent of y: the class means differ only by sampling noise, ~1.3 / sqrt(1000) ≈ 0.04.
        gap = abs(X[y == 0, j].mean() - X[y == 1, j].mean())
        assert gap < 0.25
        assert 1.1 < X[:, j].std() < 1.5


@pytest.mark.parametrize("bad", [dict(extra_features=-1), dict(extra_features=21), dict(extra_features=1.5),
                                 dict(extra_features=2, correlated=3)])
def test_bad_extra_features_are_explained(bad):
    with pytest.raises(ValidationError, match="extra_features|correlated"):
        make_dataset("moons", **bad)
