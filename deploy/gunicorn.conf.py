"""gunicorn settings of the API container: `gunicorn --config /etc/hanabi/gunicorn.conf.py hanabi.runtime.wsgi:app`.

These are defaults. GUNICORN_CMD_ARGS overrides any of them (e.g. "--workers 4 --worker-connections 20000"),
and WEB_CONCURRENCY sets the number of worker processes, as it does for gunicorn without this file.
The app is loaded in each worker after the fork (no preload): each worker opens its own
database pool, broker connection and long-poll listener.
"""

from gevent import monkey

monkey.patch_all()
"""First of all, in the master too: the workers it forks (again after a crash) then find psycopg,
should the master have imported it, already cooperating with gevent (hanabi.runtime.api_worker)."""

import os
import tempfile

bind = "0.0.0.0:8000"
worker_class = "hanabi.runtime.api_worker.ApiWorker"
"""gunicorn's gevent worker: each connection a greenlet, so a long poll (`?wait=`, up to 60 s)
waits as a registration on the worker's event loop, holding neither a thread nor a database
connection (docs/benchmarks.md, decisions)."""
workers = int(os.environ.get("WEB_CONCURRENCY") or 2)
worker_connections = 10_000
"""Connections a worker serves at once, waiting ones included; more wait in the listening
socket's queue. Each is an open file: the image's limit of open files must allow them."""
backlog = 4096

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
connection that gunicorn has just closed. It is also the deadline for a whole request head and
for each read of a body (hanabi.runtime.api_worker); the proxy holds clients to shorter ones."""

control_socket_disable = True
logger_class = "hanabi.runtime.logs.GunicornLogger"
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
