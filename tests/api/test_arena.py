"""The arena's API through the app (Flask's test client, real Postgres, real tokens): entering,
the public pages' data, bots online, challenges, and finished games of unpublished deals."""

import random

import pytest
from hanabi.api.arena import PRESENCE_EXTENSION
from hanabi.api.context import POOL_EXTENSION
from hanabi.arena import store as arena
from hanabi.arena.lineups import Participant, plan_deal
from hanabi.bots import basic
from hanabi.engine import view
from hanabi.store.games import load_game
from hanabi.store.moves import make_move

from .conftest import assert_problem


@pytest.fixture
def conn(app):
    with app.extensions[POOL_EXTENSION].connection() as connection:
        yield connection


def online(app, *bots):
    """The bots long-poll once (which marks them), and the marks are written."""
    for bot in bots:
        assert bot.get("/v1/me/turn?wait=1").status_code == 200
    app.extensions[PRESENCE_EXTENSION].flush()


def enter(bot, **body):
    return bot.app.test_client().put(
        "/v1/arena/entry", json={"version": "v1", "player_counts": [2, 3], **body}, headers=bot.headers()
    )


def test_a_bot_enters_reads_its_entry_and_leaves(new_player):
    bot = new_player("bot")
    assert_problem(bot.get("/v1/arena/entry"), 404, "not_in_arena")
    entered = enter(bot, variants=["No Variant", "one special suit"])
    assert entered.status_code == 200, entered.json
    assert entered.json["name"] == bot.name and entered.json["version"] == "v1" and entered.json["active"]
    assert entered.json["player_counts"] == [2, 3] and not entered.json["reference"]
    assert bot.get("/v1/arena/entry").json["id"] == entered.json["id"]
    renewed = enter(bot, version="v2")
    assert renewed.json["id"] != entered.json["id"] and renewed.json["variants"] == ["No Variant"]
    lines = bot.app.test_client().get(f"/v1/arena/bots/{bot.name}")
    assert [line["entry"]["version"] for line in lines.json["lines"]] == ["v2", "v1"]
    assert bot.delete("/v1/arena/entry").status_code == 204
    assert_problem(bot.delete("/v1/arena/entry"), 404, "not_in_arena")


def test_entering_refuses_people_and_bad_entries(new_player):
    assert_problem(enter(new_player()), 403, "not_a_bot")
    bot = new_player("bot")
    assert_problem(enter(bot, player_counts=[7]), 422)
    assert_problem(enter(bot, player_counts=[]), 422)
    assert_problem(enter(bot, variants=["Rainbow"]), 422, "unknown_variant")
    assert_problem(enter(bot, version=""), 422)


def test_public_reads_need_no_token_and_unknown_ids_are_404(client):
    board = client.get("/v1/arena/leaderboard?players=3")
    assert board.status_code == 200 and board.json["players"] == 3 and board.json["anchor"] == "basic"
    assert board.json["family"] is None and board.json["family_min_deals"] >= 1
    assert all(set(family) == {"family", "deals", "shown"} for family in board.json["families"])
    by_family = client.get("/v1/arena/leaderboard", query_string={"players": 3, "family": "one special suit"})
    assert by_family.status_code == 200 and by_family.json["family"] == "one special suit"
    assert client.get("/v1/arena/online").status_code == 200
    assert_problem(client.get("/v1/arena/leaderboard?players=9"), 422)
    assert_problem(client.get("/v1/arena/leaderboard?family=Rainbow"), 422)
    assert_problem(client.get("/v1/arena/entries/999999999"), 404, "arena_entry_not_found")
    assert_problem(client.get("/v1/arena/entries/99999999999999999999"), 404, "arena_entry_not_found")
    assert_problem(client.get("/v1/arena/deals/999999999"), 404, "arena_deal_not_found")
    assert_problem(client.get("/v1/arena/bots/nobody-at-all"), 404, "bot_not_found")


def test_every_bot_waiting_for_work_is_online_with_what_it_plays(app, new_player, client):
    bot, outside, idle, person = new_player("bot"), new_player("bot"), new_player("bot"), new_player()
    entry = enter(bot).json
    enter(idle)
    online(app, bot, outside, person)
    listed = {item["name"]: item for item in client.get("/v1/arena/online").json["items"]}
    assert listed[bot.name]["in_arena"] and listed[bot.name]["entry"]["id"] == entry["id"]
    assert listed[bot.name]["player_counts"] == [2, 3] and listed[bot.name]["variants"] == ["No Variant"]
    assert listed[outside.name] | {"last_seen_at": None} == {
        "name": outside.name,
        "last_seen_at": None,
        "in_arena": False,
        "player_counts": [2, 3, 4, 5, 6],
        "variants": None,
        "entry": None,
    }
    assert idle.name not in listed and person.name not in listed


def play_to_the_end(conn, game_id):
    rng = random.Random(game_id)
    while True:
        _, state = load_game(conn, game_id)
        if state.is_over:
            return
        make_move(conn, game_id, basic.choose(view(state, state.current_seat), rng))


