"""A lecture hall on one Streamlit server: many protocol-level sessions (benchmarks/st_client.py)
from one process, measuring the server alone.

    python -m benchmarks.bench_loadgen lecture         # 200 sessions open one link within 30 s
    python -m benchmarks.bench_loadgen sliders         # 50 sessions move a slider every 2 s for 2 min
    python -m benchmarks.bench_loadgen distinct        # 20 sessions on 20 datasets x models
    python -m benchmarks.bench_loadgen upload          # the same, each uploading 5 MB of points to the plane
    python -m benchmarks.bench_loadgen upload_id3      # 20 sessions uploading a 5 MB table to the ID3 page
    python -m benchmarks.bench_loadgen explore         # 200 sessions, each its own data and model, a step every 10 s
    python -m benchmarks.bench_loadgen explore --port 8500   # the same against replicas.py's HAProxy front
    python -m benchmarks.bench_loadgen poll            # 200 students answer one poll within 30 s, presenter open
    python -m benchmarks.bench_loadgen poll --replicas 2 --poll-db postgresql://...   # behind HAProxy
    python -m benchmarks.bench_loadgen lecture --sessions 20 --within 5 --port 8501   # a running server

Without ``--port`` it starts ``streamlit run app.py`` (of ``--root``) on a free loopback port and
stops it at the end (the poll scenario: with its polls in a temporary PLAYGROUND_DATA_DIR, or
in ``--poll-db``; ``--replicas N`` starts N behind HAProxy, deploy/replicas.py, and sums their
CPU and memory). Only loopback hosts are accepted. Every scenario is bounded: a session count,
a duration, and a timeout per run (``--run-timeout``). Prints a markdown table row per scenario
and the server's RSS. Seconds: *connect* from a session's arrival to its open websocket (the
server's event loop taking the handshake); *first chart* from the session's request for its
first run to the first chart's message (the script run, and its wait for a turn: what the server
does for a browser that asks, as timed in benchmarks/bench_loadgen_crosscheck.py; a browser adds its
own 15-30 ms of JavaScript between its websocket opening and that request); the *last chart after
the last arrival* from the clock of the room.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import math
import os
import pathlib
import platform
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

from websockets.exceptions import ConnectionClosed

from benchmarks.st_client import (
    RUN_TIMEOUT,
    Session,
    cpu_seconds,
    health,
    percentile,
    require_loopback,
    rss_bytes,
    server_pid,
)

ROOT = pathlib.Path(__file__).resolve().parents[1]
PAGE = "Playground"
LECTURE_LINK = "data=moons&n=500&noise=0.3&model=svm"   # one slide, one link
SLIDER = "ds_noise"                                      # refits every model: the data change
ON_SCREEN = "on_screen_playground_below_chart"           # the browser's report: scrolled under the plane
SLIDER_VALUES = [round(0.05 * i, 2) for i in range(2, 13)]
DATASETS = ("blobs", "moons", "circles", "xor", "spirals")
MODELS = ("knn", "logistic", "tree", "random_forest", "svm", "gaussian_nb", "perceptron", "mlp",
          "adaboost", "kernel_perceptron", "bagging", "least_squares", "prototype", "linear_svm_sgd",
          "extra_trees", "one_vs_rest", "linear_svc_cs", "one_vs_one", "output_code", "knn")
MAX_SESSIONS = 400      # a bound on any scenario's session count
MAX_SECONDS = 900       # and on its duration


@dataclass
class Stats:
    """What the sessions of one scenario saw."""
    arrivals: list = field(default_factory=list)      # perf_counter when each session arrived (connects)
    first_done: list = field(default_factory=list)    # ... and when its first chart arrived
    connect: list = field(default_factory=list)       # seconds from own arrival to the open websocket
    first_run: list = field(default_factory=list)     # seconds from the first run's request to script_finished
    first_chart: list = field(default_factory=list)   # seconds from the first run's request to the first chart delta
    reruns: list = field(default_factory=list)        # seconds per rerun after a widget change
    rerun_bytes: list = field(default_factory=list)
    first_bytes: list = field(default_factory=list)
    failures: list = field(default_factory=list)      # (session, what went wrong)
    rss: list = field(default_factory=list)           # (seconds, bytes) samples of the server
    timer_runs: int = 0                               # fragment runs the pages' own timers asked for

    def fail(self, who: int, what: str) -> None:
        self.failures.append((who, what))


def run_ok(run) -> bool:
    return run.status == "FINISHED_SUCCESSFULLY" and not run.exceptions


async def open_session(host, port, who, stats: Stats, page: str, link: str, run_timeout: float,
                       need_chart: bool = True) -> Session | None:
    session = Session(host, port, run_timeout=run_timeout)
    arrival = time.perf_counter()
    stats.arrivals.append(arrival)
    try:
        await session.connect()
        connected = time.perf_counter()
        run = await session.run(page=page, query=link)
    except (OSError, TimeoutError, ConnectionClosed) as err:
        stats.fail(who, f"connect: {type(err).__name__} {err}")
        await session.close()
        return None
    if not run_ok(run) or (need_chart and math.isnan(run.first_chart)):
        stats.fail(who, f"first run: {run.status} {run.exceptions[:1]} charts={len(run.charts)}")
        return session
    stats.connect.append(connected - arrival)
    stats.first_run.append(run.seconds)
    if not math.isnan(run.first_chart):
        stats.first_chart.append(run.first_chart)
        stats.first_done.append(run.started + run.first_chart)
    stats.first_bytes.append(run.bytes)
    return session


async def step(session: Session, who: int, values: dict, stats: Stats) -> bool:
    try:
        run = await session.set(values)
    except ConnectionClosed as err:
        stats.fail(who, f"rerun: connection closed ({err})")
        return False
    if not run_ok(run):
        stats.fail(who, f"rerun: {run.status} {run.exceptions[:1]}")
        return False
    stats.reruns.append(run.seconds)
    stats.rerun_bytes.append(run.bytes)
    return True


def server_cpu(args) -> float | None:
    """CPU seconds the server's processes (``args.pids``) have used, None if one is unknown or gone."""
    seconds = [cpu_seconds(pid) for pid in args.pids]
    return None if not seconds or None in seconds else sum(seconds)


