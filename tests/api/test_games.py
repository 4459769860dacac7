import re

from hanabi.api.schemas import CURSOR_PATTERN
from hanabi.bots import STRATEGIES
from hanabi.engine import GameOptions, new_game

from .conftest import assert_problem, run_together


def create(player, **body):
    body.setdefault("options", {"players": 2})
    return player.post("/v1/games", json=body)


def test_a_game_is_created_with_engine_options_and_a_seat_plan(new_player):
    alice, bob = new_player(), new_player()
    options = {
        "players": 3,
        "variant": "Rainbow (6 Suits)",
        "clue_tokens": 6,
        "max_strikes": 2,
        "empty_clues": True,
        "all_or_nothing": False,
        "timed_display": True,
        "starting_seat": 2,
        "deck_plays": True,
        "end_at_best_score": True,
    }
    seats = [{"kind": "account", "account": bob.name.upper()}, {"kind": "bot", "strategy": "hat"}, {"kind": "open"}]

    response = create(alice, options=options, seats=seats, seed="created", start_when_full=False)

    assert response.status_code == 201
    game = response.json
    assert response.headers["Location"] == f"/v1/games/{game['id']}"
    assert game["options"] == options
    assert [(s["seat"], s["kind"], s["account"], s["strategy"]) for s in game["seats"]] == [
        (0, "reserved", bob.name, None),
        (1, "bot", None, "hat"),
        (2, "open", None, None),
    ]
    assert (game["status"], game["version"], game["free_seats"], game["current_seat"]) == ("lobby", 0, 2, None)
    assert (game["creator"], game["seed"], game["start_when_full"]) == (alice.name, None, False)
    assert alice.get(f"/v1/games/{game['id']}").json == game


def test_seats_default_to_open_and_bot_strategies_are_checked(new_player):
    alice = new_player()
    game = create(alice, options={"players": 4}).json
    assert [seat["kind"] for seat in game["seats"]] == ["open"] * 4

    body = assert_problem(
        create(alice, seats=[{"kind": "bot", "strategy": "genius"}, {"kind": "open"}]), 422, "invalid_request"
    )
    assert all(name in body["errors"]["seats.0.strategy"][0] for name in STRATEGIES)


def test_bad_seat_plans_are_422(new_player):
    alice = new_player()
    assert_problem(create(alice, seats=[{"kind": "open"}] * 3), 422, "invalid_seat_plan")
    body = assert_problem(
        create(alice, seats=[{"kind": "account", "account": "nobody-here-xyz"}, {"kind": "open"}]), 422
    )
    assert body["code"] == "account_not_found" and "seats.0.account" in body["errors"]
    assert_problem(create(alice, seats=[{"kind": "account", "account": alice.name}] * 2), 422, "invalid_seat_plan")
    assert_problem(create(alice, options={"players": 2, "starting_seat": 3}), 422, "invalid_option")


def test_the_same_seed_deals_the_same_deck_which_the_bare_seed_does_not_compute(new_player, started_game):
    first, (alice, _) = started_game(seed="same deck")
    second, (carol, _) = started_game(seed="same deck")

    def seat_1_cards(game_id, player):
        return [(c["suit"], c["rank"]) for c in player.view(game_id)["hands"][1]]

    assert seat_1_cards(first, alice) == seat_1_cards(second, carol)
    offline = new_game(GameOptions(players=2), seed="same deck")
    assert seat_1_cards(first, alice) != [tuple(offline.card(card)) for card in offline.hands[1]]


