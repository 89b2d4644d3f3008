"""Points added with the keyboard alone (issue 24, part 4: "Points can be added by typing
coordinates and a class"): the drawing panel's form adds a drawn point as a click does, into the
link, the plane and the undo history, and refuses a point the link could not hold."""

import numpy as np
import pytest
from support.apptest import PLAYGROUND, assert_clean, link, plotted, run_page

pytestmark = pytest.mark.app


def _open(at):
    """Open the "Type a point" box, as Enter on its header does (a rerun draws the form)."""
    at.session_state["typed_open"] = True
    return at.run()


def _type(at, x, y, c):
    if not any(n.key == "typed_x1" for n in at.number_input):
        _open(at)
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


def test_the_form_is_built_only_while_its_box_is_open():
    """Closed (as every page opens), the box holds no widget: a full run builds none of the
    form's five; opened, the form is there; a point added keeps it open for the next one."""
    at = run_page(PLAYGROUND, query={"data": "blobs"})
    assert_clean(at)
    assert not any(w.key in ("typed_x1", "typed_x2", "typed_class") for w in [*at.number_input, *at.selectbox])
    _open(at)
    assert {n.key for n in at.number_input} >= {"typed_x1", "typed_x2"}
    _type(at, 1.0, 1.0, 0)
    assert link(at)["pts"] == "1,1,0"
    assert at.number_input(key="typed_x1").value == 1.0   # still open, ready for the next point
