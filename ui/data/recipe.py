"""The dataset recipe: what the sidebar's Data panel describes, small and hashable.

It keys every cache and fits in the URL. Its own module because both the panel (ui.data.dataset_panel)
and your own points (ui.data.own_points) build on it.
"""

from __future__ import annotations

from typing import NamedTuple

BLANK = "blank"  # no generated points: the dataset is only what the user draws


class Recipe(NamedTuple):
    data: str = "blobs"
    n: int = 200
    noise: float = 0.4
    classes: int = 2
    seed: int = 0
    test: float = 0.3
    imbalance: float = 0.0
    label_noise: float = 0.0
    outliers: float = 0.0
    margin: float = 0.5
    upload: str = ""       # digest of an uploaded table (ui.data.own_points): it replaces the generated points
    erased: tuple = ()     # indices of generated (or uploaded) points erased on the chart
