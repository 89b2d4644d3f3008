"""Compute ahead (ui/serving/ahead.py): the neighbouring positions of the slider last moved are
computed in the background into the shared cache, within bounds, and the work stops when asked."""

import os
import threading

import pytest
from support.apptest import PLAYGROUND, assert_clean, run_page, widget

from catalog.models import MODELS
from catalog.specs import ParamSpec
from mlcore.neighbors import KNeighborsClassifier
from ui.core import settings
from ui.serving import ahead, hall
from ui.serving.cache import shared

CALLS = []                 # what the builders below were called with
GATE = threading.Event()   # holds the blocking builder until the test opens it
TIMEOUT = 120


def noted(x):
    CALLS.append(x)
    return x


def blocking(x):
    CALLS.append(x)
    GATE.wait(TIMEOUT)
    return x


def priority(x):
    CALLS.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))   # this thread's nice
    return x


def _join_all():
    for t in threading.enumerate():
        if t.name.startswith("ahead-"):
            t.join(TIMEOUT)
            assert not t.is_alive(), "a thread computing ahead did not end"


@pytest.fixture(autouse=True)
def _clean():
    CALLS.clear()
    GATE.clear()
    yield
    GATE.set()
    _join_all()


def _widget_positions(p: ParamSpec) -> list:
    """Every value the slider can show, listed from its definition."""
    if p.log:
        return settings.log_grid(p)
    step = p.step or 1
    n = round((p.high - p.low) / step)
    return [p.low + i * step if p.kind == "int" else round(p.low + i * step, 10) for i in range(n + 1)]


@pytest.mark.parametrize("model, name", [("knn", "n_neighbors"), ("knn", "p"), ("svm", "C"), ("svm", "gamma")])
def test_neighbours_are_the_slider_positions_either_side(model, name):
    p = MODELS[model].param(name)
    grid = _widget_positions(p)
    for i, v in enumerate(grid):
        want = [grid[j] for j in (i - 1, i + 1) if 0 <= j < len(grid)]
        got = ahead.neighbours(p, v)
        assert got == pytest.approx(want), (v, got, want)
        assert all(type(g) is type(v) for g in got)   # the cache key's type: 1 and 1.0 are two keys


def test_the_slider_last_moved_and_its_positions_the_way_it_moved_first():
    spec = MODELS["knn"]
    hp = {p.name: p.default for p in spec.params}
    assert ahead.moved(spec, hp, hp | {"n_neighbors": 6}) == "n_neighbors"
    assert ahead.moved(spec, hp, hp | {"metric": "manhattan"}) is None           # not a slider
    assert ahead.moved(spec, hp, hp | {"n_neighbors": 6, "p": 4.0}) is None      # two at once: a lecture step
    assert ahead.moved(spec, None, hp) is None
    up = ahead.positions(spec, hp | {"n_neighbors": 6}, "n_neighbors", rising=True)
    down = ahead.positions(spec, hp | {"n_neighbors": 6}, "n_neighbors", rising=False)
    assert [q["n_neighbors"] for q in up] == [7, 5] and [q["n_neighbors"] for q in down] == [5, 7]
    assert len(ahead.positions(spec, hp | {"n_neighbors": 1}, "n_neighbors")) == 1   # the end: one side
    assert all(q.keys() == hp.keys() for q in up)


def test_the_positions_are_computed_into_the_shared_cache(monkeypatch):
    monkeypatch.setattr(hall, "_hall", hall.Hall(1))   # no other session's run lately
    thread = ahead.start("session-a", [[(noted, "ahead-1")], [(noted, "ahead-2")]])
    assert thread is not None
    thread.join(TIMEOUT)
    assert CALLS == ["ahead-1", "ahead-2"]
    assert shared(noted, "ahead-2") == "ahead-2" and CALLS == ["ahead-1", "ahead-2"]   # a hit: no new call


@pytest.mark.parametrize("others, computed", [(0, ["way", "other-way"]), (1, ["way"]), (ahead.CROWD, [])])
def test_the_more_sessions_about_the_less_is_guessed(monkeypatch, others, computed):
    """Alone (the student's own earlier runs do not count): both positions. Another session ran
    within the window: only the way the slider moved. A crowd exploring at once: nothing, since
    its runs push a guess out of the shared caches before the student steps again."""
    monkeypatch.setattr(hall, "_hall", hall.Hall(1))
    for who in ["session-q"] * 3 + [f"other-{i}" for i in range(others)]:
        with hall.turn(who):
            pass
    assert hall.idle() and hall.others("session-q", 60.0) == others
    monkeypatch.setattr(ahead, "CROWD_WINDOW", 60.0)
    assert ahead.crowded("session-q") == (others >= ahead.CROWD)   # draw_ahead draws nothing then
    # labels of their own per case: the shared cache would answer a case's repeat without a call
    thread = ahead.start("session-q", [[(noted, f"way {others}")], [(noted, f"other-way {others}")]])
    thread.join(TIMEOUT)
    assert CALLS == [f"{c} {others}" for c in computed]
    assert hall.others("session-q", 0.0) == 0   # none within the last 0 s


