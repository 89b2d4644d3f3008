"""A CSV of points for the 2-D plane: read, checked, turned into (x1, x2, class) rows.

Reading (also the ID3 page's categorical tables, ``ui.id3.categorical_csv``): UTF-8 text, else
Latin-1 (what spreadsheets on Windows save); the delimiter is a comma, semicolon or tab, whichever the first lines use
consistently. Every way a file can be unusable gets its own sentence a student can act on;
``CsvProblem`` carries it. Nothing here touches the session: the panel (``ui.data.own_points``) decides
what to keep.
"""

from __future__ import annotations

import csv
import io
import math
from typing import NamedTuple

import numpy as np
import pandas as pd

MAX_CLASSES = 6      # the palette's colour-blind-safe classes
MAX_ROWS = 5000      # a slider still feels live when every model refits on this many points
MAX_BYTES = 5 * 2**20  # .streamlit/config.toml's maxUploadSize (MB)
# Larger values overflow when a model squares them (distances, kernels, x·w over 2 features
# stays finite below ~1e150, but exp(-gamma d^2) and the grid's spacing do not): refuse early.
MAX_MAGNITUDE = 1e12
# A column of one of these names is the label, the first name found in this order, numeric or not.
LABEL_NAMES = ("label", "class", "target")
# A column named "y" is the label too when it holds text (cat, dog), or holds numbers with no column
# named "x" beside it (x1, x2, y); beside an "x" a numeric "y" is the second coordinate (x, y, label).
MAYBE_LABEL = "y"
NO_HEADER = "no header found: the first row is read as data"
MISSING = {"na", "n/a", "nan", "null", "none", "?"}  # how spreadsheets and pandas write an empty cell
SPLIT_COLUMN = "split"  # the app's own download marks train/test here; re-uploading keeps it


class CsvProblem(ValueError):
    """A file the plane cannot use, with the reason in a sentence."""


class Table(NamedTuple):
    """Points ready for the plane: classes are 0..K-1 in the order of ``names``; ``test`` marks the
    test points when the file says so (its ``split`` column), else None (the recipe splits)."""
    points: tuple            # ((x1, x2, class), ...)
    names: tuple             # class names, as the file spells them
    columns: tuple           # (x1 column, x2 column, label column)
    test: tuple | None = None
    note: str = ""           # e.g. "subsampled 5,000 of 12,000 rows"


def decode(raw: bytes) -> str:
    """The file's text; binary files and UTF-16/32 are refused with what to do instead."""
    if not raw:
        raise CsvProblem("The file is empty: it has no header and no rows.")
    if len(raw) > MAX_BYTES:
        raise CsvProblem(f"The file is {len(raw) / 2**20:.1f} MB; the upload limit is {MAX_BYTES // 2**20} MB "
                         f"(and the plane takes at most {MAX_ROWS:,} rows).")
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff") or raw[:4] in (b"\x00\x00\xfe\xff", b"\xff\xfe\x00\x00"):
        raise CsvProblem("The file is saved as UTF-16 (or UTF-32) text. Save it again as "
                         "\"CSV UTF-8\" (or plain CSV) and upload that.")
    head = raw[:4096]
    control = sum(b < 32 and b not in (9, 10, 13) for b in head)
    if b"\x00" in head or control > 0.05 * len(head) or raw[:2] == b"PK":
        raise CsvProblem("This is not a text CSV file (it looks binary: an Excel workbook, an image or a "
                         "zip?). Save your table as CSV (comma-separated values) and upload that.")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")  # every byte is a Latin-1 character: this cannot fail


def plane_columns(header: list[str]) -> None:
    """The plane's rule for a header: two features and a label, at least."""
    if len(header) < 2:
        raise CsvProblem("The file has only one column. The plane needs three: two numeric features and "
                         "a label. Separate the columns by commas, semicolons or tabs.")
    if len(header) < 3:
        raise CsvProblem(f"The file has two columns ({header[0]!r}, {header[1]!r}). The plane needs three: "
                         "two numeric features (x1, x2) and a label.")


def _records(text: str) -> list[list[str]]:
    """The non-blank rows of a CSV text, header included."""
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:  # one column, or no delimiter used consistently: read as commas
        dialect = csv.excel
    try:
        rows = [r for r in csv.reader(io.StringIO(text), dialect) if any(cell.strip() for cell in r)]
    except csv.Error as err:
        raise CsvProblem(f"Could not read the file as CSV: {err}.") from None
    if not rows:
        raise CsvProblem("The file is empty: it holds only blank lines.")
    return rows


def _checked(header: list[str], body: list[list[str]], check_columns) -> tuple[list[str], list[list[str]]]:
    check_columns(header)
    if "" in header:
        raise CsvProblem(f"Column {header.index('') + 1} has no name in the header (the first line): "
                         "name every column.")
    twice = sorted({c for c in header if header.count(c) > 1})
    if twice:
        raise CsvProblem(f"Column names must differ: {', '.join(map(repr, twice))} is used more than once "
                         "in the header.")
    if not body:
        raise CsvProblem(f"The file has a header ({', '.join(header)}) but no rows of data.")
    for i, r in enumerate(body, start=1):
        if len(r) != len(header):
            raise CsvProblem(f"Row {i} has {len(r)} fields, the header has {len(header)}: every row needs "
                             "one value per column.")
    return header, body


