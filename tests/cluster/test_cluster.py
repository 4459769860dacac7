"""deploy/'s topology on hosts of their own (network namespaces: topology.py), under faults.

Each test starts a whole cluster (10 to 30 s), and each fault falls on a load of bots playing
through the proxy (load.py); each keeps its figures with its report, shown in a "cluster
figures" section at the end of the run (tests/conftest.py), and prints them with `-s`:

    cluster fault figures: fault=..., failed_requests=..., failures_until_s=..., lost_moves=...,
    first_move_after_s=..., late_turns=..., ...
"""

import re
import socket
import sys
import time

import psycopg
import pytest

from tests.waiting import until

from .load import Load, figures_line
from .topology import CONNECTIONS_PER_ADDRESS, PROXY_PORT, http_status, wait_until

pytestmark = pytest.mark.cluster


def test_a_game_through_the_proxy_is_on_both_postgres_hosts(cluster, prefix):
    """The skeleton: an SDK bot and a worker's bot play a game through HAProxy; its log is on
    the primary and, synchronously, on the replica."""
    assert [server["status"] for server in cluster.servers().values()] == ["UP"] * 3
    load = Load(cluster.proxy_url, cluster.database_url, prefix, sdk_bots=1, bot_games=0, timed_games=0)
    load.start()
    load.wait_for_moves(5)
    assert load.finish(timeout=120), "the game did not end"
    assert not load.problems()
    (game_id,) = load.record.games
    logs = []
    for node in cluster.postgres:
        with psycopg.connect(node.url("hanabi"), autocommit=True) as conn:
            logs.append(
                conn.execute(
                    "SELECT seq, payload FROM game_events WHERE game_id = %s ORDER BY seq", (game_id,)
                ).fetchall()
            )
    assert len(logs[0]) > 10 and logs[0] == logs[1]
    assert len(load.record.acks) > 5


def test_one_address_past_its_connection_cap_is_refused_while_others_are_served(cluster, report_figures):
    """deploy/haproxy.cfg's per-address cap (HAPROXY_CONNECTIONS_PER_ADDRESS, lowered here to
    CONNECTIONS_PER_ADDRESS): this machine's address holds that many idle connections; its next
    one is closed unanswered, while a host at another address is served."""
    proxy = (cluster.hosts["proxy"].address, PROXY_PORT)
    client = cluster.network.add_host("client")
    held = []
    try:
        for _ in range(CONNECTIONS_PER_ADDRESS):
            held.append(socket.create_connection(proxy, timeout=5))
        time.sleep(0.2)
        last = held[-1]
        last.sendall(b"GET /v1/health HTTP/1.1\r\nHost: proxy\r\n\r\n")
        assert last.recv(100).startswith(b"HTTP/1.1 200"), "a connection within the cap was not served"
        try:
            with socket.create_connection(proxy, timeout=5) as extra:
                extra.sendall(b"GET /v1/health HTTP/1.1\r\nHost: proxy\r\n\r\n")
                refused = extra.recv(100) == b""
        except (ConnectionResetError, BrokenPipeError):
            refused = True
        other = client.execute(
            [
                sys.executable,
                "-c",
                "import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1], timeout=5).status)",
                f"{cluster.proxy_url}/v1/health",
            ]
        ).stdout.strip()
        report_figures(
            f"cluster connection cap: {CONNECTIONS_PER_ADDRESS} connections held by one address; the next refused: "
            f"{refused}; another address answered {other}"
        )
        assert refused, "the connection past the cap was served"
        assert other == "200"
    finally:
        for conn in held:
            conn.close()
    wait_until(lambda: http_status(f"{cluster.proxy_url}/v1/health") == 200, 10, "served again once it let go")


def under_load(cluster, prefix, report_figures, name: str, fault, **load_options) -> dict:
    """Start the load, let it play, run `fault` (which returns figures of its own), let the load
    play on until SDK bots have moved again, end it; the fault's figures, printed; every game
    finished with its log whole and every acknowledged move in it."""
    load = Load(cluster.proxy_url, cluster.database_url, prefix, **load_options)
    load.start()
    load.wait_for_moves(40)
    began = time.time()
    own = fault(load)
    load.wait_for_moves(40, timeout=180)
    ended = time.time()
    finished = load.finish()
    load.wait_for_timed_games()
    recovered_at = own.pop("recovered_at", None)
    figures = {**load.figures(name, began, ended), **own}
    if recovered_at is not None:
        # Long polls re-listened: a bot woken late by its wait's end, not by the move, is a late turn.
        figures["late_turns_after_recovery"] = load.late_turns(recovered_at + 5, ended)
        resumed = load.worker_moves(recovered_at)
        figures["worker_moves_resumed_after_s"] = round(resumed[0].timestamp() - recovered_at, 2) if resumed else None
    report_figures(figures_line(figures))
    assert finished, "a game of the load did not end"
    problems = load.problems()
    assert not problems, problems
    return figures


