"""Compute ahead: while a student looks at one slider position, the positions next to it.

A slider steps one position at a time, so the next run asks for the value one step to the left
or right of the slider last moved. After a run of the part of the page that slider drives, a
background thread computes what that run computed (the fit, the grid, the figure...) at those
two positions, through the same shared cache (``ui.serving.cache.shared``), so the next step is a
cache hit, for this student and for everyone on the same link.

Bounded, and never in a student's way:

- at most ``POSITIONS`` positions per step, one thread per session and ``THREADS`` for the server;
  a step that finds no free thread computes nothing ahead;
- it works only while no run holds or waits for a place (``ui.serving.hall.idle``), checked
  before each piece of work; it gives up after ``PATIENCE`` seconds without an idle moment;
- with other sessions about (``ui.serving.hall.others``: their runs in the last ``CROWD_WINDOW``
  seconds) only the first position, the way the slider last moved; with ``CROWD`` or more, none.
  A hall exploring at once (benchmarks/bench_loadgen.py explore: 200 sessions, 20 distinct runs a
  second) pushes a guess out of the shared caches (32 fits) within two seconds, long before the
  student's next step: the guesses (mostly the figures ``draw_ahead`` built in the runs) filled
  every idle moment with work nobody used, 0.052 CPU s per run against 0.047 without them;
- its thread runs at the process's own OS priority, not a lower one: a run that asks for a result
  the thread is computing waits for it (``shared``: one thread computes, the others wait), and a
  thread at nice 19 on a busy machine gets ~1/70 of a core: 0.4 s of numpy work took 26-38 s with both
  cores taken by other work (a priority inversion; a test runner's browser tests timed out on it);
- every run of the session stops it (``stop``): the student stepped again, or left the page.

Pure planning (``neighbours``, ``moved``, ``positions``) is apart from the thread (``start``), so
what is computed ahead is tested without one.
"""

from __future__ import annotations

import math
import os
import threading
import time

from catalog.specs import ModelSpec, ParamSpec
from ui.core.settings import log_grid, snap
from ui.serving import hall
from ui.serving.cache import shared

ENABLED = os.environ.get("CP_AHEAD", "1") != "0"   # CP_AHEAD=0: compute nothing ahead
POSITIONS = 2       # positions computed ahead per step: one each way
THREADS = 2         # threads computing ahead for the whole server
PATIENCE = 5.0      # seconds a thread waits for an idle server before it gives up
POLL = 0.02         # seconds between two looks at the server while it is busy
CROWD, CROWD_WINDOW = 8, 2.0   # other sessions run within the window: no guesses (see above)

_free = threading.BoundedSemaphore(THREADS)
_lock = threading.Lock()
_running: dict[str, tuple[threading.Thread, threading.Event]] = {}   # session -> its thread


# --- what to compute ------------------------------------------------------------------------

def is_slider(p: ParamSpec) -> bool:
    """A setting drawn as a slider (``ui.core.settings``): a number with both ends."""
    return p.kind in ("int", "float") and p.low is not None and p.high is not None and p.low != p.high


def neighbours(p: ParamSpec, value) -> list:
    """The slider's positions one step below and one step above ``value`` that exist, in the
    type and rounding the page gets them in (``ui.core.settings.snap``), so their cache keys are
    the ones the next run asks for."""
    if not is_slider(p):
        return []
    if p.log:
        grid = log_grid(p)
        if value not in grid:
            return []
        i = grid.index(value)
        return [grid[j] for j in (i - 1, i + 1) if 0 <= j < len(grid)]
    cast = int if p.kind == "int" else float
    step = p.step or (1 if cast is int else (p.high - p.low) / 100)
    out = []
    for v in (value - step, value + step):
        if p.low - 1e-12 <= v <= p.high + 1e-12 and not (isinstance(v, float) and math.isinf(v)):
            out.append(cast(snap(p, cast(v))) if cast is float else int(round(v)))
    return out


