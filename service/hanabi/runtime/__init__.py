"""The service's processes: the `hanabi` command and what runs it.

cli           the `hanabi` command (serve, worker, beat, migrate, simulate, bot, replay, ...)
server        `hanabi serve`: gunicorn, the embedded worker and Postgres
wsgi          the app for any WSGI server (`gunicorn hanabi.runtime.wsgi:app`)
api_worker    the API's gunicorn worker (gevent)
composition   the composition root: where the API and the worker are put together
logs          the log lines of every process
metrics       the Prometheus metrics, and metrics_dir: the folder the processes share them in
"""
