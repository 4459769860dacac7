"""Seating in the lobby: join a seat, leave it, start the game.

Each of these locks the game's row first, so seating changes to one game happen one after
the other: of two accounts that take the last free seat at once, the second sees it taken
and gets a Conflict (`game_full` or `seat_taken`). Each change is also an event of the game's
log, so it bumps the version like an action does.
"""

import psycopg

from .errors import Conflict, InvalidRequest
from .followups import NO_FOLLOWUPS, Followups
from .games import append_events, game_transaction, load_game
from .records import Game, LoadedGame, Seat


def join_seat(
    conn: psycopg.Connection,
    game_id: int,
    account_id: int,
    seat: int | None = None,
    *,
    start_when_full: bool | None = None,
    followups: Followups = NO_FOLLOWUPS,
) -> LoadedGame:
    """Seat `account_id` in `seat`, or when None in its reserved seat or else the first open one.
    With `start_when_full` (by default the game's own setting), taking the last free seat starts
    the game in the same transaction (`followups` carry out what its commit sets off)."""
    with game_transaction(conn, game_id):
        game, state = load_game(conn, game_id, lock=True)
        taken = game.seat_of(account_id)
        if taken is not None:
            raise Conflict(
                f"You already have seat {taken + 1} in game {game_id} (counting seats from 1).", "already_seated"
            )
        target = _seat_to_join(game, account_id, seat)
        _require_lobby(game)
        conn.execute(
            "UPDATE game_seats SET account_id = %s, joined_at = now() WHERE game_id = %s AND seat = %s",
            (account_id, game_id, target.seat),
        )
        free_seats = game.free_seats - 1
        events = [("seat_joined", target.seat, {"account_id": account_id})]
        status = "lobby"
        if start_when_full is None:
            start_when_full = game.start_when_full
        if start_when_full and free_seats == 0:
            events.append(("game_started", None, {}))
            status = "running"
        append_events(conn, game, events, status=status, state=state, free_seats=free_seats, followups=followups)
        return load_game(conn, game_id)


def leave_seat(
    conn: psycopg.Connection, game_id: int, account_id: int, *, followups: Followups = NO_FOLLOWUPS
) -> LoadedGame:
    """Give up a seat before the game starts (a running game is left by resigning)."""
    with game_transaction(conn, game_id):
        game, state = load_game(conn, game_id, lock=True)
        seat = game.seat_of(account_id)
        if seat is None:
            raise Conflict(f"You have no seat in game {game_id}.", "not_seated")
        _require_lobby(game)
        conn.execute(
            "UPDATE game_seats SET account_id = NULL, joined_at = NULL WHERE game_id = %s AND seat = %s",
            (game_id, seat),
        )
        append_events(
            conn,
            game,
            [("seat_left", seat, {"account_id": account_id})],
            status="lobby",
            state=state,
            free_seats=game.free_seats + 1,
            followups=followups,
        )
        return load_game(conn, game_id)


def start_game(conn: psycopg.Connection, game_id: int, *, followups: Followups = NO_FOLLOWUPS) -> LoadedGame:
    """Start a game whose seats are all taken."""
    with game_transaction(conn, game_id):
        game, state = load_game(conn, game_id, lock=True)
        _require_lobby(game)
        if game.free_seats:
            raise Conflict(f"Game {game_id} cannot start: {game.free_seats} of its seats are still free.", "seats_free")
        append_events(conn, game, [("game_started", None, {})], status="running", state=state, followups=followups)
        return load_game(conn, game_id)


def _seat_to_join(game: Game, account_id: int, seat: int | None) -> Seat:
    if seat is None:
        for candidate in game.seats:
            if not candidate.taken and candidate.reserved_for == account_id:
                return candidate
        for candidate in game.seats:
            if not candidate.taken and candidate.reserved_for is None:
                return candidate
        raise Conflict(f"Game {game.id} has no free seat left.", "game_full")
    if type(seat) is not int or not 0 <= seat < len(game.seats):
        raise InvalidRequest(
            f"Game {game.id} has no seat {seat!r}: `seat` is 0 to {len(game.seats) - 1}.", "invalid_seat"
        )
    chosen = game.seats[seat]
    if chosen.taken:
        raise Conflict(f"Seat {seat + 1} of game {game.id} (counting from 1) is taken.", "seat_taken")
    if chosen.reserved_for not in (None, account_id):
        raise Conflict(
            f"Seat {seat + 1} of game {game.id} (counting from 1) is reserved for another account.", "seat_reserved"
        )
    return chosen


def _require_lobby(game: Game) -> None:
    if game.status != "lobby":
        raise Conflict(f"Game {game.id} has {'started' if game.status == 'running' else 'ended'}.", "game_not_in_lobby")
