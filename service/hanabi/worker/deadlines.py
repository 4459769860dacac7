"""Turn deadlines: what happens when the seat to move lets its time run out.

The store writes each turn's deadline (`games.deadline`) in the transaction that begins the
turn (see hanabi.store.deadlines). After the commit, `schedule_expiry` sends
`expire_turn(game_id, version)` to run at the deadline (Celery's `eta`), when the deadline is
at most SCHEDULE_HORIZON_SECONDS away; a later deadline (correspondence) is left to the
sweeper, since a broker may hand a message that waits hours to a second worker (Redis
redelivers unacknowledged messages after its visibility timeout). The sweeper's check
`enqueue_overdue_turns` sends the task again for every running game whose deadline has
passed: a lost message, a dead worker or broker delay the expiry by one sweep at most.

`expire_turn` is keyed by (game, version): when the game has moved on, it does nothing. Else,
by the time control's `on_timeout`, it ends the game (EndGame(seat, timeout): score 0) or plays
the safe default move (bots/safe_move) for the absent seat, from that seat's view. Either is
written through the store's `make_move` at that version with the payload marked
`"by": "server_timeout"`; the event's seat is the absent seat.
"""

import logging
import random
from datetime import UTC, datetime

import psycopg

from hanabi.bots import safe_move
from hanabi.engine import EndCondition, EndGame, GameState, view
from hanabi.runtime import metrics
from hanabi.store.moves import make_move
from hanabi.store.records import Game

from .game_tasks import at_version
from .tasks import EXPIRE_TURN

SERVER_TIMEOUT = "server_timeout"
"""The `by` of an event the server wrote because a turn's time ran out."""

SCHEDULE_HORIZON_SECONDS = 600
"""Deadlines nearer than this get a scheduled task; the sweeper handles the others."""

MAX_PER_SWEEP = 1000

ENDED = "ended"
MOVED = "moved"
NO_DEADLINE = "no_deadline"
NOT_DUE = "not_due"
"""The task ran before the deadline (clocks of two machines); it was scheduled again."""

log = logging.getLogger(__name__)


def schedule_expiry(app, game: Game) -> bool:
    """Send the expiry of `game`'s current turn to run at its deadline, if it has one near enough."""
    if game.status != "running" or game.deadline is None:
        return False
    wait = (game.deadline - datetime.now(UTC)).total_seconds()
    if wait > SCHEDULE_HORIZON_SECONDS:
        return False
    options = {"eta": game.deadline} if wait > 0 else {}
    app.send_task(EXPIRE_TURN, args=(game.id, game.version), **options)
    return True


def timeout_random(game_id: int, version: int) -> random.Random:
    return random.Random(f"hanabi timeout {game_id} {version}")


@at_version
def expire_turn(app, conn: psycopg.Connection, game: Game, state: GameState) -> str:
    """Apply the time control's `on_timeout` to the game if its deadline has passed; returns
    what happened (ENDED, MOVED, STALE, ...)."""
    if game.status != "running" or game.deadline is None:
        return NO_DEADLINE
    if game.deadline > conn.execute("SELECT clock_timestamp()").fetchone()[0]:
        schedule_expiry(app, game)
        return NOT_DUE
    seat = game.current_seat
    if game.time_control.on_timeout == "move":
        action, outcome = safe_move.choose(view(state, seat), timeout_random(game.id, game.version)), MOVED
    else:
        action, outcome = EndGame(seat, EndCondition.TIMEOUT), ENDED
    expired = make_move(conn, game.id, action, game.version, by=SERVER_TIMEOUT, followups=app.followups)
    record_expiry(game, expired.game, action.kind)
    log.info("game %s: seat %s's turn at version %s timed out (%s)", game.id, seat, game.version, outcome)
    return outcome


def record_expiry(before: Game, after: Game, kind: str) -> None:
    """Count the action, and the lag from the deadline to its commit (the database's clock)."""
    metrics.count_action(kind, "timeout")
    lag = (after.updated_at - before.deadline).total_seconds()
    metrics.DEADLINE_LAG.labels(before.time_control.on_timeout).observe(max(lag, 0.0))


def overdue_turns(conn: psycopg.Connection, limit: int = MAX_PER_SWEEP) -> list[tuple[int, int]]:
    """(game id, version) of running games whose turn's deadline has passed, most overdue first."""
    return conn.execute(
        """SELECT id, version FROM games
            WHERE status = 'running' AND deadline IS NOT NULL AND deadline <= now()
            ORDER BY deadline LIMIT %s""",
        (limit,),
    ).fetchall()


def enqueue_overdue_turns(app, conn: psycopg.Connection) -> int:
    overdue = overdue_turns(conn)
    for game_id, version in overdue:
        app.send_task(EXPIRE_TURN, args=(game_id, version))
    return len(overdue)
