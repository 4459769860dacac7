"""Rate limits: per token and endpoint, per client address for account creation; 429
`rate_limited` with Retry-After once over; counts shared between app instances through Redis.

Each test builds its own app on the test database with low limits (the session app keeps the
generous defaults, which the rest of the suite never reaches)."""

import time
import uuid
from pathlib import Path

import pytest
import redis
from hanabi.api import create_app
from hanabi.api.context import POOL_EXTENSION
from hanabi.api.openapi import openapi_spec
from hanabi.config import Settings, load_settings

from .conftest import Player, assert_problem

REDIS_URL = "redis://127.0.0.1:6379/15"
"""A Redis database of this file's own, emptied by the test that counts in it."""


@pytest.fixture
def limited(app):
    """An app with the limits given, on the test database."""

    def make(**environ):
        return create_app(load_settings(environ), pool=app.extensions[POOL_EXTENSION])

    return make


def player_on(app, player: Player) -> Player:
    return Player(app, player.name, player.token, player.id)


def assert_rate_limited(response) -> int:
    body = assert_problem(response, 429, "rate_limited")
    assert any(f"per {counted}" in body["detail"] for counted in ("token", "account", "client address"))
    assert body["request_id"] == response.headers["X-Request-Id"]
    retry_after = int(response.headers["Retry-After"])
    assert retry_after >= 1
    return retry_after


def test_a_token_over_its_limit_gets_429_with_retry_after_and_others_do_not(limited, new_player):
    app = limited(HANABI_RATE_LIMIT_READS="3 per minute")
    alice, bob = player_on(app, new_player()), player_on(app, new_player())
    for _ in range(3):
        assert alice.get("/v1/accounts/me").status_code == 200
    over = alice.get("/v1/accounts/me")
    assert 1 <= assert_rate_limited(over) <= 60
    assert "3 per 1 minute" in over.json["detail"]
    assert bob.get("/v1/accounts/me").status_code == 200, "another token has a count of its own"
    assert alice.get("/v1/me/games").status_code == 200, "another endpoint has a count of its own"


def test_reads_and_writes_have_their_own_limits(limited, new_player):
    app = limited(HANABI_RATE_LIMIT_READS="100 per minute", HANABI_RATE_LIMIT_WRITES="2 per minute")
    player = player_on(app, new_player())
    for _ in range(2):
        assert player.post("/v1/games", json={"options": {"players": 2}}).status_code == 201
    assert_rate_limited(player.post("/v1/games", json={"options": {"players": 2}}))
    assert player.get("/v1/games").status_code == 200


def test_a_bot_that_spent_its_view_reads_can_still_long_poll_and_act(limited, new_player):
    app = limited(HANABI_RATE_LIMIT_READS="2 per minute", HANABI_RATE_LIMIT_WRITES="2 per minute")
    seated = [player_on(app, new_player()) for _ in range(2)]
    game_id = seated[0].post("/v1/games", json={"options": {"players": 2}, "seed": "limits"}).json["id"]
    for player in seated:
        assert player.post(f"/v1/games/{game_id}/join").status_code == 200
    first = seated[0]
    legal = first.get(f"/v1/games/{game_id}/view").json["legal_actions"]
    assert first.get(f"/v1/games/{game_id}/view").status_code == 200
    assert_rate_limited(first.get(f"/v1/games/{game_id}/view"))
    assert first.get(f"/v1/games/{game_id}/events?after=0&wait=1").status_code == 200
    clue = next(action for action in legal if action["kind"] == "rank_clue")
    acted = first.post(f"/v1/games/{game_id}/actions", json={k: v for k, v in clue.items() if k != "seat"})
    assert acted.status_code == 200, acted.json


def test_the_count_starts_again_after_retry_after(limited, new_player):
    app = limited(HANABI_RATE_LIMIT_READS="2 per 1 second")
    player = player_on(app, new_player())
    for _ in range(2):
        while (response := player.get("/v1/accounts/me")).status_code == 200:
            pass
        time.sleep(assert_rate_limited(response))  # the wait the client is told to make
        assert player.get("/v1/accounts/me").status_code == 200


def test_account_creation_is_limited_per_client_address(limited):
    app = limited(HANABI_RATE_LIMIT_ACCOUNTS="2 per minute")

    def create(address: str, **headers):
        body = {"name": f"limited-{uuid.uuid4().hex[:10]}", "kind": "bot"}
        return app.test_client().post("/v1/accounts", json=body, headers=headers, environ_base={"REMOTE_ADDR": address})

    assert [create("10.1.0.1").status_code for _ in range(2)] == [201, 201]
    over = create("10.1.0.1")
    assert_rate_limited(over)
    assert "per client address" in over.json["detail"]
    assert create("10.1.0.2").status_code == 201
    assert create("10.1.0.1", **{"X-Forwarded-For": "10.9.9.9"}).status_code == 429, "no proxy is trusted by default"


