"""The short path of empty "my turn" polls (api.waiting_turns): a poll the process knows all about
is answered before Flask with what the full path answers (body, headers, rate-limit counts,
access line, metrics), the access line at most once per interval per connection, and everything
else, a woken poll included, takes the full path."""

import dataclasses
import socket
import time

import pytest
from hanabi.api.context import POOL_EXTENSION
from hanabi.api.instrumentation import EmptyPollLines
from hanabi.api.notifications import MAX_WAIT_SECONDS, turn_key
from hanabi.api.waiting_turns import waited_unread
from hanabi.config import load_settings
from hanabi.runtime import metrics
from hanabi.runtime.composition import api_app

from tests.logcapture import json_log_lines

from .conftest import Player, action_body, assert_problem
from .test_long_poll import in_background, until_waiting

TURN = "/v1/me/turn"
THREE_READS = "3 per day"
"""A read limit whose window (aligned to multiples of its period) does not close during a test."""


class FullPathCalls:
    """The polls of "my turn" that reached the app behind the short path (their query strings)."""

    def __init__(self, app):
        self.queries: list[str] = []
        short_path = app.wsgi_app
        full_path = short_path.wsgi_app

        def counted(environ, start_response):
            if environ["PATH_INFO"] == TURN:
                self.queries.append(environ.get("QUERY_STRING", ""))
            return full_path(environ, start_response)

        short_path.wsgi_app = counted

    def __len__(self) -> int:
        return len(self.queries)


def app_with(database_url, **changes):
    """The API on a database of its own, its listeners started (by a first poll)."""
    settings = dataclasses.replace(
        load_settings(), database_url=database_url, pool_min_size=1, pool_max_size=4, **changes
    )
    app = api_app(settings, with_worker=False)
    assert player(app).get(f"{TURN}?wait=1").status_code == 200
    return app


@pytest.fixture(scope="module")
def turns_app(create_database):
    app = app_with(create_database(migrated=True))
    yield app
    app.extensions[POOL_EXTENSION].close()


@pytest.fixture
def full_path(turns_app):
    return FullPathCalls(turns_app)


def player(app, kind: str = "bot", **body) -> Player:
    name = f"turns-{time.monotonic_ns() % 10**12}"
    response = app.test_client().post("/v1/accounts", json={"name": name, "kind": kind, **body})
    assert response.status_code == 201, response.json
    return Player(app, name, response.json["token"], response.json["id"])


def answer(response) -> tuple:
    headers = {name: value for name, value in response.headers.items() if name != "X-Request-Id"}
    return response.status_code, response.get_data(), headers


def requests_counted(operation: str, status: int) -> float:
    return metrics.HTTP_REQUESTS.labels(operation, status)._value.get()


def test_an_empty_poll_is_answered_before_flask_as_flask_answers_it(turns_app, full_path):
    bot = player(turns_app)
    counted_before = requests_counted("list_my_turn", 200)
    with json_log_lines() as lines:
        short = bot.get(f"{TURN}?wait=1", headers={"X-Request-Id": "my-poll-1"})
        assert len(full_path) == 0, "a new bot's first poll took the full path"
        full = bot.get(f"{TURN}?wait=1&limit=50")
        assert full_path.queries == ["wait=1&limit=50"]
    assert answer(short) == answer(full)
    assert full.json == {"items": [], "next_cursor": None}
    assert short.headers["X-Request-Id"] == "my-poll-1"
    assert full.headers["X-Request-Id"] != "my-poll-1"
    access = [line for line in lines() if line.get("logger") == "hanabi.access"]
    assert [(line["operation"], line["status"], line["account_id"], line["path"]) for line in access] == [
        ("list_my_turn", 200, bot.id, TURN)
    ] * 2
    assert access[0]["request_id"] == "my-poll-1"
    assert requests_counted("list_my_turn", 200) == counted_before + 2


