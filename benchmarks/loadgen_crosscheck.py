"""The load generator's numbers next to real browsers': 5 headless Chromium sessions and 5 protocol
sessions (benchmarks/st_client.py) on one server, alternating, each opening the lecture link and
moving the noise slider 5 steps.

    python benchmarks/loadgen_crosscheck.py [--sessions 5] [--steps 5]

Delivered (what both sides can time alike, the browser on its own clock, ``performance.now()``):
from the websocket opening (protocol: before connecting) to the message carrying the first chart
delta (the live chart's component, or a plotly chart),
and from the rerun request (the browser's last websocket message sent before the chart arrived,
after a key press) to the next chart delta. The browser's own share is printed beside: key press to
rerun request, and to the chart drawn. Drawn (the browser
only): to the regions heatmap present in the DOM, and key press to the heatmap holding new
values (bench_browser's press_and_time): what the browser adds by parsing and drawing. Every value the sliders visit is
computed once before (a warm-up session), so both sides measure the same cache hits.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import datetime
import os
import pathlib
import platform
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402

from benchmarks.bench_browser import ARGS, CHART, CHROMIUM, Z_PRINT, Frames, press_and_time, settle  # noqa: E402
from benchmarks.loadgen import LECTURE_LINK, PAGE, ROOT, SLIDER, Server  # noqa: E402
from benchmarks.st_client import LIVE_CHART, Session, health  # noqa: E402

START = 0.3   # the lecture link's noise
STEP = 0.05   # the noise slider's step


def values(steps: int) -> list[float]:
    return [round(START + STEP * (i + 1), 2) for i in range(steps)]


async def timed_protocol_session(port: int, steps: int) -> dict:
    start = time.perf_counter()
    session = Session("127.0.0.1", port)
    await session.connect()
    try:
        first = await session.run(page=PAGE, query=LECTURE_LINK)
        result = {"first": first.started + first.first_chart - start, "first_asked": first.first_chart, "reruns": []}
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


def browser_session(browser, url: str, steps: int) -> dict:
    """First chart and slider steps on the page's clock: the chart message's arrival from the
    websocket's opening, and from the rerun request that the key press sent (the last message
    sent before the chart arrived); also the key press to that request and to the drawn chart."""
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
    first = clock["got"][first_index] - clock["opened"] if first_index is not None else None
    # the first run's request: the last message the page sent before the chart arrived
    first_asked = (clock["got"][first_index] - max(t for t in clock["sent"] if t <= clock["got"][first_index])
                   if first_index is not None else None)
    first_drawn = page.evaluate("() => performance.now()") - clock["opened"] - 1000 * (time.perf_counter() - drawn)
    thumb = page.locator(f".st-key-{SLIDER} input[type='range']")
    thumb.focus()
    reruns, asked, drawn_steps = [], [], []
    for _ in range(steps):
        seen = charts.count
        timed = press_and_time(page, thumb, frames, "ArrowRight")
        index = charts.first_from(seen)
        if timed is None or index is None:
            continue
        clock = page.evaluate("() => window.__wsClock")
        pressed = page.evaluate("() => window.__t0")
        arrived = clock["got"][index]
        request = max(t for t in clock["sent"] if t <= arrived)
        reruns.append((arrived - request) / 1000)
        asked.append((request - pressed) / 1000)
        drawn_steps.append(timed["ms"] / 1000)
    context.close()
    return {"first": first / 1000, "first_asked": first_asked / 1000, "first_drawn": first_drawn / 1000, "first_goto": drawn - start,
            "reruns": reruns, "asked": asked, "drawn": drawn_steps}


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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=5)
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--root", type=pathlib.Path, default=ROOT)
    parser.add_argument("--background", type=int, default=0,
                        help="protocol sessions stepping the slider every 2 s meanwhile (a busy server)")
    args = parser.parse_args(argv)
    if not os.path.exists(CHROMIUM):
        sys.exit(f"{CHROMIUM} is missing")
    from playwright.sync_api import sync_playwright

    server = Server(args.root, "127.0.0.1")
    try:
        health("127.0.0.1", server.port)
        url = f"http://127.0.0.1:{server.port}/{PAGE}?{LECTURE_LINK}"
        asyncio.run(timed_protocol_session(server.port, args.steps))   # warm-up: every value computed once
        browsers, protocols = [], []
        busy = Background(server.port, args.background)
        with busy, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                for _ in range(args.sessions):
                    browsers.append(browser_session(browser, url, args.steps))
                    protocols.append(in_thread(timed_protocol_session(server.port, args.steps)))
            finally:
                browser.close()
    finally:
        server.stop()

    def med(rows, key):
        return statistics.median(v for r in rows for v in (r[key] if isinstance(r[key], list) else [r[key]]))

    print(f"{datetime.date.today()}, 2-core shared VM, Python {platform.python_version()}, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}; {args.sessions} sessions x {args.steps} steps"
          + (f"; meanwhile {args.background} protocol sessions stepping the slider every 2 s ({busy.steps} steps)"
             if args.background else ""))
    print("| measure (median, s) | Chromium | protocol client | protocol / Chromium |\n|---|---|---|---|")
    first_b, first_p = med(browsers, "first"), med(protocols, "first")
    rerun_b, rerun_p = med(browsers, "reruns"), med(protocols, "reruns")
    print(f"| first chart delivered (from the websocket opening) | {first_b:.3f} | {first_p:.3f} | "
          f"{first_p / first_b:.2f} |")
    first_ab, first_ap = med(browsers, "first_asked"), med(protocols, "first_asked")
    print(f"| first run: request -> chart delivered | {first_ab:.3f} | {first_ap:.3f} | {first_ap / first_ab:.2f} |")
    print(f"| rerun request -> chart delivered (a slider step) | {rerun_b:.3f} | {rerun_p:.3f} | {rerun_p / rerun_b:.2f} |")
    print(f"| the browser alone: key press -> rerun request | {med(browsers, 'asked'):.3f} | | |")
    print(f"| first chart drawn (from the websocket opening / from page.goto) | {med(browsers, 'first_drawn'):.2f}"
          f" / {med(browsers, 'first_goto'):.2f} | | |")
    print(f"| key press -> new chart drawn | {med(browsers, 'drawn'):.3f} | | |")
    for i, (b, p) in enumerate(zip(browsers, protocols, strict=True)):
        print(f"session {i}: browser first {b['first']:.2f} s (drawn {b['first_drawn']:.2f}), reruns "
              f"{' '.join(f'{v:.3f}' for v in b['reruns'])}; protocol first {p['first']:.2f}, reruns "
              f"{' '.join(f'{v:.3f}' for v in p['reruns'])}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