def _specs(spec) -> tuple[ParamSpec, ...]:
    return tuple(spec.params) if isinstance(spec, ModelSpec) else tuple(spec)


def moved(spec, before: dict | None, after: dict) -> str | None:
    """The slider ``before`` -> ``after`` moved (one setting changed, a slider), else None.
    ``spec``: a model's ModelSpec, or the ParamSpecs of the settings in ``after``."""
    if not before or before.keys() != after.keys():
        return None
    changed = [k for k in after if before[k] != after[k]]
    if len(changed) != 1:
        return None
    p = next((q for q in _specs(spec) if q.name == changed[0]), None)
    return p.name if p is not None and is_slider(p) else None


def positions(spec, params: dict, name: str, rising: bool = True) -> list[dict]:
    """The parameters at the neighbouring positions of slider ``name``: the way it last moved
    first (``rising``), at most ``POSITIONS``, each still a relevant setting there."""
    p = next(q for q in _specs(spec) if q.name == name)
    near = neighbours(p, params[name])
    near.sort(key=lambda v: (v < params[name]) if rising else (v > params[name]))
    out = [params | {name: v} for v in near]
    return [q for q in out if p.relevant(q)][:POSITIONS]


# --- the thread ----------------------------------------------------------------------------

def stop(session: str) -> None:
    """Stop the session's thread (it ends after the piece of work it is in)."""
    with _lock:
        found = _running.get(session)
    if found is not None:
        found[1].set()


def running(session: str) -> bool:
    with _lock:
        found = _running.get(session)
    return found is not None and found[0].is_alive()


def _busy(session: str) -> bool:
    """The session has a thread at work that was not told to stop."""
    with _lock:
        found = _running.get(session)
    return found is not None and found[0].is_alive() and not found[1].is_set()


def start(session: str, work: list[list[tuple]]) -> threading.Thread | None:
    """Compute ``work`` in the background: per position, ``(builder, *args)`` tuples called
    through ``shared`` in order. None when nothing starts: no work, the session's thread is at
    work and was not stopped, or the server's threads are all busy. A stopped thread still in its
    last piece (a step came while it fitted a model) does not hold the next step's work back."""
    if not ENABLED or not work or _busy(session) or not _free.acquire(blocking=False):
        return None
    halt = threading.Event()
    thread = threading.Thread(target=_run, args=(session, work, halt), name=f"ahead-{session[:8]}", daemon=True)
    with _lock:
        _running[session] = (thread, halt)
    try:
        thread.start()
    except RuntimeError:   # the interpreter is shutting down, or no thread can be made
        _release(session, thread)
        return None
    return thread


def crowded(session: str) -> bool:
    """``CROWD`` or more other sessions ran in the last ``CROWD_WINDOW`` seconds: a hall exploring
    at once, where a guess leaves the shared caches before the student's next step (nothing is
    computed or drawn ahead: ``ui.live.live_chart.draw_ahead`` asks too)."""
    return hall.others(session, CROWD_WINDOW) >= CROWD


def _run(session: str, work: list[list[tuple]], halt: threading.Event) -> None:
    try:
        crowd = hall.others(session, CROWD_WINDOW)
        if crowd >= CROWD:   # crowded(session)
            return
        for i, position in enumerate(work):
            if i and crowd:   # others about: only the way the slider last moved
                return
            for builder, *args in position:
                if not _wait_idle(halt):
                    return
                try:
                    shared(builder, *args)
                except Exception:  # noqa: BLE001 (a position the model refuses: the page will say so)
                    break
    finally:
        _release(session, threading.current_thread())


def _wait_idle(halt: threading.Event) -> bool:
    """Wait until no run holds or waits for a place; False when stopped or out of patience."""
    deadline = time.monotonic() + PATIENCE
    while not halt.is_set():
        if hall.idle():
            return True
        if time.monotonic() > deadline:
            return False
        halt.wait(POLL)
    return False


def _release(session: str, thread: threading.Thread) -> None:
    with _lock:
        if _running.get(session, (None,))[0] is thread:
            del _running[session]
    _free.release()