def test_kill_9_of_an_api_host(cluster, prefix, report_figures):
    """SIGKILL every process of an API host: the proxy stops sending to it at its first failed
    connection (within 2 s), every acknowledged move is in the log, waiting bots resume."""

    def kill(load):
        host = cluster.hosts["api1"]
        killed = time.time()
        host.kill_all()
        wait_until(lambda: cluster.servers()["api1"]["status"].startswith("DOWN"), 30, "api1 DOWN at the proxy")
        marked_down = time.time() - killed
        time.sleep(5)
        cluster.start_api("api1")
        wait_until(lambda: cluster.servers()["api1"]["status"] == "UP", 30, "api1 UP again")
        return {"proxy_marked_down_after_s": round(marked_down, 2), "back_after_s": round(time.time() - killed, 2)}

    figures = under_load(cluster, prefix, report_figures, "kill -9 of API host api1", kill)
    assert figures["failures_until_s"] is None or figures["failures_until_s"] <= 2.0, figures
    assert figures["lost_moves"] == 0


def test_rolling_restart_of_every_api_host(cluster, prefix, report_figures):
    """Each API host in turn drained at the proxy, stopped gracefully and started: no request fails."""

    def roll(load):
        steps = [cluster.restart_api_drained(name) for name in cluster.api_names]
        return {
            "longest_drain_s": max(step["drain_s"] for step in steps),
            "longest_restart_s": max(step["restart_s"] for step in steps),
        }

    figures = under_load(cluster, prefix, report_figures, "rolling restart of api1..api3", roll)
    assert figures["failed_requests"] == 0
    assert figures["lost_moves"] == 0


def test_kill_9_of_the_postgres_primary(cluster, prefix, report_figures):
    """SIGKILL every process of the primary's host; the failover (the test's, as a manager's
    would be) promotes the replica once the primary missed two checks 0.5 s apart. The app
    reconnects (DATABASE_URL names both hosts, read-write first), no acknowledged move is lost
    (synchronous commit), the listeners of every API host LISTEN on the new primary, and long
    polls are woken by moves again."""

    def fail_over(load):
        old = cluster.primary
        killed = time.time()
        old.host.kill_all()
        misses = 0
        while misses < 2:
            try:
                old.answers()
                misses = 0
            except psycopg.OperationalError:
                misses += 1
            time.sleep(0.5)
        cluster.fail_over()
        promoted = time.time()
        wait_until(
            lambda: all(server["status"] == "UP" for server in cluster.servers().values()), 60, "every API host UP"
        )
        every_host_up = time.time()
        api_addresses = {cluster.hosts[name].address for name in cluster.api_names}

        def listening_hosts():
            with psycopg.connect(cluster.primary.url("hanabi"), autocommit=True) as conn:
                rows = conn.execute(
                    "SELECT host(client_addr) FROM pg_stat_activity WHERE application_name = 'hanabi-token-listener'"
                ).fetchall()
            return {address for (address,) in rows} >= api_addresses

        wait_until(listening_hosts, 60, "the token listener of every API host on the new primary")
        return {
            "promoted_after_s": round(promoted - killed, 2),
            "every_api_host_ready_after_s": round(every_host_up - killed, 2),
            "listeners_back_after_s": round(time.time() - killed, 2),
            "recovered_at": time.time(),
        }

    figures = under_load(cluster, prefix, report_figures, "kill -9 of the Postgres primary", fail_over)
    assert figures["lost_moves"] == 0
    assert figures["late_turns_after_recovery"] == 0


def test_redis_stopped_for_30_seconds(cluster, prefix, report_figures):
    """Redis stops for 30 s: moves over the API go on; bot turns and deadlines wait, then resume
    (the sweeper re-sends what was lost), and none is played twice."""

    def outage(load):
        stopped = time.time()
        cluster.stop_redis()
        time.sleep(30)
        cluster.start_redis()
        back = time.time()
        return {"redis_down_s": round(back - stopped, 1), "recovered_at": back}

    figures = under_load(cluster, prefix, report_figures, "Redis stopped for 30 s", outage, timed_games=3)
    assert figures["lost_moves"] == 0


TASK_LINE = r"Task hanabi\.play_bot_turn\[([0-9a-f-]+)\] (received|succeeded in \S+ '?([^'\n]*)|raised .*|retry.*)"


def task_outcomes(log) -> dict[str, str]:
    """Of each bot turn task in the worker's log, its last state: received, or how it ended."""
    outcomes = {}
    for match in re.finditer(TASK_LINE, log.read_text(errors="replace")):
        outcomes[match.group(1)] = match.group(3) or match.group(2)[:60]
    return outcomes


