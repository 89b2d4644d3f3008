"""A Streamlit session without a browser: a websocket client that sends what the browser sends.

The browser and the server talk protobuf over ``ws://host:port/_stcore/stream``. The browser
sends ``BackMsg.rerun_script`` (a ``ClientState``: the query string, the page's name, the
values of every widget it has changed) to start a run; the server answers with ``ForwardMsg``s:
``new_session``, one ``delta`` per element drawn (``new_element`` carries widgets and charts,
each widget with its id), ``page_info_changed`` when the script writes the query string, and
``script_finished`` at the end. Like the browser, a client keeps the large element messages it
has received and lists their hashes in its next ``rerun_script``, so an unchanged element comes
back as a ``ref_hash`` of a few bytes instead of again: bytes counted here are what a browser
receives (message payloads, before permessage-deflate).

A button press is its ``trigger_value`` sent once, in the run it starts. A fragment that reruns
by itself (``st.fragment(run_every=...)``) is an ``auto_rerun`` message naming the fragment and
its interval, after which the browser asks for a run of that fragment alone (``fragment_id``)
every interval; ``follow`` does the same (a widget change waits for the fragment run in flight).
Text (markdown, text, alerts, HTML) is kept by its place on the page with the time it arrived,
and ``text_in(key)`` reads what a keyed container shows.

A file upload is a ``file_urls_request`` (the server answers with an upload URL and a file id),
an HTTP PUT of the file to that URL with the XSRF token of the health check's cookie, then the
uploader's widget state naming the file.

Only loopback hosts are accepted, and every wait has a deadline.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import ipaddress
import json
import math
import os
import socket
import struct
import time
import urllib.request
import uuid
from collections import OrderedDict
from dataclasses import dataclass, field

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

LIVE_CHART = "live_chart"  # ui.live.live_chart's component: the plane, updated in place

CACHE_ENTRIES = 256      # element messages a client keeps for ref_hash answers (the browser keeps more)
RUN_TIMEOUT = 120.0      # seconds a run may take before the client gives up on it
XSRF_COOKIE = "_streamlit_xsrf"


# --- pure helpers ------------------------------------------------------------------------------

def require_loopback(host: str) -> str:
    """``host`` if every address it names is on this machine's loopback, else ValueError.

    A load generator pointed at someone else's server is a denial of service: refuse it."""
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(host, None)}
    except socket.gaierror as err:
        raise ValueError(f"{host!r} does not resolve: the load generator only talks to loopback") from err
    if not addresses or not all(ipaddress.ip_address(a.split("%")[0]).is_loopback for a in addresses):
        raise ValueError(f"{host!r} is not loopback ({', '.join(sorted(addresses))}): "
                         "the load generator only talks to 127.0.0.1 / ::1")
    return host


def percentile(values, q: float) -> float:
    """The ``q``-th percentile (0..100) of ``values`` with linear interpolation between order
    statistics: at rank r = q/100 * (n - 1), ``v[floor r] + (r - floor r) * (v[ceil r] - v[floor r])``
    (numpy's default). NaN for no values."""
    if not 0 <= q <= 100:
        raise ValueError(f"percentile q={q} is outside 0..100")
    ordered = sorted(values)
    if not ordered:
        return math.nan
    rank = q / 100 * (len(ordered) - 1)
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (rank - low) * (ordered[high] - ordered[low])


def rss_bytes(pid: int) -> int | None:
    """Resident memory of process ``pid`` and its children in bytes (psutil if installed, else
    /proc/<pid>/status); None when the process is gone."""
    try:
        import psutil
    except ImportError:
        psutil = None
    if psutil is not None:
        try:
            proc = psutil.Process(pid)
            return proc.memory_info().rss + sum(c.memory_info().rss for c in proc.children(recursive=True))
        except psutil.Error:
            return None
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time process ``pid`` has used so far (from /proc/<pid>/stat), None if gone.
    Unlike wall time, it does not grow when other programs share the machine."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@functools.lru_cache(maxsize=8)
