"""The sidebar's own-data controls: upload a CSV, choose its columns, edit the points as a table,
download them. A refused file or edit leaves the current points as they were and says why."""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from ui.data import csv_table, own_points
from ui.data.csv_table import MAX_CLASSES, MAX_ROWS, CsvProblem, Table

_FRAME = "_own_frame"    # (file name, columns, default columns, rows) of the last file that read as a table
_TRIED = "_own_tried"    # (file id, columns, subsample, seed) last turned into points
_EDITS = "_own_editor_version"  # bumped when the points change, so the editor shows them afresh
SHRINK = "own_shrink"
TABLE_OPEN = "own_table_open"   # the table's box: drawn open on request only


def _problem(text: str) -> None:
    st.session_state[own_points.PROBLEM] = text


def upload_panel(seed: int) -> None:
    """The uploader and, once a file reads as a table, its column choice."""
    ss = st.session_state
    with st.expander("Your own data (CSV)", expanded=bool(ss.get(own_points.PROBLEM) or ss.get(_FRAME))):
        file = st.file_uploader(
            "Upload a CSV", key="own_file",
            help=f"Two numeric feature columns and a label column (numbers or names), at most {MAX_CLASSES} "
                 f"classes and {MAX_ROWS:,} rows; comma, semicolon or tab separated, UTF-8 or Latin-1.")
        st.checkbox(f"subsample large files to {MAX_ROWS:,} rows", key=SHRINK,
                    help="A stratified sample (every class keeps its share), drawn with the dataset's seed.")
        frame = None
        if file is not None:
            file_id = getattr(file, "file_id", None) or file.name
            if ss.get("_own_file_id") != file_id:
                ss["_own_file_id"] = file_id
                try:
                    frame = csv_table.read_frame(file.getvalue())
                    ss[_FRAME] = (file.name, tuple(frame.columns), csv_table.default_columns(frame), len(frame))
                except CsvProblem as err:
                    ss.pop(_FRAME, None)
                    ss.pop(_TRIED, None)
                    _problem(f"**{file.name}** was not used: {err}")
        if ss.get(_FRAME) and file is not None:
            _columns(seed, file, frame)
        if ss.get(own_points.PROBLEM):
            st.warning(ss[own_points.PROBLEM], icon=":material/block:")


def _columns(seed: int, file, frame) -> None:
    """The column choice; the table made again when the choice (or the subsample) changes.
    The session keeps the file's column names, not its cells: read again from the uploader
    when needed, a 5 MB file is 5 MB there instead of ~40 MB of strings per session."""
    ss = st.session_state
    name, cols, (x1, x2, label), rows = ss[_FRAME]
    cols = list(cols)
    # for every file, one under the other: three across, the sidebar cut the names to "s€"
    x1 = st.selectbox("x1 (across)", cols, index=cols.index(x1), key="own_x1")
    x2 = st.selectbox("x2 (up)", cols, index=cols.index(x2), key="own_x2")
    label = st.selectbox("label (the class)", cols, index=cols.index(label), key="own_label")
    shrink = bool(ss.get(SHRINK))
    wanted = (ss.get("_own_file_id"), (x1, x2, label), shrink, seed if rows > MAX_ROWS else None)
    if ss.get(_TRIED) == wanted:
        return
    ss[_TRIED] = wanted
    try:
        frame = csv_table.read_frame(file.getvalue()) if frame is None else frame
        t = csv_table.table(frame, (x1, x2, label), shrink=shrink, seed=seed)
    except CsvProblem as err:
        _problem(f"**{name}** was not used: {err}")
        return
    own_points.change(table=t._replace(note=" · ".join(filter(None, (name, t.note)))))
    ss[_EDITS] = ss.get(_EDITS, 0) + 1


def _back() -> None:
    own_points.change(table=None)
    for key in (_FRAME, _TRIED):  # the file stays taken: the uploader still holds it
        st.session_state.pop(key, None)


def summary() -> None:
    """What the plane shows instead of generated data, and the way back."""
    t = own_points.table()
    classes = ", ".join(f"{i} = {n}" for i, n in enumerate(t.names))
    st.markdown(f"**Your points**: {len(t.points):,} rows, classes {classes}.")
    st.caption(f"x1 = {t.columns[0]}, x2 = {t.columns[1]}, label = {t.columns[2]}"
               + (f"; {t.note}" if t.note else "")
               + ("; train/test as in the file's split column." if t.test is not None else "."))
    st.button("Back to generated data", icon=":material/undo:", key="own_back", on_click=_back, width="stretch",
              help="Use the dataset generator again (Undo brings your points back).")


