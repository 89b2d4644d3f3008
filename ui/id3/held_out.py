"""How a tree grown on a small table does on rows it has not seen: leave-one-out accuracy.

Each row in turn is left out, the tree is grown on the other n − 1 with the page's score, and the
row is predicted; the accuracy is the share predicted right. A full ID3 tree gets every training
row of a consistent table right, so its training accuracy says nothing about new rows; this does.
"""

from __future__ import annotations

import numpy as np

from mlcore import ValidationError
from mlcore.tree import ID3Classifier

MAX_ROWS = 100  # n trees to grow: on larger tables the page leaves it out


def leave_one_out(X, y, features: list[str], criterion: str, ratio: bool) -> tuple[int, int] | None:
    """(rows predicted right, rows) or None for a table too large or too small."""
    n = len(y)
    if not 3 <= n <= MAX_ROWS:
        return None
    right = 0
    for i in range(n):
        keep = np.arange(n) != i
        try:
            tree = ID3Classifier(criterion=criterion, gain_ratio=ratio).fit(X[keep], y[keep], feature_names=features)
        except ValidationError:   # the other rows hold one class only
            return None
        right += int(tree.predict(X[i:i + 1])[0] == y[i])
    return right, n


def in_words(model, X, y, features: list[str], criterion: str, ratio: bool) -> str:
    """The tree's training rows right, then its leave-one-out accuracy."""
    n, right = len(y), int(np.sum(model.predict(X) == y))
    said = f"The tree gets {'all' if right == n else f'{right} of the'} {n} training rows right"
    loo = leave_one_out(X, y, features, criterion, ratio)
    if loo is None:
        return said + "."
    return (f"{said}. Each row left out in turn and predicted by a tree grown on the other {n - 1}: {loo[0]} of "
            f"{n} come out right (leave-one-out accuracy {loo[0] / n:.0%}), the estimate for new rows.")