def health(host: str, port: int, timeout: float = 60.0) -> str:
    """Wait (at most ``timeout`` s) for ``/_stcore/health`` to answer ok and return its XSRF cookie
    value ('' when XSRF protection is off). Cached: one check per server, not one per session."""
    require_loopback(host)
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(f"http://{host}:{port}/_stcore/health", timeout=5) as resp:
                if resp.read().decode() == "ok":
                    for header in resp.headers.get_all("Set-Cookie") or ():
                        name, _, rest = header.partition("=")
                        if name.strip() == XSRF_COOKIE:
                            return rest.split(";", 1)[0]
                    return ""
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise TimeoutError(f"no healthy Streamlit server on {host}:{port} after {timeout:.0f} s")
        time.sleep(0.3)


# --- one session ---------------------------------------------------------------------------------

@dataclass
class Widget:
    """A widget as the server described it: its id, kind (``slider``, ``selectbox``, ...), label,
    and the element proto (ranges, options, current value)."""
    id: str
    kind: str
    label: str
    proto: object

    @property
    def key(self) -> str:
        """The user key a script gave the widget (the id's last part), '' for none."""
        return self.id.split("-", 2)[2] if self.id.startswith("$$ID-") and self.id.count("-") >= 2 else self.id


@dataclass
class Run:
    """One script run as the client saw it. Times are seconds from the rerun request."""
    status: str = ""
    started: float = 0.0                          # time.perf_counter() when it was asked for
    seconds: float = math.nan
    first_chart: float = math.nan
    bytes: int = 0
    messages: int = 0
    refs: int = 0
    charts: list = field(default_factory=list)   # the plotly figures' JSON, in order
    exceptions: list = field(default_factory=list)
    texts: list = field(default_factory=list)    # (seconds, text) of markdown, text and alerts, in order

    def text_at(self, words: str) -> float:
        """Seconds from the request to the first text of this run containing ``words``, NaN if none."""
        return next((seconds for seconds, text in self.texts if words in text), math.nan)


