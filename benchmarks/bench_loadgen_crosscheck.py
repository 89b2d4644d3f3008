"""The load generator's numbers next to real browsers': 5 headless Chromium sessions and 5 protocol
sessions (benchmarks/st_client.py) on one server, alternating, each opening the lecture link and
moving the noise slider 5 steps.

    python -m benchmarks.bench_loadgen_crosscheck [--sessions 5] [--steps 5] [--link QUERY] [--cold]
        [--background N] [--no-pin]

Delivered, what both sides time alike and what the load generator reports (benchmarks/bench_loadgen.py):
the first chart, from the first run's request to the message carrying the first chart delta
(the live chart's component, or a plotly chart), and a rerun, from its request (the last
websocket message sent before the chart arrived, after a key press) to the next chart message.
Also printed: from the websocket opening (protocol: before connecting) to the first chart, and
the opening to the first run's request, where the browser spends 15-30 ms of its own JavaScript
(the protocol client 3 ms): the student's laptop's time, not the server's. The browser
is timed where the protocol client is, in its network stack: Chromium's NetLog
(``--log-net-log``) records each websocket frame as the network service reads it from the socket.

The page's own ``message`` event for the same frame comes later, after the renderer's main thread
has handled the run's earlier messages (Streamlit's React frontend): that, the key press to the
request and the chart drawn are printed as the browser's own share, timed on the page's clock
(``performance.now()`` around its websocket). It is the student's laptop's work and does not
depend on the server.

A student's browser does not run on the server's CPU. Here both share two cores, and Chromium's
work during a run (React, Plotly) would slow the server it is measuring, so by default the server
runs on one CPU and this process, with its Chromium and protocol clients, on the others
(``--no-pin`` to share them). Every value the sliders visit is computed once before (a warm-up
session), so both sides measure the same cache hits (or, ``--cold``, each session has a seed of
its own and every run fits and draws anew: the server's work, not the messages, is then most of
a run), and each session starts a second after the
last one left, so neither pays for the server letting go of the other's.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import datetime
import json
import os
import pathlib
import platform
import statistics
import sys
import tempfile
import time

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from benchmarks.bench_browser import ARGS, CHART, CHROMIUM, Z_PRINT, Frames, press_and_time, settle
from benchmarks.bench_loadgen import LECTURE_LINK, PAGE, ROOT, SLIDER, Server
from benchmarks.st_client import LIVE_CHART, Session, health

START = 0.3   # the lecture link's noise
STEP = 0.05   # the noise slider's step
QUIET = 1.0   # s between sessions: the server lets go of the last one before the next arrives


def values(steps: int) -> list[float]:
    return [round(START + STEP * (i + 1), 2) for i in range(steps)]


def link(base: str, cold: bool, session: int, side: int) -> str:
    """``base`` (the lecture link); with ``cold``, on a seed of its own for each session and
    side, so its first run and every step fit and draw anew."""
    return f"{base}&seed={100 + 2 * session + side}" if cold else base


async def timed_protocol_session(port: int, steps: int, query: str = LECTURE_LINK) -> dict:
    start = time.perf_counter()
    session = Session("127.0.0.1", port)
    await session.connect()
    try:
        first = await session.run(page=PAGE, query=query)
        result = {"first": first.started + first.first_chart - start, "first_asked": first.first_chart,
                  "opened_asked": first.started - start, "reruns": []}
        for value in values(steps):
            run = await session.set({SLIDER: value})
            result["reruns"].append(run.first_chart)
        return result
    finally:
        await session.close()


def in_thread(coroutine):
    """Run ``coroutine`` to its end on its own event loop (Playwright's sync API holds this thread's)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


