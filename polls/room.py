"""The rules of a poll: who may do what, and the limits.

    open_poll            anyone (the lecturer's page): a new poll and its token, shown once
    answer, mine, count  a student, by the poll's code and their own anonymous id
    answers              the lecturer (the token) at any time; everyone once the poll is revealed
    close, reveal, reset the lecturer only (the token)
    expire               deletes polls (and their answers) older than the settings' hours

A poll is "open" (takes answers), "closed" (keeps them, takes no more) or "revealed" (closed,
and its answers and the algorithm's answer are shown to the room). Reset empties it and opens it
again. One answer per student and poll: a new one replaces the old. A student may send at most
``rate`` answers a minute (all polls together), and a poll takes at most ``max_answers`` students.

The token is ``secrets.token_urlsafe(32)`` (256 random bits); the store keeps its SHA-256 only,
compared in constant time. A code is 6 characters from 31 that cannot be misread (no 0/O, 1/I/L):
31⁶ ≈ 8.9·10⁸ codes, enough that a guessed code rarely names a live poll — and a code only lets a
student answer, never control the poll or read others' answers early.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import time
from dataclasses import dataclass

from exercises import LEVELS
from polls import config, questions
from polls.questions import QUESTIONS, Refused
from polls.store import Conflict, connect

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE = re.compile(rf"[{ALPHABET}]{{6}}")
STUDENT = re.compile(r"[A-Za-z0-9_-]{16,32}")
TOKEN = re.compile(r"[A-Za-z0-9_-]{20,100}")
MAX_SEED = 9999
STATES = ("open", "closed", "revealed")

__all__ = ["Poll", "Refused", "open_poll", "get", "answer", "mine", "count", "controls", "answers", "close", "reveal",
           "reset", "expire", "new_student", "valid_student", "store"]


@dataclass(frozen=True)
class Poll:
    code: str
    kind: str
    level: int
    seed: int
    state: str
    created: float

    @property
    def question(self) -> str:
        return QUESTIONS[self.kind]

    def task(self):
        return questions.task(self.kind, self.level, self.seed)


def store(settings: config.Settings | None = None):
    """The store the settings name: PostgreSQL when a URL is set, else the SQLite file."""
    settings = settings or config.settings()
    return connect(settings.database_url or settings.data_dir / config.DB_FILE)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_student() -> str:
    return secrets.token_urlsafe(12)   # 16 characters, 96 bits


def valid_student(student) -> bool:
    return isinstance(student, str) and STUDENT.fullmatch(student) is not None


def _now(now):
    return time.time() if now is None else float(now)


def open_poll(store, kind: str, level: int, seed: int, now=None, settings=None) -> tuple[Poll, str]:
    """A new open poll on the task (kind, level, seed) and the token that controls it."""
    if kind not in QUESTIONS:
        raise Refused(f"There is no question of kind {kind!r}.")
    if level not in LEVELS or not isinstance(seed, int) or not 1 <= seed <= MAX_SEED:
        raise Refused(f"A task is a level in {LEVELS} and a number from 1 to {MAX_SEED}.")
    now = _now(now)
    expire(store, now, settings)
    token = secrets.token_urlsafe(32)
    for _ in range(20):
        code = "".join(secrets.choice(ALPHABET) for _ in range(6))
        try:
            with store.transaction() as run:
                run("INSERT INTO polls (code, token_hash, kind, level, seed, state, created) "
                    "VALUES (?, ?, ?, ?, ?, 'open', ?)", code, _hash(token), kind, level, seed, now)
        except Conflict:
            continue
        return Poll(code, kind, level, seed, "open", now), token
    raise RuntimeError("no free poll code after 20 draws")


def _row_to_poll(row) -> Poll:
    code, kind, level, seed, state, created = row
    return Poll(code, kind, int(level), int(seed), state, float(created))


def get(store, code, now=None, settings=None) -> Poll | None:
    """The poll with this code; None for a malformed, unknown or expired code."""
    if not isinstance(code, str) or CODE.fullmatch(code) is None:
        return None
    with store.transaction() as run:
        rows = run("SELECT code, kind, level, seed, state, created FROM polls WHERE code = ?", code)
    if not rows:
        return None
    poll = _row_to_poll(rows[0])
    settings = settings or config.settings()
    return None if poll.created + 3600 * settings.hours < _now(now) else poll


def _live(store, code, now, settings) -> Poll:
    poll = get(store, code, now, settings)
    if poll is None:
        raise Refused("There is no poll with this code: it may have ended. Ask for the code again.")
    return poll


def answer(store, code, student, raw, now=None, settings=None) -> Poll:
    """Record (or replace) the student's answer to an open poll; ``Refused`` says why not."""
    settings = settings or config.settings()
    now = _now(now)
    if not valid_student(student):
        raise Refused("This link's student id is not valid: open the join link again.")
    poll = _live(store, code, now, settings)
    value = questions.parse(poll.kind, poll.task(), raw)
    with store.transaction() as run:
        state = run(f"SELECT state FROM polls WHERE code = ?{store.lock_suffix}", code)
        if not state:
            raise Refused("There is no poll with this code: it may have ended.")
        if state[0][0] != "open":
            raise Refused("The poll is closed: it takes no more answers.")
        [(sent,)] = run("SELECT COUNT(*) FROM sends WHERE student = ? AND at > ?", student, now - 60)
        if sent >= settings.rate:
            raise Refused(f"That is {settings.rate} answers in a minute: wait a little, then send again.")
        had = run("SELECT 1 FROM answers WHERE code = ? AND student = ?", code, student)
        if not had:
            [(taken,)] = run("SELECT COUNT(*) FROM answers WHERE code = ?", code)
            if taken >= settings.max_answers:
                raise Refused(f"The poll is full: it takes {settings.max_answers} answers.")
        run("INSERT INTO sends (student, at) VALUES (?, ?)", student, now)
        run("INSERT INTO answers (code, student, answer, at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (code, student) DO UPDATE SET answer = excluded.answer, at = excluded.at",
            code, student, json.dumps(value), now)
    return poll


