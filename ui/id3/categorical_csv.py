"""An uploaded CSV of categories for the ID3 page: read (as every CSV of the app, by
``ui.data.csv_table``), checked against the page's limits."""

from __future__ import annotations

import pandas as pd

from ui.data.csv_table import CsvProblem, decode, read_rows
from ui.serving.cache import sharable

MAX_ROWS, MAX_COLS, MAX_VALUES = 500, 12, 20


def categorical_columns(header: list[str]) -> None:
    """The ID3 page's rule for a header: one or more features and the class."""
    if len(header) < 2:
        raise CsvProblem("The CSV needs at least two columns: one or more features and the class. "
                         "Separate the columns by commas, semicolons or tabs.")


@sharable(max_entries=8)   # the page only reads the frame
def read_csv(raw: bytes):
    """A small categorical table from CSV bytes: (frame, None) or (None, message)."""
    try:
        header, body = read_rows(decode(raw), check_columns=categorical_columns)
    except CsvProblem as err:
        return None, str(err)
    if not 2 <= len(body) <= MAX_ROWS:
        return None, f"The CSV has {len(body)} rows; use 2 to {MAX_ROWS}."
    if len(header) > MAX_COLS:
        return None, f"The CSV has {len(header)} columns; use at most {MAX_COLS}."
    frame = pd.DataFrame([[c.strip() for c in r] for r in body], columns=header, dtype=str)
    if (frame == "").any().any():
        return None, "Some cells are empty: fill them or remove those rows."
    return frame, None
