"""Lists of games: the lobby, an account's games, and the games waiting for an account's move;
and the cap on the games one account (or one app with its players) keeps waiting in the lobby.

Lists are pages, newest game first; pass the last id of a page as `before_id` for the next.
Each query is served by an index of migrations/0001_initial.sql (the cap's by 0014's).
"""

from dataclasses import dataclass

import psycopg
from psycopg.rows import dict_row

from .errors import Conflict, InvalidRequest
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
    """The games in which `account_id` has a seat or a seat is reserved for it (an invitation),
    newest first (indexes game_seats_by_account and game_seats_by_reservation)."""
    conditions, params = _page_conditions(status, before_id, limit)
    conditions.insert(
        0,
        """(s.account_id = %(account_id)s
            OR (s.reserved_for = %(account_id)s AND s.account_id IS NULL
                AND NOT EXISTS (SELECT 1 FROM game_seats t
                                WHERE t.game_id = s.game_id AND t.account_id = %(account_id)s)))""",
    )
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


def turn_accounts(conn: psycopg.Connection) -> list[tuple[int, int]]:
    """(game id, account id) of every running game whose turn is an account's: what
    `games_awaiting_move` finds, for all accounts at once."""
    return conn.execute(
        "SELECT id, turn_account_id FROM games WHERE status = 'running' AND turn_account_id IS NOT NULL"
    ).fetchall()


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


@dataclass(frozen=True)
class LobbyCap:
    """The most games in the lobby that one account, and one app with its players together,
    may have created (0: no cap)."""

    per_account: int
    per_app: int


def check_lobby_room(conn: psycopg.Connection, creator_id: int, cap: LobbyCap) -> None:
    """Inside the transaction that puts a game of `creator_id` in the lobby: a 409
    `too_many_lobby_games` when the creator (or its app, with all the app's players) already
    has as many there as `cap` allows. Games of one app, or of one account, are created one at
    a time past this check (an advisory lock until the transaction ends), so racing requests
    cannot pass the cap together."""
    (app_id,) = conn.execute(
        "SELECT CASE WHEN kind = 'app' THEN id ELSE created_by_app END FROM accounts WHERE id = %s", (creator_id,)
    ).fetchone()
    owner = creator_id if app_id is None else app_id
    conn.execute("SELECT pg_advisory_xact_lock(hashtext('lobby_games'), hashtext(%s))", (str(owner),))
    if cap.per_account:
        (mine,) = conn.execute(
            "SELECT count(*) FROM games WHERE creator_id = %s AND status = 'lobby'", (creator_id,)
        ).fetchone()
        if mine >= cap.per_account:
            raise Conflict(
                f"You have {mine} games waiting in the lobby, the most one account may have: start or abort "
                "one of them first.",
                "too_many_lobby_games",
            )
    if cap.per_app and app_id is not None:
        (apps,) = conn.execute(
            """SELECT count(*) FROM games g JOIN accounts a ON a.id = g.creator_id
                WHERE g.status = 'lobby' AND (a.id = %(app)s OR a.created_by_app = %(app)s)""",
            {"app": app_id},
        ).fetchone()
        if apps >= cap.per_app:
            raise Conflict(
                f"The app and its players have {apps} games waiting in the lobby, the most one app may have: "
                "start or abort one of them first.",
                "too_many_lobby_games",
            )
