"""An account's inbox: its games in the order a correspondence player works through them.

1. `your_turn`: running games waiting on the account, the nearest deadline first (a paused
   turn by the time it has left), then the turn that has waited longest;
2. `invited`: lobby games with a seat reserved for the account, not taken yet, newest first;
3. `lobby`: lobby games the account sits in, newest first;
4. `their_turn`: running games waiting on someone else, the nearest deadline first, then newest;
5. `finished`: the account's finished games, the latest ended first.

Pages are cut by position (the cursor is the number of games already shown): the order of the
first four sections changes with every move, so no key would stay valid, and an account has few
games there; finished games, the long tail, keep their order.
"""

from dataclasses import dataclass

import psycopg
from psycopg.rows import dict_row

from .lobby import _check_limit
from .records import GAME_COLUMNS, Game, game_from_row

SECTIONS = ("your_turn", "invited", "lobby", "their_turn", "finished")


@dataclass(frozen=True)
class InboxEntry:
    game: Game
    section: str
    your_seat: int | None
    """Your seat (the reserved one for an invitation)."""
    paused_seconds: float | None
    """A turn paused by a vacation: the seconds it has left (its deadline is null meanwhile)."""


def inbox(
    conn: psycopg.Connection, account_id: int, *, status: str | None = None, offset: int = 0, limit: int = 50
) -> list[InboxEntry]:
    _check_limit(limit)
    rows = (
        conn.cursor(row_factory=dict_row)
        .execute(
            f"""WITH mine AS (
                    SELECT s.game_id, s.seat, s.account_id IS NULL AS invited FROM game_seats s
                     WHERE s.account_id = %(account)s
                        OR (s.reserved_for = %(account)s AND s.account_id IS NULL
                            AND NOT EXISTS (SELECT 1 FROM game_seats t
                                             WHERE t.game_id = s.game_id AND t.account_id = %(account)s))
                ), placed AS (
                    SELECT m.game_id, m.seat,
                           CASE WHEN g.status = 'running' AND g.turn_account_id = %(account)s THEN 0
                                WHEN g.status = 'lobby' AND m.invited THEN 1
                                WHEN g.status = 'lobby' THEN 2
                                WHEN g.status = 'running' THEN 3
                                ELSE 4 END AS section,
                           coalesce(g.deadline, now() + p.remaining) AS due,
                           extract(epoch FROM p.remaining)::float AS paused_seconds
                      FROM mine m JOIN games g ON g.id = m.game_id
                      LEFT JOIN paused_turns p ON p.game_id = g.id AND p.turn = g.turn AND g.deadline IS NULL
                     WHERE %(status)s::text IS NULL OR g.status = %(status)s
                )
                SELECT {GAME_COLUMNS}, p.section, p.seat AS your_seat, p.paused_seconds
                  FROM placed p JOIN games g ON g.id = p.game_id
                 ORDER BY p.section,
                          CASE WHEN p.section IN (0, 3) THEN p.due END ASC NULLS LAST,
                          CASE WHEN p.section = 0 THEN g.turn_started_at END ASC,
                          CASE WHEN p.section = 4 THEN g.updated_at END DESC,
                          g.id DESC
                 OFFSET %(offset)s LIMIT %(limit)s""",
            {"account": account_id, "status": status, "offset": offset, "limit": limit},
        )
        .fetchall()
    )
    return [
        InboxEntry(game_from_row(row), SECTIONS[row["section"]], row["your_seat"], row["paused_seconds"])
        for row in rows
    ]
