"""Long polling (`?wait=SECONDS`) of the event log and of "my turn": a waiting request answers as
soon as a commit brings something new, in this process or another, and never misses an event."""

import os
import signal
import subprocess
import sys
import threading
import time

import httpx
import psycopg
import pytest
from hanabi.api.context import LISTEN_CONNINFO_EXTENSION, POOL_EXTENSION
from hanabi.api.notifications import APPLICATION_NAME, game_key, listener_for, turn_key
from hanabi_client import AuthenticatedClient
from hanabi_client.api.games import join_game
from hanabi_client.api.me import list_my_turn
from hanabi_client.models import JoinRequest

from tests.sdk.conftest import free_port, wait_until_ready
from tests.waiting import until

from .conftest import action_body, assert_problem

WAKE_LIMIT = 0.5
"""Seconds from an action's response to the waiting request's answer (measured: a few ms)."""


def in_background(function):
    """Start `function` in a thread; the returned callable joins it and gives its result with
    the monotonic time at which it returned."""
    outcome = {}

    def run():
        outcome["result"] = function()
        outcome["at"] = time.monotonic()

    thread = threading.Thread(target=run)
    thread.start()

    def result():
        thread.join(70)
        assert not thread.is_alive(), "the waiting request did not return"
        return outcome["result"], outcome["at"]

    return result


def until_waiting(app, key: tuple, count: int = 1, timeout: float = 10) -> None:
    """Until `count` requests of this process wait on `key` (`game_key`, `turn_key`)."""
    listener = listener_for(app.extensions[LISTEN_CONNINFO_EXTENSION])
    until(lambda: listener.watching(key) >= count, timeout, f"{count} requests did not start waiting on {key}", 0.005)


def play_any(player, game_id):
    response = player.act(game_id, **action_body(player.view(game_id)["legal_actions"][0]))
    assert response.status_code == 200, response.json
    return response.json["version"]


def test_a_waiting_read_of_the_log_answers_as_soon_as_another_player_acts(app, started_game):
    game_id, (alice, bob) = started_game(seed="wake on action")
    version = bob.view(game_id)["version"]
    waiting = in_background(lambda: bob.get(f"/v1/games/{game_id}/events?after={version}&wait=30"))
    until_waiting(app, game_key(game_id))

    new_version = play_any(alice, game_id)
    acted = time.monotonic()
    response, answered = waiting()

    assert response.status_code == 200
    assert [event["seq"] for event in response.json["events"]] == [new_version] == [version + 1]
    assert response.json["last_seq"] == new_version
    assert answered - acted < WAKE_LIMIT


def test_a_waiting_read_answers_at_once_when_there_is_news_already(started_game):
    game_id, (_, bob) = started_game(seed="news already")
    started = time.monotonic()
    response = bob.get(f"/v1/games/{game_id}/events?after=1&wait=30")
    assert time.monotonic() - started < WAKE_LIMIT
    assert [event["seq"] for event in response.json["events"]] == [2, 3]


def test_a_wait_with_nothing_new_ends_empty_in_the_last_half_of_the_given_seconds(started_game):
    game_id, (_, bob) = started_game(seed="timeout")
    version = bob.view(game_id)["version"]
    started = time.monotonic()
    response = bob.get(f"/v1/games/{game_id}/events?after={version}&wait=1")
    elapsed = time.monotonic() - started
    assert response.status_code == 200
    assert response.json == {"events": [], "last_seq": version, "has_more": False}
    assert 0.5 <= elapsed < 1.0 + WAKE_LIMIT

    started = time.monotonic()
    turn = bob.get("/v1/me/turn?wait=1")
    elapsed = time.monotonic() - started
    assert turn.status_code == 200 and turn.json == {"items": [], "next_cursor": None}
    assert 0.5 <= elapsed < 1.0 + WAKE_LIMIT


def test_my_turn_answers_as_soon_as_it_becomes_my_turn(app, started_game):
    game_id, (alice, bob) = started_game(seed="my turn")
    started = time.monotonic()
    assert [game["id"] for game in alice.get("/v1/me/turn?wait=30").json["items"]] == [game_id]
    assert time.monotonic() - started < WAKE_LIMIT

    waiting = in_background(lambda: bob.get("/v1/me/turn?wait=30"))
    until_waiting(app, turn_key(bob.id))
    version = play_any(alice, game_id)
    acted = time.monotonic()
    response, answered = waiting()

    assert response.status_code == 200
    [game] = response.json["items"]
    assert (game["id"], game["version"], game["current_seat"]) == (game_id, version, 1)
    assert answered - acted < WAKE_LIMIT