def server_rss(pids: list[int]) -> int | None:
    sizes = [rss_bytes(pid) for pid in pids]
    return None if not sizes or None in sizes else sum(sizes)


async def sample_rss(pids: list[int], stats: Stats, stop: asyncio.Event, every: float = 0.5) -> None:
    start = time.monotonic()
    while pids and not stop.is_set():
        rss = server_rss(pids)
        if rss is not None:
            stats.rss.append((time.monotonic() - start, rss))
        try:
            await asyncio.wait_for(stop.wait(), every)
        except TimeoutError:
            pass


# --- scenarios ---------------------------------------------------------------------------------

async def lecture(host, port, args, stats: Stats) -> dict:
    """``sessions`` open one link, arriving evenly within ``within`` s; once all are in, each sets
    the seed to its own number and must see its own value back in its link (isolation)."""
    sessions: list = [None] * args.sessions
    gap = args.within / max(args.sessions - 1, 1)

    async def arrive(who):
        await asyncio.sleep(who * gap)
        sessions[who] = await open_session(host, port, who, stats, PAGE, LECTURE_LINK, args.run_timeout)

    await asyncio.gather(*(arrive(i) for i in range(args.sessions)))
    last_arrival = max(stats.arrivals)
    extra = {"last chart after last arrival (s)": max(stats.first_done, default=math.nan) - last_arrival}
    cpu = server_cpu(args)
    if cpu is not None and stats.first_run:
        extra["server CPU s per first run"] = (cpu - args.cpu_start) / len(stats.first_run)
    rss_all_in = server_rss(args.pids)

    async def own_value(who, session):
        # k of the SVM's C slider would share fits across sessions; the seed is the session's own
        if session is None or "ds_seed" not in session.widgets:
            return
        if await step(session, who, {"ds_seed": 1000 + who}, stats) and f"seed={1000 + who}" not in session.query:
            stats.fail(who, f"isolation: set seed {1000 + who}, link says {session.query!r}")

    await asyncio.gather(*(own_value(i, s) for i, s in enumerate(sessions)))
    await asyncio.gather(*(s.close() for s in sessions if s is not None))
    extra["RSS with all sessions in (MB)"] = rss_all_in / 2**20 if rss_all_in else math.nan
    return extra