# --- the table of points ----------------------------------------------------------------------

def rows(data) -> list[tuple]:
    """The plane's points as (x1, x2, class, is_test), training points first."""
    tr = [(float(a), float(b), int(c), False)
          for (a, b), c in zip(data.X_train.tolist(), data.y_train.tolist(), strict=True)]
    te = [(float(a), float(b), int(c), True)
          for (a, b), c in zip(data.X_test.tolist(), data.y_test.tolist(), strict=True)]
    return tr + te


def names(k: int) -> tuple:
    t = own_points.table()
    have = t.names if t is not None else ()
    return tuple(have[i] if i < len(have) else str(i) for i in range(max(k, len(have))))


def table_panel(data) -> None:
    """The points as an editable table (x1, x2, label, split) and their CSV download."""
    count = len(data.y_train) + len(data.y_test)
    with st.sidebar:
        # a header that does not change: a new label would be a new box, closed again
        box = st.expander("Table of the points: edit, download", key=TABLE_OPEN, on_change="rerun")
    if not box.open:   # closed, its widgets are not built: every full run of every page paid for them
        return
    labels = np.concatenate([data.y_train, data.y_test])
    label_names = names(int(labels.max()) + 1 if count else 0)
    with box:
        # the rows and their CSV made when clicked, not on every run of every student
        st.download_button("Download the points (CSV)", lambda: csv_table.to_csv(rows(data), label_names),
                           file_name="points.csv", mime="text/csv", icon=":material/download:",
                           key="own_download", width="stretch", on_click="ignore",
                           help="x1, x2, label and split (train/test); upload it again to carry on.")
        if not st.toggle("edit as a table", key="own_edit",
                         help="Exact values: change a cell, add a row at the bottom, delete rows."):
            return
        points = rows(data)
        frame = pd.DataFrame({"x1": [r[0] for r in points], "x2": [r[1] for r in points],
                              "label": [r[2] for r in points],
                              "split": ["test" if r[3] else "train" for r in points]})
        edited = st.data_editor(
            frame, key=f"own_editor_{st.session_state.get(_EDITS, 0)}", num_rows="dynamic", hide_index=True,
            height=300, width="stretch",
            column_config={
                "x1": st.column_config.NumberColumn("x1", required=True, format="%.4g"),
                "x2": st.column_config.NumberColumn("x2", required=True, format="%.4g"),
                "label": st.column_config.NumberColumn("label", min_value=0, max_value=MAX_CLASSES - 1, step=1,
                                                       required=True, help=", ".join(
                                                           f"{i} = {n}" for i, n in enumerate(label_names))),
                "split": st.column_config.SelectboxColumn("split", options=("train", "test"), required=True),
            })
        st.caption(f"{count:,} points. Classes: " + ", ".join(f"{i} = {n}" for i, n in enumerate(label_names)))
        if edited.to_dict("list") != frame.to_dict("list"):
            _apply(edited, label_names)


def edited_table(edited: pd.DataFrame, label_names: tuple) -> Table:
    """An edited table as points with their split, or the reason it cannot be."""
    if not len(edited):
        raise CsvProblem("The table has no rows left: keep at least two points of two classes.")
    for i, row in enumerate(edited.itertuples(index=False), start=1):
        values = (row.x1, row.x2, row.label)
        if any(v is None or pd.isna(v) for v in values):
            raise CsvProblem(f"Row {i} of the table has an empty cell: fill x1, x2 and label.")
        if not (np.isfinite(float(row.x1)) and np.isfinite(float(row.x2))):
            raise CsvProblem(f"Row {i} of the table has an infinite value.")
        if float(row.label) != int(row.label) or not 0 <= int(row.label) < MAX_CLASSES:
            raise CsvProblem(f"Row {i}: the label must be a class number from 0 to {MAX_CLASSES - 1}.")
    points = tuple((float(a), float(b), int(c)) for a, b, c in zip(edited.x1, edited.x2, edited.label, strict=True))
    test = tuple(str(s) == "test" for s in edited.split)
    k = max(c for _, _, c in points) + 1
    t = own_points.table()
    return Table(points, tuple(names(k))[:max(k, len(label_names))],
                 t.columns if t is not None else ("x1", "x2", "label"), test, "edited in the table")


def _apply(edited: pd.DataFrame, label_names: tuple) -> None:
    try:
        t = edited_table(edited, label_names)
    except CsvProblem as err:
        st.warning(f"The edit was not applied: {err}", icon=":material/block:")
        return
    own_points.change(table=t, drawn=())
    st.session_state[_EDITS] = st.session_state.get(_EDITS, 0) + 1
    st.rerun()
