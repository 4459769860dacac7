"""Correspondence games over weeks: vacations and idle games.

Beat sends `sweep_correspondence` every minute (tasks.CORRESPONDENCE_SWEEP_SECONDS). It pauses the
correspondence turns that began for accounts on vacation since the last sweep (hanabi.store.
vacations: a correspondence turn lasts a day at least, so a minute's delay costs nothing), ends
the vacations that have run out (their paused turns get their time back), and ends the running
games without a time control in which nobody has moved for HANABI_IDLE_GAME_DAYS: an EndGame
with no seat as the cause and hanab.live's end condition `idle_timeout`, written like any move
(at the game's version: a move made meanwhile wins, and the game is looked at again next time).
"""

import logging
from datetime import timedelta

import psycopg

from hanabi.engine import EndCondition, EndGame
from hanabi.store import vacations
from hanabi.store.errors import Conflict
from hanabi.store.followups import NO_FOLLOWUPS, Followups
from hanabi.store.moves import make_move

IDLE_GAMES_PER_SWEEP = 100

log = logging.getLogger(__name__)


def sweep_correspondence(app) -> dict[str, int]:
    with app.database().connection() as conn:
        with conn.transaction():
            paused = vacations.pause_turns(conn)
        ended_vacations = vacations.end_due_vacations(conn)
        idle = end_idle_games(conn, app.hanabi_settings.idle_game_days, followups=app.followups)
    outcome = {"paused_turns": paused, "ended_vacations": ended_vacations, "ended_idle_games": idle}
    if any(outcome.values()):
        log.info("correspondence sweep: %s", outcome)
    return outcome


def idle_games(conn: psycopg.Connection, idle_days: float, limit: int = IDLE_GAMES_PER_SWEEP) -> list[tuple[int, int]]:
    """(id, version) of running games without a time control unchanged for `idle_days`."""
    (now,) = conn.execute("SELECT now()").fetchone()
    return conn.execute(
        """SELECT id, version FROM games
            WHERE status = 'running' AND updated_at < %s AND time_control->>'kind' = 'none'
            ORDER BY updated_at LIMIT %s""",
        (now - timedelta(days=idle_days), limit),
    ).fetchall()


def end_idle_games(conn: psycopg.Connection, idle_days: float, *, followups: Followups = NO_FOLLOWUPS) -> int:
    ended = 0
    for game_id, version in idle_games(conn, idle_days):
        try:
            make_move(conn, game_id, EndGame(-1, EndCondition.IDLE_TIMEOUT), version, followups=followups)
        except Conflict:
            continue
        ended += 1
    return ended
