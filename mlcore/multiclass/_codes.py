"""Output codes: a K x L matrix M of +1/-1, one row (code word) per class, one column per machine.

Machine l learns the two-class problem "M[k, l] = +1 against M[k, l] = -1": every point of
class k gets the label M[k, l]. A new point gets one bit per machine, b_l = sign f_l(x), and
the class whose row is nearest wins. Between two code words, the Hamming distance counts the
bits where they differ; for +1/-1 vectors of length L it is

    H(b, m) = sum_l [b_l != m_l] = (L - b·m) / 2.

If any two rows differ in at least d bits (the code's minimum distance), a word with at most
floor((d - 1) / 2) wrong bits is still nearest to its own row: the code corrects that many errors.

Codes offered (Dietterich and Bakiri 1995; Allwein, Schapire and Singer 2000):

* one-vs-all: M = 2 I - 1 (K bits, class k is +1 only in bit k); d = 2, corrects 0 errors.
* exhaustive: every split of the K classes into two non-empty groups once, 2^(K-1) - 1 bits;
  d = 2^(K-2), so K = 5 (15 bits) corrects 3 errors.
* random dense: each entry +1 or -1 with probability 1/2, int(code_size * K) bits; a column
  that puts every class on one side (no machine can learn it) is drawn again.
* the lecture notes' 8-class, 6-bit example (NOTES_CODE), and any code a user types.
"""

from __future__ import annotations

import numpy as np

from ..base import ValidationError

__all__ = ["NOTES_CODE", "NOTES_BITS", "one_vs_all_code", "exhaustive_code", "random_code", "parse_code",
           "check_code", "hamming_distances", "min_distance", "errors_corrected"]

# The lecture notes' example (worked_examples.md, section 7): classes 1..8, bits b1..b6.
NOTES_CODE = np.array([
    [-1, -1, -1, +1, -1, -1],
    [+1, -1, -1, -1, -1, -1],
    [-1, +1, +1, -1, +1, -1],
    [+1, +1, -1, -1, -1, -1],
    [+1, +1, -1, -1, +1, -1],
    [-1, -1, +1, +1, -1, +1],
    [-1, -1, +1, -1, -1, -1],
    [-1, +1, -1, +1, -1, -1],
], dtype=np.int8)
# The predicted bits of the notes' example; they decode to class 3 at distance 1.
NOTES_BITS = np.array([-1, +1, +1, -1, +1, +1], dtype=np.int8)

_MAX_EXHAUSTIVE = 10  # 2^9 - 1 = 511 machines; beyond that the code is not something to look at


def one_vs_all_code(n_classes: int) -> np.ndarray:
    """M[k, l] = +1 if k == l else -1: machine l is "class l against the rest"."""
    return (2 * np.eye(n_classes, dtype=np.int8) - 1).astype(np.int8)


def exhaustive_code(n_classes: int) -> np.ndarray:
    """All 2^(K-1) - 1 two-group splits of K classes, class 0 always +1 (Dietterich and Bakiri).

    Column j (j = 1 .. 2^(K-1) - 1) puts class k (k >= 1) on the +1 side when bit K-1-k of j
    is 0, so every split appears once and no column is constant.
    """
    if not 2 <= n_classes <= _MAX_EXHAUSTIVE:
        raise ValidationError(
            f"the exhaustive code needs 2 to {_MAX_EXHAUSTIVE} classes (it has 2^(K-1) - 1 machines); "
            f"got {n_classes} classes"
        )
    columns = np.arange(1, 2 ** (n_classes - 1))
    shifts = np.arange(n_classes - 2, -1, -1)  # class k >= 1 reads bit K-1-k of the column number
    bits = (columns[None, :] >> shifts[:, None]) & 1
    rest = np.where(bits == 0, 1, -1)
    return np.vstack([np.ones((1, len(columns)), dtype=np.int8), rest]).astype(np.int8)


