"""N `streamlit run` replicas of the app behind one HAProxy, on this machine: by default one
per core this process may use (the Docker image's command, so a container serves with all
its cores; one Python process runs scripts on one core at a time).

    python deploy/replicas.py                           # a replica per core, http://127.0.0.1:8500
    python deploy/replicas.py --replicas 3              # three; Ctrl-C stops all
    python deploy/replicas.py --replicas 3 --print-config > haproxy.cfg
    python deploy/replicas.py --poll-db postgresql://user:password@127.0.0.1:5432/polls
    python deploy/replicas.py --print-config --compose > deploy/haproxy-compose.cfg

Streamlit keeps a session's state (its widgets, its cached per-session objects, the files it
uploaded) in the one process whose websocket the browser holds, so HAProxy must send every
request of a browser to the same replica: it sets a cookie, SERVERID, naming the replica on
the first response. When that replica dies, HAProxy's health check marks it down and the
browser's next request goes to a live one, where the page's link (its query string holds every
setting) rebuilds the view. `deploy/haproxy.cfg` is this script's config for two replicas.

The cores: those the process may run on (its CPU affinity), fewer when its cgroup has a CPU
quota (``docker run --cpus 2``, Compose's ``cpus``: ``/sys/fs/cgroup/cpu.max``), or
``PLAYGROUND_PROCESSES`` when set (deploy/k8s.yaml sets it from the pod's CPU request).

Polls live in an SQLite file in PLAYGROUND_DATA_DIR that every process on one machine shares
(WAL mode), and outlive a machine only in a database every replica shares: ``--poll-db URL`` gives each
replica ``PLAYGROUND_POLL_DB=URL`` (a PostgreSQL server), as deploy/compose.yaml does; without
it the processes of one machine (or container) share the SQLite file.
``--compose`` prints the balancer's config for deploy/compose.yaml instead: the replicas are
the services app1, app2 on the Dockerfile's port, found through Docker's DNS.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import pathlib
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[1]
HEALTH = "/_stcore/health"
FRONT_PORT = 8500
FIRST_REPLICA_PORT = 8601
POLL_DB = "PLAYGROUND_POLL_DB"
PROCESSES = "PLAYGROUND_PROCESSES"
CPU_MAX = pathlib.Path("/sys/fs/cgroup/cpu.max")        # cgroup v2: "<quota> <period>" or "max <period>"
CFS = pathlib.Path("/sys/fs/cgroup/cpu")                 # cgroup v1: cpu.cfs_quota_us (-1: none), cpu.cfs_period_us
COOKIE = "SERVERID"
# deploy/compose.yaml: its replica services, the port the image's streamlit listens on, and the
# address of Docker's DNS inside a Compose network.
COMPOSE_REPLICAS = ("app1", "app2")
IMAGE_PORT = 8501
DOCKER_DNS = "127.0.0.11:53"


def _quota(cpu_max: pathlib.Path, cfs: pathlib.Path) -> float | None:
    """The cgroup's CPU quota in cores, or None when it has none (or there is no cgroup to read)."""
    try:
        quota, period = cpu_max.read_text().split()[:2]
        return None if quota == "max" else int(quota) / int(period)
    except (OSError, ValueError):
        pass
    try:
        quota = int((cfs / "cpu.cfs_quota_us").read_text())
        return None if quota < 0 else quota / int((cfs / "cpu.cfs_period_us").read_text())
    except (OSError, ValueError):
        return None


def usable_cores(env=None, affinity: int | None = None, cpu_max: pathlib.Path = CPU_MAX,
                 cfs: pathlib.Path = CFS) -> int:
    """How many app processes to start: ``PLAYGROUND_PROCESSES`` when set, else the cores this
    process may run on, capped by its cgroup's quota rounded up (cpu.max "150000 100000" is 1.5
    cores: 2 processes; "max 100000" is no quota)."""
    env = os.environ if env is None else env
    raw = (env.get(PROCESSES) or "").strip()
    if raw:
        if not raw.isdigit() or not 1 <= int(raw) <= 256:
            raise ValueError(f"{PROCESSES}={raw!r} is not a whole number from 1 to 256")
        return int(raw)
    cores = affinity if affinity is not None else len(os.sched_getaffinity(0))
    quota = _quota(cpu_max, cfs)
    if quota is not None:
        cores = min(cores, math.ceil(quota - 1e-9))
    return max(1, cores)


