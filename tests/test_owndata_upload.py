"""Your own CSV on the plane (issue 12): every bad file gets its own sentence, and the points
shown before (a previous upload, generated or drawn points) stay."""

from pathlib import Path

import numpy as np
import pytest
from support.apptest import GOOD, PLAYGROUND, assert_clean, charts, decode, figure, plotted, run_page, upload

pytestmark = pytest.mark.app

DATA = Path(__file__).parent / "data"
BAD = DATA / "bad_csv"

# file -> what its message must say (the specific reason, not a generic "could not read")
MESSAGES = {
    "empty.csv": "The file is empty: it has no header and no rows",
    "blank_lines.csv": "holds only blank lines",
    "header_only.csv": "has a header (x1, x2, label) but no rows of data",
    "one_column.csv": "The file has only one column",
    "two_columns.csv": "The file has two columns ('x1', 'x2')",
    "nonnumeric_feature.csv": "Column 'x2' must hold numbers (a feature of the plane), but row 3 has 'high'",
    "missing_value.csv": "Row 3 has no value in column 'x2'",
    "missing_na.csv": "Row 2 has a missing value ('NaN') in column 'x2'",
    "missing_label.csv": "Row 2 has no label in column 'label'",
    "infinity.csv": "Row 2 has an infinite value ('inf') in column 'x2'",
    "duplicate_headers.csv": "'x' is used more than once",
    "unnamed_column.csv": "Column 2 has no name",
    "ragged_rows.csv": "Row 2 has 4 fields, the header has 3",
    "one_class.csv": "Every row has the label 'a' in column 'label'",
    "too_many_classes.csv": "Column 'label' has 8 different labels",
    "lone_class_row.csv": "The class 'c' has a single row",
    "binary_garbage.csv": "This is not a text CSV file",
    "excel_workbook.csv": "an Excel workbook",
    "utf16.csv": "saved as UTF-16",
    "huge_magnitude.csv": "Column 'x1' holds values as large as 1e+300",
    "constant_feature.csv": "Column 'x2' has the same value (7) in every row",
    "too_many_rows.csv": "The file has 5,001 rows; the plane takes at most 5,000",
}


def warnings(at) -> str:
    return " ".join(w.value for w in at.warning)


def test_every_bad_file_is_in_the_table():
    assert sorted(p.name for p in BAD.glob("*.csv")) == sorted(MESSAGES)
    assert len(MESSAGES) >= 15


@pytest.mark.parametrize("name", sorted(MESSAGES))
def test_a_bad_file_says_why_and_keeps_the_previous_upload(name):
    at = upload(run_page(PLAYGROUND), "pets.csv", GOOD)
    assert_clean(at)
    before, link = plotted(at), at.query_params["own"]
    assert "12 rows" in " ".join(m.value for m in at.markdown)
    upload(at, name, (BAD / name).read_bytes())
    assert f"**{name}** was not used: " in warnings(at)
    assert MESSAGES[name] in warnings(at), warnings(at)
    assert "Traceback" not in warnings(at) and "nan" not in warnings(at).replace("'NaN'", "")
    # the previous upload is still the dataset: same points, same link, same summary
    assert np.array_equal(plotted(at), before)
    assert at.query_params["own"] == link
    assert "12 rows" in " ".join(m.value for m in at.markdown)


def test_a_bad_file_keeps_generated_and_drawn_points():
    at = run_page(PLAYGROUND, {"pts": "0.5,0.5,1;-1,2,0", "data": "moons"})
    before = plotted(at)
    upload(at, "one_class.csv", (BAD / "one_class.csv").read_bytes())
    assert MESSAGES["one_class.csv"] in warnings(at)
    assert np.array_equal(plotted(at), before)
    assert at.selectbox(key="ds_data").value == "moons"
    assert "2 drawn points" in " ".join(c.value for c in at.caption)


def test_a_latin1_semicolon_file_with_string_labels_is_read():
    at = upload(run_page(PLAYGROUND), "fruit.csv", (DATA / "latin1_labels.csv").read_bytes())
    assert_clean(at)
    assert not at.warning, warnings(at)
    text = " ".join(m.value for m in at.markdown)
    assert "12 rows" in text and "0 = café" in text and "1 = pomme" in text
    assert at.query_params["own_names"] == "café|pomme"


