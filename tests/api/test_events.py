from .conftest import action_body, assert_problem


def test_events_are_read_in_pages_after_a_sequence_number(started_game):
    game_id, (alice, bob) = started_game(seed="paged events")
    for _ in range(4):
        mover = (alice, bob)[alice.get(f"/v1/games/{game_id}").json["current_seat"]]
        mover.act(game_id, **action_body(mover.view(game_id)["legal_actions"][-1]))
    everything = alice.get(f"/v1/games/{game_id}/events").json
    assert [event["seq"] for event in everything["events"]] == list(range(1, 8))
    assert (everything["last_seq"], everything["has_more"]) == (7, False)

    pages, after = [], 0
    while True:
        page = alice.get(f"/v1/games/{game_id}/events?after={after}&limit=3").json
        if not page["events"]:
            assert page["last_seq"] == after and page["has_more"] is False
            break
        pages.append([event["seq"] for event in page["events"]])
        assert page["has_more"] == (page["last_seq"] < 7)
        after = page["last_seq"]
    assert pages == [[1, 2, 3], [4, 5, 6], [7]]
    assert alice.get(f"/v1/games/{game_id}/events?after=3&limit=3").json["events"] == everything["events"][3:6]


def test_the_log_starts_with_the_seating_and_the_deal(started_game):
    game_id, (alice, bob) = started_game(seed="seating")
    events = bob.get(f"/v1/games/{game_id}/events").json["events"]
    assert [(e["type"], e["seat"], e.get("account")) for e in events] == [
        ("seat_joined", 0, alice.name),
        ("seat_joined", 1, bob.name),
        ("game_started", None, None),
    ]
    dealt = events[2]["hands"]
    assert [[card["id"] for card in hand] for hand in dealt] == [
        [card["id"] for card in hand] for hand in bob.view(game_id)["hands"]
    ]


def test_an_action_event_carries_its_public_outcome(started_game):
    game_id, (alice, bob) = started_game(seed="outcomes")
    bob_hand = alice.view(game_id)["hands"][1]
    rank = bob_hand[0]["rank"]
    alice.act(game_id, kind="rank_clue", target=1, rank=rank)
    discarded = bob.view(game_id)["hands"][1][-1]["id"]
    bob.act(game_id, kind="discard", card=discarded)

    clue, discard = alice.get(f"/v1/games/{game_id}/events?after=3").json["events"]
    assert (clue["type"], clue["seat"], clue["target"], clue["clue_kind"], clue["value"]) == (
        "rank_clue",
        0,
        1,
        "rank",
        rank,
    )
    assert clue["touched"] == [card["id"] for card in bob_hand if card["rank"] == rank]
    card = next(c for c in bob_hand if c["id"] == discarded)
    assert (discard["type"], discard["card"], discard["suit"], discard["rank"]) == (
        "discard",
        discarded,
        card["suit"],
        card["rank"],
    )
    drawn = alice.view(game_id)["hands"][1][0]
    assert (discard["drew"], discard["drew_suit"], discard["drew_rank"]) == (drawn["id"], drawn["suit"], drawn["rank"])
    seen_by_bob = bob.get(f"/v1/games/{game_id}/events?after=4").json["events"][0]
    assert (seen_by_bob["drew"], seen_by_bob["drew_suit"], seen_by_bob["drew_rank"]) == (drawn["id"], None, None)


def test_anyone_reads_the_log_of_a_lobby_game_and_unknown_games_are_404(new_player):
    alice, stranger = new_player(), new_player()
    game_id = alice.post("/v1/games", json={"options": {"players": 2}}).json["id"]
    alice.post(f"/v1/games/{game_id}/join")
    assert [e["account"] for e in stranger.get(f"/v1/games/{game_id}/events").json["events"]] == [alice.name]
    for path in ("events", "view", "export"):
        assert_problem(stranger.get(f"/v1/games/987654321/{path}"), 404, "game_not_found")
    for path in ("leave", "start", "resign", "abort", "actions"):
        assert_problem(
            stranger.post(f"/v1/games/987654321/{path}", json={"kind": "discard", "card": 0}), 404, "game_not_found"
        )
