"""Real workers for the worker tests: an in-process Celery worker (celery.contrib.testing) on
each broker, kombu's filesystem transport and Redis, over a database of its own on the test
Postgres (tests/conftest.py). Redis tests are skipped when no Redis answers.

A worker is started once per broker and test module (stopping one takes seconds). Each gets a
queue of its own, so test processes sharing one Redis never take each other's tasks.
"""

import os
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import redis
from celery.contrib.testing.worker import start_worker
from celery.signals import task_postrun
from hanabi.config import Settings, load_settings
from hanabi.runtime.composition import worker_celery
from hanabi.store.database import connect
from hanabi.store.games import list_events, load_game

from tests.waiting import until

BROKERS = ("filesystem", "redis")


def redis_url() -> str:
    """HANABI_TEST_REDIS_URL, else a Redis CELERY_BROKER_URL, else the local Redis's database 15."""
    configured = os.environ.get("HANABI_TEST_REDIS_URL") or os.environ.get("CELERY_BROKER_URL") or ""
    return configured if configured.startswith("redis") else "redis://127.0.0.1:6379/15"


def require_redis() -> str:
    url = redis_url()
    try:
        redis.Redis.from_url(url, socket_connect_timeout=0.5, socket_timeout=0.5).ping()
    except redis.RedisError as error:
        pytest.skip(f"no Redis at {url}: {error}")
    return url


@pytest.fixture(scope="module")
def worker_database(create_database) -> str:
    return create_database(migrated=True)


def forget_redis_queue(broker_url: str | None, queue: str) -> None:
    """Delete what a test's queue left in Redis (its list and kombu's bindings for it)."""
    if broker_url is None:
        return
    client = redis.Redis.from_url(broker_url, socket_connect_timeout=0.5, socket_timeout=2)
    keys = list(client.scan_iter(f"*{queue}*"))
    if keys:
        client.delete(*keys)


def worker_settings(data_dir: Path, database_url: str, broker_url: str | None, **environ: str):
    return load_settings(
        {
            "DATABASE_URL": database_url,
            "HANABI_DATA_DIR": str(data_dir),
            "CELERY_BROKER_URL": broker_url or "",
            "HANABI_QUEUE": f"hanabi-test-{uuid.uuid4().hex[:12]}",
            **environ,
        }
    )


@dataclass
class TaskRecord:
    name: str
    args: tuple
    outcome: object


@dataclass
class Service:
    """An app, its worker and its database, with what the worker's tasks returned."""

    app: object
    settings: Settings
    broker: str
    records: list[TaskRecord] = field(default_factory=list)
    lock: threading.Condition = field(default_factory=threading.Condition)

    @property
    def database_url(self) -> str:
        return self.settings.database_url

    @property
    def pool(self):
        """The pool of the worker's tasks."""
        return self.app.database()

    @property
    def followups(self):
        """What the store's changes pass to enqueue what follows them on the worker's broker, as an API process's do."""
        return self.app.followups

    def connect(self):
        return connect(self.database_url)

    def record(self, name: str, args, outcome) -> None:
        with self.lock:
            self.records.append(TaskRecord(name, tuple(args), outcome))
            self.lock.notify_all()

    def outcomes(self, name: str, args: tuple) -> list:
        with self.lock:
            return [record.outcome for record in self.records if record.name == name and record.args == args]

    def wait_for_outcomes(self, name: str, args: tuple, count: int, timeout: float = 20) -> list:
        deadline = time.monotonic() + timeout
        with self.lock:
            while len(self.outcomes(name, args)) < count:
                remaining = deadline - time.monotonic()
                assert remaining > 0, f"{name}{args} ran {len(self.outcomes(name, args))} times, not {count}"
                self.lock.wait(remaining)
            return self.outcomes(name, args)

    def wait_until(self, game_id: int, predicate, timeout: float = 60, what: str = "the game"):
        """Poll the game until `predicate(game)` holds; returns the game."""
        with connect(self.database_url) as conn:
            return until(
                lambda: predicate(game := load_game(conn, game_id).game) and game,
                timeout,
                f"{what} did not happen",
                0.02,
            )

    def wait_finished(self, game_id: int, timeout: float = 60):
        return self.wait_until(game_id, lambda game: game.status == "finished", timeout, "the game's end")

    def events(self, game_id: int):
        with connect(self.database_url) as conn:
            return list_events(conn, game_id)


@pytest.fixture(scope="module", params=BROKERS)
def service(request, worker_database, tmp_path_factory):
    """An in-process worker (4 threads) on the broker of the parameter, made by the composition
    root; `Service.connect` gives connections whose commits enqueue on it."""
    broker_url = require_redis() if request.param == "redis" else None
    data_dir = tmp_path_factory.mktemp(f"worker-{request.param}")
    settings = worker_settings(
        data_dir, worker_database, broker_url, HANABI_BOT_STALL_SECONDS="1", HANABI_DB_POOL_MAX="8"
    )
    app = worker_celery(settings)
    service = Service(app, settings, request.param)

    def record(sender=None, args=None, retval=None, **kwargs):
        if sender is not None and sender.app is app:
            service.record(sender.name, args, retval)

    task_postrun.connect(record, weak=False)
    try:
        with start_worker(app, pool="threads", concurrency=4, perform_ping_check=False, shutdown_timeout=30):
            yield service
    finally:
        task_postrun.disconnect(record)
        app.database().close()
        forget_redis_queue(broker_url, settings.queue)
