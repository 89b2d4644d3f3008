"""A lecture hall on one server: at most a few page runs at a time, the others wait their turn.

Streamlit runs every session's script in its own thread of one Python process. When 200
students open the same link at once, 200 threads share one interpreter lock: every run is
slowed to 1/200 of the processor, none finishes until nearly all have, each holds its figures
in memory meanwhile, and the thread that sends the finished charts over the websockets gets a
1/200 share too. Letting a few runs in at a time (a semaphore around the page, in the router)
gives the same total work a queue: early arrivals get their chart early, memory holds a few
runs' figures instead of 200, and the websocket thread keeps its share.

``PLAYGROUND_CONCURRENT_RUNS`` (environment) sets how many; default: the machine's cores.
A run that waits longer than ``WAIT`` seconds goes ahead anyway, so a stuck run cannot stall
the hall.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time

WAIT = 60.0


def _slots() -> int:
    raw = os.environ.get("PLAYGROUND_CONCURRENT_RUNS", "")
    return max(1, int(raw)) if raw.isdigit() else max(1, os.cpu_count() or 1)


SLOTS = _slots()
_gate = threading.BoundedSemaphore(SLOTS)
_waiting = 0
_running = 0   # runs holding a place now (page runs, and fragment runs: ui.core.layout.part)
_lock = threading.Lock()


@contextlib.contextmanager
def turn():
    """Hold one of the ``SLOTS`` page-run places while the block runs (waiting at most WAIT s)."""
    global _waiting, _running
    with _lock:
        _waiting += 1
    started = time.monotonic()
    admitted = _gate.acquire(timeout=WAIT)
    with _lock:
        _waiting -= 1
        _running += 1
    try:
        yield time.monotonic() - started
    finally:
        with _lock:
            _running -= 1
        if admitted:
            _gate.release()


def waiting() -> int:
    """How many runs are waiting for a place now."""
    return _waiting


def idle() -> bool:
    """No run holds a place or waits for one: work done now delays no student
    (``ui.serving.ahead`` computes only then)."""
    return _running == 0 and _waiting == 0
