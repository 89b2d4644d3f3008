"""The load generator's protocol client (benchmarks/st_client.py) against a real `streamlit run app.py`,
and its pure parts. No timing here: benchmarks/bench_loadgen.py measures."""

import asyncio
import contextlib
import json
import math
import pathlib

import numpy as np
import pytest

from benchmarks.bench_loadgen import Server, csv_bytes, first_number, points_csv_bytes
from benchmarks.bench_loadgen_crosscheck import delivered, net_streams, request_to
from benchmarks.st_client import Session, health, percentile, require_loopback

ROOT = pathlib.Path(__file__).resolve().parents[1]

LINK_A = "data=moons&n=120&model=knn"
LINK_C = "data=circles&n=120&noise=0.7&model=gaussian_nb"


# --- pure parts ----------------------------------------------------------------------------------

@pytest.mark.parametrize("values", [[3.0], [5.0, 1.0], [2.0, 9.0, 4.0, 4.0, 7.5, 0.5, 11.0]])
@pytest.mark.parametrize("q", [0, 10, 50, 95, 100])
def test_percentile_matches_numpy_linear_interpolation(values, q):
    # numpy is the oracle: its default method is the same linear interpolation between order statistics
    assert percentile(values, q) == pytest.approx(float(np.percentile(values, q)), abs=1e-12)


def test_percentile_of_nothing_is_nan_and_q_is_checked():
    assert math.isnan(percentile([], 50))
    with pytest.raises(ValueError, match="outside 0..100"):
        percentile([1.0], 101)


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "localhost"])
def test_loopback_hosts_are_accepted(host):
    assert require_loopback(host) == host


@pytest.mark.parametrize("host", ["192.0.2.1", "10.0.0.1", "8.8.8.8", "0.0.0.0", "no-such-host.invalid"])
def test_other_hosts_are_refused_before_any_connection(host):
    with pytest.raises(ValueError, match="loopback"):
        Session(host, 8501)
    with pytest.raises(ValueError, match="loopback"):
        health.__wrapped__(host, 8501, timeout=0.1)


def test_upload_tables_differ_per_session_and_have_the_size_asked_for():
    a, b = csv_bytes(1, 50_000), csv_bytes(2, 50_000)
    assert a != b
    assert 49_000 < len(a) <= 50_000
    assert a.splitlines()[0] == b"outlook,temperature,humidity,wind,play"


def test_point_uploads_differ_per_session_and_read_as_points_of_three_classes():
    a, b = points_csv_bytes(1, 200_000), points_csv_bytes(2, 200_000)
    assert a != b and 195_000 < len(a) <= 200_000
    lines = a.decode().splitlines()
    assert lines[0] == "x1,x2,label"
    rows = [line.split(",") for line in lines[1:]]
    assert {r[2] for r in rows} == {"0", "1", "2"} and all(len(r) == 3 for r in rows)
    assert all(abs(float(r[0])) < 10 and abs(float(r[1])) < 10 for r in rows)


def netlog(events) -> dict:
    """A NetLog as Chromium writes one: event types numbered in its constants."""
    names = ["REQUEST_ALIVE", "WEBSOCKET_SENT_FRAME_HEADER", "WEBSOCKET_RECV_FRAME_HEADER", "SOCKET_BYTES_RECEIVED"]
    numbers = {name: 7 * i + 3 for i, name in enumerate(names)}
    return {"constants": {"logEventTypes": numbers},
            "events": [{"type": numbers[kind], "time": str(t), "source": {"id": source, "type": 1},
                        **({"params": params} if params is not None else {})}
                       for kind, t, source, params in events]}