def haproxy_config(port: int, replica_ports: list[int], bind: str = "127.0.0.1",
                   replica_host: str = "127.0.0.1", log: bool = False,
                   replica_hosts: list[str] | None = None, cookie: str = COOKIE) -> str:
    """HAProxy's configuration: one frontend on ``bind:port``, one server per replica port.
    ``log``: one line per request on HAProxy's stdout, as it starts, with the replica that serves
    it and the request's Cookie header (the test reads which replica holds each websocket).
    ``replica_hosts``: a host name per replica (Compose's services), looked up through Docker's
    DNS at start and again when a container comes back with another address. ``cookie``: the
    sticky cookie's name (the image's balancer names its own, so that a balancer in front of
    several containers, deploy/compose.yaml, keeps its SERVERID)."""
    hosts = replica_hosts or [replica_host] * len(replica_ports)
    if len(hosts) != len(replica_ports):
        raise ValueError(f"{len(hosts)} replica hosts for {len(replica_ports)} ports")
    lookup = " resolvers docker init-addr last,libc,none" if replica_hosts else ""
    servers = "\n".join(f"    server r{i} {host}:{p} check cookie r{i}{lookup}"
                        for i, (host, p) in enumerate(zip(hosts, replica_ports, strict=True), start=1))
    resolvers = ""
    if replica_hosts:
        resolvers = f"""
# Compose's DNS: a replica that restarts may come back with another address.
resolvers docker
    nameserver dns {DOCKER_DNS}
    hold valid 10s
"""
    global_log, defaults_log, frontend_log = ("", "", "")
    if log:
        global_log = "    log stdout format raw local0\n"
        defaults_log = "    log global\n    option httplog\n    option logasap\n"
        frontend_log = "    capture request header Cookie len 200\n"
    return f"""\
# Generated by deploy/replicas.py: {len(replica_ports)} Streamlit replicas behind one HAProxy.
global
    maxconn 4096
{global_log}{resolvers}
defaults
    mode http
{defaults_log}    timeout connect 5s
    # A plain request (the page, its scripts, /_stcore/health) must answer within a minute ...
    timeout client 60s
    timeout server 60s
    timeout http-request 10s
    timeout http-keep-alive 10s
    timeout queue 30s
    # ... but once the browser's websocket (/_stcore/stream) is upgraded, the connection is a
    # tunnel that stays open for as long as the student keeps the tab: an hour of silence at most.
    timeout tunnel 1h
    timeout client-fin 30s
    # A browser keeps its replica even while the health check calls it down (a long fit can hold
    # the GIL past the check's timeout: moving the cookie then would split the session's requests
    # from its websocket), but a request its replica refuses goes to a live one instead of failing.
    option persist
    option redispatch
    retries 2
    timeout check 5s

frontend playground
    bind {bind}:{port}
{frontend_log}    default_backend streamlit

backend streamlit
    # Websockets are long: send a new student to the replica with the fewest open connections.
    balance leastconn
    # Sticky sessions: the first response sets {cookie}=r<i>; HAProxy reads it on every later
    # request (and the websocket upgrade) and strips it before the replica sees it (indirect);
    # nocache keeps shared caches from storing a response that carries it.
    cookie {cookie} insert indirect nocache
    option httpchk
    http-check send meth GET uri {HEALTH}
    http-check expect status 200
    # Checked every 2 s, down after 3 failures, back after 2 successes.
    default-server inter 2s fall 3 rise 2
    # Streamlit serves its scripts uncompressed and leaves that to a proxy: a first visit is
    # 9.5 MB without and 4.6 MB with gzip (docs/deploy.md), times a hall on one Wi-Fi.
    # HAProxy compresses once per response, a few ms of its CPU, none of the replicas'.
    compression algo gzip
    compression type text/html text/css text/javascript application/javascript application/json image/svg+xml
{servers}
"""


def replica_command(port: int, address: str = "127.0.0.1") -> list[str]:
    return [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
            "--server.address", address, "--server.headless", "true", "--browser.gatherUsageStats", "false"]


# One cookie secret for every replica this process starts: without it each streamlit makes its
# own, and a cookie one replica signed would not be accepted by another after a failover.
COOKIE_SECRET = os.environ.get("STREAMLIT_SERVER_COOKIE_SECRET") or secrets.token_hex(32)


def start_replica(port: int, address: str = "127.0.0.1", quiet: bool = True,
                  poll_db: str | None = None) -> subprocess.Popen:
    """``poll_db``: the PostgreSQL URL every replica keeps its polls in (PLAYGROUND_POLL_DB)."""
    out = subprocess.DEVNULL if quiet else None
    env = {**os.environ, "STREAMLIT_SERVER_COOKIE_SECRET": COOKIE_SECRET}
    if poll_db:
        env[POLL_DB] = poll_db
    return subprocess.Popen(replica_command(port, address), cwd=ROOT, stdout=out, stderr=out, env=env)


def healthy(url: str, timeout: float = 2.0) -> bool:
    """True when ``url``'s /_stcore/health answers ``ok``."""
    try:
        with urllib.request.urlopen(url + HEALTH, timeout=timeout) as response:
            return response.read() == b"ok"
    except OSError:
        return False