def test_a_file_with_columns_x_y_label_is_plotted_as_named():
    """Issue 24: x, y, label took y for the label and refused the file."""
    content = GOOD.replace(b"x1,x2,label", b"x,y,label")
    at = upload(run_page(PLAYGROUND), "xy.csv", content)
    assert_clean(at)
    assert not at.warning, warnings(at)
    reference = upload(run_page(PLAYGROUND), "pets.csv", GOOD)
    np.testing.assert_array_equal(plotted(at), plotted(reference))


def test_too_many_rows_are_subsampled_when_asked():
    at = run_page(PLAYGROUND)
    at.checkbox(key="own_shrink").check().run()
    upload(at, "big.csv", (BAD / "too_many_rows.csv").read_bytes())
    assert_clean(at)
    assert not at.warning, warnings(at)
    assert "a stratified sample of 5,000 of the 5,001 rows" in " ".join(c.value for c in at.caption)
    assert "5,000 rows" in " ".join(m.value for m in at.markdown)


def test_large_but_finite_magnitudes_keep_the_axes_and_grid_finite():
    big = b"income,debt,label\n" + b"\n".join(f"{i * 3e10:g},{(i % 4) * 1e11:g},{i % 2}".encode() for i in range(20))
    at = upload(run_page(PLAYGROUND), "money.csv", big)
    assert_clean(at)
    fig = figure(at)
    for axis in ("xaxis", "yaxis"):
        lo, hi = fig["layout"][axis]["range"]
        assert np.isfinite([lo, hi]).all() and hi > lo and hi >= 5.7e11 * (axis == "xaxis")
    heat = [t for t in fig["data"] if t.get("type") == "heatmap"]
    assert heat and np.isfinite(decode(heat[0]["z"])).all()


def test_more_columns_let_the_student_choose_the_features():
    text = b"id,height,weight,age,kind\n" + b"\n".join(
        f"{i},{150 + i},{50 + (i * 7) % 30},{20 + i % 9},{'ab'[i % 2]}".encode() for i in range(16))
    at = upload(run_page(PLAYGROUND), "people.csv", text)
    assert_clean(at)
    assert (at.selectbox(key="own_x1").value, at.selectbox(key="own_x2").value,
            at.selectbox(key="own_label").value) == ("id", "height", "kind")
    at.selectbox(key="own_x1").set_value("age").run()
    assert_clean(at)
    assert "x1 = age, x2 = height" in " ".join(c.value for c in at.caption)
    at.selectbox(key="own_label").set_value("weight").run()  # 16 distinct weights: refused, age kept
    assert "different labels" in warnings(at)
    assert "x1 = age, x2 = height, label = kind" in " ".join(c.value for c in at.caption)


def test_back_to_generated_data_and_undo_brings_the_upload_back():
    at = upload(run_page(PLAYGROUND), "pets.csv", GOOD)
    at.button(key="own_back").click().run()
    assert_clean(at)
    assert "own" not in at.query_params
    at.button(key="draw_undo").click().run()
    assert "12 rows" in " ".join(m.value for m in at.markdown)
    at.button(key="draw_redo").click().run()
    assert "own" not in at.query_params


# --- files that load as named (issue 24) ------------------------------------------------------

def _rows(n: int = 30, seed: int = 1):
    """n rows of two numeric features and a class (text), separated enough for any model."""
    rng = np.random.default_rng(seed)
    return [(4.5 + 2 * c + rng.normal(0, 0.4), 2.5 + 0.5 * c + rng.normal(0, 0.3), ("setosa", "virginica")[c])
            for c in (i % 2 for i in range(n))]


def _csv(header, rows) -> bytes:
    lines = ([",".join(header)] if header else []) + [",".join(f"{v:.2f}" if isinstance(v, float) else str(v)
                                                               for v in r) for r in rows]
    return "\n".join(lines).encode() + b"\n"


