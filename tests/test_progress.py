"""ui.core.progress: the one progress bar. It draws nothing for quick work, redraws a slow one's
bar only when it moved by a fifth or a second has passed, and is always removed at the end."""

from itertools import pairwise

import pytest

from ui.core import progress as module
from ui.core.progress import Progress


class Slot:
    """What st.empty() gives: records every bar drawn and whether it was emptied."""

    def __init__(self, log):
        self.log = log

    def progress(self, fraction, text):
        self.log.append((fraction, text))

    def empty(self):
        self.log.append("emptied")


@pytest.fixture
def clock(monkeypatch):
    """A clock the test moves (seconds), and the log of what the bar showed."""
    now = [0.0]
    log = []
    monkeypatch.setattr(module.time, "perf_counter", lambda: now[0])
    monkeypatch.setattr(module.st, "empty", lambda: Slot(log))
    return now, log


def test_quick_work_draws_nothing(clock):
    now, log = clock
    with Progress("Fitting") as bar:
        for done in range(1, 11):
            now[0] = 0.02 * done          # all within DELAY
            bar(done, 10)
    assert log == []


def test_slow_work_redraws_by_a_fifth_or_after_a_second_and_is_emptied(clock):
    now, log = clock
    with Progress("Learning curve of kNN", unit="fits") as bar:
        for done in range(1, 100):
            now[0] = Progress.DELAY + 0.001 * done   # fast steps: only the share decides
            bar(done, 100, f"split {done}")
    fractions = [entry[0] for entry in log if entry != "emptied"]
    assert fractions[0] == 0.01 and all(b - a >= Progress.STEP for a, b in pairwise(fractions))
    assert len(fractions) <= 1 + 1 / Progress.STEP
    assert log[0] == (0.01, "Learning curve of kNN: split 1 (1/100 fits)")
    assert log[-1] == "emptied"

    log.clear()
    with Progress("Search") as bar:
        now[0] = 10.0
        bar(1, 1000)
        now[0] += Progress.EVERY          # a slow step: redrawn though it moved by 1/1000
        bar(2, 1000)
        now[0] += Progress.EVERY / 2
        bar(3, 1000)
    assert log == [(0.001, "Search (1/1000 fits)"), (0.002, "Search (2/1000 fits)"), "emptied"]


def test_the_bar_goes_when_the_work_fails(clock):
    now, log = clock
    with pytest.raises(ValueError), Progress("Fitting") as bar:
        now[0] = 1.0
        bar(1, 4)
        raise ValueError("a fit failed")
    assert log == [(0.25, "Fitting (1/4 fits)"), "emptied"]


def test_the_last_call_draws_no_full_bar_just_before_it_goes(clock):
    now, log = clock
    bar = Progress("Fitting")
    now[0] = 1.0
    bar(4, 4)
    bar.done()
    assert log == []