async def sliders(host, port, args, stats: Stats) -> dict:
    """``sessions`` on one link each move the noise slider every ``every`` s for ``duration`` s
    (through the same few values, each session from its own place: what a room does)."""
    deadline = time.monotonic() + args.duration
    rng = random.Random(0)

    async def student(who):
        await asyncio.sleep(rng.uniform(0, args.every))
        session = await open_session(host, port, who, stats, PAGE, LECTURE_LINK, args.run_timeout)
        if session is None:
            return
        position = rng.randrange(len(SLIDER_VALUES))
        steps = 0
        while time.monotonic() < deadline and steps < args.duration / max(args.every, 0.05) + 1:
            tick = time.monotonic()
            position = (position + 1) % len(SLIDER_VALUES)
            if not await step(session, who, {SLIDER: SLIDER_VALUES[position]}, stats):
                break
            steps += 1
            await asyncio.sleep(max(0.0, args.every - (time.monotonic() - tick)))
        await session.close()

    await asyncio.gather(*(student(i) for i in range(args.sessions)))
    return {}


def distinct_link(who: int) -> str:
    return (f"data={DATASETS[who % len(DATASETS)]}&n=500&seed={who + 1}&model={MODELS[who % len(MODELS)]}")


async def distinct(host, port, args, stats: Stats) -> dict:
    """``sessions`` on as many different datasets and models (nothing shared), each moving the
    noise slider ``steps`` times, every ``every`` s."""
    async def student(who):
        await asyncio.sleep(who * args.within / max(args.sessions - 1, 1))
        session = await open_session(host, port, who, stats, PAGE, distinct_link(who), args.run_timeout)
        if session is None:
            return
        for position in range(args.steps):
            tick = time.monotonic()
            if not await step(session, who, {SLIDER: SLIDER_VALUES[position % len(SLIDER_VALUES)]}, stats):
                break
            await asyncio.sleep(max(0.0, args.every - (time.monotonic() - tick)))
        await session.close()

    await asyncio.gather(*(student(i) for i in range(args.sessions)))
    return {}


def csv_bytes(who: int, size: int) -> bytes:
    """A categorical CSV of about ``size`` bytes, different for every session."""
    rng = random.Random(who)
    rows = [b"outlook,temperature,humidity,wind,play"]
    length = len(rows[0]) + 1
    while length < size - 64:
        row = ",".join((rng.choice(("sunny", "overcast", "rain")), rng.choice(("hot", "mild", "cool")),
                        rng.choice(("high", "normal")), rng.choice(("weak", "strong")),
                        rng.choice(("yes", "no")))).encode()
        rows.append(row)
        length += len(row) + 1
    return b"\n".join(rows) + b"\n"


def points_csv_bytes(who: int, size: int) -> bytes:
    """A CSV of 2-D points (x1, x2, label; three noisy classes) of about ``size`` bytes,
    different for every session."""
    rng = random.Random(who)
    rows = [b"x1,x2,label"]
    length = len(rows[0]) + 1
    while length < size - 64:
        k = rng.randrange(3)
        row = f"{rng.gauss(k - 1, 0.7):.6f},{rng.gauss((k % 2) - 0.5, 0.7):.6f},{k}".encode()
        rows.append(row)
        length += len(row) + 1
    return b"\n".join(rows) + b"\n"


async def _uploads(host, port, args, stats: Stats, page: str, link, prepare, content) -> None:
    """``sessions`` arriving over ``within`` s each open ``page`` at ``link(who)``, get ready
    (``await prepare(session, who)``: the uploader's key, or None to stop) and upload their own
    ``content(who, size)`` of ``--upload-mb`` MB; the upload's run is timed as a rerun."""
    size = int(args.upload_mb * 2**20) - 1024   # the multipart framing must fit the server's limit too

    async def student(who):
        await asyncio.sleep(who * args.within / max(args.sessions - 1, 1))
        session = await open_session(host, port, who, stats, page, link(who), args.run_timeout)
        if session is None:
            return
        try:
            uploader = await prepare(session, who)
            if uploader is None:
                return
            # off the event loop: a loop busy for seconds misses the server's keepalive pings
            data = await asyncio.to_thread(content, who, size)
            tick = time.monotonic()
            run = await session.upload(uploader, f"upload{who}.csv", data)
            if not run_ok(run):
                stats.fail(who, f"upload: {run.status} {run.exceptions[:1]}")
                return
            stats.reruns.append(time.monotonic() - tick)
            stats.rerun_bytes.append(run.bytes)
        except (OSError, TimeoutError, ConnectionClosed) as err:
            stats.fail(who, f"upload: {type(err).__name__} {err}")
        finally:
            await session.close()

    await asyncio.gather(*(student(i) for i in range(args.sessions)))


