"""Every failure is an RFC 9457 problem with a stable code; bad input is never a 500."""

import pytest

from .conftest import assert_problem


def test_400_for_a_body_that_is_not_json(new_player):
    response = new_player().post("/v1/games", data="{not json", headers={"Content-Type": "application/json"})
    assert_problem(response, 400, "invalid_json")


def test_400_for_json_nested_too_deeply(new_player):
    player = new_player()
    deep = "[" * 100_000 + "]" * 100_000
    for path in ("/v1/games", "/v1/imports"):
        response = player.post(path, data=deep, headers={"Content-Type": "application/json"})
        assert_problem(response, 400, "invalid_json")


def test_401_without_token(client):
    assert_problem(client.get("/v1/me/games"), 401, "unauthorized")


def test_403_when_acting_in_a_game_one_does_not_play(started_game, new_player):
    game_id, _ = started_game()
    assert_problem(new_player().act(game_id, kind="discard", card=0), 403, "not_a_player")


def test_404_for_unknown_games_and_paths(new_player):
    player = new_player()
    assert_problem(player.get("/v1/games/987654321"), 404, "game_not_found")
    assert_problem(player.post("/v1/games/987654321/join"), 404, "game_not_found")
    assert_problem(player.get("/v1/no/such/thing"), 404, "not_found")


def test_405_keeps_the_allow_header(client, new_player):
    response = client.put("/v1/games")
    body = assert_problem(response, 405, "method_not_allowed")
    assert set(response.headers["Allow"].replace(" ", "").split(",")) >= {"GET", "POST"}
    assert body["title"] == "Method Not Allowed"
    response = new_player().delete("/v1/accounts/me")
    assert "GET" in response.headers["Allow"]


def test_409_names_the_conflict(started_game):
    game_id, players = started_game()
    waiting = players[1]
    view = waiting.view(game_id)
    body = assert_problem(waiting.act(game_id, kind="discard", card=view["hands"][1][0]["id"]), 409, "not_your_turn")
    assert "turn" in body["detail"]


def test_422_lists_the_reasons_per_field(new_player):
    player = new_player()
    body = assert_problem(
        player.post("/v1/games", json={"options": {"players": 2.5, "variant": "Chess"}, "seed": 7}),
        422,
        "invalid_request",
    )
    assert set(body["errors"]) == {"options.players", "options.variant", "seed"}
    assert all(isinstance(reasons, list) and reasons for reasons in body["errors"].values())


@pytest.mark.parametrize(
    "path, body",
    [
        ("/v1/games", {"options": {"players": "2"}}),
        ("/v1/games", {"options": {"players": 2, "clue_tokens": 2.5e-42}}),
        ("/v1/games", {"options": {"players": 2, "empty_clues": "yes"}}),
        ("/v1/games", {"options": {"players": 9}}),
        ("/v1/games", {"options": {"players": 2, "starting_seat": 4}}),
        ("/v1/games", {"options": {"players": 2}, "seats": [{"kind": "open"}]}),
        ("/v1/games", {"options": {"players": 2}, "seats": [{"kind": "bot"}, {"kind": "open"}]}),
        ("/v1/games", {"options": {"players": 2}, "seats": [{"kind": "open", "strategy": "hat"}, {"kind": "open"}]}),
        ("/v1/games", {"options": None}),
        ("/v1/games", {"options": {"players": 2}, "start_when_full": "false"}),
        ("/v1/games", "a string"),
        ("/v1/games", None),
        ("/v1/imports", {"players": ["a"], "deck": [], "actions": []}),
        ("/v1/imports", []),
        ("/v1/games", {"options": {"players": 2}, "seed": "nul \u0000 byte"}),
        ("/v1/accounts", {"name": "nul\u0000", "kind": "human"}),
        (
            "/v1/games",
            {"options": {"players": 2}, "seats": [{"kind": "account", "account": "x\u0000"}, {"kind": "open"}]},
        ),
    ],
)
def test_malformed_bodies_are_4xx_problems(new_player, path, body):
    response = new_player().post(path, json=body)
    assert 400 <= response.status_code < 500
    assert_problem(response, response.status_code)


def test_a_string_postgres_cannot_store_is_422_naming_the_field(new_player):
    response = new_player().post("/v1/games", json={"options": {"players": 2}, "seed": "nul \u0000 byte"})
    assert set(assert_problem(response, 422, "invalid_request")["errors"]) == {"seed"}


def test_ids_beyond_the_database_range_are_404(new_player):
    player = new_player()
    assert_problem(player.get(f"/v1/games/{2**64}"), 404)
    assert_problem(player.get(f"/v1/accounts/{2**64}"), 404)
    assert_problem(player.get(f"/v1/games/{2**63 - 1}/view"), 404, "game_not_found")


def test_malformed_query_parameters_are_422(new_player):
    player = new_player()
    for query in (
        "limit=0",
        "limit=abc",
        "limit=2.5",
        "status=paused",
        "cursor=%%%",
        "cursor=YmVmb3JlOng",
        "colour=red",
    ):
        assert_problem(player.get(f"/v1/games?{query}"), 422)
    assert_problem(player.get("/v1/games/1/events?after=-1"), 422)
