"""The hall's queue (ui.serving.hall.Hall): places in arrival order, never more runs than places,
and a stuck run cannot hold the others past the stated wait."""

import threading
import time

from ui.serving.hall import Hall


def test_places_go_in_arrival_order_and_never_exceed_the_slots():
    hall = Hall(slots=2, wait=30)
    order, inside, most = [], [0], [0, threading.Lock()]
    hold = threading.Event()
    blockers = []
    for _ in range(2):   # both places taken, so every later run queues
        def block():
            with hall.turn():
                hold.wait(10)
        t = threading.Thread(target=block)
        t.start()
        blockers.append(t)
    while hall._free:
        time.sleep(0.001)
    threads = []
    for i in range(12):
        def run(i=i):
            with hall.turn():
                with most[1]:
                    inside[0] += 1
                    most[0] = max(most[0], inside[0])
                order.append(i)
                time.sleep(0.005)
                with most[1]:
                    inside[0] -= 1
        t = threading.Thread(target=run)
        t.start()
        threads.append(t)
        while hall.waiting() < i + 1:   # queued before the next one arrives
            time.sleep(0.001)
    hold.set()
    for t in threads + blockers:
        t.join(10)
    assert sorted(order) == list(range(12))
    # with two places, run i starts before run i + 2 (it can only be overtaken by its neighbour)
    assert all(order.index(i) < order.index(i + 2) for i in range(10)), order
    assert most[0] <= 2


def test_a_run_that_ends_cannot_take_its_place_again_ahead_of_a_waiting_run():
    """A plain semaphore lets the thread that frees a place take it straight back (it holds the
    interpreter while the woken waiter has not run yet): a session rerunning at once would keep
    the place while another waits. Here the waiting run always goes first."""
    hall = Hall(slots=1, wait=30)
    for _ in range(50):
        got, release = [], threading.Event()

        def holder(got=got, release=release):
            with hall.turn():
                release.wait(10)
            with hall.turn():   # straight back in line
                got.append("again")

        def waiter(got=got):
            with hall.turn():
                got.append("waiter")

        h = threading.Thread(target=holder)
        h.start()
        while hall._free:
            time.sleep(0.0005)
        w = threading.Thread(target=waiter)
        w.start()
        while hall.waiting() < 1:
            time.sleep(0.0005)
        release.set()
        h.join(10)
        w.join(10)
        assert got == ["waiter", "again"], got


def test_a_stuck_run_holds_the_others_no_longer_than_the_wait():
    hall = Hall(slots=1, wait=0.3)
    stuck, done = threading.Event(), threading.Event()

    def hog():
        with hall.turn():
            stuck.set()
            done.wait(10)

    t = threading.Thread(target=hog)
    t.start()
    stuck.wait(5)
    started = time.monotonic()
    with hall.turn() as waited:
        assert 0.25 <= waited and time.monotonic() - started < 5
    assert hall.waiting() == 0
    done.set()
    t.join(10)
    with hall.turn() as waited:   # the place the hog gave back is there; the late run took none
        assert waited < 5 and hall._free == 0
    assert hall._free == 1


def test_alone_means_at_most_the_callers_run_and_nobody_waiting():
    """Hall.alone: the test for extra work in a run (ui.live.live_chart.draw_ahead)."""
    hall = Hall(slots=1, wait=30)
    assert hall.alone()
    inside, release = threading.Event(), threading.Event()

    def hold():
        with hall.turn():
            inside.set()
            release.wait(10)

    first = threading.Thread(target=hold)
    first.start()
    inside.wait(10)
    assert hall.alone()   # one run: the caller's own
    second = threading.Thread(target=lambda: hall.turn().__enter__())
    second.daemon = True
    second.start()
    while hall.waiting() < 1:
        time.sleep(0.001)
    assert not hall.alone()   # someone waits for the place
    release.set()
    first.join(10)


def test_alone_is_false_when_two_runs_hold_places():
    hall = Hall(slots=2, wait=30)
    inside, release = threading.Semaphore(0), threading.Event()

    def hold():
        with hall.turn():
            inside.release()
            release.wait(10)

    threads = [threading.Thread(target=hold) for _ in range(2)]
    for t in threads:
        t.start()
    inside.acquire(timeout=10)
    inside.acquire(timeout=10)
    assert not hall.alone()
    release.set()
    for t in threads:
        t.join(10)
    assert hall.alone()
