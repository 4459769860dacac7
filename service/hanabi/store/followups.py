"""What a committed change of a game sets off outside the database.

The store decides what follows a change (`after_change`, which every change of a game calls
inside its transaction); the caller says who carries it out by passing `Followups`: in a
service process the worker's queue (hanabi.worker.dispatch.Dispatch, which the API gets from
the composition root and the worker's tasks from their Celery app), `NO_FOLLOWUPS` where no
worker runs (the store's own tests, an import).
"""

from typing import Protocol

from .records import Game
from .transactions import Transaction


class Followups(Protocol):
    def bot_turn(self, game: Game) -> None:
        """Queue the move of the bot seat to move in `game` (keyed by the game's version)."""

    def turn_expiry(self, game: Game) -> None:
        """Schedule the expiry of `game`'s current turn at its deadline."""

    def webhook_deliveries(self, delivery_ids: list[int]) -> None:
        """Queue the first attempt of each of these webhook deliveries."""


class NoFollowups:
    def bot_turn(self, game: Game) -> None:
        pass

    def turn_expiry(self, game: Game) -> None:
        pass

    def webhook_deliveries(self, delivery_ids: list[int]) -> None:
        pass


NO_FOLLOWUPS: Followups = NoFollowups()


def after_change(tx: Transaction, followups: Followups, game: Game, delivery_ids: list[int]) -> None:
    """Register on `tx` what follows the change that left `game` as it is, once it commits:

    1. the bot's turn, when a bot seat is to move;
    2. the turn's expiry, when the turn has a deadline;
    3. the first attempt of each webhook delivery the change recorded;
    4. (nothing to register) waiting long polls and event streams hear of the change from
       Postgres itself at the commit: the triggers on game_events and account_events NOTIFY
       them; e-mail notices are fed from account_events too.
    """
    if game.bot_to_move is not None:
        tx.on_commit(lambda: followups.bot_turn(game))
    if game.status == "running" and game.deadline is not None:
        tx.on_commit(lambda: followups.turn_expiry(game))
    if delivery_ids:
        tx.on_commit(lambda: followups.webhook_deliveries(delivery_ids))
