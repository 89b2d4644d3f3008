"""A real PostgreSQL server for the tests, from Debian's package (`.ci/run` installs it): a new
cluster in a temporary folder, on a free loopback port, trusted for local connections only, and
stopped at the end. Run as the ``postgres`` user when the tests run as root (the server refuses
root). No mock: the poll rules are tested against this and against SQLite the same way."""

from __future__ import annotations

import contextlib
import glob
import os
import pathlib
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid


def binaries() -> pathlib.Path | None:
    """Debian's folder of initdb and pg_ctl (the newest version installed), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return pathlib.Path(found[-1]).parent if found else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_server_user(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


@contextlib.contextmanager
def server():
    """Yields the URL of a fresh server's ``postgres`` database (superuser ``postgres``)."""
    bin_dir = binaries()
    if bin_dir is None:
        raise FileNotFoundError("PostgreSQL is not installed: `apt-get install postgresql` (.ci/run does)")
    home = pathlib.Path(tempfile.mkdtemp(prefix="pg-test-"))
    data = home / "data"
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(home, user.pw_uid, user.pw_gid)
    port = _free_port()
    run = dict(check=True, capture_output=True, timeout=120)
    try:
        subprocess.run(_as_server_user([str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres",
                                        "--auth=trust", "--no-sync", "-E", "UTF8"]), **run)
        options = f"-p {port} -k {home} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
        subprocess.run(_as_server_user([str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options,
                                        "-l", str(home / "log"), "-w", "-t", "60", "start"]), **run)
        try:
            yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
        finally:
            subprocess.run(_as_server_user([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate",
                                            "-w", "stop"]), capture_output=True, timeout=60)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def fresh_database(url: str) -> str:
    """A new empty database on the server at ``url``: its URL (one per test, so tests never share rows)."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")   # a name made here, never from input
    return url.rsplit("/", 1)[0] + "/" + name