def wait_healthy(url: str, proc: subprocess.Popen, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not healthy(url):
        if proc.poll() is not None:
            raise RuntimeError(f"{url}: the process exited with code {proc.returncode}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{url}{HEALTH} did not answer ok within {timeout:.0f} s")
        time.sleep(0.3)


def haproxy_binary() -> str | None:
    return shutil.which("haproxy") or next(
        (p for p in ("/usr/sbin/haproxy", "/usr/local/sbin/haproxy") if pathlib.Path(p).exists()), None)


def start_haproxy(config: pathlib.Path, quiet: bool = True, log_file=None) -> subprocess.Popen:
    binary = haproxy_binary()
    if binary is None:
        raise RuntimeError("haproxy is not installed (Debian: apt-get install haproxy)")
    # -db: stay in the foreground, so this process owns it and can stop it.
    out = log_file or (subprocess.DEVNULL if quiet else None)
    return subprocess.Popen([binary, "-db", "-f", str(config)], stdout=out, stderr=out)


def stop(proc: subprocess.Popen, grace: float = 10.0) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(grace)


@contextlib.contextmanager
def cluster(port: int, replica_ports: list[int], bind: str = "127.0.0.1", quiet: bool = True,
            log_file=None, poll_db: str | None = None, cookie: str = COOKIE):
    """Start the replicas and HAProxy; yield (front URL, {replica port: process}); stop them all.
    ``log_file`` (an open file) receives HAProxy's log of every request; ``poll_db`` is given to
    every replica as PLAYGROUND_POLL_DB."""
    replicas: dict[int, subprocess.Popen] = {}
    balancer = None
    with tempfile.TemporaryDirectory(prefix="playground-haproxy-") as tmp:
        config = pathlib.Path(tmp) / "haproxy.cfg"
        config.write_text(haproxy_config(port, replica_ports, bind=bind, log=log_file is not None, cookie=cookie))
        try:
            for p in replica_ports:
                # The replicas stay on loopback whatever HAProxy binds: only HAProxy talks to them.
                replicas[p] = start_replica(p, "127.0.0.1", quiet, poll_db)
            for p, proc in replicas.items():
                wait_healthy(f"http://127.0.0.1:{p}", proc)
            balancer = start_haproxy(config, quiet, log_file)
            front = f"http://127.0.0.1:{port}"
            wait_healthy(front, balancer, timeout=30)
            yield front, replicas
        finally:
            if balancer is not None:
                stop(balancer)
            for proc in replicas.values():
                stop(proc)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--replicas", type=int, default=None,
                        help=f"how many streamlit processes (default: one per usable core, or {PROCESSES})")
    parser.add_argument("--cookie", default=COOKIE, help="the sticky cookie's name (default %(default)s)")
    parser.add_argument("--port", type=int, default=FRONT_PORT, help="HAProxy's port (default %(default)s)")
    parser.add_argument("--first-replica-port", type=int, default=FIRST_REPLICA_PORT,
                        help="replica i listens on this port + i - 1 (default %(default)s)")
    parser.add_argument("--bind", default="127.0.0.1",
                        help="HAProxy's address (default 127.0.0.1; 0.0.0.0 to serve the network)")
    parser.add_argument("--print-config", action="store_true", help="print HAProxy's config and exit")
    parser.add_argument("--log", action="store_true", help="HAProxy prints a line per request (and its replica)")
    parser.add_argument("--poll-db", metavar="URL", default=os.environ.get(POLL_DB),
                        help=f"a postgresql:// URL every replica keeps its polls in ({POLL_DB}; default: "
                             "that variable, else each replica's own SQLite file)")
    parser.add_argument("--compose", action="store_true",
                        help="with --print-config: the config for deploy/compose.yaml's balancer")
    args = parser.parse_args(argv)
    if args.replicas is None:
        args.replicas = usable_cores()
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{0,31}", args.cookie):
        parser.error("--cookie must be a name of letters, digits and _")
    if args.replicas < 1:
        parser.error("--replicas must be at least 1")
    if args.poll_db and not args.poll_db.startswith(("postgresql://", "postgres://")):
        parser.error("--poll-db must be a postgresql:// URL")
    ports = [args.first_replica_port + i for i in range(args.replicas)]
    if args.compose and not args.print_config:
        parser.error("--compose goes with --print-config (docker compose starts the replicas)")
    if args.print_config:
        if args.compose:
            print(haproxy_config(FRONT_PORT, [IMAGE_PORT] * len(COMPOSE_REPLICAS), bind="0.0.0.0",
                                 replica_hosts=list(COMPOSE_REPLICAS)), end="")
        else:
            print(haproxy_config(args.port, ports, bind=args.bind, cookie=args.cookie), end="")
        return 0
    # `kill <pid>` stops the replicas and HAProxy too, as Ctrl-C does.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    with cluster(args.port, ports, bind=args.bind, quiet=False, log_file=sys.stdout if args.log else None,
                 poll_db=args.poll_db, cookie=args.cookie) as (front, replicas):
        polls = "one PostgreSQL" if args.poll_db else "an SQLite file each"
        print(f"{len(replicas)} replicas on ports {ports} behind http://{args.bind}:{args.port}, polls in {polls} "
              "(Ctrl-C stops)", flush=True)
        try:
            while all(proc.poll() is None for proc in replicas.values()):
                time.sleep(1)
            print("a replica exited; HAProxy sends its students to the others (Ctrl-C stops)")
            while any(proc.poll() is None for proc in replicas.values()):
                time.sleep(1)
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
