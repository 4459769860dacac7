import json
import random

import pytest
from hanabi.engine.hanablive import import_game

from .conftest import action_body, assert_problem

TURN_EVENTS = ("play", "discard", "color_clue", "rank_clue")


def play_to_the_end(game_id, seated, seed: str) -> None:
    """Random legal moves until the game ends, the player to move reordering its hand once."""
    rng = random.Random(seed)
    reordered = False
    while True:
        view = seated[0].view(game_id)
        if view["is_over"]:
            return
        mover = seated[view["current_seat"]]
        if not reordered and view["turn"] == 2:
            hand = [card["id"] for card in mover.view(game_id)["hands"][view["current_seat"]]]
            assert mover.act(game_id, kind="reorder", cards=hand[::-1]).status_code == 200
            reordered = True
        action = rng.choice(mover.view(game_id)["legal_actions"])
        response = mover.act(game_id, **action_body(action))
        assert response.status_code == 200, response.json


@pytest.fixture
def finished_game(started_game):
    game_id, seated = started_game(players=3, seed="replays")
    play_to_the_end(game_id, seated, "replays")
    return game_id, seated


def test_each_turn_of_a_finished_game_shows_the_whole_table_as_it_stood(finished_game, new_player):
    game_id, seated = finished_game
    spectator = new_player()
    summary = spectator.get(f"/v1/games/{game_id}").json
    events = spectator.get(f"/v1/games/{game_id}/events?limit=500").json["events"]
    dealt = next(event for event in events if event["type"] == "game_started")["hands"]
    turn_events = [event for event in events if event["type"] in TURN_EVENTS]

    start = spectator.get(f"/v1/games/{game_id}/replay?turn=0")
    assert start.status_code == 200, start.json
    start = start.json
    assert start["turns"] == summary["turn"] == len(turn_events)
    assert (start["turn"], start["seat"], start["status"], start["legal_actions"]) == (0, None, "finished", [])
    assert [[(c["id"], c["suit"], c["rank"]) for c in hand] for hand in start["hands"]] == [
        [(c["id"], c["suit"], c["rank"]) for c in hand] for hand in dealt
    ]
    assert start["fireworks"] == [0] * len(start["suits"]) and start["history"] == []
    assert not start["is_over"] and start["rating"] is None

    for turn in range(1, start["turns"] + 1):
        table = spectator.get(f"/v1/games/{game_id}/replay?turn={turn}").json
        assert table["turn"] == turn
        assert table["clue_tokens"] == turn_events[turn - 1]["clue_tokens"]
        assert all(card["suit"] is not None and card["rank"] is not None for hand in table["hands"] for card in hand)

    final = spectator.get(f"/v1/games/{game_id}/replay?turn={start['turns']}").json
    full = spectator.view(game_id)
    assert final["is_over"] and final["rating"] == full["rating"] is not None
    assert final["score"] == summary["score"]
    assert final["hands"] == full["hands"] and final["history"] == full["history"]


def test_a_reorder_shows_at_the_turn_whose_player_made_it(finished_game, new_player):
    game_id, _ = finished_game
    spectator = new_player()
    events = spectator.get(f"/v1/games/{game_id}/events?limit=500").json["events"]
    reorder = next(event for event in events if event["type"] == "reorder")

    before = spectator.get(f"/v1/games/{game_id}/replay?turn={reorder['turn'] - 1}").json
    at = spectator.get(f"/v1/games/{game_id}/replay?turn={reorder['turn']}").json
    assert [card["id"] for card in at["hands"][reorder["seat"]]] == reorder["cards"]
    assert [card["id"] for card in before["hands"][reorder["seat"]]] != reorder["cards"]


def test_an_imported_hanablive_game_steps_to_its_recorded_end(new_player, fixtures_dir):
    data = json.loads((fixtures_dir / "no_variant_5p.json").read_text())
    expected = import_game(data).state
    alice = new_player()
    game_id = alice.post("/v1/imports", json=data).json["id"]

    final = alice.get(f"/v1/games/{game_id}/replay?turn={expected.turn}").json
    assert final["turns"] == expected.turn
    assert (final["score"], final["fireworks"], final["end_condition"]) == (
        expected.score,
        list(expected.fireworks),
        "normal",
    )
    middle = alice.get(f"/v1/games/{game_id}/replay?turn={expected.turn // 2}").json
    assert 0 < sum(middle["fireworks"]) < sum(final["fireworks"])
    assert middle["deck_size"] > final["deck_size"]


def test_a_running_game_has_no_replay_not_even_for_its_players(started_game, new_player):
    game_id, seated = started_game(players=2, seed="no leak")

    for asker in (seated[0], seated[1], new_player()):
        body = assert_problem(asker.get(f"/v1/games/{game_id}/replay?turn=0"), 409, "game_not_finished")
        assert "hands" not in body and "deck" not in json.dumps(body)


def test_a_lobby_game_has_no_replay(new_player):
    alice = new_player()
    game_id = alice.post("/v1/games", json={"options": {"players": 2}}).json["id"]
    assert_problem(alice.get(f"/v1/games/{game_id}/replay"), 409, "game_not_finished")


def test_bad_replay_requests_are_problems(finished_game, new_player, client):
    game_id, _ = finished_game
    spectator = new_player()
    turns = spectator.get(f"/v1/games/{game_id}/replay").json["turns"]

    body = assert_problem(spectator.get(f"/v1/games/{game_id}/replay?turn={turns + 1}"), 422, "invalid_turn")
    assert f"0 to {turns}" in body["detail"]
    for query in ("turn=-1", "turn=two", "turn=1&color=3"):
        assert_problem(spectator.get(f"/v1/games/{game_id}/replay?{query}"), 422, "invalid_request")
    assert_problem(spectator.get("/v1/games/999999999/replay"), 404, "game_not_found")
    assert_problem(client.get(f"/v1/games/{game_id}/replay"), 401, "unauthorized")
