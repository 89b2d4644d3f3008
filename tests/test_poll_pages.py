"""Ask the room under AppTest, on an SQLite store in a temporary folder: the lecturer opens a poll
(from the page, and from an exercise page's task row), students answer every kind of question,
the lecturer sees the count and the answers, Close refuses new answers, Reveal shows the scores
to both sides; a student's link, with a wrong key or none, shows no control and no other answer
before the reveal; a bad link says so in one sentence. AppTest cannot tap the plane:
tests/test_browser_poll.py taps it."""

import html
import re

import pytest
from support.apptest import assert_clean, charts, decode, link, run_page

from polls import questions, room

pytestmark = pytest.mark.app
PAGE = "pages/39_Ask_the_room.py"
KINDS = ("line", "setting", "neighbours", "which_model", "curve")
CONTROLS = ("poll_close", "poll_reveal", "poll_reset")
TYPED = ("poll_x1", "poll_y1", "poll_x2", "poll_y2")
NUMBER = re.compile(r'class="poll-number">(\d+)<')


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("PLAYGROUND_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("PLAYGROUND_POLL_DB", raising=False)
    return room.store()


def buttons(at) -> set[str]:
    return {b.key for b in at.button if b.key}


def texts(at) -> str:
    """Everything the page says in alerts, markdown and HTML blocks."""
    kinds = ("success", "warning", "info", "error", "markdown", "caption")
    parts = [e.value for kind in kinds for e in getattr(at, kind)]
    return " ".join([*parts, *(h.proto.body for h in at.get("html"))])


def count_shown(at) -> int:
    """The number in the ``poll_count`` container (the lecturer's view)."""
    [number] = [m.group(1) for h in at.get("html") for m in [NUMBER.search(h.proto.body)] if m]
    return int(number)


def lines_drawn(at) -> int:
    """Segments in the trace of the students' lines (None separates them), 0 without the trace."""
    for fig in charts(at):
        for trace in fig["data"]:
            if trace.get("name") == "students' lines":
                return sum(1 for x in trace["x"] if x is None)
    return 0


def trace_names(at) -> set[str]:
    return {t.get("name") for fig in charts(at) for t in fig["data"]}


def two_points(poll) -> tuple[float, float, float, float]:
    """A line through the plane's centre, well inside its bounds (any line is an answer)."""
    x0, x1, y0, y1 = questions.bounds(poll.task())
    cx, cy, dx, dy = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 5, (y1 - y0) / 7
    return (round(cx - dx, 2), round(cy - dy, 2), round(cx + dx, 2), round(cy + dy, 2))


def presenter(poll, token) -> object:
    at = run_page(PAGE, {"poll": poll.code, "key": token})
    assert_clean(at)
    return at


def student(poll, me=None):
    at = run_page(PAGE, {"poll": poll.code, **({"me": me} if me else {})})
    assert_clean(at)
    return at


def answer(at, poll, value):
    """Answer as a student does: the pills of a choice (sent on the tap), or two typed points and Send."""
    if poll.kind == "line":
        for key, v in zip(TYPED, value, strict=True):
            at.number_input(key=key).set_value(v)
        at.button(key="poll_send").click()
    else:
        [pills] = [g for g in at.get("button_group") if g.key == "poll_choice"]
        pills.set_value(value)
    at.run()
    assert_clean(at)
    return at


def some_answer(poll, i=0):
    if poll.kind == "line":
        x1, y1, x2, y2 = two_points(poll)
        return (x1, y1 + 0.1 * i, x2, y2 + 0.1 * i)
    return i % len(questions.choices(poll.kind, poll.task()))


def test_the_lecturer_opens_a_poll_on_the_page_in_presenter_mode(store):
    at = run_page(PAGE)
    assert_clean(at)
    assert not buttons(at) & set(CONTROLS)
    at.radio(key="poll_new_kind").set_value("setting").run()
    at.number_input(key="poll_new_seed").set_value(23).run()
    at.button(key="poll_open").click().run()
    assert_clean(at)
    items = link(at)
    poll = room.get(store, items["poll"])
    assert (poll.kind, poll.level, poll.seed, poll.state) == ("setting", 1, 23, "open")
    assert items.get("present") == "1" and room.answers(store, poll.code, items["key"]) == []
    assert set(CONTROLS) <= buttons(at)
    assert poll.code in texts(at) and count_shown(at) == 0


def test_an_exercise_page_opens_a_poll_on_its_own_task(store):
    at = run_page("pages/33_Nearest_neighbours.py", {"level": "2", "seed": "17"})
    assert_clean(at)
    at.button(key="ex_neighbours_ask").click().run()
    assert_clean(at)
    items = link(at)
    poll = room.get(store, items["poll"])
    assert (poll.kind, poll.level, poll.seed) == ("neighbours", 2, 17)
    assert items.get("present") == "1" and set(CONTROLS) <= buttons(at)


@pytest.mark.parametrize("kind", KINDS)
def test_a_student_answers_and_the_lecturer_sees_it(store, kind):
    poll, token = room.open_poll(store, kind, 1, 5)
    at = student(poll)
    me = link(at)["me"]
    assert room.valid_student(me) and "Answer received" not in texts(at)
    answer(at, poll, some_answer(poll, 1))
    assert "Answer received" in texts(at)
    assert room.mine(store, poll.code, me) == questions.parse(kind, poll.task(), some_answer(poll, 1))
    answer(at, poll, some_answer(poll, 2))   # a change replaces the answer
    assert room.mine(store, poll.code, me) == questions.parse(kind, poll.task(), some_answer(poll, 2))
    lecturer = presenter(poll, token)
    assert count_shown(lecturer) == 1
    if kind == "line":
        assert lines_drawn(lecturer) == 1 and "median line" in trace_names(lecturer)
    else:
        [votes] = [f for f in charts(lecturer) if f["data"][0].get("type") == "bar"]
        assert sum(votes["data"][0]["x" if not votes["data"][0].get("orientation") == "v" else "y"]) == 1


def test_the_lecturer_sees_every_line_and_the_count(store):
    poll, token = room.open_poll(store, "line", 2, 8)
    for i in range(3):
        room.answer(store, poll.code, room.new_student(), some_answer(poll, i))
    at = presenter(poll, token)
    assert count_shown(at) == 3 and lines_drawn(at) == 3
    summary = next(h.proto.body for h in at.get("html") if 'id="summary-poll_room_plane"' in h.proto.body)
    assert "3 students' lines" in html.unescape(summary)   # the chart summary a screen reader reads
    room.answer(store, poll.code, room.new_student(), some_answer(poll, 3))
    at.run()   # the live fragment's next look
    assert count_shown(at) == 4 and lines_drawn(at) == 4


def test_close_refuses_new_answers_and_keeps_what_the_student_typed(store):
    poll, token = room.open_poll(store, "line", 1, 5)
    at = student(poll)
    lecturer = presenter(poll, token)
    lecturer.button(key="poll_close").click().run()
    assert_clean(lecturer)
    assert room.get(store, poll.code).state == "closed"
    typed = some_answer(poll)
    answer(at, poll, typed)   # sent from the page drawn while the poll was open
    assert any("closed" in w.value for w in at.warning)
    assert room.mine(store, poll.code, link(at)["me"]) is None and room.count(store, poll.code) == 0
    assert tuple(at.number_input(key=k).value for k in TYPED) == typed
    assert "The poll is closed" in texts(at) and at.button(key="poll_send").disabled


def test_reveal_shows_the_scores_to_the_lecturer_and_the_student(store):
    poll, token = room.open_poll(store, "line", 1, 5)
    at = student(poll)
    mine = some_answer(poll)
    answer(at, poll, mine)
    for i in range(1, 4):
        room.answer(store, poll.code, room.new_student(), some_answer(poll, i))
    lecturer = presenter(poll, token)
    lecturer.button(key="poll_reveal").click().run()
    assert_clean(lecturer)
    assert "the algorithm's line" in trace_names(lecturer) and "The room's scores" in texts(lecturer)
    at.run()
    own = questions.score("line", poll.task(), questions.parse("line", poll.task(), mine))
    assert f"Your score: **{100 * own:.0f}%**" in texts(at)
    assert lines_drawn(at) == 4 and "the algorithm's line" in trace_names(at)


@pytest.mark.parametrize("key", [None, "a-guessed-key-of-the-right-shape-0123456789abcdef"])
def test_a_student_link_has_no_control_and_sees_no_other_answer_before_the_reveal(store, key):
    poll, token = room.open_poll(store, "line", 1, 5)
    for i in range(3):
        room.answer(store, poll.code, room.new_student(), some_answer(poll, i))
    at = run_page(PAGE, {"poll": poll.code, **({"key": key} if key else {})})
    assert_clean(at)
    assert not buttons(at) & set(CONTROLS)
    assert lines_drawn(at) == 0 and "median line" not in trace_names(at)
    assert "Answer received" not in texts(at) and "key" not in link(at)
    room.reveal(store, poll.code, token)
    after = run_page(PAGE, {"poll": poll.code, **({"key": key} if key else {})})
    assert_clean(after)
    assert not buttons(after) & set(CONTROLS), "a wrong key must not control a revealed poll either"
    assert lines_drawn(after) == 3   # the room's answers are everyone's once revealed
    assert room.get(store, poll.code).state == "revealed"


def test_a_reload_keeps_the_student_and_a_bad_id_gets_a_new_one(store):
    poll, _ = room.open_poll(store, "which_model", 1, 4)
    at = student(poll)
    me = link(at)["me"]
    answer(at, poll, 2)
    again = student(poll, me)
    assert link(again)["me"] == me and "Answer received" in texts(again)
    bad = student(poll, "not an id!")
    assert room.valid_student(link(bad)["me"]) and link(bad)["me"] != me
    assert any("is not a student id" in w.value for w in bad.warning)


@pytest.mark.parametrize("code", ["ZZZZZZ", "nonsense<b>"])
def test_a_bad_poll_link_warns_in_one_sentence(store, code):
    at = run_page(PAGE, {"poll": code})
    assert_clean(at)
    assert any("No poll has the code" in w.value for w in at.warning)
    assert not buttons(at) & set(CONTROLS)


def test_a_refused_answer_says_why_and_keeps_the_choice(store, monkeypatch):
    monkeypatch.setenv("PLAYGROUND_POLL_RATE", "1")
    poll, _ = room.open_poll(store, "curve", 1, 3)
    at = student(poll)
    answer(at, poll, 0)
    answer(at, poll, 2)   # the second within a minute: over the rate
    assert any("in a minute" in w.value for w in at.warning)
    assert room.mine(store, poll.code, link(at)["me"]) == 0
    [pills] = [g for g in at.get("button_group") if g.key == "poll_choice"]
    assert pills.value == 2


def points_shown(at) -> list:
    """The task's points on the page's plane, to 3 decimals (plotly sends them as float32)."""
    return sorted((round(x, 3), round(y, 3)) for fig in charts(at) for t in fig["data"]
                  if "(train)" in str(t.get("name"))
                  for x, y in zip(decode(t["x"]).tolist(), decode(t["y"]).tolist(), strict=True))


def test_two_polls_on_two_tasks_each_show_their_own_task(store):
    """The task's picture is built once per server per task (ui.serving.cache): a poll shows its own."""
    first, _ = room.open_poll(store, "line", 1, 5)
    second, _ = room.open_poll(store, "line", 2, 8)
    expected = {p.code: sorted((round(x, 3), round(y, 3)) for x, y in p.task().X.tolist()) for p in (first, second)}
    assert expected[first.code] != expected[second.code]
    for poll in (first, second, first):
        at = student(poll)
        assert points_shown(at) == expected[poll.code]
