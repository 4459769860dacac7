"""gunicorn settings of the API container: `gunicorn --config /etc/hanabi/gunicorn.conf.py hanabi.api.wsgi:app`.

These are defaults. GUNICORN_CMD_ARGS overrides any of them (e.g. "--workers 4 --threads 16"),
and WEB_CONCURRENCY sets the number of worker processes, as it does for gunicorn without this file.
The app is loaded in each worker after the fork (no preload): each worker opens its own
database pool, broker connection and long-poll listener.
"""

import os
import tempfile

bind = "0.0.0.0:8000"
worker_class = "hanabi.connection_threads.ThreadPerConnectionWorker"
"""Each client connection on a thread of its own (the proxy's kept-alive connections, a bot's):
less CPU per request than gthread, which passes every request from a polling thread to a pool
and back (docs/benchmarks.md, decisions). It reads `threads`, `worker_connections` and
`keepalive` as gthread does."""
workers = int(os.environ.get("WEB_CONCURRENCY") or 2)
threads = 32
"""Requests a worker serves at once. A long poll (`?wait=`, up to 60 s) holds one of them while
it waits, but no database connection."""

reuse_port = True
"""A listening socket per worker (SO_REUSEPORT), over which the kernel spreads new connections.
With one shared socket, whichever worker wakes first accepts: long-lived keep-alive connections
(a proxy's, a bot's) then settle unevenly, and a worker holding most of them is held to one
core by its GIL while another idles (docs/benchmarks.md, decisions). Each container has its own network namespace, so no other
server can share the port by accident. The price: connections still waiting in the queue of a
worker that stops on its own (a crash, a reload with HUP) are reset instead of being accepted by
another worker; a container that stops as a whole is the same either way."""

graceful_timeout = 10
"""On SIGTERM, requests in progress get this long to finish (a long poll answers when it ends;
clients resume from their last sequence number)."""

keepalive = 75
"""Longer than the proxy keeps an idle connection to a replica, so the proxy never reuses a
connection that gunicorn has just closed."""

control_socket_disable = True
logger_class = "hanabi.logs.GunicornLogger"
"""gunicorn's lines in the service's format (HANABI_LOG_FORMAT, HANABI_LOG_LEVEL)."""
accesslog = os.environ.get("HANABI_ACCESS_LOG") or None
"""gunicorn's own access log ("-" for standard output); none when unset, as `hanabi serve`.
The API logs each request itself (logger hanabi.access)."""


def on_starting(server):
    """Before the workers start: each records its metrics into files in PROMETHEUS_MULTIPROC_DIR,
    which /metrics adds up. A fresh folder for each start (files of an earlier run would count
    again), unless the environment names one."""
    if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="hanabi-metrics-")


def child_exit(server, worker):
    from hanabi.api.metrics import child_exit as forget_worker

    forget_worker(server, worker)
