import random

from hanabi.api.schemas.views import ViewSchema
from hanabi.engine import view
from hanabi.engine.hanablive import import_game
from hanabi.store.database import connect
from hanabi.store.games import load_game

from .conftest import action_body, assert_problem, run_together


def event_count(player, game_id) -> int:
    return len(player.get(f"/v1/games/{game_id}/events?limit=500").json["events"])


def test_two_players_play_a_whole_game_through_the_api(started_game):
    game_id, players = started_game(seed="a whole game")
    rng = random.Random(5)
    version = players[0].view(game_id)["version"]
    while True:
        summary = players[0].get(f"/v1/games/{game_id}").json
        if summary["status"] == "finished":
            break
        mover = players[summary["current_seat"]]
        my_view = mover.view(game_id)
        assert my_view["seat"] == summary["current_seat"] and my_view["legal_actions"]
        safe = [a for a in my_view["legal_actions"] if a["kind"] != "play"] or my_view["legal_actions"]
        action = rng.choice(safe if rng.random() < 0.8 else my_view["legal_actions"])
        response = mover.act(game_id, **action_body(action), expected_version=my_view["version"])
        assert response.status_code == 200, response.json
        assert response.json["version"] == version + 1 == int(response.headers["ETag"].strip('"'))
        assert response.json["seat"] == mover_seat(players, mover)
        version += 1

    exported = players[1].get(f"/v1/games/{game_id}/export").json
    replayed = import_game(exported).state
    final = players[0].get(f"/v1/games/{game_id}").json
    assert (final["score"], final["end_condition"], final["version"]) == (
        replayed.score,
        replayed.end_condition.label,
        version,
    )
    finished_view = players[0].view(game_id)
    assert finished_view["is_over"] and finished_view["status"] == "finished"
    assert all(card["suit"] is not None for hand in finished_view["hands"] for card in hand)


def mover_seat(players, mover) -> int:
    return players.index(mover)


def test_the_view_is_the_engine_view_of_the_seat_with_the_game_id_version_and_status(started_game, database_url):
    game_id, players = started_game(players=3, seed="engine view")
    first = players[0].view(game_id)
    players[0].act(game_id, **action_body(first["legal_actions"][0]))

    with connect(database_url) as conn:
        game, state = load_game(conn, game_id)
    for seat, player in enumerate(players):
        expected = view(state, seat).to_dict() | {
            "game_id": game_id,
            "version": game.version,
            "status": "running",
            "deadline": None,
        }
        got = player.view(game_id)
        assert got == expected
        ViewSchema().load(got)  # the documented schema declares every field of the view


def test_illegal_moves_name_the_rule_409_for_this_state_422_for_this_game(started_game, new_player):
    game_id, (alice, bob) = started_game(seed="illegal moves")
    alice_view = alice.view(game_id)
    own = alice_view["hands"][0][0]["id"]
    bobs = alice_view["hands"][1][0]["id"]

    assert_problem(bob.act(game_id, kind="play", card=alice_view["hands"][1][0]["id"]), 409, "not_your_turn")
    assert_problem(alice.act(game_id, kind="discard", card=own), 409, "clue_tokens_full")
    assert_problem(alice.act(game_id, kind="play", card=bobs), 409, "card_not_in_hand")
    assert_problem(alice.act(game_id, kind="rank_clue", target=0, rank=1), 422, "cannot_clue_self")
    assert_problem(alice.act(game_id, kind="color_clue", target=1, color=9), 422, "invalid_color")
    assert_problem(alice.act(game_id, kind="rank_clue", target=1, rank=6), 422, "invalid_rank")
    assert_problem(alice.act(game_id, kind="rank_clue", target=5, rank=1), 422, "invalid_target")
    assert_problem(alice.act(game_id, kind="play", card=own, announce=0), 422, "announce_not_allowed")
    assert_problem(alice.act(game_id, kind="reorder", cards=[own]), 409, "invalid_reorder")
    assert alice.view(game_id)["version"] == alice_view["version"]


