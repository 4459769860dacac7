"""The app for a WSGI server: `gunicorn hanabi.api.wsgi:app`. Settings come from the
environment (DATABASE_URL, HANABI_DB_POOL_MIN/MAX; without DATABASE_URL the embedded Postgres
in HANABI_DATA_DIR). Migrations are not applied here: run `hanabi migrate` first. Commits enqueue
bot turns on CELERY_BROKER_URL for `hanabi worker` processes."""

from hanabi.config import load_settings
from hanabi.worker.celery_app import create_celery
from hanabi.worker.dispatch import enable_bot_turns

from . import create_app

settings = load_settings()
enable_bot_turns(create_celery(settings))
app = create_app(settings)
