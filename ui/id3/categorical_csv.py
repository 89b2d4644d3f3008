"""An uploaded CSV of categories for the ID3 page: read, checked, and its limits."""

from __future__ import annotations

import csv
import io

import pandas as pd

from ui.serving.cache import sharable

MAX_ROWS, MAX_COLS, MAX_VALUES = 500, 12, 20


@sharable(max_entries=8)   # the page only reads the frame
def read_csv(raw: bytes):
    """A small categorical table from CSV bytes: (frame, None) or (None, message).

    Text is UTF-8, else Latin-1 (what spreadsheets on Windows save); the delimiter is a comma,
    semicolon or tab, whichever the first lines use consistently."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")  # every byte is a Latin-1 character: this cannot fail
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:  # one column, or no delimiter used consistently: read as commas
        dialect = csv.excel
    try:
        rows = [r for r in csv.reader(io.StringIO(text), dialect) if any(cell.strip() for cell in r)]
    except csv.Error as err:
        return None, f"Could not read the file as CSV: {err}"
    if not rows:
        return None, "The file is empty."
    header, body = [c.strip() for c in rows[0]], rows[1:]
    if len(header) < 2:
        return None, ("The CSV needs at least two columns: one or more features and the class. "
                      "Separate the columns by commas, semicolons or tabs.")
    twice = sorted({c for c in header if header.count(c) > 1})
    if twice:
        return None, f"Column names must differ: {', '.join(map(repr, twice))} is used more than once."
    for i, r in enumerate(body, start=1):
        if len(r) != len(header):
            return None, (f"Row {i} has {len(r)} fields, the header has {len(header)}: "
                          "every row needs one value per column.")
    if not 2 <= len(body) <= MAX_ROWS:
        return None, f"The CSV has {len(body)} rows; use 2 to {MAX_ROWS}."
    if len(header) > MAX_COLS:
        return None, f"The CSV has {len(header)} columns; use at most {MAX_COLS}."
    frame = pd.DataFrame([[c.strip() for c in r] for r in body], columns=header, dtype=str)
    if (frame == "").any().any():
        return None, "Some cells are empty: fill them or remove those rows."
    return frame, None
