"""A move, top to bottom: the one path of every action in a game, whoever makes it (a player
through the API, a bot seat or a turn's time-out in the worker, an abort or a resignation).

    make_move(conn, game_id, PlayerMove(account_id, {"kind": "play", "card": 7}), version,
              followups=...)
    make_move(conn, game_id, Discard(seat, 7), version, by="server_timeout", followups=...)
"""

from collections.abc import Iterator
from dataclasses import dataclass

import psycopg

from hanabi.engine import Action, EndGame, GameState, IllegalAction, action_from_dict, action_to_dict

from .errors import Conflict, Forbidden, InvalidRequest, VersionConflict
from .followups import NO_FOLLOWUPS, Followups, after_change
from .games import current_version, game_statement, load_game, write_change
from .records import Game, LoadedGame
from .states import STATES, cache_key


@dataclass(frozen=True)
class PlayerMove:
    """An action an account makes for its own seat: `action` is the action as `action_to_dict`
    writes it, with or without its seat (the account's seat in the game: Forbidden
    `not_your_seat` when it names another)."""

    account_id: int
    action: dict


def make_move(
    conn: psycopg.Connection,
    game_id: int,
    move: PlayerMove | Action,
    expected_version: int | None = None,
    *,
    by: str | None = None,
    followups: Followups = NO_FOLLOWUPS,
) -> LoadedGame:
    """Make `move` in the game and record it as the game's next event; returns the game after it.
    `by` marks an action the server made for the seat (its payload's "by", e.g. "server_timeout").

    Raises Forbidden `not_a_player` (an account with no seat) or `not_your_seat` (a PlayerMove
    naming another seat), InvalidRequest `invalid_action`,
    the engine's IllegalAction (a move the rules refuse), Conflict `game_not_started` (a game
    in the lobby takes only EndGame, an abort) and VersionConflict (the game is not at
    `expected_version`, or another write took the next sequence number first). Nothing is written
    then. Inside the caller's transaction the move is a savepoint of it; on its own, its write
    is one statement that commits by itself."""
    with game_statement(conn, game_id, expected_version) as tx:
        for game, state, cached in _games_to_try(conn, game_id, expected_version):
            action = _action_of(move, game)  # the seat: the account's, or the action's own
            if expected_version is not None and expected_version != game.version:
                raise VersionConflict(game_id, game.version, expected_version)
            if game.status == "lobby" and not isinstance(action, EndGame):
                raise Conflict(f"Game {game_id} has not started yet.", "game_not_started")
            try:
                new_state = state.apply(action)  # the engine decides
            except IllegalAction:
                if cached:  # only the game as it is now says whether the refusal stands
                    continue
                raise
            payload = action_to_dict(action) if by is None else {**action_to_dict(action), "by": by}
            status = "finished" if new_state.is_over else "running"
            written = write_change(conn, game, [(action.kind, action.seat, payload)], status, new_state)
            if written is not None:
                break
        else:  # the game moved on since it was read
            raise VersionConflict(game_id, current_version(conn, game_id))
        after = LoadedGame(written.game, new_state)
        # What follows the commit, in order: this process's next read of the game starts from the
        # new state; the bot's turn; the turn's expiry; the webhooks (see `followups.after_change`).
        tx.on_commit(lambda: STATES.put(cache_key(conn, game_id), after))
        after_change(tx, followups, written.game, written.delivery_ids)
    return after


def _games_to_try(
    conn: psycopg.Connection, game_id: int, expected_version: int | None
) -> Iterator[tuple[Game, GameState, bool]]:
    """The running game as this process cached it at `expected_version`, if it did (a move made
    on it needs no read: its write succeeds only if the game is still at that version); then,
    should that fail, the game read now (the cached state plus the events written after it)."""
    if expected_version is not None:
        cached = STATES.get(cache_key(conn, game_id))
        if cached is not None and cached.game.version == expected_version and cached.game.status == "running":
            yield cached.game, cached.state, True
    game, state = load_game(conn, game_id)
    yield game, state, False


def _action_of(move: PlayerMove | Action, game: Game) -> Action:
    if not isinstance(move, PlayerMove):
        return move
    seat = game.seat_of(move.account_id)
    if seat is None:
        raise Forbidden(f"You have no seat in game {game.id}; only its players can act in it.", "not_a_player")
    named = move.action.get("seat", seat)
    if named != seat:
        raise Forbidden(
            f"The action names seat {named!r}, but your seat in game {game.id} is {seat}: "
            "send your own seat (as your view's legal_actions do) or none.",
            "not_your_seat",
        )
    try:
        return action_from_dict({**move.action, "seat": seat})
    except (KeyError, ValueError):
        raise InvalidRequest(f"{move.action!r} is not an action.", "invalid_action") from None
