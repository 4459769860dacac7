"""The app for a WSGI server: `gunicorn hanabi.api.wsgi:app`. Settings come from the
environment (DATABASE_URL, HANABI_DB_POOL_MIN/MAX; without DATABASE_URL the embedded Postgres
in HANABI_DATA_DIR). Migrations are not applied here: run `hanabi migrate` first."""

from . import create_app

app = create_app()