def test_finished_games_of_a_deal_are_hidden_until_every_table_has_finished(app, conn, new_player, client):
    bot = new_player("bot")
    entry = arena.get_entry(conn, enter(bot, player_counts=[2]).json["id"])
    (reference,) = arena.reference_entries(conn, ("basic",))
    plan = plan_deal(
        2,
        [Participant(reference.id, None, "basic")],
        [Participant(entry.id, entry.account_id, None)],
        tables=2,
        rng=random.Random(0),
    )
    deal_id = arena.create_deal(conn, 2, "No Variant", plan, secret=b"k" * 32, turn_seconds=30)
    games = dict(
        conn.execute("SELECT candidate_entry_id, game_id FROM arena_tables WHERE deal_id = %s", (deal_id,)).fetchall()
    )
    mine, anchor = games[entry.id], games[reference.id]
    assert bot.get(f"/v1/games/{mine}/view").status_code == 200
    play_to_the_end(conn, mine)
    for path in ("", "/view", "/replay", "/events", "/export", "/chat"):
        assert_problem(bot.get(f"/v1/games/{mine}{path}"), 409, "arena_deal_not_published")
    assert client.get(f"/v1/arena/deals/{deal_id}").json["seed"] is None
    play_to_the_end(conn, anchor)
    assert arena.publish_deal(conn, deal_id)
    assert bot.get(f"/v1/games/{mine}/replay").status_code == 200
    shown = client.get(f"/v1/arena/deals/{deal_id}").json
    assert shown["seed"] and {table["game_id"] for table in shown["tables"]} == {mine, anchor}
    profile = client.get(f"/v1/arena/entries/{entry.id}").json
    assert profile["recent_games"][0]["replay"] == f"/v1/games/{mine}/replay"
    assert profile["ratings"][0]["players"] == 2 and profile["history"][0]["deal_id"] == deal_id
    board = client.get("/v1/arena/leaderboard?players=2").json["standings"]
    assert entry.id in [standing["entry"]["id"] for standing in board]
    lows = [standing["rating"]["low"] for standing in board]
    assert lows == sorted(lows, reverse=True)


def challenge(person, bot, **body):
    return person.post("/v1/arena/challenges", json={"bot": bot.name, "options": {"players": 3}, **body})


def test_a_person_challenges_an_online_bot_which_accepts(app, new_player):
    person, bot = new_player(), new_player("bot")
    assert_problem(challenge(person, bot), 409, "bot_offline")
    assert_problem(challenge(person, new_player()), 404, "bot_not_found")
    online(app, bot)
    made = challenge(person, bot, seat=2, partner="basic")
    assert made.status_code == 201, made.json
    body = made.json
    assert made.headers["Location"] == f"/v1/arena/challenges/{body['id']}"
    assert body["status"] == "pending" and body["challenger"] == person.name and body["bot"] == bot.name
    invited = bot.get("/v1/me/games?status=lobby").json["items"]
    assert body["game_id"] in [game["id"] for game in invited]
    assert_problem(person.post(f"/v1/arena/challenges/{body['id']}/accept"), 403, "not_the_challenged_bot")
    assert_problem(new_player().get(f"/v1/arena/challenges/{body['id']}"), 404, "challenge_not_found")
    accepted = bot.post(f"/v1/arena/challenges/{body['id']}/accept")
    assert accepted.status_code == 200 and accepted.json["status"] == "accepted"
    game = person.get(f"/v1/games/{body['game_id']}").json
    assert game["status"] == "running"
    names = [seat.get("account") for seat in game["seats"]]
    assert (names[0], names[2]) == (bot.name, person.name)
    assert_problem(bot.post(f"/v1/arena/challenges/{body['id']}/decline"), 409, "challenge_not_pending")
    assert body["id"] in [item["id"] for item in person.get("/v1/arena/challenges").json["items"]]


def test_a_bot_that_takes_its_seat_has_accepted(app, new_player):
    person, bot = new_player(), new_player("bot")
    online(app, bot)
    body = challenge(person, bot).json
    assert bot.post(f"/v1/games/{body['game_id']}/join").status_code == 200
    assert person.get(f"/v1/arena/challenges/{body['id']}").json["status"] == "accepted"


def test_a_declined_or_expired_challenge_ends_its_lobby_game(app, conn, new_player):
    person, bot = new_player(), new_player("bot")
    online(app, bot)
    declined = challenge(person, bot).json
    answer = bot.post(f"/v1/arena/challenges/{declined['id']}/decline")
    assert answer.status_code == 200 and answer.json["status"] == "declined"
    assert person.get(f"/v1/games/{declined['game_id']}").json["status"] == "finished"
    cancelled = challenge(person, bot).json
    assert person.post(f"/v1/arena/challenges/{cancelled['id']}/decline").json["status"] == "cancelled"
    late = challenge(person, bot).json
    conn.execute("UPDATE arena_challenges SET expires_at = now() - interval '1 second' WHERE id = %s", (late["id"],))
    assert_problem(bot.post(f"/v1/arena/challenges/{late['id']}/accept"), 409, "challenge_not_pending")
    assert person.get(f"/v1/arena/challenges/{late['id']}").json["status"] == "expired"
    assert person.get(f"/v1/games/{late['game_id']}").json["status"] == "finished"


def test_a_bot_whose_entry_does_not_play_the_options_is_not_challenged(app, new_player):
    person, bot = new_player(), new_player("bot")
    enter(bot, player_counts=[2])
    online(app, bot)
    assert_problem(challenge(person, bot), 422, "not_played_by_bot")
    assert_problem(challenge(person, bot, seat=5), 422)
    assert_problem(challenge(person, bot, partner="nobody"), 422)
