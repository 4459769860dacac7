"""A bot seat's turn: the strategy chooses from that seat's view and the move is written like
any other (the task `play_bot_turn(game_id, version)`, see tasks).

The strategy sees that seat's view only (the engine's `view(state, seat)`) and a random source
seeded from (game, version), so the same turn always gets the same move. The move goes through
the store's `make_move` with `expected_version=version`, the path the API's actions take: of
two copies of the task, one writes the event and the other meets a VersionConflict and stops.
Its commit enqueues the next bot's turn (the app's `followups`, see dispatch).
"""

import logging
import random
from time import perf_counter

import psycopg

from hanabi.bots import STRATEGIES, random_bot
from hanabi.engine import Action, GameState, IllegalAction, View, view
from hanabi.runtime import metrics
from hanabi.store.moves import make_move
from hanabi.store.records import Game

from .game_tasks import at_version

log = logging.getLogger(__name__)

PLAYED = "played"
NOT_A_BOT_TURN = "not_a_bot_turn"
"""The game is over or not running, or a person is to move."""


def bot_random(game_id: int, version: int) -> random.Random:
    return random.Random(f"hanabi bot {game_id} {version}")


@at_version
def play_bot_turn(app, conn: psycopg.Connection, game: Game, state: GameState) -> str:
    """Play the bot's turn of the game; returns what happened (PLAYED, STALE, ...)."""
    strategy = game.bot_to_move
    if strategy is None:
        return NOT_A_BOT_TURN
    seat_view = view(state, game.current_seat)
    rng = bot_random(game.id, game.version)
    label = strategy if strategy in STRATEGIES else "unknown"
    started = perf_counter()
    action = decide(strategy, seat_view, rng)
    metrics.BOT_DECIDE_SECONDS.labels(label).observe(perf_counter() - started)
    try:
        moved = make_move(conn, game.id, action, game.version, followups=app.followups)
    except IllegalAction as error:
        log.error(
            "bot %r chose an illegal move in game %s at version %s (%s): playing a random move",
            strategy,
            game.id,
            game.version,
            error.code,
        )
        action = random_bot.choose(seat_view, rng)
        moved = make_move(conn, game.id, action, game.version, followups=app.followups)
    record_bot_move(game, moved.game, action, label)
    return PLAYED


def record_bot_move(before: Game, after: Game, action: Action, strategy_label: str) -> None:
    """Count the move, and its latency: from the start of the bot's turn to the commit of its
    move, both on the database's clock (so the time the task waited in the queue counts too)."""
    metrics.count_action(action.kind, "bot_seat")
    if before.turn_started_at is not None and after.updated_at is not None:
        latency = (after.updated_at - before.turn_started_at).total_seconds()
        metrics.BOT_MOVE_LATENCY.labels(strategy_label).observe(max(latency, 0.0))


def decide(strategy: str, seat_view: View, rng: random.Random) -> Action:
    """The strategy's move; a random legal move when the strategy is unknown or fails, so that
    a broken bot cannot stall a game (the sweeper would enqueue the same failing turn forever)."""
    choose = STRATEGIES.get(strategy)
    if choose is None:
        log.error("no bot strategy %r: playing a random move", strategy)
        return random_bot.choose(seat_view, rng)
    try:
        return choose(seat_view, rng)
    except Exception:
        log.exception("bot %r failed: playing a random move", strategy)
        return random_bot.choose(seat_view, rng)
