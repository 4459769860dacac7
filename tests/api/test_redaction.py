"""No response shows a seat its own cards while the game runs, from any seat, at any point."""

import random

from .conftest import action_body, assert_problem


def own_card_leaks(document, own_cards: set[int]) -> list:
    """Every place in a JSON document that gives the identity of one of `own_cards`."""
    leaks = []
    if isinstance(document, dict):
        if document.get("id") in own_cards and (document.get("suit") is not None or document.get("rank") is not None):
            leaks.append(document)
        if document.get("drew") in own_cards and (
            document.get("drew_suit") is not None or document.get("drew_rank") is not None
        ):
            leaks.append(document)
        for value in document.values():
            leaks += own_card_leaks(value, own_cards)
    elif isinstance(document, list):
        for value in document:
            leaks += own_card_leaks(value, own_cards)
    return leaks


def responses_of(player, game_id, seat) -> list:
    """What a seat can ask about a running game, including its failures."""
    view = player.get(f"/v1/games/{game_id}/view")
    waiting = view.json["current_seat"] != seat
    own_clue = player.act(game_id, kind="rank_clue", target=seat, rank=1)
    assert own_clue.json["code"] in (("not_your_turn",) if waiting else ("cannot_clue_self", "no_clue_tokens"))
    not_mine = player.act(game_id, kind="play", card=view.json["hands"][(seat + 1) % len(view.json["hands"])][0]["id"])
    assert not_mine.json["code"] == ("not_your_turn" if waiting else "card_not_in_hand")
    export = player.get(f"/v1/games/{game_id}/export")
    assert_problem(export, 409, "game_not_finished")
    return [
        view,
        player.get(f"/v1/games/{game_id}/events?limit=500"),
        player.get(f"/v1/games/{game_id}/events?after=3&limit=2"),
        player.get(f"/v1/games/{game_id}"),
        player.get("/v1/me/games"),
        player.get("/v1/me/turn"),
        own_clue,
        not_mine,
        export,
    ]


def check_every_seat(game_id, players) -> None:
    for seat, player in enumerate(players):
        view = player.view(game_id)
        assert view["status"] == "running"
        own = {card["id"] for card in view["hands"][seat]}
        assert all(card["suit"] is None and card["rank"] is None for card in view["hands"][seat])
        assert all(
            card["suit"] is not None for other, hand in enumerate(view["hands"]) if other != seat for card in hand
        )
        for response in responses_of(player, game_id, seat):
            assert own_card_leaks(response.json, own) == [], (seat, response.request.path)
        events = player.get(f"/v1/games/{game_id}/events?limit=500").json["events"]
        for event in events:
            if event.get("drew") is not None:
                hidden = event["seat"] == seat
                assert (event["drew_suit"] is None) == hidden and (event["drew_rank"] is None) == hidden, (seat, event)
        dealt = next(event for event in events if event["type"] == "game_started")["hands"]
        assert all((card["suit"] is None) == (owner == seat) for owner, hand in enumerate(dealt) for card in hand)


def test_no_seat_sees_its_own_cards_at_any_point_of_a_game(started_game):
    for players_count in (2, 3):
        game_id, players = started_game(players=players_count, seed=f"redaction {players_count}")
        rng = random.Random(players_count)
        checkpoints = {0, 1, 4, 12, 25}
        turn = 0
        while True:
            summary = players[0].get(f"/v1/games/{game_id}").json
            if summary["status"] == "finished":
                break
            if turn in checkpoints:
                check_every_seat(game_id, players)
            seat = summary["current_seat"]
            mover = players[seat]
            legal = mover.view(game_id)["legal_actions"]
            cautious = [a for a in legal if a["kind"] != "play"] or legal
            response = mover.act(game_id, **action_body(rng.choice(cautious if rng.random() < 0.85 else legal)))
            assert response.status_code == 200
            if response.json["status"] == "running":
                own = {card["id"] for card in response.json["hands"][seat]}
                assert own_card_leaks(response.json, own) == []
            turn += 1
        assert turn > 25

        for seat, player in enumerate(players):
            view = player.view(game_id)
            assert all(card["suit"] is not None for card in view["hands"][seat])
            events = player.get(f"/v1/games/{game_id}/events?limit=500").json["events"]
            assert all(event["drew_suit"] is not None for event in events if event.get("drew") is not None)
        assert players[0].get(f"/v1/games/{game_id}/export").status_code == 200


def test_a_reorder_shows_no_identity_either(started_game):
    game_id, (alice, bob) = started_game(seed="reorder")
    hand = [card["id"] for card in alice.view(game_id)["hands"][0]]
    response = alice.act(game_id, kind="reorder", cards=hand[::-1])
    assert response.status_code == 200
    assert [card["id"] for card in response.json["hands"][0]] == hand[::-1]
    assert own_card_leaks(response.json, set(hand)) == []
    events = alice.get(f"/v1/games/{game_id}/events").json["events"]
    assert events[-1]["type"] == "reorder" and events[-1]["cards"] == hand[::-1]
    assert own_card_leaks(events, set(hand)) == []