# The page's own clock on its Streamlit websocket: when it opened, when each message left
# (a rerun request is one) and when each arrived, in arrival order (the order of Playwright's
# frame events, which say which messages carry a chart; their own timestamps come through the
# browser's debugging protocol, late by a varying few tens of ms).
SOCKET_CLOCK = """(() => {
  const Native = window.WebSocket, send = Native.prototype.send, clock = { opened: null, sent: [], got: [] };
  window.__wsClock = clock;
  Native.prototype.send = function (data) {
    if (this.__timed) clock.sent.push(performance.now());
    return send.call(this, data);
  };
  class Timed extends Native {
    constructor(...args) {
      super(...args);
      if (String(args[0]).includes("_stcore/stream")) {
        this.__timed = true;
        this.addEventListener("open", () => { clock.opened = clock.opened ?? performance.now(); });
        this.addEventListener("message", () => clock.got.push(performance.now()));
      }
    }
  }
  window.WebSocket = Timed;
})()"""


class ChartFrames:
    """Which of the page's websocket messages carry a chart (the live chart's component, or a
    plotly chart): the event the protocol client times. Read from Playwright's frame events."""

    def __init__(self, page):
        self.count = 0
        self.charts: list[int] = []    # indices of chart messages, in arrival order
        page.on("websocket", self._socket)

    def _socket(self, ws):
        if "_stcore/stream" in ws.url:
            ws.on("framereceived", self._frame)

    def _frame(self, payload):
        index, self.count = self.count, self.count + 1
        if isinstance(payload, str):
            return
        msg = ForwardMsg()
        msg.ParseFromString(payload)
        if msg.WhichOneof("type") != "delta":
            return
        element = msg.delta.new_element
        kind = element.WhichOneof("type")
        if kind == "plotly_chart" or (kind == "bidi_component" and LIVE_CHART in element.bidi_component.component_name):
            self.charts.append(index)

    def first_from(self, index: int) -> int | None:
        return next((c for c in self.charts if c >= index), None)


def net_streams(netlog: dict) -> list[dict]:
    """Every Streamlit websocket in a Chromium NetLog, in the order they opened: when the request
    started (``opened``) and when each data frame was written (``sent``) and read (``got``), in ms
    of the log's own clock. Only a message's first frame counts (opcode 1 or 2; control frames
    and continuations do not), so ``got[i]`` is the i-th message the page receives."""
    types = {number: name for name, number in netlog["constants"]["logEventTypes"].items()}
    streams: dict[int, dict] = {}
    for event in netlog["events"]:
        kind, source = types.get(event["type"]), event["source"]["id"]
        params = event.get("params") or {}
        if kind == "REQUEST_ALIVE" and "_stcore/stream" in str(params.get("url", "")):
            streams[source] = {"opened": float(event["time"]), "sent": [], "got": []}
        elif source in streams and kind in ("WEBSOCKET_SENT_FRAME_HEADER", "WEBSOCKET_RECV_FRAME_HEADER"):
            if params.get("opcode") in (1, 2):
                streams[source]["sent" if "SENT" in kind else "got"].append(float(event["time"]))
    return sorted(streams.values(), key=lambda stream: stream["opened"])


def request_to(sent: list[float], arrived: float) -> float:
    """From the last message sent before ``arrived`` (the request it answers) to ``arrived``."""
    return arrived - max(t for t in sent if t <= arrived)


