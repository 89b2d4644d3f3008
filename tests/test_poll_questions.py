"""What an answer may be (polls.questions.parse), its score, the algorithm's answer, the settings,
and that every query of the store takes its values as parameters."""

import ast
import math
import pathlib

import numpy as np
import pytest

from exercises import curve, line_placing, neighbours, setting, which_model
from exercises.line_geometry import judge, through
from polls import config, questions, room
from polls.questions import Refused

ROOT = pathlib.Path(__file__).resolve().parents[1]
T0 = 1_800_000_000.0
CHOICE_KINDS = ("setting", "neighbours", "which_model", "curve")


@pytest.mark.parametrize("kind", list(questions.QUESTIONS))
@pytest.mark.parametrize("level", [1, 2, 3])
def test_the_algorithms_answer_is_a_valid_answer_with_full_score(kind, level):
    task = questions.task(kind, level, 7)
    right = questions.truth(kind, task)
    assert questions.parse(kind, task, right) == right
    assert questions.score(kind, task, right) == pytest.approx(1.0)
    if kind == "line":   # the algorithm's line makes the exercise's target (its errors at most the target)
        assert judge(through(right[:2], right[2:]), task.X, task.t).errors <= task.target


def test_the_truth_is_the_exercises_own_answer():
    """Each choice kind's right index names what the exercise itself reveals."""
    t = questions.task("setting", 2, 5)
    assert t.values[questions.truth("setting", t)] == setting.solve(t)
    t = questions.task("neighbours", 3, 5)
    assert questions.truth("neighbours", t) == neighbours.reveal(t).predicted
    t = questions.task("which_model", 2, 5)
    assert t.options[questions.truth("which_model", t)] == which_model.solve(t)
    t = questions.task("curve", 1, 5)
    assert curve.REGIMES[questions.truth("curve", t)] == curve.truth(t)
    t = questions.task("line", 2, 5)
    a, b = np.array(questions.truth("line", t)).reshape(2, 2)
    assert abs(line_placing.solve(t).values(np.array([a, b]))).max() < 1e-3   # both ends on the exercise's line


@pytest.mark.parametrize("kind", CHOICE_KINDS)
def test_a_wrong_choice_scores_less_than_the_right_one(kind):
    task = questions.task(kind, 1, 11)
    right = questions.truth(kind, task)
    if kind == "setting":   # a value that validates better scores at least as well, the worst 0
        means = task.means
        scores = [questions.score(kind, task, i) for i in range(len(task.values))]
        for i in range(len(means)):
            for j in range(len(means)):
                if means[i] > means[j]:
                    assert scores[i] >= scores[j]
        assert min(scores) == 0.0
        return
    for wrong in set(range(len(questions.choices(kind, task)))) - {right}:
        assert questions.score(kind, task, wrong) == 0.0


@pytest.mark.parametrize("raw", [-1, 4, 2.0, True, None, "1.5", "[1]", "x", [1], {"a": 1}, "9" * 300, 10**30])
def test_a_choice_outside_the_options_is_refused(raw):
    task = questions.task("which_model", 1, 3)
    with pytest.raises(Refused):
        questions.parse("which_model", task, raw)


def test_a_choice_sent_as_json_text_is_read():
    task = questions.task("curve", 1, 3)
    assert questions.parse("curve", task, "2") == 2 and questions.parse("curve", task, 0) == 0


def _line_inside(task):
    x0, x1, y0, y1 = questions.bounds(task)
    return [x0 + 0.1, y0 + 0.1, x1 - 0.1, y1 - 0.1], (x0, x1, y0, y1)


@pytest.mark.parametrize("change", [
    lambda v, b: [v[0], v[1], v[2]],                      # three numbers
    lambda v, b: v + [0.0],                               # five
    lambda v, b: [math.nan, v[1], v[2], v[3]],
    lambda v, b: [v[0], math.inf, v[2], v[3]],
    lambda v, b: ["1", v[1], v[2], v[3]],
    lambda v, b: [True, v[1], v[2], v[3]],
    lambda v, b: [b[1] + 0.01, v[1], v[2], v[3]],         # right of the plane
    lambda v, b: [v[0], v[1], v[2], b[2] - 0.01],         # below it
    lambda v, b: [v[0], v[1], v[0] + 0.01, v[1] + 0.01],  # the same spot: no line
    lambda v, b: {"x": v},
    lambda v, b: 3,
])
def test_a_line_that_is_not_two_points_on_the_plane_is_refused(change):
    task = questions.task("line", 1, 3)
    inside, box = _line_inside(task)
    assert questions.parse("line", task, inside) == tuple(round(v, 4) for v in inside)
    with pytest.raises(Refused):
        questions.parse("line", task, change(inside, box))