def test_netlog_streams_keep_each_streamlit_socket_and_only_its_messages_first_frames():
    log = netlog([
        ("REQUEST_ALIVE", 100, 9, {"url": "http://127.0.0.1:1/static/js/a.js"}),
        ("REQUEST_ALIVE", 200, 12, {"url": "ws://127.0.0.1:1/_stcore/stream"}),
        ("WEBSOCKET_SENT_FRAME_HEADER", 210, 12, {"opcode": 2}),
        ("WEBSOCKET_RECV_FRAME_HEADER", 215, 12, {"opcode": 2}),
        ("WEBSOCKET_RECV_FRAME_HEADER", 216, 12, {"opcode": 9}),    # a ping: no message
        ("WEBSOCKET_RECV_FRAME_HEADER", 217, 12, {"opcode": 0}),    # a continuation: same message
        ("SOCKET_BYTES_RECEIVED", 218, 12, None),
        ("WEBSOCKET_RECV_FRAME_HEADER", 219, 9, {"opcode": 2}),     # not a Streamlit socket
        ("REQUEST_ALIVE", 300, 5, {"url": "ws://127.0.0.1:1/_stcore/stream"}),   # a lower id, opened later
        ("WEBSOCKET_RECV_FRAME_HEADER", 330, 5, {"opcode": 1}),
        ("WEBSOCKET_RECV_FRAME_HEADER", 240, 12, {"opcode": 2}),
    ])
    assert net_streams(log) == [{"opened": 200.0, "sent": [210.0], "got": [215.0, 240.0]},
                                {"opened": 300.0, "sent": [], "got": [330.0]}]


def test_a_chart_is_timed_from_the_last_request_before_it():
    sent = [10.0, 50.0, 90.0]
    assert request_to(sent, 70.0) == 20.0 and request_to(sent, 90.0) == 0.0
    with pytest.raises(ValueError):
        request_to(sent, 5.0)
    stream = {"opened": 0.0, "sent": [20.0, 500.0, 900.0], "got": [30.0, 80.0, 510.0, 560.0, 950.0]}
    browser = {"first_index": 1, "rerun_indices": [3, 4]}
    assert delivered(browser, stream) == {"first": 0.08, "first_asked": 0.06, "opened_asked": 0.02,
                                          "reruns": [0.06, 0.05]}



def forward(path, **delta):
    """A delta message at ``path`` on the page: ``add_block`` (``block_id``) or a markdown/html element."""
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    msg = ForwardMsg()
    msg.metadata.delta_path.extend(path)
    if "block_id" in delta:
        msg.delta.add_block.id = delta["block_id"]
    elif "html" in delta:
        msg.delta.new_element.html.body = delta["html"]
    else:
        msg.delta.new_element.markdown.body = delta["markdown"]
    return msg


def test_a_keyed_container_reads_as_the_text_now_inside_it():
    session = Session("127.0.0.1", 8501)
    assert session.text_in("poll_count") == ("", pytest.approx(math.nan, nan_ok=True))
    for msg in (forward([0, 0], markdown="Question"), forward([0, 1], block_id="$$ID-9f3a-poll_count"),
                forward([0, 1, 0], html='<p class="poll-number">3</p>'), forward([0, 1, 1], markdown="answers"),
                forward([0, 2], markdown="outside")):
        session._handle(msg)
    text, arrived = session.text_in("poll_count")
    assert text == '<p class="poll-number">3</p>\nanswers' and not math.isnan(arrived)
    assert first_number(text) == 3
    # a rerun of the fragment redraws the container: the old text inside it goes
    session._handle(forward([0, 1], block_id="$$ID-9f3a-poll_count"))
    session._handle(forward([0, 1, 0], html='<p class="poll-number">12</p>'))
    assert session.text_in("poll_count")[0] == '<p class="poll-number">12</p>'


@pytest.mark.parametrize(("text", "number"), [('<p class="poll-number">200</p><p>answers · open</p>', 200),
                                              ("**1,204** answers", 1204), ("<p>no answer yet</p>", None)])
def test_the_presenters_count_is_the_first_number_in_its_words(text, number):
    assert first_number(text) == number


