"""Bot seats played by a real Celery worker, on the filesystem broker and on Redis."""

import random
import time
import uuid
from dataclasses import replace

from hanabi.api import create_app
from hanabi.bots import STRATEGIES, random_bot
from hanabi.config import load_settings
from hanabi.engine import GameOptions, View
from hanabi.store.accounts import create_account
from hanabi.store.database import connect
from hanabi.store.games import create_game, load_game
from hanabi.store.records import SeatPlan
from hanabi.store.seats import join_seat
from hanabi.worker.bot_turns import PLAYED
from hanabi.worker.dispatch import enqueue_bot_turn
from hanabi.worker.game_tasks import STALE
from hanabi.worker.sweeper import stalled_bot_turns
from hanabi.worker.tasks import PLAY_BOT_TURN, SWEEP

from tests.waiting import until

from .game_log import assert_bots_chose_from_their_view, assert_one_event_per_turn


def test_games_of_five_bot_seats_play_to_the_end_by_themselves(service):
    plans = {
        "mixed": [SeatPlan.bot(name) for name in ("basic", "hat", "random", "basic", "hat")],
        "hat": [SeatPlan.bot("hat")] * 5,
    }
    with service.connect() as conn:
        game_ids = [
            create_game(
                conn, GameOptions(players=5), plan, seed=f"five bots {name}", followups=service.followups
            ).game.id
            for name, plan in plans.items()
        ]
    for game_id in game_ids:
        service.wait_finished(game_id)
        game, state, events = assert_one_event_per_turn(service.database_url, game_id)
        assert state.is_over and game.status == "finished"
        assert_bots_chose_from_their_view(game, events)
    with service.connect() as conn:
        hat_game = load_game(conn, game_ids[1]).game
    assert hat_game.end_condition == "normal" and hat_game.score > 0, "five hat bots play a whole game"


PERSON_GAME_SECRET = "bot seat tests: the seed 'person' deals one long game"
"""A deal secret of the test's own, so that the seed names the same deal every run (under the
database's random secret it may deal a game that the bots strike out of in a few moves)."""


def test_a_person_through_the_api_and_bots_finish_a_game_and_the_bots_move_at_once(service):
    settings = replace(load_settings(), deal_secret=PERSON_GAME_SECRET)
    api = create_app(settings=settings, pool=service.pool, followups=service.followups).test_client()
    account = api.post("/v1/accounts", json={"name": f"human-{uuid.uuid4().hex[:10]}", "kind": "human"}).json
    headers = {"Authorization": f"Bearer {account['token']}"}
    seats = [{"kind": "bot", "strategy": "basic"}, {"kind": "open"}, {"kind": "bot", "strategy": "basic"}]
    created = api.post("/v1/games", json={"options": {"players": 3}, "seats": seats, "seed": "person"}, headers=headers)
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    joined = api.post(f"/v1/games/{game_id}/join", headers=headers)
    assert joined.json["status"] == "running" and joined.json["current_seat"] == 0
    rng = random.Random(1)
    waits = []
    moves = 0
    while True:
        asked = time.monotonic()
        game = service.wait_until(
            game_id, lambda game: game.status == "finished" or game.current_seat == 1, 10, "the bots' moves"
        )
        waits.append(time.monotonic() - asked)
        if game.status == "finished":
            break
        legal = api.get(f"/v1/games/{game_id}/view", headers=headers).json["legal_actions"]
        safe = [action for action in legal if action["kind"] != "play"] or legal
        body = {key: value for key, value in rng.choice(safe).items() if key != "seat"}
        # Every other move with an Idempotency-Key: the API's other transaction path.
        extra = {"Idempotency-Key": f"move-{moves}"} if moves % 2 else {}
        response = api.post(
            f"/v1/games/{game_id}/actions",
            json={**body, "expected_version": game.version},
            headers={**headers, **extra},
        )
        assert response.status_code == 200, response.json
        moves += 1
    assert moves > 10
    game, state, events = assert_one_event_per_turn(service.database_url, game_id)
    assert_bots_chose_from_their_view(game, events)
    assert max(waits) < 3, f"the bots took {max(waits):.2f} s to answer a move"


