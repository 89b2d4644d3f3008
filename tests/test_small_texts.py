"""Small texts of issue 14, defect 11: plurals and the notation the pages share."""

import pytest
from streamlit.testing.v1 import AppTest
from test_app import APP, TIMEOUT, assert_clean

pytestmark = pytest.mark.app


def test_one_boosting_round_is_singular():
    # AdaBoost on the default blobs separates them with its first stump and stops.
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.query_params.update({"model": "adaboost"})
    at.run()
    at.switch_page("pages/5_Ensembles.py").run()
    assert_clean(at)
    text = " ".join(c.value for c in at.caption)
    assert "1 round was run" in text and "1 rounds" not in text


def test_home_page_writes_the_regulariser_in_unicode():
    at = AppTest.from_file(APP, default_timeout=TIMEOUT).run()
    text = " ".join(m.value for m in at.markdown)
    assert "(λ/2)‖w‖²" in text
    assert "lambda/2" not in text and "||w||" not in text