def test_a_fragment_timer_survives_the_fragments_own_runs_but_not_a_full_run():
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    session = Session("127.0.0.1", 8501)
    timer, new_session = ForwardMsg(), ForwardMsg()
    timer.auto_rerun.fragment_id, timer.auto_rerun.interval = "f1", 1.0
    new_session.new_session.initialize.session_id = "s"
    session._handle(timer)
    session._fragment_run = True     # every run starts with new_session, a fragment's too
    session._handle(new_session)
    assert session.auto_reruns == {"f1": 1.0}
    session._fragment_run = False
    session._handle(new_session)
    assert session.auto_reruns == {}

# --- against the real server -----------------------------------------------------------------------

@pytest.fixture(scope="module")
def port():
    server = Server(ROOT, "127.0.0.1")
    try:
        health("127.0.0.1", server.port)
        yield server.port
    finally:
        server.stop()


def main_chart(run) -> dict:
    """The Playground's decision chart: the live chart (ui.live.live_chart, compared by what it shows)
    or else the first chart of the run holding a 'regions' heatmap."""
    for spec in run.charts:
        figure = json.loads(spec)
        if figure.get("live") or any(trace.get("name") == "regions" for trace in figure["data"]):
            return figure
    raise AssertionError(f"no decision chart among {len(run.charts)} charts")


@pytest.mark.browser
def test_three_sessions_chart_rerun_and_keep_their_own_state(port):
    async def scenario():
        async with contextlib.AsyncExitStack() as stack:
            a, b, c = [await stack.enter_async_context(Session("127.0.0.1", port, run_timeout=180)) for _ in range(3)]
            firsts = await asyncio.gather(a.run(page="Playground", query=LINK_A),
                                          b.run(page="Playground", query=LINK_A),
                                          c.run(page="Playground", query=LINK_C))
            for run in firsts:
                assert run.status == "FINISHED_SUCCESSFULLY" and not run.exceptions
                assert not math.isnan(run.first_chart) and run.bytes > 0
            before = main_chart(firsts[0])
            assert main_chart(firsts[1]) == before          # one link, one picture

            moved = await a.set({"ds_noise": 0.1})        # A moves the noise slider
            assert moved.status == "FINISHED_SUCCESSFULLY" and not moved.exceptions
            assert "noise=0.1" in a.query
            assert main_chart(moved) != before              # the chart followed the slider

            again_b, again_c = await asyncio.gather(b.run(), c.run())
            assert "noise" not in b.query                   # B still has the link's default noise
            assert main_chart(again_b) == before
            assert "noise=0.7" in c.query and "noise=0.1" not in c.query
            assert list(c.widgets["ds_noise"].proto.value) == [pytest.approx(0.7)]
            assert "model=gaussian_nb" in c.query
            assert "model=gaussian_nb" not in a.query and "data=circles" not in a.query

    asyncio.run(scenario())


@pytest.mark.browser
def test_the_poll_scenario_counts_every_answer_and_sees_the_last_on_the_presenters_view(tmp_path, monkeypatch):
    """A small poll scenario on its own server and SQLite file: no failure, every receipt timed,
    the store and the presenter's count both at the number of students."""
    import argparse

    from benchmarks.bench_loadgen import Stats, poll
    from polls import room

    monkeypatch.setenv("PLAYGROUND_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("PLAYGROUND_POLL_DB", raising=False)
    server = Server(ROOT, "127.0.0.1")   # it inherits the environment: the same SQLite file
    try:
        health("127.0.0.1", server.port)
        args = argparse.Namespace(sessions=6, within=2.0, run_timeout=120.0, poll_store=room.store(),
                                  pids=[server.pid])
        stats = Stats()
        extra = asyncio.run(poll("127.0.0.1", server.port, args, stats))
    finally:
        server.stop()
    assert stats.failures == []
    assert extra["answers in the store"] == 6 and extra["presenter's count at the end"] == 6
    assert len(stats.reruns) == 6 and extra["answer -> receipt max (s)"] >= extra["answer -> receipt p50 (s)"] > 0
    assert extra["last answer shown on the presenter after its send (s)"] > 0