def read_rows(text: str, check_columns=plane_columns) -> tuple[list[str], list[list[str]]]:
    """Header and rows of a CSV text; too few columns (``check_columns`` says what the page needs),
    ragged rows, duplicate or missing headers refused. Every CSV the app reads comes through here."""
    rows = _records(text)
    return _checked([c.strip() for c in rows[0]], rows[1:], check_columns)


def first_row_is_data(rows: list[list[str]]) -> bool:
    """No header: the first row reads like the rows below it. Every cell of it is a number where
    the rows below hold numbers (at least one such column), and in a column of names its cell is
    one of the names below (a class has at least two rows; a header's "species" appears once)."""
    first, body = [c.strip() for c in rows[0]], [[c.strip() for c in r] for r in rows[1:]]
    if not body or any(len(r) != len(first) for r in body):
        return False  # ragged or a single row: read_rows says what is wrong
    numeric = {j for j in range(len(first))
               if all(_number(r[j]) is not None for r in body if r[j]) and any(r[j] for r in body)}
    return bool(numeric) and all(_number(first[j]) is not None if j in numeric else first[j] in {r[j] for r in body}
                                 for j in range(len(first)))


def read_frame(raw: bytes) -> pd.DataFrame:
    """The file as a frame of strings (cells stripped). A file without a header (its first row
    is data, ``first_row_is_data``) keeps that row; its columns are named column 1, 2, ... and
    ``frame.attrs["note"]`` says so (NO_HEADER)."""
    rows = _records(decode(raw))
    headerless = first_row_is_data(rows)
    if headerless:
        header, body = _checked([f"column {j}" for j in range(1, len(rows[0]) + 1)], rows, plane_columns)
    else:
        header, body = _checked([c.strip() for c in rows[0]], rows[1:], plane_columns)
    frame = pd.DataFrame([[c.strip() for c in r] for r in body], columns=header, dtype=str)
    frame.attrs["note"] = NO_HEADER if headerless else ""
    return frame


def _number(cell: str) -> float | None:
    try:
        return float(cell.replace(",", ".")) if cell.count(",") == 1 and "." not in cell else float(cell)
    except ValueError:
        return None


def numeric_columns(frame: pd.DataFrame) -> list[str]:
    """Columns whose every non-empty cell reads as a number."""
    return [c for c in frame.columns
            if all(v == "" or v.lower() in MISSING or _number(v) is not None for v in frame[c])
            and (frame[c] != "").any()]


def default_columns(frame: pd.DataFrame) -> tuple[str, str, str]:
    """The usual choice: the label is a column named label/class/target (LABEL_NAMES), else one
    named y unless it is a numeric y beside an x (MAYBE_LABEL), else the last column; the features
    are the first two numeric columns of the rest (else the first two of the rest)."""
    cols = [c for c in frame.columns if c.strip().lower() != SPLIT_COLUMN]
    names = {c.strip().lower(): c for c in reversed(cols)}   # the first column of each name
    numeric = numeric_columns(frame)
    candidates = [n for n in LABEL_NAMES if n in names]
    y = names.get(MAYBE_LABEL)
    if y is not None and not (y in numeric and "x" in names):
        candidates.append(MAYBE_LABEL)
    label = names[candidates[0]] if candidates else cols[-1]
    rest = [c for c in cols if c != label]
    numeric = [c for c in numeric if c in rest]
    x1, x2 = (numeric + [c for c in rest if c not in numeric])[:2]
    return x1, x2, label


def _feature(frame: pd.DataFrame, column: str) -> np.ndarray:
    values = np.empty(len(frame))
    for i, cell in enumerate(frame[column], start=1):
        if cell == "":
            raise CsvProblem(f"Row {i} has no value in column {column!r}: fill the missing values or remove "
                             "those rows.")
        v = float("nan") if cell.lower() in MISSING else _number(cell)
        if v is None:
            raise CsvProblem(f"Column {column!r} must hold numbers (a feature of the plane), but row {i} has "
                             f"{cell!r}. Choose two numeric columns as x1 and x2.")
        if math.isnan(v):
            raise CsvProblem(f"Row {i} has a missing value ({cell!r}) in column {column!r}: fill it or remove "
                             "the row.")
        if math.isinf(v):
            raise CsvProblem(f"Row {i} has an infinite value ({cell!r}) in column {column!r}: the plane needs "
                             "finite numbers.")
        values[i - 1] = v
    big = float(np.abs(values).max())
    if big > MAX_MAGNITUDE:
        raise CsvProblem(f"Column {column!r} holds values as large as {big:.3g}. Distances and kernels "
                         f"overflow past about {MAX_MAGNITUDE:.0e}: rescale the column (e.g. to other "
                         "units, or divide by its largest value) and upload again.")
    if values.max() - values.min() <= 1e-12 * max(big, 1e-300):
        raise CsvProblem(f"Column {column!r} has the same value ({values[0]:g}) in every row: it cannot "
                         "separate anything. Choose another feature column.")
    return values


