"""Lists of games: the lobby, an account's games, and the games waiting for an account's move.

Lists are pages, newest game first; pass the last id of a page as `before_id` for the next.
Each query is served by an index of migrations/0001_initial.sql.
"""

import psycopg
from psycopg.rows import dict_row

from .errors import InvalidRequest
from .records import GAME_COLUMNS, STATUSES, Game, game_from_row

MAX_PAGE = 200


def list_games(
    conn: psycopg.Connection, *, status: str | None = None, before_id: int | None = None, limit: int = 50
) -> list[Game]:
    """Games, newest first, optionally only those with `status` (index games_by_status)."""
    conditions, params = _page_conditions(status, before_id, limit)
    where = f"WHERE {' AND '.join(conditions)}" if conditions else ""
    return _fetch(conn, f"SELECT {GAME_COLUMNS} FROM games g {where} ORDER BY g.id DESC LIMIT %(limit)s", params)


def games_of_account(
    conn: psycopg.Connection,
    account_id: int,
    *,
    status: str | None = None,
    before_id: int | None = None,
    limit: int = 50,
) -> list[Game]:
    """The games in which `account_id` has a seat, newest first (index game_seats_by_account)."""
    conditions, params = _page_conditions(status, before_id, limit)
    conditions.insert(0, "s.account_id = %(account_id)s")
    params["account_id"] = account_id
    return _fetch(
        conn,
        f"""SELECT {GAME_COLUMNS} FROM game_seats s JOIN games g ON g.id = s.game_id
            WHERE {" AND ".join(conditions)} ORDER BY s.game_id DESC LIMIT %(limit)s""",
        params,
    )


def games_awaiting_move(conn: psycopg.Connection, account_id: int, *, limit: int = 50) -> list[Game]:
    """Running games in which it is `account_id`'s turn, most urgent first: the nearest deadline,
    then the game whose turn began longest ago (a reorder of a hand does not start a turn)."""
    _check_limit(limit)
    return _fetch(
        conn,
        f"""SELECT {GAME_COLUMNS} FROM games g
             WHERE g.turn_account_id = %(account_id)s AND g.status = 'running'
             ORDER BY g.deadline ASC NULLS LAST, g.turn_started_at ASC, g.id ASC
             LIMIT %(limit)s""",
        {"account_id": account_id, "limit": limit},
    )


def _page_conditions(status: str | None, before_id: int | None, limit: int) -> tuple[list[str], dict]:
    _check_limit(limit)
    conditions, params = [], {"limit": limit}
    if status is not None:
        if status not in STATUSES:
            raise InvalidRequest(f"A game's status is one of {', '.join(STATUSES)}, not {status!r}.", "invalid_status")
        conditions.append("g.status = %(status)s")
        params["status"] = status
    if before_id is not None:
        conditions.append("g.id < %(before_id)s")
        params["before_id"] = before_id
    return conditions, params


def _check_limit(limit: int) -> None:
    if type(limit) is not int or not 1 <= limit <= MAX_PAGE:
        raise InvalidRequest(f"A page holds 1 to {MAX_PAGE} games, not {limit!r}.", "invalid_limit")


def _fetch(conn: psycopg.Connection, query: str, params: dict) -> list[Game]:
    rows = conn.cursor(row_factory=dict_row).execute(query, params).fetchall()
    return [game_from_row(row) for row in rows]
