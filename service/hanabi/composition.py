"""The composition root: where the service's processes are put together, and the one module
that joins the API and the worker.

The store runs the hooks a connection carries after each commit (store.commits.CommitHooks;
long-polling requests need none: Postgres announces each commit itself, api.notifications),
and the API serves on the pool and reports the metrics it is handed. Neither imports the
worker; here they get the worker's side:

    commit_hooks(tasks)      what a commit sets off, sent on `tasks`' broker: the bot's turn and
                             the turn's expiry (worker.dispatch.BotTurns), the first attempt of
                             each new webhook delivery (worker.webhooks.WebhookSender)
    api_app(settings)        the API of a server process (`hanabi serve`'s gunicorn workers,
                             hanabi.wsgi): the commits of its pool set off commit_hooks on the
                             settings' Celery broker; /metrics reports that queue's depth
    worker_celery(settings)  the Celery app of `hanabi worker` and `hanabi beat`: the commits of
                             its tasks (a bot's move, an expired turn) set off commit_hooks on it
"""

from flask import Flask

from hanabi.api import create_app
from hanabi.config import Settings
from hanabi.store.commits import NO_HOOKS, CommitHooks
from hanabi.store.database import pool_from_settings
from hanabi.worker.celery_app import HanabiCelery, create_celery
from hanabi.worker.dispatch import BotTurns, TaskSender
from hanabi.worker.queue_depth import QueueDepthCollector
from hanabi.worker.webhooks import WebhookSender


def commit_hooks(tasks: TaskSender) -> CommitHooks:
    return CommitHooks(game_changed=BotTurns(tasks), deliveries_recorded=WebhookSender(tasks))


def api_app(settings: Settings, *, with_worker: bool = True) -> Flask:
    """The API app on a pool opened from `settings`. Without a worker (`with_worker=False`: the
    API's own tests) its commits set off nothing."""
    hooks = commit_hooks(create_celery(settings)) if with_worker else NO_HOOKS
    return create_app(settings, pool=pool_from_settings(settings, hooks), collectors=[QueueDepthCollector(settings)])


def worker_celery(settings: Settings) -> HanabiCelery:
    return create_celery(settings, commit_hooks=commit_hooks)