def test_duplicate_and_late_deliveries_of_a_bot_turn_write_one_event(service):
    with service.connect() as conn:
        person, _ = create_account(conn, f"person-{uuid.uuid4().hex[:10]}", "human")
        created = create_game(
            conn,
            GameOptions(players=2, starting_seat=1),
            [SeatPlan.open(), SeatPlan.bot("basic")],
            followups=service.followups,
        )
        # Taking the last seat starts the game: the bot's turn is enqueued after that commit.
        started = join_seat(conn, created.game.id, person.id, followups=service.followups).game
    game_id, version = started.id, started.version
    for _ in range(5):
        enqueue_bot_turn(service.app, game_id, version)

    outcomes = service.wait_for_outcomes(PLAY_BOT_TURN, (game_id, version), 6)
    assert sorted(outcomes) == [PLAYED] + [STALE] * 5
    moves = [event for event in service.events(game_id) if event.seq > version]
    assert [(event.seq, event.seat) for event in moves] == [(version + 1, 1)]

    enqueue_bot_turn(service.app, game_id, version)
    enqueue_bot_turn(service.app, game_id, version - 1)
    assert service.wait_for_outcomes(PLAY_BOT_TURN, (game_id, version - 1), 1) == [STALE]
    assert service.wait_for_outcomes(PLAY_BOT_TURN, (game_id, version), 7)[-1] == STALE
    with service.connect() as conn:
        assert load_game(conn, game_id).game.version == version + 1


def test_a_bot_strategy_is_given_its_seat_view_and_nothing_else(service, monkeypatch):
    given = []

    def peek(seat_view, rng):
        given.append(seat_view)
        return random_bot.choose(seat_view, rng)

    monkeypatch.setitem(STRATEGIES, "peek", peek)
    with service.connect() as conn:
        game_id = create_game(
            conn, GameOptions(players=3), [SeatPlan.bot("peek")] * 3, seed="peek", followups=service.followups
        ).game.id
    service.wait_finished(game_id)
    _, state, _ = assert_one_event_per_turn(service.database_url, game_id)
    assert len(given) == state.turn
    for seat_view in given:
        assert type(seat_view) is View
        assert seat_view.seat == seat_view.current_seat
        for seat, hand in enumerate(seat_view.hands):
            hidden = [card.suit is None and card.rank is None for card in hand]
            assert hand and all(hidden) if seat == seat_view.seat else not any(hidden)


def test_the_sweeper_enqueues_a_bot_turn_whose_message_was_lost(service):
    with connect(service.database_url) as conn:
        game = create_game(
            conn, GameOptions(players=3), [SeatPlan.bot("basic")] * 3, seed="lost"
        ).game  # nothing enqueued
    assert game.status == "running"
    with service.connect() as conn:
        assert (game.id, game.version) not in stalled_bot_turns(conn, 1.0)
        until(lambda: (game.id, game.version) in stalled_bot_turns(conn, 1.0), 10, "the bot's turn stalled a second")
        assert load_game(conn, game.id).game.version == game.version, "no task was enqueued, so nobody moved"
        assert (game.id, game.version) in stalled_bot_turns(conn, 1.0)

    service.app.send_task(SWEEP)
    service.wait_finished(game.id)
    assert_one_event_per_turn(service.database_url, game.id)


def test_a_bot_turn_sent_with_a_countdown_waits_for_it(service):
    with connect(service.database_url) as conn:
        game = create_game(
            conn, GameOptions(players=2), [SeatPlan.bot("basic")] * 2, seed="countdown"
        ).game  # nothing enqueued
    sent = time.monotonic()
    service.app.send_task(PLAY_BOT_TURN, args=(game.id, game.version), countdown=1)
    service.wait_until(game.id, lambda current: current.version > game.version, 10, "the delayed move")
    assert time.monotonic() - sent >= 1
    service.wait_finished(game.id)
