"""The inbox (`GET /v1/me/games`): games waiting on you first by time left, then invitations,
your lobby games, games waiting on others, your finished games; and vacations, which pause
the clocks of your correspondence games."""

from datetime import UTC, datetime

import psycopg

from .conftest import action_body, assert_problem

CORRESPONDENCE = {"kind": "correspondence", "days": 1, "on_timeout": "end"}


def two_player_game(first, second, time_control=None, **extra) -> int:
    """A running game of `first` (seat 0, to move) and `second`."""
    body = {"options": {"players": 2}, **extra}
    if time_control:
        body["time_control"] = time_control
    game_id = first.post("/v1/games", json=body).json["id"]
    assert first.post(f"/v1/games/{game_id}/join").status_code == 200
    assert second.post(f"/v1/games/{game_id}/join").status_code == 200
    return game_id


def move(player, game_id):
    assert player.act(game_id, **action_body(player.view(game_id)["legal_actions"][0])).status_code == 200


def inbox(player, query=""):
    return [(game["id"], game["inbox"]) for game in player.get(f"/v1/me/games{query}").json["items"]]


def test_the_inbox_puts_games_waiting_on_you_first_by_time_left(new_player):
    alice, bob, carol = new_player(), new_player(), new_player()
    correspondence = two_player_game(alice, bob, CORRESPONDENCE)
    ten_minutes = two_player_game(alice, bob, {"kind": "per_turn", "seconds": 600, "on_timeout": "end"})
    untimed = two_player_game(alice, bob)
    theirs = two_player_game(alice, bob)
    move(alice, theirs)
    invitation = carol.post(
        "/v1/games",
        json={"options": {"players": 2}, "seats": [{"kind": "open"}, {"kind": "account", "account": alice.name}]},
    ).json["id"]
    waiting = alice.post("/v1/games", json={"options": {"players": 3}}).json["id"]
    alice.post(f"/v1/games/{waiting}/join")
    older_finished, finished = two_player_game(alice, bob), two_player_game(alice, bob)
    for game_id in (older_finished, finished):
        assert bob.post(f"/v1/games/{game_id}/resign").status_code == 200

    listed = inbox(alice)

    assert [game_id for game_id, _ in listed] == [
        ten_minutes,
        correspondence,
        untimed,
        invitation,
        waiting,
        theirs,
        finished,
        older_finished,
    ]
    sections = [entry["section"] for _, entry in listed]
    assert sections == ["your_turn"] * 3 + ["invited", "lobby", "their_turn", "finished", "finished"]
    by_id = dict(listed)
    assert 590 <= by_id[ten_minutes]["seconds_left"] <= 600
    assert 86390 <= by_id[correspondence]["seconds_left"] <= 86400
    assert by_id[untimed]["seconds_left"] is None and by_id[finished]["seconds_left"] is None
    assert (by_id[invitation]["your_seat"], by_id[theirs]["your_seat"], by_id[waiting]["your_seat"]) == (1, 0, 0)
    assert not any(entry["paused"] for _, entry in listed)
    assert [entry["section"] for _, entry in inbox(bob)][:1] == ["your_turn"], "theirs waits on bob"


def test_the_inbox_pages_add_up_and_the_other_orders_still_work(new_player):
    alice, bob = new_player(), new_player()
    games = [two_player_game(alice, bob) for _ in range(3)] + [two_player_game(bob, alice) for _ in range(2)]
    everything = [game_id for game_id, _ in inbox(alice)]
    pages, cursor = [], None
    while True:
        body = alice.get("/v1/me/games?limit=2" + (f"&cursor={cursor}" if cursor else "")).json
        pages += [game["id"] for game in body["items"]]
        cursor = body["next_cursor"]
        if cursor is None:
            break
    assert pages == everything and sorted(everything) == sorted(games)
    assert everything[:3] == games[:3], "waiting on alice, the longest waiting first"
    newest = [game_id for game_id, _ in inbox(alice, "?order=newest")]
    assert newest == sorted(games, reverse=True)
    assert [entry["section"] for _, entry in inbox(alice, "?order=newest")] == ["their_turn"] * 2 + ["your_turn"] * 3
    assert [game_id for game_id, _ in inbox(alice, "?status=lobby")] == []
    assert_problem(alice.get("/v1/me/games?order=oldest"), 422, "invalid_request")


def deadline_of(player, game_id):
    deadline = player.get(f"/v1/games/{game_id}").json["deadline"]
    return None if deadline is None else datetime.fromisoformat(deadline)


def test_a_vacation_pauses_your_correspondence_turns_and_returning_gives_their_time_back(new_player, database_url):
    alice, bob = new_player(), new_player()
    mine = two_player_game(alice, bob, CORRESPONDENCE)
    live = two_player_game(alice, bob, {"kind": "per_turn", "seconds": 600, "on_timeout": "end"})
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("UPDATE games SET deadline = now() + interval '5 hours' WHERE id = %s", (mine,))

    away = alice.post("/v1/me/vacation", json={"days": 3})

    assert away.status_code == 200, away.json
    assert away.json["active"] is True and away.json["days_left_this_year"] == 27
    assert deadline_of(alice, mine) is None, "no expiry while away"
    assert deadline_of(alice, live) is not None, "live games keep their clocks"
    entry = dict(inbox(alice))[mine]
    assert entry["paused"] is True and 5 * 3600 - 30 <= entry["seconds_left"] <= 5 * 3600
    assert_problem(alice.post("/v1/me/vacation", json={"days": 1}), 409, "already_on_vacation")

    back = alice.delete("/v1/me/vacation")

    assert back.status_code == 200 and back.json["active"] is False
    assert back.json["days_taken_this_year"] == 1, "only the days away count"
    left = (deadline_of(alice, mine) - datetime.now(UTC)).total_seconds()
    assert 5 * 3600 - 60 <= left <= 5 * 3600
    assert dict(inbox(alice))[mine]["paused"] is False
    assert_problem(alice.delete("/v1/me/vacation"), 409, "not_on_vacation")


def test_vacation_days_are_capped_per_year(new_player):
    alice = new_player()
    assert_problem(alice.post("/v1/me/vacation", json={"days": 31}), 409, "no_vacation_left")
    assert_problem(alice.post("/v1/me/vacation", json={"days": 0}), 422, "invalid_request")
    assert alice.get("/v1/me/vacation").json == {
        "active": False,
        "started_at": None,
        "ends_at": None,
        "days_taken_this_year": 0,
        "days_left_this_year": 30,
        "days_per_year": 30,
    }
