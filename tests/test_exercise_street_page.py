"""Widest street under AppTest: at every level the SVM's line (typed as two points) completes the
task, a narrow street and a line with errors do not and offer a hint; the link reopens the same
task with the progress; the reveal rings the support vectors and draws the SVM's street."""

import numpy as np
import pytest
from support.apptest import assert_clean, decode, figure, link
from support.exercises import hint_offered, not_yet, open_task, progress_label, reveal, solved

from exercises import LEVELS, widest_street
from exercises.line_geometry import Line, judge, shifted, street

pytestmark = pytest.mark.app
PAGE = "pages/31_Widest_street.py"
SEED = 23


def type_line(at, level, seed, line: Line):
    """Type two points of ``line`` into the page's form and press its button."""
    foot = -line.b * line.w
    along = np.array([-line.w[1], line.w[0]])
    prefix = f"ex_street-{level}-{seed}_"
    for name, value in zip(("ax", "ay", "bx", "by"), (*(foot - along), *(foot + along)), strict=True):
        at.number_input(key=prefix + name).set_value(round(float(value), 6))
    next(b for b in at.button if b.key == prefix + "typed_go").click().run()
    assert_clean(at)
    return at


@pytest.mark.parametrize("level", LEVELS)
def test_the_widest_line_completes_the_level_and_a_narrow_street_does_not(level):
    task = widest_street.make(level, SEED)
    best = widest_street.solve(task)
    # the SVM's line moved towards one side by half its margin: half the street on that side
    narrow = shifted(best, task.best_margin / 2)
    # (about half: SMO stops at tol 1e-3, so its line is centred to about 1%)
    assert street(judge(narrow, task.X, task.t)) == pytest.approx(task.best_margin / 2, rel=0.02)
    at = open_task(PAGE, level, SEED)
    assert not solved(at) and not not_yet(at) and hint_offered(at)
    type_line(at, level, SEED, narrow)
    assert not_yet(at) and hint_offered(at) and not solved(at)
    assert any("% as wide as the widest" in w.value for w in at.warning)
    type_line(at, level, SEED, best)
    assert solved(at)
    assert link(at)["done"] == f"street:{level}:100"


def test_a_line_with_errors_says_it_has_no_street():
    at = open_task(PAGE, 1, SEED)
    type_line(at, 1, SEED, Line(1.0, 0.0, 3.4))   # x1 = -3.4: every point on one side
    assert not_yet(at) and any("no street" in w.value for w in at.warning)
    assert any("no street" in c.value for c in at.caption)


def test_the_link_reopens_the_same_task_with_the_progress():
    task = widest_street.make(2, SEED)
    at = open_task(PAGE, 2, SEED, done="street:2:100")
    xs = np.concatenate([decode(t["y"]) for t in figure(at)["data"] if t.get("name", "").startswith("class ")])
    assert np.allclose(np.sort(xs), np.sort(task.X[:, 1]), atol=1e-5)
    assert progress_label(at).startswith("Progress 1/")
    assert link(at)["done"] == "street:2:100"


def test_the_reveal_rings_the_support_vectors():
    task = widest_street.make(3, SEED)
    at = open_task(PAGE, 3, SEED)
    reveal(at)
    assert_clean(at)
    traces = {t.get("name"): t for t in figure(at)["data"]}
    assert "SVM" in traces and "support vectors" in traces
    ringed = np.column_stack([decode(traces["support vectors"]["x"]), decode(traces["support vectors"]["y"])])
    # every ringed point is on the street's edge: at the SVM's margin from its line (SMO's tol: 1%)
    distances = np.abs(widest_street.solve(task).values(ringed))
    assert np.allclose(distances, task.best_margin, rtol=0.01, atol=1e-3)
    assert any("support vectors" in m.value for m in at.markdown)


def test_the_code_shown_prints_the_share_the_page_gives():
    import contextlib
    import io
    task = widest_street.make(2, SEED)
    at = type_line(open_task(PAGE, 2, SEED), 2, SEED, shifted(widest_street.solve(task), task.best_margin / 4))
    reveal(at)
    block = next(c.value for e in at.expander if e.label == "Show code" for c in e.code)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, "<show code>", "exec"), {})
    said = next(s.value for s in [*at.success, *at.warning] if "% as wide as the widest" in s.value)
    share = said.split("Your street is ")[1].split("%")[0]
    assert f"your street: {share}% of the widest" in out.getvalue()
    assert "support vectors:" in out.getvalue()