def browser_session(browser, url: str, steps: int) -> dict:
    """First chart and slider steps: which messages carried the chart (their indices, for the
    NetLog), and on the page's clock the chart message's ``message`` event from the websocket's
    opening and from the request, the key press to that request, and to the drawn chart."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.add_init_script(SOCKET_CLOCK)
    page = context.new_page()
    frames = Frames(page)
    charts = ChartFrames(page)
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(CHART, timeout=300_000)
    page.wait_for_function(f"({Z_PRINT})() !== null", polling="raf", timeout=300_000)
    drawn = time.perf_counter()
    settle(page, 300_000)
    clock = page.evaluate("() => window.__wsClock")
    first_index = charts.first_from(0)
    arrived = clock["got"][first_index]
    first_drawn = page.evaluate("() => performance.now()") - clock["opened"] - 1000 * (time.perf_counter() - drawn)
    result = {"first_index": first_index, "page_first": (arrived - clock["opened"]) / 1000,
              "page_first_asked": request_to(clock["sent"], arrived) / 1000,
              "first_drawn": first_drawn / 1000, "first_goto": drawn - start,
              "rerun_indices": [], "page_reruns": [], "asked": [], "drawn": []}
    thumb = page.locator(f".st-key-{SLIDER} input[type='range']")
    thumb.focus()
    for _ in range(steps):
        seen = charts.count
        timed = press_and_time(page, thumb, frames, "ArrowRight")
        index = charts.first_from(seen)
        if timed is None or index is None:
            continue
        clock = page.evaluate("() => window.__wsClock")
        pressed = page.evaluate("() => window.__t0")
        arrived = clock["got"][index]
        waited = request_to(clock["sent"], arrived)
        result["rerun_indices"].append(index)
        result["page_reruns"].append(waited / 1000)
        result["asked"].append((arrived - waited - pressed) / 1000)
        result["drawn"].append(timed["ms"] / 1000)
    context.close()
    return result


def delivered(session: dict, stream: dict) -> dict:
    """The browser's delivery times from its NetLog stream, as the protocol client times them."""
    got, sent = stream["got"], stream["sent"]
    first = got[session["first_index"]]
    return {"first": (first - stream["opened"]) / 1000, "first_asked": request_to(sent, first) / 1000,
            "opened_asked": (sent[0] - stream["opened"]) / 1000,
            "reruns": [request_to(sent, got[i]) / 1000 for i in session["rerun_indices"]]}


class Background:
    """``n`` protocol sessions on the lecture link stepping the noise slider every 2 s, in a
    thread of their own, while the measured sessions run (the busy server a hall makes)."""

    def __init__(self, port: int, n: int):
        self.port, self.n, self.steps = port, n, 0
        self.stop = None
        self.thread = None

    async def _student(self, who: int, stop: asyncio.Event) -> None:
        session = Session("127.0.0.1", self.port)
        await session.connect()
        try:
            await session.run(page=PAGE, query=LECTURE_LINK)
            position = who
            while not stop.is_set():
                tick = time.perf_counter()
                position = (position + 1) % 6
                await session.set({SLIDER: round(START + STEP * position, 2)})
                self.steps += 1
                try:
                    await asyncio.wait_for(stop.wait(), max(0.0, 2.0 - (time.perf_counter() - tick)))
                except TimeoutError:
                    pass
        finally:
            await session.close()

    async def _all(self) -> None:
        self.stop = asyncio.Event()
        self.loop = asyncio.get_running_loop()
        await asyncio.gather(*(self._student(i, self.stop) for i in range(self.n)))

    def __enter__(self):
        if self.n:
            import threading
            self.thread = threading.Thread(target=asyncio.run, args=(self._all(),), daemon=True)
            self.thread.start()
            time.sleep(5)   # all in and stepping
        return self

    def __exit__(self, *exc):
        if self.thread is not None:
            self.loop.call_soon_threadsafe(self.stop.set)
            self.thread.join(60)


