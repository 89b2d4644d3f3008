"""The load generator's explore scenario (benchmarks/bench_loadgen.py): a hall where each student
steps a slider on data of their own. No timing here: the scenario measures."""

import argparse
import asyncio
import os
import pathlib
import socket

import pytest

from benchmarks.bench_loadgen import (
    EXPLORE_NOISE,
    ON_SCREEN,
    SLIDER,
    Server,
    Stats,
    distinct_link,
    explore,
    run_ok,
    server_processes,
)
from benchmarks.st_client import Session, health

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_a_given_pid_is_the_server():
    assert server_processes(1, 4321) == [4321]


def test_the_process_listening_on_the_port_is_the_server_when_it_is_not_haproxy():
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        assert server_processes(listener.getsockname()[1], None) == [os.getpid()]


def test_every_session_has_its_own_data_and_model():
    links = [distinct_link(who) for who in range(20)]
    assert len(set(links)) == 20
    assert len({link.split("&model=")[1] for link in links[:19]}) == 19   # the Playground's 19 models


async def warm_up(port):
    async with Session("127.0.0.1", port) as session:
        await session.run(page="Playground", query="data=moons&n=120&model=knn")


def test_sessions_step_their_own_data_without_failures():
    server = Server(ROOT, "127.0.0.1")
    try:
        health("127.0.0.1", server.port, timeout=120)
        asyncio.run(warm_up(server.port))   # the server's first run imports the app: not the scenario's
        # a session stops at this duration, or once it has stepped through every noise value
        args = argparse.Namespace(sessions=2, within=1.0, every=0.5, duration=60.0, run_timeout=120.0,
                                  pid=server.pid)
        stats = Stats()
        extra = asyncio.run(explore("127.0.0.1", server.port, args, stats))
    finally:
        server.stop()
    assert not stats.failures, stats.failures
    assert len(stats.first_run) == 2 and stats.reruns
    assert extra["server processes"] == 1
    assert extra["runs/s offered (steady)"] == pytest.approx(2 / 0.5)
    assert extra["server CPU s per run (all runs)"] > 0
    assert len(stats.reruns) <= 2 * (len(EXPLORE_NOISE) - 1)   # each other value at most once, never back


def test_a_session_scrolled_to_the_reading_gets_it_and_one_that_is_not_does_not():
    """--reading: the share of sessions whose browser says it shows what is under the plane."""
    async def two(port):
        texts = {}
        for scrolled in (False, True):
            async with Session("127.0.0.1", port) as session:
                await session.run(page="Playground", query="data=moons&n=120&seed=7&model=knn")
                values = {SLIDER: 0.25} | ({ON_SCREEN: {"shown": True}} if scrolled else {})
                run = await session.set(values)
                assert run_ok(run), (run.status, run.exceptions)
                texts[scrolled] = session.text_in(ON_SCREEN.removeprefix("on_screen_"))[0]
        return texts

    server = Server(ROOT, "127.0.0.1")
    try:
        health("127.0.0.1", server.port, timeout=120)
        texts = asyncio.run(two(server.port))
    finally:
        server.stop()
    assert "reading the chart" in texts[False] and "What you see" in texts[False]
    assert "Train" in texts[True] and "reading the chart" not in texts[True]

