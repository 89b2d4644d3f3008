"""Two `streamlit run` replicas behind HAProxy (deploy/replicas.py), on loopback, driven by several
students in headless Chromium: every session works through the balancer, the sticky cookie spreads
the sessions over both replicas, and when one replica is killed its students reload onto the other
and get their view back from the link.

Every wait has a timeout; the whole test takes about a minute here (2-core shared machine)."""

import json
import pathlib
import re
import socket
import subprocess
import sys

import pytest
from test_browser import (
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

from deploy.replicas import cluster, haproxy_binary

pytestmark = pytest.mark.browser

ROOT = pathlib.Path(__file__).resolve().parents[1]
# One link per student: different datasets and k, so a view restored from the wrong link shows.
LINKS = ["?data=moons&k=7", "?data=circles&k=9", "?data=moons&n=150&k=3", "?data=xor&k=12"]
K_SLIDER = ".st-key-p_knn_k input[type='range']"
DATASET = "() => document.querySelector('.st-key-ds_data')?.innerText ?? null"


def _free_ports(count: int) -> list[int]:
    """Distinct free loopback ports (all sockets held open until every port is picked)."""
    sockets = []
    try:
        for _ in range(count):
            s = socket.socket()
            s.bind(("127.0.0.1", 0))
            sockets.append(s)
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


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
    return next((c["value"] for c in context.cookies() if c["name"] == "SERVERID"), None)


def test_sessions_spread_over_two_replicas_and_survive_one_being_killed():
    if haproxy_binary() is None:
        pytest.skip("haproxy is not installed: the replica test needs Debian's haproxy (`.ci/run` installs it)")
    if not pathlib.Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing: the replica test needs Debian's chromium")
    from playwright.sync_api import sync_playwright

    front_port, *replica_ports = _free_ports(3)
    with cluster(front_port, replica_ports) as (front, replicas), sync_playwright() as p:
        assert docker_healthcheck(replica_ports[0]).returncode == 0
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            students = []
            for link in LINKS:
                # A context per student: its own cookie jar, as a separate laptop would have.
                context = browser.new_context(viewport={"width": 1400, "height": 900})
                page = context.new_page()
                page.add_init_script(COUNT_RUNS)
                students.append((context, page))
                open_playground(page, front, link)
                assert_no_errors(page, f"{link} through HAProxy")
                k = int(re.search(r"k=(\d+)", link).group(1))
                assert page.locator(K_SLIDER).input_value() == str(k), f"{link} opened with another k"
                before = page.evaluate(Z_PRINT)
                step_slider(page, "p_knn_k", 1)
                page.wait_for_url(re.compile(rf"[?&]k={k + 1}(&|$)"), timeout=30_000)
                settle(page)
                page.wait_for_function(f"({Z_PRINT})() !== null", timeout=30_000)
                assert page.evaluate(Z_PRINT) != before, f"{link}: moving k did not redraw the regions"

            on = {context: replica_of(context) for context, _ in students}
            assert set(on.values()) == {"r1", "r2"}, f"every session went to one replica: {on}"

            seen = [view(page) for _, page in students]
            killed = replicas[replica_ports[0]]
            killed.kill()  # a crash, not a clean shutdown
            killed.wait(10)
            assert docker_healthcheck(replica_ports[0]).returncode != 0, "the health check passed on a dead replica"

            for (context, page), before in zip(students, seen, strict=True):
                if on[context] == "r1":
                    # The student presses reload: a fresh document, so only the link can restore the view.
                    page.reload()
                    wait_for_run_after(page, 0, f"reloading {before['url']} after r1 died")
                    page.wait_for_function(f"({Z_PRINT})() !== null", timeout=60_000)
                    assert replica_of(context) == "r2", "HAProxy kept the dead replica's cookie"
                assert_no_errors(page, f"{before['url']} after r1 died")
                assert view(page) == before, f"{before['url']}: the view changed when r1 died"

            # The survivors still rerun: the moved students' sessions live on r2 now.
            for context, page in students:
                before = page.evaluate(Z_PRINT)
                step_slider(page, "p_knn_k", 1)
                page.wait_for_function(f"({Z_PRINT})() !== null && ({Z_PRINT})() !== {json.dumps(before)}",
                                       timeout=30_000)
                assert replica_of(context) == "r2"
        finally:
            browser.close()