async def upload(host, port, args, stats: Stats) -> dict:
    """``sessions`` on as many models (``distinct``'s links) each upload their own CSV of
    ``--upload-mb`` MB of 2-D points to the plane, with "subsample" ticked: the server reads
    the whole file, keeps a stratified 5,000 rows, and fits and draws the model on them."""
    async def prepare(session, who):
        return "own_file" if await step(session, who, {"own_shrink": True}, stats) else None

    await _uploads(host, port, args, stats, PAGE, distinct_link, prepare, points_csv_bytes)
    return {}


async def upload_id3(host, port, args, stats: Stats) -> dict:
    """``sessions`` open the ID3 page, choose "Upload a CSV" and upload a different CSV of
    ``--upload-mb`` MB each (refused past 500 rows once read: the cost of reading it)."""
    async def prepare(session, who):
        if not await step(session, who, {"id3_table": "Upload a CSV"}, stats):
            return None
        uploader = next((k for k, w in session.widgets.items() if w.kind == "file_uploader"), None)
        if uploader is None:
            stats.fail(who, "no file uploader on the ID3 page")
        return uploader

    await _uploads(host, port, args, stats, "ID3_on_a_table", lambda who: "", prepare, csv_bytes)
    return {}


EXPLORE_NOISE = [round(0.05 * i, 2) for i in range(21)]   # every position of the noise slider


def server_processes(port: int, pid: int | None) -> list[int]:
    """The Streamlit processes serving ``port``: ``pid`` if given; else the one listening on it, or,
    when that is HAProxy started by deploy/replicas.py, the replicas (its siblings running streamlit)."""
    if pid is not None:
        return [pid]
    front = server_pid(port)
    if front is None:
        return []
    try:
        comm = pathlib.Path(f"/proc/{front}/comm").read_text().strip()
        parent = pathlib.Path(f"/proc/{front}/stat").read_text().rsplit(")", 1)[1].split()[1]
    except OSError:
        return [front]
    if comm != "haproxy":
        return [front]
    replicas = []
    for child in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = pathlib.Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
            cmdline = pathlib.Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if stat[1] == parent and b"streamlit" in cmdline:
            replicas.append(int(child))
    return sorted(replicas)


def total(measure, pids: list[int]) -> float:
    values = [measure(p) for p in pids]
    return sum(v for v in values if v is not None) if pids else math.nan