def test_a_poll_waiting_on_the_short_path_answers_with_the_game_as_soon_as_it_is_mine(turns_app, full_path):
    alice, bob = player(turns_app), player(turns_app)
    game_id = alice.post("/v1/games", json={"options": {"players": 2}, "seed": "short path"}).json["id"]
    assert alice.post(f"/v1/games/{game_id}/join").status_code == 200
    assert bob.post(f"/v1/games/{game_id}/join").status_code == 200
    view = alice.view(game_id)
    if view["current_seat"] != 0:
        pytest.skip("the deal put bob first")
    assert bob.get(f"{TURN}?wait=1").json["items"] == [], "nothing is bob's yet"
    calls = len(full_path)
    waiting = in_background(lambda: bob.get(f"{TURN}?wait=30"))
    until_waiting(turns_app, turn_key(bob.id))
    acted_at = time.monotonic()
    assert alice.act(game_id, **action_body(view["legal_actions"][0])).status_code == 200
    response, answered_at = waiting()
    assert [game["id"] for game in response.json["items"]] == [game_id]
    assert answered_at - acted_at < 2
    assert full_path.queries[calls:].count("wait=30") == 1, "the woken poll is answered by the full path"


def test_a_revoked_token_is_refused_though_its_account_had_nothing(turns_app, full_path):
    bot = player(turns_app)
    other = bot.post("/v1/tokens", json={"scopes": ["read"]}).json["token"]
    holder = Player(turns_app, bot.name, other, bot.id)
    assert holder.get(f"{TURN}?wait=1").json["items"] == []
    assert holder.delete("/v1/tokens/current").status_code == 204
    assert_problem(holder.get(f"{TURN}?wait=1"), 401, "unauthorized")
    assert bot.get(f"{TURN}?wait=1").status_code == 200


def test_tokens_the_full_path_refuses_are_refused(turns_app, full_path):
    bot = player(turns_app)
    assert bot.get(f"{TURN}?wait=1").status_code == 200
    assert_problem(Player(turns_app, bot.name, "no-such-token", bot.id).get(f"{TURN}?wait=1"), 401, "unauthorized")
    play_only = Player(turns_app, bot.name, bot.post("/v1/tokens", json={"scopes": ["play"]}).json["token"], bot.id)
    assert_problem(play_only.get(f"{TURN}?wait=1"), 403, "insufficient_scope")
    game_id = bot.post("/v1/games", json={"options": {"players": 2}}).json["id"]
    assert bot.post(f"/v1/games/{game_id}/join").status_code == 200
    made = bot.post(f"/v1/games/{game_id}/watch-links")
    assert made.status_code == 201, made.json
    link = Player(turns_app, bot.name, made.json["token"], bot.id)
    assert_problem(link.get(f"{TURN}?wait=1"), 403, "token_limited_to_game")


@pytest.mark.parametrize(
    ("query", "status"),
    [("wait=1&limit=5", 200), ("limit=5&wait=1", 200), ("wait=01", 200), ("wait=61", 422), ("wait=+1", 422),
     ("wait=1&wait=2", 200), ("wait=1&color=red", 422)],
)  # fmt: skip
def test_other_queries_take_the_full_path(turns_app, full_path, query, status):
    bot = player(turns_app)
    assert bot.get("/v1/accounts/me").status_code == 200, "the token is known to the process"
    response = bot.get(f"{TURN}?{query}")
    assert response.status_code == status, response.json
    assert len(full_path) == (query != "wait=01")


def test_short_path_polls_count_against_the_account_as_the_full_path_counts_them(create_database):
    app = app_with(create_database(migrated=True), rate_limit_reads=THREE_READS)
    try:
        full_path = FullPathCalls(app)
        bot = player(app)
        within_limit = [in_background(lambda: bot.get(f"{TURN}?wait=1")) for _ in range(3)]
        assert [waited()[0].status_code for waited in within_limit] == [200, 200, 200]
        assert bot.get(f"{TURN}?wait=1").status_code == 429
        assert len(full_path) == 1, "the refused poll takes the full path, the others the short one"
        second_token = bot.post("/v1/tokens", json={"scopes": ["read"]})
        assert second_token.status_code == 201, "the account's writes have their own budget"
        other = Player(app, bot.name, second_token.json["token"], bot.id)
        assert_problem(other.get(f"{TURN}?wait=1"), 429, "rate_limited")
    finally:
        app.extensions[POOL_EXTENSION].close()