def pin(no_pin: bool) -> tuple[set[int] | None, set[int] | None]:
    """The server's CPU and this process's (its Chromium and clients inherit them), or
    (None, None) when asked not to or when there is one CPU."""
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    if no_pin or len(cpus) < 2:
        return None, None
    return {cpus[0]}, set(cpus[1:])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=5)
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--root", type=pathlib.Path, default=ROOT)
    parser.add_argument("--background", type=int, default=0,
                        help="protocol sessions stepping the slider every 2 s meanwhile (a busy server)")
    parser.add_argument("--link", default=LECTURE_LINK,
                        help="the Playground link every session opens, with noise=0.3 (the steps go on from there; "
                             "default: the lecture link, %(default)s)")
    parser.add_argument("--cold", action="store_true",
                        help="every session on a seed of its own: each run fits and draws anew (no cache hits)")
    parser.add_argument("--no-pin", action="store_true",
                        help="let the server, Chromium and the clients share every CPU")
    args = parser.parse_args(argv)
    if not os.path.exists(CHROMIUM):
        sys.exit(f"{CHROMIUM} is missing")
    from playwright.sync_api import sync_playwright

    server_cpus, own_cpus = pin(args.no_pin)
    if own_cpus:
        os.sched_setaffinity(0, own_cpus)
    server = Server(args.root, "127.0.0.1", cpus=server_cpus)
    netlog = pathlib.Path(tempfile.mkdtemp()) / "netlog.json"
    try:
        health("127.0.0.1", server.port)
        url = f"http://127.0.0.1:{server.port}/{PAGE}?"
        if not args.cold:   # warm-up: every value computed once
            asyncio.run(timed_protocol_session(server.port, args.steps, args.link))
        browsers, protocols = [], []
        busy = Background(server.port, args.background)
        with busy, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=[*ARGS, f"--log-net-log={netlog}"])
            try:
                for i in range(args.sessions):
                    browsers.append(browser_session(browser, url + link(args.link, args.cold, i, 0), args.steps))
                    time.sleep(QUIET)
                    protocols.append(in_thread(timed_protocol_session(server.port, args.steps,
                                                                      link(args.link, args.cold, i, 1))))
                    time.sleep(QUIET)
            finally:
                browser.close()   # writes the NetLog's end
    finally:
        server.stop()
    streams = net_streams(json.loads(netlog.read_text()))
    if len(streams) != len(browsers):
        sys.exit(f"{len(streams)} Streamlit websockets in the NetLog for {len(browsers)} pages (a reconnect?)")
    nets = [delivered(b, s) for b, s in zip(browsers, streams, strict=True)]

    def med(rows, key):
        return statistics.median(v for r in rows for v in (r[key] if isinstance(r[key], list) else [r[key]]))

    print(f"{datetime.date.today()}, 2-core shared VM, Python {platform.python_version()}, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}; {args.sessions} sessions x {args.steps} steps; "
          + (f"server on CPU {sorted(server_cpus)}, Chromium and clients on {sorted(own_cpus)}" if server_cpus
             else "server, Chromium and clients sharing every CPU")
          + ("; cold: every session on its own seed" if args.cold else "")
          + (f"; meanwhile {args.background} protocol sessions stepping the slider every 2 s ({busy.steps} steps)"
             if args.background else ""))
    print("| delivered (median, s) | Chromium (NetLog) | protocol client | protocol / Chromium |\n|---|---|---|---|")
    for key, label in (("first_asked", "first chart: first run's request -> chart"),
                       ("reruns", "rerun request -> chart (a slider step)"),
                       ("first", "first chart from the websocket opening (with the client's own share)"),
                       ("opened_asked", "the websocket opening -> first run's request (the client's own)")):
        browser_s, protocol_s = med(nets, key), med(protocols, key)
        print(f"| {label} | {browser_s:.3f} | {protocol_s:.3f} | {protocol_s / browser_s:.2f} |")
    print("\n| the browser's own share (median, s, page clock) | Chromium |\n|---|---|")
    print(f"| the page's message event: first chart from the opening / first run from its request / "
          f"rerun from its request | {med(browsers, 'page_first'):.3f} / {med(browsers, 'page_first_asked'):.3f} / "
          f"{med(browsers, 'page_reruns'):.3f} |")
    print(f"| key press -> rerun request | {med(browsers, 'asked'):.3f} |")
    print(f"| first chart drawn (from the websocket opening / from page.goto) | {med(browsers, 'first_drawn'):.2f}"
          f" / {med(browsers, 'first_goto'):.2f} |")
    print(f"| key press -> new chart drawn | {med(browsers, 'drawn'):.3f} |")
    for i, (b, n, p) in enumerate(zip(browsers, nets, protocols, strict=True)):
        print(f"session {i}: Chromium first {n['first']:.3f} s (page {b['page_first']:.3f}, drawn "
              f"{b['first_drawn']:.2f}), reruns {' '.join(f'{v:.3f}' for v in n['reruns'])} (page "
              f"{' '.join(f'{v:.3f}' for v in b['page_reruns'])}); protocol first {p['first']:.3f}, reruns "
              f"{' '.join(f'{v:.3f}' for v in p['reruns'])}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