def cut_mid_task(host, attempts: int = 20) -> tuple[float, set[str]]:
    """Partition the worker's host the moment its log shows a bot's turn received and not ended
    (reading only what the log gained); if that task still ended (it was finishing as the link
    went down), heal and try again. When the cut began, and the ids of the tasks it held unfinished."""
    log = host.log("worker")
    offset = log.stat().st_size
    states: dict[str, str] = {}

    def received() -> set[str]:
        nonlocal offset
        with open(log, "rb") as f:
            f.seek(offset)
            chunk = f.read()
        complete = chunk.rfind(b"\n") + 1
        offset += complete
        for match in re.finditer(TASK_LINE, chunk[:complete].decode(errors="replace")):
            states[match.group(1)] = match.group(3) or match.group(2)[:60]
        return {task for task, state in states.items() if state == "received"}

    for _ in range(attempts):
        pending = until(received, 30, f"{host.name} received no bot turn", interval=0.002)
        host.cut()
        cut_at = time.time()
        time.sleep(1)
        outcomes = task_outcomes(log)
        held = {task for task in pending if outcomes.get(task) == "received"}
        if held:
            return cut_at, held
        host.heal()
        time.sleep(1)
    raise AssertionError(f"every task {host.name} held finished before its link went down, {attempts} times")


def test_partition_of_a_worker_host_mid_task(cluster, prefix, report_figures):
    """worker1's host is cut off from everything (Redis, Postgres) while it holds a bot's turn
    (its log shows the task received, and no end a second later): the other worker plays on (the
    sweeper re-sends a turn that waits), and when the host comes back its task has no second
    effect (every log has one move per turn, every game ends)."""

    def partition(load):
        host = cluster.hosts["worker1"]
        cut_at, held = cut_mid_task(host)
        time.sleep(15)
        moved_while_cut = len(load.worker_moves(cut_at))
        host.heal()
        healed = time.time()

        def settled():
            outcomes = task_outcomes(host.log("worker"))
            return all(outcomes.get(task) != "received" for task in held)

        try:
            wait_until(settled, 30, "the held tasks' outcome in worker1's log", interval=0.5)
        except RuntimeError:
            pass  # reported as "received": its message waits in Redis for its visibility timeout
        outcomes = task_outcomes(host.log("worker"))
        return {
            "tasks_held_when_cut": len(held),
            "worker_moves_while_cut": moved_while_cut,
            # played: its commit had reached Postgres before the cut (the answer came after the heal);
            # stale: another worker had played the turn in the meantime.
            "held_tasks_after_heal": ";".join(sorted(outcomes.get(task, "?") for task in held)),
            "recovered_at": healed,
        }

    figures = under_load(
        cluster, prefix, report_figures, "worker1's host partitioned for 15 s mid-task", partition, bot_games=3
    )
    assert figures["tasks_held_when_cut"] >= 1
    assert figures["worker_moves_while_cut"] > 0, "no other worker played while worker1 was cut off"
    assert figures["lost_moves"] == 0


def test_pgbouncer_in_transaction_mode_between_the_api_and_postgres(cluster, prefix, report_figures):
    """Every API host, restarted drained, reaches Postgres through PgBouncer in transaction mode
    (deploy/pgbouncer.ini) with prepared statements off, and LISTENs on Postgres directly
    (HANABI_LISTEN_DATABASE_URL): games are played with no failed request, and long polls are
    woken by moves (no turn late)."""
    cluster.start_bouncer()
    through_bouncer = {
        "DATABASE_URL": cluster.bouncer_url,
        "HANABI_LISTEN_DATABASE_URL": cluster.database_url,
        "HANABI_DB_PREPARED_STATEMENTS": "off",
    }

    def switch(load):
        for name in cluster.api_names:
            cluster.restart_api_drained(name, **through_bouncer)
        time.sleep(20)
        api_addresses = {cluster.hosts[name].address for name in cluster.api_names}
        with psycopg.connect(cluster.primary.url("hanabi"), autocommit=True) as conn:
            rows = conn.execute(
                "SELECT host(client_addr), application_name FROM pg_stat_activity WHERE datname = 'hanabi'"
            ).fetchall()
        direct = {(address, name) for address, name in rows if address in api_addresses}
        assert {name for _, name in direct} <= {"hanabi-token-listener", "hanabi-listener"}, direct
        assert {address for address, _ in direct} == api_addresses, "an API host does not LISTEN directly"
        bouncer = sum(address == cluster.hosts["bouncer"].address for address, _ in rows)
        assert bouncer > 0
        return {"server_connections_of_pgbouncer": bouncer, "direct_listener_connections": len(direct)}

    figures = under_load(cluster, prefix, report_figures, "PgBouncer (transaction mode) under the API hosts", switch)
    assert figures["failed_requests"] == 0
    assert figures["lost_moves"] == 0
    assert figures["late_turns"] == 0
