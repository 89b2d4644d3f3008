"""Where polls and answers live: an SQLite file (the default: one process, no set-up) or a
PostgreSQL server (replicas: every process sees the same polls). Both run the same SQL, written
with ``?`` parameters (PostgreSQL's driver gets ``%s``); no value is ever pasted into a query.

    polls    code (primary key), token_hash, kind, level, seed, state, created
    answers  (code, student) primary key, answer (JSON of numbers), at
    sends    student, at: one row per accepted answer, for the per-minute limit

``transaction()`` yields ``run(sql, *params) -> rows``; everything in one ``with`` block commits
together or not at all. A poll's row is locked while an answer is counted against the poll's
limits (``lock_poll``): SQLite by taking the database's write lock at BEGIN (``BEGIN
IMMEDIATE``), PostgreSQL by ``SELECT ... FOR UPDATE``, so two answers arriving together cannot
both take the last place.
"""

from __future__ import annotations

import contextlib
import pathlib
import queue
import sqlite3
import threading

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS polls (
        code TEXT PRIMARY KEY, token_hash TEXT NOT NULL, kind TEXT NOT NULL, level INTEGER NOT NULL,
        seed INTEGER NOT NULL, state TEXT NOT NULL, created DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS answers (
        code TEXT NOT NULL, student TEXT NOT NULL, answer TEXT NOT NULL, at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (code, student))""",
    "CREATE TABLE IF NOT EXISTS sends (student TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)",
    "CREATE INDEX IF NOT EXISTS sends_by_student ON sends (student, at)",
    "CREATE INDEX IF NOT EXISTS polls_by_age ON polls (created)",
)


class Conflict(Exception):
    """A row with that primary key exists already (a poll code drawn twice)."""


class SQLiteStore:
    """One file; a connection per transaction (cheap for SQLite, and safe across Streamlit's
    script threads). WAL: readers (the presenter's view every second) never wait for a writer."""

    dialect = "sqlite"
    lock_suffix = ""

    def __init__(self, path: pathlib.Path):
        self.path = pathlib.Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.closing(self._connect()) as db:
            db.execute("PRAGMA journal_mode=WAL")
            for statement in SCHEMA:
                db.execute(statement)

    def _connect(self) -> sqlite3.Connection:
        # isolation_level=None: transactions are begun explicitly (BEGIN IMMEDIATE below)
        return sqlite3.connect(self.path, timeout=30, isolation_level=None)

    @contextlib.contextmanager
    def transaction(self):
        db = self._connect()
        try:
            db.execute("BEGIN IMMEDIATE")

            def run(sql: str, *params):
                try:
                    return db.execute(sql, params).fetchall()
                except sqlite3.IntegrityError as e:
                    raise Conflict(str(e)) from e

            yield run
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        finally:
            db.close()


class PostgresStore:
    """A server shared by every replica; a few connections kept per process and handed to one
    transaction at a time. A connection that failed (the server restarted) is dropped, not reused."""

    dialect = "postgresql"
    lock_suffix = " FOR UPDATE"
    KEEP = 8   # idle connections kept per process

    def __init__(self, url: str):
        import psycopg  # only here: the app's default store needs no driver

        self._psycopg = psycopg
        self.url = url
        self._idle: queue.LifoQueue = queue.LifoQueue()
        with self.transaction() as run:
            # two replicas starting together must not both create the tables
            run("SELECT pg_advisory_xact_lock(?)", 25_2026)
            for statement in SCHEMA:
                run(statement)

    def _take(self):
        try:
            return self._idle.get_nowait()
        except queue.Empty:
            return self._psycopg.connect(self.url, autocommit=True, connect_timeout=10)

    @contextlib.contextmanager
    def transaction(self):
        conn = self._take()
        healthy = True
        try:
            with conn.transaction():
                cursor = conn.cursor()

                def run(sql: str, *params):
                    try:
                        cursor.execute(sql.replace("?", "%s"), params)
                    except self._psycopg.errors.UniqueViolation as e:
                        raise Conflict(str(e)) from e
                    return cursor.fetchall() if cursor.description else []

                yield run
        except self._psycopg.OperationalError:
            healthy = False
            raise
        finally:
            if healthy and not conn.closed and self._idle.qsize() < self.KEEP:
                self._idle.put(conn)
            else:
                conn.close()

    def close(self) -> None:
        """Close the idle connections (a test's database is then free to drop)."""
        while True:
            try:
                self._idle.get_nowait().close()
            except queue.Empty:
                return


_STORES: dict[str, object] = {}
_LOCK = threading.Lock()


def connect(where) -> SQLiteStore | PostgresStore:
    """The store at ``where``: a postgresql:// URL, else an SQLite file's path. One per process
    and place (its schema is made once)."""
    key = str(where)
    with _LOCK:
        if key not in _STORES:
            postgres = key.startswith(("postgresql://", "postgres://"))
            _STORES[key] = PostgresStore(key) if postgres else SQLiteStore(pathlib.Path(key))
        return _STORES[key]
