"""The worker that `hanabi serve` runs beside the API when no broker is configured.

It is a child process, `hanabi worker --beat --pool threads`: one process that runs the tasks
on a few threads and the beat scheduler on another, on the filesystem broker. A process of its
own rather than threads of the server, because gunicorn's master forks its workers: forking a
process whose other threads may hold locks (the broker's, the database pool's, logging's) can
leave the copies deadlocked. On Linux the child is also told to stop when `hanabi serve` dies.
"""

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from hanabi.config import Settings
from hanabi.webhooks.addresses import allowed_networks_text

WARM_STOP_SECONDS = 2
"""How long the worker may take to finish its running tasks once told to stop (SIGTERM) before it
is stopped at once (SIGQUIT, Celery's cold shutdown). Its tasks are safe to cut short: a move
that did not commit is rolled back, and the sweeper enqueues the turn again."""
STOP_TIMEOUT_SECONDS = 10


@contextmanager
def worker_process(
    settings: Settings, database_url: str, *, concurrency: int = 2, loglevel: str = "WARNING"
) -> Iterator[subprocess.Popen]:
    """Run `hanabi worker --beat` with `settings`' data folder and webhook networks on
    `database_url` until the block ends; then stop it: SIGTERM (running tasks finish first, for
    WARM_STOP_SECONDS at most), then SIGQUIT. Only the process that started the child stops it: a
    process forked inside the block (a gunicorn worker) leaves it alone when it unwinds the block."""
    command = [
        sys.executable,
        "-m",
        "hanabi.runtime.cli",
        "worker",
        "--beat",
        "--pool",
        "threads",
        "--concurrency",
        str(concurrency),
        "--loglevel",
        loglevel,
    ]
    env = {**os.environ, "DATABASE_URL": database_url, "HANABI_DATA_DIR": str(settings.data_dir)}
    if settings.webhook_allowed_networks is not None:
        env["HANABI_WEBHOOK_ALLOWED_NETWORKS"] = allowed_networks_text(settings.webhook_allowed_networks)
    child = subprocess.Popen(
        command,
        env=env,
        preexec_fn=_stop_with_parent,
    )
    parent = os.getpid()
    try:
        yield child
    finally:
        if os.getpid() == parent:
            _stop(child)


def _stop(child: subprocess.Popen) -> None:
    if child.poll() is None:
        child.send_signal(signal.SIGTERM)
    for signal_after, wait in ((signal.SIGQUIT, WARM_STOP_SECONDS), (signal.SIGKILL, STOP_TIMEOUT_SECONDS)):
        try:
            child.wait(wait)
            return
        except subprocess.TimeoutExpired:
            child.send_signal(signal_after)
    child.wait()


def _stop_with_parent() -> None:
    """In the child before exec: ask Linux to send SIGTERM when the parent dies."""
    if sys.platform.startswith("linux"):
        import ctypes

        PR_SET_PDEATHSIG = 1
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
