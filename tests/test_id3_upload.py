"""The ID3 page's upload messages (issue 14, defects 8 and 11): what a student sees for odd CSVs."""

import pytest
from streamlit.testing.v1 import AppTest
from support.apptest import assert_clean, run_page

pytestmark = pytest.mark.app

ID3 = "pages/4_ID3_on_a_table.py"
TENNIS_HEAD = "outlook,wind,play\nsunny,weak,no\nrain,strong,yes\novercast,weak,yes\nsunny,strong,no\n"


def upload(content: bytes) -> AppTest:
    at = run_page(ID3, {"table": "upload"})
    at.file_uploader[0].set_value(("table.csv", content, "text/csv")).run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def warnings(at) -> str:
    return " ".join(w.value for w in at.warning)


def test_one_class_is_named_plainly():
    at = upload(b"outlook,play\nsunny,yes\nrain,yes\n")
    assert "every row is 'yes'" in warnings(at)
    assert "np." not in warnings(at)


@pytest.mark.parametrize("delimiter", [";", "\t"])
def test_semicolon_and_tab_separated_files_are_read(delimiter):
    at = upload(TENNIS_HEAD.replace(",", delimiter).encode())
    assert_clean(at)
    assert not at.warning, warnings(at)
    assert at.selectbox(key="id3_target").options == ["outlook", "wind", "play"]


def test_one_column_says_how_to_separate_columns():
    at = upload(b"outlook play\nsunny no\nrain yes\n")
    assert "at least two columns" in warnings(at) and "semicolons or tabs" in warnings(at)


def test_latin1_text_is_read():
    at = upload("ciel,jouer\nsoleil,non\npluvieux,oui\ncouvert,oui\nbrouillé,non\n".encode("latin-1"))
    assert_clean(at)
    assert not at.warning, warnings(at)
    assert any("brouillé" in str(d.value.to_numpy()) for d in at.dataframe)


def test_an_extra_field_names_the_row_and_the_counts():
    at = upload(b"outlook,wind,play\nsunny,weak,no\nrain,strong,yes,extra\novercast,weak,yes\n")
    assert "Row 2 has 4 fields, the header has 3" in warnings(at)
    assert "empty" not in warnings(at)


def test_the_textbook_caption_shows_on_the_tennis_root_only():
    at = run_page(ID3)
    assert_clean(at)

    def caption_shown():
        return any("Textbooks print the root gains" in c.value for c in at.caption)

    assert at.selectbox(key="id3_node").value == 0 and caption_shown()
    at.selectbox(key="id3_node").set_value(1).run()  # outlook = overcast
    assert_clean(at)
    assert not caption_shown()