def test_unknown_tokens_are_counted_once_per_request_before_the_database_is_read(create_database):
    app = app_with(create_database(migrated=True), rate_limit_reads=THREE_READS)
    try:
        stranger = Player(app, "stranger", "not-a-token", 0)
        statuses = [stranger.get(f"{TURN}?wait=1").status_code for _ in range(4)]
        assert statuses == [401, 401, 401, 429]
    finally:
        app.extensions[POOL_EXTENSION].close()


def test_a_wait_counts_from_when_the_requests_bytes_arrived():
    """The kernel's TCP_INFO says how long the request's bytes have waited unread: a process
    that falls behind shortens the wait by that much (waiting_turns.waited_unread)."""
    with socket.create_server(("127.0.0.1", 0)) as listening:
        client = socket.create_connection(listening.getsockname())
        accepted, _ = listening.accept()
        with client, accepted:
            client.sendall(b"GET /v1/me/turn?wait=5 HTTP/1.1\r\n\r\n")
            time.sleep(0.5)  # the bytes wait unread this long
            unread = waited_unread({"gunicorn.socket": accepted})
    assert 0.4 <= unread <= MAX_WAIT_SECONDS
    assert waited_unread({}) == 0.0


def test_the_first_poll_of_a_new_process_waits_for_its_listener_and_takes_the_short_path(create_database):
    """A restarted server's first polls: the listener that follows the turns is not running yet;
    the poll starts it and waits for it rather than going to Flask."""
    database_url = create_database(migrated=True)
    settings = dataclasses.replace(load_settings(), database_url=database_url, pool_min_size=1, pool_max_size=4)
    app = api_app(settings, with_worker=False)
    try:
        full_path = FullPathCalls(app)
        bot = player(app)
        response = bot.get(f"{TURN}?wait=1")
        assert response.status_code == 200 and response.json["items"] == []
        assert len(full_path) == 0, "the first poll took the full path"
    finally:
        app.extensions[POOL_EXTENSION].close()


class Connection:
    """Stands for a connection in the environ (`gunicorn.socket`): the short path reads no
    TCP_INFO from it and remembers it weakly."""


def test_a_connections_empty_polls_get_one_access_line_per_interval_and_every_one_is_counted(create_database):
    app = app_with(create_database(migrated=True), empty_poll_log_seconds=3600.0)
    bot, connection, other = player(app), Connection(), Connection()
    counted_before = requests_counted("list_my_turn", 200)
    with json_log_lines() as lines:
        for on in (connection, connection, connection, other):
            poll = bot.get(f"{TURN}?wait=1", environ_overrides={"gunicorn.socket": on})
            assert (poll.status_code, poll.json) == (200, {"items": [], "next_cursor": None})
    access = [line for line in lines() if line.get("logger") == "hanabi.access"]
    assert [(line["operation"], line["account_id"], line["empty_polls"]) for line in access] == [
        ("list_my_turn", bot.id, 1),
        ("list_my_turn", bot.id, 1),
    ]
    assert requests_counted("list_my_turn", 200) == counted_before + 4
    app.extensions[POOL_EXTENSION].close()


def test_an_access_line_for_empty_polls_counts_those_of_its_connection_since_the_last_line():
    now = [0.0]
    lines = EmptyPollLines(60.0, clock=lambda: now[0])
    connection, other = Connection(), Connection()
    written = []
    for moment, on, account in [
        (0, connection, 7),
        (1, connection, 7),
        (2, other, 7),
        (59, connection, 7),
        (60, connection, 7),
        (61, connection, 7),
        (62, connection, 8),
        (63, connection, 8),
    ]:
        now[0] = moment
        written.append(lines.polls_to_log(on, account))
    assert written == [1, 0, 1, 0, 3, 0, 1, 0]
    assert lines.polls_to_log(None, 7) == 1
    del connection, other, on
    assert len(lines.of_connection) == 0
    every = EmptyPollLines(0.0)
    assert [every.polls_to_log(Connection(), 7) for _ in range(3)] == [1, 1, 1]
