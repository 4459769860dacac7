"""The Celery app of the service.

The broker is CELERY_BROKER_URL when it is set (Redis in production). Otherwise it is kombu's
filesystem transport in HANABI_DATA_DIR/broker (made atomic: see filesystem_broker): messages
are files in one folder, so it needs no server, but only processes of one machine can share it.

Tasks are acknowledged after they ran (`task_acks_late`), one message at a time per worker
process (`worker_prefetch_multiplier=1`), and a task whose worker process died is given back
to the broker (`task_reject_on_worker_lost`). Every task is idempotent, so a message delivered
twice does no harm. Only JSON is accepted, and no results are stored.

While a task runs, the log lines of its thread carry its id and, for the tasks of one game
(a bot's turn, a turn's expiry), the game's id (hanabi.runtime.logs). A pool process that ends drops
its live metrics (hanabi.runtime.metrics.mark_process_dead).

    app = create_celery(load_settings())      # the tasks, and settings for a worker or a sender
    celery -A hanabi.worker.celery_app ...    # `app` of this module, from the environment

The app's `followups` (dispatch.Dispatch on the app itself) is what its tasks' moves pass to
the store, so their commits enqueue what follows them (the next bot's turn, a turn's expiry,
webhook deliveries). This module's `app` serves Celery's control commands
(`celery -A hanabi.worker.celery_app inspect ping`).
"""

import os
import threading

from celery import Celery
from celery.signals import task_postrun, task_prerun, worker_process_shutdown
from psycopg_pool import ConnectionPool

from hanabi.config import Settings, load_settings
from hanabi.runtime import metrics
from hanabi.runtime.logs import GAME_ID, TASK_ID
from hanabi.store.database import pool_from_settings
from hanabi.webhooks.addresses import WebhookAddresses

from . import tasks
from .dispatch import Dispatch

FILESYSTEM_POLLING_SECONDS = 0.02
"""How often a worker on the filesystem broker looks for new messages (kombu's default is 1 s)."""


class HanabiCelery(Celery):
    """A Celery app that knows the service's settings and where webhooks may go, sends what
    follows its tasks' commits on its own broker (`followups`), and opens its database pool on
    first use (in each worker process, after a prefork worker forked it)."""

    def __init__(self, settings: Settings, pool: ConnectionPool | None):
        super().__init__("hanabi", set_as_current=False)
        self.hanabi_settings = settings
        self.webhook_addresses = WebhookAddresses(settings.webhook_allowed_networks or ())
        self.followups = Dispatch(self)
        self._database_pool = pool
        self._database_lock = threading.Lock()

    def database(self) -> ConnectionPool:
        if self._database_pool is None:
            with self._database_lock:
                if self._database_pool is None:
                    self._database_pool = pool_from_settings(self.hanabi_settings)
        return self._database_pool


REDIS_SCHEMES = ("redis",)
"""Broker URLs served by kombu's plain Redis transport, which redis_broker fixes (TLS, rediss://,
keeps kombu's own transport: how it reads its certificates is not tested here)."""


def celery_config(settings: Settings) -> dict:
    config = {
        "task_acks_late": True,
        "task_reject_on_worker_lost": True,
        "worker_prefetch_multiplier": 1,
        "task_serializer": "json",
        "accept_content": ["json"],
        "task_ignore_result": True,
        "result_backend": None,
        "task_default_queue": settings.queue,
        "broker_connection_retry_on_startup": True,
        "timezone": "UTC",
        "beat_schedule": tasks.beat_schedule(settings),
        "beat_schedule_filename": str(settings.data_dir / "celerybeat-schedule"),
    }
    if settings.celery_broker_url:
        config["broker_url"] = settings.celery_broker_url
        if settings.celery_broker_url.split("://", 1)[0] in REDIS_SCHEMES:
            config["broker_transport"] = "hanabi.worker.redis_broker:Transport"
    else:
        folder = str(settings.broker_dir)
        config["broker_url"] = "filesystem://localhost//"
        config["broker_transport"] = "hanabi.worker.filesystem_broker:Transport"
        config["broker_transport_options"] = {
            "data_folder_in": folder,
            "data_folder_out": folder,
            "control_folder": str(settings.broker_dir / "control"),
            "polling_interval": FILESYSTEM_POLLING_SECONDS,
        }
        # Remote control and events broadcast to every worker through fanout exchanges, which
        # the filesystem transport keeps as files that outlive the workers: leave them off.
        config["worker_enable_remote_control"] = False
    return config


def create_celery(settings: Settings, pool: ConnectionPool | None = None) -> HanabiCelery:
    """The app with the service's tasks and beat's schedule (both in tasks). Its tasks use `pool`,
    or a pool opened from `settings` when the first task runs. The filesystem broker's folder is
    created here."""
    if not settings.celery_broker_url:
        (settings.broker_dir / "control").mkdir(parents=True, exist_ok=True)
    app = HanabiCelery(settings, pool)
    app.conf.update(celery_config(settings))
    tasks.register(app)
    return app


@task_prerun.connect(weak=False, dispatch_uid="hanabi.log_context")
def _enter_task_context(task_id=None, task=None, args=None, **kwargs) -> None:
    TASK_ID.set(task_id)
    GAME_ID.set(args[0] if args and task is not None and task.name in tasks.GAME_TASKS else None)


@task_postrun.connect(weak=False, dispatch_uid="hanabi.log_context")
def _leave_task_context(**kwargs) -> None:
    TASK_ID.set(None)
    GAME_ID.set(None)


@worker_process_shutdown.connect(weak=False, dispatch_uid="hanabi.runtime.metrics")
def _forget_process_metrics(**kwargs) -> None:
    metrics.mark_process_dead(os.getpid())


def __getattr__(name: str):
    """`app`: the app configured from the environment, made on first use (for `celery -A`)."""
    if name == "app":
        global app
        app = create_celery(load_settings())
        return app
    raise AttributeError(name)
