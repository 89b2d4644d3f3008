"""A lecture hall on one server: at most a few page runs at a time, the others wait their turn,
first come first served.

Streamlit runs every session's script in its own thread of one Python process. When 200
students open the same link at once, 200 threads share one interpreter lock: every run is
slowed to 1/200 of the processor, none finishes until nearly all have, each holds its figures
in memory meanwhile, and the thread that sends the finished charts over the websockets gets a
1/200 share too. Letting a few runs in at a time (around the page, in the router) gives the
same total work a queue: early arrivals get their chart early, memory holds a few runs'
figures instead of 200, and the websocket thread keeps its share.

Fair. A plain semaphore lets a run that arrives just as a place frees take it ahead of runs that
have waited; under a steady stream a run could wait far longer than its place in the line. Here
places go strictly in arrival order (a ticket per run), so a run waits only for the runs that
arrived before it: with S places and runs of at most r seconds, a run k-th in line starts within
about (k / S) * r. Streamlit stops a session's run when the session starts another, so a session
holds at most one ticket: a student moving a slider fast cannot push the others back.

``PLAYGROUND_CONCURRENT_RUNS`` (environment) sets how many; default: one. The interpreter lock
lets one run's Python go at a time anyway, and two runs taking turns on it every few
milliseconds each cost more CPU (cache and lock hand-overs): a hall exploring on their own data
(benchmarks/bench_loadgen.py explore, 200 sessions, this 2-core machine) cost 0.08 CPU s per run
with two places and 0.057 with one, and got 18.0 runs a second done instead of 14.5. More cores
serve more runs through more processes (deploy/: one process per core), not more places here.
A run that waits longer than ``WAIT`` seconds goes ahead anyway, so a stuck run cannot stall
the hall: no run waits more than ``WAIT``.
"""

from __future__ import annotations

import collections
import contextlib
import os
import threading
import time

WAIT = 60.0


def _slots() -> int:
    raw = os.environ.get("PLAYGROUND_CONCURRENT_RUNS", "")
    return max(1, int(raw)) if raw.isdigit() else 1


class Hall:
    """``slots`` places, given in arrival order; a run that waited ``wait`` seconds goes ahead."""

    def __init__(self, slots: int, wait: float = WAIT):
        self.slots, self.wait = slots, wait
        self._free = slots
        self._running = 0   # runs in the block now, admitted or gone ahead after ``wait``
        self._line: collections.deque[threading.Event] = collections.deque()
        self._lock = threading.Lock()
        self._starts: collections.deque[tuple[float, str]] = collections.deque(maxlen=64)   # (when, whose)

    def _admit(self) -> None:
        """Give free places to the runs first in line (called with the lock held)."""
        while self._free > 0 and self._line:
            self._free -= 1
            self._line.popleft().set()

    @contextlib.contextmanager
    def turn(self, who: str = ""):
        """Hold a place while the block runs; yields the seconds waited. ``who``: the session."""
        started = time.monotonic()
        ticket = threading.Event()
        with self._lock:
            self._starts.append((started, who))
            self._line.append(ticket)
            self._admit()
        admitted = ticket.wait(self.wait)
        with self._lock:
            if not admitted:
                if ticket.is_set():        # admitted just as the wait ran out: keep the place
                    admitted = True
                else:
                    self._line.remove(ticket)
            self._running += 1
        try:
            yield time.monotonic() - started
        finally:
            with self._lock:
                self._running -= 1
                if admitted:
                    self._free += 1
                    self._admit()

    def waiting(self) -> int:
        with self._lock:
            return len(self._line)

    def idle(self) -> bool:
        with self._lock:
            return self._running == 0 and not self._line

    def alone(self) -> bool:
        with self._lock:
            return self._running <= 1 and not self._line

    def others(self, who: str, window: float) -> int:
        """How many sessions other than ``who`` asked for a place in the last ``window`` seconds
        (of the last 64 runs)."""
        now = time.monotonic()
        with self._lock:
            return len({w for t, w in self._starts if now - t < window and w != who})


SLOTS = _slots()
_hall = Hall(SLOTS)


def turn(who: str = ""):
    """Hold one of the ``SLOTS`` page-run places while the block runs (waiting at most WAIT s);
    ``who``: the session asking."""
    return _hall.turn(who)


def waiting() -> int:
    """How many runs are waiting for a place now."""
    return _hall.waiting()


def idle() -> bool:
    """No run holds a place or waits for one (page runs, and fragment runs: ui.core.layout.part):
    work done now delays no student (``ui.serving.ahead`` computes only then)."""
    return _hall.idle()


def others(who: str, window: float = 2.0) -> int:
    """How many other sessions ran lately: ``ui.serving.ahead`` guesses less in a hall exploring
    at once, where what it computes is pushed out of the shared caches before the student steps."""
    return _hall.others(who, window)


def alone() -> bool:
    """At most one run holds a place (the caller's) and none waits: extra work in this run
    delays no other student (``ui.live.live_chart.draw_ahead``)."""
    return _hall.alone()