class Session:
    """One browser tab's worth of Streamlit session, driven from asyncio.

    >>> async with Session("127.0.0.1", 8501) as s:
    ...     first = await s.run(page="Playground", query="model=knn")
    ...     again = await s.set({"knn_k": 7})
    """

    def __init__(self, host: str, port: int, *, run_timeout: float = RUN_TIMEOUT):
        self.host, self.port = require_loopback(host), int(port)
        self.run_timeout = run_timeout
        self.widgets: dict[str, Widget] = {}       # by user key (or id) from the last run's deltas
        self.query = ""
        self.page = ""
        self.session_id = ""
        self.bytes_total = 0
        self._states: dict[str, WidgetState] = {}  # every value this client has set, resent each run
        self._cache: OrderedDict[str, ForwardMsg] = OrderedDict()
        self._socket = None
        self._reader = None
        self._run: Run | None = None
        self._started = 0.0
        self._done: asyncio.Event | None = None
        self._file_urls: dict[str, asyncio.Future] = {}
        self._xsrf = ""
        self.auto_reruns: dict[str, float] = {}    # fragment id -> seconds between its reruns
        self._texts: dict[tuple, tuple[float, str]] = {}   # delta path -> (perf_counter, text)
        self._keyed: dict[str, tuple] = {}          # a keyed container's user key -> its delta path
        self._fragment_run = False
        self._one_run = asyncio.Lock()

    async def __aenter__(self) -> Session:
        await self.connect()
        return self

    async def __aexit__(self, *exc) -> None:
        await self.close()

    async def connect(self, timeout: float = 30.0) -> None:
        self._xsrf = await asyncio.to_thread(health, self.host, self.port)
        origin = f"http://{self.host}:{self.port}"
        headers = {"Origin": origin}
        if self._xsrf:
            headers["Cookie"] = f"{XSRF_COOKIE}={self._xsrf}"
        protocols = ["streamlit", self._xsrf] if self._xsrf else ["streamlit"]
        self._socket = await asyncio.wait_for(websockets.connect(
            f"ws://{self.host}:{self.port}/_stcore/stream", subprotocols=protocols,
            additional_headers=headers, max_size=None, open_timeout=timeout, ping_interval=None), timeout)
        self._reader = asyncio.create_task(self._read())

    async def close(self) -> None:
        if self._socket is not None:
            await self._socket.close()
        if self._reader is not None:
            self._reader.cancel()
            try:
                await self._reader
            except (asyncio.CancelledError, Exception):
                pass

    # --- runs -------------------------------------------------------------------------------------

    async def run(self, page: str | None = None, query: str | None = None, *, fragment: str = "",
                  triggers: tuple = ()) -> Run:
        """Ask for a run (of ``page`` with ``query`` if given, else the current page and link) with
        every widget value set so far, and wait for its ``script_finished``. ``fragment``: run that
        fragment alone, as its own timer does; ``triggers``: button states sent with this run only."""
        if page is not None:
            self.page = page
        if query is not None:
            self.query = query
        back = BackMsg()
        state = back.rerun_script
        state.query_string = self.query
        state.page_name = self.page
        triggered = {t.id for t in triggers}
        state.widget_states.widgets.extend(s for s in self._states.values() if s.id not in triggered)
        state.widget_states.widgets.extend(triggers)
        if fragment:
            state.fragment_id, state.is_auto_rerun = fragment, True
        self._fragment_run = bool(fragment)
        state.cached_message_hashes.extend(self._cache)
        # what a headless Chromium in UTC tells the server about itself (st.context); the page's
        # first run with it costs a few ms more than without
        context = state.context_info
        context.timezone, context.timezone_offset, context.locale = "UTC", 0, "en-US"
        context.url = f"http://{self.host}:{self.port}/{self.page}"
        context.is_embedded, context.color_scheme = False, "light"
        return await self._send_and_wait(back)

    async def set(self, values: dict) -> Run:
        """Set widgets by user key (their current proto decides how the value is sent) and rerun."""
        for key, value in values.items():
            self._states[key] = self.widget_state(key, value)
        return await self.run()

    async def click(self, key: str, values: dict | None = None) -> Run:
        """Set ``values`` (as ``set``) and press the button ``key``: its trigger goes with this run only."""
        for name, value in (values or {}).items():
            self._states[name] = self.widget_state(name, value)
        widget = self.widgets.get(key)
        if widget is None:
            raise KeyError(f"no button {key!r} in the last run (have: {', '.join(sorted(self.widgets))})")
        return await self.run(triggers=(WidgetState(id=widget.id, trigger_value=True),))

    async def follow(self, stop: asyncio.Event, on_run=None) -> None:
        """Rerun every self-rerunning fragment at its interval until ``stop`` is set, as the browser's
        timers do; a tick that finds the previous run still going is skipped. ``on_run(run)`` is
        called after each run."""
        due: dict[str, float] = {}
        while not stop.is_set():
            now = time.monotonic()
            for fragment, interval in list(self.auto_reruns.items()):
                if now >= due.setdefault(fragment, now + interval):
                    due[fragment] = now + interval
                    run = await self.run(fragment=fragment)
                    if on_run is not None:
                        on_run(run)
            wait = min((d for f, d in due.items() if f in self.auto_reruns), default=now + 0.5) - time.monotonic()
            try:
                await asyncio.wait_for(stop.wait(), max(0.01, wait))
            except TimeoutError:
                pass

    def text_in(self, key: str) -> tuple[str, float]:
        """The text the container keyed ``key`` shows now (its elements' texts joined by newlines)
        and when the newest of them arrived (perf_counter); ('', NaN) when it is not on the page."""
        path = self._keyed.get(key)
        if path is None:
            return "", math.nan
        inside = sorted((p, v) for p, v in self._texts.items() if p[:len(path)] == path and len(p) > len(path))
        return "\n".join(text for _, (_, text) in inside), max((at for _, (at, _) in inside), default=math.nan)

    def widget_state(self, key: str, value) -> WidgetState:
        """The WidgetState the browser would send for widget ``key`` holding ``value``."""
        widget = self.widgets.get(key)
        if widget is None:
            raise KeyError(f"no widget {key!r} in the last run (have: {', '.join(sorted(self.widgets))})")
        state = WidgetState(id=widget.id)
        values = value if isinstance(value, list | tuple) else [value]
        if widget.kind == "slider" and not widget.proto.options:
            state.double_array_value.data.extend(float(v) for v in values)
        elif widget.kind in ("selectbox", "radio"):
            state.string_value = str(value)
        elif widget.kind in ("slider", "multiselect", "button_group"):  # a select slider: option labels
            state.string_array_value.data.extend(str(v) for v in values)
        elif widget.kind == "checkbox":  # a toggle too
            state.bool_value = bool(value)
        elif widget.kind == "number_input":
            if isinstance(value, int) and not isinstance(value, bool):
                state.int_value = value
            else:
                state.double_value = float(value)
        elif widget.kind == "file_uploader":
            state.file_uploader_state_value.CopyFrom(value)
        elif widget.kind == "bidi_component":   # a component's state, as its setStateValue sends it
            state.json_value = json.dumps(value)
        else:
            raise ValueError(f"widget {key!r} is a {widget.kind}: the client does not set those")
        return state

    def options(self, key: str) -> list[str]:
        """The option labels of a select slider / selectbox / radio (as the server formats them)."""
        return list(getattr(self.widgets[key].proto, "options", ()))

    async def _send_and_wait(self, back: BackMsg) -> Run:
        # one run at a time: a widget change waits for the fragment run its timer started
        async with self._one_run:
            return await self._send_and_wait_now(back)

    async def _send_and_wait_now(self, back: BackMsg) -> Run:
        self._started = time.perf_counter()
        self._run = Run(started=self._started)
        self._done = asyncio.Event()
        await self._socket.send(back.SerializeToString())
        try:
            await asyncio.wait_for(self._done.wait(), self.run_timeout)
        except TimeoutError:
            self._run.status = "timeout"
        run, self._run = self._run, None
        return run

    # --- uploads ----------------------------------------------------------------------------------

    async def upload(self, key: str, name: str, content: bytes, mime: str = "text/csv", timeout: float = 60.0) -> Run:
        """Upload ``content`` as file ``name`` into the file uploader ``key`` the way the browser
        does (file_urls_request, PUT, widget state) and wait for the run it causes."""
        from streamlit.proto.Common_pb2 import FileUploaderState, UploadedFileInfo

        request_id = uuid.uuid4().hex
        back = BackMsg()
        back.file_urls_request.request_id = request_id
        back.file_urls_request.file_names.append(name)
        back.file_urls_request.session_id = self.session_id
        answer = asyncio.get_running_loop().create_future()
        self._file_urls[request_id] = answer
        await self._socket.send(back.SerializeToString())
        response = await asyncio.wait_for(answer, timeout)
        urls = response.file_urls[0]
        await asyncio.wait_for(asyncio.to_thread(self._put, urls.upload_url, name, content, mime), timeout)
        uploader = FileUploaderState()
        uploader.uploaded_file_info.append(UploadedFileInfo(
            file_id=urls.file_id, name=name, size=len(content), file_urls=urls))
        self._states[key] = self.widget_state(key, uploader)
        return await self.run()

    def _put(self, url: str, name: str, content: bytes, mime: str) -> None:
        if url.startswith("/"):
            url = f"http://{self.host}:{self.port}{url}"
        boundary = uuid.uuid4().hex
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
                f"Content-Type: {mime}\r\n\r\n").encode() + content + f"\r\n--{boundary}--\r\n".encode()
        request = urllib.request.Request(url, data=body, method="PUT", headers={
            "Content-Type": f"multipart/form-data; boundary={boundary}",
            "X-Xsrftoken": self._xsrf, "Cookie": f"{XSRF_COOKIE}={self._xsrf}"})
        with urllib.request.urlopen(request, timeout=60) as resp:
            resp.read()

    # --- what the server sends -------------------------------------------------------------------

    async def _read(self) -> None:
        async for payload in self._socket:
            msg = ForwardMsg()
            msg.ParseFromString(payload)
            self.bytes_total += len(payload)
            if self._run is not None:
                self._run.bytes += len(payload)
                self._run.messages += 1
            self._handle(msg)

    def _handle(self, msg: ForwardMsg) -> None:
        kind = msg.WhichOneof("type")
        if kind == "ref_hash":
            cached = self._cache.get(msg.ref_hash)
            if self._run is not None:
                self._run.refs += 1
            if cached is None:
                return
            self._cache.move_to_end(msg.ref_hash)
            msg, kind = cached, cached.WhichOneof("type")
        elif msg.metadata.cacheable and msg.hash:
            self._cache[msg.hash] = msg
            while len(self._cache) > CACHE_ENTRIES:
                self._cache.popitem(last=False)
        if kind == "new_session":
            self.session_id = msg.new_session.initialize.session_id or self.session_id
            if not self._fragment_run:  # every run starts with one; a fragment's keeps the page's timers
                self.widgets = {}
                self.auto_reruns = {}
        elif kind == "auto_rerun":
            self.auto_reruns[msg.auto_rerun.fragment_id] = msg.auto_rerun.interval
        elif kind == "stop_auto_rerun":
            self.auto_reruns.clear()
        elif kind == "delta" and msg.delta.WhichOneof("type") == "add_block":
            path = tuple(msg.metadata.delta_path)
            self._forget(path)
            block_id = msg.delta.add_block.id
            if block_id:
                self._keyed[Widget(block_id, "block", "", None).key] = path
        elif kind == "page_info_changed":
            self.query = msg.page_info_changed.query_string
        elif kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            path = tuple(msg.metadata.delta_path)
            self._forget(path)
            self._element(msg.delta.new_element, path)
        elif kind == "file_urls_response":
            answer = self._file_urls.pop(msg.file_urls_response.response_id, None)
            if answer is not None and not answer.done():
                answer.set_result(msg.file_urls_response)
        elif kind == "script_finished" and self._run is not None:
            status = ForwardMsg.ScriptFinishedStatus.Name(msg.script_finished)
            if status != "FINISHED_EARLY_FOR_RERUN":  # a run the script itself restarted goes on
                self._run.status = status
                self._run.seconds = time.perf_counter() - self._started
                self._done.set()

    def _forget(self, path: tuple) -> None:
        """A new element or block at ``path`` replaces whatever was there, its children included."""
        for old in [p for p in self._texts if p[:len(path)] == path]:
            del self._texts[old]

    def _element(self, element, path: tuple = ()) -> None:
        kind = element.WhichOneof("type")
        text = {"markdown": lambda: element.markdown.body, "text": lambda: element.text.body,
                "alert": lambda: element.alert.body, "heading": lambda: element.heading.body,
                "html": lambda: element.html.body}.get(kind)
        if text is not None:
            arrived = time.perf_counter()
            self._texts[path] = (arrived, text())
            if self._run is not None:
                self._run.texts.append((arrived - self._started, text()))
            return
        chart = None
        if kind == "plotly_chart":
            chart = element.plotly_chart.spec
        elif kind == "bidi_component" and LIVE_CHART in element.bidi_component.component_name:
            chart = live_chart_summary(element.bidi_component)
        if chart is not None:
            if self._run is not None:
                if math.isnan(self._run.first_chart):
                    self._run.first_chart = time.perf_counter() - self._started
                self._run.charts.append(chart)
            return
        if kind == "exception" and self._run is not None:
            self._run.exceptions.append(element.exception.message)
            return
        proto = getattr(element, kind)
        widget_id = getattr(proto, "id", "")
        if widget_id:
            widget = Widget(widget_id, kind, getattr(proto, "label", ""), proto)
            self.widgets[widget.key] = widget