def test_behind_a_trusted_proxy_the_forwarded_address_counts(limited):
    app = limited(HANABI_RATE_LIMIT_ACCOUNTS="1 per minute", HANABI_TRUSTED_PROXIES="1")

    def create(forwarded_for: str):
        body = {"name": f"proxied-{uuid.uuid4().hex[:10]}", "kind": "bot"}
        headers = {"X-Forwarded-For": forwarded_for}
        return app.test_client().post(
            "/v1/accounts", json=body, headers=headers, environ_base={"REMOTE_ADDR": "10.2.0.1"}
        )

    assert create("192.0.2.1").status_code == 201
    assert create("192.0.2.1").status_code == 429
    assert create("192.0.2.2").status_code == 201


def test_health_readiness_openapi_and_metrics_are_never_limited(limited):
    app = limited(HANABI_RATE_LIMIT_READS="1 per minute", HANABI_RATE_LIMIT_ACCOUNTS="1 per minute")
    client = app.test_client()
    for path in ("/v1/health", "/v1/ready", "/v1/openapi.json", "/metrics"):
        assert [client.get(path).status_code for _ in range(4)] == [200] * 4, path


def test_limits_can_be_turned_off(limited, new_player):
    app = limited(HANABI_RATE_LIMITS="off", HANABI_RATE_LIMIT_READS="1 per minute")
    player = player_on(app, new_player())
    assert [player.get("/v1/accounts/me").status_code for _ in range(5)] == [200] * 5


def require_redis() -> None:
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=0.5).ping()
    except redis.RedisError as error:
        pytest.skip(f"no Redis at {REDIS_URL}: {error}")


def test_two_app_instances_share_the_counts_in_redis(limited, new_player):
    require_redis()
    client = redis.Redis.from_url(REDIS_URL)
    client.flushdb()  # the database is this test's: counts of a run in the same minute would add to these
    apps = [limited(HANABI_RATE_LIMIT_READS="3 per minute", HANABI_RATE_LIMIT_STORAGE=REDIS_URL) for _ in range(2)]
    player = new_player()
    on_first, on_second = player_on(apps[0], player), player_on(apps[1], player)
    assert on_first.get("/v1/accounts/me").status_code == 200
    assert on_second.get("/v1/accounts/me").status_code == 200
    assert on_first.get("/v1/accounts/me").status_code == 200
    assert_rate_limited(on_second.get("/v1/accounts/me"))
    assert_rate_limited(on_first.get("/v1/accounts/me"))
    keys = [key.decode() for key in client.scan_iter("LIMITS:*hanabi*")]
    assert keys and not any(player.token in key for key in keys), "keys name a hash of the token, never the token"


def test_without_redis_each_process_counts_alone_and_answers_at_once(limited, new_player):
    app = limited(HANABI_RATE_LIMIT_READS="2 per minute", HANABI_RATE_LIMIT_STORAGE="redis://127.0.0.1:9/0")
    player = player_on(app, new_player())
    started = time.monotonic()
    statuses = [player.get("/v1/accounts/me").status_code for _ in range(3)]
    assert statuses == [200, 200, 429]
    assert time.monotonic() - started < 2, "a Redis that does not answer is not asked again for each request"


GUESSING_LIMITED = ("sign_in", "request_password_reset")
"""Public operations limited by their own counts in Postgres (docs/security.md), not by these limits."""


def test_every_limited_operation_documents_its_429_and_its_limit():
    spec = openapi_spec()
    documented = 0
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            if method == "parameters":
                continue
            public = operation.get("security") == []
            if public and operation["operationId"] != "create_account":
                assert "x-rate-limit" not in operation, operation["operationId"]
                if operation["operationId"] not in GUESSING_LIMITED:
                    assert "429" not in operation["responses"], operation["operationId"]
                continue
            expected = (
                Settings.rate_limit_accounts
                if operation["operationId"] == "create_account"
                else Settings.rate_limit_reads
                if method == "get"
                else Settings.rate_limit_writes
            )
            response = operation["responses"]["429"]
            assert expected in response["description"], (path, method)
            assert "Retry-After" in response["headers"]
            assert response["content"]["application/problem+json"]["schema"] == {"$ref": "#/components/schemas/Problem"}
            assert operation["x-rate-limit"]["limit"] == expected
            documented += 1
    assert documented >= 20


def test_the_api_guide_gives_every_limited_operation_its_limit():
    guide = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text()
    section = guide[guide.index("## Rate limits") : guide.index("## Idempotency-Key")]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    for operations in openapi_spec()["paths"].values():
        for method, operation in operations.items():
            if method == "parameters" or "x-rate-limit" not in operation:
                continue
            limit = operation["x-rate-limit"]
            (row,) = [row for row in rows if f"`{operation['operationId']}`" in row]
            assert limit["setting"] in row and limit["limit"] in row, row
