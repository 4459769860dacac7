"""Arena rounds run by a real Celery worker: a round deals to online bots, the worker plays the
built-in seats, and a later round publishes and rates the deals once their tables finished."""

import random
import uuid
from dataclasses import replace

from hanabi.arena import store as arena
from hanabi.bots import basic
from hanabi.engine import action_to_dict, view
from hanabi.store.accounts import create_account
from hanabi.store.games import load_game
from hanabi.store.moves import PlayerMove, make_move
from hanabi.worker.tasks import ARENA_ROUND

from tests.waiting import until

EMPTY_ARENA = (
    "TRUNCATE arena_entries, arena_deals, arena_tables, arena_seats, arena_ratings, arena_rating_history CASCADE"
)
"""The module's database serves both brokers' runs: each starts from an arena with no entry and no deal."""


def play_bot_seats(service, account_ids: set[int], game_ids: list[int], timeout: float = 120) -> None:
    """Play the accounts' seats (as their runners would) until every game has finished; the
    worker plays the built-in seats."""
    with service.connect() as conn:

        def all_finished() -> bool:
            """Whether every game has finished, after a move in each where one of the accounts is to move."""
            running = 0
            for game_id in game_ids:
                game, state = load_game(conn, game_id)
                if game.status == "finished":
                    continue
                running += 1
                seat = game.seats[game.current_seat]
                if seat.account_id in account_ids:
                    action = basic.choose(view(state, game.current_seat), random.Random(game.version))
                    fields = {key: value for key, value in action_to_dict(action).items() if key != "seat"}
                    make_move(
                        conn,
                        game_id,
                        PlayerMove(seat.account_id, fields),
                        game.version,
                        followups=service.followups,
                    )
            return not running

        until(all_finished, timeout, "the arena's games did not finish", 0.01)


def test_rounds_deal_to_online_bots_and_publish_what_the_worker_finished(service):
    settings = service.app.hanabi_settings
    service.app.hanabi_settings = replace(settings, arena=True, arena_max_games=6, arena_tables_per_deal=3)
    with service.connect() as conn:
        conn.execute(EMPTY_ARENA)
        bots = [create_account(conn, f"arena-{uuid.uuid4().hex[:10]}", "bot")[0] for _ in range(2)]
    try:
        with service.connect() as conn:
            entries = [arena.enter(conn, bot.id, "bot", "v1", [2], []) for bot in bots]
            arena.mark_seen(conn, [bot.id for bot in bots])
        service.app.send_task(ARENA_ROUND)
        (first,) = service.wait_for_outcomes(ARENA_ROUND, (), 1, timeout=60)
        assert first["dealt"] >= 1, first
        with service.connect() as conn:
            deals = [
                row[0]
                for row in conn.execute(
                    """SELECT DISTINCT t.deal_id FROM arena_tables t JOIN arena_seats s ON s.game_id = t.game_id
                        WHERE s.entry_id = ANY(%s)""",
                    ([entry.id for entry in entries],),
                ).fetchall()
            ]
            games = [
                row[0]
                for row in conn.execute("SELECT game_id FROM arena_tables WHERE deal_id = ANY(%s)", (deals,)).fetchall()
            ]
        assert len(games) == 3 * len(deals)
        play_bot_seats(service, {bot.id for bot in bots}, games)
        service.app.send_task(ARENA_ROUND)
        service.app.send_task(ARENA_ROUND)
        outcomes = service.wait_for_outcomes(ARENA_ROUND, (), 3, timeout=60)
        assert sum(outcome.get("published", 0) for outcome in outcomes[1:]) >= len(deals)
        with service.connect() as conn:
            rated = conn.execute(
                "SELECT entry_id, count(*) FROM arena_rating_history WHERE deal_id = ANY(%s) GROUP BY entry_id",
                (deals,),
            ).fetchall()
            published = conn.execute(
                "SELECT count(*) FROM arena_deals WHERE id = ANY(%s) AND published_at IS NOT NULL", (deals,)
            ).fetchone()[0]
        assert published == len(deals)
        per_entry = dict(rated)
        for entry in entries:
            assert per_entry.get(entry.id, 0) <= len(deals)
        assert sum(per_entry.values()) == 3 * len(deals)
    finally:
        service.app.hanabi_settings = settings
