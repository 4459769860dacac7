"""`hanabi serve`: the API under gunicorn, on the configured Postgres or an embedded one.

The main process resolves the database (starting the embedded Postgres when DATABASE_URL is
unset), applies the migrations, and hands the URL to gunicorn's workers, which each build the
API through the composition root (hanabi.runtime.composition.api_app): a pool of their own whose
commits enqueue bot turns, turn expiries and webhook deliveries on the Celery broker. Unless told
otherwise, with no CELERY_BROKER_URL it also runs a worker with the scheduler as a child
process (hanabi.worker.embedded), so bot seats play with nothing configured. On SIGTERM/SIGINT
gunicorn and the worker stop together (the worker is told as gunicorn's master begins to
stop), and the embedded Postgres last. gunicorn forks its workers inside this function's
blocks: a worker that exits unwinds them too, so their cleanup is the master's alone (else each
API worker would wait for the Celery child it cannot reap until gunicorn killed it).

On a loopback host (127.0.0.1, ::1, localhost) with HANABI_WEBHOOK_ALLOWED_NETWORKS unset,
webhooks may reach loopback addresses too: a bot developer's receiver on the same machine
(`webhooks_on_loopback`).

Every process logs through hanabi.runtime.logs (gunicorn's own lines too: GunicornLogger). The caller sets
PROMETHEUS_MULTIPROC_DIR up before the API's modules are imported (`hanabi serve` does: see
hanabi.runtime.metrics_dir), so that /metrics adds up gunicorn's workers and the worker child.
"""

import dataclasses
import gc
import ipaddress
import logging
import os
import resource
import signal
import subprocess
import sys
from contextlib import nullcontext

from gunicorn.app.base import BaseApplication
from gunicorn.arbiter import Arbiter

from hanabi.api.metrics import child_exit
from hanabi.config import Settings
from hanabi.runtime.api_worker import ApiWorker
from hanabi.runtime.logs import GunicornLogger
from hanabi.store.database import database_url, stop_embedded_postgres
from hanabi.store.migrate import apply_migrations
from hanabi.webhooks.addresses import LOOPBACK_NETWORKS

KEEPALIVE_SECONDS = 10
"""gunicorn's `keepalive` for `hanabi serve`: how long a connection may stay idle between
requests, and the deadline for a whole request head and for each read of a body
(hanabi.runtime.api_worker)."""


class _Arbiter(Arbiter):
    """gunicorn's master, which calls `on_stop` as soon as it begins to stop."""

    def __init__(self, app, on_stop):
        super().__init__(app)
        self.on_stop = on_stop

    def stop(self, graceful=True):
        self.on_stop()
        super().stop(graceful)


class _Gunicorn(BaseApplication):
    def __init__(self, settings: Settings, options: dict, on_stop=lambda: None):
        self.settings = settings
        self.options = options
        self.on_stop = on_stop
        super().__init__()

    def run(self):
        _Arbiter(self, self.on_stop).run()

    def load_config(self):
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self):
        from hanabi.runtime.composition import api_app

        collect_everything_rarely()
        return freeze_start_up_objects(api_app(self.settings))


def freeze_start_up_objects(app):
    """Collect the garbage, then hide everything the worker has made so far (modules, the app, its
    schemas and routes) from the garbage collector's full collections; return `app`."""
    gc.collect()
    gc.freeze()
    return app


FULL_COLLECTION_THRESHOLD = 10_000
"""The collector's third threshold: collections of the middle generation between two full ones
(Python's default: 10)."""


def collect_everything_rarely() -> None:
    """Make the garbage collector's full collections, which walk every waiting request, rare; the
    younger generations are collected as usual."""
    first, second, _ = gc.get_threshold()
    gc.set_threshold(first, second, FULL_COLLECTION_THRESHOLD)


