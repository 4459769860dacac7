"""What the tasks of one game's turn share: they are keyed by (game id, version), and do their
work only while the game is still at that version (a bot's turn, a turn's expiry)."""

from collections.abc import Callable

import psycopg

from hanabi.engine import GameState
from hanabi.store.errors import NotFound, VersionConflict
from hanabi.store.games import load_game
from hanabi.store.records import Game

STALE = "stale"
"""The game is no longer at the task's version: another copy, or someone else, moved."""
NO_GAME = "no_game"

TurnWork = Callable[[object, psycopg.Connection, Game, GameState], str]


def at_version(work: TurnWork) -> Callable[[object, int, int], str]:
    """The task `(app, game_id, version) -> outcome` that runs `work(app, conn, game, state)` on a
    connection of the app's pool when the game is still at `version`. Its outcome is NO_GAME
    when there is no such game, STALE when the game has moved on, before the work or while it
    wrote (a VersionConflict), else what `work` returns."""

    def task(app, game_id: int, version: int) -> str:
        with app.database().connection() as conn:
            try:
                game, state = load_game(conn, game_id)
            except NotFound:
                return NO_GAME
            if game.version != version:
                return STALE
            try:
                return work(app, conn, game, state)
            except VersionConflict:
                return STALE

    return task