def test_my_turn_wakes_when_the_game_i_sit_in_starts_on_my_seat(app, new_player):
    alice, bob = new_player(), new_player()
    game_id = alice.post("/v1/games", json={"options": {"players": 2}}).json["id"]
    alice.post(f"/v1/games/{game_id}/join")
    waiting = in_background(lambda: alice.get("/v1/me/turn?wait=30"))
    until_waiting(app, turn_key(alice.id))
    assert bob.post(f"/v1/games/{game_id}/join").json["status"] == "running"
    joined = time.monotonic()
    response, answered = waiting()
    assert [game["id"] for game in response.json["items"]] == [game_id]
    assert answered - joined < WAKE_LIMIT


def test_a_reader_that_reconnects_from_its_last_seq_sees_every_event_once(started_game):
    """One player reads the log with short waits, each a new request from the last `last_seq`,
    while the other two play as fast as they can: no event is missed or seen twice."""
    game_id, players = started_game(players=3, seed="resume")
    reader = players[0]
    moves = 30

    def play():
        for _ in range(moves):
            view = reader.view(game_id)
            if view["is_over"]:
                break
            mover = players[view["current_seat"]]
            if mover.act(game_id, **action_body(mover.view(game_id)["legal_actions"][-1])).status_code != 200:
                break
        return reader.get(f"/v1/games/{game_id}").json["version"]

    playing = in_background(play)
    seen, after, idle = [], 0, 0
    while idle < 2:
        page = reader.get(f"/v1/games/{game_id}/events?after={after}&limit=2&wait=1").json
        seen += [event["seq"] for event in page["events"]]
        idle = 0 if page["events"] else idle + 1
        after = page["last_seq"]
    final_version, _ = playing()

    assert final_version > 3
    assert seen == list(range(1, final_version + 1))


@pytest.mark.parametrize("wait", ["-1", "61", "1.5", "5.0", "abc", "", " 5", "+5", "true", "1e1", "٣"])
def test_wait_is_whole_seconds_from_0_to_60(started_game, wait):
    game_id, (alice, _) = started_game(seed="wait values")
    for path in (f"/v1/games/{game_id}/events", "/v1/me/turn"):
        problem = assert_problem(alice.get(path, query_string={"wait": wait}), 422, "invalid_request")
        assert list(problem["errors"]) == ["wait"]
    assert alice.get(f"/v1/games/{game_id}/events", query_string={"wait": "0"}).status_code == 200


def test_a_waiting_request_holds_no_database_connection(app, started_game):
    """Waiting requests give their connection back: more of them than the pool has connections
    wait at once, and the pool still serves other requests."""
    game_id, (alice, bob) = started_game(seed="pool")
    version = bob.view(game_id)["version"]
    pool_size = app.extensions[POOL_EXTENSION].max_size
    waiting = [
        in_background(lambda: bob.get(f"/v1/games/{game_id}/events?after={version}&wait=30"))
        for _ in range(pool_size + 4)
    ]
    until_waiting(app, game_key(game_id), count=pool_size + 4)
    play_any(alice, game_id)
    acted = time.monotonic()
    for result in waiting:
        response, answered = result()
        assert [event["seq"] for event in response.json["events"]] == [version + 1]
        assert answered - acted < 2 * WAKE_LIMIT


def test_waiting_requests_miss_nothing_while_the_listener_reconnects(app, database_url, started_game):
    """The listener's connection is killed by the database: requests that wait meanwhile still
    answer when an event is committed, and the listener connects again."""
    game_id, (alice, bob) = started_game(seed="listener lost")
    version = bob.view(game_id)["version"]
    bob.get(f"/v1/games/{game_id}/events?after={version}&wait=1")  # the listener runs

    with psycopg.connect(database_url, autocommit=True) as admin:

        def listener_pids():
            return admin.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = %s",
                (APPLICATION_NAME,),
            ).fetchall()

        killed = listener_pids()
        assert len(killed) == 1
        waiting = in_background(lambda: bob.get(f"/v1/games/{game_id}/events?after={version}&wait=30"))
        until_waiting(app, game_key(game_id))
        for (pid,) in killed:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        play_any(alice, game_id)
        acted = time.monotonic()
        response, answered = waiting()
        assert [event["seq"] for event in response.json["events"]] == [version + 1]
        assert answered - acted < 2.0

        until(lambda: listener_pids() not in ([], killed), 10, "no new listener connected", 0.1)


# ---- two real servers -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def two_servers_database(create_database) -> str:
    """The database of `two_servers`."""
    return create_database()


