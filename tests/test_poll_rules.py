"""The poll rules (polls.room) on both stores: the same tests run on SQLite and on a real
PostgreSQL server (the ``poll_store`` fixture)."""

import hashlib
import threading

import pytest

from polls import questions, room
from polls.config import Settings
from polls.questions import Refused

T0 = 1_800_000_000.0   # a fixed clock: expiry and the per-minute limit are tested by moving it


def limits(tmp_path, rate=100, max_answers=500, hours=24.0):
    return Settings(tmp_path, None, rate, max_answers, hours)


def students(n):
    return [room.new_student() for _ in range(n)]


def rows(store, sql, *params):
    with store.transaction() as run:
        return run(sql, *params)


def open_choice(store, settings):
    """A poll on a choice question (which model, level 1: four options) and its right answer."""
    poll, token = room.open_poll(store, "which_model", 1, 4, now=T0, settings=settings)
    return poll, token, questions.truth("which_model", poll.task())


def test_a_new_poll_is_open_and_its_token_is_stored_hashed_only(poll_store, tmp_path):
    poll, token = room.open_poll(poll_store, "line", 1, 3, now=T0, settings=limits(tmp_path))
    assert poll.state == "open" and room.CODE.fullmatch(poll.code)
    assert len(token) >= 43   # token_urlsafe(32): 256 random bits, 43 characters
    [row] = rows(poll_store, "SELECT code, token_hash, kind, level, seed, state, created FROM polls")
    assert token not in " ".join(map(str, row))
    assert row[1] == hashlib.sha256(token.encode()).hexdigest()
    assert room.get(poll_store, poll.code, now=T0, settings=limits(tmp_path)) == poll


def test_a_second_answer_replaces_the_first(poll_store, tmp_path):
    settings = limits(tmp_path)
    poll, token, right = open_choice(poll_store, settings)
    [me, other] = students(2)
    room.answer(poll_store, poll.code, me, (right + 1) % 4, now=T0, settings=settings)
    room.answer(poll_store, poll.code, other, right, now=T0 + 1, settings=settings)
    room.answer(poll_store, poll.code, me, right, now=T0 + 2, settings=settings)
    assert room.count(poll_store, poll.code) == 2
    assert room.mine(poll_store, poll.code, me) == right
    assert room.answers(poll_store, poll.code, token, now=T0, settings=settings) == [right, right]


def test_a_closed_poll_refuses_answers_and_keeps_the_old_ones(poll_store, tmp_path):
    settings = limits(tmp_path)
    poll, token, right = open_choice(poll_store, settings)
    [me] = students(1)
    room.answer(poll_store, poll.code, me, right, now=T0, settings=settings)
    assert room.close(poll_store, poll.code, token, now=T0, settings=settings).state == "closed"
    with pytest.raises(Refused, match="closed"):
        room.answer(poll_store, poll.code, me, (right + 1) % 4, now=T0 + 1, settings=settings)
    with pytest.raises(Refused, match="closed"):
        room.answer(poll_store, poll.code, room.new_student(), right, now=T0 + 1, settings=settings)
    assert room.mine(poll_store, poll.code, me) == right and room.count(poll_store, poll.code) == 1


def test_a_revealed_poll_shows_its_answers_to_everyone_and_takes_no_more(poll_store, tmp_path):
    settings = limits(tmp_path)
    poll, token, right = open_choice(poll_store, settings)
    room.answer(poll_store, poll.code, room.new_student(), right, now=T0, settings=settings)
    with pytest.raises(Refused):
        room.answers(poll_store, poll.code, now=T0, settings=settings)
    room.reveal(poll_store, poll.code, token, now=T0, settings=settings)
    assert room.answers(poll_store, poll.code, now=T0, settings=settings) == [right]
    with pytest.raises(Refused, match="closed"):
        room.answer(poll_store, poll.code, room.new_student(), right, now=T0, settings=settings)


def test_reset_empties_the_poll_and_opens_it_again(poll_store, tmp_path):
    settings = limits(tmp_path)
    poll, token, right = open_choice(poll_store, settings)
    me = room.new_student()
    room.answer(poll_store, poll.code, me, right, now=T0, settings=settings)
    room.reveal(poll_store, poll.code, token, now=T0, settings=settings)
    assert room.reset(poll_store, poll.code, token, now=T0, settings=settings).state == "open"
    assert room.count(poll_store, poll.code) == 0 and room.mine(poll_store, poll.code, me) is None
    room.answer(poll_store, poll.code, me, right, now=T0 + 1, settings=settings)
    assert room.count(poll_store, poll.code) == 1


@pytest.mark.parametrize("action", [room.close, room.reveal, room.reset])
def test_close_reveal_and_reset_need_the_polls_own_token(poll_store, tmp_path, action):
    settings = limits(tmp_path)
    poll, token, right = open_choice(poll_store, settings)
    _, other_token = room.open_poll(poll_store, "curve", 1, 2, now=T0, settings=settings)
    me = room.new_student()
    room.answer(poll_store, poll.code, me, right, now=T0, settings=settings)
    guessed = room.secrets.token_urlsafe(32)
    for bad in (None, "", other_token, guessed, token[:-1], token + "x", "' OR '1'='1", token.upper()):
        with pytest.raises(Refused, match="lecturer"):
            action(poll_store, poll.code, bad, now=T0, settings=settings)
    assert room.get(poll_store, poll.code, now=T0, settings=settings).state == "open"
    assert room.mine(poll_store, poll.code, me) == right
    with pytest.raises(Refused):
        room.answers(poll_store, poll.code, other_token, now=T0, settings=settings)


