"""The table around a game: spectators, chat, card notes, bot seats' names, and the sentences
that name seats (counted from 1)."""

import threading

from .conftest import assert_problem


def running(new_player, *, spectators: bool, players: int = 2, seats=None):
    seated = [new_player() for _ in range(players)]
    body = {"options": {"players": len(seats or seated)}, "seed": "table tests", "spectators": spectators}
    if seats:
        body["seats"] = seats
    created = seated[0].post("/v1/games", json=body)
    assert created.status_code == 201, created.json
    assert created.json["spectators"] is spectators
    game_id = created.json["id"]
    for player in seated:
        player.post(f"/v1/games/{game_id}/join")
    return game_id, seated


def put(player, path, json):
    return player.app.test_client().put(path, json=json, headers=player.headers())


def test_a_spectator_watches_a_running_game_that_allows_it_and_sees_every_hand(new_player):
    game_id, (alice, bob) = running(new_player, spectators=True)
    carol = new_player()

    watched = carol.view(game_id)
    assert watched["seat"] is None
    assert all(card["suit"] is not None and card["rank"] is not None for hand in watched["hands"] for card in hand)
    assert watched["legal_actions"] == []
    started = carol.get(f"/v1/games/{game_id}/events").json["events"][-1]
    assert started["type"] == "game_started"
    assert all(card["suit"] is not None for hand in started["hands"] for card in hand)

    # The players keep their own views: a seat never gets the spectator's view of its game.
    for seat, player in enumerate((alice, bob)):
        view = player.view(game_id)
        assert view["seat"] == seat
        assert all(card["suit"] is None for card in view["hands"][seat])
        dealt = player.get(f"/v1/games/{game_id}/events").json["events"][-1]["hands"][seat]
        assert all(card["suit"] is None for card in dealt)
    assert_problem(carol.act(game_id, kind="play", card=0), 403, "not_a_player")


def test_a_game_without_spectators_stays_closed_to_others_until_it_ends(new_player):
    game_id, (alice, bob) = running(new_player, spectators=False)
    carol = new_player()
    problem = assert_problem(carol.get(f"/v1/games/{game_id}/view"), 403, "not_a_player")
    assert "does not allow spectators" in problem["detail"]
    assert_problem(carol.get(f"/v1/games/{game_id}/events"), 403, "not_a_player")
    assert_problem(carol.get(f"/v1/games/{game_id}/chat"), 403, "not_a_player")
    assert_problem(carol.post(f"/v1/games/{game_id}/chat", json={"text": "hi"}), 403, "not_a_player")
    alice.post(f"/v1/games/{game_id}/resign")
    assert carol.view(game_id)["seat"] is None
    assert carol.get(f"/v1/games/{game_id}/chat").status_code == 200


def test_seats_and_spectators_chat_and_a_long_poll_hears_the_next_message(new_player):
    game_id, (alice, bob) = running(new_player, spectators=True)
    carol = new_player()

    said = alice.post(f"/v1/games/{game_id}/chat", json={"text": "  good luck  "})
    assert said.status_code == 201, said.json
    assert (said.json["author"], said.json["seat"], said.json["text"]) == (alice.name, 0, "good luck")
    carol.post(f"/v1/games/{game_id}/chat", json={"text": "watching!"})

    page = bob.get(f"/v1/games/{game_id}/chat").json
    assert [(m["author"], m["seat"], m["text"]) for m in page["messages"]] == [
        (alice.name, 0, "good luck"),
        (carol.name, None, "watching!"),
    ]
    last = page["last_id"]

    answers = []
    waiting = threading.Thread(
        target=lambda: answers.append(carol.get(f"/v1/games/{game_id}/chat?after={last}&wait=20"))
    )
    waiting.start()
    bob.post(f"/v1/games/{game_id}/chat", json={"text": "thanks"})
    waiting.join(25)
    assert [m["text"] for m in answers[0].json["messages"]] == ["thanks"]
    assert answers[0].json["last_id"] > last
    assert bob.get(f"/v1/games/{game_id}/chat?after={answers[0].json['last_id']}&wait=0").json["messages"] == []


def test_chat_is_length_limited_and_rate_limited(new_player):
    game_id, (alice, _) = running(new_player, spectators=False)
    assert_problem(alice.post(f"/v1/games/{game_id}/chat", json={"text": "x" * 301}), 422, "invalid_request")
    for number in range(5):
        assert alice.post(f"/v1/games/{game_id}/chat", json={"text": f"message {number}"}).status_code == 201
    too_fast = alice.post(f"/v1/games/{game_id}/chat", json={"text": "one more"})
    problem = assert_problem(too_fast, 429, "chat_too_fast")
    assert 1 <= int(too_fast.headers["Retry-After"]) <= 10
    assert "5 messages per 10 seconds" in problem["detail"]