async def explore(host, port, args, stats: Stats) -> dict:
    """``sessions`` arriving within ``within`` s, each on its own dataset, seed and model
    (``distinct_link``: nothing shared), each moving the noise slider one position every ``every`` s
    (from its own place, never back to a value it had) until ``duration`` s after the first
    arrival. A step waits for the previous one, as a student waits for the chart. Against one
    process or replicas.py's HAProxy front: the server CPU and RSS are summed over the replicas.

    The steady window runs from the last arrival to the end: runs per second offered there are
    ``sessions / every``, completed are the reruns that finished in it, and the server CPU per
    run in it is the CPU spent in it over those reruns (no first runs).

    ``reading``: the share of sessions whose browser reports, with their first step, that they have
    scrolled to what is under the plane (ui.core.on_screen: the reading and its cross-validation,
    the test set); the others keep the plane in view, as a client that runs no JavaScript does."""
    pids = server_processes(port, args.pid)
    start = time.monotonic()
    deadline = start + args.duration
    rng = random.Random(0)
    done_at: list[float] = []
    rss_peak = [total(rss_bytes, pids)]
    cpu_start = total(cpu_seconds, pids)

    async def student(who):
        await asyncio.sleep(who * args.within / max(args.sessions - 1, 1))
        session = await open_session(host, port, who, stats, PAGE, distinct_link(who), args.run_timeout)
        if session is None:
            return
        position = rng.randrange(len(EXPLORE_NOISE))
        scrolled = who < round(getattr(args, "reading", 0.0) * args.sessions)
        try:
            for _ in range(len(EXPLORE_NOISE) - 1 if SLIDER in session.widgets else 0):  # else: a failed first run
                await asyncio.sleep(max(0.0, min(args.every, deadline - time.monotonic())))
                if time.monotonic() >= deadline:
                    break
                position = (position + 1) % len(EXPLORE_NOISE)
                values = {SLIDER: EXPLORE_NOISE[position]}
                if scrolled and ON_SCREEN in session.widgets:
                    values[ON_SCREEN] = {"shown": True}
                if not await step(session, who, values, stats):
                    break
                done_at.append(time.monotonic())
        except (OSError, TimeoutError) as err:   # a run past --run-timeout: the student gives up
            stats.fail(who, f"rerun: {type(err).__name__} {err}")
        finally:
            await session.close()

    async def steady():
        await asyncio.sleep(args.within)
        cpu = total(cpu_seconds, pids)
        while time.monotonic() < deadline:
            rss_peak.append(total(rss_bytes, pids))
            await asyncio.sleep(1.0)
        return cpu, total(cpu_seconds, pids)

    (cpu_in, cpu_end), _ = await asyncio.gather(
        steady(), asyncio.gather(*(student(i) for i in range(args.sessions))))
    window = max(deadline - (start + args.within), 1e-9)
    in_window = sum(1 for t in done_at if start + args.within <= t <= deadline)
    runs = len(stats.first_run) + len(stats.reruns)
    return {"server processes": len(pids),
            "runs/s offered (steady)": args.sessions / args.every,
            "runs/s completed (steady)": in_window / window,
            "server CPU s per run (all runs)": (total(cpu_seconds, pids) - cpu_start) / max(runs, 1),
            "server CPU s per rerun (steady)": (cpu_end - cpu_in) / max(in_window, 1),
            "server RSS peak, all processes (MB)": max(rss_peak) / 2**20}


# --- a poll ("Ask the room") -----------------------------------------------------------------------

POLL_PAGE = "Ask_the_room"
POLL_KIND = "neighbours"     # a choice: one tap and Send, as on a phone
RECEIPT = "Answer received"


def first_number(text: str) -> int | None:
    """The first whole number in the words of ``text`` (HTML tags dropped: the presenter's count is
    ``<p class="poll-number">12</p><p>answers</p>``), None if none."""
    digits = re.search(r"\d+", re.sub(r"<[^>]*>", " ", text).replace(",", ""))
    return int(digits.group()) if digits else None


