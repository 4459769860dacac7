"""`hanabi serve`: the API under gunicorn, on the configured Postgres or an embedded one.

The main process resolves the database (starting the embedded Postgres when DATABASE_URL is
unset), applies the migrations, and hands the URL to gunicorn's workers, which each open
their own pool. gunicorn stops on SIGTERM/SIGINT; the embedded Postgres is stopped after it.
"""

import dataclasses
import os

from gunicorn.app.base import BaseApplication

from hanabi.config import Settings
from hanabi.store.database import database_url, stop_embedded_postgres
from hanabi.store.migrate import apply_migrations


class _Gunicorn(BaseApplication):
    def __init__(self, settings: Settings, options: dict):
        self.settings = settings
        self.options = options
        super().__init__()

    def load_config(self):
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self):
        from . import create_app

        return create_app(self.settings)


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 8000, workers: int = 2, threads: int = 4) -> None:
    """Serve until gunicorn is told to stop (blocks)."""
    embedded = settings.database_url is None
    url = database_url(settings)
    try:
        applied = apply_migrations(url)
        if applied:
            print(f"hanabi serve: applied migrations {', '.join(applied)}", flush=True)
        where = f"embedded Postgres in {settings.embedded_postgres_dir}" if embedded else "DATABASE_URL"
        print(f"hanabi serve: http://{host}:{port}/v1 ({where})", flush=True)
        options = {
            "bind": f"{host}:{port}",
            "workers": workers,
            "threads": threads,
            "worker_class": "gthread",
            "graceful_timeout": 10,
            "control_socket_disable": True,
            "accesslog": os.environ.get("HANABI_ACCESS_LOG"),
        }
        _Gunicorn(dataclasses.replace(settings, database_url=url), options).run()
    finally:
        if embedded:
            stop_embedded_postgres(settings.embedded_postgres_dir)