def _labels(frame: pd.DataFrame, column: str) -> tuple[np.ndarray, tuple]:
    cells = frame[column]
    empty = np.flatnonzero((cells == "").to_numpy())
    if len(empty):
        raise CsvProblem(f"Row {empty[0] + 1} has no label in column {column!r}: every point needs a class.")
    numbers = [_number(v) for v in cells]
    if all(v is not None and math.isfinite(v) for v in numbers):
        keys = np.array(numbers)  # numeric labels sort as numbers: 2 before 10
        names_of = {}
        for v, cell in zip(numbers, cells, strict=True):
            names_of.setdefault(v, cell)  # the first spelling names the class ("2" and "2.0": "2")
    else:
        keys = cells.to_numpy(dtype=object)
        names_of = {v: v for v in cells}
    uniq, y = np.unique(keys, return_inverse=True)
    if len(uniq) < 2:
        raise CsvProblem(f"Every row has the label {cells.iloc[0]!r} in column {column!r}: a classifier "
                         "needs at least two classes.")
    if len(uniq) > MAX_CLASSES:
        shown = ", ".join(repr(names_of[u]) for u in uniq[:8]) + (", ..." if len(uniq) > 8 else "")
        raise CsvProblem(f"Column {column!r} has {len(uniq)} different labels ({shown}); the plane shows at "
                         f"most {MAX_CLASSES} classes. Is {column!r} really the label column?")
    counts = np.bincount(y, minlength=len(uniq))
    if counts.min() < 2:
        lone = names_of[uniq[int(np.argmin(counts))]]
        raise CsvProblem(f"The class {lone!r} has a single row: every class needs at least two, one to "
                         "train on and one to test.")
    return y.astype(int), tuple(str(names_of[u]) for u in uniq)


def _split(frame: pd.DataFrame) -> np.ndarray | None:
    col = next((c for c in frame.columns if c.strip().lower() == SPLIT_COLUMN), None)
    if col is None:
        return None
    cells = frame[col].str.lower()
    if not cells.isin(("train", "test")).all():
        return None  # not the app's own column: the recipe splits
    return (cells == "test").to_numpy()


def subsample(y: np.ndarray, size: int, seed: int) -> np.ndarray:
    """Indices (sorted) of ``size`` rows keeping every class's share: class c gets
    floor(size n_c / n) rows, and the rows left over go to the largest remainders."""
    counts = np.bincount(y)
    share = size * counts / counts.sum()
    take = np.floor(share).astype(int)
    take[np.argsort(-(share - take), kind="stable")[:size - take.sum()]] += 1
    rng = np.random.default_rng(seed)
    chosen = [rng.permutation(np.flatnonzero(y == c))[:take[c]] for c in range(len(counts))]
    return np.sort(np.concatenate(chosen))


def table(frame: pd.DataFrame, columns: tuple[str, str, str], *, shrink: bool = False, seed: int = 0) -> Table:
    """The chosen columns as points; more than MAX_ROWS rows are refused, or with ``shrink``
    subsampled (stratified, seeded) to MAX_ROWS with the count said in ``note``."""
    x1, x2, label = columns
    if len({x1, x2, label}) < 3:
        raise CsvProblem("Choose three different columns: x1, x2 and the label.")
    n = len(frame)
    keep = None
    if n > MAX_ROWS and not shrink:
        raise CsvProblem(f"The file has {n:,} rows; the plane takes at most {MAX_ROWS:,} (every model refits on "
                         "each slider move). Tick \"subsample large files\" to use a stratified sample of "
                         f"{MAX_ROWS:,} rows, or upload fewer rows.")
    a, b = _feature(frame, x1), _feature(frame, x2)
    y, names = _labels(frame, label)
    test = _split(frame)
    note = ""
    if n > MAX_ROWS:
        keep = subsample(y, MAX_ROWS, seed)
        a, b, y = a[keep], b[keep], y[keep]
        test = None if test is None else test[keep]
        note = f"a stratified sample of {MAX_ROWS:,} of the {n:,} rows (seed {seed})"
    note = " · ".join(filter(None, (frame.attrs.get("note", ""), note)))
    points = tuple(zip(a.tolist(), b.tolist(), y.tolist(), strict=True))
    return Table(points, names, (x1, x2, label), None if test is None else tuple(bool(t) for t in test), note)


def to_csv(rows, names: tuple) -> str:
    """Rows ``(x1, x2, class, is_test)`` as the CSV the app reads back (label by name)."""
    frame = pd.DataFrame({"x1": [r[0] for r in rows], "x2": [r[1] for r in rows],
                          "label": [names[r[2]] if r[2] < len(names) else str(r[2]) for r in rows],
                          SPLIT_COLUMN: ["test" if r[3] else "train" for r in rows]})
    return frame.to_csv(index=False)