def test_stop_ends_the_work_after_the_piece_it_is_in():
    thread = ahead.start("session-b", [[(blocking, "stop-1")], [(noted, "stop-2")]])
    while not CALLS:   # the first piece has started
        threading.Event().wait(0.01)
    ahead.stop("session-b")
    GATE.set()
    thread.join(TIMEOUT)
    assert CALLS == ["stop-1"]


def test_one_thread_per_session_and_a_cap_for_the_server():
    first = ahead.start("session-c", [[(blocking, "cap-1")]])
    assert first is not None
    assert ahead.start("session-c", [[(noted, "cap-2")]]) is None          # its session is busy
    others = [ahead.start(f"session-d{i}", [[(blocking, f"cap-d{i}")]]) for i in range(ahead.THREADS)]
    assert sum(t is not None for t in others) == ahead.THREADS - 1          # the server's cap
    GATE.set()


def test_a_stopped_thread_in_its_last_piece_does_not_hold_the_next_steps_work_back():
    first = ahead.start("session-f", [[(blocking, "last-1")]])
    assert first is not None
    for _ in range(10_000):   # in its piece of work
        if "last-1" in CALLS:
            break
        threading.Event().wait(0.01)
    assert "last-1" in CALLS and first.is_alive()
    ahead.stop("session-f")   # the next step: the thread ends after its piece, which still runs
    second = ahead.start("session-f", [[(noted, "last-2")]])
    assert second is not None
    second.join(TIMEOUT)
    assert "last-2" in CALLS
    GATE.set()
    first.join(TIMEOUT)


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="thread priorities are Linux's")
def test_the_thread_runs_at_the_process_priority_so_a_run_waiting_for_its_result_is_not_starved():
    """A run that needs the result a thread is computing ahead waits for that thread (``shared``);
    at a lower priority on a busy machine the thread would get a sliver of a core and the run
    would wait tens of seconds (ui/serving/ahead.py)."""
    thread = ahead.start("session-n", [[(priority, "nice-1")]])
    assert thread is not None
    thread.join(TIMEOUT)
    assert CALLS == [os.getpriority(os.PRIO_PROCESS, 0)]


def test_nothing_is_computed_while_a_run_holds_a_place(monkeypatch):
    monkeypatch.setattr(ahead, "PATIENCE", 0.2)
    with hall.turn():
        thread = ahead.start("session-e", [[(noted, "busy-1")]])
        thread.join(TIMEOUT)   # out of patience: the run never let it in
    assert CALLS == []


@pytest.mark.app
@pytest.mark.parametrize("enabled", [True, False])
def test_a_playground_step_finds_the_next_position_computed(monkeypatch, enabled):
    """A step of k from 5 to 6: the run at k = 7 then fits no kNN (fit, grid, figure, cross-validation,
    learning panel were computed ahead). Without compute ahead it fits, so the test can fail."""
    monkeypatch.setattr(ahead, "ENABLED", enabled)
    fits = []
    real = KNeighborsClassifier.fit
    monkeypatch.setattr(KNeighborsClassifier, "fit", lambda self, X, y: fits.append(1) or real(self, X, y))
    at = run_page(PLAYGROUND, {"data": "moons", "n": "150", "seed": "4321" if enabled else "4322", "model": "knn"})
    widget(at, "p_knn_k").set_value(6).run()
    assert_clean(at)
    _join_all()
    fits.clear()
    widget(at, "p_knn_k").set_value(7).run()
    assert_clean(at)
    assert (not fits) == enabled, len(fits)


@pytest.mark.app
def test_leaving_the_page_stops_the_work(monkeypatch):
    stopped = []
    monkeypatch.setattr(ahead, "stop", lambda session: stopped.append(session))
    at = run_page(PLAYGROUND, {"data": "moons", "n": "150", "model": "knn"})
    stopped.clear()
    at.switch_page("pages/3_Decision_tree.py").run()
    assert stopped, "the next page's run did not stop the work computed ahead"


@pytest.mark.parametrize(("model", "name"), [("svm", "C"), ("svm", "gamma"), ("knn", "n_neighbors")])
def test_a_position_is_named_by_the_value_its_slider_element_holds(model, name):
    """Drawn ahead (ui.core.layout._shown): a log setting is a select slider of settings.log_grid,
    whose element holds the option's index; a plain slider holds the value itself."""
    from ui.core.layout import _shown

    p = MODELS[model].param(name)
    if p.log:
        grid = settings.log_grid(p)
        assert [_shown(p, v) for v in grid] == list(range(len(grid)))
        assert _shown(p, grid[0] * 1.5) is None   # not a position of the slider
    else:
        assert [_shown(p, v) for v in range(int(p.low), int(p.high) + 1)] == list(range(int(p.low), int(p.high) + 1))
