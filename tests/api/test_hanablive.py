import json

import pytest
from hanabi.engine.hanablive import import_game

from .conftest import action_body, assert_problem


@pytest.fixture
def hanablive_game(fixtures_dir):
    return json.loads((fixtures_dir / "no_variant_5p.json").read_text())


def test_a_hanablive_game_is_imported_as_a_finished_replay(new_player, hanablive_game):
    alice = new_player()
    expected = import_game(hanablive_game)

    response = alice.post("/v1/imports", json=hanablive_game)

    assert response.status_code == 201
    game = response.json
    assert response.headers["Location"] == f"/v1/games/{game['id']}"
    assert (game["status"], game["score"], game["end_condition"]) == ("finished", expected.state.score, "normal")
    assert [seat["kind"] for seat in game["seats"]] == ["imported"] * 5
    assert [seat["name"] for seat in game["seats"]] == hanablive_game["players"]
    assert all(seat["account"] is None for seat in game["seats"])
    events = alice.get(f"/v1/games/{game['id']}/events?limit=500").json["events"]
    assert len(events) == len(hanablive_game["actions"]) == game["version"]
    assert [event["seq"] for event in events] == list(range(1, len(events) + 1))

    exported = alice.get(f"/v1/games/{game['id']}/export").json
    assert exported["players"] == hanablive_game["players"]
    assert exported["deck"] == hanablive_game["deck"]
    assert exported["actions"] == [
        {key: value for key, value in action.items() if key in ("type", "target", "value", "announce")}
        | {"value": action.get("value", 0)}
        for action in hanablive_game["actions"]
    ]
    full = new_player().view(game["id"])
    assert full["score"] == expected.state.score and full["seat"] is None


def test_a_bad_file_is_422_naming_the_first_bad_action(new_player, hanablive_game):
    alice = new_player()
    broken = dict(hanablive_game, actions=list(hanablive_game["actions"]))
    broken["actions"][7] = {"type": 2, "target": 0, "value": 0, "extra": 1}
    body = assert_problem(alice.post("/v1/imports", json=broken), 422, "invalid_action")
    assert body["action_index"] == 7 and "Action 7" in body["detail"]

    illegal = dict(hanablive_game, actions=[{"type": 1, "target": 0}] + hanablive_game["actions"])
    body = assert_problem(alice.post("/v1/imports", json=illegal), 422, "clue_tokens_full")
    assert body["action_index"] == 0

    body = assert_problem(alice.post("/v1/imports", json={"players": ["a", "b"], "actions": []}), 422, "missing_key")
    assert body["action_index"] is None
    assert alice.get("/v1/me/games").json["items"] == []


def test_an_unfinished_game_or_a_body_that_is_not_json_is_refused(new_player, hanablive_game):
    alice = new_player()
    unfinished = dict(hanablive_game, actions=hanablive_game["actions"][:10])
    assert_problem(alice.post("/v1/imports", json=unfinished), 422, "game_not_finished")
    assert_problem(
        alice.post("/v1/imports", data="nope", headers={"Content-Type": "application/json"}), 400, "invalid_json"
    )


def test_a_game_played_here_exports_once_finished(started_game):
    game_id, (alice, bob) = started_game(seed="export me")
    first_action = alice.view(game_id)["legal_actions"][0]
    alice.act(game_id, **action_body(first_action))
    assert_problem(alice.get(f"/v1/games/{game_id}/export"), 409, "game_not_finished")
    bob.post(f"/v1/games/{game_id}/resign")

    exported = alice.get(f"/v1/games/{game_id}/export").json
    assert exported["players"] == [alice.name, bob.name]
    assert exported["seed"] == "export me"
    assert exported["actions"][-1] == {"type": 4, "target": 1, "value": 4}
    assert import_game(exported).state.end_condition.label == "terminated"
    reimported = alice.post("/v1/imports", json=exported).json
    assert (reimported["status"], reimported["end_condition"]) == ("finished", "terminated")