def test_the_lobby_is_listed_newest_first_with_a_cursor(new_player, started_game):
    alice = new_player()
    created = [create(alice).json["id"] for _ in range(5)]
    running, _ = started_game()

    seen, cursor = [], None
    while True:
        query = "status=lobby&limit=2" + (f"&cursor={cursor}" if cursor else "")
        page = alice.get(f"/v1/games?{query}").json
        assert len(page["items"]) <= 2
        assert all(game["status"] == "lobby" for game in page["items"])
        seen += [game["id"] for game in page["items"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
        assert re.fullmatch(CURSOR_PATTERN, cursor)
    assert seen == sorted(seen, reverse=True) and len(seen) == len(set(seen))
    assert [game_id for game_id in seen if game_id in created] == created[::-1]
    assert running not in seen
    assert running in [game["id"] for game in alice.get("/v1/games?status=running&limit=200").json["items"]]


def test_joining_the_last_seat_starts_the_game(new_player):
    alice, bob = new_player(), new_player()
    game_id = create(alice).json["id"]

    first = alice.post(f"/v1/games/{game_id}/join", json={"seat": 1})
    assert first.status_code == 200
    assert (first.json["status"], first.json["seats"][1]["account"], first.json["free_seats"]) == (
        "lobby",
        alice.name,
        1,
    )
    assert_problem(alice.post(f"/v1/games/{game_id}/join"), 409, "already_seated")

    second = bob.post(f"/v1/games/{game_id}/join")
    assert (second.json["status"], second.json["seats"][0]["account"]) == ("running", bob.name)
    assert second.json["current_seat"] == 0 and second.json["turn_started_at"] is not None
    assert_problem(new_player().post(f"/v1/games/{game_id}/join"), 409, "game_full")


def test_join_errors(new_player):
    alice, bob, carol = new_player(), new_player(), new_player()
    game_id = create(alice, seats=[{"kind": "open"}, {"kind": "account", "account": bob.name}]).json["id"]
    assert_problem(carol.post(f"/v1/games/{game_id}/join", json={"seat": 1}), 409, "seat_reserved")
    assert_problem(carol.post(f"/v1/games/{game_id}/join", json={"seat": 4}), 422, "invalid_seat")
    assert_problem(carol.post(f"/v1/games/{game_id}/join", json={"seat": "0"}), 422, "invalid_request")
    assert_problem(carol.post(f"/v1/games/{game_id}/join", json={"seat": 1.5}), 422, "invalid_request")
    bob_joined = bob.post(f"/v1/games/{game_id}/join")
    assert bob_joined.json["seats"][1] == {
        "seat": 1,
        "kind": "account",
        "account": bob.name,
        "strategy": None,
        "name": bob.name,
    }


def test_leaving_frees_the_seat_until_the_game_starts(new_player):
    alice, bob = new_player(), new_player()
    game_id = create(alice).json["id"]
    alice.post(f"/v1/games/{game_id}/join")

    left = alice.post(f"/v1/games/{game_id}/leave")
    assert left.status_code == 200 and left.json["free_seats"] == 2
    assert_problem(alice.post(f"/v1/games/{game_id}/leave"), 409, "not_seated")

    alice.post(f"/v1/games/{game_id}/join")
    bob.post(f"/v1/games/{game_id}/join")
    assert_problem(alice.post(f"/v1/games/{game_id}/leave"), 409, "game_not_in_lobby")


def test_a_game_that_waits_is_started_by_its_creator_only(new_player):
    alice, bob = new_player(), new_player()
    game_id = create(alice, start_when_full=False).json["id"]
    alice.post(f"/v1/games/{game_id}/join")
    assert_problem(alice.post(f"/v1/games/{game_id}/start"), 409, "seats_free")

    full = bob.post(f"/v1/games/{game_id}/join")
    assert (full.json["status"], full.json["free_seats"]) == ("lobby", 0)
    assert_problem(bob.post(f"/v1/games/{game_id}/start"), 403, "not_creator")

    started = alice.post(f"/v1/games/{game_id}/start")
    assert started.status_code == 200 and started.json["status"] == "running"
    assert_problem(alice.post(f"/v1/games/{game_id}/start"), 409, "game_not_in_lobby")


def test_a_game_of_bots_is_running_when_created(new_player):
    game = create(
        new_player(), seats=[{"kind": "bot", "strategy": "basic"}, {"kind": "bot", "strategy": "random"}]
    ).json
    assert game["status"] == "running" and game["free_seats"] == 0


def test_a_player_resigns_a_running_game(started_game, new_player):
    game_id, (alice, bob) = started_game()
    assert_problem(new_player().post(f"/v1/games/{game_id}/resign"), 403, "not_a_player")

    resigned = bob.post(f"/v1/games/{game_id}/resign")
    assert resigned.status_code == 200
    assert (resigned.json["status"], resigned.json["end_condition"], resigned.json["score"]) == (
        "finished",
        "terminated",
        0,
    )
    last = alice.get(f"/v1/games/{game_id}/events").json["events"][-1]
    assert (last["type"], last["seat"], last["condition"]) == ("end_game", 1, "terminated")
    assert_problem(alice.post(f"/v1/games/{game_id}/resign"), 409, "game_over")


def test_resigning_a_lobby_game_is_a_conflict(new_player):
    alice = new_player()
    game_id = create(alice).json["id"]
    alice.post(f"/v1/games/{game_id}/join")
    assert_problem(alice.post(f"/v1/games/{game_id}/resign"), 409, "game_not_started")


def test_the_creator_aborts_a_lobby_or_running_game(new_player, started_game):
    alice, bob = new_player(), new_player()
    lobby = create(alice).json["id"]
    assert_problem(bob.post(f"/v1/games/{lobby}/abort"), 403, "not_creator")
    aborted = alice.post(f"/v1/games/{lobby}/abort")
    assert (aborted.json["status"], aborted.json["end_condition"]) == ("finished", "terminated")

    game_id, (creator, other) = started_game()
    assert_problem(other.post(f"/v1/games/{game_id}/abort"), 403, "not_creator")
    assert creator.post(f"/v1/games/{game_id}/abort").json["status"] == "finished"
    assert_problem(creator.post(f"/v1/games/{game_id}/abort"), 409, "game_over")


def test_two_players_taking_the_last_seat_at_once_one_wins(new_player):
    for _ in range(3):
        alice, bob, carol = new_player(), new_player(), new_player()
        game_id = create(alice).json["id"]
        alice.post(f"/v1/games/{game_id}/join")

        results = run_together(*(lambda p=p: p.post(f"/v1/games/{game_id}/join") for p in (bob, carol)))

        assert sorted(r.status_code for r in results) == [200, 409]
        loser = next(r for r in results if r.status_code == 409)
        assert_problem(loser, 409, "game_full")
        game = alice.get(f"/v1/games/{game_id}").json
        assert game["status"] == "running"
        seated = {seat["account"] for seat in game["seats"]}
        assert alice.name in seated and len(seated & {bob.name, carol.name}) == 1
