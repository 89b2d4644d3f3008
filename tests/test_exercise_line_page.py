"""Place the line under AppTest: at every level a right line (typed as two points, the keyboard
way) completes the task and a wrong one does not and offers a hint; the sliders set a line too;
the link (level, seed, target, done) reopens the same task with the progress; the reveal shows the
perceptron's and the SVM's lines. AppTest cannot click the plane: tests/test_browser_exercise_line.py
clicks and taps it."""

import numpy as np
import pytest
from support.apptest import assert_clean, decode, figure, link
from support.exercises import hint_offered, not_yet, open_task, progress_label, reveal, solved

from exercises import LEVELS, line_placing
from exercises.line_geometry import judge

pytestmark = pytest.mark.app
PAGE = "pages/30_Place_the_line.py"
SEED = 17


def type_line(at, level, seed, a, b):
    """Type the points a and b into the page's form and press its button."""
    prefix = f"ex_line-{level}-{seed}_"
    for name, value in zip(("ax", "ay", "bx", "by"), (*a, *b), strict=True):
        at.number_input(key=prefix + name).set_value(round(float(value), 6))
    next(b for b in at.button if b.key == prefix + "typed_go").click().run()
    assert_clean(at)
    return at


def two_points(line):
    """Two points of ``line``, 2 apart, either side of its point nearest the origin."""
    foot = -line.b * line.w
    along = np.array([-line.w[1], line.w[0]])
    return foot - along, foot + along


LEFT_OF_ALL = ((-3.4, -3.0), (-3.4, 3.0))   # x1 = -3.4: every point (|x| <= 3) on one side


@pytest.mark.parametrize("level", LEVELS)
def test_a_right_line_completes_the_level_and_a_wrong_one_does_not(level):
    task = line_placing.make(level, SEED)
    at = open_task(PAGE, level, SEED)
    assert not solved(at) and not not_yet(at) and hint_offered(at)   # no line yet: no verdict
    type_line(at, level, SEED, *LEFT_OF_ALL)
    assert judge(line_placing.solve(task), task.X, task.t).errors <= task.target
    assert not_yet(at) and not solved(at) and hint_offered(at)
    type_line(at, level, SEED, *two_points(line_placing.solve(task)))
    assert solved(at) and not not_yet(at)
    assert link(at)["done"] == f"line:{level}:100"


def test_the_sliders_set_a_line():
    at = open_task(PAGE, 1, SEED)
    keys = [s.key for s in at.slider if s.key.startswith("ex_line-1-")]
    assert len(keys) == 2
    angle, offset = sorted(keys)            # "..._angle_0" < "..._offset_0"
    at.slider(key=offset).set_value(4.4).run()   # far to one side: every point on one side
    assert_clean(at)
    assert not_yet(at)


def test_a_hint_unfolds_one_at_a_time():
    at = open_task(PAGE, 1, SEED)
    before = len(at.info)
    next(b for b in at.button if b.key == "ex_hint").click().run()
    assert len(at.info) == before + 1 and "Hint 1." in at.info[-1].value


def test_the_link_reopens_the_same_task_with_its_target_and_progress():
    task = line_placing.make(2, SEED)
    at = open_task(PAGE, 2, SEED)
    shown = figure(at)
    xs = np.concatenate([decode(t["x"]) for t in shown["data"] if t.get("name", "").startswith("class ")])
    assert np.allclose(np.sort(xs), np.sort(task.X[:, 0]), atol=1e-5)   # plotly gets float32
    again = open_task(PAGE, 2, SEED, target=3, done="line:1:100")
    assert_clean(again)
    assert any("at most 3 errors" in m.value for m in again.markdown)
    assert progress_label(again).startswith("Progress 1/")
    assert link(again).get("target") == "3"


def test_a_bad_target_in_the_link_is_refused_with_a_warning():
    at = open_task(PAGE, 1, SEED, target=999)
    assert any("target" in w.value for w in at.warning)
    assert any("at most 0 errors" in m.value for m in at.markdown)


@pytest.mark.parametrize("level", (1, 3))
def test_the_reveal_shows_the_perceptrons_and_the_svms_lines(level):
    task = line_placing.make(level, SEED)
    at = open_task(PAGE, level, SEED)
    reveal(at)
    assert_clean(at)
    names = {t.get("name") for t in figure(at)["data"]}
    assert {"perceptron", "SVM"} <= names
    table = at.dataframe[0].value
    shown = line_placing.reveal(task)
    assert list(table["errors"]) == ["no line", f"{shown.perceptron.errors} of {len(task.t)}",
                                     f"{shown.svm.errors} of {len(task.t)}"]
    assert ("hard margin" if level < 3 else "soft margin") in table["line"].iloc[2]


def test_two_typed_points_on_one_spot_make_no_line_and_say_so():
    at = open_task(PAGE, 1, SEED)
    type_line(at, 1, SEED, (0.5, 0.5), (0.5, 0.5))
    assert any("same spot" in i.value for i in at.info)
    assert not solved(at) and not not_yet(at)          # still no line, so no verdict


def test_a_line_across_a_corner_of_the_plane_is_taken():
    at = open_task(PAGE, 1, SEED)
    type_line(at, 1, SEED, (3.3, 3.5), (3.5, 3.3))     # 4.8 from the origin, still on the plane
    assert not any("off the plane" in i.value for i in at.info)
    assert not_yet(at)                                   # every point on one side


@pytest.mark.parametrize("level", (1, 3))
def test_the_code_shown_prints_the_errors_and_margins_the_page_shows(level):
    task = line_placing.make(level, SEED)
    at = type_line(open_task(PAGE, level, SEED), level, SEED, *two_points(line_placing.solve(task)))
    reveal(at)
    printed = run_snippet(at)
    shown = {m.label: m.value for m in at.metric}
    errors = int(shown["errors"].split()[0])
    assert f"your line: {errors} errors, margin {shown['margin']}" in printed
    table = at.dataframe[0].value
    for name, row in (("perceptron", 1), ("SVM", 2)):
        errors, margin = table["errors"].iloc[row].split()[0], table["margin"].iloc[row]
        assert f"{name}: {errors} errors, margin {margin:.2f}" in printed


def run_snippet(at) -> str:
    """Execute the page's "Show code" block; what it printed."""
    import contextlib
    import io
    block = next(c.value for e in at.expander if e.label == "Show code" for c in e.code)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, "<show code>", "exec"), {})
    return out.getvalue()
