"""The deployment recipes in deploy/ and the Dockerfile, checked (all but the last without starting the app): the
HAProxy config is the launcher's and haproxy accepts it, the Kubernetes manifest goes through
`kubectl apply --dry-run=client`, the image runs the app as the README says, the Compose file
(HAProxy, two replicas, PostgreSQL) is read and its equivalent started through the launcher.
(tests/test_replicas.py runs the HAProxy recipe for real; tests/test_poll_failover.py kills a
replica in the middle of a poll.)"""

import asyncio
import contextlib
import fnmatch
import json
import pathlib
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from deploy import replicas

ROOT = pathlib.Path(__file__).resolve().parents[1]
HEALTH = "/_stcore/health"


def test_the_checked_in_haproxy_cfg_is_what_the_launcher_generates(capsys):
    assert replicas.main(["--print-config", "--replicas", "2"]) == 0
    assert capsys.readouterr().out == (ROOT / "deploy" / "haproxy.cfg").read_text()


def test_the_haproxy_config_has_a_sticky_checked_server_per_replica():
    config = replicas.haproxy_config(9000, [9101, 9102, 9103])
    servers = re.findall(r"^\s*server (\S+) (\S+) check cookie (\S+)$", config, re.MULTILINE)
    assert servers == [("r1", "127.0.0.1:9101", "r1"), ("r2", "127.0.0.1:9102", "r2"), ("r3", "127.0.0.1:9103", "r3")]
    assert "cookie SERVERID insert indirect nocache" in config
    assert f"http-check send meth GET uri {HEALTH}" in config
    assert re.search(r"^\s*timeout tunnel \S+", config, re.MULTILINE), "websockets need a tunnel timeout"
    assert re.search(r"^\s*bind 127\.0\.0\.1:9000$", config, re.MULTILINE)