def test_the_per_minute_limit_holds_and_lifts_after_a_minute(poll_store, tmp_path):
    settings = limits(tmp_path, rate=3)
    poll, _, right = open_choice(poll_store, settings)
    me = room.new_student()
    for i in range(3):
        room.answer(poll_store, poll.code, me, (right + i) % 4, now=T0 + i, settings=settings)
    with pytest.raises(Refused, match="3 answers in a minute"):
        room.answer(poll_store, poll.code, me, right, now=T0 + 30, settings=settings)
    assert room.mine(poll_store, poll.code, me) == (right + 2) % 4
    room.answer(poll_store, poll.code, room.new_student(), right, now=T0 + 30, settings=settings)  # others may
    room.answer(poll_store, poll.code, me, right, now=T0 + 60.5, settings=settings)
    assert room.mine(poll_store, poll.code, me) == right


def test_a_full_poll_refuses_new_students_but_takes_changes(poll_store, tmp_path):
    settings = limits(tmp_path, max_answers=2)
    poll, _, right = open_choice(poll_store, settings)
    first, second, third = students(3)
    room.answer(poll_store, poll.code, first, right, now=T0, settings=settings)
    room.answer(poll_store, poll.code, second, right, now=T0, settings=settings)
    with pytest.raises(Refused, match="full"):
        room.answer(poll_store, poll.code, third, right, now=T0, settings=settings)
    room.answer(poll_store, poll.code, first, (right + 1) % 4, now=T0 + 1, settings=settings)
    assert room.count(poll_store, poll.code) == 2 and room.mine(poll_store, poll.code, third) is None


def test_students_answering_together_never_pass_the_polls_limit(poll_store, tmp_path):
    """The last places are taken under the poll's lock: 12 students at once, 5 places."""
    settings = limits(tmp_path, max_answers=5)
    poll, _, right = open_choice(poll_store, settings)
    taken, start = [], threading.Barrier(12)

    def student(me):
        start.wait()
        try:
            room.answer(poll_store, poll.code, me, right, now=T0, settings=settings)
            taken.append(me)
        except Refused:
            pass

    threads = [threading.Thread(target=student, args=(me,)) for me in students(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert len(taken) == 5 and room.count(poll_store, poll.code) == 5


def test_expiry_deletes_a_poll_and_its_answers_after_the_stated_hours(poll_store, tmp_path):
    settings = limits(tmp_path, hours=24)
    poll, token, right = open_choice(poll_store, settings)
    kept, _ = room.open_poll(poll_store, "curve", 1, 2, now=T0 + 3600, settings=settings)
    room.answer(poll_store, poll.code, room.new_student(), right, now=T0, settings=settings)
    day = 24 * 3600
    assert room.expire(poll_store, now=T0 + day - 1, settings=settings) == 0
    assert room.get(poll_store, poll.code, now=T0 + day + 1, settings=settings) is None   # gone for the room
    with pytest.raises(Refused):
        room.answer(poll_store, poll.code, room.new_student(), right, now=T0 + day + 1, settings=settings)
    with pytest.raises(Refused):
        room.close(poll_store, poll.code, token, now=T0 + day + 1, settings=settings)
    assert room.expire(poll_store, now=T0 + day + 1, settings=settings) == 1
    assert rows(poll_store, "SELECT code FROM polls") == [(kept.code,)]
    assert rows(poll_store, "SELECT COUNT(*) FROM answers") == [(0,)]


@pytest.mark.parametrize("student", [None, "", "short", "a" * 33, "x' OR '1'='1'--abcdef", "é" * 16, 12345])
def test_a_malformed_student_id_is_refused(poll_store, tmp_path, student):
    settings = limits(tmp_path)
    poll, _, right = open_choice(poll_store, settings)
    with pytest.raises(Refused, match="student id"):
        room.answer(poll_store, poll.code, student, right, now=T0, settings=settings)
    assert room.count(poll_store, poll.code) == 0


@pytest.mark.parametrize("code", [None, "", "abcdef", "ABCDE0", "ABCDEFG", "' OR 1=1 --", "ZZZZZZ"])
def test_an_unknown_or_malformed_code_names_no_poll(poll_store, tmp_path, code):
    settings = limits(tmp_path)
    assert room.get(poll_store, code, now=T0, settings=settings) is None
    assert room.count(poll_store, code) == 0 and room.mine(poll_store, code, room.new_student()) is None
    with pytest.raises(Refused, match="no poll"):
        room.answer(poll_store, code, room.new_student(), 0, now=T0, settings=settings)


def test_a_poll_needs_a_known_question_and_task(poll_store, tmp_path):
    for kind, level, seed in (("essay", 1, 1), ("line", 4, 1), ("line", 1, 0), ("line", 1, 10_000), ("line", 1, "3")):
        with pytest.raises(Refused):
            room.open_poll(poll_store, kind, level, seed, now=T0, settings=limits(tmp_path))
    assert rows(poll_store, "SELECT COUNT(*) FROM polls") == [(0,)]


def test_only_the_polls_own_token_controls_it(poll_store, tmp_path):
    settings = limits(tmp_path)
    poll, token, _ = open_choice(poll_store, settings)
    other, other_token = room.open_poll(poll_store, "curve", 1, 2, now=T0, settings=settings)
    assert room.controls(poll_store, poll.code, token, now=T0, settings=settings)
    for bad in (None, "", other_token, token[:-1], room.secrets.token_urlsafe(32)):
        assert not room.controls(poll_store, poll.code, bad, now=T0, settings=settings)
    assert not room.controls(poll_store, poll.code, token, now=T0 + 25 * 3600, settings=settings)   # expired
    assert room.get(poll_store, poll.code, now=T0, settings=settings).state == "open"
