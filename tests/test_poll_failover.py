"""A poll outlives the replica that took its answers: two `streamlit run` replicas behind HAProxy
(deploy/replicas.py) keep their polls in one real PostgreSQL server (tests/support/postgres.py,
PLAYGROUND_POLL_DB), and students in headless Chromium answer through the balancer, its sticky
cookie spreading them over both replicas. One replica is killed in the middle of the poll: every
answer a student saw acknowledged ("Answer received") is still in the store, and its students go
on on the other replica as the same student (the ``me=`` of their link): their view shows the
answer they sent, and a new tap replaces it rather than adding one.

Every wait has a timeout; the test takes about two minutes on the shared 2-core machine."""

import pathlib
import time

import pytest
from support.browser import ARGS, CHROMIUM, COUNT_RUNS, assert_no_errors, settle, wait_for_run_after
from support.replicas import free_ports, requests_of, streams_of

from deploy.replicas import cluster, haproxy_binary
from polls import questions, room
from polls.store import connect

pytestmark = pytest.mark.browser

KIND = "which_model"      # a choice of four: one tap answers
PAGE = "Ask_the_room"
STATUS = ".st-key-poll_status"
RECEIPT = "Answer received"


def wait_until(condition, seconds: float, message) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(message() if callable(message) else message)
        time.sleep(0.3)


def pill(page, label: str):
    """The choice ``label`` (st.pills: a group of radio buttons)."""
    return page.locator(".st-key-poll_choice").get_by_role("radio", name=label, exact=True)


def receipt_shown(page) -> bool:
    status = page.locator(STATUS)
    return status.count() == 1 and RECEIPT in status.inner_text()


def tap_and_wait_for_the_receipt(page, store, code: str, me: str, label: str, index: int) -> None:
    """Tap the choice ``label``: the store holds it as ``me``'s answer, and the page, settled,
    shows the receipt (a changed answer keeps the receipt on screen: the store tells it came)."""
    runs = page.evaluate("() => window.__stRuns")
    pill(page, label).click()
    wait_until(lambda: room.mine(store, code, me) == index, 60,
               lambda: f"{me}'s tap on {label!r} never reached the store ({room.mine(store, code, me)})")
    wait_for_run_after(page, runs, f"tapping {label!r}", until=f"() => document.querySelector('{STATUS}')"
                       f"?.innerText.includes('{RECEIPT}')")
    settle(page)
    assert receipt_shown(page), f"{me} sent {label!r} but sees: {page.locator(STATUS).inner_text()!r}"
    assert_no_errors(page, f"{me} answering {label!r}")


def replica_of(context) -> str | None:
    return next((c["value"] for c in context.cookies() if c["name"] == "SERVERID"), None)


def test_acknowledged_answers_survive_a_killed_replica_and_students_go_on_as_themselves(tmp_path, postgres_server):
    if haproxy_binary() is None:
        pytest.skip("haproxy is not installed: the failover test needs Debian's haproxy (`.ci/run` installs it)")
    if not pathlib.Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing: the failover test needs Debian's chromium")
    from playwright.sync_api import sync_playwright
    from support.postgres import fresh_database

    url = fresh_database(postgres_server)
    store = connect(url)
    poll, _token = room.open_poll(store, KIND, 1, 1)
    labels = questions.choices(poll.kind, poll.task())
    assert len(labels) >= 3

    log = tmp_path / "haproxy.log"
    front_port, *replica_ports = free_ports(3)
    with open(log, "w") as log_file, cluster(front_port, replica_ports, log_file=log_file, poll_db=url) as (
            front, replicas), sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            students = []       # (tag, student id, context, page)
            acknowledged = {}   # student id -> the index of the last answer it saw acknowledged
            for i in range(4):
                tag, me = f"s{i}", room.new_student()
                # a context per student: its own cookie jar, as its own phone would have
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                context.add_cookies([{"name": "student", "value": tag, "url": front}])
                page = context.new_page()
                page.add_init_script(COUNT_RUNS)
                page.goto(f"{front}/{PAGE}?poll={poll.code}&me={me}")
                wait_for_run_after(page, 0, f"{tag} opening the join link")
                pill(page, labels[0]).wait_for(timeout=60_000)
                assert not receipt_shown(page), f"{tag} sees a receipt before answering"
                tap_and_wait_for_the_receipt(page, store, poll.code, me, labels[i % len(labels)], i % len(labels))
                acknowledged[me] = i % len(labels)
                students.append((tag, me, context, page))

            holder = {}
            for tag, _, context, _ in students:
                served_by = {replica for replica, _ in requests_of(log, tag)}
                assert len(served_by) == 1, f"{tag}'s requests went to {served_by}: not sticky"
                [holder[tag]] = served_by
                assert replica_of(context) == holder[tag]
            assert set(holder.values()) == {"r1", "r2"}, f"every student went to one replica: {holder}"
            assert room.count(store, poll.code) == len(acknowledged)

            killed = replicas[replica_ports[0]]
            killed.kill()   # a crash in the middle of the poll: it stays open, answers keep coming
            killed.wait(10)

            # Every answer a student saw acknowledged is in the store, as that student's.
            assert {me: room.mine(store, poll.code, me) for me in acknowledged} == acknowledged
            assert room.count(store, poll.code) == len(acknowledged)

            # r1's students: one reloads, the other leaves the page alone and it reconnects by itself;
            # both land on r2 as the same student, see the answer they sent, and change it.
            on_r1 = [s for s in students if holder[s[0]] == "r1"]
            for n, (tag, me, context, page) in enumerate(on_r1):
                if n == 0:
                    page.reload()
                    wait_for_run_after(page, 0, f"{tag} reloading after r1 died")
                    assert replica_of(context) == "r2", "HAProxy kept the dead replica's cookie"
                wait_until(lambda t=tag: streams_of(log, t)[-1:] == ["r2"], 60,
                           lambda t=tag: f"{t} did not reconnect to r2: {requests_of(log, t)}")
                settle(page)
                assert f"me={me}" in page.url, f"{tag}'s link lost its student id: {page.url}"
                wait_until(lambda p=page: receipt_shown(p), 60, f"{tag} on r2 sees no receipt of its answer")
                assert pill(page, labels[acknowledged[me]]).get_attribute("aria-checked") == "true", \
                    f"{tag} on r2 does not see the answer it sent"
                new = (acknowledged[me] + 1) % len(labels)
                tap_and_wait_for_the_receipt(page, store, poll.code, me, labels[new], new)
                acknowledged[me] = new

            # A student who joins now is served by the live replica.
            context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
            page = context.new_page()
            page.add_init_script(COUNT_RUNS)
            late = room.new_student()
            page.goto(f"{front}/{PAGE}?poll={poll.code}&me={late}")
            wait_for_run_after(page, 0, "a late student opening the join link")
            pill(page, labels[2]).wait_for(timeout=60_000)
            tap_and_wait_for_the_receipt(page, store, poll.code, late, labels[2], 2)
            acknowledged[late] = 2

            # Replaced, not duplicated: one answer per student, each the last it saw acknowledged.
            assert room.count(store, poll.code) == len(acknowledged) == 5
            assert {me: room.mine(store, poll.code, me) for me in acknowledged} == acknowledged
            assert sorted(room.answers(store, poll.code, _token)) == sorted(acknowledged.values())
        finally:
            browser.close()
            store.close()
