"""A view's legal actions are bodies of POST /v1/games/{game_id}/actions as they stand, over
real HTTP to `hanabi serve`: their `seat` is the caller's, and a body naming another seat is
403 `not_your_seat` with nothing written."""

import functools
import uuid

import httpx
import jsonschema_rs
import yaml
from hanabi.api.openapi import OPENAPI_FILE


@functools.cache
def action_request_schema() -> jsonschema_rs.Draft202012Validator:
    components = yaml.safe_load(OPENAPI_FILE.read_text(encoding="utf-8"))["components"]
    return jsonschema_rs.Draft202012Validator({"$ref": "#/components/schemas/ActionRequest", "components": components})


def sign_up(http: httpx.Client) -> dict:
    answer = http.post("/v1/accounts", json={"name": f"legal-{uuid.uuid4().hex[:10]}", "kind": "human"})
    assert answer.status_code == 201, answer.text
    return {"Authorization": f"Bearer {answer.json()['token']}"}


def started_game(http: httpx.Client) -> tuple[int, list[dict]]:
    seats = [sign_up(http), sign_up(http)]
    created = http.post("/v1/games", headers=seats[0], json={"options": {"players": 2}, "seed": "legal actions"})
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    for headers in seats:
        assert http.post(f"/v1/games/{game_id}/join", headers=headers).status_code == 200
    return game_id, seats


def view_of(http: httpx.Client, game_id: int, headers: dict) -> dict:
    answer = http.get(f"/v1/games/{game_id}/view", headers=headers)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_each_kind_of_legal_action_posted_back_as_it_stands_is_played(live_server):
    with httpx.Client(base_url=live_server, timeout=30) as http:
        game_id, seats = started_game(http)
        played = []
        for kind in ("color_clue", "rank_clue", "discard", "play"):
            view = view_of(http, game_id, seats[0])
            mover = seats[view["current_seat"]]
            legal = view_of(http, game_id, mover)["legal_actions"]
            action = next(action for action in legal if action["kind"] == kind)
            assert action["seat"] == view["current_seat"]
            action_request_schema().validate(action)  # the description says so too
            answer = http.post(f"/v1/games/{game_id}/actions", headers=mover, json=action)
            assert answer.status_code == 200, answer.text
            assert answer.json()["version"] == view["version"] + 1
            played.append(answer.json()["history"][-1])
        assert [(entry["kind"], entry["seat"]) for entry in played] == [
            ("color_clue", 0),
            ("rank_clue", 1),
            ("discard", 0),
            ("play", 1),
        ]


def test_a_legal_action_with_the_version_seen_is_played_only_at_that_version(live_server):
    with httpx.Client(base_url=live_server, timeout=30) as http:
        game_id, seats = started_game(http)
        view = view_of(http, game_id, seats[0])
        stale = {**view["legal_actions"][0], "expected_version": view["version"] - 1}
        conflict = http.post(f"/v1/games/{game_id}/actions", headers=seats[0], json=stale)
        assert conflict.status_code == 409 and conflict.json()["code"] == "version_conflict", conflict.text
        seen = {**view["legal_actions"][0], "expected_version": view["version"]}
        assert http.post(f"/v1/games/{game_id}/actions", headers=seats[0], json=seen).status_code == 200


def test_an_action_naming_another_seat_is_refused_and_nothing_is_written(live_server):
    with httpx.Client(base_url=live_server, timeout=30) as http:
        game_id, seats = started_game(http)
        view = view_of(http, game_id, seats[0])
        action = view["legal_actions"][0]
        for headers, body in (
            (seats[0], {**action, "seat": 1}),  # the mover, for the other seat
            (seats[1], action),  # the other seat, with the mover's legal action
            (seats[0], {**action, "seat": 7}),  # a seat the game does not have
        ):
            answer = http.post(f"/v1/games/{game_id}/actions", headers=headers, json=body)
            assert answer.status_code == 403, answer.text
            assert answer.headers["Content-Type"] == "application/problem+json"
            problem = answer.json()
            assert problem["code"] == "not_your_seat" and f"seat {body['seat']}" in problem["detail"], problem
        assert view_of(http, game_id, seats[0])["version"] == view["version"]
        events = http.get(f"/v1/games/{game_id}/events", headers=seats[0], params={"limit": 500}).json()
        assert events["last_seq"] == view["version"] and events["events"][-1]["type"] == "game_started"
