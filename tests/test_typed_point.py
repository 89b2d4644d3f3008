"""Points added with the keyboard alone (issue 24, part 4: "Points can be added by typing
coordinates and a class"): the drawing panel's form adds a drawn point as a click does, into the
link, the plane and the undo history, and refuses a point the link could not hold."""

import numpy as np
import pytest
from support.apptest import PLAYGROUND, assert_clean, link, plotted, run_page

pytestmark = pytest.mark.app


def _type(at, x, y, c):
    at.number_input(key="typed_x1").set_value(x)
    at.number_input(key="typed_x2").set_value(y)
    at.selectbox(key="typed_class").set_value(c)
    at.button(key="typed_add").click().run()
    return at


def test_a_typed_point_joins_the_link_and_the_plane_and_undo_takes_it_back():
    at = run_page(PLAYGROUND, query={"data": "blobs", "pts": "0.5,0.5,1"})
    before = plotted(at)
    _type(at, 1.25, -2.5, 2)
    assert_clean(at)
    assert link(at)["pts"] == "0.5,0.5,1;1.25,-2.5,2"
    after = plotted(at)
    assert len(after) == len(before) + 1
    assert np.any(np.all(np.isclose(after, [1.25, -2.5]), axis=1))
    assert "2 drawn points" in " ".join(c.value for c in at.caption)
    at.button(key="draw_undo").click().run()
    assert link(at)["pts"] == "0.5,0.5,1"
    at.button(key="draw_redo").click().run()
    assert link(at)["pts"] == "0.5,0.5,1;1.25,-2.5,2"


@pytest.mark.parametrize("x, y", [(150.0, 0.0), (0.0, -100.5)])
def test_a_typed_point_outside_the_plane_is_refused_with_a_sentence(x, y):
    at = run_page(PLAYGROUND, query={"pts": "0.5,0.5,1"})
    _type(at, x, y, 0)
    assert_clean(at)
    assert link(at)["pts"] == "0.5,0.5,1"
    note = " ".join(c.value for c in at.caption)
    assert "outside" in note and "between −100 and 100" in note
