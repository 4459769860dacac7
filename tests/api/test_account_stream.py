"""Invitations and turns reaching an account: reserved seats in /me/games, the account's event
stream (GET /v1/me/stream, over real HTTP to `hanabi serve`) and `wake=my_turn` on /events."""

import functools
import json
import os
import queue
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import jsonschema_rs
import pytest
import yaml
from hanabi.api.openapi import OPENAPI_FILE

from .conftest import action_body


def test_a_seat_reserved_for_me_lists_the_game_among_mine_until_it_starts(new_player):
    host, guest = new_player(), new_player()
    game_id = host.post(
        "/v1/games",
        json={"options": {"players": 2}, "seats": [{"kind": "open"}, {"kind": "account", "account": guest.name}]},
    ).json["id"]

    assert [game["id"] for game in guest.get("/v1/me/games?status=lobby").json["items"]] == [game_id]
    assert [game["id"] for game in guest.get("/v1/me/games").json["items"]] == [game_id]
    assert guest.get("/v1/me/games?status=running").json["items"] == []
    seats = guest.get(f"/v1/games/{game_id}").json["seats"]
    assert seats[1]["kind"] == "reserved" and seats[1]["account"] == guest.name

    host.post(f"/v1/games/{game_id}/join")
    guest.post(f"/v1/games/{game_id}/join")
    assert [game["id"] for game in guest.get("/v1/me/games").json["items"]] == [game_id]
    assert [game["id"] for game in guest.get("/v1/me/games?status=running").json["items"]] == [game_id]


def test_a_game_i_sit_in_and_am_invited_to_elsewhere_is_listed_once(new_player):
    host, guest = new_player(), new_player()
    game_id = host.post(
        "/v1/games",
        json={
            "options": {"players": 3},
            "seats": [{"kind": "open"}, {"kind": "account", "account": guest.name}, {"kind": "open"}],
        },
    ).json["id"]
    assert guest.post(f"/v1/games/{game_id}/join", json={"seat": 2}).status_code == 200
    assert [game["id"] for game in guest.get("/v1/me/games").json["items"]] == [game_id]


@functools.cache
def account_event_schema() -> jsonschema_rs.Draft202012Validator:
    components = yaml.safe_load(OPENAPI_FILE.read_text(encoding="utf-8"))["components"]
    schema = {"$ref": "#/components/schemas/AccountEvent", "components": components}
    return jsonschema_rs.Draft202012Validator(schema, validate_formats=True)


class Stream:
    """GET /me/stream read line by line in a thread; lines (parsed, keep-alives as None) queue up."""

    def __init__(self, client: httpx.Client, **params):
        self.lines: queue.Queue = queue.Queue()
        self._client = client
        self._params = params
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self):
        try:
            with self._client.stream("GET", "/me/stream", params=self._params, timeout=httpx.Timeout(60)) as response:
                assert response.status_code == 200, response.read()
                for line in response.iter_lines():
                    if self._stop.is_set():
                        return
                    self.lines.put(json.loads(line) if line else None)
        except httpx.TransportError:
            if not self._stop.is_set():
                raise

    def next_event(self, timeout: float = 20) -> dict:
        """The next line that is not a keep-alive: an AccountEvent as openapi.yaml describes it."""
        deadline = time.monotonic() + timeout
        while True:
            line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            if line is not None:
                errors = [error.message for error in account_event_schema().iter_errors(line)]
                assert errors == [], (line, errors)
                return line

    def close(self):
        self._stop.set()


def account(base_url: str, name: str) -> tuple[httpx.Client, str]:
    created = httpx.post(f"{base_url}/v1/accounts", json={"name": name, "kind": "bot"})
    assert created.status_code == 201, created.text
    client = httpx.Client(
        base_url=f"{base_url}/v1", headers={"Authorization": f"Bearer {created.json()['token']}"}, timeout=70
    )
    return client, name


def play_first_legal(client: httpx.Client, game_id: int) -> int:
    view = client.get(f"/games/{game_id}/view").json()
    played = client.post(f"/games/{game_id}/actions", json=action_body(view["legal_actions"][0]))
    assert played.status_code == 200, played.text
    return played.json()["version"]


