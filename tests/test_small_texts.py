"""Small texts of issue 14, defect 11: plurals and the notation the pages share."""

import pytest
from support.apptest import assert_clean, run_page

pytestmark = pytest.mark.app


def test_one_boosting_round_is_singular():
    # AdaBoost on the default blobs separates them with its first stump and stops.
    at = run_page("pages/5_Ensembles.py", {"model": "adaboost"})
    assert_clean(at)
    text = " ".join(c.value for c in at.caption)
    assert "1 round was run" in text and "1 rounds" not in text


def test_home_page_writes_the_regulariser_in_unicode():
    at = run_page()
    text = " ".join(m.value for m in at.markdown)
    assert "(λ/2)‖w‖²" in text
    assert "lambda/2" not in text and "||w||" not in text
