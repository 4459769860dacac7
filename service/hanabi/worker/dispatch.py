"""Enqueue a bot's turn once a commit leaves a bot seat to move, and a turn's expiry at its deadline.

`BotTurns(app)` is the store's `game_changed` hook (hanabi.store.commits.CommitHooks; the
composition root, hanabi.composition, installs it): after every committed change to a game (its
start, an action, a reorder), if the game is running and the seat to move is a bot, it sends
`play_bot_turn(game_id, version)`. The task is keyed by
that version, so whatever else happens to the game meanwhile makes a late copy harmless.
When the turn has a deadline, it also schedules `expire_turn(game_id, version)` (see deadlines).

Nothing here connects to a broker: `app` is anything with Celery's `send_task`.
"""

import logging
from typing import Protocol

from hanabi.store.records import Game

from .deadlines import schedule_expiry

PLAY_BOT_TURN = "hanabi.play_bot_turn"
SWEEP = "hanabi.sweep"

log = logging.getLogger(__name__)


class TaskSender(Protocol):
    def send_task(self, name: str, args: tuple = (), **options): ...


def bot_to_move(game: Game) -> str | None:
    """The strategy of the bot seat whose turn it is, or None (game not running, or a person to move)."""
    if game.status != "running" or game.current_seat is None:
        return None
    for seat in game.seats:
        if seat.seat == game.current_seat:
            return seat.bot_strategy
    return None


def enqueue_bot_turn(app: TaskSender, game_id: int, version: int) -> None:
    app.send_task(PLAY_BOT_TURN, args=(game_id, version))


class BotTurns:
    """The `game_changed` hook: enqueues the bot's turn when a committed change leaves a bot to move,
    and the expiry of the turn when it has a deadline."""

    def __init__(self, app: TaskSender):
        self.app = app

    def __call__(self, game: Game) -> None:
        if bot_to_move(game) is not None:
            enqueue_bot_turn(self.app, game.id, game.version)
        schedule_expiry(self.app, game)