def _value(text: str):
    value = json.loads(text)
    return tuple(value) if isinstance(value, list) else value


def mine(store, code, student):
    """The student's own answer, or None."""
    if not valid_student(student) or not isinstance(code, str) or CODE.fullmatch(code) is None:
        return None
    with store.transaction() as run:
        rows = run("SELECT answer FROM answers WHERE code = ? AND student = ?", code, student)
    return _value(rows[0][0]) if rows else None


def count(store, code) -> int:
    """How many students have answered (a number anyone in the room may see)."""
    if not isinstance(code, str) or CODE.fullmatch(code) is None:
        return 0
    with store.transaction() as run:
        [(n,)] = run("SELECT COUNT(*) FROM answers WHERE code = ?", code)
    return int(n)


def _token_ok(store, code, token) -> bool:
    if not isinstance(token, str) or TOKEN.fullmatch(token) is None:
        return False
    with store.transaction() as run:
        rows = run("SELECT token_hash FROM polls WHERE code = ?", code)
    return bool(rows) and hmac.compare_digest(rows[0][0], _hash(token))


def controls(store, code, token, now=None, settings=None) -> bool:
    """Whether ``token`` is the lecturer's token of the live poll ``code`` (changes nothing)."""
    return get(store, code, now, settings) is not None and _token_ok(store, code, token)


def answers(store, code, token=None, now=None, settings=None) -> list:
    """Every answer, oldest first: for the lecturer (the token) at any time, for the room once revealed."""
    poll = _live(store, code, now, settings)
    if poll.state != "revealed" and not _token_ok(store, code, token):
        raise Refused("The answers are shown when the lecturer reveals them.")
    with store.transaction() as run:
        rows = run("SELECT answer FROM answers WHERE code = ? ORDER BY at, student", code)
    return [_value(text) for (text,) in rows]


def _lecturer(store, code, token, now, settings) -> None:
    _live(store, code, now, settings)
    if not _token_ok(store, code, token):
        raise Refused("Only the lecturer's link can do that.")


def close(store, code, token, now=None, settings=None) -> Poll:
    _lecturer(store, code, token, now, settings)
    with store.transaction() as run:
        run("UPDATE polls SET state = 'closed' WHERE code = ?", code)
    return _live(store, code, now, settings)


def reveal(store, code, token, now=None, settings=None) -> Poll:
    """Closed, and its answers shown to everyone with the algorithm's answer."""
    _lecturer(store, code, token, now, settings)
    with store.transaction() as run:
        run("UPDATE polls SET state = 'revealed' WHERE code = ?", code)
    return _live(store, code, now, settings)


def reset(store, code, token, now=None, settings=None) -> Poll:
    """Every answer deleted and the poll open again."""
    _lecturer(store, code, token, now, settings)
    with store.transaction() as run:
        run("DELETE FROM answers WHERE code = ?", code)
        run("UPDATE polls SET state = 'open' WHERE code = ?", code)
    return _live(store, code, now, settings)


def expire(store, now=None, settings=None) -> int:
    """Delete the polls opened more than the settings' hours ago, with their answers, and the
    send records older than a minute (they only count toward the per-minute limit)."""
    settings = settings or config.settings()
    now = _now(now)
    cutoff = now - 3600 * settings.hours
    with store.transaction() as run:
        run("DELETE FROM answers WHERE code IN (SELECT code FROM polls WHERE created < ?)", cutoff)
        gone = run("DELETE FROM polls WHERE created < ? RETURNING code", cutoff)
        run("DELETE FROM sends WHERE at <= ?", now - 60)
    return len(gone)
