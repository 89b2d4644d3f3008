"""Resident memory of one replica: idle, after the first session, and per further session.

    python -m deploy.replica_memory [--sessions 8]

Starts one `streamlit run` on a free loopback port, opens Playground sessions in headless
Chromium (one browser context each, kept open, so their sessions stay alive on the server) and
reads the server's VmRSS from /proc after each stage has settled: first N sessions on one link
(shared caches: the cost of a session itself), then N sessions on N different links (each brings
its own cached fit, grid and figure). The Kubernetes requests and limits in deploy/k8s.yaml come
from these numbers.
"""

from __future__ import annotations

import argparse
import pathlib
import socket
import sys
import time

from deploy.replicas import start_replica, stop, wait_healthy

CHROMIUM = "/usr/bin/chromium"
DATASETS = ["blobs", "moons", "circles", "xor", "spirals", "linear", "checkerboard"]


def rss_mb(pid: int) -> float:
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for pid {pid}")


def settled_rss(pid: int, seconds: float = 3.0) -> float:
    """RSS after the server has been left alone for a few seconds (garbage collected, quiet)."""
    time.sleep(seconds)
    return rss_mb(pid)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=8)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from tests.support.browser import ARGS, COUNT_RUNS, open_playground

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = start_replica(port)
    url = f"http://127.0.0.1:{port}"
    contexts = []
    try:
        wait_healthy(url, proc)
        rows = [("idle (started, no session)", settled_rss(proc.pid))]
        print(rows[-1], flush=True)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)

            def session(link: str) -> None:
                context = browser.new_context(viewport={"width": 1400, "height": 900})
                page = context.new_page()
                page.add_init_script(COUNT_RUNS)
                open_playground(page, url, link)
                contexts.append(context)
                print(f"session {len(contexts)} {link}: {rss_mb(proc.pid):.0f} MB", flush=True)

            session("?data=moons")
            rows.append(("1 session (first run: imports, first fit)", settled_rss(proc.pid)))
            for _ in range(args.sessions):
                session("?data=moons")
            rows.append((f"+{args.sessions} sessions on the same link", settled_rss(proc.pid)))
            for i in range(args.sessions):
                session(f"?data={DATASETS[i % len(DATASETS)]}&k={3 + i}&n={100 + 20 * i}")
            rows.append((f"+{args.sessions} sessions on {args.sessions} different links", settled_rss(proc.pid)))
            browser.close()
    finally:
        stop(proc)
    print("| stage | server RSS (MB) | per added session (MB) |")
    print("|---|---:|---:|")
    previous = None
    for label, mb in rows:
        added = ""
        if previous is not None and label.startswith("+"):
            added = f"{(mb - previous) / args.sessions:.1f}"
        print(f"| {label} | {mb:.0f} | {added} |")
        previous = mb
    return 0


if __name__ == "__main__":
    sys.exit(main())
