"""The composition root: where the service's processes are put together, and the one module
that joins the API and the worker.

A change of a game is followed, once committed, by work for the worker (a bot's turn, the
turn's expiry, webhook deliveries: hanabi.store.followups); whoever changes a game passes the
store the `Followups` that carry it out. The API does not import the worker; here it gets the
worker's:

    followups(tasks)         the store's Followups sent as tasks on `tasks`' broker (worker.dispatch.Dispatch)
    api_app(settings)        the API of a server process (`hanabi serve`'s gunicorn workers,
                             hanabi.runtime.wsgi): its changes of games are followed by tasks on the
                             settings' Celery broker; /metrics reports that queue's depth
    worker_celery(settings)  the Celery app of `hanabi worker` and `hanabi beat` (its tasks' moves
                             are followed by tasks on its own broker: its `followups`)
"""

from flask import Flask

from hanabi.api import create_app
from hanabi.config import Settings
from hanabi.store.database import pool_from_settings
from hanabi.store.followups import NO_FOLLOWUPS, Followups
from hanabi.worker.celery_app import HanabiCelery, create_celery
from hanabi.worker.dispatch import Dispatch, TaskSender
from hanabi.worker.queue_depth import QueueDepthCollector


def followups(tasks: TaskSender) -> Followups:
    return Dispatch(tasks)


def api_app(settings: Settings, *, with_worker: bool = True) -> Flask:
    """The API app on a pool opened from `settings`. Without a worker (`with_worker=False`: the
    API's own tests) its changes of games are followed by nothing."""
    sent = followups(create_celery(settings)) if with_worker else NO_FOLLOWUPS
    return create_app(
        settings, pool=pool_from_settings(settings), followups=sent, collectors=[QueueDepthCollector(settings)]
    )


def worker_celery(settings: Settings) -> HanabiCelery:
    return create_celery(settings)