async def poll(host, port, args, stats: Stats) -> dict:
    """One poll: a presenter session holds the presenter view open (its count reruns every second
    by itself, as the page's timer makes the browser ask); ``sessions`` students arrive evenly
    within ``within`` s, each on its own link (``me=`` its id), and taps a choice (the tap sends
    it). Every session runs its page's timers as a browser does (a student's page looks at the
    poll every few seconds) until the presenter shows every answer. Timed: a student's tap to
    the receipt ("Answer received") in its run; the last tap to the moment the presenter's
    count first shows every answer. Then the store must hold exactly one answer per student,
    the one it sent."""
    from polls import room

    store = args.poll_store
    poll_, token = room.open_poll(store, POLL_KIND, 1, 1)
    code = poll_.code
    stop = asyncio.Event()
    shown: dict = {"count": None, "at": math.nan, "all_at": math.nan, "runs": []}

    def seen(run) -> None:
        shown["runs"].append(run.seconds)
        text, arrived = presenter.text_in("poll_count")
        count = first_number(text)
        if count is not None and count != shown["count"]:
            shown["count"], shown["at"] = count, arrived
            if count >= args.sessions and math.isnan(shown["all_at"]):
                shown["all_at"] = arrived
                stop.set()

    presenter = Session(host, port, run_timeout=args.run_timeout)
    await presenter.connect()
    first = await presenter.run(page=POLL_PAGE, query=f"poll={code}&key={token}&present=1")
    if not run_ok(first) or presenter.text_in("poll_count")[0] == "" or not presenter.auto_reruns:
        stats.fail(-1, f"presenter: {first.status} {first.exceptions[:1]} count={presenter.text_in('poll_count')}"
                       f" timers={presenter.auto_reruns}")
        await presenter.close()
        return {}
    following = asyncio.create_task(presenter.follow(stop, seen))

    gap = args.within / max(args.sessions - 1, 1)
    sent: list = []          # perf_counter of each acknowledged tap
    acknowledged: list = []  # seconds from the send to the receipt
    students: list = []
    timers: list = []
    timer_runs: list = []    # seconds of each run the students' page timers asked for
    chosen: dict = {}        # student id -> the index of the choice it sent and saw acknowledged

    async def student(who):
        await asyncio.sleep(who * gap)
        me = room.new_student()
        session = await open_session(host, port, who, stats, POLL_PAGE, f"poll={code}&me={me}",
                                     args.run_timeout, need_chart=False)
        if session is None:
            return
        students.append(session)
        timers.append(asyncio.create_task(session.follow(stop, lambda run: timer_runs.append(run.seconds))))
        try:
            labels = [getattr(label, "content", label) for label in session.options("poll_choice")]
            pick = who % len(labels)
            tap = time.perf_counter()
            run = await session.set({"poll_choice": labels[pick]})
        except (KeyError, IndexError, ValueError, ConnectionClosed) as err:
            stats.fail(who, f"answer: {type(err).__name__} {err}")
            return
        receipt = run.text_at(RECEIPT)
        if not run_ok(run) or math.isnan(receipt):
            stats.fail(who, f"answer: {run.status} {run.exceptions[:1]} texts={[t for _, t in run.texts][:3]}")
            return
        sent.append(tap)
        acknowledged.append(run.started + receipt - tap)
        chosen[me] = pick
        stats.reruns.append(run.seconds)
        stats.rerun_bytes.append(run.bytes)

    await asyncio.gather(*(student(i) for i in range(args.sessions)))
    # every answer is in: the presenter's count has a few reruns to show them
    try:
        await asyncio.wait_for(stop.wait(), 30)
    except TimeoutError:
        stats.fail(-1, f"presenter: showed {shown['count']} answers 30 s after the last send, not {args.sessions}")
    stop.set()
    await asyncio.gather(following, *timers, return_exceptions=True)
    await asyncio.gather(*(s.close() for s in [presenter, *students]))

    stats.timer_runs = len(timer_runs) + len(shown["runs"])
    # exactly one answer per student, the one it sent (choice answers are stored as the index)
    wrong = [me for me, pick in chosen.items() if room.mine(store, code, me) != pick]
    if room.count(store, code) != args.sessions or wrong:
        stats.fail(-1, f"store: {room.count(store, code)} counted for {args.sessions} students, "
                       f"{len(wrong)} not holding the answer they sent")
    if len(acknowledged) != args.sessions:
        stats.fail(-1, f"receipts: {len(acknowledged)} of {args.sessions}")
    return {"answers in the store": room.count(store, code),
            "presenter's count at the end": shown["count"] if shown["count"] is not None else math.nan,
            "last answer shown on the presenter after its send (s)": shown["all_at"] - max(sent, default=math.nan),
            "answer -> receipt p50 (s)": percentile(acknowledged, 50),
            "answer -> receipt p95 (s)": percentile(acknowledged, 95),
            "answer -> receipt max (s)": percentile(acknowledged, 100),
            "presenter count rerun p50 (s)": percentile(shown["runs"], 50),
            "presenter view reruns": len(shown["runs"]),
            "student page timer runs": len(timer_runs),
            "student page timer run p50 (s)": percentile(timer_runs, 50)}


SCENARIOS = {"lecture": (lecture, dict(sessions=200, within=30.0)),
             "sliders": (sliders, dict(sessions=50, every=2.0, duration=120.0)),
             "distinct": (distinct, dict(sessions=20, within=10.0, steps=5, every=2.0)),
             "upload": (upload, dict(sessions=20, within=10.0, upload_mb=5.0)),
             "upload_id3": (upload_id3, dict(sessions=20, within=10.0, upload_mb=5.0)),
             "poll": (poll, dict(sessions=200, within=30.0)),
             "explore": (explore, dict(sessions=200, within=30.0, every=10.0, duration=180.0, reading=0.0))}