def test_notes_are_private_to_their_author(new_player):
    game_id, (alice, bob) = running(new_player, spectators=False)
    card = alice.view(game_id)["hands"][0][0]["id"]

    written = put(alice, f"/v1/games/{game_id}/notes/{card}", {"text": " chop? "})
    assert written.status_code == 200, written.json
    assert written.json == {"card": card, "text": "chop?"}
    assert alice.get(f"/v1/games/{game_id}/notes").json == {"notes": [{"card": card, "text": "chop?"}]}
    assert bob.get(f"/v1/games/{game_id}/notes").json == {"notes": []}
    assert_problem(new_player().get(f"/v1/games/{game_id}/notes"), 403, "not_a_player")
    assert_problem(put(alice, f"/v1/games/{game_id}/notes/999", {"text": "x"}), 404, "card_not_found")

    assert put(alice, f"/v1/games/{game_id}/notes/{card}", {"text": ""}).status_code == 200
    assert alice.get(f"/v1/games/{game_id}/notes").json == {"notes": []}


def test_each_bot_seat_has_a_name_of_its_own(new_player):
    alice = new_player()
    seats = (
        [{"kind": "account", "account": alice.name}]
        + [{"kind": "bot", "strategy": "basic"}] * 3
        + [{"kind": "bot", "strategy": "random"}]
    )
    created = alice.post("/v1/games", json={"options": {"players": 5}, "seats": seats})
    names = [seat["name"] for seat in created.json["seats"]]
    assert names == [None, "basic bot 1", "basic bot 2", "basic bot 3", "random bot"]


def test_a_hat_bot_beside_seats_people_may_take_is_a_warning_in_the_game(new_player):
    alice = new_player()
    seats = [{"kind": "account", "account": alice.name}, {"kind": "bot", "strategy": "hat"}, {"kind": "open"}]
    created = alice.post("/v1/games", json={"options": {"players": 3}, "seats": seats})
    assert created.status_code == 201, created.json
    [warning] = created.json["warnings"]
    assert warning["code"] == "team_only_bot" and "the hat bot" in warning["detail"]
    assert "basic bot plays well with people" in warning["detail"]
    assert alice.get(f"/v1/games/{created.json['id']}").json["warnings"] == [warning]

    hat_team = [{"kind": "bot", "strategy": "hat"}] * 3
    assert alice.post("/v1/games", json={"options": {"players": 3}, "seats": hat_team}).json["warnings"] == []
    with_basic = [{"kind": "account", "account": alice.name}, {"kind": "bot", "strategy": "basic"}]
    assert alice.post("/v1/games", json={"options": {"players": 2}, "seats": with_basic}).json["warnings"] == []


def test_sentences_count_seats_from_1(new_player):
    game_id, (alice, bob) = running(new_player, spectators=False)
    problem = assert_problem(bob.act(game_id, kind="discard", card=5), 409, "not_your_turn")
    assert problem["detail"] == "It is not your turn: seat 1 is to move, and you are seat 2 (counting seats from 1)."
    problem = assert_problem(alice.post(f"/v1/games/{game_id}/join"), 409, "already_seated")
    assert "seat 1 " in problem["detail"]


def test_an_export_names_each_bot_seat_apart(new_player):
    alice = new_player()
    seats = [{"kind": "account", "account": alice.name}] + [{"kind": "bot", "strategy": "basic"}] * 2
    game_id = alice.post("/v1/games", json={"options": {"players": 3}, "seats": seats}).json["id"]
    alice.post(f"/v1/games/{game_id}/join")
    alice.post(f"/v1/games/{game_id}/resign")
    exported = alice.get(f"/v1/games/{game_id}/export")
    assert exported.status_code == 200, exported.json
    assert exported.json["players"] == [alice.name, "basic bot 1", "basic bot 2"]


def test_what_the_chat_and_notes_refuse_is_a_422_never_a_500(new_player):
    game_id, (alice, _) = running(new_player, spectators=False)
    for text in ("   ", "a\u0000b"):
        assert_problem(alice.post(f"/v1/games/{game_id}/chat", json={"text": text}), 422, "invalid_request")
    assert_problem(put(alice, f"/v1/games/{game_id}/notes/0", {"text": "a\u0000"}), 422, "invalid_request")
    assert_problem(alice.get(f"/v1/games/{game_id}/chat?after={2**64}"), 422, "invalid_request")
    assert alice.get(f"/v1/games/{game_id}/chat?after={2**63 - 1}").json["messages"] == []
