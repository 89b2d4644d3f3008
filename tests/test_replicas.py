"""Two `streamlit run` replicas behind HAProxy (deploy/replicas.py), on loopback, driven by several
students in headless Chromium: every session works through the balancer, the sticky cookie spreads
the sessions over both replicas, and when one replica is killed its students reload onto the other
and get their view back from the link (one presses reload, the others' pages reconnect by
themselves).

Every wait has a timeout; the whole test takes about a minute on a quiet 2-core machine."""

import gzip
import json
import pathlib
import re
import subprocess
import sys
import time
import urllib.request

import pytest
from support.browser import (
    ARGS,
    CHROMIUM,
    COUNT_RUNS,
    Z_PRINT,
    assert_no_errors,
    open_playground,
    settle,
    step_slider,
    wait_for_run_after,
)
from support.replicas import free_ports, requests_of, streams_of

from deploy.replicas import cluster, haproxy_binary

pytestmark = pytest.mark.browser

ROOT = pathlib.Path(__file__).resolve().parents[1]
# One link per student: different datasets and k, so a view restored from the wrong link shows.
# Each k is stepped twice and never reaches the default 5, which the link leaves out.
LINKS = ["?data=moons&k=7", "?data=circles&k=9", "?data=moons&n=150&k=15", "?data=xor&k=12"]
K_SLIDER = ".st-key-p_knn_k input[type='range']"
DATASET = "() => document.querySelector('.st-key-ds_data')?.innerText ?? null"


def docker_healthcheck(port: int) -> subprocess.CompletedProcess:
    """The Dockerfile's HEALTHCHECK command, run here against ``port`` instead of the image's 8501."""
    line = next(ln for ln in (ROOT / "Dockerfile").read_text().splitlines() if ln.startswith("HEALTHCHECK"))
    command = json.loads(line[line.index("CMD") + 3:])
    assert command[0] == "python"
    command = [sys.executable, *(arg.replace(":8501/", f":{port}/") for arg in command[1:])]
    return subprocess.run(command, capture_output=True, timeout=30)


def view(page) -> dict:
    """What the student sees and the link holds: the URL, the dataset, k and the regions."""
    return {"url": page.url, "dataset": page.evaluate(DATASET),
            "k": page.locator(K_SLIDER).input_value(), "regions": page.evaluate(Z_PRINT)}


def replica_of(context) -> str | None:
    """The replica the student's SERVERID cookie names now."""
    return next((c["value"] for c in context.cookies() if c["name"] == "SERVERID"), None)


def step_k_and_check_the_rerun(page) -> None:
    """One step right on k: the rerun puts the new k in the link and redraws the regions."""
    k = int(page.locator(K_SLIDER).input_value())
    before = page.evaluate(Z_PRINT)
    step_slider(page, "p_knn_k", 1)
    page.wait_for_url(re.compile(rf"[?&]k={k + 1}(&|$)"), timeout=60_000)
    settle(page)
    page.wait_for_function(f"({Z_PRINT})() !== null", timeout=60_000)
    assert page.evaluate(Z_PRINT) != before, f"{page.url}: moving k did not redraw the regions"


def fetch(url: str, gzip_ok: bool) -> tuple[bytes, str | None]:
    """A response's body as sent and its Content-Encoding."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"} if gzip_ok else {})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.read(), response.headers.get("Content-Encoding")


def assert_scripts_come_compressed(front: str, replica: str) -> None:
    """HAProxy gzips the app's scripts (Streamlit serves them plain) to the same bytes."""
    html, _ = fetch(replica + "/", gzip_ok=False)
    scripts = re.findall(r'src="\./(static/js/[^"]+\.js)"', html.decode())
    assert scripts, "no script in the app's page"
    plain, encoding = fetch(f"{replica}/{scripts[0]}", gzip_ok=True)
    assert encoding is None, "the replica compresses by itself: HAProxy's compression is not needed"
    packed, encoding = fetch(f"{front}/{scripts[0]}", gzip_ok=True)
    assert encoding == "gzip", f"{scripts[0]} came through HAProxy as {encoding}"
    assert gzip.decompress(packed) == plain and len(packed) < len(plain) / 2


