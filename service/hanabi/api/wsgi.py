"""The app for a WSGI server: `gunicorn hanabi.api.wsgi:app`. Settings come from the
environment (DATABASE_URL, HANABI_DB_POOL_MIN/MAX; without DATABASE_URL the embedded Postgres
in HANABI_DATA_DIR). Migrations are not applied here: run `hanabi migrate` first. Commits enqueue
bot turns and webhook deliveries on CELERY_BROKER_URL for `hanabi worker` processes."""

from hanabi.config import load_settings
from hanabi.worker.celery_app import create_celery
from hanabi.worker.dispatch import enable_bot_turns
from hanabi.worker.webhooks import enable_webhook_deliveries

from . import create_app

settings = load_settings()
celery = create_celery(settings)
enable_bot_turns(celery)
enable_webhook_deliveries(celery)
app = create_app(settings)
