"""Request ids: in the X-Request-Id header, in problem bodies and in every log line written
for the request; and the JSON log line of each request (the access line)."""

import logging

import pytest
from hanabi.api import create_app
from hanabi.runtime.logs import TextFormatter
from psycopg_pool import ConnectionPool

from tests.logcapture import json_log_lines

from .conftest import assert_problem


@pytest.fixture
def log_lines():
    with json_log_lines() as lines:
        yield lines


def test_every_response_has_a_fresh_request_id(client):
    ids = [client.get("/v1/health").headers["X-Request-Id"] for _ in range(3)]
    assert len(set(ids)) == 3
    assert all(len(request_id) == 32 and int(request_id, 16) >= 0 for request_id in ids)


@pytest.mark.parametrize("supplied", ["abc-123", "trace:7f.2_X", "x" * 64])
def test_a_short_safe_client_request_id_is_kept(client, supplied):
    assert client.get("/v1/health", headers={"X-Request-Id": supplied}).headers["X-Request-Id"] == supplied


@pytest.mark.parametrize("supplied", ["x" * 65, "has space", "semi;colon", "<script>", "é"])
def test_any_other_client_request_id_is_replaced(client, supplied):
    request_id = client.get("/v1/health", headers={"X-Request-Id": supplied}).headers["X-Request-Id"]
    assert request_id != supplied and len(request_id) == 32


def test_problems_carry_the_request_id_of_their_response(client, new_player):
    player = new_player()
    response = player.get("/v1/games/999999999", headers={"X-Request-Id": "lost-game-1"})
    body = assert_problem(response, 404, "game_not_found")
    assert body["request_id"] == response.headers["X-Request-Id"] == "lost-game-1"
    unauthorized = client.get("/v1/accounts/me")
    assert assert_problem(unauthorized, 401)["request_id"] == unauthorized.headers["X-Request-Id"]
    unmatched = client.get("/v1/nowhere")
    assert assert_problem(unmatched, 404)["request_id"] == unmatched.headers["X-Request-Id"]


def test_one_json_access_line_per_request_with_its_fields(client, new_player, log_lines):
    player = new_player()
    response = player.get("/v1/accounts/me", headers={"X-Request-Id": "access-line-1"})
    anonymous = client.get("/v1/no/such/thing", headers={"X-Request-Id": "access-line-2"})
    lines = {line["request_id"]: line for line in log_lines() if line["logger"] == "hanabi.access"}
    line = lines["access-line-1"]
    assert line["level"] == "INFO"
    assert (line["method"], line["path"], line["operation"], line["status"]) == (
        "GET",
        "/v1/accounts/me",
        "get_my_account",
        200,
    )
    assert line["account_id"] == player.id == response.json["id"]
    assert isinstance(line["duration_ms"], float) and line["duration_ms"] >= 0
    assert line["message"].startswith("GET /v1/accounts/me 200 ")
    assert line["time"].endswith("+00:00")
    other = lines["access-line-2"]
    assert (other["status"], other["operation"], other["account_id"]) == (404, "unmatched", None)
    assert anonymous.status_code == 404


def test_log_lines_written_while_handling_a_request_carry_its_id(log_lines):
    pool = ConnectionPool(
        "host=127.0.0.1 port=9 dbname=none connect_timeout=1", min_size=0, max_size=1, open=False, timeout=1
    )
    pool.open(wait=False)
    try:
        client = create_app(pool=pool).test_client()
        response = client.get("/v1/accounts/me", headers={"Authorization": "Bearer hnb_x", "X-Request-Id": "db-away-1"})
        assert_problem(response, 503, "database_unavailable")
    finally:
        pool.close()
    lines = [line for line in log_lines() if line.get("request_id") == "db-away-1"]
    loggers = {line["logger"] for line in lines}
    assert "hanabi.api.errors" in loggers, lines  # the warning about the database, written mid-request
    assert "hanabi.access" in loggers


def test_the_text_format_shows_the_request_id_before_the_message():
    record = logging.LogRecord("hanabi.access", logging.INFO, __file__, 1, "GET %s 200", ("/v1/health",), None)
    record.request_id = "abc"
    line = TextFormatter().format(record)
    assert line.endswith("INFO hanabi.access [request_id=abc] GET /v1/health 200")