def wait_until(condition, seconds: float, message: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(message)
        time.sleep(0.3)


def test_sessions_spread_over_two_replicas_and_survive_one_being_killed(tmp_path):
    if haproxy_binary() is None:
        pytest.skip("haproxy is not installed: the replica test needs Debian's haproxy (`.ci/run` installs it)")
    if not pathlib.Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing: the replica test needs Debian's chromium")
    from playwright.sync_api import sync_playwright

    log = tmp_path / "haproxy.log"
    front_port, *replica_ports = free_ports(3)
    with open(log, "w") as log_file, cluster(front_port, replica_ports, log_file=log_file) as (front, replicas), \
            sync_playwright() as p:
        assert docker_healthcheck(replica_ports[0]).returncode == 0
        assert_scripts_come_compressed(front, f"http://127.0.0.1:{replica_ports[0]}")
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            students = []
            for i, link in enumerate(LINKS):
                # A context per student: its own cookie jar, as a separate laptop would have; the
                # "student" cookie tags its requests in HAProxy's log.
                context = browser.new_context(viewport={"width": 1400, "height": 900})
                context.add_cookies([{"name": "student", "value": f"s{i}", "url": front}])
                page = context.new_page()
                page.add_init_script(COUNT_RUNS)
                students.append((f"s{i}", context, page))
                open_playground(page, front, link)
                assert_no_errors(page, f"{link} through HAProxy")
                k = int(re.search(r"k=(\d+)", link).group(1))
                assert page.locator(K_SLIDER).input_value() == str(k), f"{link} opened with another k"
                step_k_and_check_the_rerun(page)

            # Sticky: every request of a student, its websocket included, went to one replica, the
            # one its cookie names; and the students are spread over both replicas.
            holder = {}
            for student, context, _ in students:
                served_by = {replica for replica, _ in requests_of(log, student)}
                assert len(served_by) == 1, f"{student}'s requests went to {served_by}: not sticky"
                [holder[student]] = served_by
                assert streams_of(log, student) == [holder[student]], f"{student}: {requests_of(log, student)}"
                assert replica_of(context) == holder[student]
            assert set(holder.values()) == {"r1", "r2"}, f"every session went to one replica: {holder}"

            seen = [view(page) for _, _, page in students]
            killed = replicas[replica_ports[0]]
            killed.kill()  # a crash, not a clean shutdown
            killed.wait(10)
            assert docker_healthcheck(replica_ports[0]).returncode != 0, "the health check passed on a dead replica"

            # Its students: one reloads (a fresh document on r2, so only the link can restore the
            # view); the other does nothing, and its page reconnects by itself to a new session on
            # r2 whose first run will be the student's next step (docs/deploy.md).
            on_r1 = [student for student, _, _ in students if holder[student] == "r1"]
            stays = on_r1[-1]
            for (student, context, page), before in zip(students, seen, strict=True):
                if student in on_r1 and student != stays:
                    page.reload()
                    wait_for_run_after(page, 0, f"reloading {before['url']} after r1 died")
                    page.wait_for_function(f"({Z_PRINT})() !== null", timeout=60_000)
                    assert replica_of(context) == "r2", "HAProxy kept the dead replica's cookie"
                if student in on_r1:
                    wait_until(lambda s=student: streams_of(log, s)[-1:] == ["r2"], 60,
                               f"{student} did not reconnect to r2: {requests_of(log, student)}")
                    settle(page)
                assert_no_errors(page, f"{before['url']} after r1 died")
                assert view(page) == before, f"{before['url']}: the view changed when r1 died"

            # The student who did not reload steps k: the new session keeps the step (its link was
            # one step old, and used to win over the value the browser sent) and writes it back.
            _, _, page = next(student for student in students if student[0] == stays)
            step_k_and_check_the_rerun(page)
            k = int(re.search(r"[?&]k=(\d+)", page.url).group(1))
            time.sleep(1)
            settle(page)
            assert page.locator(K_SLIDER).input_value() == str(k) and f"k={k}" in page.url, \
                f"{stays}'s step after the reconnect did not hold: {page.url}"

            # Every student still reruns, all on r2 now, the r2 students on their first websocket.
            for student, context, page in students:
                step_k_and_check_the_rerun(page)
                assert replica_of(context) == "r2"
                if holder[student] == "r2":
                    assert streams_of(log, student) == ["r2"], f"{student} lost its session on r2"
        finally:
            browser.close()
