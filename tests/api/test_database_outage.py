"""While the database is out of reach, requests get their 503 within about a second, not after
the pool's whole timeout; once a request reaches it again, requests wait as usual."""

import time

import psycopg
from hanabi.api import create_app
from hanabi.api.context import DatabaseHealth
from psycopg_pool import ConnectionPool

from tests.api.conftest import assert_problem
from tests.waiting import until


def away_pool(timeout: float) -> ConnectionPool:
    """A pool of a database that never answers (nothing listens on port 9)."""
    pool = ConnectionPool(
        "host=127.0.0.1 port=9 dbname=none connect_timeout=1", min_size=0, max_size=1, open=False, timeout=timeout
    )
    pool.open(wait=False)
    return pool


def timed_get(client, path: str, headers: dict):
    started = time.monotonic()
    response = client.get(path, headers=headers)
    return response, time.monotonic() - started


def test_after_a_request_found_no_connection_the_next_ones_wait_about_a_second(monkeypatch):
    """With the short wait made shorter than its second, so that the test waits little: what is
    checked is that the requests after the first wait it, not the pool's timeout."""
    monkeypatch.setattr(DatabaseHealth, "UNREACHABLE_WAIT_SECONDS", 0.25)
    pool = away_pool(timeout=2)
    headers = {"Authorization": "Bearer hnb_x"}
    try:
        client = create_app(pool=pool).test_client()
        first, first_seconds = timed_get(client, "/v1/accounts/me", headers)
        assert_problem(first, 503, "database_unavailable")
        assert first_seconds >= 1.5, "the first request waits the pool's whole timeout"
        for _ in range(3):
            response, seconds = timed_get(client, "/v1/games/1/view", headers)
            assert_problem(response, 503, "database_unavailable")
            assert int(response.headers["Retry-After"]) > 0
            assert seconds < DatabaseHealth.UNREACHABLE_WAIT_SECONDS + 1.0
        assert client.get("/v1/health").status_code == 200
    finally:
        pool.close()


def test_a_broken_connection_is_a_503_and_the_next_request_that_reaches_the_database_ends_the_short_waits(
    database_url,
):
    name = "hanabi-outage-test"
    pool = ConnectionPool(
        database_url,
        min_size=1,
        max_size=1,
        open=False,
        timeout=10,
        kwargs={"autocommit": True, "application_name": name},
    )
    pool.open(wait=True)
    try:
        app = create_app(pool=pool)
        client = app.test_client()
        token = client.post("/v1/accounts", json={"name": f"outage-{time.time_ns()}", "kind": "bot"}).json["token"]
        headers = {"Authorization": f"Bearer {token}"}
        game_id = client.post("/v1/games", json={"options": {"players": 2}}, headers=headers).json["id"]
        with psycopg.connect(database_url, autocommit=True) as admin:
            terminated = admin.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = %s", (name,)
            ).fetchone()[0]
        assert terminated == 1

        broken = client.get(f"/v1/games/{game_id}", headers=headers)
        assert_problem(broken, 503, "database_unavailable")
        health = app.extensions["hanabi_database_health"]
        assert health.wait_seconds() == DatabaseHealth.UNREACHABLE_WAIT_SECONDS

        answer = until(
            lambda: (response := client.get(f"/v1/games/{game_id}", headers=headers)).status_code != 503 and response,
            10,
            "the pool did not reconnect",
            0.2,
        )
        assert answer.status_code == 200 and answer.json["id"] == game_id
        assert health.wait_seconds() is None
    finally:
        pool.close()


def test_a_request_that_found_the_pool_busy_while_others_got_connections_is_no_outage():
    """In a crowd (thousands of clients reconnecting at once) a request may wait the pool's whole
    timeout while the connections go from request to request: that is no outage, and the next
    requests keep the pool's timeout."""
    health = DatabaseHealth()
    waited_since = time.monotonic()
    health.reached()
    health.timed_out(waited_since)
    assert health.wait_seconds() is None

    health.timed_out(time.monotonic())
    assert health.wait_seconds() == DatabaseHealth.UNREACHABLE_WAIT_SECONDS