def live_chart_summary(component) -> str | None:
    """A live chart (ui.live.live_chart) as JSON a test can compare: its key, the hashes of its layout
    and traces (what it shows, whether this message carried a part or only its hash, as to a
    browser that holds it) and a digest of the compact decision grid. Its message: uint32 header
    length, the JSON header, then the grid's blobs."""
    raw = component.bytes if component.WhichOneof("data") == "bytes" else b""
    if len(raw) < 4:
        return json.dumps({"live": component.component_name, "parts": [], "grid": ""})
    (length,) = struct.unpack("<I", raw[:4])
    header = json.loads(raw[4:4 + length])
    if "ahead" in header:
        return None   # the figures drawn ahead (live_chart.draw_ahead): data for the browser, not a chart shown
    parts = [header["layout"][0], *(trace[0] for trace in header["traces"])]
    grid = hashlib.sha256(raw[4 + length:]).hexdigest()[:20]
    return json.dumps({"live": header.get("key", ""), "parts": parts, "grid": grid, "data": []})


def server_pid(port: int) -> int | None:
    """The pid listening on loopback ``port`` (from /proc/net/tcp and /proc/*/fd), None if not found."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as rows:
                next(rows)
                for row in rows:
                    parts = row.split()
                    if int(parts[1].rsplit(":", 1)[1], 16) == port and parts[3] == "0A":  # LISTEN
                        inodes.add(parts[9])
        except OSError:
            continue
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
                if target.startswith("socket:[") and target[8:-1] in inodes:
                    return int(pid)
        except OSError:
            continue
    return None