# --- the server and the report ----------------------------------------------------------------

def free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


class Server:
    """``streamlit run app.py`` of ``root`` on a loopback port, stopped by ``stop``; on the CPUs
    ``cpus`` only, if given (its threads, made later, inherit them)."""

    def __init__(self, root: pathlib.Path, host: str, extra: list[str] = (), cpus: set[int] | None = None,
                 env: dict | None = None):
        self.root, self.extra = root, list(extra)
        self.port = free_port(host)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
             "--server.address", host, "--server.port", str(self.port),
             "--browser.gatherUsageStats", "false", *extra],
            cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, **(env or {})},
            preexec_fn=(lambda: os.sched_setaffinity(0, cpus)) if cpus else None)
        self.pid = self.proc.pid

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def summary(name: str, args, stats: Stats, extra: dict, seconds: float) -> list[str]:
    def pct(values, q):
        return f"{percentile(values, q):.2f}" if values else "—"

    peak = max((r for _, r in stats.rss), default=math.nan) / 2**20
    idle = stats.rss[0][1] / 2**20 if stats.rss else math.nan
    lines = [
        f"| {name} | {args.sessions} | {pct(stats.connect, 50)} / {pct(stats.connect, 100)} "
        f"| {pct(stats.first_chart, 50)} / {pct(stats.first_chart, 95)} / "
        f"{pct(stats.first_chart, 100)} | {pct(stats.reruns, 50)} / {pct(stats.reruns, 95)} / {pct(stats.reruns, 100)} "
        f"| {len(stats.reruns)} | {percentile(stats.rerun_bytes, 50) / 1024:.0f} | {idle:.0f} → {peak:.0f} "
        f"| {len(stats.failures)} |"]
    lines.append(f"first run (script_finished) p50/p95/max: {pct(stats.first_run, 50)} / {pct(stats.first_run, 95)} / "
                 f"{pct(stats.first_run, 100)} s; first-run bytes median "
                 f"{percentile(stats.first_bytes, 50) / 1024:.0f} KB; scenario took {seconds:.0f} s")
    lines += [f"{k}: {v:.3f}" if "CPU s per" in k else f"{k}: {v:.2f}" for k, v in extra.items()]
    kinds: dict = {}
    for who, what in stats.failures:
        kinds.setdefault(what.split(":")[0], []).append((who, what))
    lines += [f"failures '{kind}': {len(items)}, e.g. session {items[0][0]}: {items[0][1]}"
              for kind, items in kinds.items()]
    return lines


HEADER = ("| scenario | sessions | connect p50 / max (s) | first chart p50 / p95 / max (s) "
          "| rerun p50 / p95 / max (s) | reruns | KB per rerun (median) | server RSS idle → peak (MB) "
          "| failures |\n|---|---|---|---|---|---|---|---|---|")


