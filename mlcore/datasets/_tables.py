"""The two small categorical tables that lectures use for ID3, the 1-rule and naive Bayes.

Values are exactly as printed in the course material (lower-case strings), so
the textbook numbers (H(S) = 0.940 for 9 yes / 5 no, gain(outlook) = 0.246, ...)
come out of them unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["Table", "tennis", "kids_play", "TABLES"]


@dataclass(frozen=True)
class Table:
    """A categorical data set: ``X[i, j]`` is the value of ``features[j]`` on row i, ``y[i]`` its ``target``."""

    name: str
    features: tuple[str, ...]
    X: np.ndarray
    y: np.ndarray
    target: str

    @property
    def n_rows(self) -> int:
        return self.X.shape[0]


def _table(name: str, header: str, target: str, rows: str) -> Table:
    features = tuple(header.split())
    cells = [line.split() for line in rows.strip().splitlines()]
    X = np.array([c[:-1] for c in cells], dtype=str)
    y = np.array([c[-1] for c in cells], dtype=str)
    return Table(name=name, features=features, X=X, y=y, target=target)


def tennis() -> Table:
    """Play tennis? 14 days (Quinlan / Mitchell): outlook, temperature, humidity, wind -> play."""
    return _table("tennis", "outlook temperature humidity wind", "play", """
        sunny    hot  high   weak   no
        sunny    hot  high   strong no
        overcast hot  high   weak   yes
        rain     mild high   weak   yes
        rain     cool normal weak   yes
        rain     cool normal strong no
        overcast cool normal strong yes
        sunny    mild high   weak   no
        sunny    cool normal weak   yes
        rain     mild normal weak   yes
        sunny    mild normal strong yes
        overcast mild high   strong yes
        overcast hot  normal weak   yes
        rain     mild high   strong no
    """)


def kids_play() -> Table:
    """Do kids play outside? 14 rows: outlook, temp, humidity, windy -> play."""
    return _table("kids_play", "outlook temp humidity windy", "play", """
        overcast cold normal true  yes
        overcast hot  high   false yes
        overcast hot  normal false yes
        overcast mild high   true  yes
        rainy    cold normal false yes
        rainy    cold normal true  no
        rainy    mild high   false yes
        rainy    mild high   true  no
        rainy    mild normal false yes
        sunny    cold normal false yes
        sunny    hot  high   false no
        sunny    hot  high   true  no
        sunny    mild high   false no
        sunny    mild normal true  yes
    """)


TABLES = {"tennis": tennis, "kids_play": kids_play}
