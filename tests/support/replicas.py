"""What the replica tests share: free ports for the replicas and HAProxy, and reading HAProxy's
log to see which replica took each request of a student (tagged by a ``student=`` cookie)."""

import pathlib
import re
import socket

# HAProxy's log line (option httplog, logasap): ... backend/server ... {Cookie header} "GET /path ..."
LOG_LINE = re.compile(r" streamlit/(?P<replica>r\d+) .*\{(?P<cookie>[^}]*)\} \"(?P<method>\S+) (?P<path>\S+)")


def free_ports(count: int) -> list[int]:
    """Distinct free loopback ports (all sockets held open until every port is picked)."""
    sockets = []
    try:
        for _ in range(count):
            s = socket.socket()
            s.bind(("127.0.0.1", 0))
            sockets.append(s)
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


def requests_of(log: pathlib.Path, student: str) -> list[tuple[str, str]]:
    """(replica, path) of every request HAProxy took from ``student``, in order."""
    tag = f"student={student}"
    return [(m["replica"], m["path"]) for m in map(LOG_LINE.search, log.read_text().splitlines())
            if m and tag in m["cookie"].replace(" ", "").split(";")]


def streams_of(log: pathlib.Path, student: str) -> list[str]:
    """The replicas that took the student's websocket (/_stcore/stream), in order."""
    return [replica for replica, path in requests_of(log, student) if path.startswith("/_stcore/stream")]