async def run_scenario(name, host, port, args) -> tuple[Stats, dict, float]:
    stats = Stats()
    stop = asyncio.Event()
    args.pid = getattr(args, "pid", None)   # --port without --pid: main leaves it out of the namespace
    sampler = asyncio.create_task(sample_rss(args.pids, stats, stop))
    scenario = SCENARIOS[name][0]
    start = time.monotonic()
    cpu_before = args.cpu_start = server_cpu(args)
    own_cpu = time.process_time()   # the load generator's own: a starved client delays what it measures
    try:
        extra = await asyncio.wait_for(scenario(host, port, args, stats), MAX_SECONDS)
    finally:
        stop.set()
        await sampler
    cpu_after = server_cpu(args)
    if cpu_before is not None and cpu_after is not None:
        runs = len(stats.first_run) + len(stats.reruns) + stats.timer_runs
        extra["server CPU s"] = cpu_after - cpu_before
        extra["server CPU s per run"] = (cpu_after - cpu_before) / max(runs, 1)
    extra["load generator CPU s"] = time.process_time() - own_cpu
    return stats, extra, time.monotonic() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scenario", choices=[*SCENARIOS, "all"])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, help="a running server's port (default: start one)")
    parser.add_argument("--pid", type=int, help="the running server's pid, for its RSS")
    parser.add_argument("--root", type=pathlib.Path, default=ROOT, help="the checkout to serve")
    parser.add_argument("--sessions", type=int)
    parser.add_argument("--within", type=float, help="seconds over which the sessions arrive")
    parser.add_argument("--every", type=float, help="seconds between a session's slider steps")
    parser.add_argument("--duration", type=float, help="seconds the sliders scenario lasts")
    parser.add_argument("--steps", type=int, help="slider steps per session (distinct)")
    parser.add_argument("--reading", type=float,
                        help="explore: share of sessions scrolled to the reading under the plane (default 0)")
    parser.add_argument("--upload-mb", type=float)
    parser.add_argument("--run-timeout", type=float, default=RUN_TIMEOUT)
    parser.add_argument("--server-arg", action="append", default=[],
                        help="an option for the started server, e.g. --server-arg=--server.fileWatcherType=none")
    parser.add_argument("--poll-db", help="the poll scenario: a postgresql:// URL the server(s) keep polls in "
                                          "(default: SQLite in --data-dir)")
    parser.add_argument("--data-dir", type=pathlib.Path,
                        help="the poll scenario: the server's PLAYGROUND_DATA_DIR (default: a temporary folder)")
    parser.add_argument("--replicas", type=int, default=0,
                        help="start this many servers behind HAProxy (deploy/replicas.py) instead of one")
    args = parser.parse_args(argv)
    host = require_loopback(args.host)
    names = list(SCENARIOS) if args.scenario == "all" else [args.scenario]
    if args.replicas > 1 and not args.poll_db and "poll" in names:
        parser.error("--replicas with the poll scenario needs --poll-db: SQLite files are not shared")
    with contextlib.ExitStack() as stack:
        # the poll store, named the way the server reads it (polls.config), for this process too
        if args.poll_db:
            os.environ["PLAYGROUND_POLL_DB"] = args.poll_db
        else:
            os.environ.pop("PLAYGROUND_POLL_DB", None)
            data = args.data_dir or pathlib.Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="polls-")))
            os.environ["PLAYGROUND_DATA_DIR"] = str(data)
        # a running server (--port): its process, or the replicas behind a replicas.py front
        args.pids = server_processes(args.port, args.pid) if args.port is not None else []
        if args.port is None and args.replicas > 1:
            from deploy.replicas import cluster

            front, replica_ports = free_port(host), [free_port(host) for _ in range(args.replicas)]
            _, processes = stack.enter_context(cluster(front, replica_ports, poll_db=args.poll_db))
            args.port, args.pids = front, [proc.pid for proc in processes.values()]
        elif args.port is None:
            server = Server(args.root, host, args.server_arg)
            stack.callback(server.stop)
            args.port, args.pids = server.port, [server.pid]
        if "poll" in names:
            from polls import room

            args.poll_store = room.store()
        return _run_all(parser, args, host, names)


def _run_all(parser, args, host: str, names: list[str]) -> int:
    """Print the run's header, then a table row (and its details on stderr) per scenario."""
    health(host, args.port)
    where = f"{args.replicas} replicas behind HAProxy" if args.replicas > 1 else "server"
    polls = f"; polls in {'PostgreSQL' if args.poll_db else 'SQLite'}" if "poll" in names else ""
    print(f"{datetime.date.today()}, 2-core shared VM, Python {platform.python_version()}, "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {where} {args.root} "
          f"port {args.port} {' '.join(args.server_arg)}{polls}")
    print(HEADER)
    for name in names:
        scenario_args = argparse.Namespace(**{**SCENARIOS[name][1], **{
            k: v for k, v in vars(args).items() if v is not None}})
        if scenario_args.sessions > MAX_SESSIONS:
            parser.error(f"--sessions {scenario_args.sessions} is above the bound {MAX_SESSIONS}")
        stats, extra, seconds = asyncio.run(run_scenario(name, host, args.port, scenario_args))
        lines = summary(name, scenario_args, stats, extra, seconds)
        print(lines[0])
        for line in lines[1:]:
            print("   ", line, file=sys.stderr)
        sys.stdout.flush()
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