def test_the_stream_tells_of_invitation_start_turns_chat_and_end_and_resumes_from_an_id(live_server):
    suffix = os.urandom(4).hex()
    (host, host_name), (guest, guest_name) = (
        account(live_server, f"host-{suffix}"),
        account(live_server, f"guest-{suffix}"),
    )
    with host, guest:
        stream = Stream(guest)
        started = stream.next_event()
        assert started == {"type": "stream_started", "id": 0}
        game_id = host.post(
            "/games",
            json={"options": {"players": 2}, "seats": [{"kind": "open"}, {"kind": "account", "account": guest_name}]},
        ).json()["id"]
        invited = stream.next_event()
        assert {key: invited[key] for key in ("id", "type", "game_id", "seat", "by")} == {
            "id": 1,
            "type": "invited",
            "game_id": game_id,
            "seat": 1,
            "by": host_name,
        }
        host.post(f"/games/{game_id}/join")
        guest.post(f"/games/{game_id}/join")
        assert stream.next_event()["type"] == "game_started"
        host.post(f"/games/{game_id}/chat", json={"text": "good luck"})
        chat = stream.next_event()
        assert (chat["type"], chat["account"], chat["text"]) == ("chat", host_name, "good luck")
        version = play_first_legal(host, game_id)
        turn = stream.next_event()
        assert (turn["type"], turn["game_id"], turn["seat"], turn["version"]) == ("your_turn", game_id, 1, version)
        assert host.post(f"/games/{game_id}/resign").status_code == 200
        over = stream.next_event()
        assert over["type"] == "game_over" and over["game_id"] == game_id
        stream.close()

        resumed = Stream(guest, after=invited["id"])
        assert resumed.next_event() == {"type": "stream_started", "id": invited["id"]}
        replayed = [resumed.next_event()["type"] for _ in range(4)]
        assert replayed == ["game_started", "chat", "your_turn", "game_over"]
        resumed.close()


def test_the_stream_carries_no_card_and_only_my_own_events(live_server):
    suffix = os.urandom(4).hex()
    (alice, _), (bob, _) = account(live_server, f"alice-{suffix}"), account(live_server, f"bob-{suffix}")
    with alice, bob:
        game_id = alice.post("/games", json={"options": {"players": 2}}).json()["id"]
        alice.post(f"/games/{game_id}/join")
        bob.post(f"/games/{game_id}/join")
        stream = Stream(alice, after=0)
        lines = [stream.next_event() for _ in range(2)]
        for _ in range(3):
            if alice.get(f"/games/{game_id}/view").json()["legal_actions"]:
                play_first_legal(alice, game_id)
            else:
                play_first_legal(bob, game_id)
        lines += [stream.next_event()]
        stream.close()
        allowed = {"id", "type", "game_id", "created_at", "seat", "version", "turn"}
        for line in lines:
            assert set(line) <= allowed, line
        assert [line["type"] for line in lines] == ["stream_started", "game_started", "your_turn"]


def test_the_stream_sends_keep_alive_lines_while_nothing_happens(live_server):
    from hanabi.api import me

    suffix = os.urandom(4).hex()
    client, _ = account(live_server, f"quiet-{suffix}")
    with client:
        stream = Stream(client)
        assert stream.next_event()["type"] == "stream_started"
        assert stream.lines.get(timeout=me.KEEP_ALIVE_SECONDS + 10) is None
        stream.close()


@pytest.mark.parametrize("after", ["-1", "x", "1.5"])
def test_a_stream_after_that_is_not_an_event_id_is_a_422(new_player, after):
    response = new_player().get(f"/v1/me/stream?after={after}")
    assert response.status_code == 422 and response.mimetype == "application/problem+json"


def test_wake_my_turn_answers_at_my_turn_not_at_each_event(started_game):
    game_id, players = started_game(players=3)
    first, second, third = players
    after = third.view(game_id)["version"]
    with ThreadPoolExecutor(1) as pool:
        waiting = pool.submit(third.get, f"/v1/games/{game_id}/events?after={after}&wait=30&wake=my_turn")
        first.act(game_id, **action_body(first.view(game_id)["legal_actions"][0]))
        time.sleep(0.5)  # time to answer, which it must not take: something not happening has nothing to wait on
        assert not waiting.done()
        second.act(game_id, **action_body(second.view(game_id)["legal_actions"][0]))
        response = waiting.result(timeout=60)
    assert response.status_code == 200
    assert [event["seq"] for event in response.json["events"]] == [after + 1, after + 2]
    assert third.view(game_id)["legal_actions"]


def test_wake_my_turn_answers_at_once_when_it_is_my_turn_already(started_game):
    game_id, (first, _) = started_game()
    version = first.view(game_id)["version"]
    started = time.monotonic()
    response = first.get(f"/v1/games/{game_id}/events?after={version}&wait=30&wake=my_turn")
    assert response.status_code == 200 and response.json["events"] == []
    assert time.monotonic() - started < 10


def test_wake_is_any_or_my_turn(started_game):
    game_id, (first, _) = started_game()
    response = first.get(f"/v1/games/{game_id}/events?wake=mine")
    assert response.status_code == 422