@pytest.fixture(scope="module")
def two_servers(two_servers_database, tmp_path_factory):
    """Two `hanabi serve` processes on one fresh database: their base URLs."""
    url = two_servers_database
    servers = []
    try:
        for name in ("a", "b"):
            folder = tmp_path_factory.mktemp(f"serve-{name}")
            port = free_port()
            env = {**os.environ, "DATABASE_URL": url, "HANABI_DATA_DIR": str(folder / "data")}
            log_path = folder / "serve.log"
            with open(log_path, "w") as log:
                process = subprocess.Popen(
                    [sys.executable, "-m", "hanabi.runtime.cli", "serve", "--port", str(port), "--workers", "1"],
                    env=env,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            servers.append((process, f"http://127.0.0.1:{port}", log_path))
        for process, base_url, log_path in servers:
            wait_until_ready(base_url, process, log_path)
        yield [base_url for _, base_url, _ in servers]
    finally:
        for process, _, _ in servers:
            process.send_signal(signal.SIGTERM)
        for process, _, _ in servers:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def http_account(base_url: str, name: str) -> httpx.Client:
    created = httpx.post(f"{base_url}/v1/accounts", json={"name": name, "kind": "bot"})
    assert created.status_code == 201, created.text
    return httpx.Client(
        base_url=f"{base_url}/v1", headers={"Authorization": f"Bearer {created.json()['token']}"}, timeout=70
    )


def test_an_action_through_one_server_wakes_a_request_waiting_on_another(two_servers):
    server_a, server_b = two_servers
    suffix = os.urandom(4).hex()
    alice, bob = http_account(server_a, f"alice-{suffix}"), http_account(server_b, f"bob-{suffix}")
    with alice, bob:
        game_id = alice.post("/games", json={"options": {"players": 2}, "seed": "two servers"}).json()["id"]
        alice.post(f"/games/{game_id}/join")
        version = bob.post(f"/games/{game_id}/join").json()["version"]

        turn = in_background(lambda: bob.get("/me/turn", params={"wait": 30}))
        log = in_background(lambda: bob.get(f"/games/{game_id}/events", params={"after": version, "wait": 30}))
        time.sleep(0.5)  # for both requests to reach server B and wait there: its process shows no sign of it
        action = action_body(alice.get(f"/games/{game_id}/view").json()["legal_actions"][0])
        acted_version = alice.post(f"/games/{game_id}/actions", json=action).json()["version"]
        acted = time.monotonic()

        (events, logged), (games, turned) = log(), turn()
        assert [event["seq"] for event in events.json()["events"]] == [acted_version]
        assert [game["id"] for game in games.json()["items"]] == [game_id]
        assert logged - acted < WAKE_LIMIT and turned - acted < WAKE_LIMIT


def test_a_client_cut_off_while_waiting_resumes_from_its_last_seq(two_servers):
    """A reader whose connection drops in the middle of a wait (its HTTP timeout is shorter than
    the wait) reconnects, to the other server, from its last_seq: nothing is lost."""
    server_a, server_b = two_servers
    suffix = os.urandom(4).hex()
    alice, bob = http_account(server_a, f"alice-{suffix}"), http_account(server_a, f"bob-{suffix}")
    with alice, bob:
        game_id = alice.post("/games", json={"options": {"players": 2}, "seed": "cut off"}).json()["id"]
        alice.post(f"/games/{game_id}/join")
        after = bob.post(f"/games/{game_id}/join").json()["version"]
        with pytest.raises(httpx.ReadTimeout):
            bob.get(f"/games/{game_id}/events", params={"after": after, "wait": 30}, timeout=0.5)
        action = action_body(alice.get(f"/games/{game_id}/view").json()["legal_actions"][0])
        acted_version = alice.post(f"/games/{game_id}/actions", json=action).json()["version"]
        with httpx.Client(base_url=f"{server_b}/v1", headers=bob.headers, timeout=70) as resumed:
            page = resumed.get(f"/games/{game_id}/events", params={"after": after, "wait": 30}).json()
        assert [event["seq"] for event in page["events"]] == [acted_version]


def test_the_sdk_waits_for_my_turn_with_a_read_timeout_longer_than_the_wait(two_servers):
    server_a, server_b = two_servers
    suffix = os.urandom(4).hex()
    alice = http_account(server_a, f"alice-{suffix}")
    bob_token = httpx.post(f"{server_b}/v1/accounts", json={"name": f"bob-{suffix}", "kind": "bot"}).json()["token"]
    with alice, AuthenticatedClient(server_b, token=bob_token, timeout=httpx.Timeout(70)) as bob:
        game_id = alice.post("/games", json={"options": {"players": 2}, "seed": "sdk wait"}).json()["id"]
        alice.post(f"/games/{game_id}/join")
        assert join_game.sync(game_id, client=bob, body=JoinRequest()).status == "running"
        waiting = in_background(lambda: list_my_turn.sync(client=bob, wait=30))
        time.sleep(1)  # for the request to reach server B and wait there: its process shows no sign of it
        action = action_body(alice.get(f"/games/{game_id}/view").json()["legal_actions"][0])
        assert alice.post(f"/games/{game_id}/actions", json=action).status_code == 200
        acted = time.monotonic()
        page, answered = waiting()
        assert [game.id for game in page.items] == [game_id]
        assert answered - acted < WAKE_LIMIT


def test_waits_that_begin_together_end_at_different_moments(two_servers):
    """Clients that all reconnect at once (a restarted server) do not all come back at once:
    each empty wait ends at its own moment of its last half."""
    server_a, _ = two_servers
    suffix = os.urandom(4).hex()
    bots = [http_account(server_a, f"jitter-{suffix}-{n}") for n in range(8)]
    try:
        bots[0].get("/me/turn", params={"wait": 1})  # the listener runs
        started = time.monotonic()
        waiting = [in_background(lambda bot=bot: bot.get("/me/turn", params={"wait": 2})) for bot in bots]
        answers = [result() for result in waiting]
    finally:
        for bot in bots:
            bot.close()
    assert all(response.json() == {"items": [], "next_cursor": None} for response, _ in answers)
    ends = sorted(answered - started for _, answered in answers)
    assert ends[0] >= 1.0
    assert ends[-1] - ends[0] > 0.05


def test_my_turn_after_an_empty_wait_answers_with_the_game_that_became_mine(two_servers):
    """An empty wait answers without reading the database again: a turn that comes between two
    waits is found by the next one at once, and one that comes during a wait ends it with the
    game, whichever server the move went to."""
    server_a, server_b = two_servers
    suffix = os.urandom(4).hex()
    alice, bob = http_account(server_a, f"alice-{suffix}"), http_account(server_b, f"bob-{suffix}")
    with alice, bob:
        game_id = alice.post("/games", json={"options": {"players": 2}, "seed": "between waits"}).json()["id"]
        alice.post(f"/games/{game_id}/join")
        bob.post(f"/games/{game_id}/join")
        assert bob.get("/me/turn", params={"wait": 1}).json()["items"] == []
        version = http_play_any(alice, game_id)
        [game] = bob.get("/me/turn", params={"wait": 30}).json()["items"]
        assert (game["id"], game["version"], game["current_seat"]) == (game_id, version, 1)

        assert alice.get("/me/turn", params={"wait": 1}).json()["items"] == []
        waiting = in_background(lambda: alice.get("/me/turn", params={"wait": 30}))
        time.sleep(0.5)  # for the request to reach the server and wait there: its process shows no sign of it
        version = http_play_any(bob, game_id)
        response, _ = waiting()
        [game] = response.json()["items"]
        assert (game["id"], game["version"], game["current_seat"]) == (game_id, version, 0)


def http_play_any(player: httpx.Client, game_id: int) -> int:
    action = action_body(player.get(f"/games/{game_id}/view").json()["legal_actions"][0])
    response = player.post(f"/games/{game_id}/actions", json=action)
    assert response.status_code == 200, response.text
    return response.json()["version"]


def test_my_turn_that_came_while_the_listeners_reconnected_is_found_by_the_next_wait(two_servers, two_servers_database):
    """A server remembers that an account had no turn only while its listener hears every
    notification: a turn committed while the listeners reconnect is found by the next wait."""
    server_a, server_b = two_servers
    suffix = os.urandom(4).hex()
    alice, bob = http_account(server_a, f"alice-{suffix}"), http_account(server_b, f"bob-{suffix}")
    with alice, bob, psycopg.connect(two_servers_database, autocommit=True) as admin:
        game_id = alice.post("/games", json={"options": {"players": 2}, "seed": "reconnect"}).json()["id"]
        alice.post(f"/games/{game_id}/join")
        bob.post(f"/games/{game_id}/join")
        assert bob.get("/me/turn", params={"wait": 1}).json()["items"] == []

        listeners = admin.execute(
            "SELECT pid FROM pg_stat_activity WHERE application_name = %s AND datname = current_database()",
            (APPLICATION_NAME,),
        ).fetchall()
        assert listeners
        for (pid,) in listeners:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        version = http_play_any(alice, game_id)

        [game] = bob.get("/me/turn", params={"wait": 30}).json()["items"]
        assert (game["id"], game["version"]) == (game_id, version)