def random_code(n_classes: int, n_bits: int, rng: np.random.Generator) -> np.ndarray:
    """Each entry +1 or -1 with probability 1/2; constant columns are drawn again.

    With 2 classes a non-constant column is (+1, -1) or (-1, +1), so there is always one.
    """
    if n_bits < 1:
        raise ValidationError(f"a random code needs at least 1 bit; code_size gives {n_bits}")
    code = np.empty((n_classes, n_bits), dtype=np.int8)
    for column in range(n_bits):
        while True:
            draw = np.where(rng.random(n_classes) < 0.5, 1, -1)
            if np.any(draw != draw[0]):
                break
        code[:, column] = draw
    return code


def parse_code(text: str) -> np.ndarray:
    """A code typed as rows of +1/-1 (or + and -, or 1 and 0), one class per line or per ';'.

    "+1 -1 -1; -1 +1 -1; -1 -1 +1" and "+--\\n-+-\\n--+" are the same one-vs-all code.
    """
    rows = [r.strip() for r in str(text).replace(";", "\n").splitlines() if r.strip()]
    if not rows:
        raise ValidationError("the code is empty: type one row of +1/-1 per class, rows separated by ';'")
    parsed = []
    for number, row in enumerate(rows, start=1):
        tokens = row.replace(",", " ").split()
        if len(tokens) == 1 and set(tokens[0]) <= set("+-"):
            tokens = list(tokens[0])  # "+-+" written without spaces
        values = []
        for token in tokens:
            if token in ("+1", "1", "+"):
                values.append(1)
            elif token in ("-1", "0", "-"):
                values.append(-1)
            else:
                raise ValidationError(f"row {number} of the code has {token!r}: use +1 or -1 only")
        parsed.append(values)
    lengths = {len(v) for v in parsed}
    if len(lengths) != 1:
        raise ValidationError(
            "every row of the code needs the same number of bits; the rows have "
            + ", ".join(str(len(v)) for v in parsed) + " bits"
        )
    return np.array(parsed, dtype=np.int8)


def check_code(code, n_classes: int) -> np.ndarray:
    """A usable code for K classes: K rows of +1/-1, no constant column, no two equal rows."""
    code = parse_code(code) if isinstance(code, str) else np.asarray(code)
    if code.ndim != 2 or code.size == 0:
        raise ValidationError("the code must be a table: one row of +1/-1 per class")
    if not np.all(np.isin(code, (-1, 1))):
        raise ValidationError("the code may hold +1 and -1 only (each machine splits the classes in two)")
    code = code.astype(np.int8)
    if code.shape[0] != n_classes:
        raise ValidationError(
            f"the code has {code.shape[0]} rows but the data has {n_classes} classes: one row per class"
        )
    constant = np.flatnonzero(np.all(code == code[:1], axis=0))
    if constant.size:
        raise ValidationError(
            f"bit {constant[0] + 1} of the code puts every class on the same side, so its machine has "
            "one class to learn; give each column at least one +1 and one -1"
        )
    distances = pairwise_distances(code)
    np.fill_diagonal(distances, code.shape[1] + 1)
    if distances.min() == 0:
        a, b = np.unravel_index(np.argmin(distances), distances.shape)
        raise ValidationError(
            f"classes {a + 1} and {b + 1} have the same code word, so no prediction can tell them apart"
        )
    return code


def hamming_distances(words, code) -> np.ndarray:
    """H[i, k] = number of bits where word i (+1/-1) differs from row k: (L - words @ code.T) / 2.

    Exact integer arithmetic (the words and rows are +1/-1).
    """
    words = np.atleast_2d(np.asarray(words, dtype=np.int64))
    code = np.asarray(code, dtype=np.int64)
    return (code.shape[1] - words @ code.T) // 2


def pairwise_distances(code) -> np.ndarray:
    """The K x K Hamming distances between the rows of a code."""
    return hamming_distances(code, code)


def min_distance(code) -> int:
    """The smallest Hamming distance between two different rows (d)."""
    distances = pairwise_distances(code)
    return int(distances[~np.eye(len(distances), dtype=bool)].min())


def errors_corrected(code) -> int:
    """floor((d - 1) / 2): how many wrong bits the nearest-row rule always survives."""
    return max(0, (min_distance(code) - 1) // 2)
