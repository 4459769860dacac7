"""The sweeper: the safety net for work whose message was lost (a broker that dropped it, a
worker that died while holding it). Beat runs `sweep` every HANABI_SWEEP_SECONDS; it runs
each check of SWEEPS, which finds what should have happened by now and enqueues it again.
Since every task is idempotent, enqueuing something that was merely slow does no harm.

A check is a function (app, connection) -> how many tasks it enqueued: stalled bot turns,
turns whose deadline has passed (deadlines.enqueue_overdue_turns), due webhook deliveries.
"""

from collections.abc import Callable
from datetime import datetime, timedelta

import psycopg

from hanabi.webhooks.delivery import enqueue_due_webhook_deliveries

from .deadlines import enqueue_overdue_turns
from .dispatch import enqueue_bot_turn

MAX_PER_SWEEP = 1000
"""Most tasks a check enqueues per sweep; the oldest first, the rest at the next sweep."""


def stalled_bot_turns(
    conn: psycopg.Connection, stalled_seconds: float, limit: int = MAX_PER_SWEEP
) -> list[tuple[int, int]]:
    """(game id, version) of running games whose seat to move is a bot and which have not
    changed for `stalled_seconds` (their last event, hence the version a bot task would be
    keyed by, is that old), longest waiting first."""
    return conn.execute(
        """SELECT g.id, g.version FROM games g
            WHERE g.status = 'running' AND g.updated_at < %s
              AND (SELECT s.bot_strategy IS NOT NULL FROM game_seats s
                    WHERE s.game_id = g.id AND s.seat = g.current_seat)
            ORDER BY g.updated_at LIMIT %s""",
        (_database_now(conn) - timedelta(seconds=stalled_seconds), limit),
    ).fetchall()


def _database_now(conn: psycopg.Connection) -> datetime:
    """The database's clock, which wrote `updated_at`. The cutoff is computed here and passed as a
    value: Postgres cannot estimate `now() - interval` rows, and planned a scan of every seat."""
    return conn.execute("SELECT now()").fetchone()[0]


def enqueue_stalled_bot_turns(app, conn: psycopg.Connection) -> int:
    stalled = stalled_bot_turns(conn, app.hanabi_settings.bot_stall_seconds)
    for game_id, version in stalled:
        enqueue_bot_turn(app, game_id, version)
    return len(stalled)


SWEEPS: list[Callable[..., int]] = [enqueue_stalled_bot_turns, enqueue_overdue_turns, enqueue_due_webhook_deliveries]


def sweep(app) -> dict[str, int]:
    """Run every check; returns how many tasks each enqueued, by name."""
    with app.database().connection() as conn:
        return {check.__name__: check(app, conn) for check in SWEEPS}