def test_an_oversized_or_unreadable_answer_is_refused_before_it_is_read():
    task = questions.task("line", 1, 3)
    inside, _ = _line_inside(task)
    with pytest.raises(Refused, match="too long"):
        questions.parse("line", task, "[" + " " * questions.MAX_RAW + ",".join(map(str, inside)) + "]")
    with pytest.raises(Refused, match="could not be read"):
        questions.parse("line", task, "[1, 2,")


def test_a_refused_answer_changes_nothing_in_the_store(tmp_path):
    from polls.store import SQLiteStore

    store = SQLiteStore(tmp_path / "p.sqlite3")
    settings = config.Settings(tmp_path, None, 100, 500, 24.0)
    poll, token = room.open_poll(store, "line", 1, 3, now=T0, settings=settings)
    me = room.new_student()
    inside, _ = _line_inside(poll.task())
    room.answer(store, poll.code, me, inside, now=T0, settings=settings)
    for bad in ([1e9, 0, 0, 1], [math.nan] * 4, "9" * 500, 2):
        with pytest.raises(Refused):
            room.answer(store, poll.code, me, bad, now=T0, settings=settings)
    assert room.mine(store, poll.code, me) == tuple(round(v, 4) for v in inside)
    assert room.count(store, poll.code) == 1


def test_the_settings_come_from_the_environment_and_refuse_nonsense(tmp_path):
    s = config.settings({})
    assert (s.rate, s.max_answers, s.hours, s.database_url) == (20, 500, 24.0, None)
    assert s.data_dir == config.ROOT / "data"
    s = config.settings({"PLAYGROUND_DATA_DIR": str(tmp_path), "PLAYGROUND_POLL_RATE": "5",
                         "PLAYGROUND_POLL_MAX": "250", "PLAYGROUND_POLL_HOURS": "2",
                         "PLAYGROUND_POLL_DB": "postgresql://u@h:5432/d"})
    assert (s.data_dir, s.rate, s.max_answers, s.hours, s.database_url) == (tmp_path, 5, 250, 2.0,
                                                                             "postgresql://u@h:5432/d")
    for bad in ({"PLAYGROUND_POLL_RATE": "many"}, {"PLAYGROUND_POLL_RATE": "0"}, {"PLAYGROUND_POLL_MAX": "-3"},
                {"PLAYGROUND_POLL_HOURS": "1e9"}, {"PLAYGROUND_POLL_DB": "mysql://x"}):
        with pytest.raises(ValueError):
            config.settings(bad)


def test_the_default_store_is_an_sqlite_file_in_wal_mode_made_on_first_use(tmp_path):
    import sqlite3

    folder = tmp_path / "fresh" / "data"
    store = room.store(config.settings({"PLAYGROUND_DATA_DIR": str(folder)}))
    assert store.dialect == "sqlite" and (folder / config.DB_FILE).exists()
    with sqlite3.connect(folder / config.DB_FILE) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def _queries(path):
    """Every first argument of a call to ``run(...)`` in ``path``."""
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "run" and node.args:
            yield node.args[0]


def _only_constants(node) -> bool:
    """A query text made of constants; an f-string may add only the store's FOR UPDATE suffix."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return all(isinstance(part, ast.Constant) or (isinstance(part, ast.FormattedValue)
                   and ast.unparse(part.value) == "store.lock_suffix") for part in node.values)
    return False


def test_every_query_takes_its_values_as_parameters():
    """The rules' queries are constant texts; the store runs those and its constant schema."""
    queries = list(_queries(ROOT / "polls" / "room.py"))
    assert len(queries) >= 10
    pasted = [ast.unparse(q) for q in queries if not _only_constants(q)]
    assert not pasted, f"queries built from values in polls/room.py: {pasted}"
    from polls import store

    tree = ast.parse((ROOT / "polls" / "store.py").read_text())
    [schema] = [n.value for n in tree.body if isinstance(n, ast.Assign) and ast.unparse(n.targets[0]) == "SCHEMA"]
    assert all(_only_constants(e) for e in schema.elts) and len(schema.elts) == len(store.SCHEMA)


def test_the_query_check_catches_a_pasted_value(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f(run, code):\n    run(f\"SELECT * FROM polls WHERE code = '{code}'\")\n")
    assert not all(_only_constants(q) for q in _queries(bad))