ROWS = _rows()
# file -> (its columns as the pickers choose them, the note it must show, or "")
NAMED = {
    "iris-like": (_csv(("sepal_length", "sepal_width", "species"), ROWS), ("sepal_length", "sepal_width", "species"),
                  ""),
    "x, y, label": (_csv(("x", "y", "label"), ROWS), ("x", "y", "label"), ""),
    # y holding names is the label, whatever stands beside it
    "x, y (names), z": (_csv(("x", "y", "z"), [(a, c, b) for a, b, c in ROWS]), ("x", "z", "y"), ""),
    # a numeric label named label/class/target is the label wherever it stands
    "class (numbers) first": (_csv(("class", "u", "v"), [(int(c == "virginica"), a, b) for a, b, c in ROWS]),
                              ("u", "v", "class"), ""),
    "no header": (_csv(None, ROWS), ("column 1", "column 2", "column 3"),
                  "no header found: the first row is read as data"),
}


def _main_figure_spans_its_axes(fig) -> None:
    """The regions cover the axes: the heatmap's cells reach both ends of both axis ranges."""
    heat = next(t for t in fig["data"] if t.get("type") == "heatmap")
    for axis, cells in (("xaxis", decode(heat["x"])), ("yaxis", decode(heat["y"]))):
        lo, hi = fig["layout"][axis]["range"]
        half = (cells[1] - cells[0]) / 2
        assert cells[0] - half <= lo + 1e-6 * (hi - lo) and cells[-1] + half >= hi - 1e-6 * (hi - lo), axis


@pytest.mark.parametrize("case", sorted(NAMED))
def test_a_file_loads_as_named_with_its_pickers_titles_and_note(case):
    content, columns, note = NAMED[case]
    at = upload(run_page(PLAYGROUND), f"{case}.csv", content)
    assert_clean(at)
    assert not at.warning, warnings(at)
    captions = " ".join(c.value for c in at.caption)
    assert "x1 = {}, x2 = {}, label = {}".format(*columns) in captions
    assert note in captions
    assert f"{len(ROWS)} rows" in " ".join(m.value for m in at.markdown)   # no row lost to a header
    assert len(plotted(at)) == len(ROWS)
    # the pickers show for a three-column file too, one under the other (not in st.columns)
    pickers = [at.selectbox(key=k) for k in ("own_x1", "own_x2", "own_label")]
    assert tuple(p.value for p in pickers) == columns
    in_columns = {w.key for col in at.sidebar.columns for w in col.selectbox}
    assert not in_columns & {"own_x1", "own_x2", "own_label"}
    fig = figure(at)
    assert (fig["layout"]["xaxis"]["title"]["text"], fig["layout"]["yaxis"]["title"]["text"]) == columns[:2]
    _main_figure_spans_its_axes(fig)


def test_the_axes_follow_the_chosen_columns():
    rows = [(a, b, round(a + b, 2), c) for a, b, c in ROWS]
    at = upload(run_page(PLAYGROUND), "iris4.csv", _csv(("sepal_length", "sepal_width", "petal_length", "species"),
                                                           rows))
    at.selectbox(key="own_x2").set_value("petal_length").run()
    assert_clean(at)
    fig = figure(at)
    assert (fig["layout"]["xaxis"]["title"]["text"], fig["layout"]["yaxis"]["title"]["text"]) == \
        ("sepal_length", "petal_length")


def test_the_same_points_under_other_column_names_are_another_dataset():
    """The caches key an upload by its content: the column names are part of it, so a second
    session uploading the same numbers as (height, weight) does not get the first's axis titles."""
    first = upload(run_page(PLAYGROUND), "a.csv", _csv(("sepal_length", "sepal_width", "species"), ROWS))
    second = upload(run_page(PLAYGROUND), "b.csv", _csv(("height", "weight", "species"), ROWS))
    assert np.array_equal(plotted(first), plotted(second))
    for at, names in ((first, ("sepal_length", "sepal_width")), (second, ("height", "weight"))):
        fig = figure(at)
        assert (fig["layout"]["xaxis"]["title"]["text"], fig["layout"]["yaxis"]["title"]["text"]) == names


@pytest.mark.parametrize("page", ["pages/7_Neural_network.py", "pages/8_Multi-class.py"])
def test_the_other_planes_of_the_upload_are_named_too(page):
    at = upload(run_page(PLAYGROUND), "iris.csv", NAMED["iris-like"][0])
    at.switch_page(page).run()
    assert_clean(at)
    titles = [(c["layout"].get("xaxis", {}).get("title", {}).get("text"),
               c["layout"].get("yaxis", {}).get("title", {}).get("text")) for c in charts(at)]
    assert ("sepal_length", "sepal_width") in titles, titles