@pytest.mark.parametrize("count", [1, 2, 5])
def test_haproxy_accepts_the_generated_config(tmp_path, count):
    binary = replicas.haproxy_binary()
    if binary is None:
        pytest.skip("haproxy is not installed (`.ci/run` installs Debian's haproxy)")
    config = tmp_path / "haproxy.cfg"
    config.write_text(replicas.haproxy_config(8500, [8601 + i for i in range(count)]))
    checked = subprocess.run([binary, "-c", "-f", str(config)], capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stdout + checked.stderr


# --- Kubernetes -------------------------------------------------------------------------------

# `kubectl apply --dry-run=client` still asks an API server which kinds exist (discovery) and
# whether the objects exist already. This serves exactly that, for the two kinds the manifest
# uses, and nothing else: the objects are decoded, mapped and printed by kubectl itself.
DISCOVERY = {
    "/api": {"kind": "APIVersions", "versions": ["v1"],
             "serverAddressByClientCIDRs": [{"clientCIDR": "0.0.0.0/0", "serverAddress": "127.0.0.1"}]},
    "/apis": {"kind": "APIGroupList", "apiVersion": "v1", "groups": [
        {"name": "apps", "versions": [{"groupVersion": "apps/v1", "version": "v1"}],
         "preferredVersion": {"groupVersion": "apps/v1", "version": "v1"}}]},
    "/api/v1": {"kind": "APIResourceList", "groupVersion": "v1", "resources": [
        {"name": "services", "singularName": "service", "namespaced": True, "kind": "Service",
         "verbs": ["create", "delete", "get", "list", "patch", "update", "watch"]},
        {"name": "namespaces", "singularName": "namespace", "namespaced": False, "kind": "Namespace",
         "verbs": ["create", "delete", "get", "list", "patch", "update", "watch"]}]},
    "/apis/apps/v1": {"kind": "APIResourceList", "groupVersion": "apps/v1", "resources": [
        {"name": "deployments", "singularName": "deployment", "namespaced": True, "kind": "Deployment",
         "verbs": ["create", "delete", "get", "list", "patch", "update", "watch"]}]},
}
NOT_FOUND = {"kind": "Status", "apiVersion": "v1", "status": "Failure", "reason": "NotFound", "code": 404,
             "message": "not found"}


class _Discovery(BaseHTTPRequestHandler):
    def do_GET(self):
        body = DISCOVERY.get(self.path.split("?")[0])
        data = json.dumps(body or NOT_FOUND).encode()
        self.send_response(200 if body else 404)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def discovery_only_api_server():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Discovery)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def kubectl_dry_run(tmp_path, manifest: pathlib.Path) -> list[dict]:
    kubectl = shutil.which("kubectl")
    if kubectl is None:
        pytest.skip("kubectl is not installed: the Kubernetes manifest is not checked")
    with discovery_only_api_server() as url:
        kubeconfig = tmp_path / "kubeconfig"
        kubeconfig.write_text(json.dumps({
            "apiVersion": "v1", "kind": "Config", "current-context": "dry",
            "clusters": [{"name": "dry", "cluster": {"server": url}}],
            "contexts": [{"name": "dry", "context": {"cluster": "dry", "user": "dry", "namespace": "default"}}],
            "users": [{"name": "dry", "user": {}}]}))
        # --validate=false: schema validation downloads the server's OpenAPI document, which a
        # discovery-only server does not have.
        done = subprocess.run(
            [kubectl, "apply", "--dry-run=client", "--validate=false", "-o", "json", "-f", str(manifest),
             "--kubeconfig", str(kubeconfig), "--cache-dir", str(tmp_path / "cache")],
            capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    return out["items"] if out.get("kind") == "List" else [out]


QUANTITY = re.compile(r"^\d+(\.\d+)?(m|Ki|Mi|Gi|k|M|G)?$")


def _mebibytes(quantity: str) -> float:
    number, unit = re.fullmatch(r"(\d+)(Mi|Gi)", quantity).groups()
    return int(number) * (1024 if unit == "Gi" else 1)


def test_the_kubernetes_manifest_goes_through_kubectl_client_dry_run(tmp_path):
    objects = {o["kind"]: o for o in kubectl_dry_run(tmp_path, ROOT / "deploy" / "k8s.yaml")}
    assert set(objects) == {"Deployment", "Service"}
    deployment, service = objects["Deployment"], objects["Service"]
    pod = deployment["spec"]["template"]
    assert deployment["spec"]["replicas"] >= 2
    labels = pod["metadata"]["labels"]
    assert deployment["spec"]["selector"]["matchLabels"].items() <= labels.items()
    assert service["spec"]["selector"].items() <= labels.items(), "the Service selects no pod of the Deployment"
    assert service["spec"]["sessionAffinity"] == "ClientIP"
    [container] = pod["spec"]["containers"]
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    assert ports == {"http": 8501}, "the Dockerfile's streamlit listens on 8501"
    assert service["spec"]["ports"][0]["targetPort"] in ("http", 8501)
    for probe in ("readinessProbe", "livenessProbe"):
        assert container[probe]["httpGet"]["path"] == HEALTH
        assert container[probe]["httpGet"]["port"] in ("http", 8501)
    assert pod["spec"]["securityContext"]["runAsNonRoot"] is True
    resources = container["resources"]
    for quantity in (*resources["requests"].values(), *resources["limits"].values()):
        assert QUANTITY.match(str(quantity)), f"{quantity!r} is not a Kubernetes quantity"
    assert _mebibytes(resources["requests"]["memory"]) <= _mebibytes(resources["limits"]["memory"])


# --- Docker ------------------------------------------------------------------------------------

def _instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of the Dockerfile, continuation lines joined, comments dropped."""
    text = re.sub(r"\\\n", " ", (ROOT / "Dockerfile").read_text())
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("#")]
    return [tuple(ln.split(None, 1)) for ln in lines]


def test_the_image_runs_the_app_headless_on_8501_as_a_non_root_user():
    steps = _instructions()
    kinds = [k for k, _ in steps]
    assert steps[0] == ("FROM", "python:3.11-slim")
    user = dict(steps)["USER"]
    assert user not in ("root", "0") and kinds.index("USER") < kinds.index("CMD")
    command = json.loads(dict(steps)["CMD"])
    # one app process per core behind HAProxy on 8501, which alone listens beyond loopback
    assert command == ["python", "deploy/replicas.py", "--bind", "0.0.0.0", "--port", "8501", "--cookie", "PROCESS"]
    assert "--replicas" not in command, "the image starts a process per core, however many there are"
    assert any(kind == "RUN" and "apt-get install" in args and "haproxy" in args for kind, args in steps)
    installs = [args for kind, args in steps if kind == "RUN" and "pip install" in args]
    assert installs == ["pip install -r requirements.txt -r requirements-postgres.txt"], \
        "the image installs the runtime dependencies and the PostgreSQL driver, nothing else"
    assert ("COPY", "requirements.txt deploy/requirements-postgres.txt ./") in steps
    healthcheck = dict(steps)["HEALTHCHECK"]
    assert f"http://127.0.0.1:8501{HEALTH}" in healthcheck and "curl" not in healthcheck


def _requirements(path: pathlib.Path) -> set[str]:
    return {ln.strip() for ln in path.read_text().splitlines() if ln.strip() and not ln.lstrip().startswith(("#", "-"))}


def test_the_image_adds_exactly_the_postgresql_driver_that_the_tests_use():
    """The rule: the image = the app's runtime requirements (requirements.txt, what Streamlit
    Community Cloud installs) + deploy/requirements-postgres.txt, which holds the PostgreSQL
    driver alone, pinned as the tests pin it (requirements-dev.txt)."""
    driver = _requirements(ROOT / "deploy" / "requirements-postgres.txt")
    assert len(driver) == 1 and next(iter(driver)).startswith("psycopg[binary]=="), driver
    assert driver <= _requirements(ROOT / "requirements-dev.txt"), "the image and the tests pin another psycopg"
    assert not [r for r in _requirements(ROOT / "requirements.txt") if r.startswith("psycopg")], \
        "Streamlit Community Cloud needs no PostgreSQL driver"


def test_dockerignore_keeps_the_app_and_drops_the_rest():
    patterns = [ln.strip() for ln in (ROOT / ".dockerignore").read_text().splitlines()
                if ln.strip() and not ln.startswith("#")]

    def ignored(name: str) -> bool:
        # Docker's rule: the last pattern that matches a path, or one of its parent folders, decides;
        # a pattern starting with "!" keeps what the ones before it dropped.
        parts = name.split("/")
        verdict = False
        for pattern in patterns:
            keep = pattern.startswith("!")
            pattern = pattern.removeprefix("!")
            if pattern.startswith("**/"):  # at any depth: one folder or file name
                matched = any(fnmatch.fnmatch(part, pattern[3:]) for part in parts)
            else:
                matched = any(fnmatch.fnmatch("/".join(parts[:i]), pattern) for i in range(1, len(parts) + 1))
            if matched:
                verdict = not keep
        return verdict

    needed = ["app.py", "home.py", "requirements.txt", ".streamlit", "pages", "ui", "viz", "catalog", "mlcore",
              "exercises", "polls", "deploy/requirements-postgres.txt", "deploy/__init__.py", "deploy/replicas.py"]
    assert not [n for n in needed if ignored(n)], "the image would miss part of the app"
    for unwanted in (".git", "tests", "artifacts", ".venv", "venv", "__pycache__", ".pytest_cache", ".hypothesis"):
        assert ignored(unwanted), f"{unwanted} would be copied into the image"
    top_level = {p.name for p in ROOT.iterdir()} - {".git", ".venv", "venv"}
    # deploy/ and benchmarks/ are packages of scripts the app never imports
    packages = {n for n in top_level if (ROOT / n / "__init__.py").exists()} - {"deploy", "benchmarks"}
    assert not [n for n in packages if ignored(n)], "a package the app imports is ignored"


# --- one app process per core -------------------------------------------------------------------

@pytest.mark.parametrize("cpu_max, affinity, expected", [
    ("max 100000", 4, 4),          # no quota: every core the process may use
    ("200000 100000", 8, 2),       # docker run --cpus 2
    ("150000 100000", 8, 2),       # 1.5 cores: a second process for the half
    ("50000 100000", 8, 1),        # half a core: still one process
    ("400000 100000", 2, 2),       # a quota above the cores it may run on
    (None, 3, 3),                  # no cgroup file: the affinity
])
def test_the_launcher_starts_a_process_per_usable_core(tmp_path, cpu_max, affinity, expected):
    path = tmp_path / "cpu.max"
    if cpu_max is not None:
        path.write_text(cpu_max + "\n")
    assert replicas.usable_cores({}, affinity=affinity, cpu_max=path, cfs=tmp_path / "v1") == expected


def test_a_cgroup_v1_quota_and_the_setting_count_too(tmp_path):
    (tmp_path / "cpu.cfs_quota_us").write_text("300000\n")
    (tmp_path / "cpu.cfs_period_us").write_text("100000\n")
    assert replicas.usable_cores({}, affinity=16, cpu_max=tmp_path / "none", cfs=tmp_path) == 3
    (tmp_path / "cpu.cfs_quota_us").write_text("-1\n")
    assert replicas.usable_cores({}, affinity=16, cpu_max=tmp_path / "none", cfs=tmp_path) == 16
    assert replicas.usable_cores({"PLAYGROUND_PROCESSES": "5"}, affinity=2) == 5
    for bad in ("0", "-1", "two", "1000"):
        with pytest.raises(ValueError):
            replicas.usable_cores({"PLAYGROUND_PROCESSES": bad}, affinity=2)


def test_the_image_command_defaults_to_this_machines_cores_and_its_own_cookie(capsys):
    command = json.loads(dict(_instructions())["CMD"])
    assert replicas.main([*command[2:], "--print-config"]) == 0
    config = capsys.readouterr().out
    servers = re.findall(r"^\s*server (r\d+) 127\.0\.0\.1:\d+ check cookie", config, re.MULTILINE)
    assert len(servers) == replicas.usable_cores() >= 1
    assert "cookie PROCESS insert indirect nocache" in config and re.search(r"bind 0\.0\.0\.0:8501$", config, re.M)


def test_kubernetes_gives_the_pod_a_process_per_requested_core():
    yaml = pytest.importorskip("yaml")
    deployment = next(d for d in yaml.safe_load_all((ROOT / "deploy" / "k8s.yaml").read_text())
                      if d and d["kind"] == "Deployment")
    [container] = deployment["spec"]["template"]["spec"]["containers"]
    env = {e["name"]: e for e in container["env"]}
    field = env[replicas.PROCESSES]["valueFrom"]["resourceFieldRef"]
    assert field["resource"] == "requests.cpu" and str(field["divisor"]) == "1"
    assert "limits" not in container["resources"] or "cpu" not in container["resources"]["limits"]


# --- Docker Compose: HAProxy, two replicas, PostgreSQL ---------------------------------------------

COMPOSE = ROOT / "deploy" / "compose.yaml"


def _compose() -> dict:
    yaml = pytest.importorskip("yaml")
    return yaml.safe_load(COMPOSE.read_text())


def _variable(value: str) -> str:
    """The name of the one ${NAME...} variable in ``value``."""
    [name] = re.findall(r"\$\{(\w+)", value)
    return name


def test_compose_runs_postgresql_two_replicas_of_the_image_and_haproxy_in_front():
    compose = _compose()
    services = compose["services"]
    assert set(services) == {"postgres", *replicas.COMPOSE_REPLICAS, "haproxy"}
    postgres = services["postgres"]
    # The database keeps its files in a named volume, and says when it takes connections.
    [volume] = postgres["volumes"]
    name, mount = volume.split(":")[:2]
    assert mount == "/var/lib/postgresql/data" and name in compose["volumes"]
    assert "pg_isready" in " ".join(postgres["healthcheck"]["test"])
    db = postgres["environment"]

    steps = dict(_instructions())
    secrets_of = set()
    for name in replicas.COMPOSE_REPLICAS:
        app = services[name]
        assert pathlib.Path(COMPOSE.parent, app["build"]["context"]).resolve() == ROOT
        assert app["build"]["dockerfile"] == "Dockerfile"
        assert app["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert "ports" not in app, "a replica is reached through HAProxy only"
        assert [str(p) for p in app["expose"]] == [steps["EXPOSE"]]
        env = app["environment"]
        url = env[replicas.POLL_DB]
        # postgresql://USER:${PASSWORD}@postgres:5432/DB: the database service's user, password and database
        parsed = re.fullmatch(r"postgresql://(\w+):(\$\{[^}]+\})@(\w+):(\d+)/(\w+)", url)
        assert parsed, url
        user, password, host, port, database = parsed.groups()
        assert (user, host, port, database) == (db["POSTGRES_USER"], "postgres", "5432", db["POSTGRES_DB"])
        assert _variable(password) == _variable(db["POSTGRES_PASSWORD"])
        secrets_of.add(env["STREAMLIT_SERVER_COOKIE_SECRET"])
        assert set(app["healthcheck"]) <= {"interval", "timeout", "start_period", "retries"}, \
            "the replicas keep the Dockerfile's health check command"
    assert len(secrets_of) == 1 and _variable(secrets_of.pop()) == "STREAMLIT_SERVER_COOKIE_SECRET", \
        "every replica must sign cookies with one secret"

    haproxy = services["haproxy"]
    assert haproxy["ports"] == [f"{replicas.FRONT_PORT}:{replicas.FRONT_PORT}"]
    assert {name: dep["condition"] for name, dep in haproxy["depends_on"].items()} == \
        dict.fromkeys(replicas.COMPOSE_REPLICAS, "service_healthy")
    [mount] = haproxy["volumes"]
    config, target = mount.split(":")[:2]
    assert target == "/usr/local/etc/haproxy/haproxy.cfg"
    assert (COMPOSE.parent / config).resolve() == ROOT / "deploy" / "haproxy-compose.cfg"


def test_the_compose_balancer_sends_to_the_two_replica_services_and_is_the_launchers(capsys):
    text = (ROOT / "deploy" / "haproxy-compose.cfg").read_text()
    assert replicas.main(["--print-config", "--compose"]) == 0
    assert capsys.readouterr().out == text
    servers = re.findall(r"^\s*server (\S+) (\S+):(\d+) check cookie (\S+)", text, re.MULTILINE)
    port = dict(_instructions())["EXPOSE"]
    assert servers == [(f"r{i}", name, port, f"r{i}") for i, name in enumerate(replicas.COMPOSE_REPLICAS, 1)]
    assert re.search(rf"^\s*bind 0\.0\.0\.0:{replicas.FRONT_PORT}$", text, re.MULTILINE), \
        "inside its container HAProxy must listen on every interface"
    assert "cookie SERVERID insert indirect nocache" in text


def test_haproxy_accepts_the_compose_config():
    binary = replicas.haproxy_binary()
    if binary is None:
        pytest.skip("haproxy is not installed (`.ci/run` installs Debian's haproxy)")
    # The replicas' names do not resolve outside Compose: HAProxy starts with them down.
    checked = subprocess.run([binary, "-c", "-f", str(ROOT / "deploy" / "haproxy-compose.cfg")],
                             capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_image_keeps_sqlite_polls_where_its_user_may_write():
    steps = _instructions()
    env = dict(re.findall(r"(\w+)=(\S+)", " ".join(args for kind, args in steps if kind == "ENV")))
    user = next(args for kind, args in steps if kind == "RUN" and "useradd" in args)
    home = f"/home/{user.split()[-1]}"
    assert env["PLAYGROUND_DATA_DIR"].startswith(home + "/"), "the app's user cannot write under /app"


def test_the_launcher_refuses_a_poll_database_that_is_not_postgresql():
    with pytest.raises(SystemExit):
        replicas.main(["--poll-db", "sqlite:///tmp/polls.sqlite3"])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _free_run_of_ports(count: int) -> int:
    """The first of ``count`` consecutive free loopback ports (the launcher numbers its replicas so)."""
    for _ in range(50):
        first, held = _free_port(), []
        try:
            for port in range(first, first + count):
                s = socket.socket()
                held.append(s)
                s.bind(("127.0.0.1", port))
            return first
        except OSError:
            continue
        finally:
            for s in held:
                s.close()
    raise RuntimeError(f"no {count} consecutive free ports")


def test_the_compose_set_up_runs_here_through_the_launcher_and_its_replicas_share_the_polls(postgres_server, tmp_path):
    """The Compose file's set-up without Docker: `deploy/replicas.py --poll-db URL` with as many
    replicas as the file has, against a real PostgreSQL. Every replica gets the URL, and an answer
    sent to one replica is the student's answer on the other (protocol-level sessions, no browser)."""
    if replicas.haproxy_binary() is None:
        pytest.skip("haproxy is not installed (`.ci/run` installs Debian's haproxy)")
    from support.postgres import fresh_database

    from benchmarks.st_client import Session, server_pid
    from polls import questions, room
    from polls.store import connect

    services = _compose()["services"]
    count = sum(1 for name in services if name in replicas.COMPOSE_REPLICAS)
    assert all(services[name]["environment"][replicas.POLL_DB].startswith("postgresql://")
               for name in replicas.COMPOSE_REPLICAS)
    url = fresh_database(postgres_server)
    store = connect(url)
    poll, _ = room.open_poll(store, "which_model", 1, 1)
    labels = questions.choices(poll.kind, poll.task())
    front, first = _free_port(), _free_run_of_ports(count)
    ports = [first + i for i in range(count)]
    out = tmp_path / "launcher.log"
    with open(out, "w") as log:
        launcher = subprocess.Popen([sys.executable, "deploy/replicas.py", "--replicas", str(count),
                                     "--port", str(front), "--first-replica-port", str(first), "--poll-db", url],
                                    cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 120
        while "polls in one PostgreSQL" not in out.read_text():
            assert launcher.poll() is None and time.monotonic() < deadline, \
                f"the launcher did not start:\n{out.read_text()}"
            time.sleep(0.5)
        for port in ports:
            environ = pathlib.Path(f"/proc/{server_pid(port)}/environ").read_bytes().split(b"\0")
            assert f"{replicas.POLL_DB}={url}".encode() in environ, f"the replica on {port} has no poll database"

        me = room.new_student()

        async def answer_on_one_and_read_on_the_other():
            link = f"poll={poll.code}&me={me}"
            async with Session("127.0.0.1", ports[0]) as one:
                await one.run(page="Ask_the_room", query=link)
                run = await one.set({"poll_choice": labels[1]})
                assert "Answer received" in " ".join(text for _, text in run.texts), run.texts
            async with Session("127.0.0.1", ports[-1]) as other:
                return await other.run(page="Ask_the_room", query=link)

        run = asyncio.run(answer_on_one_and_read_on_the_other())
        assert room.mine(store, poll.code, me) == 1 and room.count(store, poll.code) == 1
        assert "Answer received" in " ".join(text for _, text in run.texts), \
            "the other replica does not know the student's answer"
    finally:
        launcher.send_signal(signal.SIGINT)
        try:
            launcher.wait(30)
        except subprocess.TimeoutExpired:
            launcher.kill()
        store.close()


def test_compose_caps_each_replica_so_the_two_run_a_process_per_core_of_the_reference_machine():
    services = _compose()["services"]
    for name in replicas.COMPOSE_REPLICAS:
        assert _variable(str(services[name]["cpus"])) == "REPLICA_CPUS"
        assert str(services[name]["cpus"]).endswith(":-1}")   # two replicas x 1 core: the 2-core reference