def test_malformed_actions_are_422_per_field(started_game):
    game_id, (alice, _) = started_game()
    for body, fields in (
        ({"kind": "play"}, {"card"}),
        ({"kind": "play", "card": "3"}, {"card"}),
        ({"kind": "play", "card": 3.5}, {"card"}),
        ({"kind": "color_clue", "target": 1}, {"color"}),
        ({"kind": "discard", "card": 1, "rank": 2}, {"rank"}),
        ({"kind": "dance"}, {"kind"}),
        ({"kind": "play", "card": 1, "seat": "0"}, {"seat"}),
        ({"kind": "end_game"}, {"kind"}),
        ({"kind": "play", "card": 1, "expected_version": -1}, {"expected_version"}),
    ):
        problem = assert_problem(alice.act(game_id, **body), 422, "invalid_request")
        assert set(problem["errors"]) == fields, (body, problem)


def test_acting_in_a_lobby_game_is_a_conflict(new_player):
    alice = new_player()
    game_id = alice.post("/v1/games", json={"options": {"players": 2}}).json["id"]
    alice.post(f"/v1/games/{game_id}/join")
    assert_problem(alice.act(game_id, kind="discard", card=0), 409, "game_not_started")
    assert_problem(alice.get(f"/v1/games/{game_id}/view"), 409, "game_not_started")


def test_an_old_expected_version_is_a_version_conflict(started_game):
    game_id, (alice, bob) = started_game()
    seen = alice.view(game_id)
    alice.act(game_id, **action_body(seen["legal_actions"][0]), expected_version=seen["version"])
    bob_view = bob.view(game_id)

    body = assert_problem(
        bob.act(game_id, **action_body(bob_view["legal_actions"][0]), expected_version=seen["version"]),
        409,
        "version_conflict",
    )
    assert body["current_version"] == seen["version"] + 1
    assert bob.view(game_id)["version"] == seen["version"] + 1


def test_two_posts_for_the_same_turn_write_one_event(started_game):
    for attempt in range(3):
        game_id, (alice, _) = started_game(seed=f"race {attempt}")
        seen = alice.view(game_id)
        before = event_count(alice, game_id)
        clues = [a for a in seen["legal_actions"] if a["kind"] in ("rank_clue", "color_clue")][:2]

        results = run_together(
            *(lambda a=a: alice.act(game_id, **action_body(a), expected_version=seen["version"]) for a in clues)
        )

        assert sorted(r.status_code for r in results) == [200, 409]
        loser = next(r for r in results if r.status_code == 409)
        assert assert_problem(loser, 409, "version_conflict")["current_version"] == seen["version"] + 1
        assert event_count(alice, game_id) == before + 1


def test_the_view_etag_is_the_version_and_if_none_match_gives_304(started_game):
    game_id, (alice, bob) = started_game()
    first = alice.get(f"/v1/games/{game_id}/view")
    etag = first.headers["ETag"]
    assert etag == f'"{first.json["version"]}"'
    assert "Authorization" in first.headers["Vary"]

    unchanged = alice.get(f"/v1/games/{game_id}/view", headers={"If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.get_data() == b""
    assert unchanged.headers["ETag"] == etag
    assert alice.get(f"/v1/games/{game_id}/view", headers={"If-None-Match": '"0", W/' + etag}).status_code == 304

    alice.act(game_id, **action_body(first.json["legal_actions"][0]))
    changed = alice.get(f"/v1/games/{game_id}/view", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] == f'"{first.json["version"] + 1}"'
    assert_problem(
        alice.app.test_client().get(f"/v1/games/{game_id}/view", headers={"If-None-Match": etag}), 401, "unauthorized"
    )


def test_views_of_running_games_are_for_players_and_finished_ones_for_anyone(started_game, new_player):
    game_id, (alice, bob) = started_game()
    spectator = new_player()
    assert_problem(spectator.get(f"/v1/games/{game_id}/view"), 403, "not_a_player")
    assert_problem(spectator.get(f"/v1/games/{game_id}/events"), 403, "not_a_player")

    alice.post(f"/v1/games/{game_id}/resign")
    full = spectator.view(game_id)
    assert full["seat"] is None and full["is_over"] and full["legal_actions"] == []
    ViewSchema().load(full)
    assert all(card["suit"] is not None and card["rank"] is not None for hand in full["hands"] for card in hand)
