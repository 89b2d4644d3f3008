"""The class colours stay apart for colour-blind students, classes differ by shape too, and the
boundary lines keep a 3:1 contrast on every region tint (issue 24).

Colour vision is simulated with Machado, Oliveira & Fernandes (2009), severity 1, applied in linear
RGB; colours are compared by their CIE76 distance ΔE in CIELAB (D65). ΔE ≈ 2.3 is just noticeable;
MIN_DELTA_E = 15 is "clearly another colour" at a glance. Contrast is WCAG's (L1 + 0.05) / (L2 + 0.05).
"""

import itertools

import numpy as np
import pytest

from viz.palette import CLASS_COLORS, CLASS_SYMBOLS, INK, region_tint

MIN_DELTA_E = 15.0
MIN_CONTRAST = 3.0
MACHADO = {
    "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
    "deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
    "tritanopia": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]],
    "typical": np.eye(3).tolist(),
}
SRGB_TO_XYZ = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
D65 = np.array([0.95047, 1.0, 1.08883])


def linear(color: str) -> np.ndarray:
    c = np.array([int(color[i:i + 2], 16) for i in (1, 3, 5)]) / 255
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def lab(rgb_linear: np.ndarray) -> np.ndarray:
    xyz = SRGB_TO_XYZ @ np.clip(rgb_linear, 0, 1) / D65
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def seen(color: str, vision: str) -> np.ndarray:
    return lab(np.array(MACHADO[vision]) @ linear(color))


def closest_pair(colors, vision: str) -> tuple[float, tuple[str, str]]:
    return min((float(np.linalg.norm(seen(a, vision) - seen(b, vision))), (a, b))
               for a, b in itertools.combinations(colors, 2))


@pytest.mark.parametrize("vision", MACHADO)
def test_every_pair_of_class_colours_stays_apart(vision):
    distance, pair = closest_pair(CLASS_COLORS, vision)
    assert distance >= MIN_DELTA_E, (vision, pair, round(distance, 1))


def test_the_check_catches_a_palette_that_fails_red_green_vision():
    distance, _ = closest_pair(("#D62728", "#2CA02C"), "deuteranopia")  # the classic red and green
    assert distance < MIN_DELTA_E


def test_every_class_has_its_own_marker_shape():
    assert len(set(CLASS_SYMBOLS)) == len(CLASS_SYMBOLS) == len(CLASS_COLORS)


def luminance(color: str) -> float:
    return float(np.array([0.2126, 0.7152, 0.0722]) @ linear(color))


@pytest.mark.parametrize("i", range(len(CLASS_COLORS)))
@pytest.mark.parametrize("confidence", [None, 0.0, 0.5, 1.0])
def test_boundary_lines_keep_a_three_to_one_contrast_on_every_tint(i, confidence):
    tint = region_tint(i, confidence)
    lighter, darker = sorted((luminance(tint), luminance(INK)), reverse=True)
    assert (lighter + 0.05) / (darker + 0.05) >= MIN_CONTRAST, (tint, INK)
