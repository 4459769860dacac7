"""What the worker is sent after a commit: `Dispatch(app)` carries out the store's `Followups`
(hanabi.store.followups) by sending tasks on `app`'s broker:

    bot_turn(game)               play_bot_turn(game_id, version)
    turn_expiry(game)            expire_turn(game_id, version) at the deadline (see deadlines)
    webhook_deliveries(ids)      deliver_webhook(delivery_id, 1) for each

Tasks are keyed by the game's version (or the delivery's attempt), so whatever else happens
meanwhile makes a late copy harmless. Nothing here connects to a broker: `app` is anything with
Celery's `send_task` (the API's sender from the composition root, a worker's own Celery app).
"""

from typing import Protocol

from hanabi.store.records import Game

from .deadlines import schedule_expiry
from .tasks import DELIVER_WEBHOOK, PLAY_BOT_TURN


class TaskSender(Protocol):
    def send_task(self, name: str, args: tuple = (), **options): ...


def enqueue_bot_turn(app: TaskSender, game_id: int, version: int) -> None:
    app.send_task(PLAY_BOT_TURN, args=(game_id, version))


def enqueue_delivery(app: TaskSender, delivery_id: int, attempt: int, countdown: float | None = None) -> None:
    app.send_task(DELIVER_WEBHOOK, args=(delivery_id, attempt), countdown=countdown)


class Dispatch:
    """The store's `Followups`, sent as tasks on `app`."""

    def __init__(self, app: TaskSender):
        self.app = app

    def bot_turn(self, game: Game) -> None:
        enqueue_bot_turn(self.app, game.id, game.version)

    def turn_expiry(self, game: Game) -> None:
        schedule_expiry(self.app, game)

    def webhook_deliveries(self, delivery_ids: list[int]) -> None:
        for delivery_id in delivery_ids:
            enqueue_delivery(self.app, delivery_id, 1)
