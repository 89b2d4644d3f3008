"""Own data on the plane (issue 12): the CSV reader's rules, the stratified subsample, the link
format of uploaded points and erasures, and undo/redo through a link in AppTest."""

import numpy as np
import pandas as pd
import pytest
from support.apptest import GOOD, PLAYGROUND, assert_clean, figure, link, plotted, run_page, upload

from ui.data import csv_table
from ui.data.csv_table import CsvProblem, Table
from ui.data.own_points import table_to_url


def test_a_file_over_the_upload_limit_is_refused_before_it_is_read():
    with pytest.raises(CsvProblem, match="upload limit is 5 MB"):
        csv_table.decode(b"x1,x2,label\n" + b"1,2,a\n" * (csv_table.MAX_BYTES // 6 + 1))


def test_numeric_labels_are_classes_in_numeric_order_and_keep_their_spelling():
    frame = pd.DataFrame({"a": ["1", "2", "3", "4", "5", "6"], "b": ["0", "1", "0", "1", "0", "2"],
                          "y": ["10", "2", "10", "2", "2.0", "10"]}, dtype=str)
    t = csv_table.table(frame, ("a", "b", "y"))
    assert t.names == ("2", "10")  # 2 before 10 (not as text), "2.0" is the same class as "2"
    assert [c for _, _, c in t.points] == [1, 0, 1, 0, 0, 1]


def test_a_semicolon_file_with_decimal_commas_reads_as_numbers():
    frame = csv_table.read_frame(b"u;v;k\n1,5;2;a\n2,5;3;b\n3;4;a\n4;5;b\n")
    t = csv_table.table(frame, csv_table.default_columns(frame))
    assert [p[0] for p in t.points] == [1.5, 2.5, 3.0, 4.0]


@pytest.mark.parametrize("seed", [0, 7])
def test_the_subsample_keeps_every_class_share_and_its_size(seed):
    y = np.repeat([0, 1, 2], [5000, 2500, 1000])
    keep = csv_table.subsample(y, 5000, seed)
    assert len(keep) == 5000 and len(np.unique(keep)) == 5000
    counts = np.bincount(y[keep])
    assert np.all(np.abs(counts - 5000 * np.array([5000, 2500, 1000]) / 8500) < 1)
    assert not np.array_equal(keep, csv_table.subsample(y, 5000, seed + 1))  # the seed chooses
    assert np.array_equal(keep, csv_table.subsample(y, 5000, seed))


def test_the_download_reads_back_as_the_same_points_and_split():
    rows = [(0.1, -2.0, 0, False), (1e-7, 3.25, 1, True), (2.0, 2.0, 0, True), (-1.5, 0.5, 1, False)]
    frame = csv_table.read_frame(csv_table.to_csv(rows, ("dog", "cat")).encode())
    t = csv_table.table(frame, csv_table.default_columns(frame))
    assert t.columns == ("x1", "x2", "label")
    assert [(a, b) for a, b, _ in t.points] == [(r[0], r[1]) for r in rows]
    assert [t.names[c] for _, _, c in t.points] == ["dog", "cat", "dog", "cat"]
    assert t.test == (False, True, True, False)


def test_uploaded_points_go_in_the_link_exactly():
    t = Table(((0.1, 1 / 3, 0), (2.0, -1e-9, 1), (123456789.125, 5.0, 2)), ("a", "b", "c"), ("x", "y", "l"))
    text = table_to_url(t)
    back = [tuple(float(v) for v in item.split(",")) for item in text.split(";")]
    assert back == [(a, b, float(c)) for a, b, c in t.points]


def test_a_link_with_uploaded_points_reopens_the_same_figure():
    at = upload(run_page(PLAYGROUND), "pets.csv", GOOD)
    at.slider(key="ds_test").set_value(0.5).run()
    fresh = run_page(PLAYGROUND, link(at))
    assert_clean(fresh)
    assert np.array_equal(plotted(fresh), plotted(at))
    assert "classes 0 = cat, 1 = dog" in " ".join(m.value for m in fresh.markdown)


def test_a_large_upload_says_in_the_link_expander_why_it_is_not_in_the_link():
    rows = b"\n".join(f"{i * 0.123456789:.9f},{(i * 7 % 13) * 0.987654321:.9f},{i % 3}".encode() for i in range(600))
    at = upload(run_page(PLAYGROUND), "big.csv", b"x1,x2,label\n" + rows)
    assert_clean(at)
    assert "own" not in at.query_params
    note = " ".join(c.value for c in at.caption if "not in this link" in c.value)
    assert "Your 600 uploaded points are not in this link" in note and "7,000" in note


def test_erased_points_leave_the_plane_and_the_link_keeps_them_out():
    at = run_page(PLAYGROUND, {"data": "moons", "n": "100"})
    everything = plotted(at)
    erased = run_page(PLAYGROUND, {"data": "moons", "n": "100", "erased": "3,17,40"})
    assert_clean(erased)
    assert len(plotted(erased)) == len(everything) - 3
    assert erased.query_params["erased"] == "3,17,40"
    assert "3 points erased" in " ".join(c.value for c in erased.caption)
    # a new sample (another seed) is other points: the erasures do not carry over
    erased.number_input(key="ds_seed").set_value(5).run()
    assert "erased" not in erased.query_params
    assert len(plotted(erased)) == len(everything)


def test_undo_and_redo_walk_through_every_edit():
    at = run_page(PLAYGROUND, {"pts": "0.5,0.5,1;-1,2,0"})
    at.button(key="draw_clear").click().run()
    assert "pts" not in at.query_params
    upload(at, "pets.csv", GOOD)
    assert "own" in at.query_params
    at.button(key="draw_undo").click().run()
    assert "own" not in at.query_params and "pts" not in at.query_params
    at.button(key="draw_undo").click().run()
    assert at.query_params["pts"] == "0.5,0.5,1;-1,2,0"
    at.button(key="draw_redo").click().run()
    at.button(key="draw_redo").click().run()
    assert "own" in at.query_params and "pts" not in at.query_params
    assert at.button(key="draw_redo").disabled


@pytest.mark.parametrize("raw, says", [("outlook,play\n".encode("utf-16"), "UTF-16"),
                                       (b"PK\x03\x04\x00\x00binary", "not a text CSV"),
                                       (b"outlook,play\nsunny,no,extra\nrain,yes\n", "Row 1 has 3 fields"),
                                       (b"outlook,outlook,play\nsunny,hot,no\nrain,mild,yes\n", "must differ"),
                                       (b"outlook\nsunny\nrain\n", "at least two columns")])
def test_the_id3_table_is_read_by_the_planes_csv_reader(raw, says):
    """One CSV reader for the app: the ID3 page's categorical tables get the plane's refusals
    (binary files, UTF-16, ragged rows, repeated names) with its own column rule."""
    from ui.id3.categorical_csv import read_csv

    frame, problem = read_csv(raw)
    assert frame is None and says in problem


@pytest.mark.parametrize("header, expected", [("x,y,label", ("x", "y", "label")),
                                              ("label,x,y", ("x", "y", "label")),
                                              ("a,b,label", ("a", "b", "label")),
                                              ("x1,x2,y", ("x1", "x2", "y")),
                                              ("x,y,species", ("x", "y", "species")),
                                              ("y,class,x1,x2", ("y", "x1", "class")),
                                              ("x,y,z", ("x", "z", "y"))])
def test_the_label_column_is_guessed_by_name_not_by_position(header, expected):
    """x, y, label: y is a coordinate beside x, and label wins over y wherever it stands; a y
    holding names (the label column of these frames) is the label even beside an x."""
    columns, label = header.split(","), expected[2]
    rows = [[("a", "b", "a")[i] if c == label else str(0.5 + i + j) for j, c in enumerate(columns)]
            for i in range(3)]
    frame = pd.DataFrame(rows, columns=columns, dtype=str)
    assert csv_table.default_columns(frame) == expected


@pytest.mark.parametrize("header, label", [("y,a,b", "y"), ("x,y,c", "c"), ("class,a,b", "class"),
                                           ("a,target,b", "target")])
def test_a_numeric_label_is_found_by_its_name_and_a_numeric_y_beside_x_is_a_feature(header, label):
    columns = header.split(",")
    rows = [[str(i % 2) if c == label else f"{0.5 + i + j:.1f}" for j, c in enumerate(columns)] for i in range(4)]
    frame = pd.DataFrame(rows, columns=columns, dtype=str)
    assert csv_table.default_columns(frame)[2] == label


@pytest.mark.parametrize("text", [b"1.5,2,0\n2.5,3,1\n3,4,0\n4,5,1\n",          # numbers only
                                  b"5.1;3,5;setosa\n4,9;3;setosa\n7;3,2;virginica\n6,4;3,2;virginica\n"])
def test_a_file_whose_first_row_is_data_keeps_it_and_says_so(text):
    frame = csv_table.read_frame(text)
    assert len(frame) == text.count(b"\n")
    assert list(frame.columns) == ["column 1", "column 2", "column 3"]
    assert frame.attrs["note"] == csv_table.NO_HEADER == "no header found: the first row is read as data"
    t = csv_table.table(frame, csv_table.default_columns(frame))
    assert len(t.points) == text.count(b"\n") and csv_table.NO_HEADER in t.note


@pytest.mark.parametrize("text", [b"x1,x2,label\n1,2,a\n3,4,b\n", b"1990,2000,label\n1,2,a\n3,4,b\n",
                                  b"a,b,2\n1,2,x\n3,4,y\n"])
def test_a_header_that_names_any_numeric_column_is_a_header(text):
    """A first row is data only if it reads like the rest: a name over a numeric column (x1), or
    over a column of classes a name no row repeats (label, under years as column names), makes
    it the header."""
    frame = csv_table.read_frame(text)
    assert len(frame) == 2 and frame.attrs["note"] == ""


def test_a_link_keeps_the_column_names_as_axis_titles():
    text = b"sepal_length,sepal_width,species\n" + b"\n".join(
        f"{4.5 + 0.2 * i:.1f},{3 + 0.1 * (i % 4):.1f},{'ab'[i % 2]}".encode() for i in range(12))
    at = upload(run_page(PLAYGROUND), "iris.csv", text)
    assert at.query_params["own_cols"] == "sepal_length|sepal_width|species"
    fresh = run_page(PLAYGROUND, link(at))
    assert_clean(fresh)
    layout = figure(fresh)["layout"]
    assert (layout["xaxis"]["title"]["text"], layout["yaxis"]["title"]["text"]) == ("sepal_length", "sepal_width")
    assert "x1 = sepal_length, x2 = sepal_width, label = species" in " ".join(c.value for c in fresh.caption)
    # a link without the item (the columns x1, x2, label) gives the plane's own titles
    plain = run_page(PLAYGROUND, {k: v for k, v in link(at).items() if k != "own_cols"})
    assert figure(plain)["layout"]["xaxis"]["title"]["text"] == "x1"


def test_the_points_table_is_built_only_while_its_box_is_open():
    """Closed (as every page opens), the table's box holds no widget; opened (Enter or a click on
    its header reruns the page), its switch shows the editor, and the box stays open while the
    points, and so its header's count, change."""
    at = run_page(PLAYGROUND, query={"data": "blobs", "n": "200"})
    assert_clean(at)
    assert not any(t.key == "own_edit" for t in at.toggle)
    at.session_state["own_table_open"] = True
    at.run()
    at.toggle(key="own_edit").set_value(True).run()
    assert_clean(at)
    assert any(c.value.startswith("200 points. Classes: 0 = 0, 1 = 1") for c in at.caption)
    at.slider(key="ds_n").set_value(300).run()
    assert_clean(at)
    assert at.toggle(key="own_edit").value
    assert any(c.value.startswith("300 points.") for c in at.caption)
