"""The poll settings, read from environment variables (on Streamlit Community Cloud, a top-level
secret becomes an environment variable), so one ``streamlit run app.py`` needs no set-up:

    PLAYGROUND_DATA_DIR    folder of the SQLite file polls.sqlite3 (default: data/ in the app's folder)
    PLAYGROUND_POLL_DB     postgresql://user:password@host:port/db: every replica uses this server instead
    PLAYGROUND_POLL_RATE   answers a student may send a minute (default 20)
    PLAYGROUND_POLL_MAX    students who may answer one poll (default 500)
    PLAYGROUND_POLL_HOURS  a poll and its answers are deleted this long after it opened (default 24)
"""

from __future__ import annotations

import os
import pathlib
from dataclasses import dataclass

ROOT = pathlib.Path(__file__).resolve().parents[1]
DB_FILE = "polls.sqlite3"


@dataclass(frozen=True)
class Settings:
    data_dir: pathlib.Path
    database_url: str | None
    rate: int            # answers a minute per student
    max_answers: int     # students per poll
    hours: float         # lifetime of a poll


def _number(env, name: str, default, kind, low, high):
    """A limit from the environment; a value that is not a number in [low, high] is refused
    loudly at start-up rather than silently ignored (a lecturer's typo must not lift a limit)."""
    raw = env.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = kind(raw)
    except ValueError:
        raise ValueError(f"{name}={raw!r} is not a number") from None
    if not low <= value <= high:
        raise ValueError(f"{name}={raw!r} is outside [{low}, {high}]")
    return value


def settings(env=None) -> Settings:
    env = os.environ if env is None else env
    url = (env.get("PLAYGROUND_POLL_DB") or "").strip() or None
    if url is not None and not url.startswith(("postgresql://", "postgres://")):
        raise ValueError("PLAYGROUND_POLL_DB must be a postgresql:// URL")
    return Settings(
        data_dir=pathlib.Path(env.get("PLAYGROUND_DATA_DIR") or ROOT / "data"),
        database_url=url,
        rate=_number(env, "PLAYGROUND_POLL_RATE", 20, int, 1, 10_000),
        max_answers=_number(env, "PLAYGROUND_POLL_MAX", 500, int, 1, 100_000),
        hours=_number(env, "PLAYGROUND_POLL_HOURS", 24.0, float, 0.01, 24 * 365),
    )