def is_loopback_host(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def webhooks_on_loopback(settings: Settings, host: str) -> Settings:
    """`settings`, allowing webhooks to loopback addresses when the server listens on a
    loopback host and HANABI_WEBHOOK_ALLOWED_NETWORKS is unset."""
    if settings.webhook_allowed_networks is None and is_loopback_host(host):
        return dataclasses.replace(settings, webhook_allowed_networks=LOOPBACK_NETWORKS)
    return settings


OPEN_FILES_BESIDE_CONNECTIONS = 100
"""Files a worker keeps open besides its connections: its database pool, the listeners, logs."""


def allow_open_files(wanted: int) -> int:
    """Raise this process's limit of open files (which its workers inherit) towards `wanted`,
    as far as the hard limit allows: each connection is a file. Returns the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def _exit_worker_now(server, worker) -> None:
    """gunicorn's hook in an API worker that is exiting (gunicorn calls it as its exit unwinds):
    the logs flushed, the process ends at once with the status gunicorn gave it. The interpreter's
    own exit waited for the worker's idle greenlets and threads for seconds, and has nothing to do:
    the master stops the Celery child and the embedded Postgres."""
    exiting = sys.exc_info()[1]
    status = exiting.code if isinstance(exiting, SystemExit) else 1 if exiting is not None else 0
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status if isinstance(status, int) else 1)


def _end_thread_pool() -> None:
    """End gevent's pool of threads (the master's blocking calls ran there): its idle threads
    would hold the process's exit for up to 5 s."""
    import gevent

    gevent.get_hub().threadpool.kill()


def _tell_to_stop(child: subprocess.Popen | None) -> None:
    if child is not None and child.poll() is None:
        child.send_signal(signal.SIGTERM)


def serve(
    settings: Settings,
    host: str = "127.0.0.1",
    port: int = 8000,
    workers: int = 2,
    connections: int = 10_000,
    run_worker: bool | None = None,
) -> None:
    """Serve until gunicorn is told to stop (blocks). Each of the `workers` processes serves up to
    `connections` connections at once, waiting ones included. `run_worker` (default: when no
    CELERY_BROKER_URL is set) runs a Celery worker and the scheduler beside the API. The caller
    has let gevent patch the standard library first (hanabi.runtime.api_worker)."""
    from hanabi.worker.embedded import worker_process

    if run_worker is None:
        run_worker = settings.celery_broker_url is None
    settings = webhooks_on_loopback(settings, host)
    open_files = allow_open_files(connections + OPEN_FILES_BESIDE_CONNECTIONS)
    if open_files != resource.RLIM_INFINITY and open_files < connections + OPEN_FILES_BESIDE_CONNECTIONS:
        print(
            f"hanabi serve: warning: a worker may open {open_files} files (the hard limit, `ulimit -Hn`), so it"
            f" serves about {max(open_files - OPEN_FILES_BESIDE_CONNECTIONS, 0)} connections at once, not"
            f" --connections {connections}; clients past that wait to be accepted",
            flush=True,
        )
    embedded = settings.database_url is None
    url = database_url(settings)
    master = os.getpid()
    try:
        applied = apply_migrations(url)
        if applied:
            print(f"hanabi serve: applied migrations {', '.join(applied)}", flush=True)
        where = f"embedded Postgres in {settings.embedded_postgres_dir}" if embedded else "DATABASE_URL"
        print(f"hanabi serve: http://{host}:{port}/v1 ({where})", flush=True)
        if settings.webhook_allowed_networks:
            networks = ", ".join(str(network) for network in settings.webhook_allowed_networks)
            print(f"hanabi serve: webhooks may also reach {networks}", flush=True)
        if run_worker:
            broker = (
                "CELERY_BROKER_URL" if settings.celery_broker_url else f"the filesystem broker in {settings.broker_dir}"
            )
            print(f"hanabi serve: running a worker and the scheduler ({broker})", flush=True)
        options = {
            "bind": f"{host}:{port}",
            "workers": workers,
            "worker_class": ApiWorker,
            "worker_connections": connections,
            "keepalive": KEEPALIVE_SECONDS,
            "backlog": 4096,
            "graceful_timeout": 10,
            "control_socket_disable": True,
            "accesslog": settings.access_log,
            "logger_class": GunicornLogger,
            "child_exit": child_exit,
            "worker_exit": _exit_worker_now,
        }
        with worker_process(settings, url) if run_worker else nullcontext() as child:
            _Gunicorn(dataclasses.replace(settings, database_url=url), options, lambda: _tell_to_stop(child)).run()
    finally:
        if os.getpid() == master:
            if embedded:
                stop_embedded_postgres(settings.embedded_postgres_dir)
            _end_thread_pool()
