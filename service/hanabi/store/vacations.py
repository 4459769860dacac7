"""Vacations: an account away pauses the clocks of its correspondence games, up to a number of
days per calendar year (HANABI_VACATION_DAYS).

A turn of a correspondence game that waits on an account away is paused: the time it had left
goes to `paused_turns`, and `games.deadline` is set to null, so no expiry runs (the workers'
expiry does nothing for a game without a deadline). Turns that begin during the vacation are
paused by the workers' correspondence sweep within a minute (a correspondence turn lasts a day
at least). When the account returns (or its vacation runs out), each paused turn that is still
on gets its deadline back: now plus the time it had left. The game's version does not change:
pausing is no move. Games with other time controls (seconds per turn, a clock) are live games
and are not paused.
"""

from dataclasses import dataclass
from datetime import datetime

import psycopg
from psycopg.rows import class_row

from .errors import Conflict, InvalidRequest


@dataclass(frozen=True)
class Vacation:
    active: bool
    started_at: datetime | None
    ends_at: datetime | None
    days_taken_this_year: int
    days_per_year: int

    @property
    def days_left_this_year(self) -> int:
        return max(0, self.days_per_year - self.days_taken_this_year)


def vacation(conn: psycopg.Connection, account_id: int, days_per_year: int) -> Vacation:
    """The account's vacation now, and the days it took this calendar year (a vacation counts
    in whole days begun, from its start to its end or its planned end, in the year it began)."""
    open_row = conn.execute(
        "SELECT started_at, ends_at FROM vacations WHERE account_id = %s AND ended_at IS NULL", (account_id,)
    ).fetchone()
    (seconds,) = conn.execute(
        """SELECT coalesce(sum(ceil(extract(epoch FROM coalesce(ended_at, ends_at) - started_at) / 86400)), 0)
             FROM vacations
            WHERE account_id = %s AND date_trunc('year', started_at) = date_trunc('year', now())""",
        (account_id,),
    ).fetchone()
    return Vacation(
        active=open_row is not None,
        started_at=open_row[0] if open_row else None,
        ends_at=open_row[1] if open_row else None,
        days_taken_this_year=int(seconds),
        days_per_year=days_per_year,
    )


def start_vacation(conn: psycopg.Connection, account_id: int, days: int, days_per_year: int) -> None:
    """Go away for `days` (whole days, at most what is left of this year's): pause the turns
    of correspondence games waiting on the account now. 409 when already away or out of days."""
    if type(days) is not int or days < 1:
        raise InvalidRequest("A vacation lasts 1 day or more.", "invalid_vacation")
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(hashtext('vacation'), %s)", (account_id % 2147483647,))
        now = vacation(conn, account_id, days_per_year)
        if now.active:
            raise Conflict(
                f"You are on vacation until {now.ends_at:%Y-%m-%d %H:%M} UTC already.", "already_on_vacation"
            )
        if days > now.days_left_this_year:
            raise Conflict(
                f"You have {now.days_left_this_year} days of vacation left this year (of {days_per_year}), not {days}.",
                "no_vacation_left",
            )
        conn.execute(
            "INSERT INTO vacations (account_id, ends_at) VALUES (%s, now() + make_interval(days => %s))",
            (account_id, days),
        )
        pause_turns(conn, account_id)


def end_vacation(conn: psycopg.Connection, account_id: int) -> bool:
    """Come back: end the open vacation now and give the paused turns their time back. False
    when the account was not away."""
    with conn.transaction():
        ended = conn.execute(
            "UPDATE vacations SET ended_at = now() WHERE account_id = %s AND ended_at IS NULL RETURNING id",
            (account_id,),
        ).fetchone()
        if ended is None:
            return False
        resume_turns(conn, account_id)
    return True


def pause_turns(conn: psycopg.Connection, account_id: int | None = None) -> int:
    """Pause the running correspondence turns waiting on an account away (`account_id`, or
    every account away); how many."""
    rows = conn.execute(
        """WITH paused AS (
               INSERT INTO paused_turns (game_id, account_id, turn, remaining)
               SELECT g.id, g.turn_account_id, g.turn, greatest(g.deadline - now(), interval '0')
                 FROM games g JOIN vacations v ON v.account_id = g.turn_account_id AND v.ended_at IS NULL
                WHERE g.status = 'running' AND g.deadline IS NOT NULL AND g.time_control->>'kind' = 'correspondence'
                  AND (%(account)s::bigint IS NULL OR g.turn_account_id = %(account)s)
               ON CONFLICT (game_id) DO UPDATE SET account_id = EXCLUDED.account_id, turn = EXCLUDED.turn,
                   remaining = EXCLUDED.remaining, paused_at = now()
               RETURNING game_id, turn
           )
           UPDATE games g SET deadline = NULL FROM paused WHERE g.id = paused.game_id AND g.turn = paused.turn
           RETURNING g.id""",
        {"account": account_id},
    ).fetchall()
    return len(rows)


def resume_turns(conn: psycopg.Connection, account_id: int) -> int:
    """Give the account's paused turns that are still on their deadline back; how many."""
    rows = conn.execute(
        """WITH resumed AS (
               DELETE FROM paused_turns WHERE account_id = %s RETURNING game_id, account_id, turn, remaining
           )
           UPDATE games g SET deadline = now() + r.remaining
             FROM resumed r
            WHERE g.id = r.game_id AND g.status = 'running' AND g.turn = r.turn
              AND g.turn_account_id = r.account_id AND g.deadline IS NULL
           RETURNING g.id""",
        (account_id,),
    ).fetchall()
    return len(rows)


def end_due_vacations(conn: psycopg.Connection) -> int:
    """End the vacations whose planned end has come; how many."""
    due = conn.execute(
        "SELECT account_id FROM vacations WHERE ended_at IS NULL AND ends_at <= now() ORDER BY ends_at LIMIT 1000"
    ).fetchall()
    ended = 0
    for (account_id,) in due:
        with conn.transaction():
            row = conn.execute(
                """UPDATE vacations SET ended_at = ends_at
                    WHERE account_id = %s AND ended_at IS NULL AND ends_at <= now() RETURNING id""",
                (account_id,),
            ).fetchone()
            if row is not None:
                resume_turns(conn, account_id)
                ended += 1
    return ended


@dataclass(frozen=True)
class PausedTurn:
    game_id: int
    remaining_seconds: float


def paused_turns_of(conn: psycopg.Connection, game_ids: list[int]) -> dict[int, float]:
    """The seconds left of the paused turns among `game_ids`, by game."""
    if not game_ids:
        return {}
    rows = (
        conn.cursor(row_factory=class_row(PausedTurn))
        .execute(
            """SELECT p.game_id, extract(epoch FROM p.remaining)::float AS remaining_seconds
                 FROM paused_turns p JOIN games g ON g.id = p.game_id AND g.turn = p.turn AND g.deadline IS NULL
                WHERE p.game_id = ANY(%s)""",
            (game_ids,),
        )
        .fetchall()
    )
    return {row.game_id: row.remaining_seconds for row in rows}
